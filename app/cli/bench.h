// `hitlab bench SCENE`: ns per query of every algorithm of every family in a scene, on the
// scene's own queries repeated and perturbed (core/timing.h), with a text bar chart.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>

namespace hitlab {

struct BenchCliOptions {
    std::string scenePath;
    std::string precision = "float";
    int rounds = 15;
    std::size_t workload = 4096;
};

/// The most queries a scene may make for `hitlab bench` (each is copied, about 250 bytes).
inline constexpr std::size_t kBenchMaxSceneQueries = 1000000;

/// Runs `hitlab bench`: 0 on success, 2 on a bad file, a scene without queries or with more than
/// kBenchMaxSceneQueries (one line naming how many and how to turn the pairs of solids off).
int RunBench(const BenchCliOptions& options, std::ostream& out, std::ostream& err);

} // namespace hitlab
