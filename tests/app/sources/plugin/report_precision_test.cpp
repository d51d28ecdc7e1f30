// `hitlab report --precision` and `bench` with a plugin whose algorithm has a double function only
// (tests/app/sources/plugin/double_only_plugin.c): on float queries it is not run, said once (not an error
// per query, not unexplained), its sibling with both functions still answers, and --precision
// double runs it.
#include "support/plugin_cli.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using nlohmann::json;
namespace fs = std::filesystem;

const std::string kDoubleOnly = HITLAB_DOUBLE_ONLY_PLUGIN;

/// The box [10, 12] x [0, 1]^2, "left" from x = 9 along +x (enters at t = 1) and "above" from
/// (9, 5, 0.5) along +x (misses); ray_aabb in float, slab alone.
std::string WriteScene()
{
    const fs::path path = fs::path(testing::TempDir()) / ("report_precision_" + std::to_string(getpid()) + ".json");
    std::ofstream(path.string()) << R"({"format": "hitlab-scene", "version": 1, "shapes": [
  {"id": 1, "name": "box", "type": "aabb", "min": [10, 0, 0], "max": [12, 1, 1]},
  {"id": 2, "name": "left", "type": "ray", "origin": [9, 0.5, 0.5], "direction": [1, 0, 0]},
  {"id": 3, "name": "above", "type": "ray", "origin": [9, 5, 0.5], "direction": [1, 0, 0]}],
 "queries": {"families": {"ray_aabb": {"algorithms": ["slab"], "precision": "float"}}}})";
    return path.string();
}

size_t Count(const std::string& text, const std::string& what)
{
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
        ++n;
    }
    return n;
}

TEST(ReportPrecision, ADoubleOnlyAlgorithmIsNotRunOnFloatQueriesAndTheReportSaysSoOnce)
{
    const std::string scene = WriteScene();
    const test::CliRun run = test::RunPluginCli({"report", scene, "--plugin", kDoubleOnly, "--fail-on", "unexplained"});
    EXPECT_EQ(run.status, 0) << run.err; // nothing unexplained: not run is not a failure
    const std::string note = "note: slab_double_only (plugin " + kDoubleOnly +
                             ") has no float function: not run on the 2 float ray_aabb queries; use --precision double";
    EXPECT_EQ(Count(run.out, note), 1u) << run.out;
    EXPECT_EQ(Count(run.out, "slab_double_only"), 1u) << "named in the note only: " << run.out;
    EXPECT_EQ(Count(run.out, "error"), 0u) << run.out;
    EXPECT_EQ(Count(run.out, "slab_both (ext)  hit      1"), 1u) << run.out; // its sibling still answers
    EXPECT_NE(run.out.find("2 queries: 2 agree, 0 disagree."), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("0 unexplained. 1 external algorithm not run for want of a function in the precision"),
              std::string::npos)
        << run.out;
    fs::remove(scene);
}

TEST(ReportPrecision, TheJsonSummaryListsItUnderNotRun)
{
    const std::string scene = WriteScene();
    const test::CliRun run = test::RunPluginCli({"report", scene, "--plugin", kDoubleOnly, "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json report = json::parse(run.out);
    EXPECT_EQ(report["summary"]["statuses"]["unexplained"], 0);
    ASSERT_EQ(report["summary"]["not_run"].size(), 1u);
    const json& n = report["summary"]["not_run"][0];
    EXPECT_EQ(n["algorithm"], "slab_double_only");
    EXPECT_EQ(n["plugin"], kDoubleOnly);
    EXPECT_EQ(n["family"], "ray_aabb");
    EXPECT_EQ(n["precision"], "float");
    EXPECT_EQ(n["queries"], 2);
    for (const json& q : report["queries"]) {
        EXPECT_FALSE(q["results"].contains("slab_double_only")) << q.dump();
        EXPECT_EQ(q["results"]["slab_both"]["hit"], q["results"]["slab"]["hit"]) << q.dump();
    }
    fs::remove(scene);
}

TEST(ReportPrecision, PrecisionDoubleRunsItOnEveryQuery)
{
    const std::string scene = WriteScene();
    const test::CliRun run = test::RunPluginCli({"report", scene, "--plugin", kDoubleOnly, "--precision", "double"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(Count(run.out, "note:"), 0u) << run.out;
    EXPECT_EQ(Count(run.out, "ray_aabb, double:"), 2u) << run.out; // the scene said float
    EXPECT_EQ(Count(run.out, "slab_double_only (ext)  hit      1"), 1u) << run.out;
    EXPECT_EQ(Count(run.out, "slab_double_only (ext)  miss"), 1u) << run.out;
    EXPECT_NE(run.out.find("2 queries: 2 agree, 0 disagree."), std::string::npos) << run.out;
    // and float over a scene in double: the note again
    const test::CliRun flt = test::RunPluginCli({"report", scene, "--plugin", kDoubleOnly, "--precision", "float"});
    EXPECT_EQ(Count(flt.out, "has no float function: not run on the 2 float ray_aabb queries"), 1u) << flt.out;
    const test::CliRun bad = test::RunPluginCli({"report", scene, "--precision", "half"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("--precision"), std::string::npos) << bad.err;
    fs::remove(scene);
}

TEST(BenchPrecision, SaysWhichAlgorithmItDoesNotTimeInsteadOfLeavingItOut)
{
    const std::string scene = WriteScene();
    const test::CliRun run =
        test::RunPluginCli({"bench", scene, "--plugin", kDoubleOnly, "--rounds", "1", "--queries", "16"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(Count(run.out, "  - slab_double_only (plugin " + kDoubleOnly +
                                 ") has no float function: not timed; use --precision double\n"),
              1u)
        << run.out;
    EXPECT_EQ(Count(run.out, "  slab_both* "), 1u) << run.out;
    const test::CliRun dbl = test::RunPluginCli(
        {"bench", scene, "--plugin", kDoubleOnly, "--rounds", "1", "--queries", "16", "--precision", "double"});
    ASSERT_EQ(dbl.status, 0) << dbl.err;
    EXPECT_EQ(Count(dbl.out, "not timed"), 0u) << dbl.out;
    EXPECT_EQ(Count(dbl.out, "  slab_double_only* "), 1u) << dbl.out;
    fs::remove(scene);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
