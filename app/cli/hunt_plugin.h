// `hitlab hunt --plugin FILE --a NAME` and `hitlab hunt --external 'COMMAND' --a NAME`: the
// disagreement search for an algorithm of a plugin or of an external program (docs/plugins.md),
// its queries sent in batches (to the plugin's host, or pipelined to the program).
#pragma once

#include "hunt.h"

#include <chrono>
#include <ostream>
#include <string>

namespace hitlab {

/// Where the hunted algorithm lives: a plugin file or an external program's command.
struct HuntSource {
    std::string plugin;   ///< --plugin FILE
    std::string external; ///< --external COMMAND
};

/// Draws the hunt's queries of the family (its boundary-finding distributions, seeded; a share
/// around options.hunt.around when set), runs options.hunt.a of the source on them in batches,
/// and compares each verdict with the exact judge (FastVerdict, then GMP), or with the built-in
/// algorithm options.hunt.b when given. A disagreement, or a query the source fails on (crashed,
/// timed out, bad answer, error), is a counterexample, shrunk like any other (ShrinkQuery,
/// re-running the source on each candidate: a failure shrinks to a simpler query that still
/// fails, a disagreement to one that still disagrees). Stops at maxCases, maxSeconds or
/// maxCounterexamples. On options.hunt.threads threads (0: one per core), each with its own host
/// process or program and stream (hunt::LaneSeed), the cases shared evenly, the finds merged in
/// thread order as RunHunt's. Verdicts only: --ulps, -o and --gtest are refused.
/// Exit status as RunHunt's: 0 none found, 1 some, 2 a bad option or a refused source.
int RunHuntExternal(HuntCliOptions options, const HuntSource& source, std::chrono::milliseconds timeout,
                    std::ostream& out, std::ostream& err);

} // namespace hitlab
