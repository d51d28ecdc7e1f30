// `hitlab bench SCENE`: ns per query of every algorithm of every family in a scene, on the
// scene's own queries repeated and perturbed (core/timing.h), with a text bar chart.
#pragma once

#include <ostream>
#include <string>

namespace hitlab {

struct BenchCliOptions {
    std::string scenePath;
    std::string precision = "float";
    int rounds = 15;
    std::size_t workload = 4096;
};

/// Runs `hitlab bench`: 0 on success, 2 on a bad file or a scene without queries.
int RunBench(const BenchCliOptions& options, std::ostream& out, std::ostream& err);

} // namespace hitlab
