// `hitlab hunt --plugin FILE --a NAME` and `hitlab hunt --external 'COMMAND' --a NAME`: the
// disagreement search for an algorithm of a plugin or of an external program (docs/plugins.md),
// its queries sent in batches (to the plugin's host, or pipelined to the program).
#pragma once

#include "hunt.h"

#include "app/sources/hunt_external.h"

#include <chrono>
#include <ostream>
#include <string>

namespace hitlab {

/// The hunt for options.hunt.a of the source (ExternalHunt, app/sources/hunt_external.h) against
/// the exact judge or the built-in options.hunt.b, printed as RunHunt prints its groups (a failure
/// with its status in place of the verdict) with a progress line on err unless quiet; values
/// compared as RunHunt's (--ulps, --verdict-only); -o writes scenes and the test file, --gtest FILE
/// and --gtest-linked FILE (plugins) the test files (ExternalGoogleTestFile).
/// Exit status as RunHunt's: 0 none found, 1 some, 2 a bad option or a refused source, 4
/// inconclusive (none found, but cases the source had not answered by --seconds plus one
/// timeout were not judged).
int RunHuntExternal(HuntCliOptions options, const HuntSource& source, std::chrono::milliseconds timeout,
                    std::ostream& out, std::ostream& err);

} // namespace hitlab
