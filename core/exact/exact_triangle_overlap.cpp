// aabb_triangle and triangle_triangle in the exact judge: the separating axis theorem over a
// candidate axis set that stays complete for coplanar and degenerate shapes
// (exact_triangle_geometry.h), exactly and over intervals; the depth, the least overlap / |axis|.
#include "exact_triangle.h"

#include "exact_triangle_geometry.h"
#include "exact_values.h"

#include <type_traits>

namespace hitlab::exact {

namespace {

/// The overlap of the two shapes' projections on every axis (< 0: the axis separates them).
template <typename N, typename RangeA, typename RangeB>
std::vector<N> Overlaps(const std::vector<V3<N>>& axes, RangeA rangeA, RangeB rangeB)
{
    std::vector<N> overlaps;
    overlaps.reserve(axes.size());
    for (const V3<N>& l : axes) {
        if constexpr (std::is_same_v<N, Q>) {
            if (IsZero(l)) { // no axis (SetSatResult skips it)
                overlaps.push_back(Q(0));
                continue;
            }
        }
        overlaps.push_back(RangeOverlap(rangeA(l), rangeB(l)));
    }
    return overlaps;
}

/// Whether the directions span space: the Minkowski difference of two shapes is a solid exactly
/// when their edge directions do (else it is flat, and every point of it is on its boundary).
bool SpansSpace(const std::vector<V3<Q>>& dirs)
{
    for (size_t i = 0; i < dirs.size(); ++i) {
        for (size_t j = i + 1; j < dirs.size(); ++j) {
            const V3<Q> c = Cross(dirs[i], dirs[j]);
            for (size_t k = j + 1; k < dirs.size(); ++k) {
                if (sgn(Dot(c, dirs[k])) != 0) {
                    return true;
                }
            }
        }
    }
    return false;
}

/// The verdict and depth from the overlaps: hit when no axis separates; depth, the least
/// overlap / |axis| over the nonzero axes, the facet normals of the Minkowski difference among
/// them (exact when that axis' length is rational, else 256 bits); 0 when the shapes only touch,
/// or when the difference is flat (dirs, the shapes' edge vectors, do not span space).
void SetSatResult(ExactResult& r, const std::vector<V3<Q>>& axes, const std::vector<Q>& overlaps,
                  const std::vector<V3<Q>>& dirs)
{
    r.hit = true;
    for (const Q& o : overlaps) {
        if (sgn(o) < 0) {
            r.hit = false;
            return;
        }
    }
    if (!SpansSpace(dirs)) {
        r.depth = FromRational(Q(0));
        r.exactDepth = true;
        return;
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

/// Whether intervals prove a miss (then the rationals are not needed).
template <typename F>
bool CertainMiss(F intervalHit)
{
    const bool before = g_uncertain;
    g_uncertain = false;
    const bool hit = intervalHit();
    const bool miss = !g_uncertain && !hit;
    g_uncertain = before;
    return miss;
}

} // namespace

void JudgeBoxTriangle(ExactResult& r, const Aabb<double>& box, const Triangle<double>& triangle)
{
    if (CertainMiss([&] { return IntervalBoxTriangleHit(box, triangle); })) {
        r.hit = false;
        return;
    }
    const Tri<Q> v = LiftTriangle<Q>(triangle);
    const std::vector<V3<Q>> axes = BoxTriangleAxes(box, v);
    std::vector<V3<Q>> dirs = TriangleSides(v);
    for (int i = 0; i < 3; ++i) {
        V3<Q> side{Q(0), Q(0), Q(0)};
        side[size_t(i)] = Q(box.max[i]) - Q(box.min[i]);
        dirs.push_back(side);
    }
    SetSatResult(r, axes, BoxTriangleOverlaps(box, v, axes), dirs);
}

void JudgeTriangles(ExactResult& r, const Triangle<double>& a, const Triangle<double>& b)
{
    if (CertainMiss([&] { return IntervalTrianglesHit(a, b); })) {
        r.hit = false;
        return;
    }
    const Tri<Q> ta = LiftTriangle<Q>(a), tb = LiftTriangle<Q>(b);
    const std::vector<V3<Q>> axes = TriangleTriangleAxes(ta, tb);
    std::vector<V3<Q>> dirs = TriangleSides(ta);
    for (const V3<Q>& side : TriangleSides(tb)) {
        dirs.push_back(side);
    }
    SetSatResult(r, axes, TriangleTriangleOverlaps(ta, tb, axes), dirs);
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
