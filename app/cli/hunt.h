// `hitlab hunt`: the disagreement search headless (core/exact/hunt.h): prints the shrunk
// counterexamples (and optionally GoogleTest cases) and writes each as a scene file.
#pragma once

#include "core/exact/hunt.h"

#include <optional>
#include <ostream>
#include <string>

namespace hitlab {

struct HuntCliOptions {
    HuntOptions hunt;
    std::string family; ///< protocol name, resolved into hunt.family
    bool exact = false; ///< --exact: b is the exact judge (also when --b is absent)
    std::string precision = "double";
    std::string outDir;    ///< -o: write each counterexample as a scene here
    bool snippets = false; ///< --gtest: print a GoogleTest case per counterexample
    bool quiet = false;    ///< no progress lines on err
};

/// -o DIR: makes the folder (and its parents) when missing; false, with one line on err, when it
/// is a file or cannot be made. True for no folder ("").
bool MakeOutDir(const std::string& dir, std::ostream& err);

/// The next file name of the hunt's counterexamples in o.outDir that no file has yet:
/// FAMILY-A-B-SEED-N.json with N above number, so that a rerun into the same folder adds files
/// and never overwrites what an earlier run found. number becomes the N taken.
std::string FreshScenePath(const HuntCliOptions& o, int& number);

/// The query of the first pair of shapes of family (a protocol name) in the scene file at path,
/// for --around; nothing and the error ("FILE: ...", or that it has no such pair) when none.
std::optional<Query> AroundQuery(const std::string& path, const std::string& family, std::string& error);

/// The exit status of an inconclusive hunt: none found, but some drawn case was not judged
/// (docs/cli.md, "Exit status"; 2 is a bad command line, 3 an internal error).
inline constexpr int kHuntInconclusiveExit = 4;

/// `hitlab hunt`'s exit status for a hunt's status: 0 none found, 1 found, 4 inconclusive.
int HuntExitStatus(HuntStatus status);

/// The end of the hunt's summary line: ": none found", "" when found (with "; N of M cases not
/// judged (why)" when some were not), ": inconclusive, N of M cases not judged (why)".
std::string HuntConclusionText(const HuntProgress& progress, std::size_t counterexamples, const std::string& why);

/// Runs `hitlab hunt`: 0 when no counterexample was found, 1 when some were, 2 on a bad option
/// or an unwritable directory (one message on err); HuntExitStatus.
int RunHunt(HuntCliOptions options, std::ostream& out, std::ostream& err);

} // namespace hitlab
