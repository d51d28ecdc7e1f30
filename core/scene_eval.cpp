// Scene evaluation, incremental by shape revision.
#include "scene_eval.h"

namespace hitlab {

Comparison SceneEvaluator::EvaluateQuery(const Scene& scene, const SceneQuery& sq)
{
    const Query query = scene.MakeQuery(sq);
    const FamilySettings& settings = scene.Settings(sq.family);
    Comparison c;
    c.outcomes.reserve(settings.enabled.size());
    bool allSame = true;
    const AlgorithmOutcome* reference = nullptr;
    for (const AlgorithmInfo* info : settings.enabled) {
        AlgorithmOutcome out;
        out.info = info;
        out.result = Run(*info, query, settings.precision);
        allSame = allSame && (c.outcomes.empty() || c.outcomes.front().result.hit == out.result.hit);
        c.outcomes.push_back(std::move(out));
        if (info->reference) {
            reference = &c.outcomes.back();
        }
    }
    if (allSame && reference != nullptr) {
        // Everyone agrees with the reference: nothing to explain, one group.
        c.reference = reference->result;
        c.agree = true;
        c.allExplained = true;
        c.groups.clear();
        if (!c.outcomes.empty()) {
            OutcomeGroup group{c.outcomes.front().result.hit, {}};
            for (size_t i = 0; i < c.outcomes.size(); ++i) {
                group.members.push_back(static_cast<int>(i));
            }
            c.groups.push_back(std::move(group));
        }
        return c;
    }
    Explain(query, settings.precision, c);
    return c;
}

Trace SceneEvaluator::TraceOf(const Scene& scene, const SceneQuery& query, const AlgorithmInfo& algorithm)
{
    Trace trace;
    Run(algorithm, scene.MakeQuery(query), scene.Settings(query.family).precision, &trace);
    return trace;
}

void SceneEvaluator::Rebuild(const Scene& scene, bool reuse)
{
    std::vector<QueryEvaluation> previous = std::move(m_queries);
    std::unordered_map<std::uint64_t, size_t> previousIndex = std::move(m_index);
    m_queries.clear();
    m_index.clear();
    const std::vector<SceneQuery> queries = scene.Queries();
    m_queries.reserve(queries.size());
    for (const SceneQuery& q : queries) {
        bool reused = false;
        if (reuse) {
            const auto it = previousIndex.find(Key(q.a, q.b));
            const auto seenA = m_seenRevisions.find(q.a);
            const auto seenB = m_seenRevisions.find(q.b);
            if (it != previousIndex.end() && seenA != m_seenRevisions.end() && seenB != m_seenRevisions.end() &&
                seenA->second == scene.Revision(q.a) && seenB->second == scene.Revision(q.b)) {
                m_queries.push_back(std::move(previous[it->second]));
                reused = true;
            }
        }
        if (!reused) {
            m_queries.push_back(QueryEvaluation{q, EvaluateQuery(scene, q)});
        }
        m_index.emplace(Key(q.a, q.b), m_queries.size() - 1);
    }
    m_seenRevisions.clear();
    for (const SceneShape& shape : scene.Shapes()) {
        m_seenRevisions.emplace(shape.id, scene.Revision(shape.id));
    }
    m_seenSettings = scene.SettingsRevision();
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
    size_t recomputed = 0;
    for (ShapeId id : changed) {
        for (const SceneQuery& q : scene.QueriesOf(id)) {
            const auto it = m_index.find(Key(q.a, q.b));
            if (it == m_index.end()) {
                continue;
            }
            QueryEvaluation& evaluation = m_queries[it->second];
            evaluation.comparison = EvaluateQuery(scene, q);
            ++recomputed;
        }
        m_seenRevisions[id] = scene.Revision(id);
    }
    return recomputed;
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
