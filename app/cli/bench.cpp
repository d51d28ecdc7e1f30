// `hitlab bench SCENE`: timing table and bar chart.
#include "bench.h"

#include "core/io/protocol.h"
#include "core/io/scene_file.h"
#include "core/pair_cull.h"
#include "core/timing.h"

#include <algorithm>
#include <cstdio>

namespace hitlab {

int RunBench(const BenchCliOptions& options, std::ostream& out, std::ostream& err)
{
    const SceneLoad load = LoadSceneFile(options.scenePath);
    if (!load.Ok()) {
        err << Within("hitlab bench", load.error) << "\n";
        return 2;
    }
    // the scene's queries are copied whole: count them first (n solids make n^2 / 2 pairs)
    QueryListOptions count;
    count.limit = 0;
    if (const QueryList list = ListQueries(*load.scene, count); list.Listed() > kBenchMaxSceneQueries) {
        err << "hitlab bench: " << options.scenePath << ": " << list.casts << " casts and " << list.solidPairs
            << " pairs of solids make more than the " << kBenchMaxSceneQueries << " scene queries bench times"
            << (list.solidPairs > 0 ? "; turn the pairs of solids off with \"solid_pairs\": false in the file's "
                                      "\"queries\" object"
                                    : "; use fewer rays and segments")
            << "\n";
        return 2;
    }
    const std::vector<Query> queries = SceneQueries(*load.scene);
    if (queries.empty()) {
        err << "hitlab bench: " << options.scenePath
            << ": the scene has no queries (no pair of shapes a family covers)\n";
        return 2;
    }
    TimingOptions timing;
    timing.precision = options.precision == "double" ? Precision::Double : Precision::Float;
    timing.rounds = std::max(options.rounds, 1);
    timing.workload = std::max<std::size_t>(options.workload, 1);
    out << options.scenePath << ": ns per query, " << PrecisionName(timing.precision) << ", " << timing.rounds
        << " rounds of " << timing.workload << " queries (the scene's, then perturbed copies), through the registry\n";
    const std::vector<FamilyTiming> families = TimeQueries(queries, timing);
    constexpr int kBarWidth = 40;
    for (const FamilyTiming& f : families) {
        out << "\n"
            << FamilyName(f.family) << " (" << f.sceneQueries << " scene quer" << (f.sceneQueries == 1 ? "y" : "ies")
            << ")\n";
        double slowest = 0;
        std::size_t nameWidth = 9;
        for (const AlgorithmTiming& t : f.algorithms) {
            slowest = std::max(slowest, t.medianNs);
            nameWidth = std::max(nameWidth, t.info->name.size());
        }
        char line[256];
        std::snprintf(line, sizeof line, "  %-*s %8s %8s\n", int(nameWidth), "ALGORITHM", "MIN", "MEDIAN");
        out << line;
        for (const AlgorithmTiming& t : f.algorithms) {
            const int bar = slowest > 0 ? std::max(1, int(kBarWidth * t.medianNs / slowest + 0.5)) : 0;
            std::snprintf(line, sizeof line, "  %-*s %8.2f %8.2f ", int(nameWidth), std::string(t.info->name).c_str(),
                          t.minNs, t.medianNs);
            out << line << std::string(std::size_t(bar), '#') << "\n";
        }
    }
    return 0;
}

} // namespace hitlab
