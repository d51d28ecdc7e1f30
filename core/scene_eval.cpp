// Scene evaluation, incremental by shape revision. Queries are evaluated in batches of one family
// (each algorithm runs over the batch through its batch runner, on shapes converted to the
// precision once), into the storage of the previous evaluation (no allocation once warm) and,
// for large scenes, on several threads (the evaluator's WorkerPool; chunks of 256 queries handed
// out in turn).
#include "scene_eval.h"

#include <algorithm>
#include <atomic>
#include <cstring>
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

/// Fewest queries worth a thread of their own (waking a pool worker and sharing the chunks costs
/// microseconds; the first evaluation also starts the worker, tens of microseconds).
constexpr size_t kQueriesPerThread = 4096;
/// Most threads an evaluation uses.
constexpr unsigned kMaxThreads = 8;
/// Queries a thread groups into batches at a time: enough that each algorithm's batch amortizes
/// its call, few enough that the batch's results ([algorithm][query]) stay in the L2 cache.
constexpr size_t kChunkQueries = 256;
/// m_shapeIndex's mark for "not looked up yet".
constexpr std::uint32_t kNoIndex = ~std::uint32_t(0);

/// Sets an outcome to a fresh result, not yet judged, reusing its storage (the reason's buffer).
void SetOutcome(AlgorithmOutcome& out, const AlgorithmInfo* info, const Result& result)
{
    out.info = info;
    out.result = result;
    out.group = 0;
    out.explanation = Explanation::None;
    out.reason.clear();
}

/// Whether a result equals itself in every value (no NaN): then results bit for bit the same as it
/// also agree with it by the comparison's `==` (ExplainIdentical), which a NaN never does.
template <typename T>
bool ComparableValues(const PackedResult<T>& r)
{
    bool same = true;
    for (const T v : r.values) {
        same = same && v == v;
    }
    return same || (r.flags & kPackedHit) == 0; // a miss's values are not compared
}

/// Completes a comparison whose outcomes hold the enabled algorithms' results: Explain compares
/// verdicts and values (a few comparisons per algorithm when they are bit-identical).
void Complete(const Scene& scene, const SceneQuery& sq, Precision precision, Comparison& c)
{
    // the common case (every result bit for bit the reference's) needs neither the query nor Explain
    if (!ExplainIdentical(c, ReferenceAlgorithm(sq.family))) {
        Explain(scene.MakeQuery(sq), precision, c);
    }
}

/// Threads worth using for n queries in `chunks` chunks (requested: SetThreads).
size_t ThreadCount(size_t n, size_t chunks, unsigned requested)
{
    if (requested != 0) {
        return std::max<size_t>(1, std::min<size_t>(requested, chunks));
    }
    const size_t hardware = std::max(1u, std::thread::hardware_concurrency());
    return std::min({hardware, size_t(kMaxThreads), std::max<size_t>(1, n / kQueriesPerThread)});
}

} // namespace

Comparison SceneEvaluator::EvaluateQuery(const Scene& scene, const SceneQuery& query)
{
    // one query through the single-query runner: the batched evaluation is tested against it
    const Query q = scene.MakeQuery(query);
    const FamilySettings& settings = scene.Settings(query.family);
    Comparison c;
    c.outcomes.resize(settings.enabled.size());
    for (size_t i = 0; i < settings.enabled.size(); ++i) {
        SetOutcome(c.outcomes[i], settings.enabled[i], Run(*settings.enabled[i], q, settings.precision));
    }
    Complete(scene, query, settings.precision, c);
    return c;
}

Trace SceneEvaluator::TraceOf(const Scene& scene, const SceneQuery& query, const AlgorithmInfo& algorithm)
{
    Trace trace;
    Run(algorithm, scene.MakeQuery(query), scene.Settings(query.family).precision, &trace);
    return trace;
}

void SceneEvaluator::PrepareShapes(const Scene& scene)
{
    const std::vector<SceneShape>& shapes = scene.Shapes();
    // the indices looked up stay right while the scene's shapes are the same ones in the same order
    m_currentIds.clear();
    for (const SceneShape& shape : shapes) {
        m_currentIds.push_back(shape.id);
    }
    const bool sameShapes = m_currentIds == m_shapeIds;
    if (!sameShapes) {
        std::fill(m_shapeIndex.begin(), m_shapeIndex.end(), std::array{kNoIndex, kNoIndex});
        std::swap(m_currentIds, m_shapeIds);
    }
    // each shape stored, and rounded to the precision, once (a thousand shapes for a hundred thousand
    // queries), then shared read-only by the threads' batches; kept while its revision is
    bool inFloat = false, inDouble = false;
    for (Family family : AllFamilies()) {
        const FamilySettings& settings = scene.Settings(family);
        inFloat = inFloat || (!settings.enabled.empty() && settings.precision == Precision::Float);
        inDouble = inDouble || (!settings.enabled.empty() && settings.precision != Precision::Float);
    }
    if (!m_tableTrusted || !sameShapes || inFloat != m_tableFloat || inDouble != m_tableDouble) {
        m_tableTrusted = true;
        m_tableFloat = inFloat;
        m_tableDouble = inDouble;
        m_tableRevisions.assign(shapes.size(), 0); // revisions start at 1: every shape is stored below
        m_floatShapes.resize(inFloat ? shapes.size() : 0);
        m_shapes.resize(inDouble ? shapes.size() : 0);
    }
    for (size_t i = 0; i < shapes.size(); ++i) {
        if (m_tableRevisions[i] != scene.RevisionAt(i) || m_tableRevisions[i] == 0) { // changed, or not stored
            m_tableRevisions[i] = scene.RevisionAt(i);
            if (inFloat) {
                m_floatShapes[i] = ToFloat(shapes[i].shape);
            }
            if (inDouble) {
                m_shapes[i] = shapes[i].shape;
            }
        }
    }
}

std::array<std::uint32_t, 2> SceneEvaluator::ShapeIndices(const Scene& scene, size_t i)
{
    std::array<std::uint32_t, 2>& hint = m_shapeIndex[i];
    // PrepareShapes forgets every index when the shapes change
    if (hint[0] == kNoIndex) {
        hint[0] = static_cast<std::uint32_t>(scene.IndexOf(m_list[i].a));
    }
    if (hint[1] == kNoIndex) {
        hint[1] = static_cast<std::uint32_t>(scene.IndexOf(m_list[i].b));
    }
    return hint;
}

void SceneEvaluator::EvaluateIndices(const Scene& scene, std::span<const size_t> indices)
{
    for (Family family : AllFamilies()) {
        m_enabled[static_cast<size_t>(family)] = scene.Settings(family).enabled;
    }
    PrepareShapes(scene);
    const size_t chunks = (indices.size() + kChunkQueries - 1) / kChunkQueries;
    const size_t threads = ThreadCount(indices.size(), chunks, m_threads);
    if (m_scratch.size() < threads) {
        m_scratch.resize(threads);
    }
    if (threads > 1 && m_pool == nullptr) {
        m_pool = std::make_unique<WorkerPool>();
    }
    // chunks handed out in turn: a thread that gets less of a loaded machine's cores takes fewer.
    // Each query is evaluated alone in its chunk, so which thread takes it changes no bit.
    std::atomic<size_t> next{0};
    const auto work = [&](size_t thread) {
        for (size_t chunk = next.fetch_add(1); chunk < chunks; chunk = next.fetch_add(1)) {
            const size_t begin = chunk * kChunkQueries;
            EvaluateChunk(scene, indices.subspan(begin, std::min(kChunkQueries, indices.size() - begin)),
                          m_scratch[thread]);
        }
    };
    if (threads <= 1) {
        work(0);
    } else {
        m_pool->Run(threads, work);
    }
}

void SceneEvaluator::EvaluateChunk(const Scene& scene, std::span<const size_t> indices, BatchScratch& scratch)
{
    for (std::vector<size_t>& members : scratch.members) {
        members.clear();
    }
    for (size_t i : indices) {
        scratch.members[static_cast<size_t>(m_list[i].family)].push_back(
            i); // m_list is compact: fewer cache lines than m_queries
    }
    for (Family family : AllFamilies()) {
        const std::vector<size_t>& members = scratch.members[static_cast<size_t>(family)];
        if (!members.empty()) {
            EvaluateBatch(scene, family, members, scratch);
        }
    }
}

void SceneEvaluator::EvaluateBatch(const Scene& scene, Family family, std::span<const size_t> indices, BatchScratch& s)
{
    const FamilySettings& settings = scene.Settings(family);
    const bool inFloat = settings.precision == Precision::Float;
    s.pairs.clear();
    for (size_t i : indices) {
        // the summaries CompleteBatch writes, fetched while the algorithms run (a cache line each)
        __builtin_prefetch(&m_queries[i], 1);
        const auto [a, b] = ShapeIndices(scene, i);
        s.pairs.push_back(ShapePair{a, b});
    }
    // each algorithm over the whole batch, its results packed in the precision
    const size_t n = indices.size();
    const size_t algorithms = settings.enabled.size();
    const QueryBatch batch{m_shapes, m_floatShapes, s.pairs};
    if (inFloat) {
        if (s.floatResults.size() < algorithms * n) { // grown only: families alternate
            s.floatResults.resize(algorithms * n);
        }
        for (size_t k = 0; k < algorithms; ++k) {
            RunBatch(*settings.enabled[k], batch, settings.precision,
                     BatchResults{std::span(s.floatResults).subspan(k * n, n), {}});
        }
        CompleteBatch<float>(scene, family, indices, s.floatResults);
    } else {
        if (s.doubleResults.size() < algorithms * n) {
            s.doubleResults.resize(algorithms * n);
        }
        for (size_t k = 0; k < algorithms; ++k) {
            RunBatch(*settings.enabled[k], batch, settings.precision,
                     BatchResults{{}, std::span(s.doubleResults).subspan(k * n, n)});
        }
        CompleteBatch<double>(scene, family, indices, s.doubleResults);
    }
}

template <typename T>
void SceneEvaluator::CompleteBatch(const Scene& scene, Family family, std::span<const size_t> indices,
                                   std::span<const PackedResult<T>> results)
{
    const FamilySettings& settings = scene.Settings(family);
    const size_t n = indices.size();
    const size_t algorithms = settings.enabled.size();
    const auto ref = std::find(settings.enabled.begin(), settings.enabled.end(), &ReferenceAlgorithm(family));
    const size_t r = static_cast<size_t>(ref - settings.enabled.begin());
    // each query's comparison: stored in full only when some result is not the reference's
    for (size_t j = 0; j < n; ++j) {
        QueryEvaluation& evaluation = m_queries[indices[j]];
        const PackedResult<T>& reference = results[r * n + j];
        bool identical = r < algorithms && ComparableValues(reference);
        for (size_t k = 0; k < algorithms && identical; ++k) {
            identical = k == r || std::memcmp(&results[k * n + j], &reference, sizeof(PackedResult<T>)) == 0;
        }
        if (identical) {
            // written only when it changed: a re-evaluation of unchanged shapes reads the summaries
            // (one cache line each) and dirties none
            evaluation.comparison.agree = true;
            evaluation.comparison.reference.Set(reference); // packed: widened when read
            evaluation.detail.reset();
            continue;
        }
        if (evaluation.detail == nullptr) {
            evaluation.detail = std::make_unique<Comparison>();
        }
        Comparison& c = *evaluation.detail;
        c.outcomes.resize(algorithms);
        for (size_t k = 0; k < algorithms; ++k) {
            SetOutcome(c.outcomes[k], settings.enabled[k], Widen(results[k * n + j]));
        }
        Complete(scene, evaluation.query, settings.precision, c);
        evaluation.comparison.agree = c.agree; // the reference is the detail's
    }
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

bool SceneEvaluator::ListCurrent(const Scene& scene) const
{
    // Scene::Queries() depends on the shapes' ids, order and types, the solid-pairs switch and the
    // disabled pairs, nothing else: when these are as they were, so is the list
    const std::vector<SceneShape>& shapes = scene.Shapes();
    if (!m_listKnown || shapes.size() != m_listIds.size() || scene.SolidPairsEnabled() != m_listSolidPairs) {
        return false;
    }
    for (size_t i = 0; i < shapes.size(); ++i) {
        if (shapes[i].id != m_listIds[i] || KindOf(shapes[i].shape) != m_listTypes[i]) {
            return false;
        }
    }
    return scene.DisabledPairs() == m_listDisabled;
}

void SceneEvaluator::RememberList(const Scene& scene)
{
    const std::vector<SceneShape>& shapes = scene.Shapes();
    m_listIds.resize(shapes.size());
    m_listTypes.resize(shapes.size());
    for (size_t i = 0; i < shapes.size(); ++i) {
        m_listIds[i] = shapes[i].id;
        m_listTypes[i] = KindOf(shapes[i].shape);
    }
    m_listSolidPairs = scene.SolidPairsEnabled();
    m_listDisabled = scene.DisabledPairs();
    m_listKnown = true;
}

void SceneEvaluator::Rebuild(const Scene& scene, bool reuse)
{
    // the same queries as before (a re-evaluation, shapes moved): keep the list, its index and
    // its storage, without deriving the list again
    const bool sameList = ListCurrent(scene);
    std::vector<SceneQuery> queries;
    if (!sameList) {
        queries = scene.Queries();
        RememberList(scene);
    }
    std::vector<size_t>& toEvaluate = m_toEvaluate;
    toEvaluate.clear();
    if (sameList) {
        for (size_t i = 0; i < m_list.size(); ++i) {
            const SceneQuery& q = m_list[i];
            const bool unchanged = reuse && m_seenRevisions.contains(q.a) && m_seenRevisions.contains(q.b) &&
                                   m_seenRevisions.at(q.a) == scene.Revision(q.a) &&
                                   m_seenRevisions.at(q.b) == scene.Revision(q.b);
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
        m_shapeIndex.assign(queries.size(), {kNoIndex, kNoIndex});
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
                    m_queries[i].comparison = previous[it->second].comparison;
                    m_queries[i].detail = std::move(previous[it->second].detail);
                    reused = true;
                }
            } else if (i < previous.size()) {
                m_queries[i].detail = std::move(previous[i].detail); // storage only: recomputed below
            }
            if (!reused) {
                toEvaluate.push_back(i);
            }
            m_index.emplace(Key(q.a, q.b), i);
        }
    }
    if (!sameList) {
        m_list = std::move(queries);
    }
    EvaluateIndices(scene, toEvaluate);
    RecordRevisions(scene);
    m_generation = NextGeneration();
    m_stepFrom = kNoStep; // a new list, or every query: no step to follow
}

size_t SceneEvaluator::Evaluate(const Scene& scene)
{
    m_tableTrusted = false; // perhaps another scene, whose shapes have the same ids and revisions
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
    // (a shape turned into another type also changes the list: ListCurrent)
    bool setChanged = scene.Shapes().size() != m_seenRevisions.size() || !ListCurrent(scene);
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
        m_stepFrom = m_generation;
        m_generation = NextGeneration();
        m_stepIndices = indices;
    }
    return indices.size();
}

Result QueryEvaluation::ResultOf(const AlgorithmInfo* algorithm) const
{
    if (detail != nullptr) {
        for (const AlgorithmOutcome& outcome : detail->outcomes) {
            if (outcome.info == algorithm) {
                return outcome.result;
            }
        }
    }
    return Reference(); // without detail, every algorithm that ran returned it
}

Comparison SceneEvaluator::ComparisonOf(const QueryEvaluation& evaluation) const
{
    if (evaluation.detail != nullptr) {
        return *evaluation.detail;
    }
    // every enabled algorithm returned the reference's result: what EvaluateBatch found
    const std::vector<const AlgorithmInfo*>& enabled = m_enabled[static_cast<size_t>(evaluation.query.family)];
    const Result reference = evaluation.Reference();
    Comparison c;
    c.outcomes.resize(enabled.size());
    for (size_t k = 0; k < enabled.size(); ++k) {
        SetOutcome(c.outcomes[k], enabled[k], reference);
    }
    ExplainIdentical(c, ReferenceAlgorithm(evaluation.query.family));
    return c;
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
