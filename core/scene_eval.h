// Evaluation of a scene: every enabled query's results and comparison, kept up to date
// incrementally. When one shape changes only the queries that involve it are recomputed.
// Traces are computed on demand (TraceOf), for the query and algorithm a person looks at.
#pragma once

#include "compare.h"
#include "scene.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace hitlab {

/// One evaluated query: the pair, and its comparison (every enabled algorithm's result).
struct QueryEvaluation {
    SceneQuery query;
    Comparison comparison;
};

class SceneEvaluator {
public:
    /// Recomputes every query of the scene (on several threads when there are thousands; the
    /// results do not depend on it). Returns the number of queries evaluated.
    size_t Evaluate(const Scene& scene);
    /// Brings the evaluation up to date with the scene: only queries whose shapes changed (by
    /// Scene::Revision) are recomputed; a settings change recomputes everything. Returns the number
    /// of queries recomputed.
    size_t Update(const Scene& scene);
    /// Incremented whenever any query's result may have changed: views that derive data from the
    /// evaluation (the Results table) rebuild it only when this changes.
    std::uint64_t Generation() const { return m_generation; }

    const std::vector<QueryEvaluation>& Queries() const { return m_queries; }
    /// The evaluation of the query between two shapes (either order), or null.
    const QueryEvaluation* Find(ShapeId a, ShapeId b) const;

    /// Runs one algorithm of a query with a trace (the query as the scene has it now).
    static Trace TraceOf(const Scene& scene, const SceneQuery& query, const AlgorithmInfo& algorithm);

    /// Evaluates one query with the scene's settings for its family.
    static Comparison EvaluateQuery(const Scene& scene, const SceneQuery& query);

private:
    /// Recomputes the queries of the scene; with reuse, keeps the results of queries whose two
    /// shapes have not changed (by revision).
    void Rebuild(const Scene& scene, bool reuse);
    /// Recomputes m_queries[i] for each index, in place, on several threads when there are many.
    void EvaluateIndices(const Scene& scene, const std::vector<size_t>& indices);
    void RecordRevisions(const Scene& scene);
    static std::uint64_t Key(ShapeId a, ShapeId b) { return (std::uint64_t(a) << 32) | b; }

    std::vector<QueryEvaluation> m_queries;
    std::unordered_map<std::uint64_t, size_t> m_index;            ///< Key(a, b) in protocol order -> m_queries index
    std::unordered_map<ShapeId, std::uint64_t> m_seenRevisions;   ///< shape revisions evaluated
    std::uint64_t m_seenSettings = ~std::uint64_t(0);
    std::uint64_t m_generation = 0;
};

} // namespace hitlab
