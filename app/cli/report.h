// `hitlab report SCENE`: loads a scene file, evaluates every enabled query headless (no GL) and
// prints, per query, each algorithm's verdict and numbers, with every disagreement with the
// reference marked and explained (docs/cli.md). A library function so tests can drive it.
#pragma once

#include "core/scene_eval.h"

#include <chrono>

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace hitlab {

struct ReportOptions {
    std::string scenePath;
    bool json = false;                   ///< the protocol's result objects instead of tables
    std::vector<std::string> algorithms; ///< --algorithms: empty keeps the scene's choices
    bool exact = false;                  ///< --exact: add the exact judge's answer and each algorithm's ulp errors
    std::vector<std::string> externalCommands;       ///< --external: programs whose algorithms run too
    std::chrono::milliseconds externalTimeout{5000}; ///< --external-timeout
    std::vector<std::string> plugins;                ///< --plugin: plugin files whose algorithms run too
};

struct ExternalRuns; // report_external.h

/// Applies `--algorithms`: in every family, exactly the named algorithms run (in registry order,
/// whatever the scene enabled); families with none of them run nothing and their queries are left
/// out of the report. Returns "" or the error naming the unknown name and listing the valid ones.
std::string SelectAlgorithms(Scene& scene, const std::vector<std::string>& names);

/// The report as JSON: {"scene", "title", "queries": [{"index", "query", "precision", "a", "b",
/// "results", "agree", "all_explained", "reference", "explain", ...}], "summary"}. Queries whose
/// family runs no algorithm are left out. exact: each query also gets "exact" (app/cli/exact_json.h).
/// external (may be null): external algorithms' answers (RunExternalPrograms), added to each
/// query's results and comparison; each query with some gets "external" ({name: {"command",
/// "status", "message"}}), and a failed one's result is null.
nlohmann::ordered_json ReportJson(const Scene& scene, const SceneEvaluator& evaluation, const std::string& source,
                                  bool exact = false, const ExternalRuns* external = nullptr);

/// The report as readable tables, one per query, and a summary line. exact: a line per query with
/// the exact judge's answer, the algorithms that disagree with it and their ulp errors.
void WriteReportTable(std::ostream& out, const Scene& scene, const SceneEvaluator& evaluation,
                      const std::string& source, bool exact = false, const ExternalRuns* external = nullptr);

/// Runs `hitlab report`: 0 on success (also when an external algorithm failed on some query: the
/// failure is shown as its disagreement); 2 with one message on err for a bad file, a bad
/// --algorithms name or an external program refused at its start. Loader warnings (unknown keys) go to err, prefixed
/// "warning: ".
int RunReport(const ReportOptions& options, std::ostream& out, std::ostream& err);

} // namespace hitlab
