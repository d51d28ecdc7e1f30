// Tests of the disagreement search's commands in-process: `hitlab hunt`, `hitlab bench`, `hitlab eval` with
// "exact": true and `hitlab report --exact`.
#include "app/cli/cli.h"
#include "app/cli/hunt.h"
#include "support/run_cli.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace hitlab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kScenes =
    (fs::path(HITLAB_TEST_DATA) / ".." / ".." / "assets" / "scenes").lexically_normal().string();

using Outcome = test::CliRun;

TEST(HuntCli, FindsShrinksPrintsAndWritesScenes)
{
    const std::string dir = ::testing::TempDir() + "hunt_cli";
    fs::remove_all(dir);
    const Outcome r = test::RunCli(
        {"hunt", "--family", "ray_aabb", "--a", "six_faces", "--exact", "--max", "2", "--quiet", "--gtest", "-o", dir});
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.out.find("1. origin ["), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("six_faces: miss; exact: hit"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("TEST(HuntRayAabb, SixFacesVsExact1)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("2 counterexamples"), std::string::npos) << r.out;
    EXPECT_TRUE(fs::exists(dir + "/ray_aabb-six_faces-exact-1-1.json"));
    EXPECT_TRUE(fs::exists(dir + "/ray_aabb-six_faces-exact-1-2.json"));
}

/// Every file of dir, by name, with its bytes.
std::map<std::string, std::string> Files(const std::string& dir)
{
    std::map<std::string, std::string> files;
    for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
        std::ifstream in(e.path(), std::ios::binary);
        files[e.path().filename().string()] = std::string(std::istreambuf_iterator<char>(in), {});
    }
    return files;
}

TEST(HuntCli, ARerunIntoTheSameFolderKeepsEveryEarlierCounterexample)
{
    const std::string dir = ::testing::TempDir() + "hunt_cli_rerun", fresh = ::testing::TempDir() + "hunt_cli_fresh";
    fs::remove_all(dir);
    fs::remove_all(fresh);
    const std::vector<std::string> hunt = {"hunt", "--family", "ray_aabb",  "--a", "six_faces", "--exact", "--max",
                                           "2",    "--quiet",  "--threads", "1",   "--seed",    "1"};
    auto into = [&](const std::string& folder) {
        std::vector<std::string> words = hunt;
        words.insert(words.end(), {"-o", folder});
        return test::RunCli(words);
    };
    ASSERT_EQ(into(dir).status, 1);
    const std::map<std::string, std::string> before = Files(dir);
    ASSERT_EQ(before.size(), 2u);
    // the same hunt again: the same two counterexamples, written as files 3 and 4 beside 1 and 2
    const Outcome again = into(dir);
    ASSERT_EQ(again.status, 1) << again.err;
    EXPECT_NE(again.out.find("ray_aabb-six_faces-exact-1-3.json"), std::string::npos) << again.out;
    ASSERT_EQ(into(fresh).status, 1);
    const std::map<std::string, std::string> after = Files(dir), alone = Files(fresh);
    ASSERT_EQ(after.size(), 4u);
    ASSERT_EQ(alone.size(), 2u);
    for (const auto& [name, bytes] : before) { // the first run's files, byte for byte
        EXPECT_EQ(after.at(name), bytes) << name;
    }
    // the second run's files are what the same run writes into an empty folder
    EXPECT_EQ(after.at("ray_aabb-six_faces-exact-1-3.json"), alone.at("ray_aabb-six_faces-exact-1-1.json"));
    EXPECT_EQ(after.at("ray_aabb-six_faces-exact-1-4.json"), alone.at("ray_aabb-six_faces-exact-1-2.json"));
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
    // and the snippet checks its values against the exact ones
    const Outcome found =
        test::RunCli({"hunt", "--family", "ray_sphere", "--a", "geometric", "--b", "quadratic_stable", "--ulps", "8",
                      "--cases", "20000", "--max", "8", "--seed", "1", "--gtest", "--quiet"});
    EXPECT_EQ(found.status, 1) << found.err;
    EXPECT_NE(found.out.find("--ulps 8"), std::string::npos) << found.out;
    // the case asserts geometric's t against the judge's, within the 8 ulps of the hunt
    EXPECT_NE(found.out.find("within 8 ulps of double"), std::string::npos) << found.out;
    EXPECT_NE(found.out.find("EXPECT_NEAR(result.tEnter, "), std::string::npos) << found.out;
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

} // namespace
} // namespace hitlab
