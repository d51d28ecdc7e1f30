// `hitlab conventions`: the probes run on every algorithm, and what each declares for them.
#include "conventions.h"

#include "core/exact/hunt_detail.h"
#include "core/flaw_condition.h"
#include "core/io/protocol.h"

#include <cstdlib>
#include <map>
#include <stdexcept>

namespace hitlab {

namespace conventions_detail {

/// A declared convention's number ("1000" for max_distance), or fallback.
double ConventionNumber(const AlgorithmInfo& info, std::string_view key, double fallback)
{
    const std::string value(info.ConventionValue(key));
    char* end = nullptr;
    const double x = std::strtod(value.c_str(), &end);
    return value.empty() || end == value.c_str() ? fallback : x;
}

/// "key: value; key: value" for the probe's keys info declares.
std::string DeclaredText(const ConventionProbe& probe, const AlgorithmInfo& info)
{
    std::string out;
    for (const std::string_view key : probe.keys) {
        const std::string_view value = info.ConventionValue(key);
        if (!value.empty()) {
            out += (out.empty() ? "" : "; ") + std::string(key) + ": " + std::string(value);
        }
    }
    return out;
}

ConventionRow MakeRow(const ConventionProbe& probe, Query& query)
{
    const ParsedQuery parsed = ParseQuery(probe.line);
    if (!parsed.Ok()) { // the probes are fixed text; a test reads every one
        throw std::logic_error("conventions probe " + std::string(probe.id) + ": " + ErrorText(parsed.error));
    }
    query = parsed.query;
    ConventionRow row;
    row.probe = &probe;
    row.family = query.family;
    row.precision = parsed.precision;
    row.facts = probe.facts;
    if ((query.family == Family::RayAabb || query.family == Family::SegmentAabb || query.family == Family::RayObb) &&
        HasParallelComponent(query)) {
        row.facts |= kParallel;
    }
    row.exact = JudgeExact(query);
    row.seen = row.precision == Precision::Float ? JudgeExact(hunt::RoundToFloat(query)) : row.exact;
    if (!IsCast(query.family) && row.seen.hit && row.seen.depth.value == 0.0) {
        row.facts |= kBoundaryOnly; // the solids the algorithms see touch (in float: once rounded)
    }
    return row;
}

/// Fills row's cells: the built-in ones from one comparison (against the reference and the exact
/// answer), the external ones from their answers, added to the same comparison.
void FillRow(ConventionRow& row, const Query& query, const std::vector<ConventionColumn>& columns,
             std::span<const ExternalOutcome> external)
{
    std::vector<const AlgorithmInfo*> builtIns;
    for (const ConventionColumn& c : columns) {
        if (c.builtIn) {
            builtIns.push_back(c.info);
        }
    }
    const std::optional<ExactValues> exact = ComparisonValues(row.exact, query, row.precision);
    const ExactValues* exactPtr = exact ? &*exact : nullptr;
    Comparison comparison = Compare(query, builtIns, row.precision, exactPtr);
    std::vector<std::string> failed;
    AddExternalOutcomes(query, row.precision, external, exactPtr, comparison, failed);
    row.cells.assign(columns.size(), ConventionCell{});
    for (size_t k = 0; k < comparison.outcomes.size(); ++k) {
        const AlgorithmOutcome& o = comparison.outcomes[k];
        for (size_t c = 0; c < columns.size(); ++c) {
            if (columns[c].info != o.info) {
                continue;
            }
            ConventionCell& cell = row.cells[c];
            cell.ran = true;
            cell.status = failed[k].empty() ? "answered" : failed[k];
            cell.result = o.result;
            cell.explanation = o.explanation;
            cell.reason = o.reason;
        }
    }
    for (size_t c = 0; c < columns.size(); ++c) {
        ConventionCell& cell = row.cells[c];
        cell.declared = DeclaredText(*row.probe, *columns[c].info);
        cell.predicted = PredictVerdict(row.facts, *columns[c].info, row.seen);
        cell.mark = cell.ran && IsConventionMark(cell);
    }
}

/// The columns of family: its built-in algorithms, then those of the sources in runs.
std::vector<ConventionColumn> FamilyColumns(Family family, const ExternalRuns* runs)
{
    std::vector<ConventionColumn> columns;
    for (const AlgorithmInfo* info : AlgorithmsOf(family)) {
        columns.push_back({info, "built-in", true, "built-in"});
    }
    if (runs != nullptr) {
        for (size_t p = 0; p < runs->programs.size(); ++p) {
            for (const AlgorithmInfo* info : runs->viewsOf[p]) {
                if (info->family == family) {
                    columns.push_back({info, runs->programs[p]->Command(), false, runs->programs[p]->Kind()});
                }
            }
        }
    }
    return columns;
}

/// Asks every source of runs its algorithms of each row's family (those with a function for the
/// row's precision), one Evaluate call per source; the outcomes per row.
std::vector<std::vector<ExternalOutcome>> AskSources(ExternalRuns& runs, const std::vector<ConventionRow>& rows,
                                                     const std::vector<Query>& queries)
{
    std::vector<std::vector<ExternalOutcome>> perRow(rows.size());
    for (size_t p = 0; p < runs.programs.size(); ++p) {
        AlgorithmSource& source = *runs.programs[p];
        std::vector<ExternalQuery> asked;
        std::vector<size_t> rowOf;
        std::vector<std::vector<size_t>> algorithmsOf;
        for (size_t r = 0; r < rows.size(); ++r) {
            ExternalQuery q{queries[r], rows[r].precision, {}};
            std::vector<size_t> indices;
            for (size_t a = 0; a < source.Algorithms().size(); ++a) {
                if (source.Algorithms()[a].family == rows[r].family && source.Has(a, q.precision)) {
                    q.algorithms.push_back(source.Algorithms()[a].name);
                    indices.push_back(a);
                }
            }
            if (!indices.empty()) {
                asked.push_back(std::move(q));
                rowOf.push_back(r);
                algorithmsOf.push_back(std::move(indices));
            }
        }
        const std::vector<ExternalAnswer> answers = source.Evaluate(asked);
        for (size_t k = 0; k < answers.size(); ++k) {
            for (size_t nth = 0; nth < algorithmsOf[k].size(); ++nth) { // results in the order asked
                ExternalOutcome out{runs.viewsOf[p][algorithmsOf[k][nth]],
                                    &source.Command(),
                                    source.Kind(),
                                    answers[k].status,
                                    answers[k].message,
                                    Result{}};
                if (answers[k].Ok()) {
                    out.result = answers[k].results[nth].result;
                }
                perRow[rowOf[k]].push_back(std::move(out));
            }
        }
    }
    return perRow;
}

} // namespace conventions_detail

std::optional<bool> PredictVerdict(unsigned facts, const AlgorithmInfo& info, const ExactResult& exact)
{
    const auto conv = [&](std::string_view key) { return info.ConventionValue(key); };
    const auto has = [&](unsigned fact) { return (facts & fact) != 0; };
    const std::string_view boundary = conv("boundary");
    const bool parallelMiss = has(kParallel) && conv("parallel") == "miss";
    if (!exact.hit) {
        if (has(kBehind) && conv("t_range") == "any t") {
            return !parallelMiss;
        }
        if (boundary == "conservative") {
            return std::nullopt; // reports some near misses as hits
        }
        return false;
    }
    if (has(kBoundaryOnly) && boundary == "conservative") {
        return std::nullopt; // touching (or grazing) may be reported either way
    }
    const bool missAtZeroOnly =
        exact.tExit.value == 0.0 && (conv("t_range") == "t > 0" || conv("t_range") == "0 < t <= 1");
    const bool missOnBoundary =
        has(kBoundaryOnly) && (boundary == "exclusive" || boundary == "outside" || conv("touching") == "separate" ||
                               (has(kInPlane) && conv("in_plane") == "miss"));
    const bool beyond = conv("t_range") == "t <= max distance" &&
                        exact.tEnter.value > conventions_detail::ConventionNumber(info, "max_distance", INFINITY);
    return !((has(kOriginInside) && conv("origin_inside") == "miss") || missOnBoundary || missAtZeroOnly ||
             parallelMiss || (has(kBackFacing) && conv("facing") == "front only") || beyond);
}

bool IsConventionMark(const ConventionCell& cell)
{
    if (cell.status != "answered") {
        return false; // a failure (crashed, timed out, bad answer) is shown as such, not as a convention
    }
    if (cell.explanation == Explanation::Unexplained) {
        return true;
    }
    // a verdict other than the declared one, and one that agrees with the reference: nothing
    // declared accounts for it (a differing one is explained by a convention, the flaw or rounding)
    return cell.predicted && *cell.predicted != cell.result.hit && cell.explanation == Explanation::None;
}

ConventionsMatrix BuildConventionsMatrix(ExternalRuns* runs)
{
    using namespace conventions_detail;
    std::vector<ConventionRow> rows;
    std::vector<Query> queries;
    for (const ConventionProbe& probe : ConventionProbes()) {
        rows.push_back(MakeRow(probe, queries.emplace_back()));
    }
    std::vector<std::vector<ExternalOutcome>> external(rows.size());
    if (runs != nullptr) {
        external = AskSources(*runs, rows, queries);
    }
    ConventionsMatrix m;
    for (size_t r = 0; r < rows.size(); ++r) {
        if (m.families.empty() || m.families.back().family != rows[r].family) {
            m.families.push_back({rows[r].family, FamilyColumns(rows[r].family, runs), {}});
        }
        ConventionFamily& f = m.families.back();
        FillRow(rows[r], queries[r], f.columns, external[r]);
        for (const ConventionCell& cell : rows[r].cells) {
            m.marks += cell.mark ? 1 : 0;
        }
        f.rows.push_back(std::move(rows[r]));
    }
    return m;
}

int RunConventions(const ConventionsOptions& options, std::ostream& out, std::ostream& err)
{
    ExternalRuns runs;
    const std::vector<SourceSpec> specs = SourceSpecs(options.externalCommands, options.plugins);
    if (const std::string error = StartExternalPrograms(specs, options.timeout, runs); !error.empty()) {
        err << "hitlab conventions: " << error << "\n";
        return 2;
    }
    const ConventionsMatrix m = BuildConventionsMatrix(&runs);
    if (options.json) {
        out << ConventionsJson(m).dump(1) << "\n";
    } else if (options.markdown) {
        WriteConventionsMarkdown(m, out);
    } else {
        WriteConventionsText(m, out);
    }
    return 0;
}

} // namespace hitlab
