// The viewport's focus: which pair's result and trace it draws (the Results table's pair, else
// the selection with the hovered shape, else the selection's first query that hits), chosen again
// only when what it depends on changed.
#include "viewport.h"

namespace hitlab {

void Viewport::UpdateFocus()
{
    // the same inputs as last frame: the same pair and trace (no search, no re-tracing)
    const FocusKey key{panels != nullptr && panels->focused ? panels->focused->a : 0,
                       panels != nullptr && panels->focused ? panels->focused->b : 0,
                       m_selected,
                       m_hovered,
                       panels != nullptr ? panels->step : -1,
                       m_evaluator.Generation(),
                       m_history.Generation()};
    if (m_focusKey && *m_focusKey == key) {
        return;
    }
    m_focusKey = key;
    m_focused.reset();
    m_focusedTrace = Trace{};
    const QueryEvaluation* chosen = nullptr;
    if (panels != nullptr && panels->focused) { // a pair picked in the Results table
        chosen = m_evaluator.Find(panels->focused->a, panels->focused->b);
    }
    if (m_selected == 0 && chosen == nullptr) {
        return;
    }
    if (chosen == nullptr && m_hovered != 0 && m_hovered != m_selected) {
        chosen = m_evaluator.Find(m_selected, m_hovered);
    }
    if (chosen == nullptr) {
        // the selection's first query that hits, else its first query
        for (const QueryEvaluation& qe : m_evaluator.Queries()) {
            if (qe.query.a != m_selected && qe.query.b != m_selected) {
                continue;
            }
            if (chosen == nullptr || (!chosen->ReferenceHit() && qe.ReferenceHit())) {
                chosen = &qe;
            }
            if (chosen->ReferenceHit()) {
                break;
            }
        }
    }
    if (chosen == nullptr) {
        return;
    }
    m_focused = chosen->query;
    if (const AlgorithmInfo* drawn = m_scene.Settings(chosen->query.family).drawn) {
        m_focusedTrace = SceneEvaluator::TraceOf(m_scene, chosen->query, *drawn);
    }
    // the Query inspector's current step: draw that step only
    if (panels != nullptr && panels->step >= 0 && size_t(panels->step) < m_focusedTrace.steps.size()) {
        TraceStep step = std::move(m_focusedTrace.steps[size_t(panels->step)]);
        m_focusedTrace.steps.assign(1, std::move(step));
        m_focusedTrace.decidingStep = -1;
    }
}

} // namespace hitlab
