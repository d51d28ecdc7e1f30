// `hitlab hunt --plugin FILE --a NAME`: the disagreement search against the exact judge for an
// algorithm of a plugin (docs/plugins.md), its queries sent to the plugin's host in batches.
#pragma once

#include "hunt.h"

#include <chrono>
#include <ostream>
#include <string>

namespace hitlab {

/// Draws the hunt's queries of the family (its boundary-finding distributions, seeded), runs
/// options.hunt.a of the plugin on them in batches, and compares each verdict with the exact judge
/// (FastVerdict, then GMP). A disagreement, or a query the plugin fails (crashed, timed out,
/// error), is a counterexample; a disagreement is shrunk (ShrinkQuery, re-running the plugin on
/// each candidate), a failure is kept as drawn. Stops at maxCases, maxSeconds or
/// maxCounterexamples. On options.hunt.threads threads (0: one per core), each with its own host
/// process and stream (hunt::LaneSeed), the cases shared evenly, the finds merged in thread order
/// as RunHunt's. Only verdicts against the judge: --b, --ulps, -o and --gtest are refused.
/// Exit status as RunHunt's: 0 none found, 1 some, 2 a bad option or a refused plugin.
int RunHuntPlugin(HuntCliOptions options, const std::string& file, std::chrono::milliseconds timeout, std::ostream& out,
                  std::ostream& err);

} // namespace hitlab
