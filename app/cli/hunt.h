// `hitlab hunt`: the disagreement search headless (core/exact/hunt.h): prints one line per group
// of disagreements (cause and distribution) with its count and smallest case, writes each group's
// case as a scene file (-o) and the GoogleTest cases as one test file (--gtest FILE, -o).
#pragma once

#include "core/exact/hunt.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace hitlab {

struct HuntCliOptions {
    HuntOptions hunt;
    std::string family; ///< protocol name, resolved into hunt.family
    bool exact = false; ///< --exact: b is the exact judge (also when --b is absent)
    std::string precision = "double";
    std::string outDir;          ///< -o: write each group's case as a scene here, and the test file
    std::string gtestFile;       ///< --gtest FILE: write the GoogleTest cases as one test file
    std::string gtestLinkedFile; ///< --gtest-linked FILE: the same, the plugin linked in (plugin hunts)
    std::optional<double> ulps;  ///< --ulps N (else kValueUlps)
    bool verdictOnly = false;    ///< --verdict-only: compare verdicts only
    bool json = false;           ///< --json: the groups and summary as one JSON object (hunt_json.h)
    bool quiet = false;          ///< no progress lines on err
};

/// -o DIR: makes the folder (and its parents) when missing; false, with one line on err, when it
/// is a file or cannot be made. True for no folder ("").
bool MakeOutDir(const std::string& dir, std::ostream& err);

/// The next file name of the hunt's counterexamples in o.outDir that no file has yet:
/// FAMILY-A-B-SEED-N.json with N above number, so that a rerun into the same folder adds files
/// and never overwrites what an earlier run found. number becomes the N taken.
std::string FreshScenePath(const HuntCliOptions& o, int& number);

/// The next name of the hunt's test file in o.outDir that no file has yet: FAMILY-A-B-SEED-tests.cpp,
/// else FAMILY-A-B-SEED-tests-2.cpp, ...
std::string FreshTestPath(const HuntCliOptions& o);

/// Resolves --ulps and --verdict-only into o.hunt.valueUlps (kValueUlps by default, 0 with
/// --verdict-only); false with one line on err when both are given or --ulps is 0.
bool ResolveValueMode(HuntCliOptions& o, std::ostream& err);

/// Writes text to path (--gtest FILE); false with one line on err when it cannot.
bool WriteTestFile(const std::string& path, const std::string& text, std::ostream& err);

/// Writes the hunt's test file text to --gtest FILE and, when something was found, to a fresh file
/// in -o (FreshTestPath), each path added to written and named on out (unless --json); false with
/// one line on err when one cannot be written.
bool WriteTestFiles(const HuntCliOptions& o, const std::string& text, bool found, std::ostream& out, std::ostream& err,
                    std::vector<std::string>& written);

/// The lines of one group (index from 1): "N. COUNT cases: A CAUSE (distribution: D)", its
/// smallest case and what each side answered (line), as `hitlab hunt` prints them.
std::string GroupText(int index, const Counterexample& c, const std::string& a, const std::string& line);

/// The first line of a hunt: "hunt FAMILY: A (SOURCE) vs B, PRECISION, values within N ulps (or
/// verdicts only), seed K" (source "" for a built-in a).
std::string HuntHeading(const HuntCliOptions& o, const std::string& source);

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

/// Runs `hitlab hunt`: 0 when no disagreement was found, 1 when some were, 2 on a bad option
/// or an unwritable directory or file (one message on err), 4 inconclusive; HuntExitStatus.
int RunHunt(HuntCliOptions options, std::ostream& out, std::ostream& err);

} // namespace hitlab
