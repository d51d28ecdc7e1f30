// ray_plane: a ray against the plane dot(normal, x) == distance. The exact reference and the
// one-sided listing that tutorials copy (front faces only, an epsilon, a maximum distance).
#pragma once

#include "result.h"
#include "trace.h"

#include <glm/geometric.hpp>

namespace hitlab {

namespace detail {
/// RayPlanePlane's trace (out of line and cold, so that the untraced test inlines into loops).
template <typename T>
[[gnu::cold, gnu::noinline]] void TracePlane(Trace& trace, T denom, T num, T t, const CastResult<T>& r);
extern template void TracePlane<float>(Trace&, float, float, float, const CastResult<float>&);
extern template void TracePlane<double>(Trace&, double, double, double, const CastResult<double>&);
} // namespace detail

/// Reference. t = (distance - n.o) / (n.dir) for a plane seen from either side.
///
/// - The origin on the plane (n.o == distance) hits at t = 0 whatever the direction: a ray lying
///   in the plane hits at t = 0, so does a ray leaving the plane. tEnter == tExit always.
/// - A parallel ray (n.dir == +0 or -0) off the plane misses; no 0/0 is formed.
/// - t >= 0; the plane behind the origin misses. The normal need not be unit, nor the direction;
///   t is in units of the direction. Exact whenever n.o, n.dir and the quotient are representable.
/// - normal: the plane's unit normal turned against the ray (n / |n| when the ray lies in the plane).
/// - NaN anywhere gives a miss (or a hit at t = 0 only if n.o == distance compares true).
template <typename T>
CastResult<T> RayPlanePlane(const Ray<T>& ray, const Plane<T>& plane, Trace* trace = nullptr)
{
    const T denom = glm::dot(plane.normal, ray.direction);
    const T num = plane.distance - glm::dot(plane.normal, ray.origin);

    CastResult<T> r;
    T t = 0;
    if (num == T(0)) {
        // origin on the plane
        r.hit = true;
    } else if (denom != T(0)) {
        t = num / denom;
        r.hit = t >= T(0); // NaN -> miss
    }
    // else: parallel and off the plane

    if (r.hit) {
        r.tEnter = t + T(0); // -0 -> +0
        r.tExit = r.tEnter;
        r.point = ray.origin + r.tEnter * ray.direction;
        const Vec3<T> unit = plane.normal / glm::length(plane.normal);
        r.normal = denom > T(0) ? -unit : unit;
        r.hasNormal = true;
    }

    if (trace != nullptr) [[unlikely]] {
        detail::TracePlane<T>(*trace, denom, num, t, r);
    }
    return r;
}

/// Maximum distance of RayPlaneOneSided, in units of the direction (a typical scene's far plane).
template <typename T>
inline constexpr T kPlaneOneSidedMaxDistance = T(10000);
/// Facing threshold of RayPlaneOneSided on the unnormalised dot(n, dir).
template <typename T>
inline constexpr T kPlaneOneSidedEpsilon = T(1e-6);

/// Published. The widely copied one-sided test (Scratchapixel "Ray-Plane and Ray-Disk
/// Intersection", intersectPlane; the same shape in LearnOpenGL-style picking code), with the
/// plane's normal facing the ray: the plane counts only when dot(n, dir) < -1e-6, and then
/// t = (distance - n.o) / dot(n, dir) is accepted when 0 <= t <= 10000.
///
/// - Back faces (dot(n, dir) >= -1e-6) miss, and so does a ray lying in the plane.
/// - The 1e-6 is absolute, on vectors the listing assumes unit: a short normal or direction turns a
///   steep hit into a miss (normal (0, 2^-24, 0), direction (0, -1, 0)).
/// - The origin on a front-facing plane hits at t = 0; t beyond 10000 misses.
/// - normal: n / |n| (it faces the ray). NaN gives a miss.
template <typename T>
CastResult<T> RayPlaneOneSided(const Ray<T>& ray, const Plane<T>& plane, Trace* trace = nullptr)
{
    const T denom = glm::dot(plane.normal, ray.direction);
    CastResult<T> r;
    T t = 0;
    const bool facing = denom < -kPlaneOneSidedEpsilon<T>;
    if (facing) {
        t = (plane.distance - glm::dot(plane.normal, ray.origin)) / denom;
        r.hit = t >= T(0) && t <= kPlaneOneSidedMaxDistance<T>;
    }
    if (r.hit) {
        r.tEnter = t + T(0);
        r.tExit = r.tEnter;
        r.point = ray.origin + r.tEnter * ray.direction;
        r.normal = plane.normal / glm::length(plane.normal);
        r.hasNormal = true;
    }

    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("denominator n.dir = %g; front face only when < -1e-6", double(denom)),
                   {{"n_dot_dir", double(denom)}, {"epsilon", -double(kPlaneOneSidedEpsilon<T>)}});
        if (!facing) {
            trace->DecideLast();
            trace->verdict = denom == T(0) ? "miss: the ray is parallel to the plane (the listing rejects it)"
                                           : Format("miss: the plane does not face the ray (n.dir = %g is not below "
                                                    "-1e-6)", double(denom));
        } else {
            trace->Add(Format("t = (distance - n.o) / n.dir = %g; accepted in [0, %g]", double(t),
                              double(kPlaneOneSidedMaxDistance<T>)),
                       {{"t", double(t)}, {"max_distance", double(kPlaneOneSidedMaxDistance<T>)}},
                       PointPart{"hit point", glm::dvec3(ray.origin + t * ray.direction), r.hit});
            trace->DecideLast();
            if (r.hit) {
                trace->verdict = Format("hit: the ray meets the front of the plane at t = %g", double(r.tEnter));
            } else if (t < T(0)) {
                trace->verdict = Format("miss: the plane is behind the origin (t = %g < 0)", double(t));
            } else {
                trace->verdict = Format("miss: t = %g is beyond the maximum distance %g", double(t),
                                        double(kPlaneOneSidedMaxDistance<T>));
            }
        }
    }
    return r;
}

} // namespace hitlab
