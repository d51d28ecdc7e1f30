// ray_triangle, continued: published tests reproduced as they behave: Baldwin-Weber's coordinate
// transformation, the Plucker-coordinate test, Havel-Herout's plane-based test. Each builds its
// per-triangle data on every query (the papers precompute it once per triangle).
#pragma once

#include "ray_triangle.h"

#include <glm/geometric.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace hitlab {

/// Baldwin-Weber's per-triangle transformation: three rows of an affine map to the triangle's
/// barycentric frame (x = u, y = v, z = the signed distance along the normal, scaled).
template <typename T>
struct BaldwinWeberMatrix {
    T m[12] = {};
};

/// The paper's construction: n = e1 x e2, the row of n's largest component (|n.x| > |n.y| and
/// |n.x| > |n.z|, else |n.y| > |n.z|, else z) is fixed to 1 and the others divided by it.
template <typename T>
BaldwinWeberMatrix<T> MakeBaldwinWeber(const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& v2)
{
    const Vec3<T> e1 = v1 - v0, e2 = v2 - v0;
    const Vec3<T> n = glm::cross(e1, e2);
    const T num = glm::dot(v0, n);
    BaldwinWeberMatrix<T> b;
    T* m = b.m;
    if (std::abs(n.x) > std::abs(n.y) && std::abs(n.x) > std::abs(n.z)) {
        const T x1 = v1.y * v0.z - v1.z * v0.y, x2 = v2.y * v0.z - v2.z * v0.y;
        const T r[12] = {0,          e2.z / n.x, -e2.y / n.x, x2 / n.x,  0,         -e1.z / n.x,
                         e1.y / n.x, -x1 / n.x,  1,           n.y / n.x, n.z / n.x, -num / n.x};
        std::copy(r, r + 12, m);
    } else if (std::abs(n.y) > std::abs(n.z)) {
        const T x1 = v1.z * v0.x - v1.x * v0.z, x2 = v2.z * v0.x - v2.x * v0.z;
        const T r[12] = {-e2.z / n.y, 0,         e2.x / n.y, x2 / n.y, e1.z / n.y, 0,
                         -e1.x / n.y, -x1 / n.y, n.x / n.y,  1,        n.z / n.y,  -num / n.y};
        std::copy(r, r + 12, m);
    } else {
        const T x1 = v1.x * v0.y - v1.y * v0.x, x2 = v2.x * v0.y - v2.y * v0.x;
        const T r[12] = {e2.y / n.z, -e2.x / n.z, 0,         x2 / n.z,  -e1.y / n.z, e1.x / n.z,
                         0,          -x1 / n.z,   n.x / n.z, n.y / n.z, 1,           -num / n.z};
        std::copy(r, r + 12, m);
    }
    return b;
}

/// Published. Baldwin and Weber, "Fast Ray-Triangle Intersections by Coordinate Transformation"
/// (JCGT 5(3), 2016), its listing: the ray's origin and direction through the third row give the
/// plane crossing ta = -transS / transD, rejected unless 0 < ta < tFar (the largest finite value:
/// no hit yet); the point there through the first two rows gives xg = u and yg = v, a hit when
/// xg >= 0, yg >= 0 and xg + yg < 1. Two-sided.
///
/// Flaws: the edge v1-v2 is open (xg + yg < 1 strictly) and u, v are rounded per triangle, so rays
/// through edges and vertices slip through or hit both neighbours; the origin on the triangle
/// (ta == 0) misses; a ray in the plane (transD == 0) or a degenerate triangle (division by 0)
/// misses; the transformation's divisions by n's largest component lose accuracy on slivers.
template <typename T>
CastResult<T> RayTriangleBaldwinWeber(const Ray<T>& ray, const Triangle<T>& tri, Trace* trace = nullptr)
{
    const auto& v = tri.vertices;
    const BaldwinWeberMatrix<T> b = MakeBaldwinWeber(v[0], v[1], v[2]);
    const T* m = b.m;
    const Vec3<T>& o = ray.origin;
    const Vec3<T>& d = ray.direction;
    const T transS = m[8] * o.x + m[9] * o.y + m[10] * o.z + m[11];
    const T transD = m[8] * d.x + m[9] * d.y + m[10] * d.z;
    const T ta = -transS / transD;
    CastResult<T> r;
    const bool inRange = ta > T(0) && ta < std::numeric_limits<T>::max();
    T xg = 0, yg = 0;
    if (inRange) {
        const Vec3<T> wr = o + ta * d;
        xg = m[0] * wr.x + m[1] * wr.y + m[2] * wr.z + m[3];
        yg = m[4] * wr.x + m[5] * wr.y + m[6] * wr.z + m[7];
        if (xg >= T(0) && yg >= T(0) && xg + yg < T(1)) {
            r.hit = true;
            r.tEnter = r.tExit = ta;
            r.u = xg;
            r.v = yg;
            r.hasUv = true;
            // the listing does not report a side; the normal's is the winding's (n.d < 0: front)
            r.hasFront = true;
            r.front = glm::dot(glm::cross(v[1] - v[0], v[2] - v[0]), d) < T(0);
            FillTrianglePointAndNormal(ray, v[0], v[1], v[2], r);
        }
    }
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("transformation's third row: transS = %g, transD = %g, ta = -transS / transD = %g",
                          double(transS), double(transD), double(ta)),
                   {{"transS", double(transS)}, {"transD", double(transD)}, {"t", double(ta)}});
        if (!inRange) {
            trace->DecideLast();
            trace->verdict = Format("miss: the plane crossing ta = %g is not in (0, max)", double(ta));
            return r;
        }
        trace->Add(Format("barycentrics of the crossing: xg = %g, yg = %g, xg + yg = %g", double(xg), double(yg),
                          double(xg + yg)),
                   {{"u", double(xg)}, {"v", double(yg)}}, PointPart{"plane crossing", glm::dvec3(o + ta * d), r.hit});
        trace->DecideLast();
        trace->verdict =
            r.hit ? Format("hit at t = %g (u = %g, v = %g)", double(ta), double(xg), double(yg))
                  : Format("miss: xg = %g, yg = %g are not in xg >= 0, yg >= 0, xg + yg < 1", double(xg), double(yg));
    }
    return r;
}

namespace detail {
/// The permuted inner product of two lines in Plucker coordinates (direction, moment):
/// u1.v2 + u2.v1. The side of one line relative to the other.
template <typename T>
inline T PluckerSide(const Vec3<T>& u1, const Vec3<T>& v1, const Vec3<T>& u2, const Vec3<T>& v2)
{
    return glm::dot(u1, v2) + glm::dot(u2, v1);
}

/// The ray's side of the edge line a -> b, the edge's Plucker coordinates (b - a, a x b) computed
/// from its endpoints in lexicographic order (negated when reversed), so that two triangles that
/// share the edge compute the same number.
template <typename T>
inline T EdgeSide(const Vec3<T>& du, const Vec3<T>& dv, const Vec3<T>& a, const Vec3<T>& b)
{
    const bool ordered = a.x < b.x || (a.x == b.x && (a.y < b.y || (a.y == b.y && a.z <= b.z)));
    const Vec3<T>& p = ordered ? a : b;
    const Vec3<T>& q = ordered ? b : a;
    const T s = PluckerSide(du, dv, q - p, glm::cross(p, q));
    return ordered ? s : -s;
}
} // namespace detail

/// Published. The Plucker-coordinate test (Jones, "Intersecting a Ray and a Triangle with Plucker
/// Coordinates", Ray Tracing News 13(1), 2000; Amanatides and Choi 1995): the ray's line
/// (d, o x d) against each edge line (b - a, a x b); the signs of the three permuted inner products
/// all >= 0 or all <= 0 (not all 0) put the line through the closed triangle (two-sided), each
/// edge's coordinates computed from its endpoints in a fixed order so that neighbours agree (the
/// "watertight when edges are shared exactly" form). t from the plane: n.(v0 - o) / n.d, a hit
/// when t >= 0; u, v are the inner products divided by their sum.
///
/// Flaws: the inner products are rounded: o x d and a x b are large far from the origin, so their
/// cancellation puts the sign wrong near edges and loses hits (or adds them) well away from edges;
/// a ray in the plane or a degenerate triangle (all three 0, or n.d == 0) misses.
template <typename T>
CastResult<T> RayTrianglePlucker(const Ray<T>& ray, const Triangle<T>& tri, Trace* trace = nullptr)
{
    const auto& v = tri.vertices;
    const Vec3<T>& d = ray.direction;
    const Vec3<T> m = glm::cross(ray.origin, d);
    const T s2 = detail::EdgeSide(d, m, v[0], v[1]); // proportional to the weight of v2
    const T s0 = detail::EdgeSide(d, m, v[1], v[2]); // of v0
    const T s1 = detail::EdgeSide(d, m, v[2], v[0]); // of v1
    const bool sameSide = (s0 >= T(0) && s1 >= T(0) && s2 >= T(0)) || (s0 <= T(0) && s1 <= T(0) && s2 <= T(0));
    const bool allZero = s0 == T(0) && s1 == T(0) && s2 == T(0);
    const Vec3<T> n = glm::cross(v[1] - v[0], v[2] - v[0]);
    const T nd = glm::dot(n, d);
    const T t = glm::dot(n, v[0] - ray.origin) / nd;
    CastResult<T> r;
    if (sameSide && !allZero && t >= T(0)) {
        const T sum = s0 + s1 + s2;
        r.hit = true;
        r.tEnter = r.tExit = t + T(0);
        r.u = s1 / sum;
        r.v = s2 / sum;
        r.hasUv = true;
        r.hasFront = true;
        r.front = nd < T(0);
        FillTrianglePointAndNormal(ray, v[0], v[1], v[2], r);
    }
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("sides of the edge lines (permuted inner products): v1v2: %g, v2v0: %g, v0v1: %g", double(s0),
                          double(s1), double(s2)),
                   {{"side_v1v2", double(s0)}, {"side_v2v0", double(s1)}, {"side_v0v1", double(s2)}});
        if (!sameSide || allZero) {
            trace->DecideLast();
            trace->verdict = allZero ? "miss: all three sides are 0 (a ray in the plane, or a degenerate triangle)"
                                     : "miss: the sides differ in sign: the line passes outside an edge";
            return r;
        }
        trace->Add(Format("plane crossing t = n.(v0 - o) / n.d = %g", double(t)), {{"t", double(t)}},
                   PointPart{"plane crossing", glm::dvec3(ray.origin + t * d), r.hit});
        trace->DecideLast();
        trace->verdict = r.hit ? Format("hit at t = %g", double(t))
                               : Format("miss: the line crosses the triangle at t = %g, not >= 0", double(t));
    }
    return r;
}

/// Havel-Herout's per-triangle planes: n0 = e1 x e2 with d0 = n0.v0, and n1 = (e2 x n0) / |n0|^2,
/// n2 = (n0 x e1) / |n0|^2 with d1 = -n1.v0, d2 = -n2.v0 (u = n1.x + d1, v = n2.x + d2 in the plane).
template <typename T>
struct HavelHeroutPlanes {
    Vec3<T> n0, n1, n2;
    T d0, d1, d2;
};

template <typename T>
HavelHeroutPlanes<T> MakeHavelHerout(const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& v2)
{
    const Vec3<T> e1 = v1 - v0, e2 = v2 - v0;
    HavelHeroutPlanes<T> h;
    h.n0 = glm::cross(e1, e2);
    h.d0 = glm::dot(h.n0, v0);
    const T inv = T(1) / glm::dot(h.n0, h.n0);
    h.n1 = glm::cross(e2, h.n0) * inv;
    h.d1 = -glm::dot(h.n1, v0);
    h.n2 = glm::cross(h.n0, e1) * inv;
    h.d2 = -glm::dot(h.n2, v0);
    return h;
}

/// Published. Havel and Herout, "Yet Faster Ray-Triangle Intersection (Using SSE4)" (IEEE TVCG
/// 16(3), 2010), its scalar form: det = n0.d, dett = d0 - n0.o, the point scaled by det
/// wr = det o + dett d, detu = n1.wr + det d1, detv = n2.wr + det d2, and a hit when the sign bits
/// of detu, detv and det - detu - detv are equal (the paper's XOR of the float bits) and
/// t = dett / det lies in [0, tmax] (tmax = the largest finite value).
///
/// Flaws: signs are sign bits, so a zero edge value of the other sign bit misses: a front-facing
/// ray (det < 0) exactly through an edge or a vertex computes +0 there and misses; the planes n1, n2 are divided by
/// |n0|^2, which underflows or overflows for small or large triangles (float: sides below about
/// 1e-10 or above 1e9); a ray in the plane (det == 0) gives t = NaN or inf: a miss.
template <typename T>
CastResult<T> RayTriangleHavelHerout(const Ray<T>& ray, const Triangle<T>& tri, Trace* trace = nullptr)
{
    const auto& v = tri.vertices;
    const HavelHeroutPlanes<T> h = MakeHavelHerout(v[0], v[1], v[2]);
    const Vec3<T>& o = ray.origin;
    const Vec3<T>& d = ray.direction;
    const T det = glm::dot(h.n0, d);
    const T dett = h.d0 - glm::dot(h.n0, o);
    const Vec3<T> wr = det * o + dett * d;
    const T detu = glm::dot(h.n1, wr) + det * h.d1;
    const T detv = glm::dot(h.n2, wr) + det * h.d2;
    const T det0 = det - detu - detv;
    const bool sameBits = std::signbit(det0) == std::signbit(detu) && std::signbit(detu) == std::signbit(detv);
    const T t = dett / det;
    CastResult<T> r;
    if (sameBits && t >= T(0) && t <= std::numeric_limits<T>::max()) {
        r.hit = true;
        r.tEnter = r.tExit = t + T(0);
        r.u = detu / det;
        r.v = detv / det;
        r.hasUv = true;
        r.hasFront = true;
        r.front = det < T(0);
        FillTrianglePointAndNormal(ray, v[0], v[1], v[2], r);
    }
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("det = n0.d = %g, dett = d0 - n0.o = %g", double(det), double(dett)),
                   {{"det", double(det)}, {"dett", double(dett)}});
        trace->Add(Format("detu = %g, detv = %g, det - detu - detv = %g (sign bits %s)", double(detu), double(detv),
                          double(det0), sameBits ? "equal" : "differ"),
                   {{"detu", double(detu)}, {"detv", double(detv)}, {"det0", double(det0)}});
        if (!sameBits) {
            trace->DecideLast();
            trace->verdict = "miss: the sign bits of detu, detv and det - detu - detv differ";
            return r;
        }
        trace->Add(Format("t = dett / det = %g", double(t)), {{"t", double(t)}},
                   PointPart{"plane crossing", glm::dvec3(o + t * d), r.hit});
        trace->DecideLast();
        trace->verdict =
            r.hit ? Format("hit at t = %g", double(t)) : Format("miss: t = %g is not in [0, max]", double(t));
    }
    return r;
}

/// Per-triangle forms of the published tests above, with ray_triangle.h's signature (ray, the three
/// vertices, tMax; true on a hit with t <= tMax, out filled as the full cast fills it, point and
/// normal included), for ray_mesh's loop.
template <typename T>
inline bool BaldwinWeberTriangle(const Ray<T>& ray, const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& v2, T tMax,
                                 CastResult<T>& out)
{
    const CastResult<T> r = RayTriangleBaldwinWeber(ray, Triangle<T>{{v0, v1, v2}});
    if (!r.hit || !(r.tEnter <= tMax)) {
        return false;
    }
    out = r;
    return true;
}

template <typename T>
inline bool PluckerTriangle(const Ray<T>& ray, const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& v2, T tMax,
                            CastResult<T>& out)
{
    const CastResult<T> r = RayTrianglePlucker(ray, Triangle<T>{{v0, v1, v2}});
    if (!r.hit || !(r.tEnter <= tMax)) {
        return false;
    }
    out = r;
    return true;
}

template <typename T>
inline bool HavelHeroutTriangle(const Ray<T>& ray, const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& v2, T tMax,
                                CastResult<T>& out)
{
    const CastResult<T> r = RayTriangleHavelHerout(ray, Triangle<T>{{v0, v1, v2}});
    if (!r.hit || !(r.tEnter <= tMax)) {
        return false;
    }
    out = r;
    return true;
}

} // namespace hitlab
