// sphere_aabb: a sphere (a) against an axis-aligned box (b). The reference closest-point test
// (Arvo's clamp) and the expanded-box shortcut with its corner false positives.
#pragma once

#include "outcome_text.h"
#include "result.h"
#include "scale.h"
#include "trace.h"

#include <cmath>
#include <limits>

namespace hitlab {

namespace detail {

/// SphereAabbClosestPoint's fast path is used when |c - q|^2 lies in [kSphereBoxSquareMin, max]
/// (or is 0 with r^2 at least kSphereBoxSquareMin): the distance did not overflow and what
/// underflowed is negligible. float 2^-80, double 2^-900.
template <typename T>
inline constexpr T kSphereBoxSquareMin = sizeof(T) == 4 ? T(0x1p-80) : T(0x1p-900);

/// The trace of the clamp, one step per axis, each with the two intervals on that axis (an
/// AxisPart: the ball's [c - r, c + r] as a, the box's as b; separating when they are disjoint),
/// for the viewport and the Query inspector's axes table. Disjoint on some axis means apart, but
/// overlapping on all three does not mean touching (near a corner or an edge).
template <typename T>
void TraceSphereClamp(Trace& trace, const Vec3<T>& c, T r, const Aabb<T>& box, const Vec3<T>& q)
{
    for (int axis = 0; axis < 3; ++axis) {
        AxisPart part;
        part.label = AxisName(axis);
        part.axis[axis] = 1;
        part.ra = double(r);
        part.rb = 0.5 * (double(box.max[axis]) - double(box.min[axis]));
        part.distance = std::abs(double(c[axis]) - (0.5 * double(box.min[axis]) + 0.5 * double(box.max[axis])));
        part.overlap = part.ra + part.rb - part.distance;
        part.separating = part.overlap < 0.0;
        trace.Add(Format("%s: clamp centre %g to [%g, %g] -> %g", AxisName(axis), double(c[axis]),
                         double(box.min[axis]), double(box.max[axis]), double(q[axis])),
                  {{"c", double(c[axis])}, {"q", double(q[axis])}}, std::move(part));
    }
}

/// The hit of a centre inside the box or on its surface (q == c): out through the nearest face.
template <typename T>
void SphereAabbInside(OverlapResult<T>& out, const Sphere<T>& sphere, const Aabb<T>& box, Trace* trace)
{
    const Vec3<T>& c = sphere.center;
    // each a correctly rounded difference (+inf when it overflows: the face is not the nearest)
    const T faceDist[6] = {c.x - box.min.x, box.max.x - c.x, c.y - box.min.y,
                           box.max.y - c.y, c.z - box.min.z, box.max.z - c.z};
    int face = 0;
    for (int f = 1; f < 6; ++f) {
        if (faceDist[f] < faceDist[face]) {
            face = f;
        }
    }
    out.depth = sphere.radius + faceDist[face] + T(0);
    // nearest face -x: the box moves +x so that its min x face clears the ball
    out.normal[face / 2] = (face % 2 == 0) ? T(1) : T(-1);
    if (trace != nullptr) [[unlikely]] {
        for (int f = 0; f < 6; ++f) {
            trace->Add(Format("centre to face %s: %g", FaceName(f), double(faceDist[f])),
                       {{"distance", double(faceDist[f])}});
        }
        trace->Add(Format("centre inside: nearest face %s, depth = r + %g = %g", FaceName(face), double(faceDist[face]),
                          double(out.depth)),
                   {{"depth", double(out.depth)}}, PointPart{"contact (centre)", glm::dvec3(out.contact), true});
        trace->verdict =
            Format("hit: the centre is inside the box; it moves out by %g through face %s (%s)", double(out.depth),
                   FaceName(face), NormalConventionText(glm::dvec3(out.normal), double(out.depth)).c_str());
    }
}

/// SphereAabbClosestPoint outside the fast range (finite inputs, a valid box): c - q (halved when
/// it overflows) and r scaled by one power of two so that the larger of |c - q| and r lies in
/// [1, 2); depth scaled back (+inf when beyond the range).
template <typename T>
[[gnu::cold, gnu::noinline]] OverlapResult<T> SphereAabbScaled(const Sphere<T>& sphere, const Aabb<T>& box,
                                                               const Vec3<T>& q, Trace* trace);
extern template OverlapResult<float> SphereAabbScaled<float>(const Sphere<float>&, const Aabb<float>&,
                                                             const Vec3<float>&, Trace*);
extern template OverlapResult<double> SphereAabbScaled<double>(const Sphere<double>&, const Aabb<double>&,
                                                               const Vec3<double>&, Trace*);

} // namespace detail

/// Reference. Arvo's closest-point test (Arvo, "A simple method for box-sphere intersection
/// testing", Graphics Gems 1990; Ericson, Real-Time Collision Detection (2005) 5.2.5): q is the
/// centre clamped to the box, hit when |c - q|^2 <= r^2 (closed: a tangent sphere hits, depth 0).
///
/// - Exact when the differences, their squares and the sum are representable (small binary
///   fractions); otherwise within rounding of the boundary (a few ulp of |c - q| and r).
/// - Every finite input: when c - q or a square would overflow, or |c - q|^2 is so small that
///   underflow could matter (below 2^-900, float 2^-80), c - q and r are first scaled by one
///   power of two (exact), so the verdict is the one of unbounded range. NaN gives a miss.
/// - Centre outside the box: depth = r - |c - q| >= 0, normal (q - c) / |q - c| (from the sphere's
///   centre towards the box: the box moves along it).
/// - Centre inside the box or on its surface (q == c): the box is pushed out through the face
///   nearest to the centre: depth = r + distance to that face (+inf when beyond the range);
///   normal = the direction the box moves, away from the centre (nearest face -x, i.e. the centre
///   is near the box's min x: +x). Ties pick the first face in the order -x, +x, -y, +y, -z, +z.
/// - contact: q, which lies in the box and in the ball.
/// - trace: the clamp per axis (an AxisPart with the ball's and the box's intervals on it), the
///   squared distance against r^2, and for an inside centre the six face distances.
template <typename T>
OverlapResult<T> SphereAabbClosestPoint(const Sphere<T>& sphere, const Aabb<T>& box, Trace* trace = nullptr)
{
    const Vec3<T>& c = sphere.center;
    const T r = sphere.radius;
    // clamp the centre to the box (Arvo)
    Vec3<T> q;
    bool valid = true; // NaN in the box (or min > max) must not hit; NaN in c or r propagates
    for (int axis = 0; axis < 3; ++axis) {
        const T lo = c[axis] >= box.min[axis] ? c[axis] : box.min[axis];
        q[axis] = lo <= box.max[axis] ? lo : box.max[axis];
        valid = valid && box.min[axis] <= box.max[axis];
    }
    const Vec3<T> d = q - c;
    const T distSq = d.x * d.x + d.y * d.y + d.z * d.z;
    const T rSq = r * r;
    // out of the fast range (overflow, an underflowing distance or radius) on finite inputs: rescale
    // (r^2 may overflow: with a finite distance the verdict and depth = r - |c - q| are still right)
    constexpr T tiny = detail::kSphereBoxSquareMin<T>;
    const bool inRange =
        detail::NonNegativeInRange(distSq, tiny, std::numeric_limits<T>::max()) || (distSq == T(0) && rSq >= tiny);
    if (!inRange && valid && detail::AllFinite(c) && detail::AllFinite(box.min) && detail::AllFinite(box.max) &&
        std::isfinite(r)) [[unlikely]] {
        return detail::SphereAabbScaled(sphere, box, q, trace);
    }

    OverlapResult<T> out;
    out.hit = valid && distSq <= rSq;

    if (trace != nullptr) [[unlikely]] {
        detail::TraceSphereClamp(*trace, c, r, box, q);
        trace->Add(Format("|c - q|^2 = %g %s r^2 = %g", double(distSq), out.hit ? "<=" : ">", double(rSq)),
                   {{"dist_sq", double(distSq)}, {"r_sq", double(rSq)}},
                   SegmentPart{"centre to closest point", glm::dvec3(c), glm::dvec3(q), out.hit});
        trace->DecideLast();
    }
    if (!out.hit) {
        if (trace != nullptr) [[unlikely]] {
            trace->Add("closest point", {}, PointPart{"q", glm::dvec3(q), false});
            trace->verdict = Format("miss: the closest point of the box is %g from the centre, beyond the radius %g",
                                    double(std::sqrt(double(distSq))), double(r));
        }
        return out;
    }

    out.contact = q;
    if (distSq > T(0)) {
        // centre outside: push the box away from the centre; sqrt(fl(r * r)) == r, so depth >= 0
        const T dist = std::sqrt(distSq);
        out.depth = r - dist + T(0);
        out.normal = d / dist;
        if (trace != nullptr) [[unlikely]] {
            trace->Add(Format("centre outside: depth = r - |c - q| = %g", double(out.depth)),
                       {{"dist", double(dist)}, {"depth", double(out.depth)}},
                       PointPart{"contact q", glm::dvec3(q), true});
            trace->verdict = out.depth == T(0)
                                 ? "hit: the sphere touches the box (depth 0)"
                                 : Format("hit: the sphere reaches %g into the box (%s)", double(out.depth),
                                          NormalConventionText(glm::dvec3(out.normal), double(out.depth)).c_str());
        }
        return out;
    }

    // centre inside (or on the surface, or within underflow of it): push out through the nearest face
    detail::SphereAabbInside(out, sphere, box, trace);
    return out;
}

/// Published: the expanded-box shortcut. Grows the box by r on every side and tests the centre
/// against it (closed, so a tangent sphere hits). The grown box has sharp corners and edges where
/// the true region (the box's Minkowski sum with the ball) is rounded, so a sphere near a corner
/// or an edge is reported as overlapping when it is not: centre (1.5, 1.5, 1.5), r = 0.75 against
/// the unit box. Fills only hit. NaN gives a miss.
/// - trace: the grown box first (a BoxPart, flag: the centre lies in it), then each axis's test.
template <typename T>
OverlapResult<T> SphereAabbExpandedBox(const Sphere<T>& sphere, const Aabb<T>& box, Trace* trace = nullptr)
{
    const Vec3<T> lo = box.min - Vec3<T>(sphere.radius);
    const Vec3<T> hi = box.max + Vec3<T>(sphere.radius);
    OverlapResult<T> out;
    out.hit = true;
    if (trace != nullptr) [[unlikely]] {
        // the grown box itself, for the viewport: its square corners are the false-positive region
        bool in = true;
        for (int axis = 0; axis < 3; ++axis) {
            in = in && lo[axis] <= sphere.center[axis] && sphere.center[axis] <= hi[axis];
        }
        trace->Add(Format("box grown by r = %g: [%g, %g] x [%g, %g] x [%g, %g]", double(sphere.radius), double(lo.x),
                          double(hi.x), double(lo.y), double(hi.y), double(lo.z), double(hi.z)),
                   {{"r", double(sphere.radius)}}, BoxPart{"grown box", glm::dvec3(lo), glm::dvec3(hi), in});
    }
    for (int axis = 0; axis < 3; ++axis) {
        const bool inside = lo[axis] <= sphere.center[axis] && sphere.center[axis] <= hi[axis];
        if (trace != nullptr) [[unlikely]] {
            trace->Add(Format("%s: centre %g %s grown interval [%g, %g]", AxisName(axis), double(sphere.center[axis]),
                              inside ? "in" : "outside", double(lo[axis]), double(hi[axis])),
                       {{"lo", double(lo[axis])}, {"hi", double(hi[axis])}, {"c", double(sphere.center[axis])}});
        }
        if (!inside) {
            out.hit = false;
            if (trace != nullptr) [[unlikely]] {
                trace->DecideLast();
                trace->verdict = Format("miss: the centre is outside the grown box along %s", AxisName(axis));
            }
            return out;
        }
    }
    if (trace != nullptr) [[unlikely]] {
        trace->Add("centre inside the box grown by r", {}, PointPart{"centre", glm::dvec3(sphere.center), true});
        trace->DecideLast();
        trace->verdict = "hit: the centre lies in the box grown by the radius (corners and edges included)";
    }
    return out;
}

} // namespace hitlab
