// sphere_triangle: a sphere (a) against a closed triangle (b). The reference closest-point test
// with an exact verdict, and Ericson's TestSphereTriangle as printed.
#pragma once

#include "result.h"
#include "trace.h"

#include <glm/geometric.hpp>

namespace hitlab {

namespace detail {

/// Ericson, Real-Time Collision Detection (2005) 5.1.5, ClosestPtPointTriangle as printed: the
/// point of triangle abc closest to p, found by testing p against the Voronoi regions of the
/// vertices (a, b, c), the edges (ab, ac, bc) and the face, with the barycentric quotients of the
/// listing. *region (when not null) gets 0, 1, 2 for the vertices a, b, c, 3, 4, 5 for the edges
/// ab, ac, bc and 6 for the face. A degenerate triangle can reach a quotient 0 / 0 (a zero edge
/// ab with p in its region): the point is then NaN.
template <typename T>
Vec3<T> EricsonClosestPtPointTriangle(const Vec3<T>& p, const Vec3<T>& a, const Vec3<T>& b, const Vec3<T>& c,
                                      int* region = nullptr)
{
    int where = 0;
    Vec3<T> out;
    const Vec3<T> ab = b - a, ac = c - a, ap = p - a;
    const T d1 = glm::dot(ab, ap), d2 = glm::dot(ac, ap);
    const Vec3<T> bp = p - b;
    const T d3 = glm::dot(ab, bp), d4 = glm::dot(ac, bp);
    const Vec3<T> cp = p - c;
    const T d5 = glm::dot(ab, cp), d6 = glm::dot(ac, cp);
    const T vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
    if (d1 <= T(0) && d2 <= T(0)) {
        out = a; // vertex region a
    } else if (d3 >= T(0) && d4 <= d3) {
        out = b, where = 1; // vertex region b
    } else if (vc <= T(0) && d1 >= T(0) && d3 <= T(0)) {
        out = a + d1 / (d1 - d3) * ab, where = 3; // edge region ab
    } else if (d6 >= T(0) && d5 <= d6) {
        out = c, where = 2; // vertex region c
    } else if (vb <= T(0) && d2 >= T(0) && d6 <= T(0)) {
        out = a + d2 / (d2 - d6) * ac, where = 4; // edge region ac
    } else if (va <= T(0) && (d4 - d3) >= T(0) && (d5 - d6) >= T(0)) {
        out = b + (d4 - d3) / ((d4 - d3) + (d5 - d6)) * (c - b), where = 5; // edge region bc
    } else {
        // face region: barycentric (u, v, w) = (va, vb, vc) / (va + vb + vc)
        const T denom = T(1) / (va + vb + vc);
        out = a + ab * (vb * denom) + ac * (vc * denom), where = 6;
    }
    if (region != nullptr) {
        *region = where;
    }
    return out;
}

/// The name of an EricsonClosestPtPointTriangle region: "vertex a", "edge bc", "face".
const char* EricsonRegionName(int region);

/// SphereTriangleClosestPoint in double (a float query converted exactly, its answer rounded back).
OverlapResult<double> SphereTriangleClosestPointDouble(const Sphere<double>& sphere, const Triangle<double>& triangle,
                                                       Trace* trace);

} // namespace detail

/// Reference. The closest point p of the triangle to the sphere's centre c (Ericson, Real-Time
/// Collision Detection (2005) 5.1.5, ClosestPtPointTriangle with its Voronoi regions), hit when
/// |c - p|^2 <= r^2 (closed: a tangent sphere hits, depth 0).
///
/// - Exact verdict on every finite input: decided on exact values (double expansions), not on
///   the rounded p: when c projects into a non-degenerate triangle (three exact orientation
///   signs), (n . (c - v0))^2 <= r^2 |n|^2; otherwise the ball meets one of the three closed
///   edges (|w|^2 |e|^2 - (w . e)^2 <= r^2 |e|^2 inside an edge's span, |c - v|^2 <= r^2 at its
///   ends). A degenerate triangle is the segment or point its edges span. A double query whose
///   largest number is outside [2^-100, 2^100] is scaled by one power of two first.
/// - p: Ericson's listing in double for a non-degenerate triangle; the nearest of the three
///   edges' closest points for a degenerate one (the listing divides 0 by 0 there).
/// - hit: depth = r - |c - p| (>= 0), normal = (p - c) / |p - c|: from the centre towards the
///   triangle, the way the triangle moves out. When c lies on the triangle: the unit winding
///   normal (v1 - v0) x (v2 - v0); for a segment triangle a unit vector perpendicular to it
///   (its direction crossed with the world axis it is least along); for a point +z.
///   contact = p.
/// - NaN or an infinity anywhere, or a negative radius, gives a miss.
/// - trace: the Voronoi region and p (a PointPart), then |c - p|^2 against r^2.
template <typename T>
[[gnu::noinline]] OverlapResult<T> SphereTriangleClosestPoint(const Sphere<T>& sphere, const Triangle<T>& triangle,
                                                              Trace* trace = nullptr);
extern template OverlapResult<float> SphereTriangleClosestPoint<float>(const Sphere<float>&, const Triangle<float>&,
                                                                       Trace*);
extern template OverlapResult<double> SphereTriangleClosestPoint<double>(const Sphere<double>&, const Triangle<double>&,
                                                                         Trace*);

/// Published: Ericson, Real-Time Collision Detection (2005) 5.2.7, TestSphereTriangle as printed:
/// p = ClosestPtPointTriangle(c, a, b, c), hit when Dot(p - c, p - c) <= r * r, all in the
/// algorithm's precision. Fills hit and contact (p, the point the listing returns).
///
/// - Rounding: p and the squared distance are rounded, so near the boundary the verdict can
///   differ from the exact one.
/// - A triangle with a zero edge ab (v0 == v1) and the centre beyond v0 towards v2 reaches the
///   listing's 0 / 0: p is NaN and the test misses however deep the sphere reaches.
/// - NaN gives a miss.
/// - trace: the region and p, then the squared distance against r * r.
template <typename T>
OverlapResult<T> SphereTriangleEricson(const Sphere<T>& sphere, const Triangle<T>& triangle, Trace* trace = nullptr)
{
    int region = 0;
    const Vec3<T> p = detail::EricsonClosestPtPointTriangle(sphere.center, triangle.vertices[0], triangle.vertices[1],
                                                            triangle.vertices[2], &region);
    const Vec3<T> v = p - sphere.center;
    const T distSq = glm::dot(v, v);
    const T rSq = sphere.radius * sphere.radius;
    OverlapResult<T> r;
    r.hit = distSq <= rSq;
    if (r.hit) {
        r.contact = p;
    }
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("closest point in the region of %s", detail::EricsonRegionName(region)), {},
                   PointPart{"p", glm::dvec3(p), r.hit});
        trace->Add(Format("|c - p|^2 = %g %s r^2 = %g", double(distSq), r.hit ? "<=" : "not <=", double(rSq)),
                   {{"dist_sq", double(distSq)}, {"r_sq", double(rSq)}},
                   SegmentPart{"centre to closest point", glm::dvec3(sphere.center), glm::dvec3(p), r.hit});
        trace->DecideLast();
        trace->verdict = r.hit ? "hit: the closest point of the triangle lies in the ball"
                               : (distSq == distSq ? "miss: the closest point of the triangle is beyond the radius"
                                                   : "miss: the closest point is NaN (a 0 / 0 of the listing)");
    }
    return r;
}

} // namespace hitlab
