// Trace helpers.
#include "trace.h"

#include "text.h"

#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace hitlab {

void Trace::Clear()
{
    steps.clear();
    decidingStep = -1;
    verdict.clear();
}

int Trace::Add(std::string caption, std::vector<TraceValue> values, TracePart part)
{
    steps.push_back(TraceStep{std::move(caption), std::move(values), std::move(part)});
    return static_cast<int>(steps.size()) - 1;
}

std::string Format(const char* fmt, ...)
{
    char buffer[512];
    va_list args;
    va_start(args, fmt);
    const int n = std::vsnprintf(buffer, sizeof buffer, fmt, args);
    va_end(args);
    if (n < 0) {
        return {};
    }
    return std::string(buffer, static_cast<size_t>(n) < sizeof buffer ? static_cast<size_t>(n) : sizeof buffer - 1);
}

void LinkSlabSources(const Trace& trace, SlabPart& part)
{
    const SlabPart* previous = nullptr;
    for (auto it = trace.steps.rbegin(); it != trace.steps.rend() && previous == nullptr; ++it) {
        previous = std::get_if<SlabPart>(&it->part);
    }
    const int enterBy = previous != nullptr ? previous->enterBy : -1;
    const int exitBy = previous != nullptr ? previous->exitBy : -1;
    // without a previous slab the running interval started at the allowed range (or +-inf)
    const bool enterMoved = previous != nullptr ? part.tEnter != previous->tEnter : part.tEnter == part.tNear;
    const bool exitMoved = previous != nullptr ? part.tExit != previous->tExit : part.tExit == part.tFar;
    part.enterBy = enterMoved && part.tEnter == part.tNear ? part.axis : enterBy;
    part.exitBy = exitMoved && part.tExit == part.tFar ? part.axis : exitBy;
}

bool SlabEmpty(const SlabPart& part) { return part.rejected || !(part.tEnter <= part.tExit); }

std::string SlabLabel(const SlabPart& part)
{
    std::string label = std::string(AxisName(part.axis)) + " slab";
    if (part.parallel) {
        label += part.originInside ? ": parallel, inside" : ": parallel, outside";
        if (part.rejected && part.originInside) {
            label += ", rejected"; // short: the label column sets where the line starts
        }
    }
    return label;
}

std::string SlabIntervalText(const SlabPart& part)
{
    if (part.rejected) {
        // short: drawn inside the number line
        return part.originInside ? "rejected: parallel test" : "empty: origin outside";
    }
    if (std::isnan(part.tEnter) || std::isnan(part.tExit)) {
        return "empty: a t is NaN";
    }
    // digits enough to tell the two apart (0.50000006 > 0.49999997, never "0.5 > 0.5")
    const int d = DistinctDigits(part.tEnter, part.tExit);
    if (SlabEmpty(part)) {
        return d > 6 ? Format("empty: %.*g > %.*g", d, part.tEnter, d, part.tExit)
                     : "empty: " + ShortNumber(part.tEnter) + " > " + ShortNumber(part.tExit);
    }
    return "[" + ShortNumber(part.tEnter) + ", " + ShortNumber(part.tExit) + "]";
}

std::string SlabMissSentence(const SlabPart& p, const char* noun, double lo, double hi)
{
    const char* axis = AxisName(p.axis);
    if (p.parallel && !p.originInside) {
        return Format("miss: the %s is parallel to the %s slab and its origin lies outside it", noun, axis);
    }
    if (p.rejected) {
        return Format("miss: the %s is parallel to the %s slab with its origin inside it, but the method's parallel "
                      "test rejects it",
                      noun, axis);
    }
    if (std::isnan(p.tEnter) || std::isnan(p.tExit) || std::isnan(p.tNear) || std::isnan(p.tFar)) {
        return Format("miss: the %s slab's t is NaN (0 * inf or 0 / 0), and the method drops the ray", axis);
    }
    const int d = DistinctDigits(p.tEnter, p.tExit);
    const char* exitSlab = p.exitBy >= 0 ? AxisName(p.exitBy) : nullptr;
    const char* enterSlab = p.enterBy >= 0 ? AxisName(p.enterBy) : nullptr;
    // the box ends before the allowed range starts: it is behind, whichever slab came later
    if (exitSlab != nullptr && p.tExit < lo) {
        return Format("miss: the box is behind the %s: it leaves the %s slab at t = %.*g, before t = %.*g", noun,
                      exitSlab, d, p.tExit, d, lo);
    }
    // the box starts after the allowed range ends: beyond the segment's end
    if (enterSlab != nullptr && p.tEnter > hi) {
        return Format("miss: the %s ends at t = %.*g before it enters the %s slab at t = %.*g", noun, d, hi, enterSlab,
                      d, p.tEnter);
    }
    if (exitSlab == nullptr) {
        return Format("miss: the %s ends at t = %.*g before it enters the %s slab at t = %.*g", noun, d, p.tExit,
                      enterSlab != nullptr ? enterSlab : axis, d, p.tEnter);
    }
    if (enterSlab == nullptr) {
        return Format("miss: the box is behind the %s: it leaves the %s slab at t = %.*g, before t = %.*g", noun,
                      exitSlab, d, p.tExit, d, p.tEnter);
    }
    return Format("miss: the %s leaves the %s slab at t = %.*g before it enters the %s slab at t = %.*g", noun,
                  exitSlab, d, p.tExit, enterSlab, d, p.tEnter);
}

int DistinctDigits(double a, double b)
{
    if (!(a != b)) {
        return 6; // equal, or NaN
    }
    for (int digits = 6; digits < 17; ++digits) {
        char ta[40], tb[40];
        std::snprintf(ta, sizeof ta, "%.*g", digits, a);
        std::snprintf(tb, sizeof tb, "%.*g", digits, b);
        if (std::strcmp(ta, tb) != 0) {
            return digits;
        }
    }
    return 17; // enough for any two doubles
}

} // namespace hitlab
