// AlgorithmSource's defaults: what a backend that answers through Evaluate alone gets.
#include "algorithm_source.h"

namespace hitlab {

bool AlgorithmSource::Has(std::size_t /*algorithm*/, Precision /*precision*/) const { return true; }

bool AlgorithmSource::HasTrace(std::size_t /*algorithm*/, Precision /*precision*/) const { return false; }

ExternalAnswer AlgorithmSource::Trace(std::size_t /*algorithm*/, Precision /*precision*/, const Query& /*query*/)
{
    return {ExternalStatus::Error, Command() + " has no traced function", {}};
}

std::vector<SourceFailure> AlgorithmSource::Run(std::size_t algorithm, Precision precision,
                                                std::span<const Query> queries, std::span<Result> out)
{
    std::vector<ExternalQuery> asked(queries.size());
    for (std::size_t i = 0; i < queries.size(); ++i) {
        asked[i] = ExternalQuery{queries[i], precision, {Algorithms()[algorithm].name}};
    }
    const std::vector<ExternalAnswer> answers = Evaluate(asked);
    std::vector<SourceFailure> failures;
    for (std::size_t i = 0; i < queries.size(); ++i) {
        if (answers[i].Ok() && answers[i].results.size() == 1) {
            out[i] = answers[i].results[0].result;
        } else {
            out[i] = Result{};
            failures.push_back(SourceFailure{i, answers[i].status, answers[i].message});
        }
    }
    return failures;
}

std::string ProcessSource::Start()
{
    Stop();
    m_algorithms.clear();
    std::string error = Spawn();
    error = error.empty() ? ReadMetadata(false) : error;
    if (!error.empty()) {
        Stop();
        m_algorithms.clear();
    }
    return error;
}

} // namespace hitlab
