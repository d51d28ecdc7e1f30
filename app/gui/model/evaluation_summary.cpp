// The per-evaluation counts of the status overlay, the Results panel, the scene drawing and the
// Algorithms panel.
#include "evaluation_summary.h"

#include "external_session.h"
#include "results_model.h"

#include "render/scene_draw.h"

namespace hitlab {

void EvaluationSummary::Update(const Scene& scene, const SceneEvaluator& evaluation, const ExternalSession* external)
{
    const std::uint64_t externalGeneration = external != nullptr ? external->Generation() : 0;
    if (evaluation.Generation() == m_generation && external == m_external &&
        externalGeneration == m_externalGeneration) {
        return;
    }
    const auto& queries = evaluation.Queries();
    const bool sameExternal = external == m_external && externalGeneration == m_externalGeneration;
    // shapes moved: only the queries recomputed since the last count change their flags
    const std::vector<size_t>* step = sameExternal ? evaluation.RecomputedSince(m_generation) : nullptr;
    const bool recountDrawable = evaluation.Generation() != m_generation || m_flags.size() != queries.size();
    m_generation = evaluation.Generation();
    m_external = external;
    m_externalGeneration = externalGeneration;
    if (step != nullptr && m_flags.size() == queries.size()) {
        bool drawableChanged = false;
        for (const size_t i : *step) {
            drawableChanged = Recount(scene, evaluation, i, true) || drawableChanged;
        }
        if (drawableChanged) {
            ListDrawable();
        }
        return;
    }
    if (recountDrawable) {
        m_flags.assign(queries.size(), 0);
    } else {
        for (std::uint8_t& f : m_flags) {
            f &= std::uint8_t(~kDisagrees);
        }
    }
    m_disagreements = 0;
    m_disagreeing = {};
    for (std::size_t i = 0; i < queries.size(); ++i) {
        Recount(scene, evaluation, i, recountDrawable);
    }
    if (recountDrawable) { // new external answers only: the built-in overlays and the counts per family stay
        ListDrawable();
        m_counts = CountQueries(evaluation);
    }
}

bool EvaluationSummary::Recount(const Scene& scene, const SceneEvaluator& evaluation, std::size_t i, bool drawable)
{
    const QueryEvaluation& qe = evaluation.Queries()[i];
    const std::size_t family = static_cast<std::size_t>(qe.query.family);
    std::uint8_t& flags = m_flags[i];
    const std::uint8_t before = flags;
    if ((flags & kDisagrees) != 0) {
        --m_disagreements;
        --m_disagreeing[family];
    }
    flags &= std::uint8_t(~kDisagrees);
    if (QueryDisagrees(scene, evaluation, qe, m_external)) {
        flags |= kDisagrees;
        ++m_disagreements;
        ++m_disagreeing[family];
    }
    if (drawable) {
        flags = HasResultToDraw(qe) ? std::uint8_t(flags | kDrawable) : std::uint8_t(flags & ~kDrawable);
    }
    return ((before ^ flags) & kDrawable) != 0;
}

void EvaluationSummary::ListDrawable()
{
    m_drawable.clear();
    for (std::uint32_t i = 0; i < m_flags.size(); ++i) {
        if ((m_flags[i] & kDrawable) != 0) {
            m_drawable.push_back(i);
        }
    }
}

bool EvaluationSummary::Covers(const SceneEvaluator& evaluation, const ExternalSession* external) const
{
    return evaluation.Generation() == m_generation && external == m_external &&
           (external != nullptr ? external->Generation() : 0) == m_externalGeneration &&
           m_flags.size() == evaluation.Queries().size();
}

} // namespace hitlab
