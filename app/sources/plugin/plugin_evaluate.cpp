// PluginProgram::Evaluate, the interface it shares with external programs (queries asking for
// several algorithms, grouped into one batch per algorithm and precision).
#include "plugin_program.h"

#include "core/io/protocol.h"

#include <algorithm>

namespace hitlab {

namespace {

/// The queries that ask for a trace ("trace": true) get, for each of their algorithms with a
/// traced function in their precision, its steps and verdict (PluginProgram::Trace); a failure of
/// the traced function fails the query, as a failure of the batch function does.
void AddTraces(PluginProgram& plugin, std::span<const ExternalQuery> queries, std::vector<ExternalAnswer>& out)
{
    for (std::size_t k = 0; k < queries.size(); ++k) {
        for (std::size_t j = 0; queries[k].trace && out[k].Ok() && j < out[k].results.size(); ++j) {
            const auto& all = plugin.Algorithms();
            const auto at = std::find_if(all.begin(), all.end(), [&](const ExternalAlgorithm& a) {
                return a.family == queries[k].query.family && a.name == out[k].results[j].name;
            });
            const auto a = std::size_t(at - all.begin());
            if (at == all.end() || !plugin.HasTrace(a, queries[k].precision)) {
                continue;
            }
            ExternalAnswer traced = plugin.Trace(a, queries[k].precision, queries[k].query);
            if (!traced.Ok()) {
                out[k] = {traced.status, traced.message, {}};
            } else if (!traced.results.empty()) {
                out[k].results[j].trace = std::move(traced.results[0].trace);
                out[k].results[j].verdict = std::move(traced.results[0].verdict);
            }
        }
    }
}

} // namespace

std::vector<ExternalAnswer> PluginProgram::Evaluate(std::span<const ExternalQuery> queries)
{
    std::vector<ExternalAnswer> out(queries.size());
    for (std::size_t k = 0; k < queries.size(); ++k) {
        out[k].results.resize(queries[k].algorithms.size());
    }
    for (std::size_t a = 0; a < m_algorithms.size(); ++a) {
        const ExternalAlgorithm& info = m_algorithms[a];
        for (const Precision precision : {Precision::Float, Precision::Double}) {
            std::vector<Query> batch;
            std::vector<std::pair<std::size_t, std::size_t>> where; // (query, position among its algorithms)
            for (std::size_t k = 0; k < queries.size(); ++k) {
                const auto& names = queries[k].algorithms;
                const auto at = std::find(names.begin(), names.end(), info.name);
                if (queries[k].precision == precision && queries[k].query.family == info.family && at != names.end()) {
                    batch.push_back(queries[k].query);
                    where.emplace_back(k, std::size_t(at - names.begin()));
                }
            }
            if (batch.empty()) {
                continue;
            }
            if (!Has(a, precision)) {
                for (const auto& [k, j] : where) {
                    if (out[k].Ok()) {
                        out[k] = {
                            ExternalStatus::Error, info.name + " has no " + PrecisionName(precision) + " function", {}};
                    }
                }
                continue;
            }
            std::vector<Result> results(batch.size());
            const std::vector<SourceFailure> failures = Run(a, precision, batch, results);
            for (std::size_t i = 0; i < batch.size(); ++i) {
                const auto [k, j] = where[i];
                if (out[k].Ok()) {
                    out[k].results[j] = {info.name, results[i], {}, ""};
                }
            }
            for (const SourceFailure& f : failures) {
                if (out[where[f.index].first].Ok()) {
                    out[where[f.index].first] = {f.status, f.message, {}};
                }
            }
        }
    }
    AddTraces(*this, queries, out);
    for (ExternalAnswer& a : out) {
        if (!a.Ok()) {
            a.results.clear();
        }
    }
    return out;
}

} // namespace hitlab
