// The document the window edits: the scene, its undo history, its evaluation and that evaluation's
// summary, the selection and the focus (the pair and trace step the panels and the viewport show).
// The window owns one; the viewport (app/gui/view) and the panels (app/gui/panels) both read it and
// change the scene through its commands (core/commands.h), so an edit from either side is one
// undoable step and both see it the same frame. GL-free: tests/app/gui/model/document_test.cpp.
#pragma once

#include "evaluation_summary.h"
#include "panel_state.h"

#include "core/commands.h"
#include "core/scene.h"
#include "core/scene_eval.h"

#include <cstdint>
#include <memory>
#include <string>

namespace hitlab {

class ExternalSession;

class Document {
public:
    explicit Document(Scene scene = Scene{});

    const Scene& GetScene() const { return m_scene; }
    /// The scene for what is not an edit of its own: the viewport's drag previews the moved shape
    /// here on every mouse move and, at release, puts it back and lands the whole drag as one
    /// Execute (one undo step); the camera state saved with the scene. Edits go through Execute.
    Scene& GetScene() { return m_scene; }
    History& GetHistory() { return m_history; }
    const History& GetHistory() const { return m_history; }
    const SceneEvaluator& Evaluation() const { return m_evaluator; }
    /// What is counted once per evaluation (disagreements, drawable overlays, queries per family).
    const EvaluationSummary& Summary() const { return m_summary; }

    /// Runs an undoable edit (merged with the previous one of the same non-zero group); false when
    /// it did not apply.
    bool Execute(std::unique_ptr<Command> command, std::uint64_t mergeGroup = 0);
    bool Undo() { return m_history.Undo(m_scene); }
    bool Redo() { return m_history.Redo(m_scene); }

    /// Replaces the scene (File > New, Open): history, evaluation, selection and focus start afresh.
    void SetScene(Scene scene);
    /// Brings the evaluation and the summary up to date (cheap when nothing changed) and drops a
    /// selection whose shape is gone (removed by an edit or an undo).
    void Update();
    /// The window's external programs and plugins (set by the panels; null: none): their failures
    /// and other verdicts count in the summary's disagreements, as in the Results table.
    const ExternalSession* externalSession = nullptr;
    /// Brings the summary up to date with the evaluation and externalSession's answers (a no-op
    /// when neither changed): the panels call it once the session has published this frame's.
    void UpdateSummary() { m_summary.Update(m_scene, m_evaluator, externalSession); }

    /// The selected shape (0: none), and selecting one (as a click in the viewport does).
    ShapeId Selected() const { return m_selected; }
    void Select(ShapeId id) { m_selected = id; }

    /// The pair the Results table focused, the Query inspector's step and compared algorithm (the
    /// viewport draws them); see PanelState.
    PanelState focus;
    /// Focuses a pair (the Results table, a loaded counterexample): its first shape is selected,
    /// the trace starts whole.
    void Focus(const SceneQuery& query);
    /// Once a frame, before the panels draw: a new selection (made in the viewport) releases a
    /// focused pair it is not part of and starts the trace whole; a focused pair whose shape is
    /// gone (deleted, undone) is released.
    void FollowSelection();
    /// The selection FollowSelection saw last.
    ShapeId lastSelected = 0;

private:
    Scene m_scene;
    History m_history;
    SceneEvaluator m_evaluator;
    EvaluationSummary m_summary; ///< of m_evaluator, brought up to date in Update
    ShapeId m_selected = 0;
};

} // namespace hitlab
