// capture/record/<family>: the recording call of include/hitlab/capture.h, ns per recorded query,
// amortised over the 64 KiB buffer's flushes to a real file (the temporary directory). The queries
// are the family's workload, each a-shape against every b-shape as every per-query benchmark runs
// them, with the answers of a plain slab test (computed before timing). /unique records queries that
// never repeat a shape (the recorder's worst case: every number formatted); /ring into a ring of 4096.
#define HITLAB_CAPTURE_IMPLEMENTATION
#include "hitlab/capture.h"

#include "harness.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <random>
#include <string>

namespace hitlab::bench {
namespace {

/// One recorded ray_aabb query: the shapes' numbers and the engine's answer.
struct RayAabbCase {
    double origin[3], direction[3], min[3], max[3];
    int hit;
    double tEnter, tExit;
};

/// A plain slab test (the engine being recorded): its answer, NaN t values on a miss.
void Answer(RayAabbCase& c)
{
    double t0 = 0, t1 = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 3; ++i) {
        const double inv = 1 / c.direction[i];
        double near = (c.min[i] - c.origin[i]) * inv, far = (c.max[i] - c.origin[i]) * inv;
        if (near > far) {
            std::swap(near, far);
        }
        t0 = std::max(t0, near);
        t1 = std::min(t1, far);
    }
    c.hit = t0 <= t1 ? 1 : 0;
    c.tEnter = c.hit ? t0 : std::numeric_limits<double>::quiet_NaN();
    c.tExit = c.hit ? t1 : std::numeric_limits<double>::quiet_NaN();
}

/// The workload's rays (the first 16) against every box, in order: 65,536 queries.
const std::vector<RayAabbCase>& WorkloadCases()
{
    static const std::vector<RayAabbCase> cases = [] {
        const Workload<double>& w = GetWorkload<double>();
        std::vector<RayAabbCase> out;
        for (std::size_t r = 0; r < 16; ++r) {
            for (const Aabb<double>& box : w.boxes) {
                RayAabbCase c{};
                for (int i = 0; i < 3; ++i) {
                    c.origin[i] = w.rays[r].origin[i];
                    c.direction[i] = w.rays[r].direction[i];
                    c.min[i] = box.min[i];
                    c.max[i] = box.max[i];
                }
                Answer(c);
                out.push_back(c);
            }
        }
        return out;
    }();
    return cases;
}

/// 65,536 queries of which no two share a shape (seeded).
const std::vector<RayAabbCase>& UniqueCases()
{
    static const std::vector<RayAabbCase> cases = [] {
        std::mt19937_64 random(kWorkloadSeed);
        std::uniform_real_distribution<double> unit(-1, 1);
        std::vector<RayAabbCase> out(65536);
        for (RayAabbCase& c : out) {
            for (int i = 0; i < 3; ++i) {
                c.origin[i] = 3 * unit(random);
                c.direction[i] = unit(random);
                const double center = 0.5 * unit(random), half = 0.45 + 0.25 * unit(random);
                c.min[i] = center - half;
                c.max[i] = center + half;
            }
            Answer(c);
        }
        return out;
    }();
    return cases;
}

void Record(benchmark::State& state, const std::vector<RayAabbCase>& cases, std::size_t ring)
{
    const std::string path =
        (std::filesystem::temp_directory_path() / ("hitlab_capture_bench_" + std::to_string(ring) + ".jsonl")).string();
    hitlab_capture* cap = hitlab_capture_open_ex(path.c_str(), HITLAB_CAPTURE_DOUBLE, ring, "bench", nullptr);
    if (cap == nullptr) {
        state.SkipWithError(("cannot open " + path).c_str());
        return;
    }
    std::size_t index = 0;
    for (auto _ : state) {
        const RayAabbCase& c = cases[index];
        index = index + 1 == cases.size() ? 0 : index + 1;
        hitlab_capture_ray_aabb(cap, c.origin, c.direction, c.min, c.max, c.hit, c.tEnter, c.tExit,
                                "bench/capture_bench.cpp:113");
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
    state.counters["recorded"] = static_cast<double>(hitlab_capture_recorded(cap));
    if (hitlab_capture_close(cap) != 0) {
        state.SkipWithError(("writing " + path + " failed").c_str());
    }
    std::remove(path.c_str());
}

void RecordWorkload(benchmark::State& state) { Record(state, WorkloadCases(), 0); }
void RecordUnique(benchmark::State& state) { Record(state, UniqueCases(), 0); }
void RecordRing(benchmark::State& state) { Record(state, WorkloadCases(), 4096); }

BENCHMARK(RecordWorkload)->Name("capture/record/ray_aabb");
BENCHMARK(RecordUnique)->Name("capture/record/ray_aabb/unique");
BENCHMARK(RecordRing)->Name("capture/record/ray_aabb/ring");

/// The number formatter alone, on the unique cases' numbers: ns per number.
void FormatDouble(benchmark::State& state)
{
    const std::vector<RayAabbCase>& cases = UniqueCases();
    std::size_t index = 0, bytes = 0;
    char text[32];
    for (auto _ : state) {
        bytes += hitlab_capture_format_double(text, cases[index].origin[index % 3]);
        index = index + 1 == cases.size() ? 0 : index + 1;
        benchmark::DoNotOptimize(bytes);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(FormatDouble)->Name("capture/format_double");

} // namespace
} // namespace hitlab::bench
