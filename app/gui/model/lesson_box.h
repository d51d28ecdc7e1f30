// The Scene panel's lesson box (the lesson's text, what to look at and its question): how tall it
// is in a panel of a given height. GL-free, so that a test can check it grows with the panel.
#pragma once

#include <algorithm>

namespace hitlab {

/// The lesson box's height in pixels when `available` pixels of the Scene panel are left below the
/// course buttons, for text lines `line` pixels high: 7.5 lines at the least (the box as it was);
/// else the larger part of the panel (55%), always leaving 9 lines below it for the offset
/// section, the Add button and the shapes list.
inline float LessonBoxHeight(float available, float line)
{
    const float least = 7.5f * line;
    return std::max(least, std::min(0.55f * available, available - 9.0f * line));
}

} // namespace hitlab
