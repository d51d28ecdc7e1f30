// triangle_triangle, published: Guigue & Devillers (2003), tri_tri_overlap_test_3d with its
// coplanar case, as the paper's code computes it, in the algorithm's precision.
#pragma once

#include "result.h"
#include "trace.h"

#include <glm/geometric.hpp>

namespace hitlab {

namespace detail::gd {

template <typename T>
struct P2 {
    T x, y;
};

/// ORIENT_2D(a, b, c) = (a - c) x (b - c).
template <typename T>
T Orient2d(const P2<T>& a, const P2<T>& b, const P2<T>& c)
{
    return (a.x - c.x) * (b.y - c.y) - (a.y - c.y) * (b.x - c.x);
}

/// INTERSECTION_TEST_VERTEX: p1 lies in the region of vertex p2 of the counter-clockwise T2.
template <typename T>
bool TestVertex(const P2<T>& p1, const P2<T>& q1, const P2<T>& r1, const P2<T>& p2, const P2<T>& q2, const P2<T>& r2)
{
    if (Orient2d(r2, p2, q1) >= T(0)) {
        if (Orient2d(r2, q2, q1) <= T(0)) {
            if (Orient2d(p1, p2, q1) > T(0)) {
                return Orient2d(p1, q2, q1) <= T(0);
            }
            return Orient2d(p1, p2, r1) >= T(0) && Orient2d(q1, r1, p2) >= T(0);
        }
        return Orient2d(p1, q2, q1) <= T(0) && Orient2d(r2, q2, r1) <= T(0) && Orient2d(q1, r1, q2) >= T(0);
    }
    if (Orient2d(r2, p2, r1) >= T(0)) {
        if (Orient2d(q1, r1, r2) >= T(0)) {
            return Orient2d(p1, p2, r1) >= T(0);
        }
        return Orient2d(q1, r1, q2) >= T(0) && Orient2d(r2, r1, q2) >= T(0);
    }
    return false;
}

/// INTERSECTION_TEST_EDGE: p1 lies in the region of edge p2 q2... of the counter-clockwise T2.
template <typename T>
bool TestEdge(const P2<T>& p1, const P2<T>& q1, const P2<T>& r1, const P2<T>& p2, const P2<T>& r2)
{
    if (Orient2d(r2, p2, q1) >= T(0)) {
        if (Orient2d(p1, p2, q1) >= T(0)) {
            return Orient2d(p1, q1, r2) >= T(0);
        }
        return Orient2d(q1, r1, p2) >= T(0) && Orient2d(r1, p1, p2) >= T(0);
    }
    if (Orient2d(r2, p2, r1) >= T(0) && Orient2d(p1, p2, r1) >= T(0)) {
        return Orient2d(p1, r1, r2) >= T(0) || Orient2d(q1, r1, r2) >= T(0);
    }
    return false;
}

/// ccw_tri_tri_intersection_2d: both triangles counter-clockwise; p1 is located against T2's
/// edges, then the vertex or edge test.
template <typename T>
bool CcwTriTri2d(const P2<T>& p1, const P2<T>& q1, const P2<T>& r1, const P2<T>& p2, const P2<T>& q2, const P2<T>& r2)
{
    if (Orient2d(p2, q2, p1) >= T(0)) {
        if (Orient2d(q2, r2, p1) >= T(0)) {
            if (Orient2d(r2, p2, p1) >= T(0)) {
                return true;
            }
            return TestEdge(p1, q1, r1, p2, r2);
        }
        if (Orient2d(r2, p2, p1) >= T(0)) {
            return TestEdge(p1, q1, r1, r2, q2);
        }
        return TestVertex(p1, q1, r1, p2, q2, r2);
    }
    if (Orient2d(q2, r2, p1) >= T(0)) {
        if (Orient2d(r2, p2, p1) >= T(0)) {
            return TestEdge(p1, q1, r1, q2, p2);
        }
        return TestVertex(p1, q1, r1, q2, r2, p2);
    }
    return TestVertex(p1, q1, r1, r2, p2, q2);
}

/// tri_tri_overlap_test_2d: both made counter-clockwise (a clockwise one swaps q and r).
template <typename T>
bool TriTri2d(const P2<T>& p1, const P2<T>& q1, const P2<T>& r1, const P2<T>& p2, const P2<T>& q2, const P2<T>& r2)
{
    const bool cw1 = Orient2d(p1, q1, r1) < T(0), cw2 = Orient2d(p2, q2, r2) < T(0);
    if (cw1) {
        return cw2 ? CcwTriTri2d(p1, r1, q1, p2, r2, q2) : CcwTriTri2d(p1, r1, q1, p2, q2, r2);
    }
    return cw2 ? CcwTriTri2d(p1, q1, r1, p2, r2, q2) : CcwTriTri2d(p1, q1, r1, p2, q2, r2);
}

/// coplanar_tri_tri3d: projected on the coordinate plane of n1's largest component (the paper's
/// tie rules and its vertex orders: for YZ and XZ the first two vertices swap), then the 2D test.
template <typename T>
bool Coplanar(const Vec3<T>& p1, const Vec3<T>& q1, const Vec3<T>& r1, const Vec3<T>& p2, const Vec3<T>& q2,
              const Vec3<T>& r2, const Vec3<T>& n1)
{
    const T nx = n1.x < T(0) ? -n1.x : n1.x, ny = n1.y < T(0) ? -n1.y : n1.y, nz = n1.z < T(0) ? -n1.z : n1.z;
    int i = 0, j = 1;
    bool swap = false;
    if (nx > nz && nx >= ny) {
        i = 2, j = 1, swap = true; // YZ
    } else if (ny > nz && ny >= nx) {
        i = 0, j = 2, swap = true; // XZ
    }
    auto P = [i, j](const Vec3<T>& v) { return P2<T>{v[i], v[j]}; };
    if (swap) {
        return TriTri2d(P(q1), P(p1), P(r1), P(q2), P(p2), P(r2));
    }
    return TriTri2d(P(p1), P(q1), P(r1), P(p2), P(q2), P(r2));
}

/// CHECK_MIN_MAX: the two intervals on the planes' line overlap, decided by two orientations.
template <typename T>
bool CheckMinMax(const Vec3<T>& p1, const Vec3<T>& q1, const Vec3<T>& r1, const Vec3<T>& p2, const Vec3<T>& q2,
                 const Vec3<T>& r2)
{
    Vec3<T> n = glm::cross(p2 - q1, p1 - q1);
    if (glm::dot(q2 - q1, n) > T(0)) {
        return false;
    }
    n = glm::cross(p2 - p1, r1 - p1);
    return !(glm::dot(r2 - p1, n) > T(0));
}

/// TRI_TRI_3D: T2's vertices permuted so that p2 is alone on its side of T1's plane, then
/// CHECK_MIN_MAX (or the coplanar test when all of T2 lies in T1's plane).
template <typename T>
bool TriTri3d(const Vec3<T>& p1, const Vec3<T>& q1, const Vec3<T>& r1, const Vec3<T>& p2, const Vec3<T>& q2,
              const Vec3<T>& r2, T dp2, T dq2, T dr2, const Vec3<T>& n1)
{
    if (dp2 > T(0)) {
        if (dq2 > T(0)) {
            return CheckMinMax(p1, r1, q1, r2, p2, q2);
        }
        if (dr2 > T(0)) {
            return CheckMinMax(p1, r1, q1, q2, r2, p2);
        }
        return CheckMinMax(p1, q1, r1, p2, q2, r2);
    }
    if (dp2 < T(0)) {
        if (dq2 < T(0)) {
            return CheckMinMax(p1, q1, r1, r2, p2, q2);
        }
        if (dr2 < T(0)) {
            return CheckMinMax(p1, q1, r1, q2, r2, p2);
        }
        return CheckMinMax(p1, r1, q1, p2, q2, r2);
    }
    if (dq2 < T(0)) {
        return dr2 >= T(0) ? CheckMinMax(p1, r1, q1, q2, r2, p2) : CheckMinMax(p1, q1, r1, p2, q2, r2);
    }
    if (dq2 > T(0)) {
        return dr2 > T(0) ? CheckMinMax(p1, r1, q1, p2, q2, r2) : CheckMinMax(p1, q1, r1, q2, r2, p2);
    }
    if (dr2 > T(0)) {
        return CheckMinMax(p1, q1, r1, r2, p2, q2);
    }
    if (dr2 < T(0)) {
        return CheckMinMax(p1, r1, q1, r2, p2, q2);
    }
    return Coplanar(p1, q1, r1, p2, q2, r2, n1);
}

/// The canonical permutation of T1 (p1 alone on its side of T2's plane) and the call of TriTri3d.
template <typename T>
bool Canonical(const Vec3<T>& p1, const Vec3<T>& q1, const Vec3<T>& r1, const Vec3<T>& p2, const Vec3<T>& q2,
               const Vec3<T>& r2, T dp1, T dq1, T dr1, T dp2, T dq2, T dr2, const Vec3<T>& n1)
{
    if (dp1 > T(0)) {
        if (dq1 > T(0)) {
            return TriTri3d(r1, p1, q1, p2, r2, q2, dp2, dr2, dq2, n1);
        }
        if (dr1 > T(0)) {
            return TriTri3d(q1, r1, p1, p2, r2, q2, dp2, dr2, dq2, n1);
        }
        return TriTri3d(p1, q1, r1, p2, q2, r2, dp2, dq2, dr2, n1);
    }
    if (dp1 < T(0)) {
        if (dq1 < T(0)) {
            return TriTri3d(r1, p1, q1, p2, q2, r2, dp2, dq2, dr2, n1);
        }
        if (dr1 < T(0)) {
            return TriTri3d(q1, r1, p1, p2, q2, r2, dp2, dq2, dr2, n1);
        }
        return TriTri3d(p1, q1, r1, p2, r2, q2, dp2, dr2, dq2, n1);
    }
    if (dq1 < T(0)) {
        return dr1 >= T(0) ? TriTri3d(q1, r1, p1, p2, r2, q2, dp2, dr2, dq2, n1)
                           : TriTri3d(p1, q1, r1, p2, q2, r2, dp2, dq2, dr2, n1);
    }
    if (dq1 > T(0)) {
        return dr1 > T(0) ? TriTri3d(p1, q1, r1, p2, r2, q2, dp2, dr2, dq2, n1)
                          : TriTri3d(q1, r1, p1, p2, q2, r2, dp2, dq2, dr2, n1);
    }
    if (dr1 > T(0)) {
        return TriTri3d(r1, p1, q1, p2, q2, r2, dp2, dq2, dr2, n1);
    }
    if (dr1 < T(0)) {
        return TriTri3d(r1, p1, q1, p2, r2, q2, dp2, dr2, dq2, n1);
    }
    return Coplanar(p1, q1, r1, p2, q2, r2, n1);
}

} // namespace detail::gd

/// Published: Philippe Guigue and Olivier Devillers, "Fast and Robust Triangle-Triangle Overlap
/// Test Using Orientation Predicates" (journal of graphics tools 8(1), 2003),
/// tri_tri_overlap_test_3d as in the paper's code: the signs of T1's vertices against T2's plane
/// and T2's against T1's (a strict same-side rejects), a canonical permutation so that one vertex
/// of each lies alone on its side, then two orientation tests on the line where the planes meet
/// (CHECK_MIN_MAX); coplanar triangles go to tri_tri_overlap_test_2d on the coordinate plane of
/// T1's largest normal component. Verdict only; touching counts (the tests are >= 0).
///
/// - Exact in real arithmetic for non-degenerate triangles. In floating point each orientation
///   is a rounded determinant: near the boundary (and near coplanarity, where the signs decide
///   which branch runs) the verdict can be wrong. Degenerate triangles are not handled: a zero
///   normal makes every distance 0 and the coplanar test projects on a plane chosen by a zero
///   normal, which can miss (or the 2D test of a segment can go either way).
/// - NaN: the comparisons fail, so the permutation falls to the coplanar branch or a check; the
///   verdict depends on where the NaN is.
/// - trace: the distances of each triangle's vertices to the other's plane, and the verdict.
template <typename T>
OverlapResult<T> TriangleTriangleGuigueDevillers(const Triangle<T>& a, const Triangle<T>& b, Trace* trace = nullptr)
{
    const Vec3<T>&p1 = a.vertices[0], &q1 = a.vertices[1], &r1 = a.vertices[2];
    const Vec3<T>&p2 = b.vertices[0], &q2 = b.vertices[1], &r2 = b.vertices[2];
    OverlapResult<T> out;
    // signs of T1's vertices against T2's plane
    const Vec3<T> n2 = glm::cross(p2 - r2, q2 - r2);
    const T dp1 = glm::dot(p1 - r2, n2), dq1 = glm::dot(q1 - r2, n2), dr1 = glm::dot(r1 - r2, n2);
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("a's vertices against b's plane: %g, %g, %g", double(dp1), double(dq1), double(dr1)),
                   {{"dp1", double(dp1)}, {"dq1", double(dq1)}, {"dr1", double(dr1)}});
    }
    if (dp1 * dq1 > T(0) && dp1 * dr1 > T(0)) {
        if (trace != nullptr) [[unlikely]] {
            trace->DecideLast();
            trace->verdict = "miss: a lies strictly on one side of b's plane";
        }
        return out;
    }
    // signs of T2's vertices against T1's plane
    const Vec3<T> n1 = glm::cross(q1 - p1, r1 - p1);
    const T dp2 = glm::dot(p2 - r1, n1), dq2 = glm::dot(q2 - r1, n1), dr2 = glm::dot(r2 - r1, n1);
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("b's vertices against a's plane: %g, %g, %g", double(dp2), double(dq2), double(dr2)),
                   {{"dp2", double(dp2)}, {"dq2", double(dq2)}, {"dr2", double(dr2)}});
    }
    if (dp2 * dq2 > T(0) && dp2 * dr2 > T(0)) {
        if (trace != nullptr) [[unlikely]] {
            trace->DecideLast();
            trace->verdict = "miss: b lies strictly on one side of a's plane";
        }
        return out;
    }
    out.hit = detail::gd::Canonical(p1, q1, r1, p2, q2, r2, dp1, dq1, dr1, dp2, dq2, dr2, n1);
    if (trace != nullptr) [[unlikely]] {
        const bool coplanar = dp1 == T(0) && dq1 == T(0) && dr1 == T(0);
        trace->Add(coplanar ? "coplanar: the 2D test on the plane of a's largest normal component"
                            : "the intervals on the planes' line: two orientation tests",
                   {});
        trace->DecideLast();
        trace->verdict = out.hit ? "hit: the triangles overlap" : "miss: the triangles do not overlap";
    }
    return out;
}

} // namespace hitlab
