// `hitlab eval`: one answer line per query line.
#include "eval.h"

#include "core/capture/given_answer.h"
#include "exact_json.h"

#include "core/compare.h"
#include "core/io/protocol.h"

#include <exception>
#include <optional>
#include <span>
#include <vector>

namespace hitlab {

using nlohmann::ordered_json;

bool ReadLine(std::istream& in, std::string& line, std::size_t limit, bool& tooLong)
{
    line.clear();
    tooLong = false;
    std::streambuf* buffer = in.rdbuf();
    if (buffer == nullptr) {
        return false;
    }
    using Traits = std::streambuf::traits_type;
    Traits::int_type c = buffer->sbumpc();
    if (Traits::eq_int_type(c, Traits::eof())) {
        in.setstate(std::ios::eofbit);
        return false;
    }
    while (!Traits::eq_int_type(c, Traits::eof()) && Traits::to_char_type(c) != '\n') {
        if (line.size() < limit) {
            line.push_back(Traits::to_char_type(c));
        } else {
            tooLong = true;
        }
        c = buffer->sbumpc();
    }
    return true;
}

namespace {

ordered_json ErrorLine(const nlohmann::json& id, std::string message)
{
    return ordered_json{{"id", ordered_json(id)}, {"error", std::move(message)}};
}

/// Runs the algorithms the line asks for, each once (with its trace into traces[i] when asked).
std::vector<AlgorithmOutcome> RunAsked(const ParsedQuery& q, std::vector<Trace>& traces)
{
    std::vector<AlgorithmOutcome> ran;
    ran.reserve(q.algorithms.size() + q.answers.size() + 1);
    for (size_t i = 0; i < q.algorithms.size(); ++i) {
        AlgorithmOutcome outcome;
        outcome.info = q.algorithms[i];
        outcome.result = Run(*outcome.info, q.query, q.precision, q.trace ? &traces[i] : nullptr);
        ran.push_back(std::move(outcome));
    }
    return ran;
}

/// The comparison of the algorithms run and the answers given: JudgeAnswers when the line gives
/// answers (the exact judge always runs then), else Explain (with the exact judge when asked).
JudgedAnswers Compare(const ParsedQuery& q, std::vector<AlgorithmOutcome> ran, const GivenAlgorithms& given,
                      bool& withExact)
{
    withExact = q.exact || !q.answers.empty();
    if (!q.answers.empty()) {
        return JudgeAnswers(q.query, q.precision, std::move(ran), given, q.answers);
    }
    JudgedAnswers out;
    out.comparison.outcomes = std::move(ran);
    out.shown = out.comparison.outcomes.size();
    // with exact: true, the judge's values decide rounding and spare the algorithms that are right
    // where the reference is off
    std::optional<ExactValues> exactValues;
    if (q.exact) {
        out.exact = JudgeExact(q.query);
        exactValues = ComparisonValues(out.exact, q.query, q.precision);
    }
    Explain(q.query, q.precision, out.comparison, exactValues ? &*exactValues : nullptr);
    if (!q.exact && !out.comparison.agree) {
        // a disagreement is explained with the exact judge's values and boundary facts (when
        // rounding explains: docs/protocol.md); the answer shows them only with "exact": true
        if (const std::optional<ExactValues> judged = JudgeForComparison(q.query, q.precision)) {
            Explain(q.query, q.precision, out.comparison, &*judged);
        }
    }
    return out;
}

ordered_json Answer(const ParsedQuery& q)
{
    std::vector<Trace> traces(q.trace ? q.algorithms.size() : 0);
    const GivenAlgorithms given(q.query.family, q.answers, q.conventions); // outlives the comparison
    bool withExact = false;
    const JudgedAnswers judged = Compare(q, RunAsked(q, traces), given, withExact);
    const Comparison& comparison = judged.comparison;
    const std::span<const AlgorithmOutcome> shown(comparison.outcomes.data(), judged.shown);

    ordered_json results = ordered_json::object();
    ordered_json explain = ordered_json::object();
    for (const AlgorithmOutcome& outcome : shown) {
        const std::string name(outcome.info->name);
        results[name] = ResultToJson(outcome.result, outcome.info->returns, q.query.family);
        if (outcome.explanation != Explanation::None) {
            explain[name] = ExplainToJson(outcome);
        }
    }

    ordered_json answer{
        {"id", ordered_json(q.id)},
        {"query", std::string(FamilyName(q.query.family))},
        {"precision", PrecisionName(q.precision)},
        {"results", std::move(results)},
        {"agree", comparison.agree},
        {"reference", std::string(ReferenceAlgorithm(q.query.family).name)},
        {"explain", std::move(explain)},
    };
    if (!q.answers.empty()) {
        ordered_json names = ordered_json::array();
        for (const GivenAnswer& a : q.answers) {
            names.push_back(a.name);
        }
        answer["answers"] = std::move(names);
    }
    if (!comparison.referenceNote.empty()) {
        answer["reference_note"] = comparison.referenceNote;
    }
    if (q.trace) {
        ordered_json all = ordered_json::object();
        for (size_t i = 0; i < q.algorithms.size(); ++i) {
            all[std::string(q.algorithms[i]->name)] = TraceToJson(traces[i]);
        }
        answer["traces"] = std::move(all);
    }
    if (withExact) {
        std::vector<std::pair<const AlgorithmInfo*, Result>> judgedResults;
        for (const AlgorithmOutcome& outcome : shown) {
            judgedResults.emplace_back(outcome.info, outcome.result);
        }
        answer["exact"] = ExactToJson(judged.exact, judgedResults, q.precision);
    }
    if (!q.warnings.empty()) {
        answer["warnings"] = q.warnings;
    }
    return answer;
}

} // namespace

ordered_json AnswerLine(std::string_view line, bool& ok, const glm::dvec3& offset)
{
    nlohmann::json id;
    try {
        ParsedQuery q = ParseQuery(line);
        if (q.Ok() && offset != glm::dvec3(0.0)) { // --offset: in double, before a float run rounds
            q.query.a = Translated(q.query.a, offset);
            q.query.b = Translated(q.query.b, offset);
        }
        id = q.id;
        if (!q.Ok()) {
            ok = false;
            return ErrorLine(q.id, ErrorText(q.error));
        }
        ok = true;
        return Answer(q);
    } catch (const std::exception& e) { // a bug, but the stream goes on
        ok = false;
        return ErrorLine(id, std::string("internal error: ") + e.what());
    }
}

int RunEval(std::istream& in, std::ostream& out, const glm::dvec3& offset)
{
    bool allOk = true;
    std::string line;
    bool tooLong = false;
    while (ReadLine(in, line, kMaxLineBytes, tooLong)) {
        bool ok = false;
        const ordered_json answer =
            tooLong ? ErrorLine(nullptr, "line is too long: more than " + std::to_string(kMaxLineBytes) + " bytes")
                    : AnswerLine(line, ok, offset);
        allOk = allOk && ok && !tooLong;
        // replace, not throw, should a message quote bytes that are not UTF-8
        out << answer.dump(-1, ' ', false, ordered_json::error_handler_t::replace) << '\n' << std::flush;
    }
    return allOk ? 0 : 1;
}

} // namespace hitlab
