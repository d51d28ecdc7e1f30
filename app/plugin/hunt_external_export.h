// The GoogleTest case `hitlab hunt --plugin/--external --gtest` prints for a counterexample of an
// external algorithm (docs/cli.md): HitLab cannot call the user's function from C++ itself, so
// the case asserts the exact answer against the user's own code as HitLab ran it: a plugin's
// function called through include/hitlab/plugin.h's C ABI (the file loaded with dlopen), or the
// program run with the query line.
#pragma once

#include "hunt_external.h"

#include <cstdint>
#include <string>

namespace hitlab {

/// A test file section that compiles as given (its includes, the CMake targets to link in its
/// comment) and asserts the exact answer of f (the judge's verdict; on a hit each t_enter, t_exit
/// or depth that returns has, within GoogleTestSnippet's tolerance) against options.a:
/// - a plugin (source.plugin, made absolute): dlopen the file, find options.a of the family by
///   name, call its function of options.precision on the query;
/// - a program (source.external): run it with /bin/sh -c in cwd (the folder the hunt ran in,
///   with a 10 s `timeout`), the query line on its input; its answer line must answer the query.
/// It fails while the user's code answers as it did in the hunt (a failure: the program crashed,
/// hung or answered no result), and passes once the code gives the exact answer.
std::string ExternalGoogleTestSnippet(const ExternalFind& f, const HuntOptions& options, const HuntSource& source,
                                      std::uint32_t returns, const std::string& cwd, int index);

/// text quoted for /bin/sh: 'text', each ' written '\''.
std::string ShellQuote(const std::string& text);

} // namespace hitlab
