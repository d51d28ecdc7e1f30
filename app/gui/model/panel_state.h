// State the panels share with the viewport: the pair the Results table focused and the trace
// step the Query inspector walks. The viewport reads it to draw the focused pair and only the
// current step of its trace. Plain data, no GL, no ImGui.
#pragma once

#include "quiz_model.h"

#include "core/scene.h"

#include <optional>
#include <string>

namespace hitlab {

struct PanelState {
    /// The pair clicked in the Results table; while set it overrides the viewport's own choice
    /// (selection + hover). Cleared when the selection changes in the viewport.
    std::optional<SceneQuery> focused;
    /// Index of the trace step the viewport draws; -1 draws the whole trace.
    int step = -1;
    bool playing = false;   ///< the Query inspector's play button steps forward on a timer
    double playClock = 0.0; ///< seconds since the last automatic step
    /// The t sweep's t while it plays (the Query inspector's sweep button: the viewport draws the
    /// ray's point at t and lights the slabs holding it); nullopt: no sweep.
    std::optional<double> sweep;
    /// A second algorithm of the focused pair's family (by name) whose trace the Query inspector
    /// and the viewport show beside the drawn one; empty: none.
    std::string compare{};
    /// The slab of the number-line bar under the cursor (-1: none), and whose number line it is
    /// (0: the drawn algorithm's, 1: the compared one's); the viewport lights that slab.
    int hoveredBar = -1;
    int hoveredBarTrace = 0;
    /// Quiz mode (quiz_model.h): the open question, the student's answer, the session's score.
    QuizSession quiz;
    /// A quiz question is open: the Results panel's verdicts and explanations, the Query
    /// inspector's trace and number line and the viewport's t labels are hidden (the quiz sets it).
    bool hideAnswers = false;
};

} // namespace hitlab
