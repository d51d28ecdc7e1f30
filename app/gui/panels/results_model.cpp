// Rows and cells of the Results table from the scene's evaluation.
#include "results_model.h"

#include "number_line.h"

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
                  const std::vector<const AlgorithmInfo*>& columns)
{
    ResultRow row;
    row.query = query;
    row.label = QueryLabel(scene, query);
    row.disagree = !cmp.agree;
    row.allExplained = cmp.allExplained;
    const AlgorithmInfo& reference = ReferenceAlgorithm(query.family);
    row.tooltip = "reference (" + std::string(reference.name) + "): " + CellText(cmp.reference, reference);
    std::uint32_t valueFields = 0; // the values in which some algorithm differs from the reference
    for (const AlgorithmInfo* column : columns) {
        ResultCell cell;
        cell.algorithm = column;
        for (const AlgorithmOutcome& o : cmp.outcomes) {
            if (o.info != column) {
                continue;
            }
            cell.hit = o.result.hit;
            cell.text = CellText(o.result, *column);
            cell.hasKey = cell.text.size() > 4;
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

} // namespace

std::vector<ResultsTable> BuildResultsTables(const Scene& scene, const SceneEvaluator& evaluation,
                                             bool disagreementsOnly, bool lazy)
{
    // one pass over the queries, each to its family's table (indexed by the enum)
    std::vector<ResultsTable> tables(kFamilyCount);
    for (Family family : AllFamilies()) {
        ResultsTable& table = tables[static_cast<size_t>(family)];
        table.family = family;
        table.columns = scene.Settings(family).enabled;
    }
    std::array<bool, kFamilyCount> present{};
    const auto& queries = evaluation.Queries();
    for (std::uint32_t i = 0; i < queries.size(); ++i) {
        const QueryEvaluation& qe = queries[i];
        const auto f = static_cast<size_t>(qe.query.family);
        ResultsTable& table = tables[f];
        present[f] = true;
        table.disagreements += qe.comparison.agree ? 0 : 1;
        if (disagreementsOnly && qe.comparison.agree) {
            continue;
        }
        table.queries.push_back(i);
        if (!lazy) {
            table.rows.push_back(MakeRow(scene, qe.query, evaluation.ComparisonOf(qe), table.columns));
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

ResultRow MakeResultRow(const Scene& scene, const SceneEvaluator& evaluation, const ResultsTable& table, size_t i)
{
    const QueryEvaluation& qe = evaluation.Queries()[table.queries[i]];
    return MakeRow(scene, qe.query, evaluation.ComparisonOf(qe), table.columns);
}

void JudgeRow(const Scene& scene, const SceneEvaluator& evaluation, const ResultsTable& table, size_t i, ResultRow& row)
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
        if (const std::optional<ExactValues> values = ComparisonValues(exact)) {
            Comparison judged = evaluation.ComparisonOf(qe);
            Explain(query, scene.Settings(query.family).precision, judged, &*values);
            row = MakeRow(scene, qe.query, judged, table.columns);
        }
    } else {
        hit = ExactHit(query);
    }
    row.exactHit = hit;
    for (ResultCell& cell : row.cells) {
        cell.wrongVsExact = !cell.text.empty() && cell.hit != hit;
    }
}

} // namespace hitlab
