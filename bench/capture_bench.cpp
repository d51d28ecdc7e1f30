// capture/record/<family>: the recording call of include/hitlab/capture.h, ns of the engine's
// (the calling thread's) CPU per recorded query, amortised over a whole capture: each iteration opens
// a capture, records 65,536 queries and closes it, so the queue's waits and the drain at close are
// included. The default mode formats on the capture's writer thread; /sync formats on the calling
// thread (what the writer costs per line); /unique records queries that never repeat a shape (every
// number formatted); /ring into a ring of 4096 (formatted when recorded, written at close). The queries
// are the family's workload, each a-shape against every b-shape as every per-query benchmark runs
// them, with the answers of a plain slab test (computed before timing). Counters: wall_ns_per_query,
// engine_cpu_ns_per_query, engine_faults_per_iteration and engine_switches_per_iteration (its page
// faults and context switches per capture of 65,536 queries), writer_cpu_ns_per_line, lines_per_s,
// waits_per_query (docs/capture.md). No kernel share of the engine's CPU: getrusage splits a thread's
// CPU between user and kernel in proportion to timer ticks over its whole life, so the share it gave
// here was mostly the unlink of the previous capture's file (outside the timed region).
#define HITLAB_CAPTURE_IMPLEMENTATION
#include "hitlab/capture.h"

#include "harness.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <random>
#include <string>

#include <sys/resource.h>
#include <time.h>

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

/// CPU seconds of the calling thread and of the whole process (Linux, POSIX clocks).
double CpuSeconds(clockid_t clock)
{
    timespec t{};
    clock_gettime(clock, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

/// What sends the calling thread into the kernel (Linux: RUSAGE_THREAD, exact counts): its page
/// faults and its context switches (a futex wait on the lock or for room, or preemption).
struct ThreadKernel {
    double faults = 0, switches = 0;
};

ThreadKernel ThreadKernelNow()
{
    rusage usage{};
    getrusage(RUSAGE_THREAD, &usage);
    return {double(usage.ru_minflt + usage.ru_majflt), double(usage.ru_nvcsw + usage.ru_nivcsw)};
}

/// One iteration opens a capture, records every case once (65,536 queries) and closes it: the
/// queue's waits and the final drain at close are inside the timed region. Google Benchmark's CPU
/// time is this (the engine's) thread's CPU time, so items_per_second is queries per second of the
/// engine's CPU; the counters give the wall time per query and, for the writer thread, its CPU per
/// line (the process's CPU minus this thread's) and lines per second of wall time.
void Record(benchmark::State& state, const std::vector<RayAabbCase>& cases, int flags, std::size_t ring)
{
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("hitlab_capture_bench_" + std::to_string(flags) + "_" + std::to_string(ring) + ".jsonl"))
                                 .string();
    double wall = 0, engineCpu = 0, engineFaults = 0, engineSwitches = 0, processCpu = 0;
    unsigned long long waits = 0;
    for (auto _ : state) {
        state.PauseTiming(); // the previous iteration's file is freed outside the timed region
        std::remove(path.c_str());
        state.ResumeTiming();
        const auto wall0 = std::chrono::steady_clock::now();
        const double thread0 = CpuSeconds(CLOCK_THREAD_CPUTIME_ID), process0 = CpuSeconds(CLOCK_PROCESS_CPUTIME_ID);
        const ThreadKernel kernel0 = ThreadKernelNow();
        hitlab_capture* cap =
            hitlab_capture_open_ex(path.c_str(), HITLAB_CAPTURE_DOUBLE | flags, ring, "bench", nullptr);
        if (cap == nullptr) {
            state.SkipWithError(("cannot open " + path).c_str());
            return;
        }
        for (const RayAabbCase& c : cases) {
            hitlab_capture_ray_aabb(cap, c.origin, c.direction, c.min, c.max, c.hit, c.tEnter, c.tExit,
                                    "bench/capture_bench.cpp:113");
        }
        waits += hitlab_capture_waits(cap);
        if (hitlab_capture_close(cap) != 0) {
            state.SkipWithError(("writing " + path + " failed").c_str());
            return;
        }
        engineCpu += CpuSeconds(CLOCK_THREAD_CPUTIME_ID) - thread0;
        const ThreadKernel kernel1 = ThreadKernelNow();
        engineFaults += kernel1.faults - kernel0.faults;
        engineSwitches += kernel1.switches - kernel0.switches;
        processCpu += CpuSeconds(CLOCK_PROCESS_CPUTIME_ID) - process0;
        wall += std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    }
    const double queries = double(state.iterations()) * double(cases.size());
    state.SetItemsProcessed(static_cast<std::int64_t>(queries));
    state.counters["wall_ns_per_query"] = 1e9 * wall / queries;
    state.counters["engine_cpu_ns_per_query"] = 1e9 * engineCpu / queries;
    state.counters["engine_faults_per_iteration"] = engineFaults / double(state.iterations());
    state.counters["engine_switches_per_iteration"] = engineSwitches / double(state.iterations());
    state.counters["writer_cpu_ns_per_line"] = 1e9 * (processCpu - engineCpu) / queries;
    state.counters["lines_per_s"] = queries / wall;
    state.counters["waits_per_query"] = double(waits) / queries;
    std::remove(path.c_str());
}

void RecordWorkload(benchmark::State& state) { Record(state, WorkloadCases(), 0, 0); }
void RecordSync(benchmark::State& state) { Record(state, WorkloadCases(), HITLAB_CAPTURE_SYNC, 0); }
void RecordUnique(benchmark::State& state) { Record(state, UniqueCases(), 0, 0); }
void RecordUniqueSync(benchmark::State& state) { Record(state, UniqueCases(), HITLAB_CAPTURE_SYNC, 0); }
void RecordRing(benchmark::State& state) { Record(state, WorkloadCases(), 0, 4096); }

BENCHMARK(RecordWorkload)->Name("capture/record/ray_aabb");
BENCHMARK(RecordSync)->Name("capture/record/ray_aabb/sync");
BENCHMARK(RecordUnique)->Name("capture/record/ray_aabb/unique");
BENCHMARK(RecordUniqueSync)->Name("capture/record/ray_aabb/unique/sync");
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
