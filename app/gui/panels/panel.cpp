// PanelContext's shortcuts into the document and the viewport, edit groups, and the factory of the panel table.
#include "panel.h"

#include "app/gui/view/viewport.h"

namespace hitlab {

Scene& PanelContext::GetScene() const { return m_document.GetScene(); }

History& PanelContext::GetHistory() const { return m_document.GetHistory(); }

const SceneEvaluator& PanelContext::Evaluation() const { return m_document.Evaluation(); }

Camera& PanelContext::GetCamera() const { return m_viewport.camera; }

ShapeId PanelContext::Selected() const { return m_document.Selected(); }

void PanelContext::Select(ShapeId id) const { m_document.Select(id); }

const EvaluationSummary& PanelContext::Summary() const { return m_document.Summary(); }

FanView& PanelContext::Fans() const { return m_viewport.Fans(); }

bool PanelContext::Execute(std::unique_ptr<Command> command, std::uint64_t mergeGroup) const
{
    return m_document.Execute(std::move(command), mergeGroup);
}

void PanelContext::Focus(const SceneQuery& query) const { m_document.Focus(query); }

std::optional<SceneQuery> PanelContext::Focused() const { return state.focused ? state.focused : m_viewport.Focused(); }

SlabHighlight PanelContext::HoveredCrossing() const { return m_viewport.HoveredCrossing(); }

std::uint64_t EditGroup::For(const PanelContext& ctx, bool activated)
{
    if (activated || m_group == 0) {
        m_group = ++ctx.nextEditGroup;
    }
    return m_group;
}

void EditGroup::CloseUnless(bool anyActive)
{
    if (!anyActive) {
        m_group = 0;
    }
}

std::unique_ptr<Panel> MakePanel(PanelId id)
{
    switch (id) {
    case PanelId::Scene:
        return MakeScenePanel();
    case PanelId::Inspector:
        return MakeInspectorPanel();
    case PanelId::Algorithms:
        return MakeAlgorithmsPanel();
    case PanelId::Results:
        return MakeResultsPanel();
    case PanelId::Query:
        return MakeQueryPanel();
    case PanelId::Hunt:
        return MakeHuntPanel();
    case PanelId::Timing:
        return MakeTimingPanel();
    case PanelId::RayFan:
        return MakeFanPanel();
    case PanelId::Minkowski:
        return MakeMinkowskiPanel();
    case PanelId::Capture:
        return MakeCapturePanel();
    case PanelId::Lessons:
        return MakeLessonsPanel();
    case PanelId::Controls:
        return MakeControlsPanel();
    case PanelId::About:
        return MakeAboutPanel();
    }
    return nullptr;
}

} // namespace hitlab
