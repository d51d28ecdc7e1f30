// Tests of PluginProgram and hitlab-plugin-host (app/sources/plugin): the example plugins of
// examples/plugin loaded through the host, their metadata, batched answers compared bit for bit
// with HitLab's own slab reference, traces, and crashes, aborts, hangs and errors contained to the
// query they happened on.
#include "app/sources/plugin/plugin_program.h"
#include "app/sources/source_list.h"

#include "core/algorithm.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <span>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

std::string PluginFile(const std::string& name) { return std::string(HITLAB_PLUGIN_DIR) + "/" + name + ".so"; }

class Plugin : public testing::Test {
protected:
    void SetUp() override
    {
        setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
        // a sanitizer build of the host: let a SIGSEGV be a SIGSEGV
        setenv("ASAN_OPTIONS", "handle_segv=0:detect_leaks=1", 1);
    }
};

Query RayBox(glm::dvec3 origin, glm::dvec3 direction, glm::dvec3 lo, glm::dvec3 hi)
{
    return {Family::RayAabb, Ray<double>{origin, direction}, Aabb<double>{lo, hi}};
}

/// Seeded random rays from around the box [-1, 1]^3 towards points near it, some axis-parallel.
std::vector<Query> RandomQueries(std::size_t count)
{
    std::mt19937_64 rng(2024);
    std::uniform_real_distribution<double> far(-4, 4), near(-1.5, 1.5);
    std::vector<Query> out;
    for (std::size_t i = 0; i < count; ++i) {
        const glm::dvec3 origin(far(rng), far(rng), far(rng));
        glm::dvec3 direction = glm::dvec3(near(rng), near(rng), near(rng)) - origin;
        if (i % 7 == 0) {
            direction[int(i % 3)] = 0;
        }
        out.push_back(RayBox(origin, direction, glm::dvec3(-1), glm::dvec3(1)));
    }
    return out;
}

TEST_F(Plugin, ReadsTheMetadataOfTheSlabExample)
{
    PluginProgram plugin(PluginFile("ray_aabb_slab"));
    ASSERT_EQ(plugin.Start(), "");
    ASSERT_EQ(plugin.Algorithms().size(), 2u);
    const ExternalAlgorithm& slab = plugin.Algorithms()[0];
    EXPECT_EQ(slab.name, "slab_c");
    EXPECT_EQ(slab.family, Family::RayAabb);
    EXPECT_EQ(slab.title, "Slab method (C plugin example)");
    EXPECT_EQ(slab.returns, kCastFields);
    ASSERT_EQ(slab.conventions.size(), 5u);
    EXPECT_EQ(slab.conventions[0], (std::pair<std::string, std::string>{"origin_inside", "hit"}));
    EXPECT_EQ(slab.conventions[2], (std::pair<std::string, std::string>{"t_range", "t >= 0"}));
    EXPECT_EQ(slab.flaw, "");
    EXPECT_EQ(plugin.Algorithms()[1].name, "slab_c_outside");
    EXPECT_EQ(plugin.Algorithms()[1].conventions[0], (std::pair<std::string, std::string>{"origin_inside", "miss"}));
    EXPECT_TRUE(plugin.Has(0, Precision::Float));
    EXPECT_TRUE(plugin.Has(0, Precision::Double));
    EXPECT_TRUE(plugin.HasTrace(0, Precision::Double));
    EXPECT_FALSE(plugin.HasTrace(1, Precision::Double));
    EXPECT_STREQ(plugin.Kind(), "plugin");
}

TEST_F(Plugin, SlabExampleEqualsTheReferenceBitForBitInBothPrecisions)
{
    PluginProgram plugin(PluginFile("ray_aabb_slab"));
    ASSERT_EQ(plugin.Start(), "");
    // more than one round trip (kCapacity) and a partial last one
    const std::vector<Query> queries = RandomQueries(plugin::kCapacity + 1000);
    const AlgorithmInfo& reference = ReferenceAlgorithm(Family::RayAabb);
    for (const Precision precision : {Precision::Float, Precision::Double}) {
        std::vector<Result> out(queries.size());
        EXPECT_TRUE(plugin.Run(0, precision, queries, out).empty());
        int hits = 0;
        for (std::size_t i = 0; i < queries.size(); ++i) {
            const Result ref = hitlab::Run(reference, queries[i], precision);
            ASSERT_EQ(out[i].hit, ref.hit) << i;
            hits += ref.hit ? 1 : 0;
            if (ref.hit) {
                ASSERT_EQ(out[i].tEnter, ref.tEnter) << i;
                ASSERT_EQ(out[i].tExit, ref.tExit) << i;
                ASSERT_EQ(out[i].point, ref.point) << i;
                ASSERT_EQ(out[i].hasNormal, ref.hasNormal) << i;
                if (ref.hasNormal) {
                    ASSERT_EQ(out[i].normal, ref.normal) << i;
                }
            }
        }
        EXPECT_GT(hits, 1000); // the rays aim near the box: both verdicts are exercised
        EXPECT_LT(hits, int(queries.size()) - 1000);
    }
    EXPECT_EQ(plugin.Restarts(), 0);
}

TEST_F(Plugin, FloatQueriesAreRoundedToFloat)
{
    PluginProgram plugin(PluginFile("ray_aabb_slab"));
    ASSERT_EQ(plugin.Start(), "");
    // origin x = 0.1 from -0.1 to the face at 0.1: t = 0.2 in double; in float both are rounded
    // first, 0.1f - (-0.1f) = 0.2f (exactly 2 * 0.1f), direction 1: t_enter = 0.2f
    const std::vector<Query> q = {RayBox({-0.1, 0.5, 0.5}, {1, 0, 0}, {0.1, 0, 0}, {1, 1, 1})};
    std::vector<Result> out(1);
    ASSERT_TRUE(plugin.Run(0, Precision::Float, q, out).empty());
    EXPECT_EQ(out[0].tEnter, double(0.2f));
    EXPECT_EQ(out[0].tExit, double(1.0f + 0.1f));
    ASSERT_TRUE(plugin.Run(0, Precision::Double, q, out).empty());
    EXPECT_EQ(out[0].tEnter, 0.2);
    EXPECT_EQ(out[0].tExit, 1.1);
}

TEST_F(Plugin, TracesTheSlabs)
{
    PluginProgram plugin(PluginFile("ray_aabb_slab"));
    ASSERT_EQ(plugin.Start(), "");
    // from (-1, 0.5, 0.5) along +x into [0, 2]^3: x slab t in [1, 3]; y and z parallel and inside
    const ExternalAnswer a =
        plugin.Trace(0, Precision::Double, RayBox({-1, 0.5, 0.5}, {1, 0, 0}, {0, 0, 0}, {2, 2, 2}));
    ASSERT_TRUE(a.Ok()) << a.message;
    ASSERT_EQ(a.results.size(), 1u);
    const ExternalResult& r = a.results[0];
    EXPECT_EQ(r.name, "slab_c");
    EXPECT_TRUE(r.result.hit);
    EXPECT_EQ(r.result.tEnter, 1);
    EXPECT_EQ(r.result.tExit, 3);
    ASSERT_EQ(r.trace.size(), 3u);
    EXPECT_EQ(r.trace[0].caption, "x slab");
    ASSERT_EQ(r.trace[0].values.size(), 4u);
    EXPECT_EQ(r.trace[0].values[0], (std::pair<std::string, std::optional<double>>{"t_near", 1}));
    EXPECT_EQ(r.trace[0].values[1], (std::pair<std::string, std::optional<double>>{"t_far", 3}));
    EXPECT_EQ(r.trace[1].caption, "y slab");
    EXPECT_EQ(r.trace[1].values[0].second, -INFINITY);
    EXPECT_EQ(r.trace[2].values[3], (std::pair<std::string, std::optional<double>>{"t_exit", 3}));
    EXPECT_EQ(r.verdict, "Hit: the slabs' t intervals meet.");
}

/// 600 queries (three chunks of the host and more) that miss, with a misbehaving one at index bad.
std::vector<Query> WithOneBad(double x, std::size_t bad)
{
    std::vector<Query> q(600, RayBox({-5, 0.5, 0.5}, {-1, 0, 0}, {0, 0, 0}, {1, 1, 1}));
    q[bad] = RayBox({x, 0.5, 0.5}, {-1, 0, 0}, {0, 0, 0}, {1, 1, 1});
    return q;
}

void ExpectOnlyFailure(PluginProgram& plugin, double x, std::size_t bad, ExternalStatus status,
                       const std::string& message)
{
    const std::vector<Query> q = WithOneBad(x, bad);
    std::vector<Result> out(q.size(), Result{true});
    const std::vector<SourceFailure> failures = plugin.Run(0, Precision::Double, q, out);
    ASSERT_EQ(failures.size(), 1u);
    EXPECT_EQ(failures[0].index, bad);
    EXPECT_EQ(failures[0].status, status);
    EXPECT_EQ(failures[0].message, message);
    for (std::size_t i = 0; i < out.size(); ++i) {
        EXPECT_EQ(out[i].hit, i == bad && status == ExternalStatus::Error) << i; // every other one answered
    }
}

TEST_F(Plugin, ACrashFailsOnlyItsQueryAndTheHostIsRestarted)
{
    PluginProgram plugin(PluginFile("misbehave"));
    ASSERT_EQ(plugin.Start(), "");
    ExpectOnlyFailure(plugin, 13, 300, ExternalStatus::Crashed, "killed by signal 11 (Segmentation fault)");
    EXPECT_EQ(plugin.Restarts(), 2); // after the chunk failed, and after the query alone failed
    ExpectOnlyFailure(plugin, 14, 0, ExternalStatus::Crashed, "killed by signal 6 (Aborted)");
    ExpectOnlyFailure(plugin, 14, 599, ExternalStatus::Crashed, "killed by signal 6 (Aborted)");
    // 2 more per failure, except after the last query: the host is restarted when next needed
    EXPECT_EQ(plugin.Restarts(), 5);
    EXPECT_FALSE(plugin.Running());
}

TEST_F(Plugin, AHangTimesOutOnlyItsQuery)
{
    PluginProgram plugin(PluginFile("misbehave"), std::chrono::milliseconds(200));
    ASSERT_EQ(plugin.Start(), "");
    const auto start = std::chrono::steady_clock::now();
    ExpectOnlyFailure(plugin, 15, 257, ExternalStatus::TimedOut, "no answer within 0.2 s");
    // two timeouts: the chunk's, then the query's alone
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3));
}

TEST_F(Plugin, TheStopTimeCutsAHangAndWhatComesAfterItIsNotRun)
{
    // a 10 s timeout, but a stop time 0.3 s away: the hang at 257 is cut there, the queries from
    // its chunk's first unanswered one on are NotRun (no fault of the plugin: not TimedOut), and
    // nothing is begun or restarted after it
    PluginProgram plugin(PluginFile("misbehave"), std::chrono::seconds(10));
    ASSERT_EQ(plugin.Start(), "");
    const std::vector<Query> q = WithOneBad(15, 257);
    std::vector<Result> out(q.size(), Result{true});
    const auto start = std::chrono::steady_clock::now();
    plugin.SetStopTime(start + std::chrono::milliseconds(300));
    const std::vector<SourceFailure> failures = plugin.Run(0, Precision::Double, q, out);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    EXPECT_GE(elapsed, std::chrono::milliseconds(300));
    EXPECT_LT(elapsed, std::chrono::seconds(2));
    ASSERT_FALSE(failures.empty());
    // the host's progress counter may lag the calls it made: the cut is at 257 or a little before
    EXPECT_LE(failures[0].index, 257u);
    EXPECT_EQ(failures.size(), q.size() - failures[0].index);
    for (std::size_t i = 0; i < failures.size(); ++i) {
        EXPECT_EQ(failures[i].index, failures[0].index + i);
        EXPECT_EQ(failures[i].status, ExternalStatus::NotRun) << i;
        EXPECT_EQ(failures[i].message,
                  "not answered before the stop time (the time limit plus one answer timeout) or a cancel");
    }
    for (std::size_t i = 0; i < failures[0].index; ++i) {
        EXPECT_FALSE(out[i].hit) << i; // answered: the plugin misses them
    }
    EXPECT_FALSE(plugin.Running());
    // after the stop time nothing is begun: no restart, at once
    const auto again = std::chrono::steady_clock::now();
    EXPECT_EQ(plugin.Run(0, Precision::Double, std::span(q).first(3), std::span(out).first(3)).size(), 3u);
    EXPECT_LT(std::chrono::steady_clock::now() - again, std::chrono::milliseconds(100));
    EXPECT_EQ(plugin.Restarts(), 0);
}

TEST_F(Plugin, AnErrorCodeIsThatQuerysErrorAndTheHostKeepsRunning)
{
    PluginProgram plugin(PluginFile("misbehave"));
    ASSERT_EQ(plugin.Start(), "");
    ExpectOnlyFailure(plugin, 16, 5, ExternalStatus::Error, "the plugin set error code 7");
    EXPECT_EQ(plugin.Restarts(), 0);
    EXPECT_TRUE(plugin.Running());
}

TEST_F(Plugin, TheHostOutlivesTheThreadThatStartedIt)
{
    // the window starts hosts on worker threads that end; the host must keep running
    PluginProgram plugin(PluginFile("ray_aabb_slab"));
    std::string started = "not run";
    std::thread([&] { started = plugin.Start(); }).join();
    ASSERT_EQ(started, "");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const std::vector<Query> q = {RayBox({-1, 0.5, 0.5}, {1, 0, 0}, {0, 0, 0}, {1, 1, 1})};
    std::vector<Result> out(1);
    EXPECT_TRUE(plugin.Run(0, Precision::Double, q, out).empty());
    EXPECT_EQ(out[0].tEnter, 1);
    EXPECT_EQ(plugin.Restarts(), 0); // the same host answered
}

/// The pids of the processes named hitlab-plugin-host (comm is cut at 15 characters) whose parent
/// is parent.
std::vector<pid_t> HostsOf(pid_t parent)
{
    std::vector<pid_t> hosts;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        std::ifstream stat(entry.path() / "stat");
        std::string line;
        if (!std::getline(stat, line) || line.find("(hitlab-plugin-h)") == std::string::npos) {
            continue;
        }
        std::istringstream rest(line.substr(line.rfind(')') + 2));
        char state = 0;
        pid_t ppid = 0;
        rest >> state >> ppid;
        if (ppid == parent && state != 'Z') {
            hosts.push_back(pid_t(std::stoi(entry.path().filename().string())));
        }
    }
    return hosts;
}

/// Whether pid is a process that has not ended (a zombie has ended).
bool Running(pid_t pid)
{
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    return std::getline(stat, line) && line[line.rfind(')') + 2] != 'Z';
}

TEST_F(Plugin, AHostInAHangingCallEndsWithHitLab)
{
    int ready[2];
    ASSERT_EQ(pipe(ready), 0);
    const pid_t hitlab = fork();
    ASSERT_GE(hitlab, 0);
    if (hitlab == 0) { // a HitLab that starts a host, asks it a query that hangs, and is killed
        PluginProgram plugin(PluginFile("misbehave"), std::chrono::seconds(60));
        if (!plugin.Start().empty() || write(ready[1], "1", 1) != 1) {
            _exit(1);
        }
        const std::vector<Query> q = {RayBox({15, 0.5, 0.5}, {-1, 0, 0}, {0, 0, 0}, {1, 1, 1})};
        std::vector<Result> out(1);
        plugin.Run(0, Precision::Double, q, out);
        _exit(2);
    }
    char byte = 0;
    ASSERT_EQ(read(ready[0], &byte, 1), 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(300)); // the host is in the hanging call
    const std::vector<pid_t> hosts = HostsOf(hitlab);
    ASSERT_EQ(hosts.size(), 1u);
    kill(hitlab, SIGKILL);
    waitpid(hitlab, nullptr, 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (Running(hosts[0]) && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    EXPECT_FALSE(Running(hosts[0])) << "the host of a killed HitLab is still running";
    if (Running(hosts[0])) {
        kill(hosts[0], SIGKILL);
    }
    close(ready[0]);
    close(ready[1]);
}

TEST_F(Plugin, EvaluateAnswersLikeAnExternalProgram)
{
    PluginProgram plugin(PluginFile("ray_aabb_slab"));
    ASSERT_EQ(plugin.Start(), "");
    // from inside [0, 1]^3: slab_c hits at t = 0, leaving at x = 1 (t = 0.5); slab_c_outside misses
    const Query inside = RayBox({0.5, 0.5, 0.5}, {1, 0, 0}, {0, 0, 0}, {1, 1, 1});
    const std::vector<ExternalQuery> queries = {{inside, Precision::Float, {"slab_c_outside", "slab_c"}},
                                                {inside, Precision::Double, {"slab_c"}}};
    const std::vector<ExternalAnswer> answers = plugin.Evaluate(queries);
    ASSERT_EQ(answers.size(), 2u);
    ASSERT_TRUE(answers[0].Ok()) << answers[0].message;
    ASSERT_EQ(answers[0].results.size(), 2u);
    EXPECT_EQ(answers[0].results[0].name, "slab_c_outside");
    EXPECT_FALSE(answers[0].results[0].result.hit);
    EXPECT_EQ(answers[0].results[1].name, "slab_c");
    EXPECT_TRUE(answers[0].results[1].result.hit);
    EXPECT_EQ(answers[0].results[1].result.tEnter, 0);
    EXPECT_EQ(answers[0].results[1].result.tExit, 0.5);
    EXPECT_FALSE(answers[0].results[1].result.hasNormal);
    ASSERT_TRUE(answers[1].Ok());
    EXPECT_EQ(answers[1].results[0].result.tExit, 0.5);
}

TEST_F(Plugin, AVersion2PluginStillLoadsAndItsShorterResultsArriveInOrder)
{
    // misbehave.c built as a version 2 plugin writes its results at version 2's stride (160 bytes in
    // double, 92 in float; version 3's are 224 and 124): the host copies them, so the second and
    // third answers are the second and third queries', not bytes of the first's. overlap_length_depth:
    // [0, 1]^3 against [0.5, 1.5] x [0, 1]^2 overlaps by 0.5, against [0.75, 1.75] x ... by 0.25,
    // against [2, 3] x ... not at all.
    PluginProgram plugin(PluginFile("v2_abi"));
    ASSERT_EQ(plugin.Start(), "");
    std::size_t overlap = plugin.Algorithms().size();
    for (std::size_t i = 0; i < plugin.Algorithms().size(); ++i) {
        overlap = plugin.Algorithms()[i].name == "overlap_length_depth" ? i : overlap;
    }
    ASSERT_LT(overlap, plugin.Algorithms().size());
    const Aabb<double> unit{{0, 0, 0}, {1, 1, 1}};
    const std::vector<Query> queries = {{Family::AabbAabb, unit, Aabb<double>{{0.5, 0, 0}, {1.5, 1, 1}}},
                                        {Family::AabbAabb, unit, Aabb<double>{{0.75, 0, 0}, {1.75, 1, 1}}},
                                        {Family::AabbAabb, unit, Aabb<double>{{2, 0, 0}, {3, 1, 1}}}};
    for (Precision precision : {Precision::Double, Precision::Float}) {
        std::vector<Result> out(queries.size());
        EXPECT_TRUE(plugin.Run(overlap, precision, queries, out).empty());
        EXPECT_TRUE(out[0].hit);
        EXPECT_EQ(out[0].depth, 0.5);
        EXPECT_TRUE(out[1].hit);
        EXPECT_EQ(out[1].depth, 0.25);
        EXPECT_FALSE(out[2].hit);
        EXPECT_EQ(out[2].depth, 0);
    }
}

TEST_F(Plugin, RefusesAWrongAbiAMissingFileAndAClash)
{
    PluginProgram wrong(PluginFile("wrong_abi"));
    EXPECT_EQ(wrong.Start(),
              "plugin '" + PluginFile("wrong_abi") + "': plugin ABI version 99, this HitLab supports versions 2 to 3");
    PluginProgram old(PluginFile("old_abi"));
    EXPECT_EQ(old.Start(),
              "plugin '" + PluginFile("old_abi") +
                  "': plugin ABI version 1, this HitLab supports versions 2 to 3 (rebuild the plugin against "
                  "this HitLab's include/hitlab/plugin.h; version 2 added triangles and meshes and "
                  "changed the result struct's layout)");
    PluginProgram missing("/nonexistent/plugin.so");
    EXPECT_EQ(missing.Start(), "plugin '/nonexistent/plugin.so': cannot load: /nonexistent/plugin.so: cannot open "
                               "shared object file: No such file or directory");
    const std::string slab = PluginFile("ray_aabb_slab");
    std::string error;
    EXPECT_TRUE(StartSources({}, {slab, slab}, kExternalTimeout, error).empty());
    EXPECT_EQ(error, "metadata line of '" + slab + "': [0].name: ray_aabb/slab_c of '" + slab +
                         "' clashes with the external algorithm ray_aabb/slab_c of '" + slab + "'");
}

TEST_F(Plugin, AMissingHostIsAClearError)
{
    setenv("HITLAB_PLUGIN_HOST", "/nonexistent/hitlab-plugin-host", 1);
    PluginProgram plugin(PluginFile("ray_aabb_slab"));
    EXPECT_EQ(plugin.Start(), "cannot run the plugin host '/nonexistent/hitlab-plugin-host' (No such file or "
                              "directory; it is installed beside hitlab, or set HITLAB_PLUGIN_HOST)");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
