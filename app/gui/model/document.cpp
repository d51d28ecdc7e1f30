// The document: its scene's edits, evaluation, selection and focus (document.h).
#include "document.h"

namespace hitlab {

Document::Document(Scene scene) : m_scene(std::move(scene)) { m_evaluator.Evaluate(m_scene); }

bool Document::Execute(std::unique_ptr<Command> command, std::uint64_t mergeGroup)
{
    return m_history.Execute(m_scene, std::move(command), mergeGroup);
}

void Document::SetScene(Scene scene)
{
    m_scene = std::move(scene);
    m_history.Clear();
    m_evaluator = SceneEvaluator{};
    m_evaluator.Evaluate(m_scene);
    m_summary = EvaluationSummary{}; // a new evaluator counts its generations afresh
    UpdateSummary();
    m_selected = 0;
    focus = PanelState{};
    lastSelected = 0;
}

void Document::Update()
{
    m_evaluator.Update(m_scene);
    UpdateSummary();
    if (m_selected != 0 && m_scene.Find(m_selected) == nullptr) {
        m_selected = 0; // removed by an edit or an undo
    }
}

void Document::Focus(const SceneQuery& query)
{
    focus.focused = query;
    focus.step = -1;
    focus.playing = false;
    focus.sweep.reset();
    m_selected = query.a;
    lastSelected = query.a;
}

void Document::FollowSelection()
{
    // a selection made in the viewport releases the pair the Results table focused
    if (m_selected != lastSelected) {
        if (focus.focused && m_selected != focus.focused->a && m_selected != focus.focused->b) {
            focus.focused.reset();
        }
        focus.step = -1;
        focus.playing = false;
        focus.sweep.reset();
        lastSelected = m_selected;
    }
    if (focus.focused && m_evaluator.Find(focus.focused->a, focus.focused->b) == nullptr) {
        focus.focused.reset(); // the pair is gone (deleted, undone)
    }
}

} // namespace hitlab
