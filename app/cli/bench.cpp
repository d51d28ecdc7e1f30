// `hitlab bench SCENE`: timing table and bar chart.
#include "bench.h"

#include "app/sources/external_runs.h"
#include "core/io/protocol.h"
#include "core/io/scene_file.h"
#include "core/pair_cull.h"
#include "core/timing.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <deque>
#include <optional>

namespace hitlab {

namespace {

/// One external algorithm's timing: as a built-in's, plus its failed queries in the last pass.
struct ExternalTiming {
    AlgorithmTiming timing;
    const AlgorithmSource* source = nullptr;
    std::size_t failed = 0;
};

/// Times every external algorithm of family on workload: a warm-up pass, then rounds passes, each
/// one AlgorithmSource::Run call on the whole workload. A plugin's algorithm without a function for the
/// precision is not timed: a line for it goes to notTimed.
std::vector<ExternalTiming> TimeExternal(const std::vector<std::unique_ptr<AlgorithmSource>>& sources,
                                         std::deque<AlgorithmInfo>& views, Family family,
                                         const std::vector<Query>& workload, const TimingOptions& timing,
                                         std::vector<std::string>& notTimed)
{
    using Clock = std::chrono::steady_clock;
    std::vector<ExternalTiming> out;
    std::vector<Result> results(workload.size());
    for (const auto& source : sources) {
        for (std::size_t a = 0; a < source->Algorithms().size(); ++a) {
            if (source->Algorithms()[a].family != family) {
                continue;
            }
            if (!source->Has(a, timing.precision)) { // no function for the precision: said, not timed
                const Precision other = timing.precision == Precision::Float ? Precision::Double : Precision::Float;
                notTimed.push_back(
                    source->Algorithms()[a].name + " (plugin " + source->Command() + ") has no " +
                    PrecisionName(timing.precision) + " function: not timed" +
                    (source->Has(a, other) ? "; use --precision " + std::string(PrecisionName(other)) : ""));
                continue;
            }
            ExternalTiming t;
            t.timing.info = &views.emplace_back(InfoView(source->Algorithms()[a]));
            t.source = source.get();
            std::vector<double> passes;
            for (int round = -1; round < timing.rounds; ++round) { // round -1 warms up
                const auto start = Clock::now();
                t.failed = source->Run(a, timing.precision, workload, results).size();
                const double ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
                if (round >= 0) {
                    passes.push_back(ns / double(workload.size()));
                }
            }
            t.timing.hits =
                std::size_t(std::count_if(results.begin(), results.end(), [](const Result& r) { return r.hit; }));
            std::sort(passes.begin(), passes.end());
            t.timing.minNs = passes.front();
            t.timing.medianNs = passes[passes.size() / 2];
            out.push_back(t);
        }
    }
    return out;
}

/// The scene file's queries, or nullopt after telling err why bench cannot time them (the file
/// does not load, has too many queries to copy, or none).
std::optional<std::vector<Query>> LoadBenchQueries(const std::string& path, std::ostream& err)
{
    const SceneLoad load = LoadSceneFile(path);
    if (!load.Ok()) {
        err << Within("hitlab bench", load.error) << "\n";
        return std::nullopt;
    }
    // the scene's queries are copied whole: count them first (n solids make n^2 / 2 pairs)
    QueryListOptions count;
    count.limit = 0;
    if (const QueryList list = ListQueries(*load.scene, count); list.Listed() > kBenchMaxSceneQueries) {
        err << "hitlab bench: " << path << ": " << list.casts << " casts and " << list.solidPairs
            << " pairs of solids make more than the " << kBenchMaxSceneQueries << " scene queries bench times"
            << (list.solidPairs > 0 ? "; turn the pairs of solids off with \"solid_pairs\": false in the file's "
                                      "\"queries\" object"
                                    : "; use fewer rays and segments")
            << "\n";
        return std::nullopt;
    }
    std::vector<Query> queries = SceneQueries(*load.scene);
    if (queries.empty()) {
        err << "hitlab bench: " << path << ": the scene has no queries (no pair of shapes a family covers)\n";
        return std::nullopt;
    }
    return queries;
}

/// One family's table: min and median ns per query and a bar by the median, an external
/// algorithm's name marked '*' (the last external.size() rows), then a line on each external one
/// and one on each not timed (notTimed).
void PrintFamilyTiming(const FamilyTiming& f, const std::vector<ExternalTiming>& external,
                       const std::vector<std::string>& notTimed, std::ostream& out)
{
    constexpr int kBarWidth = 40;
    out << "\n"
        << FamilyName(f.family) << " (" << f.sceneQueries << " scene quer" << (f.sceneQueries == 1 ? "y" : "ies")
        << ")\n";
    const std::size_t builtIn = f.algorithms.size() - external.size();
    double slowest = 0;
    std::size_t nameWidth = 9;
    for (std::size_t i = 0; i < f.algorithms.size(); ++i) { // an external name gets its '*'
        slowest = std::max(slowest, f.algorithms[i].medianNs);
        nameWidth = std::max(nameWidth, f.algorithms[i].info->name.size() + (i >= builtIn ? 1 : 0));
    }
    char line[256];
    // 8 wide, wider for an external program's microseconds
    const int valueWidth = std::max(8, std::snprintf(line, sizeof line, "%.2f", slowest));
    std::snprintf(line, sizeof line, "  %-*s %*s %*s\n", int(nameWidth), "ALGORITHM", valueWidth, "MIN", valueWidth,
                  "MEDIAN");
    out << line;
    for (std::size_t i = 0; i < f.algorithms.size(); ++i) {
        const AlgorithmTiming& t = f.algorithms[i];
        const int bar = slowest > 0 ? std::max(1, int(kBarWidth * t.medianNs / slowest + 0.5)) : 0;
        const std::string name = std::string(t.info->name) + (i >= builtIn ? "*" : "");
        std::snprintf(line, sizeof line, "  %-*s %*.2f %*.2f ", int(nameWidth), name.c_str(), valueWidth, t.minNs,
                      valueWidth, t.medianNs);
        out << line << std::string(std::size_t(bar), '#') << "\n";
    }
    for (const ExternalTiming& e : external) {
        std::snprintf(line, sizeof line, "%.3g", 1e9 / e.timing.medianNs);
        out << "  * " << e.timing.info->name << " ("
            << (e.source->Kind() == std::string("plugin") ? "plugin " : "program ") << e.source->Command()
            << "): " << line << " queries/s at the median, transport included";
        if (e.failed > 0) {
            out << "; " << e.failed << " of " << f.workload << " queries failed in the last pass";
        }
        out << "\n";
    }
    for (const std::string& note : notTimed) {
        out << "  - " << note << "\n";
    }
}

} // namespace

int RunBench(const BenchCliOptions& options, std::ostream& out, std::ostream& err)
{
    const std::optional<std::vector<Query>> queries = LoadBenchQueries(options.scenePath, err);
    if (!queries) {
        return 2;
    }
    std::string error;
    const auto sources = StartSources(options.externalCommands, options.plugins, options.externalTimeout, error);
    if (!error.empty()) {
        err << "hitlab bench: " << error << "\n";
        return 2;
    }
    std::deque<AlgorithmInfo> views; // the external algorithms' views, stable while timed and printed
    TimingOptions timing;
    timing.precision = options.precision == "double" ? Precision::Double : Precision::Float;
    timing.rounds = std::max(options.rounds, 1);
    timing.workload = std::max<std::size_t>(options.workload, 1);
    out << options.scenePath << ": ns per query, " << PrecisionName(timing.precision) << ", " << timing.rounds
        << " rounds of " << timing.workload << " queries (the scene's, then perturbed copies), through the registry\n";
    std::vector<FamilyTiming> families = TimeQueries(*queries, timing);
    for (FamilyTiming& f : families) {
        std::vector<std::string> notTimed;
        const std::vector<ExternalTiming> external =
            TimeExternal(sources, views, f.family, TimingWorkload(*queries, f.family, timing), timing, notTimed);
        for (const ExternalTiming& e : external) {
            f.algorithms.push_back(e.timing);
        }
        PrintFamilyTiming(f, external, notTimed, out);
    }
    return 0;
}

} // namespace hitlab
