// `hitlab report`'s pieces, one query at a time: a query's status (the one datum its headline,
// the summary's counts, its JSON "agree" / "all_explained" / "status" and --fail-on read), its
// table and its JSON object, and the summary, so that the report streams (docs/cli.md).
#pragma once

#include "app/sources/external_runs.h"

#include "core/exact/exact.h"
#include "core/scene.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hitlab {

/// How a query's algorithms stand against the family's reference (whether it ran or not) and
/// against each other.
enum class QueryStatus {
    Agree,       ///< every algorithm agrees with the reference and with the others
    Disagree,    ///< the algorithms differ among themselves, none from the reference beyond its tolerance
    Explained,   ///< some algorithm differs from the reference, each by a convention, a known flaw or rounding
    Unexplained, ///< some algorithm differs from the reference and nothing explains it (or it failed)
};
inline constexpr size_t kQueryStatuses = 4;

/// The status of a judged comparison.
QueryStatus StatusOf(const Comparison& c);
/// "agree", "disagree", "explained", "unexplained".
const char* StatusName(QueryStatus status);

/// One query as the report shows it: its comparison as judged (with --exact, the exact judge's
/// values; with --external, the external algorithms' outcomes) and its status.
struct ReportedQuery {
    size_t index = 0; ///< its position in the report's list of queries
    SceneQuery query{};
    Comparison comparison;
    QueryStatus status = QueryStatus::Agree;
    std::optional<ExactResult> exact;          ///< with --exact
    std::span<const ExternalOutcome> external; ///< with --external: its external algorithms' answers
    std::vector<std::string> failed;           ///< parallel to outcomes: a failed external one's status, else ""

    /// "" or the status name of outcome k ("crashed").
    std::string_view Failed(size_t k) const
    {
        return k < failed.size() ? std::string_view(failed[k]) : std::string_view();
    }
};

/// An external algorithm the report does not run on some queries: its plugin has no function for
/// their precision (AlgorithmSource::Has). Not a failure and not a difference: said once, not per query.
struct NotRunAlgorithm {
    std::string algorithm; ///< its name
    std::string source;    ///< the plugin's file, as given
    Family family = Family::RayAabb;
    Precision precision = Precision::Float; ///< the precision it has no function for
    size_t queries = 0;                     ///< the report's queries of its family in that precision
    bool hasOther = false;                  ///< it has the other precision's function
};

/// "NAME (plugin FILE) has no float function: not run on the 3 float ray_aabb queries; use
/// --precision double".
std::string NotRunText(const NotRunAlgorithm& n);

/// The report's counts.
struct ReportSummary {
    size_t queries = 0; ///< reported
    size_t skipped = 0; ///< of families that run no algorithm
    std::array<size_t, kQueryStatuses> statuses{};
    std::array<size_t, 5> explanations{}; ///< by Explanation, of the algorithms that differ from the reference
    /// pairs of solids left out because their bounds are apart (every algorithm misses them); only
    /// counted when the report culls (core/pair_cull.h)
    std::uint64_t solidPairsApart = 0;
    bool culled = false;
    std::vector<NotRunAlgorithm> notRun; ///< external algorithms not run for want of the precision

    void Add(const ReportedQuery& q);
    size_t Agree() const { return statuses[0]; }
    size_t Disagree() const { return queries - statuses[0]; }
};

/// The query's table: the pair and its headline, a row per algorithm, the reasons of the
/// differences, notes, and with --exact the judge's line.
void WriteQueryText(std::ostream& out, const Scene& scene, const ReportedQuery& q);

/// The query's JSON object: {"index", "query", "precision", "a", "b", "results", "agree",
/// "all_explained", "status", "reference", "explain", ...} (docs/cli.md).
nlohmann::ordered_json QueryJson(const Scene& scene, const ReportedQuery& q);

/// The summary line of the text report.
void WriteSummaryText(std::ostream& out, const ReportSummary& s);

/// The "summary" object of the JSON report.
nlohmann::ordered_json SummaryJson(const ReportSummary& s);

} // namespace hitlab
