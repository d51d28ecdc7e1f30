// The GoogleTest case `hitlab hunt --plugin/--external --gtest` prints for a counterexample of an
// external algorithm (docs/cli.md): HitLab cannot call the user's function from C++ itself, so
// the case asserts the exact answer against the user's own code as HitLab ran it: a plugin's
// function called through include/hitlab/plugin.h's C ABI (the file loaded with dlopen), or the
// program run with the query line.
#pragma once

#include "hunt_external.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hitlab {

/// The GoogleTest case of f (a section of ExternalGoogleTestFile): its comment block (HuntCaseComment,
/// the source named "--plugin \"$HITLAB_PLUGIN\" (FILE NAME)" or "--external 'COMMAND'") and a
/// TEST that asserts the exact answer of f (the judge's verdict; on a hit each t_enter, t_exit or
/// depth that returns has, within GoogleTestSnippet's tolerance) against options.a:
/// - a plugin (source.plugin): the file's Algorithm(family, name) helper finds options.a, and its
///   function of options.precision is called on the query;
/// - a program (source.external): run with /bin/sh -c in cwd (the folder the hunt ran in, with a
///   10 s `timeout`), the query line on its input; its answer line must answer the query.
/// It fails while the user's code answers as it did in the hunt (a failure: the program crashed,
/// hung or answered no result), and passes once the code gives the exact answer.
std::string ExternalGoogleTestSnippet(const ExternalFind& f, const HuntOptions& options, const HuntSource& source,
                                      std::uint32_t returns, const std::string& cwd, int index);

/// A test file that compiles as it is: a header comment (what was hunted, how to build and run
/// it), the includes, for a plugin the helpers Plugin() and Algorithm(family, name), and
/// ExternalGoogleTestSnippet of each find (numbered from 1). A plugin is found without an
/// absolute path: loaded with dlopen from the file the environment variable HITLAB_PLUGIN names,
/// else the compile definition HITLAB_PLUGIN_FILE; linked (plugins only): the plugin's source is
/// compiled into the test, whose Plugin() calls its hitlab_plugin_v1 directly (no HitLab
/// library, no dlopen).
std::string ExternalGoogleTestFile(const std::vector<ExternalFind>& finds, const HuntOptions& options,
                                   const HuntSource& source, std::uint32_t returns, const std::string& cwd,
                                   bool linked);

/// text quoted for /bin/sh: 'text', each ' written '\''.
std::string ShellQuote(const std::string& text);

} // namespace hitlab
