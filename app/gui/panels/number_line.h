// The Query inspector's t number line for slab methods: where each slab's interval, the running
// intersection and the allowed range sit on one shared t axis, step by step. GL-free: positions
// are fractions of the line's width, so the panel only multiplies by pixels and tests read them.
#pragma once

#include "core/algorithm.h"
#include "core/text.h"
#include "core/trace.h"

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
NumberLineLayout LayOutNumberLine(const Trace& trace, const AlgorithmInfo& algorithm, int step);

} // namespace hitlab
