// Scene evaluation, incremental by shape revision. Results are computed into the storage of the
// previous evaluation (no allocation once warm) and, for large scenes, on several threads.
#include "scene_eval.h"

#include <atomic>

#include <algorithm>
#include <thread>

namespace hitlab {

namespace {

/// Generations are unique across evaluators, so a view keyed on one never mistakes a new
/// evaluator's first result for an old one.
std::uint64_t NextGeneration()
{
    static std::atomic<std::uint64_t> counter{0};
    return ++counter;
}

} // namespace

namespace {

/// Fewest queries worth a thread of their own (starting one costs tens of microseconds).
constexpr size_t kQueriesPerThread = 4096;
/// Most threads an evaluation uses.
constexpr unsigned kMaxThreads = 8;

/// Runs the scene's enabled algorithms of the query's family into c, reusing c's vectors, and
/// compares them (Explain: a few comparisons per algorithm when they all agree).
void EvaluateInto(const Scene& scene, const SceneQuery& sq, Comparison& c)
{
    const Query query = scene.MakeQuery(sq);
    const FamilySettings& settings = scene.Settings(sq.family);
    c.outcomes.resize(settings.enabled.size());
    for (size_t i = 0; i < settings.enabled.size(); ++i) {
        AlgorithmOutcome& out = c.outcomes[i];
        out.info = settings.enabled[i];
        out.result = Run(*out.info, query, settings.precision);
    }
    Explain(query, settings.precision, c);
}

/// Calls work(begin, end) over [0, n) in contiguous chunks, on up to kMaxThreads threads (the
/// calling thread takes the first chunk) when n is large enough to pay for them.
template <typename Work>
void ParallelFor(size_t n, const Work& work)
{
    const size_t hardware = std::max(1u, std::thread::hardware_concurrency());
    const size_t threads = std::min({hardware, size_t(kMaxThreads), std::max<size_t>(1, n / kQueriesPerThread)});
    if (threads <= 1) {
        work(size_t(0), n);
        return;
    }
    std::vector<std::thread> helpers;
    helpers.reserve(threads - 1);
    for (size_t t = 1; t < threads; ++t) {
        helpers.emplace_back([&work, n, threads, t] { work(n * t / threads, n * (t + 1) / threads); });
    }
    work(size_t(0), n / threads);
    for (std::thread& helper : helpers) {
        helper.join();
    }
}

} // namespace

Comparison SceneEvaluator::EvaluateQuery(const Scene& scene, const SceneQuery& query)
{
    Comparison c;
    EvaluateInto(scene, query, c);
    return c;
}

Trace SceneEvaluator::TraceOf(const Scene& scene, const SceneQuery& query, const AlgorithmInfo& algorithm)
{
    Trace trace;
    Run(algorithm, scene.MakeQuery(query), scene.Settings(query.family).precision, &trace);
    return trace;
}

void SceneEvaluator::EvaluateIndices(const Scene& scene, const std::vector<size_t>& indices)
{
    ParallelFor(indices.size(), [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            QueryEvaluation& evaluation = m_queries[indices[i]];
            EvaluateInto(scene, evaluation.query, evaluation.comparison);
        }
    });
}

void SceneEvaluator::RecordRevisions(const Scene& scene)
{
    m_seenRevisions.clear();
    m_seenRevisions.reserve(scene.Shapes().size());
    for (const SceneShape& shape : scene.Shapes()) {
        m_seenRevisions.emplace(shape.id, scene.Revision(shape.id));
    }
    m_seenSettings = scene.SettingsRevision();
}

void SceneEvaluator::Rebuild(const Scene& scene, bool reuse)
{
    const std::vector<SceneQuery> queries = scene.Queries();
    // the same queries as before (a re-evaluation): keep the list, its index and its storage
    const bool sameList = queries.size() == m_queries.size() &&
                          std::equal(queries.begin(), queries.end(), m_queries.begin(),
                                     [](const SceneQuery& q, const QueryEvaluation& e) {
                                         return q.a == e.query.a && q.b == e.query.b && q.family == e.query.family;
                                     });
    std::vector<size_t> toEvaluate;
    toEvaluate.reserve(queries.size());
    if (sameList) {
        for (size_t i = 0; i < queries.size(); ++i) {
            const bool unchanged = reuse && m_seenRevisions.contains(queries[i].a) &&
                                   m_seenRevisions.contains(queries[i].b) &&
                                   m_seenRevisions.at(queries[i].a) == scene.Revision(queries[i].a) &&
                                   m_seenRevisions.at(queries[i].b) == scene.Revision(queries[i].b);
            if (!unchanged) {
                toEvaluate.push_back(i);
            }
        }
    } else {
        std::vector<QueryEvaluation> previous = std::move(m_queries);
        std::unordered_map<std::uint64_t, size_t> previousIndex = std::move(m_index);
        m_queries.clear();
        m_index.clear();
        m_queries.resize(queries.size());
        m_index.reserve(queries.size());
        for (size_t i = 0; i < queries.size(); ++i) {
            const SceneQuery& q = queries[i];
            m_queries[i].query = q;
            bool reused = false;
            if (reuse) {
                const auto it = previousIndex.find(Key(q.a, q.b));
                const auto seenA = m_seenRevisions.find(q.a);
                const auto seenB = m_seenRevisions.find(q.b);
                if (it != previousIndex.end() && seenA != m_seenRevisions.end() && seenB != m_seenRevisions.end() &&
                    seenA->second == scene.Revision(q.a) && seenB->second == scene.Revision(q.b)) {
                    m_queries[i].comparison = std::move(previous[it->second].comparison);
                    reused = true;
                }
            } else if (i < previous.size()) {
                m_queries[i].comparison = std::move(previous[i].comparison); // storage only: recomputed below
            }
            if (!reused) {
                toEvaluate.push_back(i);
            }
            m_index.emplace(Key(q.a, q.b), i);
        }
    }
    EvaluateIndices(scene, toEvaluate);
    RecordRevisions(scene);
    m_generation = NextGeneration();
}

size_t SceneEvaluator::Evaluate(const Scene& scene)
{
    Rebuild(scene, false);
    return m_queries.size();
}

size_t SceneEvaluator::Update(const Scene& scene)
{
    if (m_seenSettings != scene.SettingsRevision()) {
        return Evaluate(scene);
    }
    // Which shapes changed, appeared or disappeared since the last evaluation.
    std::vector<ShapeId> changed;
    bool setChanged = scene.Shapes().size() != m_seenRevisions.size();
    for (const SceneShape& shape : scene.Shapes()) {
        const auto it = m_seenRevisions.find(shape.id);
        if (it == m_seenRevisions.end()) {
            setChanged = true;
        } else if (it->second != scene.Revision(shape.id)) {
            changed.push_back(shape.id);
        }
    }
    if (setChanged) {
        const size_t before = m_queries.size();
        Rebuild(scene, true);
        return m_queries.size() > before ? m_queries.size() - before : 0; // approximate: new queries
    }
    std::vector<size_t> indices;
    for (ShapeId id : changed) {
        for (const SceneQuery& q : scene.QueriesOf(id)) {
            const auto it = m_index.find(Key(q.a, q.b));
            if (it != m_index.end()) {
                indices.push_back(it->second);
            }
        }
        m_seenRevisions[id] = scene.Revision(id);
    }
    // a query between two changed shapes is recomputed once
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    if (!indices.empty()) {
        EvaluateIndices(scene, indices);
        m_generation = NextGeneration();
    }
    return indices.size();
}

const QueryEvaluation* SceneEvaluator::Find(ShapeId a, ShapeId b) const
{
    auto it = m_index.find(Key(a, b));
    if (it == m_index.end()) {
        it = m_index.find(Key(b, a));
    }
    return it == m_index.end() ? nullptr : &m_queries[it->second];
}

} // namespace hitlab
