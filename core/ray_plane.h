// ray_plane: a ray against the plane dot(normal, x) == distance. The exact reference and the
// one-sided listing that tutorials copy (front faces only, an epsilon, a maximum distance).
#pragma once

#include "result.h"
#include "trace.h"
#include "wide.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hitlab {

namespace detail {
/// RayPlanePlane's trace from the values it decided on (in T, or in Wide<T> on the wide path; out of
/// line and cold, so that the untraced test inlines into loops).
template <typename T, typename U>
[[gnu::cold, gnu::noinline]] void TracePlane(Trace& trace, U denom, U num, U t, const CastResult<T>& r);
extern template void TracePlane<float, float>(Trace&, float, float, float, const CastResult<float>&);
extern template void TracePlane<double, double>(Trace&, double, double, double, const CastResult<double>&);
extern template void TracePlane<float, double>(Trace&, double, double, double, const CastResult<float>&);
extern template void TracePlane<double, long double>(Trace&, long double, long double, long double,
                                                     const CastResult<double>&);

/// The least magnitude of n.o, n.dir and |n|^2 that the fast path takes: above it each product's
/// underflow error (at most half the smallest subnormal) is far below an ulp of the sum.
template <typename T>
inline constexpr T kWellScaledMin = std::numeric_limits<T>::min() / std::numeric_limits<T>::epsilon();

/// n / |n| with |n| computed in Wide<T>, where |n|^2 neither over- nor underflows (inlined into
/// unlikely branches, like RayPlaneWide).
template <typename T>
[[gnu::always_inline]] inline Vec3<T> UnitWide(const Vec3<T>& n)
{
    using W = Wide<T>;
    const WideVec3<T> w = Widened(n);
    const W length = std::sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
    return Vec3<T>(T(w[0] / length), T(w[1] / length), T(w[2] / length));
}

/// RayPlanePlane in Wide<T>: n.dir, n.o, t and the point computed where no product of two T over-
/// or underflows, then rounded to T (+-inf beyond its range). Inlined into RayPlanePlane's unlikely
/// branch rather than called, so that callers' loops keep their registers.
template <typename T>
[[gnu::always_inline]] inline CastResult<T> RayPlaneWide(const Ray<T>& ray, const Plane<T>& plane, Trace* trace)
{
    using W = Wide<T>;
    const WideVec3<T> n = Widened(plane.normal), o = Widened(ray.origin), d = Widened(ray.direction);
    // n.dir and distance - n.o, as if in twice W's precision: cancellation between the terms (a
    // far origin near the plane, a direction almost parallel to it) loses nothing
    const W denom = AccurateDotPlus<W>(W(0), n, d);
    const WideVec3<T> minusO{-o[0], -o[1], -o[2]};
    const W num = AccurateDotPlus<W>(W(plane.distance), n, minusO);
    CastResult<T> r;
    W t = 0;
    if (num == W(0)) {
        // origin on the plane
        r.hit = true;
    } else if (denom != W(0)) {
        // nonzero / nonzero never underflows to 0 in W: t > 0 is "num and denom of one sign" (NaN: miss)
        t = num / denom;
        r.hit = t > W(0);
    }
    if (r.hit) {
        r.tEnter = T(t) + T(0); // -0 -> +0
        r.tExit = r.tEnter;
        r.point = PointAtWide(ray.origin, ray.direction, t);
        const Vec3<T> unit = UnitWide(plane.normal);
        r.normal = denom > W(0) ? -unit : unit;
        r.hasNormal = true;
    }
    if (trace != nullptr) [[unlikely]] {
        TracePlane<T, W>(*trace, denom, num, t, r);
    }
    return r;
}

/// Whether the fast t could be off by more than about an ulp of max(|t|, the query's scale): the
/// rounding of distance - n.o and of n.dir (about an ulp of the sums of their terms' magnitudes,
/// so and sd) moves t by so / |n.dir| + |t| sd / |n.dir| ulps, measured against max(|t|, S) with S
/// = max|o_i| / (2 max|d_i|), below the comparison's scale (the largest coordinate over |dir|).
/// Careful when that exceeds 3 ulps (a direction near parallel to the plane, or a far origin near
/// it with a short t), or when distance - n.o lies within 8 epsilon of so of zero (the origin's
/// side, which decides the verdict, within its rounding). Then RayPlaneCareful redoes the query.
inline constexpr double kPlaneCareUlps = 6;

template <typename T>
[[gnu::always_inline]] inline bool PlaneNeedsCare(const Ray<T>& ray, const Plane<T>& plane, T denom, T num, T t)
{
    const Vec3<T>& n = plane.normal;
    const Vec3<T>& o = ray.origin;
    const Vec3<T>& d = ray.direction;
    const T sd = std::abs(n.x * d.x) + std::abs(n.y * d.y) + std::abs(n.z * d.z);
    const T so = std::abs(plane.distance) + std::abs(n.x * o.x) + std::abs(n.y * o.y) + std::abs(n.z * o.z);
    const T mo = std::max(std::abs(o.x), std::max(std::abs(o.y), std::abs(o.z)));
    const T md = std::max(std::abs(d.x), std::max(std::abs(d.y), std::abs(d.z)));
    const T scale = std::max(std::abs(t), mo / (T(2) * md));
    // ... or the sign of distance - n.o (the origin's side: the verdict) within its rounding
    return so + sd * scale > T(kPlaneCareUlps) * std::abs(denom) * scale ||
           std::abs(num) <= T(8) * std::numeric_limits<T>::epsilon() * so;
}

/// RayPlanePlane's careful path: n.dir and distance - n.o as exact double expansions (each a sum
/// of three exact products, and the distance), so the verdict is their exact signs' and t their
/// quotient in double-double, rounded once (within an ulp). Every nonzero input's magnitude must
/// lie in [2^-500, 2^500] (no product over- or underflows a double): otherwise RayPlaneWide.
template <typename T>
[[gnu::cold, gnu::noinline]] CastResult<T> RayPlaneCareful(const Ray<T>& ray, const Plane<T>& plane, Trace* trace);
extern template CastResult<float> RayPlaneCareful<float>(const Ray<float>&, const Plane<float>&, Trace*);
extern template CastResult<double> RayPlaneCareful<double>(const Ray<double>&, const Plane<double>&, Trace*);

} // namespace detail

/// Reference. t = (distance - n.o) / (n.dir) for a plane seen from either side.
///
/// - The origin on the plane (n.o == distance) hits at t = 0 whatever the direction: a ray lying
///   in the plane hits at t = 0, so does a ray leaving the plane. tEnter == tExit always.
/// - A parallel ray (n.dir == +0 or -0) off the plane misses; no 0/0 is formed.
/// - t >= 0; the plane behind the origin misses. The normal need not be unit, nor the direction;
///   t is in units of the direction. The verdict is the signs of the numerator and denominator, so
///   a t that underflows to 0 never turns a plane behind the origin into a hit. t is the correctly
///   rounded quotient (0.5 ulp) when n.o and n.dir are exact and well inside T's range.
/// - Extremes: when n.dir or distance - n.o is 0, beyond T's range or near its underflow
///   (detail::kWellScaledMin), or t is not a normal T, everything is redone in Wide<T> (double for
///   float, long double for double), where no product of two T over- or underflows, with n.o and
///   n.dir summed as if in twice Wide<T>'s precision (AccurateDotPlus); then t is within 1 ulp, a t
///   beyond T's range is +inf, and the origin lies on the plane only when distance - n.o is 0 there
///   (not when it underflowed or cancelled in T).
/// - Cancellation (a direction nearly parallel to the plane; a far origin near it): when the
///   rounding of n.dir and distance - n.o could move t by more than 3 ulps of max(|t|, the query's
///   scale) (detail::PlaneNeedsCare), RayPlaneCareful recomputes both exactly (double expansions,
///   no fma) and divides in double-double: the verdict is exact and t within an ulp.
/// - normal: the plane's unit normal turned against the ray (n / |n| when the ray lies in the plane),
///   normalised in Wide<T> when |n|^2 over- or underflows T.
/// - NaN anywhere gives a miss (or a hit at t = 0 only if n.o == distance compares true).
template <typename T>
CastResult<T> RayPlanePlane(const Ray<T>& ray, const Plane<T>& plane, Trace* trace = nullptr)
{
    const T denom = glm::dot(plane.normal, ray.direction);
    const T num = plane.distance - glm::dot(plane.normal, ray.origin);
    const T t = num / denom;
    // the origin on the plane (t = 0), a parallel ray (t = +-inf or NaN), NaN or an extreme: the
    // wide path decides
    const T smaller = std::min(std::abs(num), std::abs(denom));
    if (!(smaller >= detail::kWellScaledMin<T> && std::abs(t) >= std::numeric_limits<T>::min() &&
          std::abs(t) <= std::numeric_limits<T>::max())) [[unlikely]] {
        return detail::RayPlaneWide(ray, plane, trace);
    }
    if (detail::PlaneNeedsCare(ray, plane, denom, num, t)) [[unlikely]] {
        return detail::RayPlaneCareful(ray, plane, trace);
    }

    CastResult<T> r;
    r.hit = t > T(0); // num and denom of one sign
    if (r.hit) {
        r.tEnter = t;
        r.tExit = t;
        r.point = ray.origin + t * ray.direction;
        const T length2 = glm::dot(plane.normal, plane.normal);
        const Vec3<T> unit = length2 >= detail::kWellScaledMin<T> && length2 <= std::numeric_limits<T>::max()
                                 ? plane.normal / std::sqrt(length2)
                                 : detail::UnitWide(plane.normal);
        r.normal = denom > T(0) ? -unit : unit;
        r.hasNormal = true;
    }

    if (trace != nullptr) [[unlikely]] {
        detail::TracePlane<T, T>(*trace, denom, num, t, r);
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
                                                    "-1e-6)",
                                                    double(denom));
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
