// Rows and cells of the Results table from the scene's evaluation.
#include "results_model.h"

#include "evaluation_summary.h"

#include "number_line.h"

#include <algorithm>
#include <array>

#include "core/exact/exact.h"

namespace hitlab {

std::string QueryLabel(const Scene& scene, const SceneQuery& query)
{
    const SceneShape* a = scene.Find(query.a);
    const SceneShape* b = scene.Find(query.b);
    return (a != nullptr ? a->name : "?") + " vs " + (b != nullptr ? b->name : "?");
}

std::string CellText(const Result& result, const AlgorithmInfo& algorithm)
{
    if (!result.hit) {
        return "miss";
    }
    if (IsCast(algorithm.family) && (algorithm.returns & kFieldTEnter) != 0) {
        return "hit  t " + ShortNumber(result.tEnter);
    }
    if (!IsCast(algorithm.family) && (algorithm.returns & kFieldDepth) != 0) {
        return "hit  d " + ShortNumber(result.depth);
    }
    return "hit";
}

std::string DifferenceMark(Explanation explanation, std::uint32_t fields)
{
    if (explanation == Explanation::None) {
        return "";
    }
    std::string mark = explanation == Explanation::Unexplained ? "!!"
                       : explanation == Explanation::Rounding  ? "~"
                                                               : "!";
    const std::uint32_t values = fields & ~std::uint32_t(kFieldHit);
    return values != 0 ? mark + " " + FieldListText(values) : mark;
}

namespace {

std::string RowMark(Explanation worst)
{
    switch (worst) {
    case Explanation::None:
        return "";
    case Explanation::Convention:
    case Explanation::KnownFlaw:
        return "explained";
    case Explanation::Rounding:
        return "rounding";
    case Explanation::Unexplained:
        return "UNEXPLAINED";
    }
    return "";
}

ResultRow MakeRow(const Scene& scene, const SceneQuery& query, const Comparison& cmp,
                  const std::vector<const AlgorithmInfo*>& columns, size_t builtinColumns,
                  const std::vector<std::string>& failed)
{
    ResultRow row;
    row.query = query;
    row.label = QueryLabel(scene, query);
    row.disagree = !cmp.agree;
    row.allExplained = cmp.allExplained;
    const AlgorithmInfo& reference = ReferenceAlgorithm(query.family);
    row.tooltip = "reference (" + std::string(reference.name) + "): " + CellText(cmp.reference, reference);
    std::uint32_t valueFields = 0; // the values in which some algorithm differs from the reference
    for (size_t c = 0; c < columns.size(); ++c) {
        const AlgorithmInfo* column = columns[c];
        ResultCell cell;
        cell.algorithm = column;
        cell.external = c >= builtinColumns;
        for (size_t k = 0; k < cmp.outcomes.size(); ++k) {
            const AlgorithmOutcome& o = cmp.outcomes[k];
            if (o.info != column) {
                continue;
            }
            cell.failure = k < failed.size() ? failed[k] : std::string();
            cell.hit = o.result.hit;
            cell.text = cell.failure.empty() ? CellText(o.result, *column) : cell.failure;
            cell.hasKey = cell.failure.empty() && cell.text.size() > 4;
            cell.key = IsCast(column->family) ? o.result.tEnter : o.result.depth;
            cell.differs = o.differs != 0;
            cell.fields = o.differs;
            cell.explanation = o.explanation;
            cell.reason = o.reason;
            if (o.explanation != Explanation::None && static_cast<int>(o.explanation) > static_cast<int>(row.worst)) {
                row.worst = o.explanation;
            }
            if (o.differs != kFieldHit) {
                valueFields |= o.differs;
            }
            if (o.explanation != Explanation::None) {
                row.tooltip += "\n" + std::string(column->name) + ": " + cell.text + " - " +
                               ExplanationName(o.explanation) +
                               (o.differs == kFieldHit ? "" : " (" + FieldListText(o.differs) + ")") +
                               (o.reason.empty() ? "" : ": " + o.reason);
            }
        }
        row.cells.push_back(std::move(cell));
    }
    if (!cmp.referenceNote.empty()) {
        row.tooltip += "\nnote: " + cmp.referenceNote;
    }
    if (row.disagree) {
        row.mark = RowMark(row.worst);
        row.symbol = DifferenceMark(row.worst, valueFields);
        row.tooltip += row.worst == Explanation::Unexplained
                           ? "\nSome difference is not explained by any declared convention, documented flaw or "
                             "float rounding: a bug, or an undocumented flaw."
                       : row.worst == Explanation::Rounding
                           ? "\nSome difference is float rounding: the algorithm agrees with the reference in double."
                           : "\nThe declared conventions or documented flaws explain every difference.";
    } else {
        row.tooltip += "\nEvery enabled algorithm agrees.";
    }
    return row;
}

/// A query's comparison with the external algorithms' answers added (AddExternalOutcomes), explained
/// with the exact values when given; failed: the status of each failed external outcome.
Comparison RowComparison(const Scene& scene, const SceneEvaluator& evaluation, const QueryEvaluation& qe,
                         const ExternalSession* external, const ExactValues* exact, std::vector<std::string>& failed)
{
    Comparison c = evaluation.ComparisonOf(qe);
    const std::span<const ExternalOutcome> outcomes =
        external != nullptr ? external->Outcomes(qe.query) : std::span<const ExternalOutcome>();
    failed.clear();
    if (!outcomes.empty()) {
        AddExternalOutcomes(scene.MakeQuery(qe.query), scene.Settings(qe.query.family).precision, outcomes, exact, c,
                            failed);
    } else if (exact != nullptr) {
        Explain(scene.MakeQuery(qe.query), scene.Settings(qe.query.family).precision, c, exact);
    }
    return c;
}

ResultRow MakeRowOf(const Scene& scene, const SceneEvaluator& evaluation, const ResultsTable& table,
                    const QueryEvaluation& qe, const ExternalSession* external, const ExactValues* exact = nullptr)
{
    std::vector<std::string> failed;
    const Comparison c = RowComparison(scene, evaluation, qe, external, exact, failed);
    return MakeRow(scene, qe.query, c, table.columns, table.builtinColumns, failed);
}

/// Whether x has the reference's values bit for bit in every value field it returns (then the
/// comparison finds no value difference: the common case, without making the row's comparison).
bool SameReturnedValues(const Result& x, std::uint32_t returns, const Result& reference)
{
    return ((returns & kFieldTEnter) == 0 || x.tEnter == reference.tEnter) &&
           ((returns & kFieldTExit) == 0 || x.tExit == reference.tExit) &&
           ((returns & kFieldPoint) == 0 || x.point == reference.point) &&
           ((returns & kFieldNormal) == 0 || (x.hasNormal == reference.hasNormal && x.normal == reference.normal)) &&
           ((returns & kFieldDepth) == 0 || x.depth == reference.depth);
}

} // namespace

bool QueryDisagrees(const Scene& scene, const SceneEvaluator& evaluation, const QueryEvaluation& qe,
                    const ExternalSession* external)
{
    if (!qe.comparison.agree) {
        return true;
    }
    const std::span<const ExternalOutcome> outcomes =
        external != nullptr ? external->Outcomes(qe.query) : std::span<const ExternalOutcome>();
    if (outcomes.empty()) {
        return false;
    }
    std::vector<std::string> failed;
    const std::vector<const AlgorithmInfo*>& enabled = scene.Settings(qe.query.family).enabled;
    if (std::find(enabled.begin(), enabled.end(), &ReferenceAlgorithm(qe.query.family)) == enabled.end()) {
        // without the reference the row compares the algorithms with one another: as it does
        return !RowComparison(scene, evaluation, qe, external, nullptr, failed).agree;
    }
    const Result reference = qe.Reference();
    bool valuesDiffer = false;
    for (const ExternalOutcome& e : outcomes) {
        if (e.status != ExternalStatus::Answered || e.result.hit != reference.hit) {
            return true;
        }
        valuesDiffer = valuesDiffer || (e.result.hit && !SameReturnedValues(e.result, e.info->returns, reference));
    }
    // some value differs in some bit: the tolerance decides, as in the row's comparison
    return valuesDiffer && !RowComparison(scene, evaluation, qe, external, nullptr, failed).agree;
}

std::vector<ResultsTable> BuildResultsTables(const Scene& scene, const SceneEvaluator& evaluation,
                                             bool disagreementsOnly, bool lazy, const ExternalSession* external,
                                             const EvaluationSummary* summary)
{
    if (summary != nullptr && !summary->Covers(evaluation, external)) {
        summary = nullptr; // counted for another evaluation: count here
    }
    // one pass over the queries, each to its family's table (indexed by the enum)
    std::vector<ResultsTable> tables(kFamilyCount);
    for (Family family : AllFamilies()) {
        ResultsTable& table = tables[static_cast<size_t>(family)];
        table.family = family;
        table.columns = scene.Settings(family).enabled;
        table.builtinColumns = table.columns.size();
        if (external != nullptr) {
            for (const AlgorithmInfo* info : external->Columns(family)) {
                table.columns.push_back(info);
            }
        }
    }
    std::array<bool, kFamilyCount> present{};
    const auto& queries = evaluation.Queries();
    for (std::uint32_t i = 0; i < queries.size(); ++i) {
        const QueryEvaluation& qe = queries[i];
        const auto f = static_cast<size_t>(qe.query.family);
        ResultsTable& table = tables[f];
        present[f] = true;
        const bool agree =
            summary != nullptr ? !summary->Disagrees(i) : !QueryDisagrees(scene, evaluation, qe, external);
        table.disagreements += agree ? 0 : 1;
        if (disagreementsOnly && agree) {
            continue;
        }
        table.queries.push_back(i);
        if (!lazy) {
            table.rows.push_back(MakeRowOf(scene, evaluation, table, qe, external));
        }
    }
    std::vector<ResultsTable> out; // in protocol order
    for (Family family : AllFamilies()) {
        if (present[static_cast<size_t>(family)]) {
            out.push_back(std::move(tables[static_cast<size_t>(family)]));
        }
    }
    return out;
}

ResultRow MakeResultRow(const Scene& scene, const SceneEvaluator& evaluation, const ResultsTable& table, size_t i,
                        const ExternalSession* external)
{
    return MakeRowOf(scene, evaluation, table, evaluation.Queries()[table.queries[i]], external);
}

void JudgeRow(const Scene& scene, const SceneEvaluator& evaluation, const ResultsTable& table, size_t i, ResultRow& row,
              const ExternalSession* external)
{
    const QueryEvaluation& qe = evaluation.Queries()[table.queries[i]];
    const Query query = scene.MakeQuery(qe.query);
    if (!QueryShapesMatch(query)) {
        return;
    }
    bool hit = false;
    if (row.disagree) {
        const ExactResult exact = JudgeExact(query);
        hit = exact.hit;
        if (const std::optional<ExactValues> values =
                ComparisonValues(exact, query, scene.Settings(query.family).precision)) {
            row = MakeRowOf(scene, evaluation, table, qe, external, &*values);
        }
    } else {
        hit = ExactHit(query);
    }
    row.exactHit = hit;
    for (ResultCell& cell : row.cells) {
        cell.wrongVsExact = !cell.text.empty() && cell.failure.empty() && cell.hit != hit;
    }
}

} // namespace hitlab
