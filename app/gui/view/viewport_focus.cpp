// The viewport's focus: which pair's result and trace it draws (the Results table's pair, else
// the selection with the hovered shape, else the selection's first query that hits), chosen again
// only when what it depends on changed.
#include "viewport.h"

#include "render/cast_labels.h"

#include <imgui.h>

#include <algorithm>

namespace hitlab {

void Viewport::UpdateFocus()
{
    // the same inputs as last frame: the same pair and trace (no search, no re-tracing)
    const FocusKey key{panels != nullptr && panels->focused ? panels->focused->a : 0,
                       panels != nullptr && panels->focused ? panels->focused->b : 0,
                       m_selected,
                       m_hovered,
                       panels != nullptr ? panels->step : -1,
                       panels != nullptr ? panels->compare : std::string(),
                       m_evaluator.Generation(),
                       m_history.Generation()};
    if (m_focusKey && *m_focusKey == key) {
        return;
    }
    m_focusKey = key;
    m_focused.reset();
    m_focusedTrace = Trace{};
    m_secondTrace = Trace{};
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
    if (external != nullptr && !external->drawnName.empty()) { // a figure of an external algorithm
        m_focusedTrace = external->trace;
    } else if (const AlgorithmInfo* drawn = m_scene.Settings(chosen->query.family).drawn) {
        m_focusedTrace = SceneEvaluator::TraceOf(m_scene, chosen->query, *drawn);
    }
    // the Query inspector's second algorithm, compared on the same pair
    if (panels != nullptr && !panels->compare.empty()) {
        if (const AlgorithmInfo* second = FindAlgorithm(chosen->query.family, panels->compare)) {
            m_secondTrace = SceneEvaluator::TraceOf(m_scene, chosen->query, *second);
        }
    }
    // the Query inspector's current step: draw that step only (the compared trace's step of the
    // same index, or its last)
    if (panels != nullptr && panels->step >= 0 && size_t(panels->step) < m_focusedTrace.steps.size()) {
        for (Trace* trace : {&m_focusedTrace, &m_secondTrace}) {
            if (!trace->steps.empty()) {
                TraceStep step = std::move(trace->steps[std::min(size_t(panels->step), trace->steps.size() - 1)]);
                trace->steps.assign(1, std::move(step));
                trace->decidingStep = -1;
            }
        }
    }
}

void Viewport::UpdateCrossingHover()
{
    m_hoveredCrossing = {};
    if (!m_focused || m_cursor.x < 0.0 || m_drag.mode != DragMode::None) {
        return;
    }
    std::vector<SlabCrossing> crossings = SlabCrossingsOf(m_scene, *m_focused, m_focusedTrace, 0);
    for (const SlabCrossing& c : SlabCrossingsOf(m_scene, *m_focused, m_secondTrace, 1)) {
        crossings.push_back(c);
    }
    if (const int i = CrossingAt(crossings, camera, m_cursor, 9.0 * markerScale); i >= 0) {
        m_hoveredCrossing = {crossings[size_t(i)].axis, crossings[size_t(i)].trace};
        return;
    }
    // or its label, measured in the window's font (as DrawLabels places it)
    if (ImGui::GetCurrentContext() != nullptr) {
        const int axis = SlabLabelAt(m_scene, m_evaluator, *m_focused, m_focusedTrace, camera,
                                     ImGui::CalcTextSize("0").x, m_cursor, LabelArea(), FocusedOverride());
        if (axis >= 0) {
            m_hoveredCrossing = {axis, 0};
        }
    }
}

const DrawnOverride* Viewport::FocusedOverride() const
{
    const QueryEvaluation* qe = m_focused ? m_evaluator.Find(m_focused->a, m_focused->b) : nullptr;
    if (external == nullptr || qe == nullptr) {
        return nullptr;
    }
    const std::size_t i = std::size_t(qe - m_evaluator.Queries().data());
    return i < external->drawn.size() ? &external->drawn[i] : nullptr;
}

std::string Viewport::DrawnName() const
{
    if (external != nullptr && !external->drawnName.empty()) {
        return external->drawnName;
    }
    const AlgorithmInfo* drawn = m_focused ? m_scene.Settings(m_focused->family).drawn : nullptr;
    return drawn != nullptr ? std::string(drawn->name) : std::string();
}

std::vector<std::string> Viewport::ExternalLines() const
{
    if (external == nullptr) {
        return {};
    }
    std::vector<std::string> lines = external->caption;
    for (std::string& step : external->StepLines(panels != nullptr ? panels->step : -1)) {
        lines.push_back(std::move(step));
    }
    return lines;
}

} // namespace hitlab
