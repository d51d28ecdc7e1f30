// Drawing the t number line (number_line.h's layout) with ImGui, shared by the Query inspector and
// presentation mode.
#pragma once

#include "app/gui/model/number_line.h"

namespace hitlab {

/// The t number line at the cursor, `width` pixels wide: one row per slab (slab colours), the
/// running intersection, the allowed range; it takes (rows + 1) * 1.5 lines, then two lines for the
/// t axis (ticks from LayOutTicks) and the allowed range (and 8 pixels). `litAxis`: the slab lit
/// from the viewport (a hovered crossing), its bar outlined. Returns the slab of the row under the
/// cursor, -1: none.
int DrawNumberLine(const NumberLineLayout& layout, float width, int litAxis = -1);

struct PanelState;

/// The t sweep's button ("sweep t" / "stop") and, while it plays, its t and the slabs holding it;
/// advances the sweep by the frame's time (app/gui/model/sweep.h) over `layout` (the whole trace's
/// number line). Starting it shows the whole trace (state.step = -1).
void SweepControls(PanelState& state, const NumberLineLayout& layout);

} // namespace hitlab
