// point_aabb, point_sphere, point_obb: is a point (a) inside a closed solid (b)? The references
// count the boundary as inside and report as depth the distance from the point to the solid's
// boundary (how far the point must move to leave the solid); the variants show what changes with
// an open boundary, a square root, or an inverted matrix.
#pragma once

#include "result.h"
#include "scale.h"
#include "trace.h"

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace hitlab {

namespace detail {

/// The squared distance of point_sphere's fast path must lie in [kPointSphereSquareMin, max]:
/// float 2^-80, double 2^-900 (below it, underflow could change the verdict).
template <typename T>
inline constexpr T kPointSphereSquareMin = sizeof(T) == 4 ? T(0x1p-80) : T(0x1p-900);

/// One axis of a containment test: "x: -1 <= 0.3 <= 1 inside", or the side it fails on; the part
/// is the line through the point along the axis, clipped to the slab [lo, hi] (flag: inside).
template <typename T>
void TraceAxisContainment(Trace& trace, const char* axis, T lo, T p, T hi, bool strict, bool inside,
                          const glm::dvec3& point, const glm::dvec3& direction)
{
    const char* le = strict ? "<" : "<=";
    const int dl = DistinctDigits(double(lo), double(p));
    const int dh = DistinctDigits(double(p), double(hi));
    std::string caption;
    if (inside) {
        caption = Format("%s: %.*g %s %.*g %s %.*g inside", axis, dl, double(lo), le, std::max(dl, dh), double(p), le,
                         dh, double(hi));
    } else if (!(strict ? lo < p : lo <= p)) {
        caption = Format("%s: %.*g %s %.*g: outside (%s the low side)", axis, dl, double(p), strict ? "<=" : "<", dl,
                         double(lo), strict ? "on or beyond" : "beyond");
    } else {
        caption = Format("%s: %.*g %s %.*g: outside (%s the high side)", axis, dh, double(p), strict ? ">=" : ">", dh,
                         double(hi), strict ? "on or beyond" : "beyond");
    }
    const glm::dvec3 from = point + (double(lo) - double(p)) * direction;
    const glm::dvec3 to = point + (double(hi) - double(p)) * direction;
    trace.Add(std::move(caption), {{"lo", double(lo)}, {"p", double(p)}, {"hi", double(hi)}},
              SegmentPart{Format("%s extent", axis), from, to, inside});
}

/// The nearest face among the six distances (ties: the first in the order -x, +x, -y, ...).
template <typename T>
int NearestFace(const T (&faceDist)[6])
{
    int face = 0;
    for (int f = 1; f < 6; ++f) {
        if (faceDist[f] < faceDist[face]) {
            face = f;
        }
    }
    return face;
}

/// point_sphere's reference outside the fast range (finite inputs, d != 0): d and r scaled by one
/// power of two so that the larger of |d| and r lies in [1, 2).
template <typename T>
OverlapResult<T> PointSphereScaled(const Vec3<T>& d, int ed, T r)
{
    OverlapResult<T> out;
    const int k = LargestExponent(r, 0, d, ed);
    const Vec3<T> ds = Ldexp(d, ed - k);
    const T rs = std::ldexp(r, -k);
    const T distSq = ds.x * ds.x + ds.y * ds.y + ds.z * ds.z;
    out.hit = distSq <= rs * rs;
    if (out.hit) {
        out.depth = std::ldexp(rs - std::sqrt(distSq), k) + T(0);
    }
    return out;
}

} // namespace detail

/// Reference. The closed box test, one axis at a time: inside when min <= p <= max on every axis
/// (Ericson, Real-Time Collision Detection (2005) 5.1.3's clamp leaves such a point in place).
/// Exact for every input: it only compares. NaN gives outside. depth: the distance to the nearest
/// face, min over the axes of p - min and max - p (one rounded subtraction; 0 on the boundary).
/// trace: one step per axis until one fails, then the nearest face.
template <typename T>
OverlapResult<T> PointAabbClosed(const Point<T>& point, const Aabb<T>& box, Trace* trace = nullptr)
{
    const Vec3<T>& p = point.position;
    OverlapResult<T> out;
    for (int axis = 0; axis < 3; ++axis) {
        const bool inside = box.min[axis] <= p[axis] && p[axis] <= box.max[axis];
        if (trace != nullptr) [[unlikely]] {
            glm::dvec3 direction(0);
            direction[axis] = 1;
            detail::TraceAxisContainment(*trace, AxisName(axis), box.min[axis], p[axis], box.max[axis], false, inside,
                                         glm::dvec3(p), direction);
        }
        if (!inside) {
            if (trace != nullptr) [[unlikely]] {
                trace->DecideLast();
                trace->verdict = Format("outside: the point is outside the box's %s extent", AxisName(axis));
            }
            return out;
        }
    }
    out.hit = true;
    const T faceDist[6] = {p.x - box.min.x, box.max.x - p.x, p.y - box.min.y,
                           box.max.y - p.y, p.z - box.min.z, box.max.z - p.z};
    const int face = detail::NearestFace(faceDist);
    out.depth = faceDist[face] + T(0);
    out.contact = p;
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("nearest face %s, %g away: depth %g", FaceName(face), double(out.depth), double(out.depth)),
                   {{"depth", double(out.depth)}}, PointPart{"point", glm::dvec3(p), true});
        trace->DecideLast();
        trace->verdict = out.depth == T(0)
                             ? "inside: the point lies on the box's boundary, which counts as inside (closed box)"
                             : Format("inside: the point is inside the box, %g from its nearest face %s",
                                      double(out.depth), FaceName(face));
    }
    return out;
}

/// The open box: inside only when min < p < max on every axis, so a point on a face, an edge or a
/// corner is outside (boundary: outside). Fills only hit. NaN gives outside.
template <typename T>
OverlapResult<T> PointAabbOpen(const Point<T>& point, const Aabb<T>& box, Trace* trace = nullptr)
{
    const Vec3<T>& p = point.position;
    OverlapResult<T> out;
    for (int axis = 0; axis < 3; ++axis) {
        const bool inside = box.min[axis] < p[axis] && p[axis] < box.max[axis];
        if (trace != nullptr) [[unlikely]] {
            glm::dvec3 direction(0);
            direction[axis] = 1;
            detail::TraceAxisContainment(*trace, AxisName(axis), box.min[axis], p[axis], box.max[axis], true, inside,
                                         glm::dvec3(p), direction);
        }
        if (!inside) {
            if (trace != nullptr) [[unlikely]] {
                trace->DecideLast();
                trace->verdict = Format("outside: the point is not strictly inside the box's %s extent (the open "
                                        "box leaves out its boundary)",
                                        AxisName(axis));
            }
            return out;
        }
    }
    out.hit = true;
    if (trace != nullptr) [[unlikely]] {
        trace->Add("strictly inside on every axis", {}, PointPart{"point", glm::dvec3(p), true});
        trace->DecideLast();
        trace->verdict = "inside: the point is strictly inside the box";
    }
    return out;
}

/// Reference. Squared distance: inside when |p - c|^2 <= r^2 (no square root; closed: a point on
/// the sphere is inside). Exact when the differences, squares and sum are representable; else
/// within rounding of the boundary. Every finite input: when p - c or a square would overflow or
/// underflow, p - c and r are first scaled by one power of two (exact). NaN gives outside.
/// depth: r - |p - c| (0 on the sphere). trace: the squared distance against r^2.
template <typename T>
OverlapResult<T> PointSphereSquared(const Point<T>& point, const Sphere<T>& sphere, Trace* trace = nullptr)
{
    const Vec3<T>& p = point.position;
    const T r = sphere.radius;
    int ed = 0;
    const Vec3<T> d = detail::SafeDifference(p, sphere.center, ed);
    const T distSq = d.x * d.x + d.y * d.y + d.z * d.z;
    const T rSq = r * r;
    OverlapResult<T> out;
    const bool zero = d.x == T(0) && d.y == T(0) && d.z == T(0);
    const bool inRange =
        ed == 0 && detail::NonNegativeInRange(distSq, detail::kPointSphereSquareMin<T>, std::numeric_limits<T>::max());
    if (zero) {
        out.hit = r >= T(0);
        out.depth = r;
    } else if (!inRange && detail::AllFinite(d) && std::isfinite(r)) [[unlikely]] {
        out = detail::PointSphereScaled(d, ed, r);
    } else {
        out.hit = distSq <= rSq;
        out.depth = out.hit ? r - std::sqrt(distSq) + T(0) : T(0);
    }
    out.contact = out.hit ? p : Vec3<T>(0);
    if (trace != nullptr) [[unlikely]] {
        const int digits = DistinctDigits(double(distSq), double(rSq));
        trace->Add(
            Format("|p - c|^2 = %.*g %s r^2 = %.*g", digits, double(distSq), out.hit ? "<=" : ">", digits, double(rSq)),
            {{"dist_sq", double(distSq)}, {"r_sq", double(rSq)}},
            SegmentPart{"centre to point", glm::dvec3(sphere.center), glm::dvec3(p), out.hit});
        trace->DecideLast();
        trace->verdict = !out.hit ? Format("outside: the point is %g from the centre, beyond the radius %g",
                                           std::sqrt(double(distSq)), double(r))
                         : out.depth == T(0)
                             ? "inside: the point lies on the sphere, which counts as inside (closed ball)"
                             : Format("inside: the point is %g inside the sphere", double(out.depth));
    }
    return out;
}

/// Distance: inside when |p - c| <= r, a square root per test (glm::distance). Same verdicts as
/// the squared test where both are exact, but the square is taken without rescaling: a distance
/// beyond sqrt(max) overflows (outside) and one below sqrt(min) underflows to 0 (inside). NaN gives
/// outside. depth: r - |p - c|.
template <typename T>
OverlapResult<T> PointSphereDistance(const Point<T>& point, const Sphere<T>& sphere, Trace* trace = nullptr)
{
    const Vec3<T> d = point.position - sphere.center;
    const T dist = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
    OverlapResult<T> out;
    out.hit = dist <= sphere.radius;
    if (out.hit) {
        out.depth = sphere.radius - dist + T(0);
        out.contact = point.position;
    }
    if (trace != nullptr) [[unlikely]] {
        const int digits = DistinctDigits(double(dist), double(sphere.radius));
        trace->Add(Format("|p - c| = %.*g %s r = %.*g", digits, double(dist), out.hit ? "<=" : ">", digits,
                          double(sphere.radius)),
                   {{"dist", double(dist)}, {"r", double(sphere.radius)}},
                   SegmentPart{"centre to point", glm::dvec3(sphere.center), glm::dvec3(point.position), out.hit});
        trace->DecideLast();
        trace->verdict = out.hit ? Format("inside: the point is %g from the centre, within the radius %g", double(dist),
                                          double(sphere.radius))
                                 : Format("outside: the point is %g from the centre, beyond the radius %g",
                                          double(dist), double(sphere.radius));
    }
    return out;
}

namespace detail {

/// The containment test of a point whose coordinates in the box frame are local: |local_i| <= h_i
/// on every axis, traced per axis; depth min(h_i - |local_i|).
template <typename T>
OverlapResult<T> PointObbLocal(const Point<T>& point, const Obb<T>& box, const Vec3<T>& local, Trace* trace)
{
    static const char* const kNames[3] = {"axis 0", "axis 1", "axis 2"};
    OverlapResult<T> out;
    for (int i = 0; i < 3; ++i) {
        const T h = box.halfExtents[i];
        const bool inside = -h <= local[i] && local[i] <= h;
        if (trace != nullptr) [[unlikely]] {
            TraceAxisContainment(*trace, kNames[i], -h, local[i], h, false, inside, glm::dvec3(point.position),
                                 glm::dvec3(box.axes[static_cast<size_t>(i)]));
        }
        if (!inside) {
            if (trace != nullptr) [[unlikely]] {
                trace->DecideLast();
                trace->verdict = Format("outside: the point's coordinate %g along the box's %s is beyond its half "
                                        "extent %g",
                                        double(local[i]), kNames[i], double(h));
            }
            return out;
        }
    }
    out.hit = true;
    out.depth = std::numeric_limits<T>::infinity();
    for (int i = 0; i < 3; ++i) {
        const T slack = box.halfExtents[i] - std::abs(local[i]);
        out.depth = slack < out.depth ? slack : out.depth;
    }
    out.depth = out.depth + T(0);
    out.contact = point.position;
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("nearest face %g away: depth %g", double(out.depth), double(out.depth)),
                   {{"depth", double(out.depth)}}, PointPart{"point", glm::dvec3(point.position), true});
        trace->DecideLast();
        trace->verdict = out.depth == T(0) ? "inside: the point lies on the box's boundary, which counts as inside "
                                             "(closed box)"
                                           : Format("inside: the point is inside the box, %g from its nearest face",
                                                    double(out.depth));
    }
    return out;
}

} // namespace detail

/// Reference. Projection on the box's axes (Ericson, Real-Time Collision Detection (2005) 5.1.4):
/// local_i = (p - c) . axes[i], inside when |local_i| <= h_i on every axis (closed). Exact when the
/// products and sums are representable (an axis-aligned box); else within rounding of the faces.
/// NaN gives outside. depth: min over the axes of h_i - |local_i|.
template <typename T>
OverlapResult<T> PointObbProjection(const Point<T>& point, const Obb<T>& box, Trace* trace = nullptr)
{
    const Vec3<T> d = point.position - box.center;
    const Vec3<T> local{glm::dot(d, box.axes[0]), glm::dot(d, box.axes[1]), glm::dot(d, box.axes[2])};
    return detail::PointObbLocal(point, box, local, trace);
}

/// Into the box frame by the inverse matrix: local = inverse([a0 a1 a2]) (p - c), as a scene
/// graph's world-to-local transform does, then the closed test. For orthonormal axes the inverse
/// is the transpose, i.e. the same projection, but glm::inverse divides cofactors by the
/// determinant, which rounds: a point on a face of a rotated box can come out on either side.
template <typename T>
OverlapResult<T> PointObbInverse(const Point<T>& point, const Obb<T>& box, Trace* trace = nullptr)
{
    const glm::mat<3, 3, T, glm::defaultp> frame(box.axes[0], box.axes[1], box.axes[2]);
    const Vec3<T> local = glm::inverse(frame) * (point.position - box.center);
    if (trace != nullptr) [[unlikely]] {
        trace->Add(
            Format("local = inverse(axes) (p - c) = (%g, %g, %g)", double(local.x), double(local.y), double(local.z)),
            {{"x", double(local.x)}, {"y", double(local.y)}, {"z", double(local.z)}});
    }
    return detail::PointObbLocal(point, box, local, trace);
}

} // namespace hitlab
