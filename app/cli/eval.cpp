// `hitlab eval`: one answer line per query line.
#include "eval.h"

#include "exact_json.h"

#include "core/compare.h"
#include "core/io/protocol.h"

#include <exception>
#include <optional>

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

ordered_json Answer(const ParsedQuery& q)
{
    const bool wantTrace = q.trace;
    std::vector<Trace> traces(wantTrace ? q.algorithms.size() : 0);

    // run each algorithm once (with its trace when asked), then let the comparison explain
    Comparison comparison;
    comparison.outcomes.reserve(q.algorithms.size());
    for (size_t i = 0; i < q.algorithms.size(); ++i) {
        AlgorithmOutcome outcome;
        outcome.info = q.algorithms[i];
        outcome.result = Run(*outcome.info, q.query, q.precision, wantTrace ? &traces[i] : nullptr);
        comparison.outcomes.push_back(std::move(outcome));
    }
    // with exact: true, the judge's values decide rounding and spare the algorithms that are right
    // where the reference is off
    std::optional<ExactResult> exact;
    std::optional<ExactValues> exactValues;
    if (q.exact) {
        exact = JudgeExact(q.query);
        exactValues = ComparisonValues(*exact, q.query, q.precision);
    }
    Explain(q.query, q.precision, comparison, exactValues ? &*exactValues : nullptr);

    ordered_json results = ordered_json::object();
    ordered_json explain = ordered_json::object();
    for (const AlgorithmOutcome& outcome : comparison.outcomes) {
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
    if (!comparison.referenceNote.empty()) {
        answer["reference_note"] = comparison.referenceNote;
    }
    if (wantTrace) {
        ordered_json all = ordered_json::object();
        for (size_t i = 0; i < q.algorithms.size(); ++i) {
            all[std::string(q.algorithms[i]->name)] = TraceToJson(traces[i]);
        }
        answer["traces"] = std::move(all);
    }
    if (q.exact) {
        std::vector<std::pair<const AlgorithmInfo*, Result>> ran;
        for (const AlgorithmOutcome& outcome : comparison.outcomes) {
            ran.emplace_back(outcome.info, outcome.result);
        }
        answer["exact"] = ExactToJson(*exact, ran, q.precision);
    }
    if (!q.warnings.empty()) {
        answer["warnings"] = q.warnings;
    }
    return answer;
}

} // namespace

ordered_json AnswerLine(std::string_view line, bool& ok)
{
    nlohmann::json id;
    try {
        const ParsedQuery q = ParseQuery(line);
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

int RunEval(std::istream& in, std::ostream& out)
{
    bool allOk = true;
    std::string line;
    bool tooLong = false;
    while (ReadLine(in, line, kMaxLineBytes, tooLong)) {
        bool ok = false;
        const ordered_json answer =
            tooLong ? ErrorLine(nullptr, "line is too long: more than " + std::to_string(kMaxLineBytes) + " bytes")
                    : AnswerLine(line, ok);
        allOk = allOk && ok && !tooLong;
        // replace, not throw, should a message quote bytes that are not UTF-8
        out << answer.dump(-1, ' ', false, ordered_json::error_handler_t::replace) << '\n' << std::flush;
    }
    return allOk ? 0 : 1;
}

} // namespace hitlab
