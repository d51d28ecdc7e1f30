// State the panels share with the viewport: the pair the Results table focused and the trace
// step the Query inspector walks. The viewport reads it to draw the focused pair and only the
// current step of its trace. Plain data, no GL, no ImGui.
#pragma once

#include "core/scene.h"

#include <optional>

namespace hitlab {

struct PanelState {
    /// The pair clicked in the Results table; while set it overrides the viewport's own choice
    /// (selection + hover). Cleared when the selection changes in the viewport.
    std::optional<SceneQuery> focused;
    /// Index of the trace step the viewport draws; -1 draws the whole trace.
    int step = -1;
    bool playing = false;   ///< the Query inspector's play button steps forward on a timer
    double playClock = 0.0; ///< seconds since the last automatic step
};

} // namespace hitlab
