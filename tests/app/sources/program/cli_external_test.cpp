// Tests of --external on the command line (app/cli/cli.cpp): `hitlab algorithms` lists an external
// program's algorithms after the built-in ones of its family; a refused program is exit status 2.
#include "app/cli/algorithms.h"
#include "app/cli/cli.h"

#include "core/io/protocol.h"

#include <gtest/gtest.h>

#include <sstream>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using nlohmann::json;

const std::string kCpp = std::string("'") + HITLAB_RAY_AABB_CPP + "'";

int RunHitlab(std::vector<std::string> args, std::string& out, std::string& err)
{
    std::vector<const char*> argv = {"hitlab"};
    for (const std::string& a : args) {
        argv.push_back(a.c_str());
    }
    std::istringstream in;
    std::ostringstream o, e;
    const int status = RunCommandLine(int(argv.size()), argv.data(), in, o, e, [] { return 0; });
    out = o.str();
    err = e.str();
    return status;
}

TEST(CliExternal, AlgorithmsJsonListsTheProgramsAlgorithmAfterItsFamilysBuiltIns)
{
    std::string out, err;
    ASSERT_EQ(RunHitlab({"algorithms", "--json", "--family", "ray_aabb", "--external", kCpp}, out, err), 0) << err;
    const json list = json::parse(out);
    const json builtIns = json::parse(AlgorithmsJson(Family::RayAabb).dump());
    ASSERT_EQ(list.size(), builtIns.size() + 1);
    for (size_t i = 0; i < builtIns.size(); ++i) {
        EXPECT_EQ(list[i], builtIns[i]);
    }
    EXPECT_EQ(list.back()["name"], "slab_cpp");
    EXPECT_EQ(list.back()["reference"], false);
    EXPECT_EQ(list.back()["returns"], json({"hit", "t_enter", "t_exit", "point", "normal"}));
}

TEST(CliExternal, ARefusedProgramIsExitStatusTwoWithItsReason)
{
    std::string out, err;
    EXPECT_EQ(RunHitlab({"algorithms", "--external", "exit 4"}, out, err), 2);
    EXPECT_EQ(out, "");
    EXPECT_EQ(err, "hitlab algorithms: 'exit 4' exited with status 4 before its metadata line\n");
}

TEST(CliExternal, EvalTakesTheTimeoutInSeconds)
{
    const std::string hang = std::string("python3 '") + HITLAB_EXAMPLES + "/misbehaving/misbehave.py' hang";
    std::string out, err;
    std::vector<const char*> argv = {"hitlab", "eval", "--external", hang.c_str(), "--external-timeout", "0.25"};
    std::istringstream in(R"({"id": 1, "query": "ray_aabb", "a": {"type": "ray", "origin": [13, 0.5, 0.5], )"
                          R"("direction": [-1, 0, 0]}, "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}})"
                          "\n");
    std::ostringstream o, e;
    EXPECT_EQ(RunCommandLine(int(argv.size()), argv.data(), in, o, e, [] { return 0; }), 0) << e.str();
    const json answer = json::parse(o.str());
    EXPECT_EQ(answer["external"]["slab_misbehaving"]["status"], "timed out");
    EXPECT_EQ(answer["external"]["slab_misbehaving"]["message"], "no answer within 0.25 s");
    EXPECT_EQ(answer["agree"], false);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
