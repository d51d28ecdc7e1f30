// triangle_triangle, published: Tomas Moller (1997), NoDivTriTriIsect with its EPSILON test and
// coplanar_tri_tri, as the paper's code computes it, in the algorithm's precision.
#pragma once

#include "result.h"
#include "trace.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace hitlab {

namespace detail::moller {

/// The listing's EPSILON (USE_EPSILON_TEST on): a signed distance below it in magnitude is 0.
template <typename T>
inline constexpr T kEpsilon = T(0.000001);

/// EDGE_EDGE_TEST: edge (v0, v0 + (ax, ay)) against edge u0 u1 in the projection (i0, i1);
/// parallel edges (f == 0) never meet.
template <typename T>
bool EdgeEdge(T ax, T ay, const Vec3<T>& v0, const Vec3<T>& u0, const Vec3<T>& u1, int i0, int i1)
{
    const T bx = u0[i0] - u1[i0], by = u0[i1] - u1[i1];
    const T cx = v0[i0] - u0[i0], cy = v0[i1] - u0[i1];
    const T f = ay * bx - ax * by;
    const T d = by * cx - bx * cy;
    if ((f > T(0) && d >= T(0) && d <= f) || (f < T(0) && d <= T(0) && d >= f)) {
        const T e = ax * cy - ay * cx;
        if (f > T(0)) {
            return e >= T(0) && e <= f;
        }
        return e <= T(0) && e >= f;
    }
    return false;
}

/// EDGE_AGAINST_TRI_EDGES: edge v0 v1 against the three edges of u.
template <typename T>
bool EdgeAgainstTriEdges(const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& u0, const Vec3<T>& u1, const Vec3<T>& u2,
                         int i0, int i1)
{
    const T ax = v1[i0] - v0[i0], ay = v1[i1] - v0[i1];
    return EdgeEdge(ax, ay, v0, u0, u1, i0, i1) || EdgeEdge(ax, ay, v0, u1, u2, i0, i1) ||
           EdgeEdge(ax, ay, v0, u2, u0, i0, i1);
}

/// POINT_IN_TRI: v0 strictly inside u (the three line values of one sign, none 0).
template <typename T>
bool PointInTri(const Vec3<T>& v0, const Vec3<T>& u0, const Vec3<T>& u1, const Vec3<T>& u2, int i0, int i1)
{
    auto side = [&](const Vec3<T>& s, const Vec3<T>& t) {
        const T a = t[i1] - s[i1];
        const T b = -(t[i0] - s[i0]);
        const T c = -a * s[i0] - b * s[i1];
        return a * v0[i0] + b * v0[i1] + c;
    };
    const T d0 = side(u0, u1), d1 = side(u1, u2), d2 = side(u2, u0);
    return d0 * d1 > T(0) && d0 * d2 > T(0);
}

/// coplanar_tri_tri: projected on the coordinate plane of n's largest component, each edge of v
/// against each edge of u, then v0 in u and u0 in v.
template <typename T>
bool CoplanarTriTri(const Vec3<T>& n, const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& v2, const Vec3<T>& u0,
                    const Vec3<T>& u1, const Vec3<T>& u2)
{
    const Vec3<T> a(std::abs(n.x), std::abs(n.y), std::abs(n.z));
    int i0 = 0, i1 = 1; // a[2] greatest
    if (a[0] > a[1]) {
        if (a[0] > a[2]) {
            i0 = 1, i1 = 2;
        }
    } else if (!(a[2] > a[1])) {
        i0 = 0, i1 = 2;
    }
    return EdgeAgainstTriEdges(v0, v1, u0, u1, u2, i0, i1) || EdgeAgainstTriEdges(v1, v2, u0, u1, u2, i0, i1) ||
           EdgeAgainstTriEdges(v2, v0, u0, u1, u2, i0, i1) || PointInTri(v0, u0, u1, u2, i0, i1) ||
           PointInTri(u0, v0, v1, v2, i0, i1);
}

/// NEWCOMPUTE_INTERVALS: the vertex alone on its side of the other plane (a), and the scaled
/// offsets of the two crossings (b, c over x0, x1); false when all three distances are 0 (coplanar).
template <typename T>
bool ComputeIntervals(T vv0, T vv1, T vv2, T d0, T d1, T d2, T d0d1, T d0d2, T& a, T& b, T& c, T& x0, T& x1)
{
    if (d0d1 > T(0)) {
        a = vv2, b = (vv0 - vv2) * d2, c = (vv1 - vv2) * d2, x0 = d2 - d0, x1 = d2 - d1;
    } else if (d0d2 > T(0)) {
        a = vv1, b = (vv0 - vv1) * d1, c = (vv2 - vv1) * d1, x0 = d1 - d0, x1 = d1 - d2;
    } else if (d1 * d2 > T(0) || d0 != T(0)) {
        a = vv0, b = (vv1 - vv0) * d0, c = (vv2 - vv0) * d0, x0 = d0 - d1, x1 = d0 - d2;
    } else if (d1 != T(0)) {
        a = vv1, b = (vv0 - vv1) * d1, c = (vv2 - vv1) * d1, x0 = d1 - d0, x1 = d1 - d2;
    } else if (d2 != T(0)) {
        a = vv2, b = (vv0 - vv2) * d2, c = (vv1 - vv2) * d2, x0 = d2 - d0, x1 = d2 - d1;
    } else {
        return false;
    }
    return true;
}

/// The signed distances of p0, p1, p2 to the plane n . x + d = 0, zeroed below the EPSILON.
template <typename T>
Vec3<T> PlaneDistances(const Vec3<T>& n, T d, const Vec3<T>& p0, const Vec3<T>& p1, const Vec3<T>& p2)
{
    Vec3<T> out(glm::dot(n, p0) + d, glm::dot(n, p1) + d, glm::dot(n, p2) + d);
    for (int k = 0; k < 3; ++k) {
        if (std::abs(out[k]) < kEpsilon<T>) {
            out[k] = T(0);
        }
    }
    return out;
}

} // namespace detail::moller

/// Published: Tomas Moller, "A Fast Triangle-Triangle Intersection Test" (journal of graphics
/// tools 2(2), 1997), NoDivTriTriIsect as in the paper's code with USE_EPSILON_TEST: the signed
/// distances of each triangle's vertices to the other's plane (N . X + d, unnormalised), set to 0
/// when below EPSILON = 1e-6 in magnitude; a strict same side rejects; otherwise both triangles'
/// intervals on the line where the planes meet (projected on its largest coordinate, without
/// division) must overlap. All distances 0: coplanar_tri_tri (edge-edge tests and a vertex in
/// the other, on the coordinate plane of N1's largest component). Verdict only; touching counts
/// except in the coplanar case's parallel edges and its strict point-in-triangle test.
///
/// - The EPSILON is absolute, on distances scaled by |N| (an area): small or far triangles fall
///   below it and are treated as coplanar, so triangles apart along the normal can be reported
///   overlapping; near coplanar ones take the coplanar branch.
/// - Rounding: near the boundary the verdict can be wrong either way. Degenerate triangles are
///   not handled (a zero normal gives zero distances: the coplanar test projects on a plane
///   chosen by a zero normal).
/// - NaN: comparisons fail; the verdict depends on where the NaN is.
/// - trace: the two sets of distances, then the intervals or the coplanar test.
template <typename T>
OverlapResult<T> TriangleTriangleMoller(const Triangle<T>& a, const Triangle<T>& b, Trace* trace = nullptr)
{
    const Vec3<T>&v0 = a.vertices[0], &v1 = a.vertices[1], &v2 = a.vertices[2];
    const Vec3<T>&u0 = b.vertices[0], &u1 = b.vertices[1], &u2 = b.vertices[2];
    OverlapResult<T> out;
    const Vec3<T> n1 = glm::cross(v1 - v0, v2 - v0);
    const Vec3<T> du = detail::moller::PlaneDistances(n1, -glm::dot(n1, v0), u0, u1, u2);
    const T du0du1 = du[0] * du[1], du0du2 = du[0] * du[2];
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("b's distances to a's plane: %g, %g, %g", double(du[0]), double(du[1]), double(du[2])),
                   {{"du0", double(du[0])}, {"du1", double(du[1])}, {"du2", double(du[2])}});
    }
    if (du0du1 > T(0) && du0du2 > T(0)) {
        if (trace != nullptr) [[unlikely]] {
            trace->DecideLast();
            trace->verdict = "miss: b lies strictly on one side of a's plane";
        }
        return out;
    }
    const Vec3<T> n2 = glm::cross(u1 - u0, u2 - u0);
    const Vec3<T> dv = detail::moller::PlaneDistances(n2, -glm::dot(n2, u0), v0, v1, v2);
    const T dv0dv1 = dv[0] * dv[1], dv0dv2 = dv[0] * dv[2];
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("a's distances to b's plane: %g, %g, %g", double(dv[0]), double(dv[1]), double(dv[2])),
                   {{"dv0", double(dv[0])}, {"dv1", double(dv[1])}, {"dv2", double(dv[2])}});
    }
    if (dv0dv1 > T(0) && dv0dv2 > T(0)) {
        if (trace != nullptr) [[unlikely]] {
            trace->DecideLast();
            trace->verdict = "miss: a lies strictly on one side of b's plane";
        }
        return out;
    }
    // the direction of the planes' line, and its largest coordinate
    const Vec3<T> dir = glm::cross(n1, n2);
    int index = 0;
    T max = std::abs(dir[0]);
    if (std::abs(dir[1]) > max) {
        max = std::abs(dir[1]), index = 1;
    }
    if (std::abs(dir[2]) > max) {
        index = 2;
    }
    T pa, pb, pc, x0, x1, pd, pe, pf, y0, y1;
    if (!detail::moller::ComputeIntervals(v0[index], v1[index], v2[index], dv[0], dv[1], dv[2], dv0dv1, dv0dv2, pa, pb,
                                          pc, x0, x1) ||
        !detail::moller::ComputeIntervals(u0[index], u1[index], u2[index], du[0], du[1], du[2], du0du1, du0du2, pd, pe,
                                          pf, y0, y1)) {
        out.hit = detail::moller::CoplanarTriTri(n1, v0, v1, v2, u0, u1, u2);
        if (trace != nullptr) [[unlikely]] {
            trace->Add("coplanar: edge-edge and point-in-triangle tests", {});
            trace->DecideLast();
            trace->verdict = out.hit ? "hit: coplanar triangles overlap" : "miss: coplanar triangles apart";
        }
        return out;
    }
    // the intervals, each scaled by xx * yy (no division)
    const T xx = x0 * x1, yy = y0 * y1, xxyy = xx * yy;
    T isect1[2] = {pa * xxyy + pb * x1 * yy, pa * xxyy + pc * x0 * yy};
    T isect2[2] = {pd * xxyy + pe * xx * y1, pd * xxyy + pf * xx * y0};
    if (isect1[0] > isect1[1]) {
        std::swap(isect1[0], isect1[1]);
    }
    if (isect2[0] > isect2[1]) {
        std::swap(isect2[0], isect2[1]);
    }
    out.hit = !(isect1[1] < isect2[0] || isect2[1] < isect1[0]);
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("intervals [%g, %g] and [%g, %g] on the planes' line", double(isect1[0]), double(isect1[1]),
                          double(isect2[0]), double(isect2[1])),
                   {{"a_lo", double(isect1[0])},
                    {"a_hi", double(isect1[1])},
                    {"b_lo", double(isect2[0])},
                    {"b_hi", double(isect2[1])}});
        trace->DecideLast();
        trace->verdict = out.hit ? "hit: the intervals overlap" : "miss: the intervals are disjoint";
    }
    return out;
}

} // namespace hitlab
