// The triage of a capture (core/capture/triage.h). items_per_second = recorded answers judged per
// second, exact judge included (an answer that differs from the reference goes to it).
// - triage/ray_aabb: RunTriage on a capture file of 262,144 ray_aabb lines as a recorder writes
//   them (double, %.17g numbers, frame and call site; a miss without t), the engine's answers the
//   reference's with one in 1,024 planted wrong (a flipped verdict or a t off by 2^-20), on two
//   threads (the machine's cores), in real time: reading, parsing, judging and grouping; the
//   counter cpu_ns_per_answer is the whole process's CPU time (both threads) per answer, which a
//   machine shared with other work does not inflate the way it does the real time.
// - triage/ray_aabb/read_line: ReadCaptureLine alone (the fast reader) on one thread.
// - triage/ray_aabb/judge_line: JudgeCaptureAnswer alone on one thread.
#include "core/capture/triage.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <sys/resource.h>
#include <unistd.h>

namespace hitlab {
namespace {

constexpr int kLines = 1 << 18;

std::string Line(const Ray<double>& ray, const Aabb<double>& box, const Result& r, int index)
{
    char text[1024];
    int n = std::snprintf(text, sizeof text,
                          R"({"query":"ray_aabb","precision":"double","a":{"type":"ray","origin":[%.17g,%.17g,%.17g],)"
                          R"("direction":[%.17g,%.17g,%.17g]},"b":{"type":"aabb","min":[%.17g,%.17g,%.17g],)"
                          R"("max":[%.17g,%.17g,%.17g]},"answer":{"hit":%s)",
                          ray.origin.x, ray.origin.y, ray.origin.z, ray.direction.x, ray.direction.y, ray.direction.z,
                          box.min.x, box.min.y, box.min.z, box.max.x, box.max.y, box.max.z, r.hit ? "true" : "false");
    if (r.hit) {
        n += std::snprintf(text + n, sizeof text - std::size_t(n), R"(,"t_enter":%.17g,"t_exit":%.17g)", r.tEnter,
                           r.tExit);
    }
    std::snprintf(text + n, sizeof text - std::size_t(n), R"(},"frame":%d,"where":"physics/query.cpp:%d"})",
                  index / 1000, 100 + index % 7);
    return text;
}

/// The lines of the capture: rays through a field of boxes, the reference's answers, a few wrong.
std::vector<std::string> CaptureLines()
{
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> position(-10, 10), centre(-5, 5), size(0.5, 3), unit(-1, 1);
    std::vector<std::string> lines;
    lines.reserve(kLines);
    for (int i = 0; i < kLines; ++i) {
        const glm::dvec3 c(centre(rng), centre(rng), centre(rng));
        const glm::dvec3 h(size(rng), size(rng), size(rng));
        const Aabb<double> box{c - h, c + h};
        const Ray<double> ray{{position(rng), position(rng), position(rng)}, {unit(rng), unit(rng), unit(rng)}};
        Result r = Run(ReferenceAlgorithm(Family::RayAabb), Query{Family::RayAabb, ray, box}, Precision::Double);
        if (i % 1024 == 512) {
            r.hit = !r.hit;
        } else if (i % 1024 == 0 && r.hit) {
            r.tExit += 0x1p-20;
        }
        lines.push_back(Line(ray, box, r, i));
    }
    return lines;
}

const std::string& CaptureFile()
{
    static const std::string path = [] {
        const std::string file =
            (std::filesystem::temp_directory_path() / ("hitlab_triage_bench_" + std::to_string(::getpid()) + ".jsonl"))
                .string();
        std::FILE* f = std::fopen(file.c_str(), "wb");
        std::fputs("{\"capture\": 1, \"engine\": \"bench\"}\n", f);
        for (const std::string& line : CaptureLines()) {
            std::fputs(line.c_str(), f);
            std::fputc('\n', f);
        }
        std::fclose(f);
        std::atexit([] { std::filesystem::remove(CaptureFile()); });
        return file;
    }();
    return path;
}

/// User and system CPU seconds of the whole process so far.
double ProcessCpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

void Triage(benchmark::State& state)
{
    const std::string& path = CaptureFile();
    TriageOptions options;
    options.threads = 2;
    std::uint64_t judged = 0, unexplained = 0;
    const double cpuBefore = ProcessCpuSeconds();
    for (auto _ : state) {
        const TriageReport report = RunTriage(path, options);
        judged += report.judged;
        unexplained = report.unexplained;
        benchmark::DoNotOptimize(report.groups.size());
    }
    state.SetItemsProcessed(std::int64_t(judged));
    state.counters["unexplained"] = double(unexplained);
    // the whole process's CPU time (both threads) per answer: what the machine's load does not change
    state.counters["cpu_ns_per_answer"] =
        (ProcessCpuSeconds() - cpuBefore) * 1e9 / double(std::max<std::uint64_t>(judged, 1));
}
BENCHMARK(Triage)->Name("triage/ray_aabb")->Unit(benchmark::kMillisecond)->UseRealTime();

void ReadLine(benchmark::State& state)
{
    static const std::vector<std::string> lines = CaptureLines();
    CaptureLine line;
    std::size_t i = 0;
    for (auto _ : state) {
        ReadCaptureLine(lines[i], i + 1, line);
        benchmark::DoNotOptimize(line.answers.data());
        i = (i + 1) % lines.size();
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(ReadLine)->Name("triage/ray_aabb/read_line");

void JudgeLine(benchmark::State& state)
{
    static const std::vector<CaptureLine> lines = [] {
        std::vector<CaptureLine> out;
        for (const std::string& text : CaptureLines()) {
            out.emplace_back();
            ReadCaptureLine(text, out.size(), out.back());
        }
        return out;
    }();
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(JudgeCaptureAnswer(lines[i], 0, {}).explanation);
        i = (i + 1) % lines.size();
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(JudgeLine)->Name("triage/ray_aabb/judge_line");

} // namespace
} // namespace hitlab
