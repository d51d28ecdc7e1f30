// The one loop every per-query benchmark runs, so that algorithms and peers compare like with like:
// one a-shape per iteration (cycling through the workload) against every b-shape of the family,
// hits counted (DoNotOptimize on the count only, so the loop can pipeline), items = tests.
#pragma once

#include "workload.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace hitlab::bench {

/// Runs `prepare(a)` once per a-shape (per-ray setup, such as Bullet's inverse direction and signs),
/// then the test it returns, `test(b) -> bool`, for every b-shape. Reports items_per_second = tests
/// per second and the hit fraction as the counter `hit_rate` (alike for algorithms that share a
/// convention: a quick check that a benchmark measures what it claims).
template <typename A, typename B, typename Prepare>
void RunPairs(benchmark::State& state, const std::vector<A>& as, const std::vector<B>& bs, Prepare prepare)
{
    std::size_t index = 0;
    std::int64_t hits = 0;
    for (auto _ : state) {
        const auto test = prepare(as[index]);
        index = index + 1 == as.size() ? 0 : index + 1;
        std::int64_t count = 0;
        for (const B& b : bs) {
            count += test(b) ? 1 : 0;
        }
        hits += count;
        benchmark::DoNotOptimize(hits);
    }
    const auto tests = static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bs.size());
    state.SetItemsProcessed(tests);
    state.counters["hit_rate"] = tests > 0 ? double(hits) / double(tests) : 0.0;
}

/// RunPairs for a library loop that takes one a-shape and every b-shape at once and returns the
/// hit count (a box loop dispatched to an instruction set at run time): the same items and hit_rate.
template <typename A, typename Hits>
void RunPerShape(benchmark::State& state, const std::vector<A>& as, std::size_t bCount, Hits countHits)
{
    std::size_t index = 0;
    std::int64_t hits = 0;
    for (auto _ : state) {
        hits += countHits(as[index]);
        index = index + 1 == as.size() ? 0 : index + 1;
        benchmark::DoNotOptimize(hits);
    }
    const auto tests = static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bCount);
    state.SetItemsProcessed(tests);
    state.counters["hit_rate"] = tests > 0 ? double(hits) / double(tests) : 0.0;
}

/// Registers a benchmark with an explicit name (peers: `peer/<library>_<function>`) running
/// test(a, b) -> bool over as x bs.
template <typename A, typename B, typename Test>
void RegisterNamed(const std::string& name, const std::vector<A>& as, const std::vector<B>& bs, Test test)
{
    benchmark::RegisterBenchmark(name.c_str(), [&as, &bs, test](benchmark::State& state) {
        RunPairs(state, as, bs, [test](const A& a) { return [&a, test](const B& b) -> bool { return test(a, b); }; });
    });
}

/// Warns on stderr when the registry has no algorithm `name` in `family`, so that benchmark names
/// stay those of `hitlab algorithms`.
void CheckAlgorithmName(const char* family, const char* name);

/// Registers `<family>/<algorithm>/<float|double>` running test(a, b) -> bool over as x bs.
template <typename T, typename A, typename B, typename Test>
void RegisterAlgorithm(const char* family, const char* algorithm, const std::vector<A>& as, const std::vector<B>& bs,
                       Test test)
{
    CheckAlgorithmName(family, algorithm);
    const char* scalar = std::is_same_v<T, float> ? "float" : "double";
    RegisterNamed(std::string(family) + "/" + algorithm + "/" + scalar, as, bs, test);
}

/// Registers `<family>/<algorithm>/<float|double>` with per-a-shape setup done once per a-shape,
/// as for the peers (Bullet's inverse direction): prepare(a) outside the b loop, then
/// test(prepared, b) -> bool for every b-shape.
template <typename T, typename A, typename B, typename Prepare, typename Test>
void RegisterAlgorithmPrepared(const char* family, const char* algorithm, const std::vector<A>& as,
                               const std::vector<B>& bs, Prepare prepare, Test test)
{
    CheckAlgorithmName(family, algorithm);
    const std::string name =
        std::string(family) + "/" + algorithm + "/" + (std::is_same_v<T, float> ? "float" : "double");
    benchmark::RegisterBenchmark(name.c_str(), [&as, &bs, prepare, test](benchmark::State& state) {
        RunPairs(state, as, bs, [prepare, test](const A& a) {
            return [p = prepare(a), test](const B& b) -> bool { return test(p, b); };
        });
    });
}

} // namespace hitlab::bench
