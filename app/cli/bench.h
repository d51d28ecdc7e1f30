// `hitlab bench SCENE`: ns per query of every algorithm of every family in a scene, on the
// scene's own queries repeated and perturbed (core/timing.h), with a text bar chart.
#pragma once

#include <chrono>
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

namespace hitlab {

struct BenchCliOptions {
    std::string scenePath;
    std::string precision = "float";
    int rounds = 15;
    std::size_t workload = 4096;
    std::vector<std::string> externalCommands; ///< --external: also time these programs' algorithms
    std::vector<std::string> plugins;          ///< --plugin: and these plugins'
    std::chrono::milliseconds externalTimeout{5000};
};

/// The most queries a scene may make for `hitlab bench` (each is copied, about 250 bytes).
inline constexpr std::size_t kBenchMaxSceneQueries = 1000000;

/// Runs `hitlab bench`: 0 on success, 2 on a bad file, a scene without queries or with more than
/// kBenchMaxSceneQueries (one line naming how many and how to turn the pairs of solids off), or a
/// refused program or plugin. The algorithms of --external programs and --plugin files are timed
/// after the built-in ones of their family, on the same workload, each pass one round trip of
/// the whole workload (AlgorithmSource::Run: pipelined lines to a program, batches of 8192 through the
/// plugin host's shared memory), so their ns per query include the transport; they are marked
/// with '*', and a line per family gives their queries per second and failed queries. A plugin's
/// algorithm without a function for --precision is not timed, and a line under its family's table
/// says so ("NAME (plugin FILE) has no float function: not timed; use --precision double").
int RunBench(const BenchCliOptions& options, std::ostream& out, std::ostream& err);

} // namespace hitlab
