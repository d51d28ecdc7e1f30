// aabb_triangle and triangle_triangle in the exact judge: the separating axis theorem over a
// candidate axis set that stays complete for coplanar and degenerate shapes
// (exact_triangle_geometry.h), exactly and over intervals; the depth, the least overlap / |axis|.
#include "exact_triangle.h"

#include "exact_triangle_geometry.h"
#include "exact_values.h"

#include "core/convex_hull.h"

#include <algorithm>
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
            if (IsZero(l)) { // no axis (SetDepth skips it)
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

/// Whether no axis separates (every overlap >= 0).
bool NoneSeparates(const std::vector<Q>& overlaps)
{
    return std::none_of(overlaps.begin(), overlaps.end(), [](const Q& o) { return sgn(o) < 0; });
}

/// The depth of shapes that overlap: 0 when the difference is flat (not solid), else the least overlap / |axis| over
/// the facet axes (the face normals and edge crosses, among which are the facet normals of the Minkowski difference,
/// and no other axis gives less); exact when that axis' length is rational, else 256 bits.
void SetDepthSolid(ExactResult& r, const std::vector<V3<Q>>& axes, const std::vector<Q>& overlaps, bool solid)
{
    if (!solid) {
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
    if (!best) { // no axis at all (cannot happen when the edges span space)
        bestRational = Q(0);
    }
    r.depth = bestRational ? FromRational(*bestRational) : FromReal(*best);
    r.exactDepth = bestRational.has_value();
}

void SetDepth(ExactResult& r, const std::vector<V3<Q>>& axes, const std::vector<Q>& overlaps,
              const std::vector<V3<Q>>& dirs)
{
    SetDepthSolid(r, axes, overlaps, SpansSpace(dirs));
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

/// Two hulls' candidate axes: the facet axes (face normals, edge crosses) when their vertices span
/// space (complete then: a solid difference's facets are among them, and hulls in distinct
/// parallel planes are parted by a face normal or an edge cross), else the complete flat set.
template <typename N>
std::vector<V3<N>> ConvexAxes(const ConvexHull& a, const ConvexHull& b, bool spansSpace, bool facetsOnly)
{
    std::vector<V3<N>> normals, edgesA, edgesB;
    for (const ConvexHull* h : {&a, &b}) {
        const size_t faces = h->kind == HullKind::Polyhedron ? h->triangles.size() : h->triangles.empty() ? 0 : 1;
        for (size_t k = 0; k < faces; ++k) {
            const auto& t = h->triangles[k];
            const V3<N> v0 = Lift<N>(h->vertices[t[0]]);
            normals.push_back(Cross(Sub(Lift<N>(h->vertices[t[1]]), v0), Sub(Lift<N>(h->vertices[t[2]]), v0)));
        }
        for (const auto& e : h->edges) {
            (h == &a ? edgesA : edgesB).push_back(Sub(Lift<N>(h->vertices[e[1]]), Lift<N>(h->vertices[e[0]])));
        }
    }
    if (spansSpace || facetsOnly) {
        std::vector<V3<N>> axes = normals;
        for (const V3<N>& e : edgesA) {
            for (const V3<N>& f : edgesB) {
                axes.push_back(Cross(e, f));
            }
        }
        return axes;
    }
    return CandidateAxes(normals, edgesA, edgesB, Sub(Lift<N>(a.vertices[0]), Lift<N>(b.vertices[0])));
}

template <typename N>
std::pair<N, N> HullRange(const ConvexHull& h, const V3<N>& l)
{
    N lo = Dot(Lift<N>(h.vertices[0]), l), hi = lo;
    for (const glm::dvec3& v : h.vertices) {
        const N p = Dot(Lift<N>(v), l);
        lo = Min(lo, p);
        hi = Max(hi, p);
    }
    return {lo, hi};
}

template <typename N>
std::vector<N> ConvexOverlaps(const ConvexHull& a, const ConvexHull& b, const std::vector<V3<N>>& axes)
{
    return Overlaps<N>(
        axes, [&a](const V3<N>& l) { return HullRange(a, l); }, [&b](const V3<N>& l) { return HullRange(b, l); });
}

/// Whether the vertices of both hulls span space (exact orientation signs in double).
bool HullsSpanSpace(const ConvexHull& a, const ConvexHull& b)
{
    std::vector<glm::dvec3> u = a.vertices;
    u.insert(u.end(), b.vertices.begin(), b.vertices.end());
    return BuildConvexHull(u).kind == HullKind::Polyhedron;
}

/// The interval verdict when every sign it needs is certain.
template <typename F>
std::optional<bool> CertainVerdict(F intervalHit)
{
    const bool before = g_uncertain;
    g_uncertain = false;
    const bool hit = intervalHit();
    const bool certain = !g_uncertain;
    g_uncertain = before;
    return certain ? std::optional<bool>(hit) : std::nullopt;
}

} // namespace

// Both judges: the verdict from intervals when they are certain, else from the rational overlaps
// on the complete candidate set; the depth from the facet axes alone.

void JudgeBoxTriangle(ExactResult& r, const Aabb<double>& box, const Triangle<double>& triangle)
{
    const auto verdict = CertainVerdict([&] { return IntervalBoxTriangleHit(box, triangle); });
    const Tri<Q> v = LiftTriangle<Q>(triangle);
    r.hit = verdict ? *verdict : NoneSeparates(BoxTriangleOverlaps(box, v, BoxTriangleAxes(box, v)));
    if (!r.hit) {
        return;
    }
    std::vector<V3<Q>> dirs = TriangleSides(v);
    for (int i = 0; i < 3; ++i) {
        V3<Q> side{Q(0), Q(0), Q(0)};
        side[size_t(i)] = Q(box.max[i]) - Q(box.min[i]);
        dirs.push_back(side);
    }
    const std::vector<V3<Q>> facets = BoxTriangleFacetAxes(v);
    SetDepth(r, facets, BoxTriangleOverlaps(box, v, facets), dirs);
}

void JudgeTriangles(ExactResult& r, const Triangle<double>& a, const Triangle<double>& b)
{
    const auto verdict = CertainVerdict([&] { return IntervalTrianglesHit(a, b); });
    const Tri<Q> ta = LiftTriangle<Q>(a), tb = LiftTriangle<Q>(b);
    r.hit = verdict ? *verdict : NoneSeparates(TriangleTriangleOverlaps(ta, tb, TriangleTriangleAxes(ta, tb)));
    if (!r.hit) {
        return;
    }
    std::vector<V3<Q>> dirs = TriangleSides(ta);
    for (const V3<Q>& side : TriangleSides(tb)) {
        dirs.push_back(side);
    }
    const std::vector<V3<Q>> facets = TriangleTriangleFacetAxes(ta, tb);
    SetDepth(r, facets, TriangleTriangleOverlaps(ta, tb, facets), dirs);
}

bool IntervalBoxTriangleHit(const Aabb<double>& box, const Triangle<double>& triangle)
{
    const Tri<Interval> v = LiftTriangle<Interval>(triangle);
    return IntervalSatHit(BoxTriangleOverlaps(box, v, BoxTriangleAxes(box, v)));
}

void JudgeConvexes(ExactResult& r, const std::vector<glm::dvec3>& a, const std::vector<glm::dvec3>& b)
{
    const ConvexHull ha = BuildConvexHull(a), hb = BuildConvexHull(b);
    if (ha.kind == HullKind::Empty || hb.kind == HullKind::Empty) {
        r.valid = false;
        r.note = "a convex shape without points";
        return;
    }
    const bool solid = HullsSpanSpace(ha, hb);
    const auto verdict = CertainVerdict(
        [&] { return IntervalSatHit(ConvexOverlaps<Interval>(ha, hb, ConvexAxes<Interval>(ha, hb, solid, false))); });
    r.hit = verdict ? *verdict : NoneSeparates(ConvexOverlaps<Q>(ha, hb, ConvexAxes<Q>(ha, hb, solid, false)));
    if (!r.hit) {
        return;
    }
    const std::vector<V3<Q>> facets = ConvexAxes<Q>(ha, hb, solid, true);
    SetDepthSolid(r, facets, ConvexOverlaps<Q>(ha, hb, facets), solid);
}

bool IntervalConvexesHit(const std::vector<glm::dvec3>& a, const std::vector<glm::dvec3>& b)
{
    const ConvexHull ha = BuildConvexHull(a), hb = BuildConvexHull(b);
    if (ha.kind == HullKind::Empty || hb.kind == HullKind::Empty) {
        g_uncertain = true;
        return false;
    }
    const bool solid = HullsSpanSpace(ha, hb);
    return IntervalSatHit(ConvexOverlaps<Interval>(ha, hb, ConvexAxes<Interval>(ha, hb, solid, false)));
}

bool IntervalTrianglesHit(const Triangle<double>& a, const Triangle<double>& b)
{
    const Tri<Interval> ta = LiftTriangle<Interval>(a), tb = LiftTriangle<Interval>(b);
    return IntervalSatHit(TriangleTriangleOverlaps(ta, tb, TriangleTriangleAxes(ta, tb)));
}

} // namespace hitlab::exact
