// Tests of the scene offset (app/cli/offset.h): `--offset` on eval and report, and `hitlab
// plot-offset`, against answers checked by hand and by the exact judge.
#include "app/cli/offset.h"

#include "support/run_cli.h"
#include "support/temp_dir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>
#include <regex>
#include <set>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using nlohmann::json;
using test::CliRun;
using test::RunCli;

/// The ray (-0.3, 0.5, 0.5) + t (1, 0, 0) against the unit box: t in [0.3, 1.3] (for the double -0.3).
std::string Line(const char* precision)
{
    return std::string(R"({"query": "ray_aabb", "precision": ")") + precision +
           R"(", "a": {"type": "ray", "origin": [-0.3, 0.5, 0.5], "direction": [1, 0, 0]},)"
           R"( "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}, "algorithms": ["slab"], "exact": true})";
}

json Eval(const std::string& line, const std::vector<std::string>& args)
{
    std::vector<std::string> all = {"eval"};
    all.insert(all.end(), args.begin(), args.end());
    const CliRun run = RunCli(all, line + "\n");
    EXPECT_EQ(run.status, 0) << run.err;
    return json::parse(run.out);
}

const char* const kScene = R"({"format": "hitlab-scene", "version": 1, "title": "far", "shapes": [
 {"type": "ray", "name": "ray", "origin": [-0.3, 0.5, 0.5], "direction": [1, 0, 0]},
 {"type": "aabb", "name": "box", "min": [0, 0, 0], "max": [1, 1, 1]}]})";

TEST(OffsetTest, ParsesThreeFiniteNumbers)
{
    std::string error;
    EXPECT_EQ(ParseOffset("10000,0,-2.5", error), glm::dvec3(10000, 0, -2.5));
    EXPECT_EQ(ParseOffset("1e7,1e7,1e7", error), glm::dvec3(1e7));
    for (const char* bad : {"1,2", "1,2,3,4", "1,,3", "x,0,0", "inf,0,0", "nan,0,0", "1e999,0,0", ""}) {
        EXPECT_EQ(ParseOffset(bad, error), std::nullopt) << bad;
        EXPECT_EQ(error,
                  "--offset: expected X,Y,Z (three finite numbers, e.g. 10000,0,0), got \"" + std::string(bad) + "\"");
    }
    const CliRun run = RunCli({"eval", "--offset", "1,2"}, Line("float") + "\n");
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.err, "hitlab eval: --offset: expected X,Y,Z (three finite numbers, e.g. 10000,0,0), got \"1,2\"\n");
}

TEST(OffsetTest, ARepresentableOffsetKeepsTExactly)
{
    // (-1, 0.5, 0.5) + t (2, 0, 0) enters the unit box at t = 0.5 and leaves at t = 1; moved by
    // (1024, -2048, 4096) every coordinate stays exact in float and double, so t does too
    const std::string line =
        R"({"query": "ray_aabb", "precision": "float", "a": {"type": "ray", "origin": [-1, 0.5, 0.5],)"
        R"( "direction": [2, 0, 0]}, "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}})";
    for (const std::string& l : {line, std::regex_replace(line, std::regex("float"), "double")}) {
        const json still = Eval(l, {});
        const json moved = Eval(l, {"--offset", "1024,-2048,4096"});
        EXPECT_EQ(moved.at("results").at("slab").at("t_enter"), 0.5) << l;
        EXPECT_EQ(moved.at("results").at("slab").at("t_exit"), 1.0) << l;
        EXPECT_EQ(moved.at("results").at("slab").at("point"), json::array({1024, -2047.5, 4096.5}));
        ASSERT_EQ(moved.at("results").size(), still.at("results").size());
        for (const auto& [name, result] : still.at("results").items()) { // every algorithm, bit for bit
            EXPECT_EQ(moved.at("results").at(name).at("t_enter"), result.at("t_enter")) << name << l;
            EXPECT_EQ(moved.at("results").at(name).value("t_exit", json()), result.value("t_exit", json())) << name;
        }
    }
}

TEST(OffsetTest, TheFloatErrorGrowsWithTheOffset)
{
    // at the origin the float slab method rounds -0.3 and 0.3: within half an ulp
    const json near = Eval(Line("float"), {});
    EXPECT_LE(near.at("exact").at("algorithms").at("slab").at("ulp").at("t_enter").get<double>(), 0.5);
    // moved by 1e6 along x the origin is 999999.7, which float rounds to 999999.6875 (spacing 1/16):
    // t_enter = 0.3125 against the exact 1e6 - 999999.7 = 1288490189/2^32; the error is
    // (0.3125 - 1288490189/2^32) / 2^-25 = 419430.3984375 ulps of float at 0.3
    const json far = Eval(Line("float"), {"--offset", "1000000,0,0"});
    EXPECT_EQ(far.at("results").at("slab").at("t_enter"), 0.3125);
    EXPECT_EQ(far.at("exact").at("t_enter_text"), "1288490189/4294967296");
    EXPECT_EQ(far.at("exact").at("algorithms").at("slab").at("ulp").at("t_enter"), 419430.3984375);
    // in double the same offset costs nothing: 999999.7 - 1e6 is exact (Sterbenz)
    const json farDouble = Eval(Line("double"), {"--offset", "1000000,0,0"});
    EXPECT_EQ(farDouble.at("exact").at("algorithms").at("slab").at("ulp").at("t_enter"), 0.0);
}

TEST(OffsetTest, ExternalProgramsGetTheMovedQuery)
{
    if (std::system("python3 --version > /dev/null 2>&1") != 0) {
        GTEST_SKIP() << "python3 is not available";
    }
    // the Python example's slab method rounds the moved inputs to float as the built-in one does
    const std::string command =
        "python3 '" + std::string(HITLAB_TEST_DATA) + "/../../examples/external/ray_aabb_python.py'";
    const json far = Eval(Line("float"), {"--offset", "1000000,0,0", "--external", command});
    EXPECT_EQ(far.at("results").at("slab_python").at("t_enter"), 0.3125) << far.dump();
    EXPECT_EQ(far.at("results").at("slab").at("t_enter"), 0.3125);
}

TEST(OffsetTest, ReportMovesTheScene)
{
    const test::TempDir dir("hitlab_offset_test_");
    const std::string scene = dir.Path() + "/far.json";
    test::WriteText(scene, kScene);
    const CliRun run = RunCli({"report", scene, "--json", "--offset", "1000000,0,0"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("\"t_enter\": 0.3125,"), std::string::npos) << run.out;
    EXPECT_EQ(RunCli({"report", scene, "--json"}).out.find("\"t_enter\": 0.3125,"), std::string::npos);
    const CliRun bad = RunCli({"report", scene, "--offset", "a,b,c"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("hitlab report: --offset: expected X,Y,Z"), std::string::npos) << bad.err;
}

TEST(OffsetTest, PlotHasOneCurvePerAlgorithmAndPrecision)
{
    const test::TempDir dir("hitlab_offset_test_");
    const std::string scene = dir.Path() + "/far.json";
    const std::string svg = dir.Path() + "/far.svg";
    test::WriteText(scene, kScene);
    const CliRun run = RunCli({"plot-offset", scene, "-o", svg, "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json curves = json::parse(run.out);
    size_t rayAabb = 0;
    for (const AlgorithmInfo* info : AlgorithmsOf(Family::RayAabb)) {
        rayAabb += info->name.empty() ? 0 : 1;
    }
    ASSERT_EQ(curves.size(), 2 * rayAabb); // the scene enables every ray_aabb algorithm
    std::map<std::pair<std::string, std::string>, json> byName;
    for (const json& c : curves) {
        EXPECT_TRUE(byName.emplace(std::pair{c.at("algorithm"), c.at("precision")}, c).second);
        ASSERT_EQ(c.at("points").size(), 30u); // 0, then 1 to 1e7 at 4 per decade
        EXPECT_EQ(c.at("points").back().at("distance"), 1e7);
    }
    // the slab method in float at d = 1e6 (index 1 + 24): as eval --offset 1e6,1e6,1e6 gives
    const json& slabFloat = byName.at({"slab", "float"}).at("points");
    EXPECT_EQ(slabFloat[25].at("distance"), 1e6);
    EXPECT_EQ(slabFloat[25].at("ulps"), 419430.3984375);
    EXPECT_LE(slabFloat[0].at("ulps").get<double>(), 0.5);
    for (const json& p : byName.at({"slab", "double"}).at("points")) {
        EXPECT_EQ(p.at("ulps"), 0.0) << p.dump();
    }
    // the figure: one polyline per curve, named by family, algorithm and precision
    const std::string text = test::ReadText(svg);
    std::set<std::string> drawn;
    const std::regex curve(
        R"re(class="curve" data-family="ray_aabb" data-algorithm="([a-z_0-9]+)" data-precision="(float|double)")re");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), curve); it != std::sregex_iterator(); ++it) {
        EXPECT_TRUE(drawn.insert((*it)[1].str() + " " + (*it)[2].str()).second);
    }
    EXPECT_EQ(drawn.size(), curves.size());
    EXPECT_TRUE(drawn.contains("slab float"));
    EXPECT_TRUE(drawn.contains("slab double"));
}

TEST(OffsetTest, PlotRefusesAFigureThatIsNotSvg)
{
    const test::TempDir dir("hitlab_offset_test_");
    const std::string scene = dir.Path() + "/far.json";
    test::WriteText(scene, kScene);
    const CliRun run = RunCli({"plot-offset", scene, "-o", dir.Path() + "/far.png"});
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("-o: the figure is an SVG file (FILE.svg)"), std::string::npos) << run.err;
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
