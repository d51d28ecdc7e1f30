// `hitlab eval --external`: external programs' answers beside the built-in ones.
#include "eval_external.h"

#include "eval.h"

#include "app/sources/source_list.h"
#include "core/compare.h"
#include "core/exact/exact.h"
#include "core/io/protocol.h"

#include <memory>

namespace hitlab {

namespace {

using nlohmann::ordered_json;

using Programs = std::vector<std::unique_ptr<AlgorithmSource>>;

/// The program's algorithms of family, in the order it declared them.
std::vector<const ExternalAlgorithm*> AlgorithmsOf(const AlgorithmSource& program, Family family)
{
    std::vector<const ExternalAlgorithm*> out;
    for (const ExternalAlgorithm& a : program.Algorithms()) {
        if (a.family == family) {
            out.push_back(&a);
        }
    }
    return out;
}

/// The comparison's explanation of one external result that differs from the reference: the same
/// Explain as for a built-in algorithm (its declared conventions and flaw; no double re-run, as
/// HitLab cannot run it itself).
AlgorithmOutcome ExplainExternal(const ParsedQuery& q, const AlgorithmInfo& refInfo, const Result& reference,
                                 const AlgorithmInfo& view, const Result& result)
{
    Comparison c;
    c.outcomes.resize(2);
    c.outcomes[0].info = &refInfo;
    c.outcomes[0].result = reference;
    c.outcomes[1].info = &view;
    c.outcomes[1].result = result;
    // judged exactly: the exact values and boundary facts decide rounding (docs/protocol.md)
    const std::optional<ExactValues> exact = JudgeForComparison(q.query, q.precision);
    Explain(q.query, q.precision, c, exact ? &*exact : nullptr);
    return c.outcomes[1];
}

/// An external algorithm's trace as the protocol's "traces" entry: {"steps": [{"caption", "values"}],
/// "deciding_step": null, "verdict"} (a plugin's or program's steps have no structured part).
ordered_json ExternalTraceToJson(const ExternalResult& r)
{
    ordered_json steps = ordered_json::array();
    for (const ExternalStep& s : r.trace) {
        ordered_json values = ordered_json::object();
        for (const auto& [name, value] : s.values) {
            values[name] = value ? JsonNumber(*value) : ordered_json(nullptr);
        }
        steps.push_back({{"caption", s.caption}, {"values", std::move(values)}});
    }
    return {{"steps", std::move(steps)}, {"deciding_step", nullptr}, {"verdict", r.verdict}};
}

/// The error when an answer given on the line has the name of one of the programs' algorithms of
/// its family (both would be reported under that name); "" when none has.
std::string AnswerNameClash(const ParsedQuery& q, const Programs& programs)
{
    for (const std::unique_ptr<AlgorithmSource>& program : programs) {
        for (const ExternalAlgorithm* a : AlgorithmsOf(*program, q.query.family)) {
            for (const GivenAnswer& given : q.answers) {
                if (given.name == a->name) {
                    return ErrorText({given.name == "answer" ? "answer" : "answers." + given.name,
                                      "clashes with the external algorithm " + std::string(FamilyName(a->family)) +
                                          "/" + a->name + " of '" + program->Command() +
                                          "' (give the answer another name)"});
                }
            }
        }
    }
    return "";
}

/// Runs every program's algorithms of the query's family and adds their answers (and with
/// "trace": true their traces, under "traces") to answer.
void AddExternal(const ParsedQuery& q, Programs& programs, ordered_json& answer)
{
    const AlgorithmInfo& refInfo = ReferenceAlgorithm(q.query.family);
    const Result reference = Run(refInfo, q.query, q.precision);
    const ValueScale scale = QueryValueScale(q.query);
    ordered_json external = ordered_json::object();
    bool agree = answer["agree"].get<bool>();
    for (const std::unique_ptr<AlgorithmSource>& program : programs) {
        const std::vector<const ExternalAlgorithm*> algorithms = AlgorithmsOf(*program, q.query.family);
        if (algorithms.empty()) {
            continue;
        }
        ExternalQuery eq{q.query, q.precision, {}, q.trace};
        for (const ExternalAlgorithm* a : algorithms) {
            eq.algorithms.push_back(a->name);
        }
        const ExternalAnswer a = program->Evaluate(std::span(&eq, 1))[0];
        for (size_t i = 0; i < algorithms.size(); ++i) {
            const ExternalAlgorithm& info = *algorithms[i];
            if (q.trace && a.Ok() && (!a.results[i].trace.empty() || !a.results[i].verdict.empty())) {
                answer["traces"][info.name] = ExternalTraceToJson(a.results[i]);
            }
            ordered_json entry = {{program->Kind(), program->Command()}, {"status", ExternalStatusName(a.status)}};
            if (!a.Ok()) {
                entry["message"] = a.message;
                entry["differs"] = nullptr;
                agree = false;
            } else {
                const Result& r = a.results[i].result;
                answer["results"][info.name] = ResultToJson(r, info.returns, q.query.family);
                const std::uint32_t differs =
                    r.hit != reference.hit
                        ? kFieldHit
                        : ValueDifferences(q.query, q.precision, scale, r, info.returns, reference, refInfo.returns);
                entry["differs"] = FieldNames(differs);
                if (differs != 0) {
                    const AlgorithmInfo view = InfoView(info);
                    entry["explain"] = ExplainToJson(ExplainExternal(q, refInfo, reference, view, r));
                }
                agree = agree && differs == 0;
            }
            external[info.name] = std::move(entry);
        }
    }
    answer["agree"] = agree;
    answer["external"] = std::move(external);
}

} // namespace

int RunEvalExternal(std::istream& in, std::ostream& out, std::ostream& err, const std::vector<std::string>& commands,
                    std::chrono::milliseconds timeout, const std::vector<std::string>& plugins,
                    const glm::dvec3& offset)
{
    std::string error;
    Programs programs = StartSources(commands, plugins, timeout, error);
    if (!error.empty()) {
        err << "hitlab eval: " << error << "\n";
        return 2;
    }
    bool allOk = true;
    std::string line;
    bool tooLong = false;
    while (ReadLine(in, line, kMaxLineBytes, tooLong)) {
        bool ok = false;
        ordered_json answer =
            tooLong ? ordered_json{{"id", nullptr},
                                   {"error", "line is too long: more than " + std::to_string(kMaxLineBytes) + " bytes"}}
                    : AnswerLine(line, ok, offset);
        if (ok && !tooLong) {
            ParsedQuery q = ParseQuery(line);
            q.query.a = Translated(q.query.a, offset); // --offset, as AnswerLine applies it
            q.query.b = Translated(q.query.b, offset);
            if (const std::string clash = AnswerNameClash(q, programs); !clash.empty()) {
                answer = ordered_json{{"id", ordered_json(q.id)}, {"error", clash}};
                ok = false;
            } else {
                AddExternal(q, programs, answer);
            }
        }
        allOk = allOk && ok && !tooLong;
        out << answer.dump(-1, ' ', false, ordered_json::error_handler_t::replace) << '\n' << std::flush;
    }
    return allOk ? 0 : 1;
}

} // namespace hitlab
