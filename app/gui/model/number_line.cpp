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

NumberLineLayout LayOutNumberLine(const Trace& trace, const AlgorithmInfo& algorithm, int step, const Trace* rangeAlso)
{
    NumberLineLayout layout;
    AllowedRange(algorithm, layout.allowedLo, layout.allowedHi);
    // the visible range: every finite t of the whole trace, 0 and the finite allowed bounds
    double lo = 0.0, hi = std::isfinite(layout.allowedHi) ? layout.allowedHi : 1.0;
    for (const Trace* t : {&trace, rangeAlso}) {
        if (t == nullptr) {
            continue;
        }
        for (const TraceStep& s : t->steps) {
            if (const auto* slab = std::get_if<SlabPart>(&s.part)) {
                for (double v : {slab->tNear, slab->tFar, slab->tEnter, slab->tExit}) {
                    if (std::isfinite(v)) {
                        lo = std::min(lo, v);
                        hi = std::max(hi, v);
                    }
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

ComparedNumberLines LayOutComparedNumberLines(const Trace& drawn, const AlgorithmInfo& drawnAlgorithm,
                                              const Trace& compared, const AlgorithmInfo& comparedAlgorithm, int step)
{
    ComparedNumberLines lines;
    lines.comparedStep = step < 0 || compared.steps.empty() ? -1 : std::min(step, int(compared.steps.size()) - 1);
    lines.drawn = LayOutNumberLine(drawn, drawnAlgorithm, step, &compared);
    lines.compared = LayOutNumberLine(compared, comparedAlgorithm, lines.comparedStep, &drawn);
    // the two allowed ranges may differ (a segment and a ray are not compared): one t axis for both
    const double lo = std::min(lines.drawn.tMin, lines.compared.tMin),
                 hi = std::max(lines.drawn.tMax, lines.compared.tMax);
    for (NumberLineLayout* l : {&lines.drawn, &lines.compared}) {
        if (l->tMin != lo || l->tMax != hi) {
            l->tMin = lo;
            l->tMax = hi;
            l->allowedLoX = l->X(l->allowedLo);
            l->allowedHiX = l->X(l->allowedHi);
            for (NumberLineRow& row : l->rows) {
                if (!row.parallel) {
                    row.nearX = l->X(std::min(row.tNear, row.tFar));
                    row.farX = l->X(std::max(row.tNear, row.tFar));
                }
                row.enterX = l->X(row.tEnter);
                row.exitX = l->X(row.tExit);
            }
        }
    }
    return lines;
}

std::vector<const AlgorithmInfo*> ComparableAlgorithms(const AlgorithmInfo& drawn)
{
    std::vector<const AlgorithmInfo*> out;
    for (const AlgorithmInfo* a : AlgorithmsOf(drawn.family)) {
        if (a != &drawn && a->name != drawn.name) {
            out.push_back(a);
        }
    }
    return out;
}

std::vector<NumberLineTick> LayOutTicks(double tMin, double tMax, float width,
                                        const std::function<float(const std::string&)>& textWidth, float gap)
{
    std::vector<NumberLineTick> ticks;
    if (!(tMax > tMin) || !std::isfinite(tMin) || !std::isfinite(tMax) || !(width > 0.0f)) {
        return ticks;
    }
    // the spacing: the smallest 1, 2 or 5 times a power of ten at least 70 pixels wide
    const double rough = (tMax - tMin) * 70.0 / double(width);
    const double power = std::pow(10.0, std::floor(std::log10(rough)));
    double step = power * 10.0;
    for (double m : {1.0, 2.0, 5.0}) {
        if (power * m >= rough) {
            step = power * m;
            break;
        }
    }
    const long first = long(std::ceil(tMin / step)), last = long(std::floor(tMax / step));
    for (long k = first; k <= last && ticks.size() < 1000; ++k) {
        NumberLineTick tick;
        tick.t = double(k) * step;
        tick.x = float((tick.t - tMin) / (tMax - tMin));
        tick.label = ShortNumber(tick.t);
        tick.labelW = textWidth(tick.label);
        tick.labelX = tick.x * width - tick.labelW * 0.5f;
        ticks.push_back(std::move(tick));
    }
    // thin: keep the labels of ticks whose index (counted from t = 0) is a multiple of `every`
    auto fits = [&](long every) {
        float right = -1e30f;
        for (size_t i = 0; i < ticks.size(); ++i) {
            if ((first + long(i)) % every != 0) {
                continue;
            }
            const NumberLineTick& t = ticks[i];
            if (t.labelX < 0.0f || t.labelX + t.labelW > width) {
                continue; // dropped at the ends anyway
            }
            if (t.labelX < right + gap) {
                return false;
            }
            right = t.labelX + t.labelW;
        }
        return true;
    };
    long every = 1;
    for (long m : {1L, 2L, 5L, 10L, 20L, 50L, 100L, 200L, 500L, 1000L}) {
        every = m;
        if (fits(m)) {
            break;
        }
    }
    for (size_t i = 0; i < ticks.size(); ++i) {
        NumberLineTick& t = ticks[i];
        if ((first + long(i)) % every != 0 || t.labelX < 0.0f || t.labelX + t.labelW > width) {
            t.label.clear();
        }
    }
    return ticks;
}

} // namespace hitlab
