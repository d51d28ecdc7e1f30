// The exact judge's triangle geometry, written once over a number type N (mpq_class: exact;
// Interval: outward-rounded, flags g_uncertain when a sign is not proven), as exact_geometry.h:
// a ray or segment against a closed triangle (orientation predicates), the squared distance from a
// point to a triangle, and the separating axes of a box or a triangle against a triangle.
// Internal to hitlab_exact.
#pragma once

#include "exact_geometry.h"

#include <vector>

namespace hitlab::exact {

/// The judge's exact numbers.
using Q = mpq_class;

template <typename N>
using Tri = std::array<V3<N>, 3>;

template <typename N>
Tri<N> LiftTriangle(const Triangle<double>& t)
{
    return {Lift<N>(t.vertices[0]), Lift<N>(t.vertices[1]), Lift<N>(t.vertices[2])};
}

template <typename N>
bool IsZero(const V3<N>& v)
{
    return Sign(v[0]) == 0 && Sign(v[1]) == 0 && Sign(v[2]) == 0;
}

// Minimum and maximum without a decision: exact for rationals, the hull of the candidates' bounds
// for intervals (so no sign is needed and nothing is flagged).
inline const mpq_class& Min(const mpq_class& a, const mpq_class& b) { return b < a ? b : a; }
inline const mpq_class& Max(const mpq_class& a, const mpq_class& b) { return a < b ? b : a; }
// (A NaN bound, from an overflow, stays NaN: fmin alone would drop it and narrow the result, and
// Sign must see it to flag the verdict uncertain.)
inline bool HasNan(const Interval& a, const Interval& b)
{
    return std::isnan(a.lo) || std::isnan(a.hi) || std::isnan(b.lo) || std::isnan(b.hi);
}
inline Interval Min(const Interval& a, const Interval& b)
{
    return HasNan(a, b) ? Interval(NAN) : Interval{std::fmin(a.lo, b.lo), std::fmin(a.hi, b.hi)};
}
inline Interval Max(const Interval& a, const Interval& b)
{
    return HasNan(a, b) ? Interval(NAN) : Interval{std::fmax(a.lo, b.lo), std::fmax(a.hi, b.hi)};
}

/// A ray (t >= 0) or segment (0 <= t <= 1) against one closed triangle.
template <typename N>
struct TriangleCast {
    bool hit = false;
    N tEnter, tExit;         ///< when hit: the least and greatest t on the triangle
    bool degenerate = false; ///< collinear vertices: the triangle is the segment or point they span
    bool inPlane = false;    ///< the line lies in the triangle's plane (n.d == 0, origin in the plane)
    int facing = 0;          ///< Sign(n.d): < 0 the ray arrives on the front (the winding normal's side)
    /// The hit crosses the triangle's relative interior, transversally, at a t strictly inside the
    /// allowed range: every small enough move of the inputs keeps it a hit.
    bool interior = false;
};

/// The squared distance from x to the closed segment [p, q] (a point when p == q).
template <typename N>
N PointSegmentDistance2(const V3<N>& x, const V3<N>& p, const V3<N>& q)
{
    const V3<N> e = Sub(q, p), w = Sub(x, p);
    const N ee = Dot(e, e), we = Dot(w, e);
    if (Sign(we) <= 0 || Sign(ee) == 0) { // before p
        return Dot(w, w);
    }
    if (Sign(N(we - ee)) >= 0) { // beyond q
        const V3<N> wq = Sub(x, q);
        return Dot(wq, wq);
    }
    return N(Dot(w, w) - N(we * we / ee)); // the foot inside: |w|^2 - (w.e)^2 / |e|^2
}

/// The line o + t d against the segment or point spanned by collinear vertices v (the longest of
/// the three sides spans them). Rational: t of the crossing, or the clipped t range when collinear.
template <typename N>
void CastSpan(const V3<N>& o, const V3<N>& d, const Tri<N>& v, bool segment, TriangleCast<N>& c)
{
    c.degenerate = true;
    const V3<N> s[3] = {Sub(v[1], v[0]), Sub(v[2], v[1]), Sub(v[0], v[2])};
    const N l[3] = {Dot(s[0], s[0]), Dot(s[1], s[1]), Dot(s[2], s[2])};
    int k = Sign(N(l[1] - l[0])) > 0 ? 1 : 0;
    k = Sign(N(l[2] - l[k])) > 0 ? 2 : k;
    const V3<N>& p = v[size_t(k)];
    const V3<N>& e = s[k];
    if (IsZero(d)) { // a segment of length 0 (a point): on the span for every t in [0, 1], or never
        c.hit = Sign(PointSegmentDistance2(o, p, v[size_t(k + 1) % 3])) == 0;
        c.tEnter = N(0.0);
        c.tExit = N(1.0);
        return;
    }
    const V3<N> w = Sub(p, o);
    const N dd = Dot(d, d);
    const V3<N> m = Cross(d, e);
    if (!IsZero(m)) { // lines not parallel: o + t d = p + s e where they meet (coplanar)
        if (Sign(Dot(w, m)) != 0) {
            return;
        }
        const N mm = Dot(m, m);
        const N tn = Dot(Cross(w, e), m);
        const N sn = Dot(Cross(w, d), m);
        if (Sign(sn) < 0 || Sign(N(mm - sn)) < 0 || Sign(tn) < 0 || (segment && Sign(N(mm - tn)) < 0)) {
            return;
        }
        c.hit = true;
        c.tEnter = tn / mm;
        c.tExit = c.tEnter;
        return;
    }
    if (!IsZero(Cross(w, d))) { // parallel lines apart (or a point off the line)
        return;
    }
    // on the line: the t range of the span [p, p + e], clipped to the ray's (segment's) range
    const N tp = Dot(w, d) / dd;
    const N tq = Dot(Sub(v[size_t(k + 1) % 3], o), d) / dd;
    const bool ordered = Sign(N(tq - tp)) >= 0;
    N lo = ordered ? tp : tq;
    N hi = ordered ? tq : tp;
    if (Sign(lo) < 0) {
        lo = N(0.0);
    }
    if (segment && Sign(N(hi - N(1.0))) > 0) {
        hi = N(1.0);
    }
    c.hit = Sign(N(hi - lo)) >= 0;
    c.tEnter = lo;
    c.tExit = hi;
}

/// The line o + t d lying in the plane of the triangle (normal n != 0): t clipped against the three
/// edge half-planes n . ((q - p) x (x - p)) >= 0, each linear in t, and the ray's range.
template <typename N>
void CastInPlane(const V3<N>& o, const V3<N>& d, const Tri<N>& v, const V3<N>& n, bool segment, TriangleCast<N>& c)
{
    c.inPlane = true;
    N lo(0.0), hi(1.0);
    bool bounded = segment;
    for (size_t k = 0; k < 3; ++k) {
        const V3<N> e = Sub(v[(k + 1) % 3], v[k]);
        const N p = Dot(n, Cross(e, Sub(o, v[k])));
        const N q = Dot(n, Cross(e, d));
        const int sq = Sign(q);
        if (sq == 0) { // along the edge: inside its half-plane or never
            if (Sign(p) < 0) {
                return;
            }
            continue;
        }
        const N t = N(-p) / q;
        if (sq > 0 && Sign(N(t - lo)) > 0) {
            lo = t;
        } else if (sq < 0 && (!bounded || Sign(N(t - hi)) < 0)) {
            hi = t;
            bounded = true;
        }
    }
    c.hit = bounded && Sign(N(hi - lo)) >= 0; // a triangle bounds every line in its plane
    c.tEnter = lo;
    c.tExit = hi;
}

/// The ray o + t d (t >= 0; segment: t <= 1) against the closed triangle v, two-sided. The line
/// crosses the plane inside the triangle when the signed volumes d . ((p - o) x (q - o)) of its
/// three edges (the barycentric weights of the crossing times n . d) share the sign of n . d or are
/// 0; t = n . (v0 - o) / n . d. A line in the plane is clipped in 2D; collinear vertices are a span.
template <typename N>
TriangleCast<N> CastTriangle(const V3<N>& o, const V3<N>& d, const Tri<N>& v, bool segment)
{
    TriangleCast<N> c;
    const V3<N> n = Cross(Sub(v[1], v[0]), Sub(v[2], v[0]));
    if (IsZero(n)) {
        CastSpan(o, d, v, segment, c);
        return c;
    }
    const N den = Dot(n, d);
    const N num = Dot(n, Sub(v[0], o));
    const int sd = Sign(den);
    c.facing = sd;
    if (sd == 0) { // parallel to the plane: in it, or never
        if (Sign(num) == 0) {
            CastInPlane(o, d, v, n, segment, c);
        }
        return c;
    }
    // the plane crossing within the range: t >= 0, and t <= 1 for a segment
    const int sn = Sign(num);
    const int sEnd = segment ? Sign(N(den - num)) * sd : 1;
    if (sn * sd < 0 || sEnd < 0) {
        return c;
    }
    // the crossing inside the closed triangle: every edge volume on the side of n . d, or 0
    const V3<N> r[3] = {Sub(v[0], o), Sub(v[1], o), Sub(v[2], o)};
    bool strict = sn != 0 && sEnd > 0;
    for (size_t k = 0; k < 3; ++k) {
        const int s = Sign(Dot(d, Cross(r[(k + 1) % 3], r[(k + 2) % 3]))) * sd;
        if (s < 0) {
            return c;
        }
        strict = strict && s > 0;
    }
    c.hit = true;
    c.interior = strict;
    c.tEnter = num / den;
    c.tExit = c.tEnter;
    return c;
}

/// The barycentric coordinates (u, v) of a point x of the plane of v (normal n != 0) by Cramer's
/// rule: x - v0 = u (v1 - v0) + v (v2 - v0).
template <typename N>
std::pair<N, N> Barycentric(const V3<N>& x, const Tri<N>& v)
{
    const V3<N> e1 = Sub(v[1], v[0]), e2 = Sub(v[2], v[0]);
    const V3<N> n = Cross(e1, e2);
    const N nn = Dot(n, n);
    const V3<N> w = Sub(x, v[0]);
    return {N(Dot(n, Cross(w, e2)) / nn), N(Dot(n, Cross(e1, w)) / nn)};
}

/// The squared distance from x to the closed triangle v (Ericson, Real-Time Collision Detection
/// 5.1.5, by regions): the plane distance when x projects inside (Cramer's barycentrics, scaled by
/// |n|^2, all >= 0), else the least distance to the three sides (which also covers collinear
/// vertices: the sides then cover the span).
template <typename N>
N PointTriangleDistance2(const V3<N>& x, const Tri<N>& v)
{
    const V3<N> e1 = Sub(v[1], v[0]), e2 = Sub(v[2], v[0]);
    const V3<N> n = Cross(e1, e2);
    const N nn = Dot(n, n);
    if (Sign(nn) > 0) {
        const V3<N> w = Sub(x, v[0]);
        const N bu = Dot(n, Cross(w, e2));
        const N bv = Dot(n, Cross(e1, w));
        if (Sign(bu) >= 0 && Sign(bv) >= 0 && Sign(N(nn - bu - bv)) >= 0) {
            const N h = Dot(n, w);
            return h * h / nn;
        }
    }
    const N d01 = PointSegmentDistance2(x, v[0], v[1]);
    const N d12 = PointSegmentDistance2(x, v[1], v[2]);
    const N d20 = PointSegmentDistance2(x, v[2], v[0]);
    return Min(Min(d01, d12), d20);
}

/// The least and greatest of l . v_i.
template <typename N>
std::pair<N, N> TriangleRange(const Tri<N>& v, const V3<N>& l)
{
    const N a = Dot(v[0], l), b = Dot(v[1], l), c = Dot(v[2], l);
    return {Min(Min(a, b), c), Max(Max(a, b), c)};
}

/// The least and greatest of l . x over the box [lo, hi].
template <typename N>
std::pair<N, N> BoxRange(const Aabb<double>& box, const V3<N>& l)
{
    N lo(0.0), hi(0.0);
    for (int i = 0; i < 3; ++i) {
        const N a = N(box.min[i]) * l[size_t(i)], b = N(box.max[i]) * l[size_t(i)];
        lo = lo + Min(a, b);
        hi = hi + Max(a, b);
    }
    return {lo, hi};
}

/// The overlap of two projections [aLo, aHi], [bLo, bHi] along an axis: the least push-out
/// min(aHi - bLo, bHi - aLo), < 0 when the axis separates them.
template <typename N>
N RangeOverlap(const std::pair<N, N>& a, const std::pair<N, N>& b)
{
    return Min(N(a.second - b.first), N(b.second - a.first));
}

/// Candidate separating axes, complete for any two convex sets made of the given edge directions
/// (docs/protocol.md, "The exact judge"): the faces' normals, the edge-edge crosses, the in-plane
/// normals of every plane two edges span (flat Minkowski differences: coplanar or degenerate
/// shapes), and, for shapes whose edges are all parallel, the edges and the offset across them.
/// normals: the face normals; edges: every edge direction of either shape (zero ones add nothing);
/// offset: a vertex of one shape minus a vertex of the other.
template <typename N>
std::vector<V3<N>> CandidateAxes(const std::vector<V3<N>>& normals, const std::vector<V3<N>>& edgesA,
                                 const std::vector<V3<N>>& edgesB, const V3<N>& offset)
{
    std::vector<V3<N>> axes = normals;
    for (const V3<N>& e : edgesA) {
        for (const V3<N>& f : edgesB) {
            const V3<N> ef = Cross(e, f);
            axes.push_back(ef);
            axes.push_back(Cross(ef, e));
            axes.push_back(Cross(ef, f));
        }
    }
    for (const std::vector<V3<N>>* edges : {&edgesA, &edgesB}) {
        for (const V3<N>& g : *edges) {
            for (const V3<N>& n : normals) {
                axes.push_back(Cross(n, g));
            }
            axes.push_back(g);
            axes.push_back(Cross(g, Cross(offset, g)));
        }
    }
    axes.push_back(offset);
    return axes;
}

/// The sides v1 - v0, v2 - v1, v0 - v2.
template <typename N>
std::vector<V3<N>> TriangleSides(const Tri<N>& v)
{
    return {Sub(v[1], v[0]), Sub(v[2], v[1]), Sub(v[0], v[2])};
}

/// The axes of a box against a triangle: the box's axes and the triangle's normal as faces, the
/// box's axes and the triangle's sides as edges.
template <typename N>
std::vector<V3<N>> BoxTriangleAxes(const Aabb<double>& box, const Tri<N>& v)
{
    std::vector<V3<N>> boxEdges;
    for (int i = 0; i < 3; ++i) {
        glm::dvec3 a(0);
        a[i] = 1;
        boxEdges.push_back(Lift<N>(a));
    }
    const std::vector<V3<N>> sides = TriangleSides(v);
    std::vector<V3<N>> normals = boxEdges;
    normals.push_back(Cross(sides[0], sides[1]));
    return CandidateAxes(normals, boxEdges, sides, Sub(v[0], Lift<N>(box.min)));
}

/// The face normals and the edge-edge crosses alone: every facet normal of a solid Minkowski
/// difference is among them (what the depth needs). Box against triangle: 3 + 1 + 9 axes.
template <typename N>
std::vector<V3<N>> BoxTriangleFacetAxes(const Tri<N>& v)
{
    const std::vector<V3<N>> sides = TriangleSides(v);
    std::vector<V3<N>> axes;
    for (int i = 0; i < 3; ++i) {
        glm::dvec3 a(0);
        a[i] = 1;
        const V3<N> axis = Lift<N>(a);
        axes.push_back(axis);
        for (const V3<N>& e : sides) {
            axes.push_back(Cross(e, axis));
        }
    }
    axes.push_back(Cross(sides[0], sides[1]));
    return axes;
}

/// Two triangles' facet axes: 2 normals, 9 edge-edge crosses.
template <typename N>
std::vector<V3<N>> TriangleTriangleFacetAxes(const Tri<N>& a, const Tri<N>& b)
{
    const std::vector<V3<N>> sa = TriangleSides(a), sb = TriangleSides(b);
    std::vector<V3<N>> axes{Cross(sa[0], sa[1]), Cross(sb[0], sb[1])};
    for (const V3<N>& e : sa) {
        for (const V3<N>& f : sb) {
            axes.push_back(Cross(e, f));
        }
    }
    return axes;
}

/// The axes of two triangles: their normals as faces, their sides as edges.
template <typename N>
std::vector<V3<N>> TriangleTriangleAxes(const Tri<N>& a, const Tri<N>& b)
{
    const std::vector<V3<N>> sa = TriangleSides(a), sb = TriangleSides(b);
    return CandidateAxes<N>({Cross(sa[0], sa[1]), Cross(sb[0], sb[1])}, sa, sb, Sub(a[0], b[0]));
}

} // namespace hitlab::exact
