// Tests of the disagreement search's commands in-process: `hitlab hunt`, `hitlab bench`, `hitlab eval` with
// "exact": true and `hitlab report --exact`.
#include "app/cli/cli.h"
#include "app/cli/hunt.h"
#include "core/io/scene_file.h"
#include "support/run_cli.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kScenes =
    (fs::path(HITLAB_TEST_DATA) / ".." / ".." / "assets" / "scenes").lexically_normal().string();

using Outcome = test::CliRun;

/// The text of a file ("" when missing).
std::string Read(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(HuntCli, PrintsOneLinePerGroupAndWritesScenesAndTheTestFile)
{
    const std::string dir = ::testing::TempDir() + "hunt_cli", cases = ::testing::TempDir() + "hunt_cli_cases.cpp";
    fs::remove_all(dir);
    fs::remove(cases);
    const Outcome r = test::RunCli({"hunt", "--family", "ray_aabb", "--a", "six_faces", "--exact", "--cases", "256",
                                    "--threads", "1", "--quiet", "--gtest", cases, "-o", dir});
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_EQ(
        r.out.rfind("hunt ray_aabb: six_faces vs the exact judge, double, values within 8 ulps, seed 1, 1 thread\n"
                    "1. 10 cases: six_faces misses where exact hits (distribution: origin inside, aimed at an "
                    "edge)\n"
                    "   smallest: origin [0, 0, 0], direction [0, 0, -1], box [0, 0] x [0, 1] x [0, 1]\n"
                    "   six_faces: miss; exact: hit, t in [0, 0] (exact)\n"
                    "   scene: " +
                        dir + "/ray_aabb-six_faces-exact-1-1.json\n",
                    0),
        0u)
        << r.out;
    // every disagreeing case is in a group: the counts add up to the summary's
    std::uint64_t counted = 0, groups = 0;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
        if (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0])) && line.find(". ") < 4) {
            counted += std::stoull(line.substr(line.find(". ") + 2));
            ++groups;
        }
    }
    EXPECT_NE(r.out.find("256 cases in "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(", " + std::to_string(counted) + " disagreeing in " + std::to_string(groups) + " groups, "),
              std::string::npos)
        << r.out;
    EXPECT_TRUE(fs::exists(dir + "/ray_aabb-six_faces-exact-1-1.json"));
    // the scene says which group it is the smallest case of, as the text does
    const SceneLoad scene = LoadSceneFile(dir + "/ray_aabb-six_faces-exact-1-1.json");
    ASSERT_TRUE(scene.Ok()) << ErrorText(scene.error);
    EXPECT_NE(scene.scene->description.find("the smallest case of its group: 10 cases: six_faces misses where exact "
                                            "hits (distribution: origin inside, aimed at an edge)"),
              std::string::npos)
        << scene.scene->description;
    EXPECT_TRUE(fs::exists(dir + "/ray_aabb-six_faces-exact-1-" + std::to_string(groups) + ".json"));
    // the test file, in --gtest FILE and in -o: one file that compiles as it is (includes once,
    // one TEST per group); standard output keeps only the text
    EXPECT_NE(r.out.find("GoogleTest cases: " + cases + "\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("GoogleTest cases: " + dir + "/ray_aabb-six_faces-exact-1-tests.cpp\n"), std::string::npos);
    EXPECT_EQ(r.out.find("TEST("), std::string::npos) << r.out;
    const std::string file = Read(cases);
    EXPECT_EQ(file, Read(dir + "/ray_aabb-six_faces-exact-1-tests.cpp"));
    EXPECT_EQ(file.rfind("// GoogleTest cases written by `hitlab hunt --gtest`", 0), 0u) << file;
    EXPECT_NE(file.find("\n#include \"core/algorithm.h\"\n"), std::string::npos) << file;
    EXPECT_NE(file.find("\nTEST(HuntRayAabb, SixFacesVsExact1)\n"), std::string::npos) << file;
    EXPECT_NE(file.find("\nTEST(HuntRayAabb, SixFacesVsExact" + std::to_string(groups) + ")\n"), std::string::npos);
    EXPECT_EQ(file.find("\nTEST(HuntRayAabb, SixFacesVsExact" + std::to_string(groups + 1) + ")\n"), std::string::npos);
}

/// Every file of dir, by name, with its bytes.
std::map<std::string, std::string> Files(const std::string& dir)
{
    std::map<std::string, std::string> files;
    for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
        files[e.path().filename().string()] = Read(e.path().string());
    }
    return files;
}

TEST(HuntCli, JsonHasTheSameGroupsAsTheText)
{
    const std::string dir = ::testing::TempDir() + "hunt_cli_json";
    fs::remove_all(dir);
    const std::vector<std::string> hunt = {"hunt",   "--family", "aabb_aabb", "--a", "center_extent", "--cases", "2000",
                                           "--seed", "1",        "--threads", "1",   "--quiet"};
    const Outcome text = test::RunCli(hunt);
    std::vector<std::string> words = hunt;
    words.insert(words.end(), {"--json", "-o", dir});
    const Outcome js = test::RunCli(words);
    ASSERT_EQ(text.status, 1) << text.err;
    ASSERT_EQ(js.status, 1) << js.err;
    const json j = json::parse(js.out);
    EXPECT_EQ(j["family"], "aabb_aabb");
    EXPECT_EQ(j["b"], nullptr);
    EXPECT_EQ(j["ulps"], 8);
    EXPECT_EQ(j["cases"], 2048);
    EXPECT_EQ(j["none_found"], false);
    ASSERT_FALSE(j["groups"].empty());
    // the text's group lines, in order, from the JSON's groups
    std::string lines;
    std::uint64_t counted = 0;
    int index = 0;
    for (const json& g : j["groups"]) {
        const std::uint64_t count = g["count"];
        counted += count;
        lines += std::to_string(++index) + ". " + std::to_string(count) + (count == 1 ? " case: " : " cases: ") +
                 "center_extent " + g["cause"].get<std::string>() +
                 " (distribution: " + g["distribution"].get<std::string>() +
                 ")\n   smallest: " + g["text"].get<std::string>() + "\n";
        EXPECT_TRUE(fs::exists(g["scene"].get<std::string>())) << g.dump();
        EXPECT_EQ(g["answers"]["exact"]["hit"], true) << g.dump(); // center_extent misses touching boxes
        EXPECT_EQ(g["answers"]["a"]["hit"], false) << g.dump();
    }
    EXPECT_EQ(counted, j["disagreeing"].get<std::uint64_t>());
    std::string textLines;
    std::istringstream in(text.out);
    for (std::string line; std::getline(in, line);) {
        if ((!line.empty() && std::isdigit(static_cast<unsigned char>(line[0]))) ||
            line.rfind("   smallest: ", 0) == 0) {
            textLines += line + "\n";
        }
    }
    EXPECT_EQ(lines, textLines.substr(0, textLines.rfind("\n", textLines.size() - 2) + 1)) << text.out << js.out;
    EXPECT_EQ(j["test_files"], json::array({dir + "/aabb_aabb-center_extent-exact-1-tests.cpp"}));
}

TEST(HuntCli, ARerunIntoTheSameFolderKeepsEveryEarlierCounterexample)
{
    const std::string dir = ::testing::TempDir() + "hunt_cli_rerun", fresh = ::testing::TempDir() + "hunt_cli_fresh";
    fs::remove_all(dir);
    fs::remove_all(fresh);
    // 256 cases: 19 groups (the test above)
    const std::vector<std::string> hunt = {"hunt", "--family", "ray_aabb",  "--a", "six_faces", "--exact", "--cases",
                                           "256",  "--quiet",  "--threads", "1",   "--seed",    "1"};
    auto into = [&](const std::string& folder) {
        std::vector<std::string> words = hunt;
        words.insert(words.end(), {"-o", folder});
        return test::RunCli(words);
    };
    ASSERT_EQ(into(dir).status, 1);
    const std::map<std::string, std::string> before = Files(dir);
    ASSERT_EQ(before.size(), 20u); // 19 scenes and the test file
    // the same hunt again: the same groups, written as scenes 20 to 38 and tests-2.cpp beside them
    const Outcome again = into(dir);
    ASSERT_EQ(again.status, 1) << again.err;
    EXPECT_NE(again.out.find("ray_aabb-six_faces-exact-1-20.json"), std::string::npos) << again.out;
    EXPECT_NE(again.out.find("ray_aabb-six_faces-exact-1-tests-2.cpp"), std::string::npos) << again.out;
    ASSERT_EQ(into(fresh).status, 1);
    const std::map<std::string, std::string> after = Files(dir), alone = Files(fresh);
    ASSERT_EQ(after.size(), 40u);
    ASSERT_EQ(alone.size(), 20u);
    for (const auto& [name, bytes] : before) { // the first run's files, byte for byte
        EXPECT_EQ(after.at(name), bytes) << name;
    }
    // the second run's files are what the same run writes into an empty folder
    for (int n = 1; n <= 19; ++n) {
        EXPECT_EQ(after.at("ray_aabb-six_faces-exact-1-" + std::to_string(n + 19) + ".json"),
                  alone.at("ray_aabb-six_faces-exact-1-" + std::to_string(n) + ".json"))
            << n;
    }
    EXPECT_EQ(after.at("ray_aabb-six_faces-exact-1-tests-2.cpp"), alone.at("ray_aabb-six_faces-exact-1-tests.cpp"));
}

TEST(HuntCli, ReferenceAgainstItselfFindsNoneAndBadOptionsAreUsageErrors)
{
    const Outcome none =
        test::RunCli({"hunt", "--family", "aabb_aabb", "--a", "interval", "--cases", "20000", "--quiet"});
    EXPECT_EQ(none.status, 0) << none.out;
    EXPECT_NE(none.out.find("none found"), std::string::npos);
    const Outcome bad = test::RunCli({"hunt", "--family", "ray_aabb", "--a", "nope", "--quiet"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("unknown algorithm \"nope\""), std::string::npos) << bad.err;
    EXPECT_EQ(test::RunCli({"hunt", "--family", "ray_aabb", "--a", "slab", "--b", "six_faces", "--exact"}).status, 2);
    EXPECT_EQ(test::RunCli({"hunt", "--family", "ray_aabb", "--a", "slab", "--ulps", "-1"}).status, 2);
}

TEST(HuntCli, ValuesCountByDefaultAndVerdictOnlyOptsOut)
{
    // geometric assumes a unit direction: its t differs from the reference's wherever the
    // direction is not unit length, a value disagreement the verdicts do not show
    const std::vector<std::string> hunt = {"hunt", "--family",         "ray_sphere", "--a",    "geometric",
                                           "--b",  "quadratic_stable", "--cases",    "4096",   "--seed",
                                           "1",    "--threads",        "1",          "--quiet"};
    const Outcome values = test::RunCli(hunt);
    std::vector<std::string> words = hunt;
    words.push_back("--verdict-only");
    const Outcome verdicts = test::RunCli(words);
    EXPECT_NE(values.out.find(", values within 8 ulps, seed 1"), std::string::npos) << values.out;
    EXPECT_NE(values.out.find(" geometric values differ: t_enter, t_exit"), std::string::npos) << values.out;
    EXPECT_NE(values.out.find(", scalar, 1 thread)"), std::string::npos) << values.out;
    EXPECT_NE(verdicts.out.find(", verdicts only, seed 1"), std::string::npos) << verdicts.out;
    EXPECT_EQ(verdicts.out.find("values differ"), std::string::npos) << verdicts.out;
    // --verdict-only is the one way the vectorised path runs
    const std::vector<std::string> batched = {"hunt",   "--family",        "ray_aabb",    "--a",    "slab",
                                              "--b",    "slab_branchless", "--precision", "float",  "--cases",
                                              "262144", "--threads",       "1",           "--quiet"};
    words = batched;
    EXPECT_NE(test::RunCli(words).out.find(", scalar, 1 thread)"), std::string::npos);
    words.push_back("--verdict-only");
    EXPECT_NE(test::RunCli(words).out.find(", batched ("), std::string::npos);
}

TEST(HuntCli, NoneFoundOnlyWhenEveryDrawnCaseWasJudged)
{
    HuntProgress p;
    p.cases = 64;
    const std::string why = "the program had not answered them by the time limit plus one answer timeout";
    EXPECT_EQ(HuntConclusionText(p, 0, ""), ": none found");
    EXPECT_EQ(HuntExitStatus(HuntStatusOf(p, 0)), 0);
    p.notJudged = 55;
    EXPECT_EQ(HuntConclusionText(p, 0, why), ": inconclusive, 55 of 64 cases not judged (" + why + ")");
    EXPECT_EQ(HuntExitStatus(HuntStatusOf(p, 0)), 4);
    EXPECT_EQ(HuntConclusionText(p, 2, why), "; 55 of 64 cases not judged (" + why + ")");
    EXPECT_EQ(HuntExitStatus(HuntStatusOf(p, 2)), 1);
    p.notJudged = 0;
    EXPECT_EQ(HuntConclusionText(p, 2, why), "");
    p.disagreements = 3; // counted but not listed (past --max) is found too
    EXPECT_EQ(HuntStatusOf(p, 0), HuntStatus::Found);
    EXPECT_EQ(HuntConclusionText(HuntProgress{}, 0, ""), ": inconclusive, no case was drawn");
    EXPECT_EQ(HuntExitStatus(HuntStatusOf(HuntProgress{}, 0)), 4);
    EXPECT_STREQ(HuntStatusName(HuntStatus::Inconclusive), "inconclusive");
    // the helps list the status
    const Outcome help = test::RunCli({"hunt", "--help"});
    EXPECT_NE(help.out.find("exit 0 when none was found and every drawn case was judged, 1 when some were found, 4 "
                            "when none was found but some drawn cases were not judged (inconclusive)"),
              std::string::npos)
        << help.out;
    const Outcome all = test::RunCli({"--help"});
    EXPECT_NE(all.out.find("  4  hunt: inconclusive: none found, but some drawn cases were not judged"),
              std::string::npos)
        << all.out;
}

TEST(HuntCli, UlpsHuntsValueDisagreements)
{
    // geometric assumes a unit direction: --ulps finds it hitting with other t than the reference,
    // and the test file checks its values against the exact ones
    const std::string cases = ::testing::TempDir() + "hunt_cli_ulps.cpp";
    const Outcome found =
        test::RunCli({"hunt", "--family", "ray_sphere", "--a", "geometric", "--b", "quadratic_stable", "--ulps", "4",
                      "--cases", "20000", "--max", "8", "--seed", "1", "--gtest", cases, "--quiet"});
    EXPECT_EQ(found.status, 1) << found.err;
    EXPECT_NE(found.out.find(", values within 4 ulps, seed 1"), std::string::npos) << found.out;
    const std::string file = Read(cases);
    EXPECT_NE(file.find("--ulps 4\n"), std::string::npos) << file;
    // the case asserts geometric's t against the judge's, within the 4 ulps of the hunt
    EXPECT_NE(file.find("within 4 ulps of double"), std::string::npos) << file;
    EXPECT_NE(file.find("EXPECT_NEAR(result.tEnter, "), std::string::npos) << file;
}

TEST(BenchCli, PrintsEveryAlgorithmOfTheScenesFamilies)
{
    const Outcome r =
        test::RunCli({"bench", kScenes + "/sphere-near-box-corner.json", "--rounds", "2", "--queries", "64"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("sphere_aabb"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("closest_point"), std::string::npos);
    EXPECT_NE(r.out.find("expanded_box"), std::string::npos);
    EXPECT_NE(r.out.find('#'), std::string::npos); // the bar chart
    EXPECT_EQ(test::RunCli({"bench", kScenes + "/missing.json"}).status, 2);
}

TEST(EvalExact, AddsTheJudgesAnswerUlpsAndAgreement)
{
    const std::string line = R"({"id": 1, "query": "ray_aabb", "a": {"type": "ray", "origin": [0, 1, 0], )"
                             R"("direction": [3, 0, 0]}, "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}, )"
                             R"("algorithms": ["slab", "face_planes"], "precision": "double", "exact": true})";
    const Outcome r = test::RunCli({"eval"}, line + "\n");
    ASSERT_EQ(r.status, 0) << r.out;
    const json answer = json::parse(r.out);
    ASSERT_TRUE(answer.contains("exact")) << r.out;
    const json& e = answer["exact"];
    EXPECT_EQ(e["hit"], true);
    EXPECT_EQ(e["t_enter_text"], "0");
    EXPECT_EQ(e["t_exit_text"], "1/3");
    EXPECT_EQ(e["t_exact"], true);
    EXPECT_EQ(e["algorithms"]["slab"]["agrees_with_exact"], true);
    EXPECT_EQ(e["algorithms"]["slab"]["ulp"]["t_exit"], 0); // 1/3 correctly rounded in double
    EXPECT_EQ(e["algorithms"]["face_planes"]["agrees_with_exact"], false);
    EXPECT_TRUE(e["algorithms"]["face_planes"]["ulp"]["t_enter"].is_null());
    // without the key: no "exact", and no warning about it
    const Outcome plain =
        test::RunCli({"eval"}, R"({"query": "sphere_sphere", "a": {"type": "sphere", "center": [0, 0, 0], )"
                               R"("radius": 1}, "b": {"type": "sphere", "center": [2, 0, 0], "radius": 1}})"
                               "\n");
    EXPECT_EQ(plain.out.find("\"exact\""), std::string::npos);
    const Outcome wrong =
        test::RunCli({"eval"}, R"({"query": "sphere_sphere", "a": {"type": "sphere", "center": [0, 0, 0], )"
                               R"("radius": 1}, "b": {"type": "sphere", "center": [2, 0, 0], "radius": 1}, )"
                               R"("exact": 1})"
                               "\n");
    EXPECT_EQ(wrong.status, 1);
    EXPECT_NE(wrong.out.find("exact: expected true or false"), std::string::npos) << wrong.out;
}

TEST(ReportExact, TableAndJsonCarryTheJudge)
{
    const std::string scene = kScenes + "/sphere-near-box-corner.json";
    const Outcome table = test::RunCli({"report", scene, "--exact"});
    ASSERT_EQ(table.status, 0) << table.err;
    EXPECT_NE(table.out.find("exact: miss"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("expanded_box DISAGREES"), std::string::npos) << table.out;
    const Outcome js = test::RunCli({"report", scene, "--exact", "--json"});
    ASSERT_EQ(js.status, 0);
    const json j = json::parse(js.out);
    ASSERT_FALSE(j["queries"].empty());
    EXPECT_EQ(j["queries"][0]["exact"]["hit"], false);
    EXPECT_EQ(j["queries"][0]["exact"]["algorithms"]["expanded_box"]["agrees_with_exact"], false);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
