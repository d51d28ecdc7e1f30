// Tests of `--plugin FILE` on `hitlab eval`, `report` and `algorithms` (app/cli): a plugin's
// algorithms beside the built-in ones, compared with the reference and explained, a crash shown as
// that algorithm's disagreement while everything else is reported.
#include "app/cli/cli.h"
#include "support/plugin_cli.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using nlohmann::json;
namespace fs = std::filesystem;

using test::kMisbehavePlugin;
using test::kSlabPlugin;

using Outcome = test::CliRun;

/// A box x in [10, 12] and three rays: "left" from x = 9 along +x (enters at t = 1, leaves at
/// t = 3), "inside" from x = 11 along +x (inside: t in [0, 1]), "right" from x = 13 along -x
/// (t in [1, 3]; misbehave.so crashes on an origin with x = 13).
std::string WriteScene()
{
    const fs::path path = fs::path(testing::TempDir()) / ("cli_plugin_scene_" + std::to_string(getpid()) + ".json");
    std::ofstream(path.string()) << R"({"format": "hitlab-scene", "version": 1, "shapes": [
  {"id": 1, "name": "box", "type": "aabb", "min": [10, 0, 0], "max": [12, 1, 1]},
  {"id": 2, "name": "left", "type": "ray", "origin": [9, 0.5, 0.5], "direction": [1, 0, 0]},
  {"id": 3, "name": "inside", "type": "ray", "origin": [11, 0.5, 0.5], "direction": [1, 0, 0]},
  {"id": 4, "name": "right", "type": "ray", "origin": [13, 0.5, 0.5], "direction": [-1, 0, 0]}]})";
    return path.string();
}

TEST(CliPlugin, EvalAddsThePluginsResultsAndExplainsItsConvention)
{
    const std::string lines =
        R"({"id":1,"query":"ray_aabb","precision":"double","a":{"type":"ray","origin":[-2,0.5,0.5],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"algorithms":["slab"]})"
        "\n"
        R"({"id":2,"query":"ray_aabb","precision":"float","a":{"type":"ray","origin":[0.5,0.5,0.5],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"algorithms":["slab"]})"
        "\n";
    const Outcome run = test::RunPluginCli({"eval", "--plugin", kSlabPlugin}, lines);
    ASSERT_EQ(run.status, 0) << run.err;
    std::istringstream out(run.out);
    std::string line;
    ASSERT_TRUE(std::getline(out, line));
    const json first = json::parse(line);
    // from x = -2 along +x into [0, 1]^3: t in [2, 3], entering the x = 0 face
    EXPECT_EQ(first["results"]["slab_c"],
              json::parse(R"({"hit":true,"t_enter":2,"t_exit":3,"point":[0,0.5,0.5],"normal":[-1,0,0]})"));
    EXPECT_EQ(first["results"]["slab_c_outside"], first["results"]["slab_c"]);
    EXPECT_EQ(first["agree"], true);
    EXPECT_EQ(first["external"]["slab_c"],
              json::parse(R"({"plugin":")" + kSlabPlugin + R"(","status":"answered","differs":[]})"));
    ASSERT_TRUE(std::getline(out, line));
    const json second = json::parse(line);
    // from the centre: t in [0, 0.5], no normal; slab_c_outside misses by its declared convention
    EXPECT_EQ(second["results"]["slab_c"],
              json::parse(R"({"hit":true,"t_enter":0,"t_exit":0.5,"point":[0.5,0.5,0.5],"normal":null})"));
    EXPECT_EQ(second["results"]["slab_c_outside"]["hit"], false);
    EXPECT_EQ(second["agree"], false);
    const json& outside = second["external"]["slab_c_outside"];
    EXPECT_EQ(outside["differs"], json::array({"hit"}));
    EXPECT_EQ(outside["explain"]["explanation"], "convention");
    EXPECT_EQ(outside["explain"]["reason"], "the origin is inside the solid, and slab_c_outside counts an origin "
                                            "inside as a miss (origin_inside: miss)");
    EXPECT_FALSE(std::getline(out, line));
}

TEST(CliPlugin, ReportShowsThePluginAndContainsItsCrash)
{
    const std::string scene = WriteScene();
    const Outcome run = test::RunPluginCli(
        {"report", scene, "--algorithms", "slab", "--plugin", kSlabPlugin, "--plugin", kMisbehavePlugin, "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json report = json::parse(run.out);
    ASSERT_EQ(report["queries"].size(), 3u);
    const json& left = report["queries"][0];
    const json& inside = report["queries"][1];
    const json& right = report["queries"][2];
    ASSERT_EQ(right["a"]["name"], "right");
    EXPECT_EQ(left["results"]["slab_c"]["t_enter"], 1);
    EXPECT_EQ(left["results"]["slab_c"]["t_exit"], 3);
    EXPECT_EQ(left["external"]["slab_c"]["plugin"], kSlabPlugin);
    EXPECT_EQ(inside["results"]["slab_c_outside"]["hit"], false);
    EXPECT_EQ(inside["explain"]["slab_c_outside"]["explanation"], "convention");
    EXPECT_EQ(right["results"]["slab_c"]["t_enter"], 1);
    EXPECT_EQ(right["results"]["slab_c"]["normal"], json::array({1, 0, 0}));
    EXPECT_EQ(right["results"]["misbehave_c"], nullptr);
    EXPECT_EQ(right["external"]["misbehave_c"], (json{{"plugin", kMisbehavePlugin},
                                                      {"status", "crashed"},
                                                      {"message", "killed by signal 11 (Segmentation fault)"}}));
    EXPECT_EQ(right["explain"]["misbehave_c"]["reason"],
              "crashed: killed by signal 11 (Segmentation fault) (" + kMisbehavePlugin + ")");
    // the host was restarted: the misbehaving plugin answered the other queries (a miss)
    EXPECT_EQ(left["external"]["misbehave_c"]["status"], "answered");
    EXPECT_EQ(inside["external"]["misbehave_c"]["status"], "answered");

    const Outcome text = test::RunPluginCli({"report", scene, "--algorithms", "slab", "--plugin", kSlabPlugin});
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("    slab_c_outside (ext)  miss     -        -       -       DIFFERS: convention"),
              std::string::npos)
        << text.out;
    EXPECT_NE(text.out.find("3 queries: 2 agree, 1 disagree."), std::string::npos) << text.out;
}

TEST(CliPlugin, AHangIsTimedOutWithTheShortTimeout)
{
    const std::string line =
        R"({"id":7,"query":"ray_aabb","precision":"float","a":{"type":"ray","origin":[15,0.5,0.5],"direction":[-1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"algorithms":["slab"]})"
        "\n";
    const Outcome run = test::RunPluginCli({"eval", "--plugin", kMisbehavePlugin, "--external-timeout", "0.25"}, line);
    ASSERT_EQ(run.status, 0) << run.err;
    const json answer = json::parse(run.out);
    EXPECT_EQ(answer["external"]["misbehave_c"],
              json::parse(R"({"plugin":")" + kMisbehavePlugin +
                          R"(","status":"timed out","message":"no answer within 0.25 s","differs":null})"));
    EXPECT_EQ(answer["agree"], false);
    EXPECT_EQ(answer["results"]["slab"]["t_enter"], 14); // the built-in ones are answered
}

TEST(CliPlugin, AlgorithmsListsThePluginsAfterTheBuiltIns)
{
    const Outcome run = test::RunPluginCli({"algorithms", "--json", "--family", "ray_aabb", "--plugin", kSlabPlugin});
    ASSERT_EQ(run.status, 0) << run.err;
    const json list = json::parse(run.out);
    ASSERT_GE(list.size(), 3u);
    EXPECT_EQ(list[list.size() - 2]["name"], "slab_c");
    EXPECT_EQ(list[list.size() - 2]["reference"], false);
    EXPECT_EQ(list[list.size() - 2]["conventions"]["origin_inside"], "hit");
    EXPECT_EQ(list.back()["name"], "slab_c_outside");
    EXPECT_EQ(list.back()["returns"], json::array({"hit", "t_enter", "t_exit", "point", "normal"}));
}

TEST(CliPlugin, ARefusedPluginIsExitStatusTwo)
{
    const Outcome run = test::RunPluginCli({"report", WriteScene(), "--plugin", "/nonexistent/p.so"});
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err, "hitlab report: plugin '/nonexistent/p.so': cannot load: /nonexistent/p.so: cannot open "
                       "shared object file: No such file or directory\n");
}

TEST(CliPlugin, AFileNamedWithoutASlashIsThatFile)
{
    // `--plugin mine.so` in the folder that holds mine.so loads it (dlopen alone would look for it
    // only in the library path), for every command that takes --plugin
    const std::filesystem::path dir =
        std::filesystem::path(testing::TempDir()) / ("cli_plugin_here_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    std::filesystem::copy_file(kSlabPlugin, dir / "mine.so", std::filesystem::copy_options::overwrite_existing);
    const std::filesystem::path before = std::filesystem::current_path();
    std::filesystem::current_path(dir);
    const Outcome listed = test::RunPluginCli({"algorithms", "--json", "--family", "ray_aabb", "--plugin", "mine.so"});
    const Outcome hunted = test::RunPluginCli({"hunt", "--family", "ray_aabb", "--a", "slab_c", "--plugin", "mine.so",
                                               "--cases", "1000", "--seconds", "0", "--quiet", "--threads", "1"});
    const Outcome evaluated =
        test::RunPluginCli({"eval", "--plugin", "mine.so"},
                           R"({"id":1,"query":"ray_aabb","a":{"type":"ray","origin":[9,0.5,0.5],"direction":[1,0,0]},)"
                           R"("b":{"type":"aabb","min":[10,0,0],"max":[12,1,1]},"algorithms":["slab"]})"
                           "\n");
    const Outcome missing = test::RunPluginCli({"algorithms", "--plugin", "notmine.so"});
    std::filesystem::current_path(before);
    ASSERT_EQ(listed.status, 0) << listed.err;
    EXPECT_EQ(json::parse(listed.out).back()["name"], "slab_c_outside");
    EXPECT_EQ(hunted.status, 0) << hunted.out << hunted.err;
    EXPECT_NE(hunted.out.find("(plugin mine.so) vs the exact judge"), std::string::npos) << hunted.out;
    ASSERT_EQ(evaluated.status, 0) << evaluated.err;
    EXPECT_EQ(json::parse(evaluated.out)["results"]["slab_c"]["t_enter"], 1) << evaluated.out;
    // a name that is no file here still says so, and names the bundled plugin it looked for as is
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("(no file of that name here, and no bundled engine plugin notmine.so in "),
              std::string::npos)
        << missing.err;
}

TEST(CliPlugin, HuntFindsNoCounterexampleToTheSlabExample)
{
    const Outcome run = test::RunPluginCli({"hunt", "--family", "ray_aabb", "--a", "slab_c", "--plugin", kSlabPlugin,
                                            "--cases", "20000", "--seconds", "0", "--quiet"});
    EXPECT_EQ(run.status, 0) << run.out << run.err;
    EXPECT_EQ(run.out.rfind("hunt ray_aabb: slab_c (plugin " + kSlabPlugin +
                                ") vs the exact judge, double, values within 8 ulps, seed 1\n20000 cases in ",
                            0),
              0u)
        << run.out;
    EXPECT_NE(run.out.find(", 0 disagreeing or failed in 0 groups, "), std::string::npos);
    EXPECT_NE(run.out.find(": none found\n"), std::string::npos);
}

/// The groups of a hunt's output: "CAUSE (distribution: D)" -> count, from each line
/// "N. COUNT case(s): A CAUSE (distribution: D)".
std::map<std::string, std::uint64_t> GroupCounts(const std::string& out, const std::string& a)
{
    std::map<std::string, std::uint64_t> groups;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) {
        const std::size_t dot = line.find(". "), colon = line.find(": " + a + " ");
        if (line.empty() || !std::isdigit(static_cast<unsigned char>(line[0])) || dot == std::string::npos ||
            colon == std::string::npos) {
            continue;
        }
        groups[line.substr(colon + 3 + a.size())] = std::stoull(line.substr(dot + 2));
    }
    return groups;
}

TEST(CliPlugin, HuntFindsTheDeclaredConventionAsCounterexamples)
{
    const Outcome run = test::RunPluginCli({"hunt", "--family", "ray_aabb", "--a", "slab_c_outside", "--plugin",
                                            kSlabPlugin, "--max", "3", "--seconds", "0", "--quiet", "--threads", "1"});
    EXPECT_EQ(run.status, 1) << run.out << run.err;
    // slab_c_outside counts an origin in the closed box as outside and misses; the judge hits (at
    // t = 0 at least). --max 3 begins no batch after the third group, but the first batch of 64 is
    // judged whole: 47 of its draws have the origin in the closed box (the draws of seed 1's first
    // thread), in 20 groups; the counts add up. Shrunk, e.g.: the origin on the box's corner
    // leaving at once along -x (t = 0), or on the z = 0 face moving along it in y (t in [0, 1]).
    EXPECT_NE(run.out.find("1. 4 cases: slab_c_outside misses where exact hits (distribution: origin inside, "
                           "axis-parallel (+-0))\n"
                           "   smallest: origin [0, 0, 0], direction [-1, 0, 0], box [0, 1] x [0, 0] x [-1, 0]\n"
                           "   slab_c_outside: miss; exact: hit, t in [0, 0] (exact)\n"
                           "2. 4 cases: slab_c_outside misses where exact hits (distribution: origin on a face, "
                           "axis-parallel (+-0))\n"
                           "   smallest: origin [0, 0, 0], direction [0, 1, 0], box [0, 1] x [0, 1] x [-1, 0]\n"
                           "   slab_c_outside: miss; exact: hit, t in [0, 1] (exact)\n"),
              std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("\n64 cases in "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find(", 47 disagreeing or failed in 20 groups, "), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("not judged"), std::string::npos) << run.out;
    const auto groups = GroupCounts(run.out, "slab_c_outside");
    EXPECT_EQ(groups.size(), 20u) << run.out;
    std::uint64_t sum = 0;
    for (const auto& [group, count] : groups) {
        EXPECT_EQ(group.rfind("misses where exact hits (distribution: ", 0), 0u) << group;
        sum += count;
    }
    EXPECT_EQ(sum, 47u) << run.out;
}

TEST(CliPlugin, HuntOnTwoThreadsSharesTheCasesAndKeepsTheFirstThreadsFinds)
{
    // each thread its own host process; the first draws the seed's own stream, so its groups on
    // half the cases are the one-thread hunt's, each counted at least as often
    auto hunt = [](const char* threads, const char* cases) {
        return test::RunPluginCli({"hunt", "--family", "ray_aabb", "--a", "slab_c_outside", "--plugin", kSlabPlugin,
                                   "--max", "0", "--seconds", "0", "--quiet", "--threads", threads, "--cases", cases});
    };
    const Outcome two = hunt("2", "4000"), one = hunt("1", "2000");
    ASSERT_EQ(two.status, 1) << two.out << two.err;
    ASSERT_EQ(one.status, 1) << one.out << one.err;
    EXPECT_NE(two.out.find("\n4000 cases in "), std::string::npos) << two.out;
    EXPECT_NE(two.out.find("plugin batches of up to 8192, 2 threads)"), std::string::npos) << two.out;
    EXPECT_NE(one.out.find("\n2000 cases in "), std::string::npos) << one.out;
    const auto mine = GroupCounts(one.out, "slab_c_outside"), both = GroupCounts(two.out, "slab_c_outside");
    ASSERT_GT(mine.size(), 1u) << one.out;
    std::uint64_t added = both.size() - mine.size();
    for (const auto& [group, count] : mine) {
        ASSERT_EQ(both.count(group), 1u) << group << "\n" << two.out;
        EXPECT_GE(both.at(group), count) << group;
        added += both.at(group) - count;
    }
    EXPECT_GT(added, 0u) << one.out << "\n---\n" << two.out; // the second thread added some
}

TEST(CliPlugin, HuntRefusesAnUnknownAlgorithm)
{
    const Outcome unknown =
        test::RunPluginCli({"hunt", "--family", "ray_aabb", "--a", "nope", "--plugin", kSlabPlugin});
    EXPECT_EQ(unknown.status, 2);
    EXPECT_EQ(unknown.err, "hitlab hunt: plugin '" + kSlabPlugin +
                               "' has no ray_aabb algorithm \"nope\" (it has: slab_c, slab_c_outside)\n");
}

/// The counterexample lines of a hunt's output (between its first line and its summary).
std::string Found(const std::string& out)
{
    const std::size_t first = out.find('\n') + 1;
    return out.substr(first, out.rfind("\n", out.rfind(" cases in ")) + 1 - first);
}

TEST(CliPlugin, HuntWithUlpsFindsWhatTheBuiltInHuntFindsInTheReference)
{
    // slab_c computes as the slab reference, bit for bit: with --ulps its hunt against the judge
    // finds the same value disagreements as the built-in hunt of slab (the independent peer): on
    // the same 2048 cases, the same groups, counts and smallest cases
    const std::vector<std::string> common = {"--family", "ray_aabb", "--precision", "float", "--threads", "1",
                                             "--cases",  "2048",     "--seconds",   "0",     "--quiet"};
    std::vector<std::string> plugin = {"hunt", "--a", "slab_c", "--plugin", kSlabPlugin, "--ulps", "0.25"};
    std::vector<std::string> builtIn = {"hunt", "--a", "slab", "--ulps", "0.25"};
    plugin.insert(plugin.end(), common.begin(), common.end());
    builtIn.insert(builtIn.end(), common.begin(), common.end());
    const Outcome mine = test::RunPluginCli(plugin), peer = test::RunPluginCli(builtIn);
    EXPECT_EQ(mine.status, 1) << mine.out << mine.err;
    EXPECT_EQ(peer.status, 1) << peer.out << peer.err;
    // by hand: 0.75 / 1.25 = 3/5 rounds to the float 0.6000000238418579, 2.4e-8 away, more than
    // 0.25 ulps of float at 0.6 (0.25 * 2^-23 * 0.6 = 1.8e-8)
    EXPECT_NE(Found(mine.out).find("   smallest: origin [0, 0, 0], direction [1.25, 0, 0], box [0, 0.75] x [0, 1] x "
                                   "[0, 1]\n"
                                   "   slab_c: hit, t in [0, 0.6000000238418579]; exact: hit, t in [0, 3/5] (exact)\n"),
              std::string::npos)
        << mine.out;
    std::string peerFound = Found(peer.out);
    // the algorithm's name: "   slab: hit, ..." and "N cases: slab values differ ..."
    for (const auto& [from, to] : {std::pair{"   slab: ", "   slab_c: "}, std::pair{": slab ", ": slab_c "}}) {
        for (std::size_t at = peerFound.find(from); at != std::string::npos; at = peerFound.find(from, at + 1)) {
            peerFound.replace(at, std::string(from).size(), to);
        }
    }
    EXPECT_EQ(Found(mine.out), peerFound) << mine.out << peer.out;
    // verdicts only: none in the same cases
    plugin.resize(plugin.size() - common.size() - 2);
    plugin.insert(plugin.end(), common.begin(), common.end());
    plugin.push_back("--verdict-only");
    const Outcome verdicts = test::RunPluginCli(plugin);
    EXPECT_EQ(verdicts.status, 0) << verdicts.out;
    EXPECT_NE(verdicts.out.find(", verdicts only, seed 1\n"), std::string::npos) << verdicts.out;
    EXPECT_NE(verdicts.out.find(", 0 disagreeing or failed in 0 groups, "), std::string::npos) << verdicts.out;
}

TEST(CliPlugin, TheDefaultHuntFindsADepthWrongWhereAnIntervalContainsTheOtherAndVerdictOnlyDoesNot)
{
    // overlap_length_depth (misbehave.c) answers every verdict right; its depth is the overlap's
    // length, not the push-out distance. By hand: a = [-1, 0] x [-1, 1] x [0, 1] and b = [-1, 0] x
    // [0, 0.5] x [0, 1] overlap by 1, 0.5 and 1 (its depth 0.5), but b leaves a by the smallest of
    // min(a.max - b.min, b.max - a.min) per axis = min(1, 1), min(1, 1.5), min(1, 1) = 1
    const std::vector<std::string> hunt = {"hunt",     "--family",       "aabb_aabb", "--a",   "overlap_length_depth",
                                           "--plugin", kMisbehavePlugin, "--cases",   "20000", "--seconds",
                                           "0",        "--quiet",        "--threads", "1"};
    const Outcome values = test::RunPluginCli(hunt);
    EXPECT_EQ(values.status, 1) << values.out << values.err;
    EXPECT_NE(
        values.out.find(") vs the exact judge, double, values within 8 ulps, seed 1\n"
                        "1. 2837 cases: overlap_length_depth values differ: depth (distribution: box inside box)\n"
                        "   smallest: box [-1, 0] x [-1, 1] x [0, 1], box [-1, 0] x [0, 0.5] x [0, 1]\n"
                        "   overlap_length_depth: hit, depth 0.5; exact: hit, depth 1 (exact)\n"),
        std::string::npos)
        << values.out;
    EXPECT_EQ(values.out.find("where exact"), std::string::npos) << values.out; // no verdict disagrees
    // the same as JSON: the group, both answers
    std::vector<std::string> words = hunt;
    words.push_back("--json");
    const Outcome js = test::RunPluginCli(words);
    EXPECT_EQ(js.status, 1) << js.out << js.err;
    const json j = json::parse(js.out);
    EXPECT_EQ(j["source"], "plugin " + kMisbehavePlugin);
    ASSERT_FALSE(j["groups"].empty()) << js.out;
    const json& group = j["groups"][0];
    EXPECT_EQ(group["count"], 2837);
    EXPECT_EQ(group["cause"], "values differ: depth");
    EXPECT_EQ(group["distribution"], "box inside box");
    EXPECT_EQ(group["answers"]["a"]["depth"], 0.5);
    EXPECT_EQ(group["answers"]["exact"]["depth_text"], "1");
    words = hunt;
    words.push_back("--verdict-only");
    const Outcome verdicts = test::RunPluginCli(words);
    EXPECT_EQ(verdicts.status, 0) << verdicts.out << verdicts.err;
    EXPECT_NE(verdicts.out.find(", verdicts only, seed 1\n20000 cases in "), std::string::npos) << verdicts.out;
    EXPECT_NE(verdicts.out.find(": none found\n"), std::string::npos) << verdicts.out;
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
