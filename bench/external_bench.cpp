// Throughput of an external program through ExternalProgram (docs/plugins.md): the C++ example
// (examples/external/ray_aabb_cpp.cpp) answering ray_aabb queries, pipelined in one Evaluate call
// per iteration. items_per_second = queries per second, the whole round trip included (writing
// the query line, the program's parse, slab and answer, reading and checking the answer), in wall
// time: the program runs in its own process, so the benchmark thread's CPU time would flatter it.
#include "app/sources/program/external_program.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <iostream>
#include <random>

namespace hitlab {
namespace {

/// Seeded random rays from outside the box [-1, 1]^3 towards points near it.
std::vector<ExternalQuery> Queries(std::size_t count, Precision precision)
{
    std::mt19937_64 rng(12345);
    std::uniform_real_distribution<double> far(-4, 4), near(-1.5, 1.5);
    std::vector<ExternalQuery> out(count);
    for (ExternalQuery& q : out) {
        const glm::dvec3 origin(far(rng), far(rng), far(rng));
        const glm::dvec3 target(near(rng), near(rng), near(rng));
        q.query.family = Family::RayAabb;
        q.query.a = Ray<double>{origin, target - origin};
        q.query.b = Aabb<double>{glm::dvec3(-1), glm::dvec3(1)};
        q.precision = precision;
        q.algorithms = {"slab_cpp"};
    }
    return out;
}

void PipelinedQueries(benchmark::State& state, Precision precision)
{
    ExternalProgram program(std::string("'") + HITLAB_RAY_AABB_CPP + "'");
    if (const std::string error = program.Start(); !error.empty()) {
        state.SkipWithError(error.c_str());
        return;
    }
    const std::vector<ExternalQuery> queries = Queries(std::size_t(state.range(0)), precision);
    std::int64_t hits = 0;
    for (auto _ : state) {
        const std::vector<ExternalAnswer> answers = program.Evaluate(queries);
        for (const ExternalAnswer& a : answers) {
            if (!a.Ok()) {
                state.SkipWithError(a.message.c_str());
                return;
            }
            hits += a.results[0].result.hit ? 1 : 0;
        }
    }
    const auto items = std::int64_t(state.iterations()) * state.range(0);
    state.SetItemsProcessed(items);
    state.counters["hit_rate"] = items > 0 ? double(hits) / double(items) : 0.0;
}

BENCHMARK_CAPTURE(PipelinedQueries, double, Precision::Double)
    ->Name("external/ray_aabb/slab_cpp/double")
    ->Arg(10000)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(PipelinedQueries, float, Precision::Float)
    ->Name("external/ray_aabb/slab_cpp/float")
    ->Arg(10000)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

} // namespace
} // namespace hitlab
