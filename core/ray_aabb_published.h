// ray_aabb, published variants: listings that are widely copied, reproduced with their flaws
// (and without undefined behaviour) so that HitLab can show where and why they differ.
#pragma once

#include "ray_aabb.h"

namespace hitlab {

/// The per-face test as widely copied from the candidate-plane idea of Woo, "Fast Ray-Box
/// Intersection", Graphics Gems (1990): for each axis take the face that faces the ray (min when
/// the component is positive, max when negative; none when it is +-0), t = (plane - o) / d, keep
/// t > 0 only, and accept the point when it lies strictly inside the face rectangle. First face
/// accepted (x, y, z order) wins.
/// - origin inside: miss (the facing planes are behind it). Woo's own listing hits there; the copies do not.
/// - boundary exclusive: a ray entering exactly through an edge or corner, or lying in a face plane, misses.
/// - t > 0: an origin on the surface misses. Fills tEnter (the face's t), point and normal; no tExit.
template <typename T>
CastResult<T> RayAabbFacePlanes(const Ray<T>& ray, const Aabb<T>& box, Trace* trace = nullptr)
{
    CastResult<T> r;
    for (int axis = 0; axis < 3; ++axis) {
        const T d = ray.direction[axis];
        // the facing face: min when moving up the axis, max when moving down
        const int face = 2 * axis + (d > 0 ? 0 : 1);
        if (d == T(0)) {
            if (trace != nullptr) [[unlikely]] {
                FacePart part{.face = face, .t = 0, .point = {}, .tested = false};
                detail::TraceFaceStep(*trace, part, "parallel: skipped", false);
            }
            continue;
        }
        const T plane = d > 0 ? box.min[axis] : box.max[axis];
        const T t = (plane - ray.origin[axis]) / d;
        Vec3<T> p = ray.origin + t * ray.direction;
        p[axis] = plane;
        const int u = (axis + 1) % 3;
        const int v = (axis + 2) % 3;
        // in front, and strictly inside the face rectangle
        const bool front = t > T(0);
        const bool inside = p[u] > box.min[u] && p[u] < box.max[u] && p[v] > box.min[v] && p[v] < box.max[v];
        const bool accepted = front && inside;
        if (trace != nullptr) [[unlikely]] {
            FacePart part{.face = face,
                          .t = double(t),
                          .point = glm::dvec3(p),
                          .tested = front,
                          .inside = inside,
                          .accepted = accepted};
            detail::TraceFaceStep(*trace, part,
                                  !front   ? "t <= 0: behind the origin, skipped"
                                  : inside ? "strictly inside the face: accepted"
                                           : "not strictly inside the face rectangle");
        }
        if (accepted) {
            r.hit = true;
            r.tEnter = t + T(0);
            r.point = p;
            r.normal = Vec3<T>(0);
            r.normal[axis] = d > 0 ? T(-1) : T(1);
            r.hasNormal = true;
            if (trace != nullptr) [[unlikely]] {
                trace->DecideLast();
                trace->verdict = Format("hit: enters through the %s face at t = %g", FaceName(face), double(t));
            }
            return r;
        }
    }
    if (trace != nullptr) [[unlikely]] {
        trace->Add("miss: no facing face has the point strictly inside it at t > 0");
        trace->DecideLast();
        trace->verdict = "miss: no facing face plane is crossed at t > 0 strictly inside its rectangle";
    }
    return r;
}

/// Six face planes: intersect the ray with each face plane, skipping faces parallel to the ray
/// and faces whose outward normal does not oppose the direction (back faces, as the listings do to
/// halve the work), keep t >= 0, test the point against the closed box, and answer the smallest t.
/// - origin inside: miss (only back faces lie ahead), also when the origin is on the surface
///   pointing out. An origin on the surface pointing in hits at t = 0.
/// - boundary inclusive: edges, corners and a ray along a face hit. Fills tEnter, point, normal; no tExit.
template <typename T>
CastResult<T> RayAabbSixFaces(const Ray<T>& ray, const Aabb<T>& box, Trace* trace = nullptr)
{
    CastResult<T> r;
    int bestStep = -1;
    for (int face = 0; face < 6; ++face) {
        const int axis = face / 2;
        const bool maxFace = (face & 1) != 0;
        const T d = ray.direction[axis];
        // parallel or back face: skipped
        const bool facing = maxFace ? d < T(0) : d > T(0);
        if (!facing) {
            if (trace != nullptr) [[unlikely]] {
                FacePart part{.face = face, .t = 0, .point = {}, .tested = false};
                detail::TraceFaceStep(*trace, part, d == T(0) ? "parallel: skipped" : "back face: skipped", false);
            }
            continue;
        }
        const T plane = maxFace ? box.max[axis] : box.min[axis];
        const T t = (plane - ray.origin[axis]) / d;
        Vec3<T> p = ray.origin + t * ray.direction;
        p[axis] = plane;
        // closed containment
        const bool inside = p.x >= box.min.x && p.x <= box.max.x && p.y >= box.min.y && p.y <= box.max.y &&
                            p.z >= box.min.z && p.z <= box.max.z;
        const bool better = t >= T(0) && inside && (!r.hit || t < r.tEnter);
        if (better) {
            r.hit = true;
            r.tEnter = t + T(0);
            r.point = p;
            r.normal = Vec3<T>(0);
            r.normal[axis] = maxFace ? T(1) : T(-1);
            r.hasNormal = true;
        }
        if (trace != nullptr) [[unlikely]] {
            FacePart part{.face = face, .t = double(t), .point = glm::dvec3(p), .tested = t >= T(0), .inside = inside};
            const int step = detail::TraceFaceStep(*trace, part,
                                                   t < T(0) ? "t < 0: behind the origin, skipped"
                                                   : inside ? "point inside the closed box"
                                                            : "point outside the box");
            bestStep = better ? step : bestStep;
        }
    }
    if (trace != nullptr) [[unlikely]] {
        if (r.hit) {
            std::get<FacePart>(trace->steps[static_cast<size_t>(bestStep)].part).accepted = true;
            trace->decidingStep = bestStep;
            trace->verdict = Format("hit: the nearest contained face point is on the %s face at t = %g",
                                    FaceName(std::get<FacePart>(trace->steps[static_cast<size_t>(bestStep)].part).face),
                                    double(r.tEnter));
        } else {
            trace->Add("miss: no front face is crossed at t >= 0 inside the box");
            trace->DecideLast();
            trace->verdict = "miss: no front face plane is crossed at t >= 0 inside the box";
        }
    }
    return r;
}

/// A slab listing as it circulates: t0 = largest entry, t1 = smallest exit over the non-parallel
/// axes, return t0 < t1; the parallel-axis test is printed with min and max swapped,
/// `if (o < max || o > min) return false;`.
/// - parallel: miss. Every ray with a zero (+-0) direction component misses, except against a box
///   flat on that axis (min == max == o), where both swapped comparisons are false.
/// - any t: no test that the box is in front, so a box behind the ray hits (tEnter, tExit < 0).
/// - boundary exclusive: t0 == t1 (through an edge or corner, a flat box) misses.
/// - origin inside hits with tEnter < 0. Fills tEnter, tExit (unclamped) and point; no normal.
template <typename T>
CastResult<T> RayAabbSlabListing(const Ray<T>& ray, const Aabb<T>& box, Trace* trace = nullptr)
{
    T t0 = -std::numeric_limits<T>::infinity();
    T t1 = std::numeric_limits<T>::infinity();
    CastResult<T> r;
    for (int axis = 0; axis < 3; ++axis) {
        const T o = ray.origin[axis];
        const T d = ray.direction[axis];
        if (d == T(0)) {
            // the printed test, min and max swapped
            const bool rejected = o < box.max[axis] || o > box.min[axis];
            if (trace != nullptr) [[unlikely]] {
                detail::TraceSlabStep(*trace, axis, true, box.min[axis] <= o && o <= box.max[axis], rejected, 0, 0,
                                      double(t0), double(t1),
                                      rejected ? " (swapped test o < max || o > min: rejected)"
                                               : " (swapped test o < max || o > min passes)");
                if (rejected) {
                    trace->DecideLast();
                    trace->verdict = Format("miss: the %s component is zero and the printed parallel test "
                                            "(min and max swapped) rejects every origin off a flat slab",
                                            AxisName(axis));
                }
            }
            if (rejected) {
                return r;
            }
            continue;
        }
        T tNear = (box.min[axis] - o) / d;
        T tFar = (box.max[axis] - o) / d;
        if (tNear > tFar) {
            std::swap(tNear, tFar);
        }
        t0 = tNear > t0 ? tNear : t0;
        t1 = tFar < t1 ? tFar : t1;
        if (trace != nullptr) [[unlikely]] {
            detail::TraceSlabStep(*trace, axis, false, false, false, double(tNear), double(tFar), double(t0),
                                  double(t1), "");
        }
    }
    r.hit = t0 < t1;
    if (r.hit) {
        r.tEnter = t0 + T(0);
        r.tExit = t1 + T(0);
        r.point = ray.origin + r.tEnter * ray.direction;
    }
    if (trace != nullptr) [[unlikely]] {
        trace->Add(
            Format("t0 = %g < t1 = %g is %s (no check that t1 >= 0)", double(t0), double(t1), r.hit ? "true" : "false"),
            {{"t0", double(t0)}, {"t1", double(t1)}});
        trace->DecideLast();
        trace->verdict =
            r.hit ? (t1 < T(0) ? Format("hit: reported although the box is behind the ray (t1 = %g)", double(t1))
                               : Format("hit: enter at t = %g, exit at t = %g", double(t0), double(t1)))
                  : Format("miss: t0 = %g is not strictly less than t1 = %g", double(t0), double(t1));
    }
    return r;
}

} // namespace hitlab
