// The slab number line: placing intervals on a shared t axis and saying the current step.
#include "number_line.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace hitlab {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::string Interval(double lo, double hi) { return "[" + ShortNumber(lo) + ", " + ShortNumber(hi) + "]"; }

/// Who set the running interval's end: the slab whose far (or near) value it equals, else the range.
std::string Source(const NumberLineLayout& layout, double t, bool far)
{
    for (const NumberLineRow& row : layout.rows) {
        if (!row.parallel && (far ? row.tFar : row.tNear) == t) {
            return std::string(far ? "leaves the " : "enters the ") + AxisName(row.axis) +
                   " slab at t = " + ShortNumber(t);
        }
    }
    if (far) {
        return "reaches the end of its allowed range at t = " + ShortNumber(t);
    }
    return "starts at t = " + ShortNumber(t);
}

std::string Sentence(const NumberLineLayout& layout)
{
    if (layout.rows.empty()) {
        return "";
    }
    const NumberLineRow& row = layout.rows.back();
    const std::string slab = std::string(AxisName(row.axis)) + " slab";
    if (row.parallel && !row.originInside) {
        return "miss: the ray runs parallel to the " + slab + " and starts outside it, so no t is inside";
    }
    std::string head = row.parallel ? "the ray runs parallel to the " + slab + " inside it: every t is in the slab"
                                    : "the " + slab + " holds t in " + Interval(row.tNear, row.tFar);
    if (layout.empty) {
        return "miss: the ray " + Source(layout, row.tExit, true) + " before it " + Source(layout, row.tEnter, false);
    }
    return head + "; the ray is inside every slab so far for t in " + Interval(row.tEnter, row.tExit);
}

} // namespace

float NumberLineLayout::X(double t) const
{
    if (std::isnan(t)) {
        return 0.0f;
    }
    const double f = (t - tMin) / (tMax - tMin);
    return float(std::clamp(f, 0.0, 1.0));
}

bool IsSlabTrace(const Trace& trace)
{
    return std::any_of(trace.steps.begin(), trace.steps.end(),
                       [](const TraceStep& s) { return std::holds_alternative<SlabPart>(s.part); });
}

void AllowedRange(const AlgorithmInfo& algorithm, double& lo, double& hi)
{
    const std::string_view range = algorithm.ConventionValue("t_range");
    lo = 0.0;
    hi = kInf;
    if (range == "0 <= t <= 1" || algorithm.family == Family::SegmentAabb) {
        hi = 1.0;
    } else if (range == "any t") {
        lo = -kInf;
    }
}

NumberLineLayout LayOutNumberLine(const Trace& trace, const AlgorithmInfo& algorithm, int step)
{
    NumberLineLayout layout;
    AllowedRange(algorithm, layout.allowedLo, layout.allowedHi);
    // the visible range: every finite t of the whole trace, 0 and the finite allowed bounds
    double lo = 0.0, hi = std::isfinite(layout.allowedHi) ? layout.allowedHi : 1.0;
    for (const TraceStep& s : trace.steps) {
        if (const auto* slab = std::get_if<SlabPart>(&s.part)) {
            for (double t : {slab->tNear, slab->tFar, slab->tEnter, slab->tExit}) {
                if (std::isfinite(t)) {
                    lo = std::min(lo, t);
                    hi = std::max(hi, t);
                }
            }
        }
    }
    const double margin = (hi - lo) * 0.08 + 1e-9;
    layout.tMin = lo - margin;
    layout.tMax = hi + margin;
    layout.allowedLoX = layout.X(layout.allowedLo);
    layout.allowedHiX = layout.X(layout.allowedHi);

    const int last = step < 0 ? int(trace.steps.size()) - 1 : std::min(step, int(trace.steps.size()) - 1);
    for (int i = 0; i <= last; ++i) {
        const auto* slab = std::get_if<SlabPart>(&trace.steps[size_t(i)].part);
        if (slab == nullptr) {
            continue;
        }
        NumberLineRow row;
        row.step = i;
        row.axis = slab->axis;
        row.parallel = slab->parallel;
        row.originInside = slab->originInside;
        row.tNear = slab->tNear;
        row.tFar = slab->tFar;
        row.tEnter = slab->tEnter;
        row.tExit = slab->tExit;
        if (slab->parallel) {
            row.nearX = 0.0f;
            row.farX = slab->originInside ? 1.0f : 0.0f;
        } else {
            row.nearX = layout.X(std::min(slab->tNear, slab->tFar));
            row.farX = layout.X(std::max(slab->tNear, slab->tFar));
        }
        row.enterX = layout.X(slab->tEnter);
        row.exitX = layout.X(slab->tExit);
        row.label = std::string(AxisName(slab->axis)) + " slab";
        if (slab->parallel) {
            row.label += slab->originInside ? ": parallel, inside" : ": parallel, outside";
        }
        layout.rows.push_back(std::move(row));
    }
    if (!layout.rows.empty()) {
        const NumberLineRow& cur = layout.rows.back();
        layout.empty = (cur.parallel && !cur.originInside) || !(cur.tEnter <= cur.tExit);
    }
    layout.sentence = Sentence(layout);
    return layout;
}

} // namespace hitlab
