// The Results table as data: one table per family present, one row per enabled query, one column
// per enabled algorithm, each cell the verdict and its key number, rows where the algorithms
// disagree marked with the comparison's explanation. GL-free; the panel only draws it.
#pragma once

#include "core/scene.h"
#include "core/scene_eval.h"

#include "external_session.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hitlab {

class EvaluationSummary;

struct ResultCell {
    const AlgorithmInfo* algorithm = nullptr;
    bool hit = false;
    bool hasKey = false;      ///< the key number is meaningful (a hit that reports t_enter or depth)
    double key = 0.0;         ///< t_enter for casts, depth for overlaps
    std::string text;         ///< "hit  t 0.25", "hit  d 0.5", "miss"
    bool differs = false;     ///< its verdict or a value differs from the reference's
    std::uint32_t fields = 0; ///< what differs (AlgorithmOutcome::differs: kFieldHit, or the value fields)
    Explanation explanation = Explanation::None;
    std::string reason;        ///< the comparison's sentence for a difference
    bool wrongVsExact = false; ///< its verdict differs from the exact judge's (set by JudgeRow)
    bool external = false;     ///< an external program's or plugin's algorithm
    std::string failure;       ///< an external algorithm that failed: "crashed", "timed out", ... ("" otherwise)
};

struct ResultRow {
    SceneQuery query;
    std::string label;             ///< "ray vs box"
    std::vector<ResultCell> cells; ///< parallel to ResultsTable::columns
    bool disagree = false;         ///< some enabled algorithms gave different verdicts
    bool allExplained = true;      ///< every difference is explained by a convention or a documented flaw
    /// The weakest explanation among the differences: Convention or KnownFlaw ("!"), Rounding
    /// ("~": the algorithms agree once run in double), Unexplained ("!!"); None when all agree.
    Explanation worst = Explanation::None;
    std::string mark; ///< "" | "explained" | "rounding" | "UNEXPLAINED" (as `hitlab report` says)
    /// The mark column: "!" (Convention, KnownFlaw), "~" (Rounding), "!!" (Unexplained), followed by
    /// the values that differ when some algorithm differs in a value ("! t_enter, point"); "" when
    /// all agree.
    std::string symbol;
    std::string tooltip; ///< several lines: the reference's verdict and every difference with its reason
    /// The exact judge's verdict (core/exact): nullopt until JudgeRow ran (the panel judges the
    /// rows it shows, so 100,000 rows cost nothing until scrolled to).
    std::optional<bool> exactHit;
};

struct ResultsTable {
    Family family = Family::RayAabb;
    /// The family's enabled algorithms, in registry order, then the external ones (ExternalSession).
    std::vector<const AlgorithmInfo*> columns;
    size_t builtinColumns = 0;          ///< columns[builtinColumns...] are external
    std::vector<ResultRow> rows;        ///< empty when built lazily (see MakeResultRow)
    std::vector<std::uint32_t> queries; ///< each row's index into the evaluation's queries
    int disagreements = 0;
};

/// Whether a query counts as a disagreement, as its Results row marks it: its built-in algorithms
/// disagree, or an external algorithm (external: the window's programs and plugins, null: none)
/// failed, gave another verdict than the reference, or a value beyond the tolerance (the row's
/// comparison with the external outcomes added). The one definition the Results table's counts and
/// filter and the window's status box (EvaluationSummary) use; cheap unless an external algorithm
/// hits where the reference hits (then the row's comparison is made).
bool QueryDisagrees(const Scene& scene, const SceneEvaluator& evaluation, const QueryEvaluation& qe,
                    const ExternalSession* external);

/// Builds the tables of every family with queries (in protocol family order). With
/// disagreementsOnly, rows whose algorithms agree are left out (their table stays, with no rows).
/// lazy: only `queries` is filled, and the rows shown are made by MakeResultRow (the stress
/// scene has 100,000 rows: making them all took ~10 ms each time a drag changed the evaluation).
/// external: the window's programs and plugins; their algorithms are columns after the built-in
/// ones, their answers added to each row's comparison (AddExternalOutcomes, as `hitlab report
/// --external` does), a failure (crashed, timed out, bad answer, error) shown as a disagreement.
/// A query counts as a disagreement as QueryDisagrees says (read off `summary` when it covers this
/// evaluation and these external answers: counted once per evaluation, not once per table).
std::vector<ResultsTable> BuildResultsTables(const Scene& scene, const SceneEvaluator& evaluation,
                                             bool disagreementsOnly = false, bool lazy = false,
                                             const ExternalSession* external = nullptr,
                                             const EvaluationSummary* summary = nullptr);

/// Row i of a table (as BuildResultsTables makes it without `lazy`).
ResultRow MakeResultRow(const Scene& scene, const SceneEvaluator& evaluation, const ResultsTable& table, size_t i,
                        const ExternalSession* external = nullptr);

/// Judges row i of a table exactly and marks every cell whose verdict differs from the exact one.
/// A row that agrees costs an interval verdict (FastVerdict, else GMP); a row that disagrees is
/// made again from its comparison judged with the exact values (JudgeExact, microseconds: rounding
/// then means within the tolerance of them, and an algorithm right where the reference is off is
/// not blamed), so its marks and tooltip are the ones `hitlab report --exact` gives.
void JudgeRow(const Scene& scene, const SceneEvaluator& evaluation, const ResultsTable& table, size_t i, ResultRow& row,
              const ExternalSession* external = nullptr);

/// The mark of a difference: "!" (Convention, KnownFlaw), "~" (Rounding), "!!" (Unexplained),
/// followed by the value fields when some differ ("! t_enter, point"; kFieldHit is not named);
/// "" for Explanation::None.
std::string DifferenceMark(Explanation explanation, std::uint32_t fields);

/// "ray vs box": the two shapes' names in the query's order.
std::string QueryLabel(const Scene& scene, const SceneQuery& query);

/// The cell text of a result: "hit  t 0.25" (casts), "hit  d 0.5" (overlaps), "miss".
std::string CellText(const Result& result, const AlgorithmInfo& algorithm);

} // namespace hitlab
