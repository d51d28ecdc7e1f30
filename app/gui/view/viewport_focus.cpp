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
    const FocusKey key{m_doc.focus.focused ? m_doc.focus.focused->a : 0,
                       m_doc.focus.focused ? m_doc.focus.focused->b : 0,
                       m_doc.Selected(),
                       m_hovered,
                       m_doc.focus.step,
                       m_doc.focus.compare,
                       m_doc.Evaluation().Generation(),
                       m_doc.GetHistory().Generation()};
    if (m_focusKey && *m_focusKey == key) {
        return;
    }
    m_focusKey = key;
    m_focused.reset();
    m_focusedTrace = Trace{};
    m_secondTrace = Trace{};
    const QueryEvaluation* chosen = nullptr;
    if (m_doc.focus.focused) { // a pair picked in the Results table
        chosen = m_doc.Evaluation().Find(m_doc.focus.focused->a, m_doc.focus.focused->b);
    }
    if (m_doc.Selected() == 0 && chosen == nullptr) {
        return;
    }
    if (chosen == nullptr && m_hovered != 0 && m_hovered != m_doc.Selected()) {
        chosen = m_doc.Evaluation().Find(m_doc.Selected(), m_hovered);
    }
    if (chosen == nullptr) {
        // the selection's first query that hits, else its first query
        for (const QueryEvaluation& qe : m_doc.Evaluation().Queries()) {
            if (qe.query.a != m_doc.Selected() && qe.query.b != m_doc.Selected()) {
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
    } else if (const AlgorithmInfo* drawn = m_doc.GetScene().Settings(chosen->query.family).drawn) {
        m_focusedTrace = SceneEvaluator::TraceOf(m_doc.GetScene(), chosen->query, *drawn);
    }
    // the Query inspector's second algorithm, compared on the same pair
    if (!m_doc.focus.compare.empty()) {
        if (const AlgorithmInfo* second = FindAlgorithm(chosen->query.family, m_doc.focus.compare)) {
            m_secondTrace = SceneEvaluator::TraceOf(m_doc.GetScene(), chosen->query, *second);
        }
    }
    // the Query inspector's current step: draw that step only (the compared trace's step of the
    // same index, or its last)
    if (m_doc.focus.step >= 0 && size_t(m_doc.focus.step) < m_focusedTrace.steps.size()) {
        for (Trace* trace : {&m_focusedTrace, &m_secondTrace}) {
            if (!trace->steps.empty()) {
                TraceStep step = std::move(trace->steps[std::min(size_t(m_doc.focus.step), trace->steps.size() - 1)]);
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
    std::vector<SlabCrossing> crossings = SlabCrossingsOf(m_doc.GetScene(), *m_focused, m_focusedTrace, 0);
    for (const SlabCrossing& c : SlabCrossingsOf(m_doc.GetScene(), *m_focused, m_secondTrace, 1)) {
        crossings.push_back(c);
    }
    if (const int i = CrossingAt(crossings, camera, m_cursor, 9.0 * markerScale); i >= 0) {
        m_hoveredCrossing = {crossings[size_t(i)].axis, crossings[size_t(i)].trace};
        return;
    }
    // or its label, measured in the window's font (as DrawLabels places it)
    if (ImGui::GetCurrentContext() != nullptr) {
        const int axis = SlabLabelAt(m_doc.GetScene(), m_doc.Evaluation(), *m_focused, m_focusedTrace, camera,
                                     ImGui::CalcTextSize("0").x, m_cursor, LabelArea(), FocusedOverride());
        if (axis >= 0) {
            m_hoveredCrossing = {axis, 0};
        }
    }
}

const DrawnOverride* Viewport::FocusedOverride() const
{
    const QueryEvaluation* qe = m_focused ? m_doc.Evaluation().Find(m_focused->a, m_focused->b) : nullptr;
    if (external == nullptr || qe == nullptr) {
        return nullptr;
    }
    const std::size_t i = std::size_t(qe - m_doc.Evaluation().Queries().data());
    return i < external->drawn.size() ? &external->drawn[i] : nullptr;
}

std::string Viewport::DrawnName() const
{
    if (external != nullptr && !external->drawnName.empty()) {
        return external->drawnName;
    }
    const AlgorithmInfo* drawn = m_focused ? m_doc.GetScene().Settings(m_focused->family).drawn : nullptr;
    return drawn != nullptr ? std::string(drawn->name) : std::string();
}

std::vector<std::string> Viewport::ExternalLines() const
{
    if (external == nullptr) {
        return {};
    }
    std::vector<std::string> lines = external->caption;
    for (std::string& step : external->StepLines(m_doc.focus.step)) {
        lines.push_back(std::move(step));
    }
    return lines;
}

} // namespace hitlab
