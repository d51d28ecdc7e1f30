// Drawing the t number line (number_line.h's layout) with ImGui, shared by the Query inspector and
// presentation mode.
#pragma once

#include "number_line.h"

namespace hitlab {

/// The t number line at the cursor, `width` pixels wide: one row per slab (axis colours), the
/// running intersection, the allowed range; it takes (rows + 1) * 1.5 lines, then two lines for the
/// t axis and the allowed range (and 8 pixels).
void DrawNumberLine(const NumberLineLayout& layout, float width);

} // namespace hitlab
