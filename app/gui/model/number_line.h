// The Query inspector's t number line for slab methods: where each slab's interval, the running
// intersection and the allowed range sit on one shared t axis, step by step. GL-free: positions
// are fractions of the line's width, so the panel only multiplies by pixels and tests read them.
#pragma once

#include "core/algorithm.h"
#include "core/text.h"
#include "core/trace.h"

#include <functional>
#include <string>
#include <vector>

namespace hitlab {

/// One slab step of the trace, placed on the line. Fractions are in [0, 1] (0: left end).
struct NumberLineRow {
    int step = 0;                 ///< index of the step in the trace
    int axis = 0;                 ///< 0, 1, 2: x, y, z (box-local for an oriented box)
    bool parallel = false;        ///< the direction has no component along the axis
    bool originInside = false;    ///< parallel only: the origin lies between the slab's planes
    bool rejected = false;        ///< the method rejects the ray at this slab (SlabPart::rejected)
    bool empty = false;           ///< the running interval is empty after this slab (SlabEmpty)
    double tNear = 0, tFar = 0;   ///< the slab's interval (tNear may exceed tFar for a published variant)
    double tEnter = 0, tExit = 0; ///< running intersection after this slab
    float nearX = 0, farX = 0;    ///< fractions of the slab's interval (parallel and inside: 0 and 1)
    float enterX = 0, exitX = 0;  ///< fractions of the running intersection
    std::string label;            ///< SlabLabel: "x slab", "y slab: parallel, origin outside"
    std::string interval;         ///< SlabIntervalText: "[1, 1.5]", "empty: 1.5 > 1"
};

/// The number line of a slab trace up to a step.
struct NumberLineLayout {
    double tMin = 0, tMax = 1;           ///< the visible t range
    double allowedLo = 0, allowedHi = 0; ///< the allowed range (+inf when unbounded)
    float allowedLoX = 0, allowedHiX = 1;
    std::vector<NumberLineRow> rows; ///< slab steps up to the current step, in trace order
    bool empty = false;              ///< the running intersection is empty at the current step
    int decidingRow = -1;            ///< the row where the running intersection first became empty, -1 if none
    std::string sentence; ///< the current step in one plain sentence; once empty, the deciding row's miss sentence
                          ///< (SlabMissSentence, the same one the trace's verdict uses)

    /// Fraction of t on the line: clamped to [0, 1], -inf at 0 and +inf at 1.
    float X(double t) const;
};

/// Whether the trace has slab steps (a slab method's trace).
bool IsSlabTrace(const Trace& trace);

/// The allowed t range an algorithm declares (its t_range convention): [0, inf) for rays,
/// [0, 1] for segments, everything for "any t".
void AllowedRange(const AlgorithmInfo& algorithm, double& lo, double& hi);

/// Lays out the slab steps of `trace` up to and including `step` (-1: all steps). The visible range
/// covers every finite t of the whole trace (so the line does not rescale while stepping), the
/// allowed range and 0, with a margin.
/// `rangeAlso` (may be null): a second trace whose t values the visible range covers too, so two
/// number lines drawn one above the other share one t axis.
NumberLineLayout LayOutNumberLine(const Trace& trace, const AlgorithmInfo& algorithm, int step,
                                  const Trace* rangeAlso = nullptr);

/// The Query inspector's side by side view: the drawn and the compared algorithm's number lines on
/// one t range, each up to `step` (-1: all; the compared trace's clamped to its last step).
struct ComparedNumberLines {
    NumberLineLayout drawn, compared;
    int comparedStep = -1; ///< the compared trace's step shown (-1: all)
};
ComparedNumberLines LayOutComparedNumberLines(const Trace& drawn, const AlgorithmInfo& drawnAlgorithm,
                                              const Trace& compared, const AlgorithmInfo& comparedAlgorithm, int step);

/// The algorithms the Query inspector offers to compare with `drawn`: the family's others, in the
/// registry's order.
std::vector<const AlgorithmInfo*> ComparableAlgorithms(const AlgorithmInfo& drawn);

/// One tick of the number line's t axis, as a fraction of the line's width.
struct NumberLineTick {
    double t = 0;
    float x = 0;       ///< fraction of the width
    std::string label; ///< ShortNumber(t); empty when the label was dropped to avoid an overlap
    float labelX = 0;  ///< the label's left edge in pixels from the line's left end (centred on the tick)
    float labelW = 0;  ///< the label's width in pixels
};

/// Ticks of a line `width` pixels wide showing [tMin, tMax]: at multiples of a 1, 2 or 5 times a
/// power of ten, about 70 pixels apart. Every tick is kept; labels are centred on their tick, and
/// thinned (every 2nd, then every 5th, 10th... label kept, always the one at t = 0 among them) until
/// each is `gap` pixels clear of its neighbours and inside [0, width]. A negative number's minus is
/// part of its measured width, so it never touches the label before it. `textWidth`: a label's
/// width in pixels.
std::vector<NumberLineTick> LayOutTicks(double tMin, double tMax, float width,
                                        const std::function<float(const std::string&)>& textWidth, float gap);

} // namespace hitlab
