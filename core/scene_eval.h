// Evaluation of a scene: every enabled query's results and comparison, kept up to date
// incrementally. When one shape changes only the queries that involve it are recomputed.
// Traces are computed on demand (TraceOf), for the query and algorithm a person looks at.
#pragma once

#include "compare.h"
#include "scene.h"
#include "worker_pool.h"

#include <array>
#include <cstdint>
#include <memory>
#include <set>
#include <span>
#include <unordered_map>
#include <vector>

namespace hitlab {

/// What a query's comparison concluded, kept for every query: the fields of Comparison that the
/// views read for all of them (the status counts, the drawing, the focus).
struct ComparisonSummary {
    bool agree = true; ///< Comparison::agree
    /// Comparison::reference in the precision it ran in, when the query has no detail (the detail's
    /// reference otherwise): read through QueryEvaluation::Reference.
    AnyPackedResult reference;
};

/// One evaluated query: the pair, and what its comparison concluded. The full Comparison (every
/// enabled algorithm's outcome, groups, explanations) is SceneEvaluator::ComparisonOf.
/// Laid out for the evaluation, which writes every query's summary each time: the fields it
/// reads and writes (detail, the summary, a float reference) share the first two of three cache
/// lines; the pair, written only when the query list changes, follows them.
struct alignas(64) QueryEvaluation {
    /// The full comparison when some enabled algorithm's result is not bit for bit the
    /// reference's (or the reference did not run); null when every one is (the common case: no
    /// outcome is stored, each is the reference's result, agreeing).
    std::unique_ptr<Comparison> detail;
    ComparisonSummary comparison;
    SceneQuery query;

    /// The reference algorithm's result (Comparison::reference), widened to double.
    Result Reference() const { return detail != nullptr ? detail->reference : Widen(comparison.reference); }
    /// Reference().hit, without widening.
    bool ReferenceHit() const { return detail != nullptr ? detail->reference.hit : comparison.reference.Hit(); }
    /// The result of one algorithm (the reference's when the algorithm did not run).
    Result ResultOf(const AlgorithmInfo* algorithm) const;
};
static_assert(sizeof(QueryEvaluation) == 192);

class SceneEvaluator {
public:
    /// Recomputes every query of the scene (on several threads when there are thousands; the
    /// results do not depend on it, bit for bit). Returns the number of queries evaluated.
    size_t Evaluate(const Scene& scene);
    /// Brings the evaluation up to date with the scene: only queries whose shapes changed (by
    /// Scene::Revision) are recomputed; a settings change recomputes everything. Returns the number
    /// of queries recomputed.
    size_t Update(const Scene& scene);
    /// Incremented whenever any query's result may have changed: views that derive data from the
    /// evaluation (the Results table) rebuild it only when this changes.
    std::uint64_t Generation() const { return m_generation; }
    /// The queries the last Update recomputed when it kept the list (shapes moved), if the
    /// evaluation was at generation `since` before it: views then update just those rows. Null when
    /// the last change was anything else (a new list, a settings change, every query) or `since`
    /// is older: derive everything again.
    const std::vector<size_t>* RecomputedSince(std::uint64_t since) const
    {
        return since == m_stepFrom && m_stepFrom != kNoStep ? &m_stepIndices : nullptr;
    }

    /// Threads an evaluation may use: 0 (the default) picks them from the hardware and the number
    /// of queries (one per 4096 queries, at most 8); n >= 1 uses n threads whenever there are n
    /// chunks of 256 queries (tests compare 1 with several).
    void SetThreads(unsigned threads) { m_threads = threads; }

    const std::vector<QueryEvaluation>& Queries() const { return m_queries; }
    /// The evaluation of the query between two shapes (either order), or null.
    const QueryEvaluation* Find(ShapeId a, ShapeId b) const;
    /// The full comparison of one of Queries() (every enabled algorithm's outcome, the groups, the
    /// explanations and their reasons), built on demand: the same, field for field, as
    /// EvaluateQuery gives for the query as it was evaluated.
    Comparison ComparisonOf(const QueryEvaluation& evaluation) const;

    /// Runs one algorithm of a query with a trace (the query as the scene has it now).
    static Trace TraceOf(const Scene& scene, const SceneQuery& query, const AlgorithmInfo& algorithm);

    /// Evaluates one query with the scene's settings for its family.
    static Comparison EvaluateQuery(const Scene& scene, const SceneQuery& query);

private:
    /// One thread's working storage for batches, kept across evaluations so that a warm
    /// evaluation allocates nothing.
    struct BatchScratch {
        std::array<std::vector<size_t>, kFamilyCount> members; ///< a chunk's m_queries indices, by family
        std::vector<ShapePair> pairs; ///< the batch's queries as indices into m_shapes / m_floatShapes
        /// results[k * n + i]: enabled algorithm k on the batch's query i, in the batch's precision
        std::vector<PackedResult<float>> floatResults;
        std::vector<PackedResult<double>> doubleResults;
    };

    /// Recomputes the queries of the scene; with reuse, keeps the results of queries whose two
    /// shapes have not changed (by revision).
    void Rebuild(const Scene& scene, bool reuse);
    /// Recomputes m_queries[i] for each index, in place, in batches of one family, on several
    /// threads when there are many.
    void EvaluateIndices(const Scene& scene, std::span<const size_t> indices);
    /// Evaluates some queries (m_queries indices), grouping them by family.
    void EvaluateChunk(const Scene& scene, std::span<const size_t> indices, BatchScratch& scratch);
    /// Evaluates queries of one family: each enabled algorithm runs once over the batch, then
    /// each query's comparison is completed.
    void EvaluateBatch(const Scene& scene, Family family, std::span<const size_t> indices, BatchScratch& scratch);
    /// Completes each query of a batch from its algorithms' packed results: the summary alone when
    /// every result is the reference's bit for bit, else the full comparison (Explain).
    template <typename T>
    void CompleteBatch(const Scene& scene, Family family, std::span<const size_t> indices,
                       std::span<const PackedResult<T>> results);
    /// Fills the evaluation's shape tables (each scene shape in each precision a family uses, once)
    /// and forgets m_shapeIndex when shapes were added, removed or reordered.
    void PrepareShapes(const Scene& scene);
    /// Indices in scene.Shapes() of m_queries[i]'s two shapes, from m_shapeIndex once looked up.
    std::array<std::uint32_t, 2> ShapeIndices(const Scene& scene, size_t i);
    void RecordRevisions(const Scene& scene);
    /// Whether m_list is still the scene's Queries(): the shapes' ids, order and types, the
    /// solid-pairs switch and the disabled pairs are those RememberList saw.
    bool ListCurrent(const Scene& scene) const;
    void RememberList(const Scene& scene);
    static std::uint64_t Key(ShapeId a, ShapeId b) { return (std::uint64_t(a) << 32) | b; }

    std::vector<QueryEvaluation> m_queries;
    /// Each family's enabled algorithms at the last evaluation (the outcomes' order): every query
    /// of a family was evaluated with the same list, since a settings change recomputes them all.
    std::array<std::vector<const AlgorithmInfo*>, kFamilyCount> m_enabled;
    std::vector<SceneQuery> m_list;     ///< m_queries' queries, compact: compared with the scene's on each rebuild
    std::vector<ShapeId> m_listIds;     ///< RememberList: the shapes' ids when m_list was derived
    std::vector<ShapeKind> m_listTypes; ///< their kinds
    std::set<PairKey> m_listDisabled;   ///< the disabled pairs
    bool m_listSolidPairs = false, m_listKnown = false;
    std::unordered_map<std::uint64_t, size_t> m_index;          ///< Key(a, b) in protocol order -> m_queries index
    std::unordered_map<ShapeId, std::uint64_t> m_seenRevisions; ///< shape revisions evaluated
    std::vector<std::array<std::uint32_t, 2>> m_shapeIndex;     ///< parallel to m_queries: where its shapes were found
    std::vector<ShapeId> m_shapeIds;       ///< scene.Shapes()' ids when m_shapeIndex was last checked against them
    std::vector<ShapeId> m_currentIds;     ///< scratch for the scene's ids
    std::vector<Shape> m_shapes;           ///< every scene shape, for the double batches of an evaluation
    std::vector<FloatShape> m_floatShapes; ///< every scene shape rounded to float, for the float batches
    std::vector<std::uint64_t> m_tableRevisions;      ///< parallel to the tables: each shape's revision when stored
    bool m_tableFloat = false, m_tableDouble = false; ///< which of the tables are filled
    bool m_tableTrusted = false;         ///< false: store every shape again (Evaluate: the scene may be another)
    std::vector<size_t> m_toEvaluate;    ///< Rebuild's list, kept for its storage
    std::vector<BatchScratch> m_scratch; ///< one per thread
    std::unique_ptr<WorkerPool> m_pool;  ///< started on the first evaluation that uses threads, kept
    unsigned m_threads = 0;              ///< SetThreads
    std::uint64_t m_seenSettings = ~std::uint64_t(0);
    std::uint64_t m_generation = 0;
    static constexpr std::uint64_t kNoStep = ~std::uint64_t(0);
    std::uint64_t m_stepFrom = kNoStep; ///< the generation before the last step, when it was Update's few
    std::vector<size_t> m_stepIndices;  ///< that step's recomputed queries, ascending
};

} // namespace hitlab
