// aabb_triangle and triangle_triangle in the exact judge: the separating axis theorem over a
// candidate axis set that stays complete for coplanar and degenerate shapes
// (exact_triangle_geometry.h), exactly and over intervals; the depth, the least overlap / |axis|.
#include "exact_triangle.h"

#include "exact_triangle_geometry.h"
#include "exact_values.h"

namespace hitlab::exact {

namespace {

/// The overlap of the two shapes' projections on every axis (< 0: the axis separates them).
template <typename N, typename RangeA, typename RangeB>
std::vector<N> Overlaps(const std::vector<V3<N>>& axes, RangeA rangeA, RangeB rangeB)
{
    std::vector<N> overlaps;
    overlaps.reserve(axes.size());
    for (const V3<N>& l : axes) {
        overlaps.push_back(RangeOverlap(rangeA(l), rangeB(l)));
    }
    return overlaps;
}

/// The verdict and depth from the overlaps: hit when no axis separates; depth, the least
/// overlap / |axis| over the nonzero axes (0 when the shapes only touch or their Minkowski
/// difference is flat; exact when that axis' length is rational, else 256 bits).
void SetSatResult(ExactResult& r, const std::vector<V3<Q>>& axes, const std::vector<Q>& overlaps)
{
    r.hit = true;
    for (const Q& o : overlaps) {
        if (sgn(o) < 0) {
            r.hit = false;
            return;
        }
    }
    std::optional<mpf_class> best;
    std::optional<Q> bestRational;
    for (size_t k = 0; k < axes.size(); ++k) {
        const Q len2 = Dot(axes[k], axes[k]);
        if (sgn(len2) == 0) {
            continue; // parallel edges, or a degenerate triangle's normal: no axis
        }
        if (sgn(overlaps[k]) == 0) { // touching along this axis: depth 0, exactly
            best = mpf_class(0, kSqrtBits);
            bestRational = Q(0);
            break;
        }
        mpf_class d(0, kSqrtBits);
        d = Real(overlaps[k]) / sqrt(Real(len2));
        if (!best || d < *best) {
            best = d;
            bestRational.reset();
            if (const auto root = RationalSqrt(len2)) {
                bestRational = Q(overlaps[k] / *root);
            }
        }
    }
    if (!best) { // every axis zero: both shapes are one point
        bestRational = Q(0);
    }
    r.depth = bestRational ? FromRational(*bestRational) : FromReal(*best);
    r.exactDepth = bestRational.has_value();
}

/// The interval verdict: a miss when some axis certainly separates (whatever the others), a hit
/// when every overlap is certainly >= 0, else g_uncertain.
bool IntervalSatHit(const std::vector<Interval>& overlaps)
{
    const bool before = g_uncertain;
    bool uncertain = false;
    for (const Interval& o : overlaps) {
        g_uncertain = false;
        const int s = Sign(o);
        if (!g_uncertain && s < 0) {
            g_uncertain = before;
            return false;
        }
        uncertain = uncertain || g_uncertain;
    }
    g_uncertain = before || uncertain;
    return true;
}

template <typename N>
std::vector<N> BoxTriangleOverlaps(const Aabb<double>& box, const Tri<N>& v, const std::vector<V3<N>>& axes)
{
    return Overlaps<N>(
        axes, [&box](const V3<N>& l) { return BoxRange(box, l); },
        [&v](const V3<N>& l) { return TriangleRange(v, l); });
}

template <typename N>
std::vector<N> TriangleTriangleOverlaps(const Tri<N>& a, const Tri<N>& b, const std::vector<V3<N>>& axes)
{
    return Overlaps<N>(
        axes, [&a](const V3<N>& l) { return TriangleRange(a, l); },
        [&b](const V3<N>& l) { return TriangleRange(b, l); });
}

} // namespace

void JudgeBoxTriangle(ExactResult& r, const Aabb<double>& box, const Triangle<double>& triangle)
{
    const Tri<Q> v = LiftTriangle<Q>(triangle);
    const std::vector<V3<Q>> axes = BoxTriangleAxes(box, v);
    SetSatResult(r, axes, BoxTriangleOverlaps(box, v, axes));
}

void JudgeTriangles(ExactResult& r, const Triangle<double>& a, const Triangle<double>& b)
{
    const Tri<Q> ta = LiftTriangle<Q>(a), tb = LiftTriangle<Q>(b);
    const std::vector<V3<Q>> axes = TriangleTriangleAxes(ta, tb);
    SetSatResult(r, axes, TriangleTriangleOverlaps(ta, tb, axes));
}

bool IntervalBoxTriangleHit(const Aabb<double>& box, const Triangle<double>& triangle)
{
    const Tri<Interval> v = LiftTriangle<Interval>(triangle);
    return IntervalSatHit(BoxTriangleOverlaps(box, v, BoxTriangleAxes(box, v)));
}

bool IntervalTrianglesHit(const Triangle<double>& a, const Triangle<double>& b)
{
    const Tri<Interval> ta = LiftTriangle<Interval>(a), tb = LiftTriangle<Interval>(b);
    return IntervalSatHit(TriangleTriangleOverlaps(ta, tb, TriangleTriangleAxes(ta, tb)));
}

} // namespace hitlab::exact
