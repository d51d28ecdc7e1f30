// The disagreement search and the dense ray view. items_per_second = cases compared per
// second (a case = one ray against one box, or one query through both sides), on one thread
// unless the name ends in /threads:N.
// - hunt/ray_aabb/batched_pair: the hunt's vectorised inner step alone: one ray against a pool of
//   4096 boxes through both vectorised kernels (core/batch's slab_branchless and the hunt's
//   vectorised reference slab) and a byte compare.
// - hunt/ray_aabb/batched_hunt: RunHunt's whole batched loop (drawing boxes and rays included).
// - hunt/ray_aabb/scalar_vs_batched: core/batch's kernel against the scalar reference (RayAabbSlab
//   called per box): one side scalar.
// - hunt/<family>/scalar_hunt: RunHunt's scalar loop (draw a query, run both sides through the
//   registry) for slab vs slab_branchless, and vs the exact judge (interval filter, GMP when unsure).
// - hunt/ray_aabb/{scalar_hunt_vs_exact,batched_hunt}/threads:N: the same hunts on N threads
//   (HuntOptions::threads), in real time, so that the ratio of /threads:2 to /threads:1 is the
//   speed-up of `hitlab hunt --threads 2`; the CPU column is the whole process's (every thread),
//   which stays the same from 1 to 2 threads when the threads share no work and wait on nothing.
// - ray_fan/ray_aabb/256: ComputeRayFan at 256 x 256 (two and all seven algorithms).
#include "core/batch/ray_aabb_batch.h"
#include "core/exact/hunt.h"
#include "core/exact/hunt_detail.h"
#include "core/ray_aabb.h"
#include "core/ray_fan.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

namespace hitlab {
namespace {

constexpr std::size_t kPool = 4096;

struct Pool {
    std::vector<Aabb<float>> boxes = std::vector<Aabb<float>>(kPool);
    AabbSoA soa;
    std::vector<Ray<float>> rays;
    Pool()
    {
        hunt::Rng rng(1);
        hunt::DrawBoxes(rng, boxes);
        soa.Assign(boxes);
        const char* what = "";
        for (int i = 0; i < 256; ++i) {
            rays.push_back(hunt::DrawRay(rng, &what));
        }
    }
};

const Pool& GetPool()
{
    static const Pool pool;
    return pool;
}

void BatchedPair(benchmark::State& state)
{
    const Pool& p = GetPool();
    std::vector<std::uint8_t> a(kPool), b(kPool);
    std::size_t i = 0;
    std::int64_t differ = 0;
    for (auto _ : state) {
        const Ray<float>& ray = p.rays[i++ & 255];
        RayAabbBatch(ray, p.soa, std::numeric_limits<float>::infinity(), a.data());
        hunt::RayAabbSlabBatch(ray, p.soa, b.data());
        differ += std::memcmp(a.data(), b.data(), kPool) != 0 ? 1 : 0;
        benchmark::DoNotOptimize(differ);
    }
    state.SetItemsProcessed(state.iterations() * std::int64_t(kPool));
}
BENCHMARK(BatchedPair)->Name("hunt/ray_aabb/batched_pair");

void ScalarVsBatched(benchmark::State& state)
{
    const Pool& p = GetPool();
    std::vector<std::uint8_t> a(kPool);
    std::size_t i = 0;
    std::int64_t differ = 0;
    for (auto _ : state) {
        const Ray<float>& ray = p.rays[i++ & 255];
        RayAabbBatch(ray, p.soa, std::numeric_limits<float>::infinity(), a.data());
        for (std::size_t k = 0; k < kPool; ++k) {
            differ += (a[k] != 0) != RayAabbSlab(ray, p.boxes[k]).hit ? 1 : 0;
        }
        benchmark::DoNotOptimize(differ);
    }
    state.SetItemsProcessed(state.iterations() * std::int64_t(kPool));
}
BENCHMARK(ScalarVsBatched)->Name("hunt/ray_aabb/scalar_vs_batched");

void Hunt(benchmark::State& state, HuntOptions o)
{
    std::uint64_t cases = 0;
    for (auto _ : state) {
        o.seed += 1;
        const HuntReport r = RunHunt(o);
        cases += r.progress.cases;
    }
    state.SetItemsProcessed(std::int64_t(cases));
}

HuntOptions Options(Family family, const char* a, const char* b, Precision precision, std::uint64_t cases)
{
    HuntOptions o;
    o.family = family;
    o.a = a;
    o.b = b;
    o.precision = precision;
    o.maxCases = cases;
    o.maxSeconds = 0;
    o.maxCounterexamples = 0;
    o.shrink = false;
    o.valueUlps = 0; // verdicts only (--verdict-only): the vectorised path runs, as measured before
    return o;
}

BENCHMARK_CAPTURE(Hunt, batched, Options(Family::RayAabb, "slab", "slab_branchless", Precision::Float, 1 << 24))
    ->Name("hunt/ray_aabb/batched_hunt")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Hunt, scalar, Options(Family::RayAabb, "slab", "slab_branchless", Precision::Double, 1 << 20))
    ->Name("hunt/ray_aabb/scalar_hunt")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Hunt, exact, Options(Family::RayAabb, "slab", "", Precision::Double, 1 << 20))
    ->Name("hunt/ray_aabb/scalar_hunt_vs_exact")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Hunt, sphere_exact, Options(Family::RaySphere, "quadratic_stable", "", Precision::Double, 1 << 20))
    ->Name("hunt/ray_sphere/scalar_hunt_vs_exact")
    ->Unit(benchmark::kMillisecond);

/// The same hunts on 1 and 2 threads (real time: the wall clock is what threads save; CPU time of
/// every thread: what they cost).
void HuntOnThreads(benchmark::State& state, HuntOptions o)
{
    o.threads = unsigned(state.range(0));
    std::uint64_t cases = 0;
    for (auto _ : state) {
        o.seed += 1;
        const HuntReport r = RunHunt(o);
        cases += r.progress.cases;
    }
    state.SetItemsProcessed(std::int64_t(cases));
}
BENCHMARK_CAPTURE(HuntOnThreads, exact, Options(Family::RayAabb, "slab", "", Precision::Double, 1 << 20))
    ->Name("hunt/ray_aabb/scalar_hunt_vs_exact")
    ->ArgNames({"threads"})
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();
BENCHMARK_CAPTURE(HuntOnThreads, batched,
                  Options(Family::RayAabb, "slab", "slab_branchless", Precision::Float, 1 << 24))
    ->Name("hunt/ray_aabb/batched_hunt")
    ->ArgNames({"threads"})
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();

void Fan(benchmark::State& state)
{
    RayFanOptions o;
    o.origin = {0.3, 0.4, -3};
    o.target = Aabb<double>{{0, 0, 0}, {1, 1, 1}};
    o.n = 256;
    o.threads = int(state.range(1));
    if (state.range(0) == 2) {
        o.algorithms = {FindAlgorithm(Family::RayAabb, "slab_branchless"), FindAlgorithm(Family::RayAabb, "slab")};
    }
    for (auto _ : state) {
        const RayFan fan = ComputeRayFan(o);
        benchmark::DoNotOptimize(fan.samples.data());
    }
    state.SetItemsProcessed(state.iterations() * 256 * 256);
}
BENCHMARK(Fan)
    ->Name("ray_fan/ray_aabb/256")
    ->ArgNames({"algorithms", "threads"})
    ->Args({2, 1})
    ->Args({7, 1})
    ->Args({2, 2})
    ->Args({7, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace
} // namespace hitlab
