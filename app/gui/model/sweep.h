// The t sweep (the Query inspector's sweep button, the deck's GIF): t moving along the ray from
// the allowed range's start to the number line's end while each slab's band lights up
// (render/slab_draw.h DrawSlabSweep). GL-free.
#pragma once

#include "number_line.h"

#include <algorithm>
#include <optional>

namespace hitlab {

/// The t range a sweep covers: from the allowed range's start (or the number line's, when later)
/// to the number line's end (or the allowed range's, when earlier).
struct SweepRange {
    double start = 0.0, end = 1.0;
};
inline SweepRange SweepRangeOf(const NumberLineLayout& line)
{
    return {std::max(line.tMin, line.allowedLo), std::min(line.tMax, line.allowedHi)};
}

/// The window's sweep takes this long from start to end.
inline constexpr double kSweepSeconds = 4.0;

/// The sweep's t `dt` seconds after t (a sweep lasting `seconds`); nullopt once past the end.
inline std::optional<double> AdvanceSweep(double t, SweepRange range, double dt, double seconds = kSweepSeconds)
{
    if (t >= range.end) {
        return std::nullopt;
    }
    return std::min(range.end, t + (range.end - range.start) * dt / seconds);
}

} // namespace hitlab
