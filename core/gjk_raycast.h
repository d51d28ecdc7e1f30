// The GJK ray cast (van den Bergen, "Ray casting against general convex objects with application
// to continuous collision detection", 2004): a ray against any convex solid given by its support
// function (core/support.h), as Jolt's RandomRayTest compares it with the analytic casts.
#pragma once

#include "gjk_simplex.h"
#include "gjk_trace.h"
#include "result.h"
#include "support.h"
#include "trace.h"

#include <glm/geometric.hpp>

#include <cmath>
#include <limits>

namespace hitlab {

/// The ray cast's tolerance: it stops when ||v||^2 <= eps^2 max ||x - p||^2 over the simplex
/// (eps = 1e-4 in float, Jolt's default; 1e-7 in double), at most kGjkRayMaxIterations steps.
template <typename T>
inline constexpr T kGjkRayTolSq = sizeof(T) == 4 ? T(1e-8) : T(1e-14);
inline constexpr int kGjkRayMaxIterations = 128;

/// How the ray cast ended (for the flaw conditions "gjk tolerance" and "iteration cap").
struct GjkRayStats {
    int iterations = 0;
    bool byTolerance = false; ///< stopped by the tolerance test with ||v|| > 0 (not containment, not exactly on it)
    bool cap = false;         ///< kGjkRayMaxIterations reached
};

namespace detail {

template <typename T>
void TraceGjkRayStep(Trace& trace, int iteration, T lambda, const Vec3<T>& x, const Vec3<T>& v, const Vec3<T>& p,
                     const GjkSimplex<T>& s)
{
    std::vector<TraceValue> values;
    values.push_back({"iteration", double(iteration)});
    values.push_back({"lambda", double(lambda)});
    values.push_back({"simplex_size", double(s.count)});
    AddTraceVec(values, GjkTraceVec::Direction, v);
    AddTraceVec(values, GjkTraceVec::Support, p);
    for (int i = 0; i < s.count; ++i) {
        AddTraceVec(values, static_cast<GjkTraceVec>(i), s.v[i].a);
    }
    trace.Add(Format("GJK ray step %d: lambda = %g, ||v|| = %g", iteration, double(lambda), double(glm::length(v))),
              std::move(values), PointPart{"x = origin + lambda direction", glm::dvec3(x), false});
}

/// Recomputes the simplex's points x - p_i after x moved (the simplex holds the p_i in .a).
template <typename T>
void GjkRayShift(GjkSimplex<T>& s, const Vec3<T>& x)
{
    for (int i = 0; i < s.count; ++i) {
        s.v[i].w = x - s.v[i].a;
    }
}

} // namespace detail

/// van den Bergen's GJK ray cast: x = origin + lambda direction advances along the ray each time
/// the support point p of the solid along v = x - (nearest point of the simplex) shows a plane
/// separating x from the solid (v . (x - p) > 0): lambda -= v.w / v.r, the normal becomes v. A miss
/// when such a plane faces away from the ray (v . r >= 0). The simplex (of x - p_i) is reduced as in
/// GJK (core/gjk_simplex.h); the cast stops when ||v||^2 <= kGjkRayTolSq * max ||x - p_i||^2 or a
/// tetrahedron holds x.
///
/// - hit: t_enter = lambda (0 when the origin is inside, within the tolerance: no normal),
///   point = x, normal = the last separating v, normalised (outward). t_exit is not computed.
/// - direction need not be unit. At the iteration cap the current lambda is returned as a hit.
///   NaN gives a miss. trace: one step per iteration.
template <typename T, typename S>
CastResult<T> GjkRayCast(const Ray<T>& ray, const S& solid, Trace* trace = nullptr, GjkRayStats* stats = nullptr)
{
    CastResult<T> out;
    const Vec3<T> r = ray.direction;
    T lambda = 0;
    Vec3<T> x = ray.origin, n(0);
    GjkSimplex<T> s;
    Vec3<T> v = x - InteriorPoint(solid);
    if (v == Vec3<T>(0)) {
        v = -r;
    }
    int iteration = 0;
    T previousVv = std::numeric_limits<T>::infinity();
    for (; iteration < kGjkRayMaxIterations; ++iteration) {
        const Vec3<T> p = SupportPoint(solid, v);
        Vec3<T> w = x - p;
        const T vw = glm::dot(v, w);
        const bool advanced = vw > T(0);
        if (advanced) {
            const T vr = glm::dot(v, r);
            if (!(vr < T(0))) { // the separating plane faces away from the ray (or NaN): miss
                if (trace != nullptr) [[unlikely]] {
                    detail::TraceGjkRayStep(*trace, iteration, lambda, x, v, p, s);
                    trace->DecideLast();
                    trace->verdict = Format("miss: at t = %g a plane separates the ray from the solid and faces "
                                            "away from the direction",
                                            double(lambda));
                }
                return out;
            }
            lambda -= vw / vr;
            x = ray.origin + lambda * r;
            n = v;
            detail::GjkRayShift(s, x);
            w = x - p;
        }
        s.v[s.count].a = p;
        s.v[s.count].w = w;
        ++s.count;
        const bool contained = GjkNearest(s);
        v = contained ? Vec3<T>(0) : s.Point();
        if (trace != nullptr) [[unlikely]] {
            detail::TraceGjkRayStep(*trace, iteration, lambda, x, v, p, s);
        }
        const T vv = glm::dot(v, v);
        if (!std::isfinite(vv) || !std::isfinite(lambda)) {
            if (trace != nullptr) [[unlikely]] {
                trace->verdict = "miss: NaN or infinity in the cast";
            }
            return out;
        }
        if (contained || vv <= kGjkRayTolSq<T> * detail::GjkMaxNormSq(s) || (!advanced && !(vv < previousVv))) {
            if (stats != nullptr) {
                stats->byTolerance = !contained && vv > T(0);
            }
            break; // x on the solid within the tolerance, or no progress
        }
        previousVv = vv;
    }
    if (stats != nullptr) {
        stats->iterations = iteration;
        stats->cap = iteration == kGjkRayMaxIterations;
    }
    out.hit = true;
    out.tEnter = lambda;
    out.tExit = lambda;
    out.point = x;
    if (lambda > T(0) && n != Vec3<T>(0)) {
        out.normal = glm::normalize(n);
        out.hasNormal = true;
    }
    if (trace != nullptr) [[unlikely]] {
        trace->DecideLast();
        trace->verdict = iteration == kGjkRayMaxIterations
                             ? Format("hit at t = %g (iteration cap reached)", double(lambda))
                         : lambda > T(0) ? Format("hit: enters at t = %g", double(lambda))
                                         : std::string("hit: the origin is inside (t = 0, no normal)");
    }
    return out;
}

} // namespace hitlab
