// `hitlab report`: a scene's queries, every algorithm's answer, and why they disagree.
#include "report.h"

#include "exact_json.h"
#include "report_external.h"

#include "core/io/protocol.h"
#include "core/io/scene_file.h"
#include "core/text.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <optional>

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

bool Reported(const Scene& scene, const QueryEvaluation& qe)
{
    return !scene.Settings(qe.query.family).enabled.empty();
}

bool ReferenceRan(const Comparison& c)
{
    return std::any_of(c.outcomes.begin(), c.outcomes.end(),
                       [](const AlgorithmOutcome& o) { return o.info->reference; });
}

/// The query's headline: whether the algorithms agree, and whether every difference is explained.
std::string Verdict(const Comparison& c)
{
    const bool unexplained = std::any_of(c.outcomes.begin(), c.outcomes.end(), [](const AlgorithmOutcome& o) {
        return o.explanation == Explanation::Unexplained;
    });
    const bool differs = std::any_of(c.outcomes.begin(), c.outcomes.end(),
                                     [](const AlgorithmOutcome& o) { return o.explanation != Explanation::None; });
    if (unexplained) {
        return "DISAGREE, NOT EXPLAINED";
    }
    return differs ? "disagree, explained" : c.agree ? "all agree" : "disagree";
}

struct Summary {
    size_t queries = 0, agree = 0, disagree = 0, skipped = 0;
    std::array<size_t, 5> explanations{}; ///< by Explanation, of the algorithms that differ from the reference
};

/// Each query's comparison as the report shows it: the scene's, or with --exact judged again with
/// the exact values (rounding then means within kValueUlps of them, and an algorithm that is right
/// where the reference is off is not blamed), with the judge's answer.
struct Judged {
    std::vector<Comparison> comparisons;           ///< parallel to evaluation.Queries()
    std::vector<std::optional<ExactResult>> exact; ///< with --exact, for the reported queries
    /// with --external: per query, parallel to its outcomes, a failed external algorithm's status
    /// name ("crashed"), else "" (empty: none failed)
    std::vector<std::vector<std::string>> failed;

    /// "" or the status name of outcome k of query i.
    std::string_view Failed(size_t i, size_t k) const
    {
        return k < failed[i].size() ? std::string_view(failed[i][k]) : std::string_view();
    }
};

Judged Judge(const Scene& scene, const SceneEvaluator& evaluation, bool exact, const ExternalRuns* external)
{
    Judged j;
    const auto& all = evaluation.Queries();
    j.comparisons.reserve(all.size());
    j.exact.resize(all.size());
    j.failed.resize(all.size());
    for (size_t i = 0; i < all.size(); ++i) {
        j.comparisons.push_back(evaluation.ComparisonOf(all[i]));
        const bool ext = external != nullptr && i < external->perQuery.size() && !external->perQuery[i].empty();
        if ((!exact && !ext) || !Reported(scene, all[i])) {
            continue;
        }
        const Query query = scene.MakeQuery(all[i].query);
        const Precision precision = scene.Settings(query.family).precision;
        std::optional<ExactValues> values;
        if (exact) {
            j.exact[i] = JudgeExact(query);
            values = ComparisonValues(*j.exact[i]);
        }
        if (ext) {
            AddExternalOutcomes(query, precision, external->perQuery[i], values ? &*values : nullptr, j.comparisons[i],
                                j.failed[i]);
        } else if (values) {
            Explain(query, precision, j.comparisons[i], &*values);
        }
    }
    return j;
}

Summary Summarise(const Scene& scene, const SceneEvaluator& evaluation, const Judged& judged)
{
    Summary s;
    const auto& all = evaluation.Queries();
    for (size_t i = 0; i < all.size(); ++i) {
        if (!Reported(scene, all[i])) {
            ++s.skipped;
            continue;
        }
        const Comparison& c = judged.comparisons[i];
        ++s.queries;
        ++(c.agree ? s.agree : s.disagree);
        for (const AlgorithmOutcome& o : c.outcomes) {
            ++s.explanations[static_cast<size_t>(o.explanation)];
        }
    }
    return s;
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
    } else {
        row.push_back(cell(r.hit && has(kFieldDepth), Number(r.depth, precision)));
        row.push_back(cell(r.hit && r.hasNormal && has(kFieldNormal), Vector(r.normal, precision)));
        row.push_back(cell(r.hit && has(kFieldContact), Vector(r.contact, precision)));
        row.push_back(cell(r.hasSeparatingAxis && has(kFieldSeparatingAxis), Vector(r.separatingAxis, precision)));
    }
    std::string differs;
    if (o.explanation != Explanation::None) {
        differs = std::string("DIFFERS: ") + ExplanationName(o.explanation);
        differs += o.differs == kFieldHit ? "" : " (" + FieldListText(o.differs) + ")";
    }
    row.push_back(std::move(differs));
    return row;
}

/// The "external" object of a query: per external algorithm, {"command", "status", "message"
/// (unless answered)}, as `hitlab eval --external` writes it.
ordered_json ExternalJson(const std::vector<ExternalOutcome>& outcomes)
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

} // namespace

std::string SelectAlgorithms(Scene& scene, const std::vector<std::string>& names)
{
    std::vector<const AlgorithmInfo*> chosen;
    for (const std::string& name : names) {
        bool found = false;
        for (const AlgorithmInfo& info : Algorithms()) {
            if (info.name == name) {
                chosen.push_back(&info);
                found = true;
            }
        }
        if (!found) {
            std::string valid;
            for (const AlgorithmInfo& info : Algorithms()) {
                valid += (valid.empty() ? "" : ", ") + std::string(info.name);
            }
            return "--algorithms: unknown algorithm \"" + name + "\" (expected names from: " + valid + ")";
        }
    }
    for (Family family : AllFamilies()) {
        FamilySettings& settings = scene.Settings(family);
        settings.enabled.clear();
        for (const AlgorithmInfo* info : AlgorithmsOf(family)) {
            if (std::find(chosen.begin(), chosen.end(), info) != chosen.end()) {
                settings.enabled.push_back(info);
            }
        }
        if (std::find(settings.enabled.begin(), settings.enabled.end(), settings.drawn) == settings.enabled.end()) {
            settings.drawn = settings.enabled.empty() ? nullptr : settings.enabled.front();
        }
    }
    scene.TouchSettings();
    return {};
}

namespace {

/// The results of the algorithms that answered (failed external ones left out).
std::vector<std::pair<const AlgorithmInfo*, Result>> Results(const Judged& j, size_t index)
{
    std::vector<std::pair<const AlgorithmInfo*, Result>> results;
    const Comparison& c = j.comparisons[index];
    for (size_t k = 0; k < c.outcomes.size(); ++k) {
        if (j.Failed(index, k).empty()) {
            results.emplace_back(c.outcomes[k].info, c.outcomes[k].result);
        }
    }
    return results;
}

/// "exact: hit, t in [1, 2] (exact); slab 0/0 ulp, face_planes DISAGREES".
std::string ExactLine(const Query& query, const Judged& j, size_t index, const ExactResult& exact, Precision precision)
{
    const Comparison& c = j.comparisons[index];
    std::string line = "exact: " + DescribeExact(exact);
    for (const AlgorithmOutcome& o : c.outcomes) {
        line += (&o == &c.outcomes.front() ? "; " : ", ") + std::string(o.info->name);
        if (const std::string_view failed = j.Failed(index, static_cast<size_t>(&o - c.outcomes.data()));
            !failed.empty()) {
            line += " " + std::string(failed);
        } else if (o.result.hit != exact.hit) {
            line += " DISAGREES";
        } else if (exact.hit && IsCast(query.family) && (o.info->returns & kFieldTEnter) != 0) {
            line += " " + Number(UlpError(exact.tEnter.value, o.result.tEnter, precision), Precision::Float);
            if ((o.info->returns & kFieldTExit) != 0) {
                line += "/" + Number(UlpError(exact.tExit.value, o.result.tExit, precision), Precision::Float);
            }
            line += " ulp";
        } else if (exact.hit && !IsCast(query.family) && (o.info->returns & kFieldDepth) != 0) {
            line += " " + Number(UlpError(exact.depth.value, o.result.depth, precision), Precision::Float) + " ulp";
        } else {
            line += " agrees";
        }
    }
    return line;
}

} // namespace

ordered_json ReportJson(const Scene& scene, const SceneEvaluator& evaluation, const std::string& source, bool exact,
                        const ExternalRuns* external)
{
    ordered_json queries = ordered_json::array();
    const auto& all = evaluation.Queries();
    const Judged judged = Judge(scene, evaluation, exact, external);
    for (size_t index = 0; index < all.size(); ++index) {
        const QueryEvaluation& qe = all[index];
        if (!Reported(scene, qe)) {
            continue;
        }
        const Comparison& c = judged.comparisons[index];
        const Family family = qe.query.family;
        const Precision precision = scene.Settings(family).precision;
        ordered_json results = ordered_json::object();
        ordered_json explain = ordered_json::object();
        for (size_t k = 0; k < c.outcomes.size(); ++k) {
            const AlgorithmOutcome& o = c.outcomes[k];
            const std::string name(o.info->name);
            const bool failed = !judged.Failed(index, k).empty();
            results[name] = failed ? ordered_json(nullptr) : ResultToJson(o.result, o.info->returns, family);
            if (o.explanation != Explanation::None) {
                explain[name] = ExplainToJson(o);
            }
        }
        const AlgorithmInfo& ref = ReferenceAlgorithm(family);
        ordered_json item{
            {"index", index},
            {"query", std::string(FamilyName(family))},
            {"precision", PrecisionName(precision)},
            {"a", ShapeRef(*scene.Find(qe.query.a))},
            {"b", ShapeRef(*scene.Find(qe.query.b))},
            {"results", std::move(results)},
            {"agree", c.agree},
            {"all_explained", c.allExplained},
            {"reference", std::string(ref.name)},
            {"explain", std::move(explain)},
        };
        if (!ReferenceRan(c)) {
            item["reference_result"] = ResultToJson(c.reference, ref.returns, family);
        }
        if (!c.referenceNote.empty()) {
            item["reference_note"] = c.referenceNote;
        }
        if (std::string warning = PrecisionWarning(scene, qe.query); !warning.empty()) {
            item["warning"] = std::move(warning);
        }
        if (judged.exact[index]) {
            item["exact"] = ExactToJson(*judged.exact[index], Results(judged, index), precision);
        }
        if (external != nullptr && index < external->perQuery.size() && !external->perQuery[index].empty()) {
            item["external"] = ExternalJson(external->perQuery[index]);
        }
        queries.push_back(std::move(item));
    }
    const Summary s = Summarise(scene, evaluation, judged);
    ordered_json explanations = ordered_json::object();
    for (Explanation e :
         {Explanation::Convention, Explanation::KnownFlaw, Explanation::Rounding, Explanation::Unexplained}) {
        explanations[ExplanationName(e)] = s.explanations[static_cast<size_t>(e)];
    }
    return {{"scene", source},
            {"title", scene.title},
            {"queries", std::move(queries)},
            {"summary",
             {{"queries", s.queries},
              {"agree", s.agree},
              {"disagree", s.disagree},
              {"skipped", s.skipped},
              {"explanations", std::move(explanations)}}}};
}

void WriteReportTable(std::ostream& out, const Scene& scene, const SceneEvaluator& evaluation,
                      const std::string& source, bool exact, const ExternalRuns* external)
{
    out << source << (scene.title.empty() ? "" : ": " + scene.title) << "\n";
    const auto& all = evaluation.Queries();
    const Judged judged = Judge(scene, evaluation, exact, external);
    for (size_t index = 0; index < all.size(); ++index) {
        const QueryEvaluation& qe = all[index];
        if (!Reported(scene, qe)) {
            continue;
        }
        const Comparison& c = judged.comparisons[index];
        const Family family = qe.query.family;
        const Precision precision = scene.Settings(family).precision;
        out << "\n[" << index << "] " << FamilyName(family) << ", " << PrecisionName(precision) << ": "
            << ShapeText(*scene.Find(qe.query.a)) << " vs " << ShapeText(*scene.Find(qe.query.b)) << ": " << Verdict(c)
            << "\n";
        if (std::string warning = PrecisionWarning(scene, qe.query); !warning.empty()) {
            out << "    warning: " << warning << "\n";
        }
        std::vector<std::vector<std::string>> rows;
        rows.push_back(IsCast(family)
                           ? std::vector<std::string>{"ALGORITHM", "VERDICT", "T_ENTER", "T_EXIT", "NORMAL", ""}
                           : std::vector<std::string>{"ALGORITHM", "VERDICT", "DEPTH", "NORMAL", "CONTACT",
                                                      "SEPARATING_AXIS", ""});
        for (size_t k = 0; k < c.outcomes.size(); ++k) {
            rows.push_back(ResultCells(c.outcomes[k], family, precision, judged.Failed(index, k)));
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
        if (judged.exact[index]) {
            out << "    " << ExactLine(scene.MakeQuery(qe.query), judged, index, *judged.exact[index], precision)
                << "\n";
        }
    }
    const Summary s = Summarise(scene, evaluation, judged);
    out << "\n"
        << s.queries << (s.queries == 1 ? " query" : " queries") << ": " << s.agree << " agree, " << s.disagree
        << " disagree. Algorithms differing from the reference: "
        << s.explanations[static_cast<size_t>(Explanation::Convention)] << " by convention, "
        << s.explanations[static_cast<size_t>(Explanation::KnownFlaw)] << " by a known flaw, "
        << s.explanations[static_cast<size_t>(Explanation::Rounding)] << " by rounding, "
        << s.explanations[static_cast<size_t>(Explanation::Unexplained)] << " unexplained.";
    if (s.skipped > 0) {
        out << " " << s.skipped << (s.skipped == 1 ? " query" : " queries")
            << " not run (no algorithm of the family is selected).";
    }
    out << "\n";
}

int RunReport(const ReportOptions& options, std::ostream& out, std::ostream& err)
{
    SceneLoad load = LoadSceneFile(options.scenePath);
    if (!load.Ok()) {
        err << Within("hitlab report", load.error) << "\n";
        return 2;
    }
    for (const std::string& warning : load.warnings) {
        err << "hitlab report: warning: " << options.scenePath << ": " << warning << "\n";
    }
    Scene& scene = *load.scene;
    if (!options.algorithms.empty()) {
        if (std::string e = SelectAlgorithms(scene, options.algorithms); !e.empty()) {
            err << "hitlab report: " << e << "\n";
            return 2;
        }
    }
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    ExternalRuns external;
    if (!options.externalCommands.empty() || !options.plugins.empty()) {
        if (std::string e = RunExternalPrograms(scene, evaluation, options.externalCommands, options.externalTimeout,
                                                external, options.plugins);
            !e.empty()) {
            err << "hitlab report: " << e << "\n";
            return 2;
        }
    }
    if (options.json) {
        out << ReportJson(scene, evaluation, options.scenePath, options.exact, &external)
                   .dump(2, ' ', false, ordered_json::error_handler_t::replace)
            << "\n";
    } else {
        WriteReportTable(out, scene, evaluation, options.scenePath, options.exact, &external);
    }
    out.flush();
    return 0;
}

} // namespace hitlab
