// `hitlab report`: one query's table and JSON, its status, and the summary.
#include "report_format.h"

#include "exact_json.h"

#include "core/io/protocol.h"
#include "core/text.h"

#include <algorithm>

namespace hitlab {

using nlohmann::ordered_json;

namespace {

/// NumberText and VecText in the precision the values were computed in, -0 as 0.
std::string Number(double v, Precision precision) { return NumberText(v + 0.0, precision); }
std::string Vector(const glm::dvec3& v, Precision precision) { return VecText(v + 0.0, precision); }

/// A float comparison of shapes whose numbers overflow float (or whose direction rounds to zero)
/// answers nothing meaningful: say so beside the results.
std::string PrecisionWarning(const Scene& scene, const SceneQuery& q)
{
    const Precision precision = scene.Settings(q.family).precision;
    const IoError e = CheckPrecision(scene.Find(q.a)->shape, precision, "a");
    return ErrorText(e.what.empty() ? CheckPrecision(scene.Find(q.b)->shape, precision, "b") : e);
}

bool ReferenceRan(const Comparison& c)
{
    return std::any_of(c.outcomes.begin(), c.outcomes.end(),
                       [](const AlgorithmOutcome& o) { return o.info->reference; });
}

/// The headline of a status.
const char* Headline(QueryStatus status)
{
    switch (status) {
    case QueryStatus::Agree:
        return "all agree";
    case QueryStatus::Disagree:
        return "disagree";
    case QueryStatus::Explained:
        return "disagree, explained";
    case QueryStatus::Unexplained:
        return "DISAGREE, NOT EXPLAINED";
    }
    return "";
}

ordered_json ShapeRef(const SceneShape& shape)
{
    return {{"id", shape.id}, {"name", shape.name}, {"type", ShapeTypeName(shape.shape)}};
}

std::string ShapeText(const SceneShape& shape)
{
    return "\"" + shape.name + "\" (" + ShapeTypeName(shape.shape) + " " + std::to_string(shape.id) + ")";
}

/// Pads each column to its widest cell; the last column is not padded.
void WriteRows(std::ostream& out, const std::vector<std::vector<std::string>>& rows, const std::string& indent)
{
    std::vector<size_t> width;
    for (const auto& row : rows) {
        width.resize(std::max(width.size(), row.size()), 0);
        for (size_t i = 0; i < row.size(); ++i) {
            width[i] = std::max(width[i], row[i].size());
        }
    }
    for (const auto& row : rows) {
        std::string line = indent;
        for (size_t i = 0; i < row.size(); ++i) {
            line += row[i];
            if (i + 1 < row.size()) {
                line += std::string(width[i] - row[i].size() + 2, ' ');
            }
        }
        while (!line.empty() && line.back() == ' ') {
            line.pop_back();
        }
        out << line << '\n';
    }
}

std::vector<std::string> ResultCells(const AlgorithmOutcome& o, Family family, Precision precision,
                                     std::string_view failed)
{
    const Result& r = o.result;
    const auto has = [&](Field field) { return failed.empty() && (o.info->returns & field) != 0; };
    const auto cell = [&](bool present, const std::string& text) { return present ? text : std::string("-"); };
    std::string name(o.info->name);
    name += o.info->reference ? " (ref)" : o.info->published ? " (pub)" : "";
    name += o.info->run.one == nullptr ? " (ext)" : ""; // an external program's
    std::vector<std::string> row{name, !failed.empty() ? std::string(failed) : r.hit ? "hit" : "miss"};
    if (IsCast(family)) {
        row.push_back(cell(r.hit && has(kFieldTEnter), Number(r.tEnter, precision)));
        row.push_back(cell(r.hit && has(kFieldTExit), Number(r.tExit, precision)));
        row.push_back(cell(r.hit && r.hasNormal && has(kFieldNormal), Vector(r.normal, precision)));
        if ((FamilyFields(family) & kTriangleCastFields) != 0) { // triangles and meshes
            row.push_back(cell(r.hit && r.hasUv && has(kFieldU), Number(r.u, precision)));
            row.push_back(cell(r.hit && r.hasUv && has(kFieldV), Number(r.v, precision)));
            row.push_back(cell(r.hit && r.hasFront && has(kFieldFront), r.front ? "front" : "back"));
        }
        if ((FamilyFields(family) & kFieldTriangle) != 0) {
            row.push_back(cell(r.hit && r.hasTriangle && has(kFieldTriangle), std::to_string(r.triangle)));
        }
    } else {
        row.push_back(cell(r.hit && has(kFieldDepth), Number(r.depth, precision)));
        row.push_back(cell(r.hit && r.hasNormal && has(kFieldNormal), Vector(r.normal, precision)));
        row.push_back(cell(r.hit && has(kFieldContact), Vector(r.contact, precision)));
        row.push_back(cell(r.hasSeparatingAxis && has(kFieldSeparatingAxis), Vector(r.separatingAxis, precision)));
        if ((FamilyFields(family) & kFieldDistance) != 0) { // separated or touching solids
            row.push_back(cell(r.hasDistance && has(kFieldDistance), Number(r.distance, precision)));
        }
    }
    std::string differs;
    if (o.explanation != Explanation::None) {
        differs = std::string("DIFFERS: ") + ExplanationName(o.explanation);
        differs += o.differs == kFieldHit ? "" : " (" + FieldListText(o.differs) + ")";
    }
    row.push_back(std::move(differs));
    return row;
}

/// The "external" object of a query: per external algorithm, {"command" (or "plugin"), "status", "message"
/// (unless answered)}, as `hitlab eval --external` writes it.
ordered_json ExternalJson(std::span<const ExternalOutcome> outcomes)
{
    ordered_json j = ordered_json::object();
    for (const ExternalOutcome& e : outcomes) {
        ordered_json entry{{e.kind, *e.command}, {"status", ExternalStatusName(e.status)}};
        if (e.status != ExternalStatus::Answered) {
            entry["message"] = e.message;
        }
        j[std::string(e.info->name)] = std::move(entry);
    }
    return j;
}

/// The results of the algorithms that answered (failed external ones left out).
std::vector<std::pair<const AlgorithmInfo*, Result>> Results(const ReportedQuery& q)
{
    std::vector<std::pair<const AlgorithmInfo*, Result>> results;
    const Comparison& c = q.comparison;
    for (size_t k = 0; k < c.outcomes.size(); ++k) {
        if (q.Failed(k).empty()) {
            results.emplace_back(c.outcomes[k].info, c.outcomes[k].result);
        }
    }
    return results;
}

/// "exact: hit, t in [1, 2] (exact); slab 0/0 ulp, face_planes DISAGREES".
std::string ExactLine(const ReportedQuery& q, const ExactResult& exact, Precision precision)
{
    const Comparison& c = q.comparison;
    const Family family = q.query.family;
    std::string line = "exact: " + DescribeExact(exact);
    const bool apart = !exact.hit && exact.hasDistance; // the separated solids' distance, and each one's error
    if (apart) {
        line += ", distance " + Number(exact.distance.value, Precision::Double) +
                (exact.exactDistance ? " (exact)" : " (to 1 ulp)");
    }
    for (const AlgorithmOutcome& o : c.outcomes) {
        line += (&o == &c.outcomes.front() ? "; " : ", ") + std::string(o.info->name);
        if (const std::string_view failed = q.Failed(static_cast<size_t>(&o - c.outcomes.data())); !failed.empty()) {
            line += " " + std::string(failed);
        } else if (o.result.hit != exact.hit) {
            line += " DISAGREES";
        } else if (exact.hit && IsCast(family) && (o.info->returns & kFieldTEnter) != 0) {
            line += " " + Number(UlpError(exact.tEnter.value, o.result.tEnter, precision), Precision::Float);
            if ((o.info->returns & kFieldTExit) != 0) {
                line += "/" + Number(UlpError(exact.tExit.value, o.result.tExit, precision), Precision::Float);
            }
            line += " ulp";
        } else if (exact.hit && !IsCast(family) && (o.info->returns & kFieldDepth) != 0) {
            line += " " + Number(UlpError(exact.depth.value, o.result.depth, precision), Precision::Float) + " ulp";
        } else if (apart && o.result.hasDistance && (o.info->returns & kFieldDistance) != 0) {
            line += " " + Number(UlpError(exact.distance.value, o.result.distance, precision), Precision::Float) +
                    " ulp (distance)";
        } else {
            line += " agrees";
        }
    }
    return line;
}

} // namespace

QueryStatus StatusOf(const Comparison& c)
{
    bool differs = false;
    for (const AlgorithmOutcome& o : c.outcomes) {
        if (o.explanation == Explanation::Unexplained) {
            return QueryStatus::Unexplained;
        }
        differs = differs || o.explanation != Explanation::None;
    }
    return differs ? QueryStatus::Explained : c.agree ? QueryStatus::Agree : QueryStatus::Disagree;
}

const char* StatusName(QueryStatus status)
{
    constexpr std::array<const char*, kQueryStatuses> names{"agree", "disagree", "explained", "unexplained"};
    return names[static_cast<size_t>(status)];
}

void ReportSummary::Add(const ReportedQuery& q)
{
    ++queries;
    ++statuses[static_cast<size_t>(q.status)];
    for (const AlgorithmOutcome& o : q.comparison.outcomes) {
        ++explanations[static_cast<size_t>(o.explanation)];
    }
}

void WriteQueryText(std::ostream& out, const Scene& scene, const ReportedQuery& q)
{
    const Comparison& c = q.comparison;
    const Family family = q.query.family;
    const Precision precision = scene.Settings(family).precision;
    out << "\n[" << q.index << "] " << FamilyName(family) << ", " << PrecisionName(precision) << ": "
        << ShapeText(*scene.Find(q.query.a)) << " vs " << ShapeText(*scene.Find(q.query.b)) << ": "
        << Headline(q.status) << "\n";
    if (std::string warning = PrecisionWarning(scene, q.query); !warning.empty()) {
        out << "    warning: " << warning << "\n";
    }
    std::vector<std::vector<std::string>> rows;
    rows.push_back(IsCast(family) ? std::vector<std::string>{"ALGORITHM", "VERDICT", "T_ENTER", "T_EXIT", "NORMAL"}
                                  : std::vector<std::string>{"ALGORITHM", "VERDICT", "DEPTH", "NORMAL", "CONTACT",
                                                             "SEPARATING_AXIS"});
    if ((FamilyFields(family) & kTriangleCastFields) != 0) {
        rows.back().insert(rows.back().end(), {"U", "V", "SIDE"});
    }
    if ((FamilyFields(family) & kFieldTriangle) != 0) {
        rows.back().push_back("TRIANGLE");
    }
    if ((FamilyFields(family) & kFieldDistance) != 0) {
        rows.back().push_back("DISTANCE");
    }
    rows.back().push_back("");
    for (size_t k = 0; k < c.outcomes.size(); ++k) {
        rows.push_back(ResultCells(c.outcomes[k], family, precision, q.Failed(k)));
    }
    WriteRows(out, rows, "    ");
    if (!ReferenceRan(c)) {
        out << "    (the reference, " << ReferenceAlgorithm(family).name << ", is not run in this scene; it says "
            << (c.reference.hit ? "hit" : "miss") << ")\n";
    }
    for (const AlgorithmOutcome& o : c.outcomes) {
        if (o.explanation != Explanation::None) {
            out << "    " << o.info->name << " differs from the reference (" << ExplanationName(o.explanation)
                << "): " << o.reason << "\n";
        }
    }
    if (!c.referenceNote.empty()) {
        out << "    note: " << c.referenceNote << "\n";
    }
    if (q.exact) {
        out << "    " << ExactLine(q, *q.exact, precision) << "\n";
    }
}

ordered_json QueryJson(const Scene& scene, const ReportedQuery& q)
{
    const Comparison& c = q.comparison;
    const Family family = q.query.family;
    const Precision precision = scene.Settings(family).precision;
    ordered_json results = ordered_json::object();
    ordered_json explain = ordered_json::object();
    for (size_t k = 0; k < c.outcomes.size(); ++k) {
        const AlgorithmOutcome& o = c.outcomes[k];
        const std::string name(o.info->name);
        results[name] = !q.Failed(k).empty() ? ordered_json(nullptr) : ResultToJson(o.result, o.info->returns, family);
        if (o.explanation != Explanation::None) {
            explain[name] = ExplainToJson(o);
        }
    }
    const AlgorithmInfo& ref = ReferenceAlgorithm(family);
    ordered_json item{
        {"index", q.index},
        {"query", std::string(FamilyName(family))},
        {"precision", PrecisionName(precision)},
        {"a", ShapeRef(*scene.Find(q.query.a))},
        {"b", ShapeRef(*scene.Find(q.query.b))},
        {"results", std::move(results)},
        {"agree", q.status == QueryStatus::Agree},
        {"all_explained", q.status != QueryStatus::Unexplained},
        {"status", StatusName(q.status)},
        {"reference", std::string(ref.name)},
        {"explain", std::move(explain)},
    };
    if (!ReferenceRan(c)) {
        item["reference_result"] = ResultToJson(c.reference, ref.returns, family);
    }
    if (!c.referenceNote.empty()) {
        item["reference_note"] = c.referenceNote;
    }
    if (std::string warning = PrecisionWarning(scene, q.query); !warning.empty()) {
        item["warning"] = std::move(warning);
    }
    if (q.exact) {
        item["exact"] = ExactToJson(*q.exact, Results(q), precision);
    }
    if (!q.external.empty()) {
        item["external"] = ExternalJson(q.external);
    }
    return item;
}

std::string NotRunText(const NotRunAlgorithm& n)
{
    const std::string precision = PrecisionName(n.precision);
    const std::string other = PrecisionName(n.precision == Precision::Float ? Precision::Double : Precision::Float);
    return n.algorithm + " (plugin " + n.source + ") has no " + precision + " function: not run on the " +
           std::to_string(n.queries) + " " + precision + " " + std::string(FamilyName(n.family)) +
           (n.queries == 1 ? " query" : " queries") +
           (n.hasOther ? "; use --precision " + other : "; it has no function of either precision");
}

void WriteSummaryText(std::ostream& out, const ReportSummary& s)
{
    out << "\n"
        << s.queries << (s.queries == 1 ? " query" : " queries") << ": " << s.Agree() << " agree, " << s.Disagree()
        << " disagree. Algorithms differing from the reference: "
        << s.explanations[static_cast<size_t>(Explanation::Convention)] << " by convention, "
        << s.explanations[static_cast<size_t>(Explanation::KnownFlaw)] << " by a known flaw, "
        << s.explanations[static_cast<size_t>(Explanation::Rounding)] << " by rounding, "
        << s.explanations[static_cast<size_t>(Explanation::Unexplained)] << " unexplained.";
    if (s.skipped > 0) {
        out << " " << s.skipped << (s.skipped == 1 ? " query" : " queries")
            << " not run (no algorithm of the family is selected).";
    }
    if (s.culled) {
        out << " " << s.solidPairsApart << (s.solidPairsApart == 1 ? " pair" : " pairs")
            << " of solids not listed: their bounds are apart, so every algorithm says miss.";
    }
    if (!s.notRun.empty()) {
        out << " " << s.notRun.size() << " external algorithm" << (s.notRun.size() == 1 ? "" : "s")
            << " not run for want of a function in the precision (the note at the top).";
    }
    out << "\n";
}

ordered_json SummaryJson(const ReportSummary& s)
{
    ordered_json explanations = ordered_json::object();
    for (Explanation e :
         {Explanation::Convention, Explanation::KnownFlaw, Explanation::Rounding, Explanation::Unexplained}) {
        explanations[ExplanationName(e)] = s.explanations[static_cast<size_t>(e)];
    }
    ordered_json statuses = ordered_json::object();
    for (size_t i = 0; i < kQueryStatuses; ++i) {
        statuses[StatusName(static_cast<QueryStatus>(i))] = s.statuses[i];
    }
    ordered_json j{{"queries", s.queries},
                   {"agree", s.Agree()},
                   {"disagree", s.Disagree()},
                   {"skipped", s.skipped},
                   {"statuses", std::move(statuses)},
                   {"explanations", std::move(explanations)}};
    if (s.culled) {
        j["solid_pairs_apart"] = s.solidPairsApart;
    }
    if (!s.notRun.empty()) {
        ordered_json notRun = ordered_json::array();
        for (const NotRunAlgorithm& n : s.notRun) {
            notRun.push_back({{"algorithm", n.algorithm},
                              {"plugin", n.source},
                              {"family", FamilyName(n.family)},
                              {"precision", PrecisionName(n.precision)},
                              {"queries", n.queries},
                              {"note", NotRunText(n)}});
        }
        j["not_run"] = std::move(notRun);
    }
    return j;
}

} // namespace hitlab
