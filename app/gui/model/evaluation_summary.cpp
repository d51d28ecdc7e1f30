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
    const bool recountDrawable = evaluation.Generation() != m_generation;
    m_generation = evaluation.Generation();
    m_external = external;
    m_externalGeneration = externalGeneration;
    m_disagreements = 0;
    m_disagreeing = {};
    const auto& queries = evaluation.Queries();
    for (const QueryEvaluation& qe : queries) {
        if (QueryDisagrees(scene, evaluation, qe, external)) {
            ++m_disagreements;
            ++m_disagreeing[static_cast<std::size_t>(qe.query.family)];
        }
    }
    if (!recountDrawable) {
        return; // new external answers: the built-in overlays and the counts per family stay
    }
    m_drawable.clear();
    for (std::uint32_t i = 0; i < queries.size(); ++i) {
        if (HasResultToDraw(queries[i])) {
            m_drawable.push_back(i);
        }
    }
    m_counts = CountQueries(evaluation);
}

} // namespace hitlab
