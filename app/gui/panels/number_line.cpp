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

std::string Sentence(const NumberLineLayout& layout, const SlabPart* deciding, const char* noun)
{
    if (layout.rows.empty()) {
        return "";
    }
    if (deciding != nullptr) {
        return SlabMissSentence(*deciding, noun, layout.allowedLo, layout.allowedHi);
    }
    const NumberLineRow& row = layout.rows.back();
    const std::string slab = std::string(AxisName(row.axis)) + " slab";
    const std::string head = row.parallel ? "the " + std::string(noun) + " runs parallel to the " + slab +
                                                " inside it: every t is in the slab"
                                          : "the " + slab + " holds t in " + Interval(row.tNear, row.tFar);
    return head + "; the " + noun + " is inside every slab so far for t in " + Interval(row.tEnter, row.tExit);
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

    const SlabPart* deciding = nullptr; // the first slab after which the running interval is empty
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
            row.farX = slab->originInside ? 1.0f : 0.0f; // every t, or none
        } else {
            row.nearX = layout.X(std::min(slab->tNear, slab->tFar));
            row.farX = layout.X(std::max(slab->tNear, slab->tFar));
        }
        row.enterX = layout.X(slab->tEnter);
        row.exitX = layout.X(slab->tExit);
        row.rejected = slab->rejected;
        row.empty = SlabEmpty(*slab);
        row.label = SlabLabel(*slab);
        row.interval = SlabIntervalText(*slab);
        if (row.empty && deciding == nullptr) {
            deciding = slab;
            layout.decidingRow = int(layout.rows.size());
        }
        layout.rows.push_back(std::move(row));
    }
    layout.empty = deciding != nullptr;
    layout.sentence = Sentence(layout, deciding, algorithm.family == Family::SegmentAabb ? "segment" : "ray");
    return layout;
}

} // namespace hitlab
