// `hitlab report SCENE`: loads a scene file, evaluates every enabled query headless (no GL) and
// prints, per query, each algorithm's verdict and numbers, with every disagreement with the
// reference marked and explained (docs/cli.md), streaming: big scenes are evaluated a chunk at a
// time. A library function so tests can drive it.
#pragma once

#include "core/scene.h"

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace hitlab {

/// --fail-on: which disagreements make the report's exit status 1 (for CI).
enum class FailOn {
    Nothing,      ///< exit 0 whatever the comparisons say
    Unexplained,  ///< some algorithm differs from the reference and nothing explains it (or it failed)
    Disagreement, ///< any query whose algorithms do not all agree
};

/// --solid-pairs: which pairs of solids the report evaluates.
enum class SolidPairs {
    Auto,        ///< Overlapping when the scene has more than kCullSolidPairsAbove pairs of solids, else All
    All,         ///< every pair, listed one by one
    Overlapping, ///< only pairs whose bounds overlap; the others (every algorithm misses) are counted
};
inline constexpr std::uint64_t kCullSolidPairsAbove = 4096;
inline constexpr std::uint64_t kDefaultMaxQueries = 2000000;

struct ReportOptions {
    std::string scenePath;
    bool json = false;                   ///< the protocol's result objects instead of tables
    std::vector<std::string> algorithms; ///< --algorithms: empty keeps the scene's choices
    bool exact = false;                  ///< --exact: add the exact judge's answer and each algorithm's ulp errors
    std::vector<std::string> externalCommands;       ///< --external: programs whose algorithms run too
    std::chrono::milliseconds externalTimeout{5000}; ///< --external-timeout
    std::vector<std::string> plugins;                ///< --plugin: plugin files whose algorithms run too
    FailOn failOn = FailOn::Nothing;                 ///< --fail-on
    SolidPairs solidPairs = SolidPairs::Auto;        ///< --solid-pairs
    std::uint64_t maxQueries = kDefaultMaxQueries;   ///< --max-queries: refuse a scene with more
    /// --precision: "float" or "double" for every family, over the scene's per-family choice; "" keeps it
    std::string precision;
    /// --offset X,Y,Z: every shape of the scene moved by it (app/cli/offset.h), in double, before
    /// anything runs
    glm::dvec3 offset{0.0};
};

/// Applies `--algorithms`: in every family, exactly the named algorithms run (in registry order,
/// whatever the scene enabled); families with none of them run nothing and their queries are left
/// out of the report. Returns "" or the error naming the unknown name and listing the valid ones.
std::string SelectAlgorithms(Scene& scene, const std::vector<std::string>& names);

/// Runs `hitlab report`: evaluates the scene's queries a chunk at a time and writes each query's
/// table (or JSON object) as it goes, then the summary, so that memory stays flat in the number of
/// queries. Returns 0 on success (also when an external algorithm failed on some query: the
/// failure is shown as its disagreement); 1 when --fail-on found such a disagreement (one line on
/// err); 2 with one message on err for a bad file, a bad --algorithms name, an external program
/// refused at its start, or more queries than --max-queries (naming how many and how to turn the
/// pairs of solids off). Loader warnings (unknown keys) go to err, prefixed "warning: ". The scene's
/// own "plugins" are never loaded: each one not given with --plugin is one "note: " line on err
/// (ScenePluginNote: the command that adds it), and the exit status stays as if it were not named.
/// A plugin's algorithm with no function for a family's precision is not run on its queries (no
/// outcome, no failure, not counted): one "note: " line under the title says so and which
/// --precision runs it, and the JSON summary lists it under "not_run".
int RunReport(const ReportOptions& options, std::ostream& out, std::ostream& err);

} // namespace hitlab
