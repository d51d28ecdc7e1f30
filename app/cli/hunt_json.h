// `hitlab hunt --json`: the groups and the summary the text prints, as one JSON object, so that a
// script reads what a person reads (the same groups, counts, smallest cases and files).
#pragma once

#include "hunt.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace hitlab {

/// One group: {"count", "cause", "distribution", "query": {"query": FAMILY, "a": SHAPE, "b":
/// SHAPE} (the smallest case, shapes as the scene file writes them), "text" (DescribeQuery),
/// "answers": {"a": RESULT or {"failure": "crashed: ..."}, "b": RESULT (against a built-in b),
/// "exact": the judge's answer as `hitlab eval` writes it}, "scene": the file -o wrote or null}.
/// aReturns: the fields a's result has; failure: the source's failure, "" when it answered.
nlohmann::ordered_json HuntGroupJson(const Counterexample& c, const HuntOptions& options, std::uint32_t aReturns,
                                     const std::string& failure, const std::string& scene);

/// The whole report: {"family", "a", "b" (null: the exact judge), "source" (the plugin or program,
/// else null), "precision", "ulps" (null: verdicts only), "seed", "groups": [...], "cases",
/// "seconds", "disagreeing", "near_boundary", "exact_calls", "threads", "method", "test_files":
/// [...], "status" ("none found", "found", "inconclusive": HuntStatusOf), "judged", "not_judged",
/// "not_judged_why" (null when every case was judged), "none_found" (status is "none found")}.
nlohmann::ordered_json HuntReportJson(const HuntCliOptions& o, const std::string& source, nlohmann::ordered_json groups,
                                      const HuntProgress& progress, std::size_t threads, const std::string& method,
                                      const std::vector<std::string>& testFiles, bool nearBoundary,
                                      const std::string& notJudgedWhy);

} // namespace hitlab
