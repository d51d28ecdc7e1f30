// Quiz mode in the window (docs/gui.md "Quiz mode"): the lesson box's Quiz button and question,
// and presentation mode's quiz strip. The state is the document's (PanelState::quiz, GL-free in
// app/gui/model/quiz_model.h); these draw it with Dear ImGui.
#pragma once

#include "app/gui/model/presentation_layout.h"
#include "panel.h"

namespace hitlab {

/// In the Scene panel's lesson box: a Quiz button (a lesson with exercises), then the open
/// question, the answer's widgets (Hit / Miss, t typed or dragged on a line, the axis, u and v, a
/// direction and depth), Reveal, the exact answer beside the student's, the trace step by step,
/// Next question, and the session's score.
void QuizBox(PanelContext& ctx);

/// While a quiz question is open, the panels that show answers (the Results table, the Query
/// inspector, the Inspector's list of the shape's queries) draw only a note instead (true: the caller skips the panel's
/// Draw).
bool QuizHidesPanel(PanelContext& ctx, PanelId panel);

/// Presentation mode: a Quiz button at the top right of the viewport; while a question is open a
/// strip over the number line and verdict strips (hiding them), after the reveal one over the
/// verdict strip (the number line steps through the trace with the presenter's keys).
void QuizStrip(PanelContext& ctx, const PresentationLayout& layout);

} // namespace hitlab
