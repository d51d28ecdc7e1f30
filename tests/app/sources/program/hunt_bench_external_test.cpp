// Tests of `hitlab hunt --external` and `hitlab bench --external` (app/cli): the hunt finds the
// planted flaw of the C++ example (`ray_aabb_cpp --flaw miss`: a -0 direction component makes its
// slab open) and shrinks it, counts the program's crash on those rays (`--flaw abort`) as a
// counterexample; bench times the program beside the built-in algorithms.
#include "app/cli/cli.h"

#include "core/io/scene_file.h"
#include "support/run_cli.h"

#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

const std::string kCpp = std::string("'") + HITLAB_RAY_AABB_CPP + "'";
// exec: the shell does not wait for the program, so a crash is the program's own signal
const std::string kFlawedMiss = "exec " + kCpp + " --flaw miss";
const std::string kFlawedAbort = "exec " + kCpp + " --flaw abort";

using Outcome = test::CliRun;

Outcome Hitlab(std::vector<std::string> args) { return test::RunCli(args, ""); }

/// A box x in [10, 12] and a ray from x = 13 along -x (enters at t = 1, leaves at t = 3).
std::string WriteScene()
{
    const std::filesystem::path path =
        std::filesystem::path(testing::TempDir()) / ("hunt_bench_external_" + std::to_string(getpid()) + ".json");
    std::ofstream(path.string()) << R"({"format": "hitlab-scene", "version": 1, "shapes": [
  {"id": 1, "name": "box", "type": "aabb", "min": [10, 0, 0], "max": [12, 1, 1]},
  {"id": 2, "name": "right", "type": "ray", "origin": [13, 0.5, 0.5], "direction": [-1, 0, 0]}]})";
    return path.string();
}

/// Whether the output's last line (the summary) has counts ("N disagreeing or failed in G
/// groups, ") followed by the GMP count and nothing after it: something found, every drawn case
/// judged (no conclusion, no "not judged").
bool EndsWithSummary(const std::string& out, const std::string& counts)
{
    if (out.size() < 2 || out.back() != '\n') {
        return false;
    }
    const std::size_t line = out.rfind('\n', out.size() - 2);
    const std::size_t at = out.find(counts, line == std::string::npos ? 0 : line + 1);
    if (at == std::string::npos) {
        return false;
    }
    std::size_t end = at + counts.size();
    const std::size_t digits = end;
    while (end < out.size() && std::isdigit(static_cast<unsigned char>(out[end])) != 0) {
        ++end;
    }
    return end > digits && out.compare(end, std::string::npos, " exact (GMP) judgements\n") == 0;
}

TEST(HuntExternal, FindsThePlantedFlawAndShrinksIt)
{
    const Outcome run = Hitlab({"hunt", "--family", "ray_aabb", "--a", "slab_cpp_flawed", "--external", kFlawedMiss,
                                "--max", "1", "--seconds", "0", "--quiet", "--threads", "1"});
    EXPECT_EQ(run.status, 1) << run.out << run.err;
    // --max 1: no batch begins after the first group, but the first batch (64 draws) is judged
    // whole. 5 of its draws have a -0 direction component with the origin on that axis's bound
    // (the flaw's rays, all hit by the closed box): 3 with the origin on a face, one on a corner,
    // one on an edge, each group shrunk to a ray from the origin with the -0 component:
    // along the box's z = 0 face (t in [0, 1], y from 0 to 1), out of a corner along +x and
    // out of a corner along -y (both leave at once: t = 0)
    EXPECT_EQ(run.out.rfind("hunt ray_aabb: slab_cpp_flawed (program " + kFlawedMiss +
                                ") vs the exact judge, double, values within 8 ulps, seed 1\n"
                                "1. 3 cases: slab_cpp_flawed misses where exact hits (distribution: origin on a face, "
                                "axis-parallel (+-0))\n"
                                "   smallest: origin [0, 0, 0], direction [0, 1, -0], box [0, 1] x [0, 1] x [-1, 0]\n"
                                "   slab_cpp_flawed: miss; exact: hit, t in [0, 1] (exact)\n"
                                "2. 1 case: slab_cpp_flawed misses where exact hits (distribution: origin on a "
                                "corner, axis-parallel (+-0))\n"
                                "   smallest: origin [0, 0, 0], direction [1, 0, -0], box [-1, 0] x [0, 1] x [0, 1]\n"
                                "   slab_cpp_flawed: miss; exact: hit, t in [0, 0] (exact)\n"
                                "3. 1 case: slab_cpp_flawed misses where exact hits (distribution: origin on an edge, "
                                "zero components)\n"
                                "   smallest: origin [0, 0, 0], direction [-0, -1, 0], box [0, 1]^3\n"
                                "   slab_cpp_flawed: miss; exact: hit, t in [0, 0] (exact)\n"
                                "64 cases in ",
                            0),
              0u)
        << run.out;
    EXPECT_NE(run.out.find("program batches of up to 8192, 1 thread), "), std::string::npos) << run.out;
    // found, and every case judged: the summary line ends without a conclusion
    EXPECT_TRUE(EndsWithSummary(run.out, ", 5 disagreeing or failed in 3 groups, ")) << run.out;
}

TEST(HuntExternal, AgainstABuiltInAlgorithm)
{
    const Outcome run =
        Hitlab({"hunt", "--family", "ray_aabb", "--a", "slab_cpp_flawed", "--external", kFlawedMiss, "--b", "slab",
                "--precision", "float", "--max", "1", "--seconds", "0", "--quiet", "--threads", "2"});
    EXPECT_EQ(run.status, 1) << run.out << run.err;
    // each thread stops after its first batch (64 draws, judged whole: --max 1 begins no other);
    // the report has both threads' groups. The first thread's draws are those of the one-thread
    // hunt above (3 on a face, 1 on a corner, 1 on an edge), the second's add 3: a corner, an edge,
    // and an origin drawn inside (on the x = 4 face: the eighths reach the bounds), each with a
    // -0 component on the origin's bound; 8 in 5 groups. slab hits each (as the judge does)
    EXPECT_NE(run.out.find(") vs slab, float, values within 8 ulps, seed 1\n"
                           "1. 3 cases: slab_cpp_flawed misses where slab hits (distribution: origin on a face, "
                           "axis-parallel (+-0))\n"
                           "   smallest: origin [0, 0, 0], direction [0, 1, -0], box [0, 1] x [0, 1] x [-1, 0]\n"
                           "   slab_cpp_flawed: miss; slab: hit, t in [0, 1]; exact: hit, t in [0, 1] (exact)\n"
                           "2. 2 cases: slab_cpp_flawed misses where slab hits (distribution: origin on a corner, "
                           "axis-parallel (+-0))\n"
                           "   smallest: origin [0, 0, 0], direction [1, 0, -0], box [-1, 0] x [0, 1] x [0, 1]\n"
                           "   slab_cpp_flawed: miss; slab: hit, t in [0, 0]; exact: hit, t in [0, 0] (exact)\n"
                           "3. 1 case: slab_cpp_flawed misses where slab hits (distribution: origin inside, zero "
                           "components)\n"
                           "   smallest: origin [0, 0, 0], direction [-0, 0, -1], box [0, 1] x [-1, 0] x [0, 1]\n"
                           "   slab_cpp_flawed: miss; slab: hit, t in [0, 0]; exact: hit, t in [0, 0] (exact)\n"
                           "4. 1 case: slab_cpp_flawed misses where slab hits (distribution: origin on an edge, "
                           "axis-parallel (+-0))\n"
                           "   smallest: origin [0, 0, 1], direction [0, 1, -0], box [0, 1] x [-1, 0] x [1, 2]\n"
                           "   slab_cpp_flawed: miss; slab: hit, t in [0, 0]; exact: hit, t in [0, 0] (exact)\n"
                           "5. 1 case: slab_cpp_flawed misses where slab hits (distribution: origin on an edge, "
                           "zero components)\n"
                           "   smallest: origin [0, 0, 0], direction [-0, -1, 0], box [0, 1]^3\n"
                           "   slab_cpp_flawed: miss; slab: hit, t in [0, 0]; exact: hit, t in [0, 0] (exact)\n"
                           "128 cases in "),
              std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find(", 2 threads), "), std::string::npos) << run.out;
    EXPECT_TRUE(EndsWithSummary(run.out, ", 8 disagreeing or failed in 5 groups, ")) << run.out;
}

TEST(HuntExternal, WithUlpsValueDisagreementsCount)
{
    // slab_cpp computes as the slab reference (float quotients, correctly rounded): 0.75 / 1.25 =
    // 3/5 is the float 0.6000000238418579, 2.4e-8 away, beyond 0.25 ulps of float at 0.6
    // (1.8e-8); the built-in hunt of slab with the same options finds it first too
    const Outcome run = Hitlab({"hunt", "--family", "ray_aabb", "--a", "slab_cpp", "--external", kCpp, "--ulps", "0.25",
                                "--precision", "float", "--max", "1", "--seconds", "0", "--quiet", "--threads", "1"});
    EXPECT_EQ(run.status, 1) << run.out << run.err;
    EXPECT_NE(run.out.find("\n1. 1 case: slab_cpp values differ: t_exit (distribution: origin on a corner, grid "
                           "direction)\n"
                           "   smallest: origin [0, 0, 0], direction [1.25, 0, 0], box [0, 0.75] x [0, 1] x [0, 1]\n"
                           "   slab_cpp: hit, t in [0, 0.6000000238418579]; exact: hit, t in [0, 3/5] (exact)\n"),
              std::string::npos)
        << run.out;
    // the first batch (64) has none, the second (128) is judged whole: 3 cases in 3 groups, as the
    // built-in hunt of slab finds them on the same draws (HuntPanelExternal's plugin hunt too)
    EXPECT_NE(run.out.find("\n192 cases in "), std::string::npos) << run.out;
    EXPECT_TRUE(EndsWithSummary(run.out, ", 3 disagreeing or failed in 3 groups, ")) << run.out;
}

TEST(HuntExternal, ACrashIsACounterexampleShrunkLikeAnyOther)
{
    const Outcome run = Hitlab({"hunt", "--family", "ray_aabb", "--a", "slab_cpp_flawed", "--external", kFlawedAbort,
                                "--max", "2", "--seconds", "0", "--quiet", "--threads", "1"});
    EXPECT_EQ(run.status, 1) << run.out << run.err;
    // the first batch judged whole (--max 2 begins no other): its 5 rays with a -0 component on
    // the origin's bound crash (the flaw's rays of the hunt above, same draws), each group shrunk
    // to the simplest ray that still crashes: a -0 component, the origin on that axis's bound
    EXPECT_NE(run.out.find("\n1. 3 cases: slab_cpp_flawed failed: crashed (distribution: origin on a face, "
                           "axis-parallel (+-0))\n"
                           "   smallest: origin [0, 0, 0], direction [0, 1, -0], box [0, 1] x [0, 1] x [-1, 0]\n"
                           "   slab_cpp_flawed: crashed: killed by signal 6 (Aborted); exact: hit, t in [0, 1] "
                           "(exact)\n"
                           "2. 1 case: slab_cpp_flawed failed: crashed (distribution: origin on a corner, "
                           "axis-parallel (+-0))\n"
                           "   smallest: origin [0, 0, 0], direction [1, 0, -0], box [-1, 0] x [0, 1] x [0, 1]\n"
                           "   slab_cpp_flawed: crashed: killed by signal 6 (Aborted); exact: hit, t in [0, 0] "
                           "(exact)\n"
                           "3. 1 case: slab_cpp_flawed failed: crashed (distribution: origin on an edge, zero "
                           "components)\n"
                           "   smallest: origin [0, 0, 0], direction [-0, 0, 1], box [0, 1]^3\n"
                           "   slab_cpp_flawed: crashed: killed by signal 6 (Aborted); exact: hit, t in [0, 1] "
                           "(exact)\n"
                           "64 cases in "),
              std::string::npos)
        << run.out;
    EXPECT_TRUE(EndsWithSummary(run.out, ", 5 disagreeing or failed in 3 groups, ")) << run.out;
}

TEST(HuntExternal, TheFlawlessProgramHasNoCounterexampleOnTheFlawsRays)
{
    // the same draws as the flawed one's hunts above, answered right
    const Outcome run = Hitlab({"hunt", "--family", "ray_aabb", "--a", "slab_cpp", "--external", "exec " + kCpp,
                                "--cases", "3000", "--seconds", "0", "--quiet", "--threads", "1"});
    EXPECT_EQ(run.status, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("\n3000 cases in "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find(", 0 disagreeing or failed in 0 groups, "), std::string::npos) << run.out;
}

/// The summary line's number before `what` ("24512 cases in" -> 24512), or -1.
long long NumberBefore(const std::string& out, const std::string& what)
{
    const std::size_t at = out.find(what);
    if (at == std::string::npos) {
        return -1;
    }
    std::size_t start = at;
    while (start > 0 && std::isdigit(static_cast<unsigned char>(out[start - 1])) != 0) {
        --start;
    }
    return start == at ? -1 : std::stoll(out.substr(start, at - start));
}

/// Seconds a call takes, on the wall clock.
template <class F>
double WallSeconds(F&& f)
{
    const auto start = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(HuntExternal, EveryCaseSentIsCountedUpToTheLastBatch)
{
    // the program's input is also copied to a file: every query line the hunt sent is a case it
    // counts (the batch that comes back after --seconds included), and with the flawless program
    // each was judged: none found
    const std::string log = testing::TempDir() + "hunt_external_sent_" + std::to_string(getpid()) + ".txt";
    std::filesystem::remove(log);
    const Outcome run =
        Hitlab({"hunt", "--family", "ray_aabb", "--a", "slab_cpp", "--external", "tee -a '" + log + "' | exec " + kCpp,
                "--seconds", "0.5", "--quiet", "--threads", "2"});
    EXPECT_EQ(run.status, 0) << run.out << run.err;
    std::ifstream sent(log);
    long long lines = 0;
    for (std::string line; std::getline(sent, line);) {
        ++lines;
    }
    EXPECT_GT(lines, 64);
    EXPECT_EQ(NumberBefore(run.out, " cases in "), lines) << run.out;
    EXPECT_NE(run.out.find(", 0 disagreeing or failed in 0 groups, "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find(" judgements: none found\n"), std::string::npos) << run.out;
}

TEST(HuntExternal, ASlowProgramIsInconclusiveWithinSecondsPlusOneTimeout)
{
    // each query line reaches the flawless program 0.2 s after the one before: by --seconds 1 plus
    // one --external-timeout 1 it has answered about 10 of the first batch's 64, and the others
    // are not judged, which is not "none found"
    const std::string slow = "while IFS= read -r l; do sleep 0.2; printf '%s\\n' \"$l\"; done | exec " + kCpp;
    Outcome run;
    const double wall = WallSeconds([&] {
        run = Hitlab({"hunt", "--family", "ray_aabb", "--a", "slab_cpp", "--external", slow, "--seconds", "1",
                      "--external-timeout", "1", "--quiet", "--threads", "1"});
    });
    EXPECT_EQ(run.status, 4) << run.out << run.err;
    EXPECT_LT(wall, 1 + 1 + 3.0) << run.out;
    EXPECT_EQ(run.out.find("none found"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("\n64 cases in "), std::string::npos) << run.out;
    const long long notJudged = NumberBefore(run.out, " of 64 cases not judged (the program had not answered them by "
                                                      "the time limit plus one answer timeout)\n");
    EXPECT_GE(notJudged, 40) << run.out;
    EXPECT_LT(notJudged, 64) << run.out;
    EXPECT_NE(run.out.find(" judgements: inconclusive, "), std::string::npos) << run.out;
}

TEST(HuntExternal, AHangIsACounterexampleAndTheHuntEndsWithinSecondsPlusOneTimeout)
{
    // a third of the draws perturb the scene's ray from x = 13, on which the program never
    // answers: each hang costs the 1 s timeout, so the first batch is still in flight at
    // --seconds 2; the hangs before 2 + 1 s are counterexamples, the cases after are not judged
    const std::string hang = "exec python3 '" + std::string(HITLAB_EXAMPLES) + "/misbehaving/misbehave.py' hang";
    Outcome run;
    const double wall = WallSeconds([&] {
        run = Hitlab({"hunt", "--family", "ray_aabb", "--a", "slab_misbehaving", "--external", hang, "--around",
                      WriteScene(), "--seconds", "2", "--external-timeout", "1", "--quiet", "--threads", "1"});
    });
    EXPECT_EQ(run.status, 1) << run.out << run.err;
    EXPECT_LT(wall, 2 + 1 + 3.0) << run.out;
    // one group, the hangs: kept as drawn (not shrunk), the simplest is the seed pair itself (the
    // first batch's second draw): from x = 13 along -x into x in [10, 12], t in [1, 3]
    const long long hangs = NumberBefore(run.out, " disagreeing or failed in 1 group, ");
    EXPECT_GE(hangs, 2) << run.out;
    EXPECT_NE(run.out.find("\n1. " + std::to_string(hangs) +
                           " cases: slab_misbehaving failed: timed out (distribution: around the seed pair)\n"
                           "   smallest: origin [13, 0.5, 0.5], direction [-1, 0, 0], box [10, 12] x [0, 1] x [0, 1]\n"
                           "   slab_misbehaving: timed out: no answer within 1 s; exact: hit, t in [1, 3] (exact)\n"),
              std::string::npos)
        << run.out;
    const long long cases = NumberBefore(run.out, " cases in ");
    EXPECT_EQ(cases, 64) << run.out;
    // found, and the cases after the stop time said after the finds
    const long long notJudged =
        NumberBefore(run.out, " of 64 cases not judged (the program had not answered them by the time limit plus "
                              "one answer timeout)\n");
    EXPECT_GT(notJudged, 0) << run.out;
    EXPECT_LE(notJudged, 64 - hangs) << run.out;
    EXPECT_NE(run.out.find(" judgements; " + std::to_string(notJudged) + " of 64 cases not judged ("),
              std::string::npos)
        << run.out;
}

TEST(HuntExternal, ToleranceCountsNearBoundaryDisagreementsApart)
{
    // the planted flaw is a ray in a face's plane: within any tolerance of the boundary, so with
    // --tolerance every disagreement of the same draws is near-boundary and none is found
    const std::vector<std::string> hunt = {
        "hunt",      "--family", "ray_aabb", "--a", "slab_cpp_flawed", "--external", kFlawedMiss, "--cases", "4000",
        "--seconds", "0",        "--max",    "0",   "--quiet",         "--threads",  "1"};
    const Outcome plain = Hitlab(hunt);
    EXPECT_EQ(plain.status, 1) << plain.out << plain.err;
    const long long disagreeing = NumberBefore(plain.out, " disagreeing or failed in ");
    EXPECT_GT(disagreeing, 10) << plain.out;
    std::vector<std::string> tolerant = hunt;
    tolerant.insert(tolerant.end(), {"--tolerance", "1e-9"});
    const Outcome near = Hitlab(tolerant);
    EXPECT_EQ(near.status, 0) << near.out << near.err;
    EXPECT_NE(near.out.find(", 0 disagreeing or failed in 0 groups, " + std::to_string(disagreeing) +
                            " within the tolerance of the boundary, "),
              std::string::npos)
        << near.out;
    EXPECT_NE(near.out.find(" judgements: none found\n"), std::string::npos) << near.out;
}

TEST(HuntExternal, WritesEachCounterexampleAsASceneAndNeverOverwrites)
{
    const std::filesystem::path dir = std::filesystem::path(testing::TempDir()) / "hunt_external_out";
    std::filesystem::remove_all(dir);
    const auto hunt = [&] {
        return Hitlab({"hunt", "--family", "ray_aabb", "--a", "slab_cpp_flawed", "--external", kFlawedMiss, "--max",
                       "1", "--seconds", "0", "--quiet", "--threads", "1", "-o", dir.string()});
    };
    const Outcome first = hunt(), second = hunt();
    ASSERT_EQ(first.status, 1) << first.err;
    ASSERT_EQ(second.status, 1) << second.err;
    // each run writes its 3 groups' scenes (FindsThePlantedFlawAndShrinksIt's): the first 1 to 3,
    // the second 4 to 6, and its test file beside the first's
    const auto scenePath = [&](int n) {
        return (dir / ("ray_aabb-slab_cpp_flawed-exact-1-" + std::to_string(n) + ".json")).string();
    };
    for (int n = 1; n <= 3; ++n) {
        EXPECT_NE(first.out.find("\n" + std::to_string(n) + ". "), std::string::npos) << first.out;
        EXPECT_NE(first.out.find("   scene: " + scenePath(n) + "\n"), std::string::npos) << first.out;
        EXPECT_NE(second.out.find("   scene: " + scenePath(n + 3) + "\n"), std::string::npos) << second.out;
        EXPECT_TRUE(std::filesystem::exists(scenePath(n + 3))) << scenePath(n + 3);
    }
    EXPECT_FALSE(std::filesystem::exists(scenePath(7)));
    EXPECT_EQ(first.out.find("\n4. "), std::string::npos) << first.out;
    EXPECT_NE(
        first.out.find("GoogleTest cases: " + (dir / "ray_aabb-slab_cpp_flawed-exact-1-tests.cpp").string() + "\n"),
        std::string::npos)
        << first.out;
    EXPECT_NE(
        second.out.find("GoogleTest cases: " + (dir / "ray_aabb-slab_cpp_flawed-exact-1-tests-2.cpp").string() + "\n"),
        std::string::npos)
        << second.out;
    const std::filesystem::path one = scenePath(1);
    const SceneLoad load = LoadSceneFile(one.string());
    ASSERT_TRUE(load.Ok()) << ErrorText(load.error);
    const Scene& scene = *load.scene;
    ASSERT_EQ(scene.Shapes().size(), 2u);
    EXPECT_EQ(std::get<Ray<double>>(scene.Shapes()[0].shape).origin, glm::dvec3(0, 0, 0));
    EXPECT_TRUE(std::signbit(std::get<Ray<double>>(scene.Shapes()[0].shape).direction.z)); // the -0 kept
    EXPECT_EQ(std::get<Aabb<double>>(scene.Shapes()[1].shape).min, glm::dvec3(0, 0, -1));
    EXPECT_EQ(scene.Settings(Family::RayAabb).drawn, &ReferenceAlgorithm(Family::RayAabb));
    EXPECT_NE(scene.description.find("slab_cpp_flawed: miss; exact: hit, t in [0, 1] (exact)"), std::string::npos)
        << scene.description;
    EXPECT_NE(scene.description.find("hitlab report SCENE --external '" + kFlawedMiss + "'"), std::string::npos)
        << scene.description;
}

TEST(HuntExternal, RefusesAnUnknownAlgorithmAndBothSources)
{
    const Outcome unknown = Hitlab({"hunt", "--family", "ray_aabb", "--a", "nope", "--external", kCpp});
    EXPECT_EQ(unknown.status, 2);
    EXPECT_EQ(unknown.err,
              "hitlab hunt: program '" + kCpp + "' has no ray_aabb algorithm \"nope\" (it has: slab_cpp)\n");
    const Outcome both =
        Hitlab({"hunt", "--family", "ray_aabb", "--a", "slab_cpp", "--external", kCpp, "--plugin", "x.so"});
    EXPECT_EQ(both.status, 2);
    EXPECT_EQ(both.err, "hitlab hunt: give either --plugin or --external, not both\n");
    const Outcome badB = Hitlab({"hunt", "--family", "ray_aabb", "--a", "slab_cpp", "--external", kCpp, "--b", "nope"});
    EXPECT_EQ(badB.status, 2);
    EXPECT_EQ(badB.err,
              "hitlab hunt: --b: no built-in ray_aabb algorithm \"nope\" (see hitlab algorithms --family ray_aabb)\n");
}

TEST(BenchExternal, TimesTheProgramBesideTheBuiltIns)
{
    const Outcome run =
        Hitlab({"bench", WriteScene(), "--rounds", "2", "--queries", "300", "--external", "exec " + kCpp});
    ASSERT_EQ(run.status, 0) << run.err;
    // the built-in ones first, then the program's, marked, with its queries per second
    const std::size_t builtIn = run.out.find("\n  slab_listing ");
    const std::size_t external = run.out.find("\n  slab_cpp* ");
    ASSERT_NE(builtIn, std::string::npos) << run.out;
    ASSERT_NE(external, std::string::npos) << run.out;
    EXPECT_LT(builtIn, external);
    const std::size_t note = run.out.find("\n  * slab_cpp (program exec " + kCpp + "): ");
    ASSERT_NE(note, std::string::npos) << run.out;
    const double perSecond = std::stod(run.out.substr(run.out.find("): ", note) + 3));
    EXPECT_GT(perSecond, 10.0) << run.out;
    EXPECT_NE(run.out.find(" queries/s at the median, transport included\n", note), std::string::npos);
    EXPECT_EQ(run.out.find("failed"), std::string::npos) << run.out;
}

TEST(BenchExternal, ARefusedProgramIsExitStatusTwo)
{
    const Outcome run = Hitlab({"bench", WriteScene(), "--external", "exit 4"});
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err, "hitlab bench: 'exit 4' exited with status 4 before its metadata line\n");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
