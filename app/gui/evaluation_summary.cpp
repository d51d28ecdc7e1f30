// The per-evaluation counts of the status overlay, the scene drawing and the Algorithms panel.
#include "evaluation_summary.h"

#include "render/scene_draw.h"

namespace hitlab {

void EvaluationSummary::Update(const SceneEvaluator& evaluation)
{
    if (evaluation.Generation() == m_generation) {
        return;
    }
    m_generation = evaluation.Generation();
    m_disagreements = 0;
    m_drawable.clear();
    const auto& queries = evaluation.Queries();
    for (std::uint32_t i = 0; i < queries.size(); ++i) {
        m_disagreements += queries[i].comparison.agree ? 0 : 1;
        if (HasResultToDraw(queries[i])) {
            m_drawable.push_back(i);
        }
    }
    m_counts = CountQueries(evaluation);
}

} // namespace hitlab
