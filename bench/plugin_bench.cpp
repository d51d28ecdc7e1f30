// Throughput of a plugin through hitlab-plugin-host (docs/plugins.md): the C example
// (examples/plugin/ray_aabb_slab.c, slab_c) answering ray_aabb queries in batches of
// plugin::kCapacity per round trip. items_per_second = queries per second, wall time (the plugin
// runs in the host process).
//   plugin/ray_aabb/slab_c/{float,double}: the transport alone (queries written into the shared
//     region, the host's calls, results read back), on the hunt's draws;
//   hunt/plugin/ray_aabb: the same queries judged as the hunt judges them (FastVerdict, GMP when
//     it cannot decide) and compared with the plugin's verdicts: the hunt of a plugin against the
//     exact judge, without shrinking, on one thread.
//   peer/<engine>_<function>: an engine plugin of plugins/ (Bullet, FCL, ODE, Box2D) on the hunt's
//     draws of its family, through the host as above, double precision.
#include "app/sources/plugin/plugin_program.h"
#include "core/exact/exact.h"
#include "core/exact/hunt_detail.h"

#include <benchmark/benchmark.h>

#include <cstdlib>

namespace hitlab {
namespace {

/// The hunt's draws of a family (its boundary-finding distributions), seeded.
std::vector<Query> Draws(std::size_t count, Precision precision, std::uint64_t seed, Family family = Family::RayAabb)
{
    hunt::Rng rng(seed);
    std::vector<Query> out(count);
    const char* distribution = nullptr;
    for (Query& q : out) {
        q = hunt::Draw(family, rng, precision, std::nullopt, &distribution);
    }
    return out;
}

std::unique_ptr<PluginProgram> StartExample(benchmark::State& state)
{
    setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 0);
    auto plugin = std::make_unique<PluginProgram>(HITLAB_PLUGIN_SLAB);
    if (const std::string error = plugin->Start(); !error.empty()) {
        state.SkipWithError(error.c_str());
        return nullptr;
    }
    return plugin;
}

void Transport(benchmark::State& state, Precision precision)
{
    const auto plugin = StartExample(state);
    if (plugin == nullptr) {
        return;
    }
    const std::vector<Query> queries = Draws(std::size_t(state.range(0)), precision, 7);
    std::vector<Result> out(queries.size());
    std::int64_t hits = 0;
    for (auto _ : state) {
        if (!plugin->Run(0, precision, queries, out).empty()) {
            state.SkipWithError("the plugin failed a query");
            return;
        }
        hits += out[0].hit ? 1 : 0;
    }
    benchmark::DoNotOptimize(hits);
    state.SetItemsProcessed(std::int64_t(state.iterations()) * state.range(0));
}

void HuntVsExact(benchmark::State& state)
{
    const auto plugin = StartExample(state);
    if (plugin == nullptr) {
        return;
    }
    const Precision precision = Precision::Double;
    std::uint64_t seed = 1;
    std::int64_t cases = 0, disagreements = 0, gmp = 0;
    std::vector<Result> out(std::size_t(state.range(0)));
    for (auto _ : state) {
        state.PauseTiming(); // drawing is the hunt's own cost, the same for any algorithm
        const std::vector<Query> queries = Draws(out.size(), precision, ++seed);
        state.ResumeTiming();
        if (!plugin->Run(0, precision, queries, out).empty()) {
            state.SkipWithError("the plugin failed a query");
            return;
        }
        for (std::size_t i = 0; i < queries.size(); ++i) {
            std::optional<bool> exact = FastVerdict(queries[i]);
            if (!exact) {
                ++gmp;
                exact = JudgeExact(queries[i]).hit;
            }
            disagreements += *exact != out[i].hit ? 1 : 0;
        }
        cases += std::int64_t(queries.size());
    }
    state.SetItemsProcessed(cases);
    state.counters["disagreements"] = double(disagreements);
    state.counters["gmp_share"] = cases > 0 ? double(gmp) / double(cases) : 0.0;
}

/// An engine plugin's algorithm (plugins/, by file name in the build tree) on its family's draws.
void Peer(benchmark::State& state, const char* engine, Family family, const char* algorithm)
{
    setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 0);
    PluginProgram plugin(std::string(HITLAB_ENGINE_PLUGIN_DIR) + "/" + engine + ".so");
    if (const std::string error = plugin.Start(); !error.empty()) {
        state.SkipWithError(error.c_str()); // an engine whose package was missing: not built
        return;
    }
    int index = -1;
    for (std::size_t i = 0; i < plugin.Algorithms().size(); ++i) {
        const ExternalAlgorithm& a = plugin.Algorithms()[i];
        index = a.name == algorithm && a.family == family ? int(i) : index;
    }
    if (index < 0) {
        state.SkipWithError("the plugin has no such algorithm");
        return;
    }
    const std::vector<Query> queries = Draws(std::size_t(state.range(0)), Precision::Double, 7, family);
    std::vector<Result> out(queries.size());
    std::int64_t hits = 0;
    for (auto _ : state) {
        const auto failures = plugin.Run(std::size_t(index), Precision::Double, queries, out);
        hits += (out[0].hit ? 1 : 0) + std::int64_t(failures.size());
    }
    benchmark::DoNotOptimize(hits);
    state.SetItemsProcessed(std::int64_t(state.iterations()) * state.range(0));
}

BENCHMARK_CAPTURE(Peer, bullet_btRayAabb2, "bullet", Family::RayAabb, "bullet_ray_aabb2")
    ->Name("peer/bullet_btRayAabb2")
    ->Arg(65536)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Peer, bullet_rayTestSingle, "bullet", Family::RayAabb, "bullet_ray_test")
    ->Name("peer/bullet_rayTestSingle")
    ->Arg(65536)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Peer, ode_ray_box, "ode", Family::RayAabb, "ode_ray_box")
    ->Name("peer/ode_dCollide_ray_box")
    ->Arg(65536)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Peer, fcl_obb_obb, "fcl", Family::ObbObb, "fcl_box_box")
    ->Name("peer/fcl_obb_obb")
    ->Arg(65536)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Peer, bullet_obb_obb, "bullet", Family::ObbObb, "bullet_box_box")
    ->Name("peer/bullet_box_box")
    ->Arg(65536)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Peer, ode_obb_obb, "ode", Family::ObbObb, "ode_box_box")
    ->Name("peer/ode_dCollide_box_box")
    ->Arg(65536)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

BENCHMARK_CAPTURE(Transport, double, Precision::Double)
    ->Name("plugin/ray_aabb/slab_c/double")
    ->Arg(65536)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Transport, float, Precision::Float)
    ->Name("plugin/ray_aabb/slab_c/float")
    ->Arg(65536)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(HuntVsExact)->Name("hunt/plugin/ray_aabb")->Arg(65536)->UseRealTime()->Unit(benchmark::kMillisecond);

} // namespace
} // namespace hitlab
