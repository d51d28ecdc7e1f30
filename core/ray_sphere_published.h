// ray_sphere, continued: the published geometric listing and glm::intersectRaySphere as shipped,
// both reproduced as they behave (unit direction assumed, origin inside, epsilons).
#pragma once

#include "ray_sphere.h"

#include <glm/gtx/intersect.hpp>

#include <limits>

namespace hitlab {

/// Maximum distance of RaySphereGeometric, in units of the direction (a typical scene's far plane).
template <typename T>
inline constexpr T kGeometricMaxDistance = T(10000);

/// Published. The geometric solution of Scratchapixel's minimal ray tracer ("A Minimal Ray-Tracer:
/// Rendering Simple Shapes", and Sphere::intersect of its "simple ray tracer" listing): L = c - o,
/// tca = L.d, reject when tca < 0 (sphere behind), d2 = L.L - tca^2, reject when d2 > r^2,
/// thc = sqrt(r^2 - d2), t0 = tca - thc, t1 = tca + thc; the caller keeps the near hit t0 when
/// 0 <= t0 <= 10000 (the maximum distance), so this is the "nearest hit in front" form.
///
/// - The direction must be unit: tca and d2 are only distances when |d| = 1, so another length
///   gives a wrong t and can turn a miss into a hit or a hit into a miss (not renormalised here).
/// - The origin inside misses: either tca < 0 (centre behind) or t0 < 0. The origin on the
///   surface hits at t = 0 when the ray points inwards (t0 == 0), misses when it points out.
/// - Closed: a tangent ray (d2 == r^2) hits. tExit is t1. No normal. NaN gives a miss.
template <typename T>
CastResult<T> RaySphereGeometric(const Ray<T>& ray, const Sphere<T>& sphere, Trace* trace = nullptr)
{
    const Vec3<T>& d = ray.direction;
    const Vec3<T> L = sphere.center - ray.origin;
    const T rr = sphere.radius * sphere.radius;
    // projection of the centre onto the ray
    const T tca = glm::dot(L, d);
    const bool ahead = tca >= T(0); // NaN -> rejected below
    T d2 = 0, thc = 0, t0 = 0, t1 = 0;
    bool close = false;
    CastResult<T> r;
    if (ahead) {
        // squared distance from the centre to the ray, as if |d| = 1
        d2 = glm::dot(L, L) - tca * tca;
        close = !(d2 > rr) && d2 == d2;
        if (close) {
            thc = std::sqrt(rr - d2);
            t0 = tca - thc;
            t1 = tca + thc;
            // near hit only, within the maximum distance
            r.hit = t0 >= T(0) && t0 <= kGeometricMaxDistance<T>;
        }
    }
    if (r.hit) {
        r.tEnter = t0 + T(0);
        r.tExit = t1;
        r.point = ray.origin + r.tEnter * d;
    }

    if (trace != nullptr) [[unlikely]] {
        const glm::dvec3 foot = glm::dvec3(ray.origin) + double(tca) * glm::dvec3(d);
        trace->Add(Format("L = c - o; tca = L.d = %g (projection of the centre, for a unit direction)", double(tca)),
                   {{"tca", double(tca)}}, PointPart{"projection of the centre", foot, ahead});
        if (!ahead) {
            trace->DecideLast();
            trace->verdict =
                Format("miss: tca = %g < 0, the listing takes the sphere to be behind the ray", double(tca));
            return r;
        }
        trace->Add(Format("d2 = L.L - tca^2 = %g vs r^2 = %g", double(d2), double(rr)),
                   {{"perp_dist_sq", double(d2)}, {"radius_sq", double(rr)}},
                   SegmentPart{"perpendicular distance vs radius", glm::dvec3(sphere.center), foot, close});
        if (!close) {
            trace->DecideLast();
            trace->verdict = Format("miss: the ray passes the centre at d2 = %g > r^2 = %g", double(d2), double(rr));
            return r;
        }
        trace->Add(Format("thc = sqrt(r^2 - d2) = %g; t0 = %g, t1 = %g", double(thc), double(t0), double(t1)),
                   {{"thc", double(thc)}, {"t0", double(t0)}, {"t1", double(t1)}},
                   PointPart{"entry", glm::dvec3(ray.origin + t0 * d), r.hit});
        trace->DecideLast();
        if (r.hit) {
            trace->verdict = Format("hit: the ray enters at t0 = %g", double(r.tEnter));
        } else if (t0 < T(0)) {
            trace->verdict =
                Format("miss: t0 = %g < 0, the origin is inside the sphere and the listing keeps only t0", double(t0));
        } else {
            trace->verdict =
                Format("miss: t0 = %g is beyond the maximum distance %g", double(t0), double(kGeometricMaxDistance<T>));
        }
    }
    return r;
}

/// Peer. glm::intersectRaySphere of glm 0.9.9.8 (gtx/intersect.inl), the distance overload called
/// with radius * radius exactly as its position/normal overload does, then that overload's
/// position (origin + direction * distance) and normal ((position - centre) / radius).
///
/// What glm does (read from intersect.inl): tca = (c - o).dir, d2 = |c - o|^2 - tca^2, miss when
/// d2 > r^2 (tangent hits), thc = sqrt(r^2 - d2); distance = tca - thc when tca > thc + eps, else
/// tca + thc; hit when distance > eps, eps = numeric_limits<T>::epsilon() (absolute).
/// - The direction must be unit (the parameter is rayNormalizedDirection); it is passed as given.
/// - The origin inside hits, and the distance glm returns is the exit (t1): tEnter holds that
///   distance, the point and normal are at the exit. The same happens when the entry is closer than
///   eps. The origin on the surface pointing out misses (distance 0 is not > eps).
/// - Only one distance: tExit is not computed (set equal to tEnter). No normal when r == 0 (glm
///   would divide by zero).
template <typename T>
CastResult<T> RaySphereGlm(const Ray<T>& ray, const Sphere<T>& sphere, Trace* trace = nullptr)
{
    const T rr = sphere.radius * sphere.radius;
    T distance = 0;
    CastResult<T> r;
    r.hit = glm::intersectRaySphere(ray.origin, ray.direction, sphere.center, rr, distance);
    if (r.hit) {
        r.tEnter = distance;
        r.tExit = distance;
        r.point = ray.origin + ray.direction * distance;
        if (sphere.radius > T(0)) {
            r.normal = (r.point - sphere.center) / sphere.radius;
            r.hasNormal = true;
        }
    }

    if (trace != nullptr) [[unlikely]] {
        const T eps = std::numeric_limits<T>::epsilon();
        trace->Add(Format("glm::intersectRaySphere(origin, direction, centre, radius^2 = %g)", double(rr)),
                   {{"radius_sq", double(rr)}, {"epsilon", double(eps)}});
        // glm's internals are not observable: the same expressions as intersect.inl, for display only
        const Vec3<T> diff = sphere.center - ray.origin;
        const T tca = glm::dot(diff, ray.direction);
        const T d2 = glm::dot(diff, diff) - tca * tca;
        const glm::dvec3 foot = glm::dvec3(ray.origin) + double(tca) * glm::dvec3(ray.direction);
        trace->Add(Format("inside glm: t0 = (c - o).dir = %g (projection of the centre)", double(tca)),
                   {{"tca", double(tca)}}, PointPart{"projection of the centre", foot, true});
        trace->Add(Format("inside glm: dSquared = %g vs r^2 = %g", double(d2), double(rr)),
                   {{"perp_dist_sq", double(d2)}, {"radius_sq", double(rr)}},
                   SegmentPart{"perpendicular distance vs radius", glm::dvec3(sphere.center), foot, !(d2 > rr)});
        if (d2 > rr) {
            trace->DecideLast();
            trace->verdict = "miss: glm finds the ray passes the centre farther than the radius";
            return r;
        }
        const T thc = std::sqrt(rr - d2);
        const T dist = tca > thc + eps ? tca - thc : tca + thc;
        trace->Add(Format("inside glm: distance = %s = %g; hit when > epsilon", tca > thc + eps ? "t0 - t1" : "t0 + t1",
                          double(dist)),
                   {{"thc", double(thc)}, {"distance", double(dist)}},
                   PointPart{"intersectionPosition", glm::dvec3(ray.origin + ray.direction * dist), r.hit});
        trace->DecideLast();
        if (!r.hit) {
            trace->verdict = Format("miss: glm's distance %g is not above epsilon %g", double(dist), double(eps));
        } else if (tca > thc + eps) {
            trace->verdict = Format("hit: glm returns the entry at t = %g", double(distance));
        } else {
            trace->verdict = Format("hit: glm returns the far crossing at t = %g (origin inside, or entry within "
                                    "epsilon)",
                                    double(distance));
        }
    }
    return r;
}

} // namespace hitlab
