// ray_sphere: a ray against a closed ball. The reference (Ray Tracing Gems' stable quadratic)
// and the textbook quadratic; the published listings and glm are in ray_sphere_published.h.
#pragma once

#include "result.h"
#include "trace.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace hitlab {

namespace detail {

/// Shared ending of the quadratic methods: the roots t0 <= t1 of the line (disc >= 0) clipped to t >= 0.
/// Origin inside (t0 < 0 <= t1) hits with tEnter = 0 and no normal; normal (point - c) / r otherwise (r > 0).
template <typename T>
CastResult<T> SphereRootsToResult(const Ray<T>& ray, const Sphere<T>& sphere, bool real, T t0, T t1)
{
    CastResult<T> r;
    r.hit = real && t1 >= T(0);
    if (r.hit) {
        r.tEnter = (t0 > T(0) ? t0 : T(0)) + T(0); // -0 -> +0
        r.tExit = t1 + T(0);
        r.point = ray.origin + r.tEnter * ray.direction;
        if (t0 >= T(0) && sphere.radius > T(0)) {
            r.normal = (r.point - sphere.center) / sphere.radius;
            r.hasNormal = true;
        }
    }
    return r;
}

/// Trace ending of the quadratic methods: the roots step and the verdict.
template <typename T>
void TraceSphereRoots(Trace& trace, const CastResult<T>& r, bool real, T t0, T t1)
{
    if (!real) {
        trace.verdict = "miss: the line passes the centre farther than the radius (discriminant < 0)";
        return;
    }
    trace.Add(Format("roots t0 = %g, t1 = %g", double(t0), double(t1)), {{"t0", double(t0)}, {"t1", double(t1)}},
              PointPart{"entry", glm::dvec3(r.point), r.hit});
    trace.DecideLast();
    if (!r.hit) {
        trace.verdict = Format("miss: the sphere is behind the origin (both roots %g and %g are < 0)", double(t0),
                               double(t1));
    } else if (t0 < T(0)) {
        trace.verdict = Format("hit: the origin is inside the sphere (t0 = %g < 0); the ray leaves it at t = %g",
                               double(t0), double(r.tExit));
    } else if (t0 == t1) {
        trace.verdict = Format("hit: the ray touches the sphere at t = %g", double(r.tEnter));
    } else {
        trace.verdict = Format("hit: the ray enters at t = %g and leaves at t = %g", double(r.tEnter), double(r.tExit));
    }
}

} // namespace detail

/// Reference. Ray Tracing Gems ch. 7, "Precision Improvements for Ray/Sphere Intersection"
/// (Haines, Guenther, Akenine-Moeller 2019): with f = o - c, a = d.d, b = f.d (half the textbook b)
/// and c = f.f - r^2, the discriminant b^2 - a c is taken as a (r^2 - |l|^2), l = f - (b/a) d the
/// perpendicular from the centre to the line (no cancellation of two large squares far from the
/// origin); then q = -(b + sign(b) sqrt(disc)), t0 = c / q, t1 = q / a (no cancellation in -b +- root).
///
/// - Closed ball, t >= 0: a tangent ray hits with tEnter == tExit; the origin inside (or on the
///   surface pointing out) hits with tEnter = 0 and no normal; a zero radius is a point.
/// - direction need not be unit; t is in units of it. Exact when f, a, b, b/a, l, c and the roots are
///   representable (integers and small binary fractions with a power-of-two a, a tangent ray).
/// - normal: (point - c) / r at the entry (none when r == 0 or the origin is inside). NaN gives a miss.
template <typename T>
CastResult<T> RaySphereQuadraticStable(const Ray<T>& ray, const Sphere<T>& sphere, Trace* trace = nullptr)
{
    const Vec3<T>& d = ray.direction;
    const Vec3<T> f = ray.origin - sphere.center;
    const T a = glm::dot(d, d);
    const T b = glm::dot(f, d);
    const T rr = sphere.radius * sphere.radius;
    const T c = glm::dot(f, f) - rr;
    // perpendicular from the centre to the line
    const Vec3<T> l = f - (b / a) * d;
    const T ll = glm::dot(l, l);
    const T disc = a * (rr - ll);
    const bool real = disc >= T(0); // NaN -> miss
    T t0 = 0, t1 = 0, q = 0;
    if (real) {
        // q carries the sign of -b: no cancellation
        q = -(b + std::copysign(std::sqrt(disc), b));
        if (q != T(0)) {
            const T ta = c / q;
            const T tb = q / a;
            t0 = ta < tb ? ta : tb;
            t1 = ta < tb ? tb : ta;
        }
        // q == 0: b == 0 and disc == 0, the line touches the sphere at the origin (t0 = t1 = 0)
    }
    const CastResult<T> r = detail::SphereRootsToResult(ray, sphere, real, t0, t1);

    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("f = o - c; a = d.d = %g, b = f.d = %g, c = f.f - r^2 = %g", double(a), double(b), double(c)),
                   {{"a", double(a)}, {"b", double(b)}, {"c", double(c)}});
        const glm::dvec3 foot = glm::dvec3(sphere.center) + glm::dvec3(l);
        trace->Add(Format("projection of the centre onto the line at t = %g", -double(b / a)),
                   {{"t_projection", -double(b / a)}}, PointPart{"projection of the centre", foot, real});
        trace->Add(Format("perpendicular distance^2 |l|^2 = %g vs r^2 = %g; discriminant a(r^2 - |l|^2) = %g",
                          double(ll), double(rr), double(disc)),
                   {{"perp_dist_sq", double(ll)}, {"radius_sq", double(rr)}, {"discriminant", double(disc)}},
                   SegmentPart{"perpendicular distance vs radius", glm::dvec3(sphere.center), foot, real});
        if (!real) {
            trace->DecideLast();
        } else {
            trace->Add(Format("q = -(b + sign(b) sqrt(disc)) = %g", double(q)), {{"q", double(q)}});
        }
        detail::TraceSphereRoots(*trace, r, real, t0, t1);
    }
    return r;
}

/// The textbook quadratic: a = d.d, b = 2 f.d, c = f.f - r^2 (f = o - c), disc = b^2 - 4ac,
/// t = (-b -+ sqrt(disc)) / 2a. Same conventions as the reference (closed ball, t >= 0, origin inside
/// hits at t = 0, any direction), but far from the origin b^2 and 4ac are two large, nearly equal
/// numbers: their difference loses the hit or moves t (a unit sphere 10^4 away in float), and
/// -b + sqrt(disc) cancels for the far root. Exact on small integer inputs (the tangent case included).
template <typename T>
CastResult<T> RaySphereQuadratic(const Ray<T>& ray, const Sphere<T>& sphere, Trace* trace = nullptr)
{
    const Vec3<T>& d = ray.direction;
    const Vec3<T> f = ray.origin - sphere.center;
    const T a = glm::dot(d, d);
    const T b = T(2) * glm::dot(f, d);
    const T c = glm::dot(f, f) - sphere.radius * sphere.radius;
    const T disc = b * b - T(4) * a * c;
    const bool real = disc >= T(0); // NaN -> miss
    T t0 = 0, t1 = 0;
    if (real) {
        const T root = std::sqrt(disc);
        t0 = (-b - root) / (T(2) * a);
        t1 = (-b + root) / (T(2) * a);
    }
    const CastResult<T> r = detail::SphereRootsToResult(ray, sphere, real, t0, t1);

    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("f = o - c; a = d.d = %g, b = 2 f.d = %g, c = f.f - r^2 = %g", double(a), double(b), double(c)),
                   {{"a", double(a)}, {"b", double(b)}, {"c", double(c)}});
        // for display: the vertex of the parabola is where the centre projects onto the line
        const double tMid = -double(b) / (2.0 * double(a));
        const glm::dvec3 foot = glm::dvec3(ray.origin) + tMid * glm::dvec3(d);
        trace->Add(Format("projection of the centre onto the line at t = -b / 2a = %g", tMid), {{"t_projection", tMid}},
                   PointPart{"projection of the centre", foot, real});
        trace->Add(Format("discriminant b^2 - 4ac = %g - %g = %g", double(b * b), double(T(4) * a * c), double(disc)),
                   {{"b_sq", double(b * b)}, {"four_ac", double(T(4) * a * c)}, {"discriminant", double(disc)}},
                   SegmentPart{"perpendicular distance vs radius", glm::dvec3(sphere.center), foot, real});
        if (!real) {
            trace->DecideLast();
        }
        detail::TraceSphereRoots(*trace, r, real, t0, t1);
    }
    return r;
}

} // namespace hitlab
