// Judging answers given on an eval line.
#include "given_answer.h"

#include <algorithm>
#include <optional>

namespace hitlab {

GivenAlgorithms::GivenAlgorithms(Family family, std::span<const GivenAnswer> answers,
                                 const OwnedConventions& conventions)
    : m_conventions(conventions)
{
    // every string is in place before a view of it is taken, and none moves afterwards
    m_names.reserve(answers.size());
    for (const GivenAnswer& a : answers) {
        m_names.push_back(a.name);
    }
    m_infos.reserve(answers.size());
    for (size_t i = 0; i < answers.size(); ++i) {
        AlgorithmInfo info{};
        info.name = m_names[i];
        info.family = family;
        info.title = "given answer";
        info.summary = "An answer given on the eval line, judged by the conventions given with it.";
        info.source = "the eval line";
        info.returns = answers[i].returns;
        for (const auto& [key, value] : m_conventions) {
            info.conventions.push_back({key, value});
        }
        m_infos.push_back(std::move(info)); // run stays empty: HitLab cannot re-run a given answer
    }
}

JudgedAnswers JudgeAnswers(const Query& query, Precision precision, std::vector<AlgorithmOutcome> ran,
                           const GivenAlgorithms& given, std::span<const GivenAnswer> answers)
{
    JudgedAnswers out;
    Comparison& c = out.comparison;
    c.outcomes = std::move(ran);
    const std::span<const AlgorithmInfo> infos = given.Infos();
    for (size_t i = 0; i < answers.size() && i < infos.size(); ++i) {
        AlgorithmOutcome outcome;
        outcome.info = &infos[i];
        outcome.result = answers[i].result;
        c.outcomes.push_back(std::move(outcome));
    }
    out.shown = c.outcomes.size();
    // the reference takes part even when not asked: an answer alone is compared with it
    const AlgorithmInfo& reference = ReferenceAlgorithm(query.family);
    if (std::none_of(c.outcomes.begin(), c.outcomes.end(),
                     [&](const AlgorithmOutcome& o) { return o.info == &reference; })) {
        AlgorithmOutcome outcome;
        outcome.info = &reference;
        outcome.result = Run(reference, query, precision);
        c.outcomes.push_back(std::move(outcome));
    }
    out.exact = JudgeExact(query);
    const std::optional<ExactValues> values = ComparisonValues(out.exact, query, precision);
    Explain(query, precision, c, values ? &*values : nullptr);
    return out;
}

} // namespace hitlab
