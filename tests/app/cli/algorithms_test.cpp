// Tests of `hitlab algorithms` (app/cli/algorithms.h) and of the command line itself
// (app/cli/cli.h): the protocol's metadata array, the table, help, version and exit statuses.
#include "app/cli/algorithms.h"
#include "app/cli/cli.h"

#include "core/io/protocol.h"
#include "support/run_cli.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using nlohmann::json;

using test::CliRun;
using test::RunCli;

TEST(AlgorithmsCommandTest, JsonHasTheProtocolKeysForEveryAlgorithm)
{
    const CliRun run = RunCli({"algorithms", "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json list = json::parse(run.out);
    ASSERT_TRUE(list.is_array());
    ASSERT_EQ(list.size(), Algorithms().size());
    ASSERT_FALSE(list.empty());
    const std::set<std::string> fields{"hit",   "t_enter",  "t_exit",          "point",     "normal",
                                       "depth", "contact",  "separating_axis", "u",         "v",
                                       "front", "triangle", "distance",        "closest_a", "closest_b"};
    std::set<std::pair<std::string, std::string>> names;
    for (const json& a : list) {
        SCOPED_TRACE(a.dump());
        for (const char* key : {"name", "family", "title", "summary", "source"}) {
            ASSERT_TRUE(a.at(key).is_string()) << key;
            EXPECT_FALSE(a.at(key).get<std::string>().empty()) << key;
        }
        EXPECT_TRUE(a.at("reference").is_boolean());
        EXPECT_TRUE(a.at("published").is_boolean());
        const std::optional<Family> family = FamilyFromName(a.at("family").get<std::string>());
        ASSERT_TRUE(family.has_value());
        EXPECT_TRUE(names.insert({a.at("family").get<std::string>(), a.at("name").get<std::string>()}).second)
            << "duplicate name";
        const json& conventions = a.at("conventions");
        ASSERT_TRUE(conventions.is_object());
        for (const auto& [key, value] : conventions.items()) {
            EXPECT_TRUE(value.is_string()) << key;
        }
        if (IsCast(*family)) {
            EXPECT_TRUE(conventions.contains("origin_inside"));
            EXPECT_TRUE(conventions.contains("boundary"));
        } else if (FamilyShapeA(*family) == "point") { // containment: whether the surface is inside
            EXPECT_TRUE(conventions.contains("boundary"));
        } else {
            EXPECT_TRUE(conventions.contains("touching"));
        }
        const json& returns = a.at("returns");
        ASSERT_TRUE(returns.is_array());
        EXPECT_EQ(returns.at(0), "hit");
        for (const json& field : returns) {
            EXPECT_EQ(fields.count(field.get<std::string>()), 1u) << field;
        }
        if (a.contains("flaw")) {
            EXPECT_FALSE(a.at("flaw").get<std::string>().empty());
        }
    }
}

TEST(AlgorithmsCommandTest, ExactlyOneReferencePerFamilyPresent)
{
    const json list = AlgorithmsJson();
    std::map<std::string, int> references, counts;
    for (const json& a : list) {
        counts[a.at("family").get<std::string>()]++;
        references[a.at("family").get<std::string>()] += a.at("reference").get<bool>() ? 1 : 0;
    }
    for (const auto& [family, count] : counts) {
        EXPECT_EQ(references[family], 1) << family << " has " << count << " algorithms";
    }
    for (Family family : AllFamilies()) {
        if (AlgorithmsOf(family).empty()) {
            std::cout << "[ NOTE     ] no algorithm of " << FamilyName(family) << " is registered yet\n";
        }
    }
}

TEST(AlgorithmsCommandTest, FamilyFilter)
{
    const CliRun run = RunCli({"algorithms", "--json", "--family", "ray_aabb"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json list = json::parse(run.out);
    EXPECT_EQ(list.size(), AlgorithmsOf(Family::RayAabb).size());
    for (const json& a : list) {
        EXPECT_EQ(a.at("family"), "ray_aabb");
    }
    EXPECT_EQ(list.at(0).at("name"), "slab"); // reference first
    const CliRun bad = RunCli({"algorithms", "--family", "ray_cone"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("ray_cone"), std::string::npos) << bad.err;
}

TEST(AlgorithmsCommandTest, TableListsEveryAlgorithmWithMarkers)
{
    const CliRun run = RunCli({"algorithms"});
    ASSERT_EQ(run.status, 0);
    EXPECT_EQ(run.out.rfind("FAMILY", 0), 0u) << run.out;
    std::istringstream lines(run.out);
    std::string line;
    std::getline(lines, line); // header
    for (const AlgorithmInfo& info : Algorithms()) {
        ASSERT_TRUE(std::getline(lines, line));
        EXPECT_NE(line.find(" " + std::string(info.name) + " "), std::string::npos) << line;
        EXPECT_EQ(line.find(" ref ") != std::string::npos, info.reference) << line;
        EXPECT_EQ(line.find(" pub ") != std::string::npos, info.published) << line;
        EXPECT_NE(line.find(std::string(info.title)), std::string::npos) << line;
    }
}

TEST(CommandLineTest, HelpAndVersion)
{
    const CliRun help = RunCli({"--help"});
    EXPECT_EQ(help.status, 0);
    EXPECT_NE(help.out.find("algorithms"), std::string::npos);
    EXPECT_NE(help.out.find("eval"), std::string::npos);
    const CliRun version = RunCli({"--version"});
    EXPECT_EQ(version.status, 0);
    EXPECT_EQ(version.out.rfind("hitlab ", 0), 0u) << version.out;
    EXPECT_EQ(RunCli({"eval", "--help"}).status, 0);
}

TEST(CommandLineTest, UnknownCommandAndBadFlagsExitTwo)
{
    const CliRun unknown = RunCli({"frobnicate"});
    EXPECT_EQ(unknown.status, 2);
    EXPECT_NE(unknown.err.find("no command or scene file 'frobnicate'"), std::string::npos) << unknown.err;
    const CliRun flag = RunCli({"algorithms", "--jsn"});
    EXPECT_EQ(flag.status, 2);
    EXPECT_NE(flag.err.find("--jsn"), std::string::npos) << flag.err;
    EXPECT_EQ(RunCli({"--nope"}).status, 2);
    EXPECT_EQ(RunCli({"eval", "/nonexistent/queries.jsonl"}).status, 2);
}

TEST(CommandLineTest, NoCommandOpensTheGui)
{
    const CliRun run = RunCli({});
    EXPECT_EQ(run.guiCalls, 1);
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(RunCli({"algorithms"}).guiCalls, 0);
}

TEST(CommandLineTest, EvalReadsStandardInput)
{
    const CliRun run = RunCli(
        {"eval"},
        R"({"id": 1, "query": "ray_plane", "a": {"type": "ray", "origin": [0, 0, 0], "direction": [1, 0, 0]}, "b": {"type": "plane", "normal": [1, 0, 0], "distance": 2}})"
        "\n");
    if (AlgorithmsOf(Family::RayPlane).empty()) {
        GTEST_SKIP() << "no algorithm of ray_plane is registered yet";
    }
    EXPECT_EQ(run.status, 0) << run.out;
    const json answer = json::parse(run.out);
    EXPECT_EQ(answer.at("results").at(std::string(ReferenceAlgorithm(Family::RayPlane).name)).at("t_enter"), 2);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
