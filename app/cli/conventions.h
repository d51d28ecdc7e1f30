// `hitlab conventions` (docs/conventions.md): every algorithm, built-in and loaded (--plugin,
// --external, started as `hitlab eval` and `report` start them), run on the probes of
// conventions_probes.h; per probe and algorithm the observed answer, the declared conventions that
// bear on the probe, the verdict they predict, and a mark where the answer is not what they declare.
#pragma once

#include "app/cli/conventions_probes.h"
#include "app/sources/external_runs.h"
#include "core/compare.h"
#include "core/exact/exact.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace hitlab {

/// One algorithm as a column: a built-in one or one of a source.
struct ConventionColumn {
    const AlgorithmInfo* info = nullptr;
    std::string source; ///< "built-in", or the program's command or plugin's file
    bool builtIn = true;
    std::string kind = "built-in"; ///< "built-in", or AlgorithmSource::Kind(): "command", "plugin"
};

/// One algorithm's answer to one probe.
struct ConventionCell {
    bool ran = false;     ///< false: not run (a plugin without a function for the precision)
    std::string status;   ///< "answered", or the source's failure ("crashed", "timed out", ...)
    Result result;        ///< when answered
    std::string declared; ///< "origin_inside: miss; t_range: t >= 0": the probe's keys it declares ("" for none)
    std::optional<bool> predicted;               ///< the verdict the declared conventions give (PredictVerdict)
    Explanation explanation = Explanation::None; ///< Explain's, against the reference and the exact answer
    std::string reason;                          ///< Explain's reason ("" when it agrees)
    bool mark = false;                           ///< the answer is not what the algorithm declares (IsConventionMark)
};

/// One probe: its exact answer and one cell per column of its family.
struct ConventionRow {
    const ConventionProbe* probe = nullptr;
    Family family = Family::RayAabb;
    Precision precision = Precision::Double;
    /// the probe's facts, with kParallel added for a box or obb cast with a +-0 direction component
    /// and kBoundaryOnly for solids that touch as the algorithms see them (seen: depth 0)
    unsigned facts = 0;
    ExactResult exact; ///< the exact answer for the probe's doubles
    /// the exact answer for the inputs the algorithms see: in float, the doubles rounded to float
    /// (what the declared conventions are predicted on); in double, exact
    ExactResult seen;
    std::vector<ConventionCell> cells; ///< parallel to the family's columns
};

struct ConventionFamily {
    Family family = Family::RayAabb;
    std::vector<ConventionColumn> columns;
    std::vector<ConventionRow> rows;
};

struct ConventionsMatrix {
    std::vector<ConventionFamily> families; ///< the families with probes, in protocol order
    int marks = 0;
};

/// The verdict info's declared conventions give on a probe with facts (ProbeFact bits) whose exact answer is exact:
/// the exact verdict, turned into a miss by origin_inside "miss" (an origin inside), boundary
/// "exclusive" or "outside", touching "separate" or in_plane "miss" (boundary only), t_range "t > 0"
/// or "0 < t <= 1" (a hit at t = 0 only), parallel "miss" (a parallel ray), facing "front only"
/// (back facing) or t_range "t <= max distance" beyond max_distance; into a hit by t_range "any t"
/// (behind). nullopt when boundary "conservative" meets an exact miss or a boundary-only case
/// (either verdict is allowed).
std::optional<bool> PredictVerdict(unsigned facts, const AlgorithmInfo& info, const ExactResult& exact);

/// Whether an answered cell is a finding: Explain finds its answer unexplained (no declared
/// convention, declared flaw or rounding accounts for its difference from the reference and the
/// exact answer), or its verdict agrees with the reference but not with the predicted one. A failed
/// source (crashed, timed out, bad answer) is shown as such and not marked.
bool IsConventionMark(const ConventionCell& cell);

/// Runs every probe on the built-in algorithms of its family and on the algorithms of that family
/// of the started sources in runs (may be null): one Evaluate call per source for all the probes.
ConventionsMatrix BuildConventionsMatrix(ExternalRuns* runs);

struct ConventionsOptions {
    std::vector<std::string> externalCommands; ///< --external
    std::vector<std::string> plugins;          ///< --plugin
    std::chrono::milliseconds timeout{5000};   ///< --external-timeout
    bool json = false;
    bool markdown = false;
};

/// `hitlab conventions`: the matrix as a text table, Markdown (--markdown) or JSON (--json).
/// Exit status 0, or 2 when a source is refused (its reason on err).
int RunConventions(const ConventionsOptions& options, std::ostream& out, std::ostream& err);

/// The matrix's writers (conventions_format.cpp).
void WriteConventionsText(const ConventionsMatrix& m, std::ostream& out);
void WriteConventionsMarkdown(const ConventionsMatrix& m, std::ostream& out);
nlohmann::ordered_json ConventionsJson(const ConventionsMatrix& m);

} // namespace hitlab
