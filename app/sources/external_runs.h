// External programs' and plugins' algorithms (docs/plugins.md) run on a scene's queries, for
// `hitlab report --external` and the window, and added to each query's comparison, compared with the reference and
// explained like a built-in algorithm (their conventions and flaw; HitLab cannot re-run them in double, so the rounding
// step that does is skipped).
#pragma once

#include "app/sources/source_list.h"
#include "core/compare.h"
#include "core/scene.h"

#include <chrono>
#include <deque>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace hitlab {

/// One external algorithm's answer to one query.
struct ExternalOutcome {
    const AlgorithmInfo* info = nullptr;  ///< a view in ExternalRuns::views
    const std::string* command = nullptr; ///< the program's command or the plugin's file
    const char* kind = "command";         ///< AlgorithmSource::Kind()
    ExternalStatus status = ExternalStatus::Answered;
    std::string message; ///< "" when answered
    Result result;
};

/// The programs, the AlgorithmInfo views of their algorithms (stable while this lives) and their
/// answers to the report's current chunk of queries.
struct ExternalRuns {
    std::vector<std::unique_ptr<AlgorithmSource>> programs;
    std::deque<AlgorithmInfo> views;
    std::vector<std::vector<const AlgorithmInfo*>> viewsOf; ///< per program, parallel to its Algorithms()
    std::vector<std::vector<ExternalOutcome>> perQuery;     ///< parallel to the queries last asked
};

/// Starts the sources (StartSources, in order) and makes their algorithms' views. Returns "" or
/// why a source was refused.
std::string StartExternalPrograms(std::span<const SourceSpec> specs, std::chrono::milliseconds timeout,
                                  ExternalRuns& runs);

/// Asks each program or plugin, in one pipelined Evaluate call, its algorithms of every query's
/// family, for the queries the report shows (the family runs some built-in algorithm), in the
/// family's precision; runs.perQuery becomes parallel to queries. A plugin's algorithm without a
/// function for that precision (AlgorithmSource::Has) is not asked and has no outcome there: not run, not a
/// failure (the report says so once, ReportNotRun).
void AskExternalPrograms(const Scene& scene, std::span<const SceneQuery> queries, ExternalRuns& runs);

/// Adds a query's external outcomes to its comparison and explains it again (Explain, with the
/// exact values when given): the answered ones as ordinary outcomes; then each failed one (crashed,
/// bad answer, timed out, error) as a miss that differs in "hit", Explanation::Unexplained, with
/// "STATUS: message" as its reason; agree and allExplained are then false. failed: parallel to
/// c.outcomes afterwards, the status name of a failed outcome, "" otherwise.
void AddExternalOutcomes(const Query& query, Precision precision, std::span<const ExternalOutcome> external,
                         const ExactValues* exact, Comparison& c, std::vector<std::string>& failed);

} // namespace hitlab
