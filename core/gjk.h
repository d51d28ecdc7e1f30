// GJK (Gilbert, Johnson & Keerthi 1988) on two convex solids given by their support functions
// (core/support.h): the distance between them when separated, or that they overlap, with the
// final simplex that EPA (core/epa.h) starts from.
#pragma once

#include "gjk_simplex.h"
#include "gjk_trace.h"
#include "support.h"
#include "trace.h"

#include <glm/geometric.hpp>

#include <cmath>
#include <limits>

namespace hitlab {

/// Why GJK stopped.
enum class GjkStop {
    Converged,    ///< van den Bergen's test: ||v||^2 - v.w <= eps^2 ||v||^2 (separated)
    Duplicate,    ///< the new support point is already in the simplex (separated)
    NoProgress,   ///< ||v|| did not decrease (separated, at the previous v)
    Contained,    ///< a tetrahedron of the simplex contains the origin (overlap)
    NearZero,     ///< ||v||^2 <= 100 ulp * max ||w||^2 over the simplex (overlap, touching included)
    IterationCap, ///< kGjkMaxIterations reached (reported as overlap when ||v|| is 0, else separated)
    NotFinite,    ///< a support point or v is NaN or infinite (reported as separated)
};

/// GJK's result: the verdict, and when separated the distance and a pair of closest points.
template <typename T>
struct GjkResult {
    bool hit = false;
    T distance = 0;        ///< ||v|| when separated, 0 on overlap
    Vec3<T> closestA{0};   ///< on a: sum lambda_i a_i (when separated)
    Vec3<T> closestB{0};   ///< on b
    GjkSimplex<T> simplex; ///< the final simplex (EPA's start on overlap)
    int iterations = 0;
    GjkStop stop = GjkStop::Converged;
    T gap = 0; ///< Converged: ||v||^2 - v.w at the stop (0: v is exactly the nearest point of a support plane)
};

/// Bullet's GJK_MAX_ITERATIONS (btGjkEpa2.cpp).
inline constexpr int kGjkMaxIterations = 128;
/// eps^2 of van den Bergen's relative termination ||v||^2 - v.w <= eps^2 ||v||^2: eps = 1e-3
/// in float, 1e-6 in double (the distance is then within a relative eps^2 of the truth).
template <typename T>
inline constexpr T kGjkRelTolSq = sizeof(T) == 4 ? T(1e-6) : T(1e-12);
/// The absolute test on the origin: ||v||^2 <= kGjkAbsTol * max ||w||^2 is an overlap (van den
/// Bergen 2003, 4.3.4: 100 machine epsilons).
template <typename T>
inline constexpr T kGjkAbsTol = T(100) * std::numeric_limits<T>::epsilon();

namespace detail {

/// The trace step of one GJK iteration: the search direction, the support point and the simplex
/// (reduced) with v after it.
template <typename T>
void TraceGjkIteration(Trace& trace, int iteration, const Vec3<T>& direction, const Vec3<T>& w, const GjkSimplex<T>& s,
                       const Vec3<T>& v)
{
    std::vector<TraceValue> values;
    values.push_back({"iteration", double(iteration)});
    values.push_back({"simplex_size", double(s.count)});
    values.push_back({"v_length", double(glm::length(v))});
    AddTraceVec(values, GjkTraceVec::Direction, direction);
    AddTraceVec(values, GjkTraceVec::Support, w);
    AddTraceVec(values, GjkTraceVec::V, v);
    for (int i = 0; i < s.count; ++i) {
        AddTraceVec(values, static_cast<GjkTraceVec>(i), s.v[i].w);
    }
    trace.Add(Format("GJK iteration %d: support along %s, simplex of %d, ||v|| = %g", iteration,
                     iteration == 0 ? "b - a's centres" : "-v", s.count, double(glm::length(v))),
              std::move(values), PointPart{"v (nearest point of the simplex)", glm::dvec3(v), false});
}

template <typename T>
bool GjkIsDuplicate(const GjkSimplex<T>& s, const Vec3<T>& w)
{
    for (int i = 0; i < s.count; ++i) {
        if (s.v[i].w == w) {
            return true;
        }
    }
    return false;
}

/// Fills the result from the simplex: separated at v, or overlapping.
template <typename T>
void GjkFinish(GjkResult<T>& r, GjkStop stop, bool hit)
{
    r.stop = stop;
    r.hit = hit;
    if (!hit) {
        r.closestA = r.simplex.PointA();
        r.closestB = r.simplex.PointB();
        r.distance = glm::length(r.simplex.Point());
    }
}

} // namespace detail

/// GJK distance, as in van den Bergen, Collision Detection in Interactive 3D Environments (2003)
/// 4.3 and Ericson, Real-Time Collision Detection (2005) 9.5: the simplex starts at the support of
/// a - b along b's interior point minus a's (+x when they coincide); each iteration adds w =
/// support(-v), v being the simplex's point nearest the origin (core/gjk_simplex.h).
///
/// - Separated when ||v||^2 - v.w <= kGjkRelTolSq ||v||^2, when w is already in the simplex or
///   when ||v|| stops decreasing: distance ||v||, closest points from the barycentric weights.
/// - Overlap when a tetrahedron contains the origin or ||v||^2 <= kGjkAbsTol * max ||w||^2:
///   touching solids and gaps below that tolerance are overlaps.
/// - At most kGjkMaxIterations iterations (then separated at v unless v = 0). NaN gives a miss.
/// trace: one step per iteration (direction, support point, simplex, v).
template <typename T, typename SA, typename SB>
GjkResult<T> Gjk(const SA& a, const SB& b, Trace* trace = nullptr)
{
    GjkResult<T> r;
    Vec3<T> d = InteriorPoint(b) - InteriorPoint(a);
    if (d == Vec3<T>(0)) {
        d = Vec3<T>(1, 0, 0);
    }
    GjkSimplex<T>& s = r.simplex;
    s.v[0] = MinkowskiSupport<T>(a, b, d);
    s.count = 1;
    Vec3<T> v = s.v[0].w;
    if (trace != nullptr) [[unlikely]] {
        detail::TraceGjkIteration(*trace, 0, d, v, s, v);
    }
    T vv = glm::dot(v, v);
    for (r.iterations = 1; r.iterations <= kGjkMaxIterations; ++r.iterations) {
        if (!std::isfinite(vv)) {
            detail::GjkFinish(r, GjkStop::NotFinite, false);
            return r;
        }
        if (vv <= kGjkAbsTol<T> * detail::GjkMaxNormSq(s)) { // the origin is (within tolerance) on the simplex
            detail::GjkFinish(r, GjkStop::NearZero, true);
            return r;
        }
        const SupportVertex<T> w = MinkowskiSupport<T>(a, b, -v);
        if (vv - glm::dot(v, w.w) <= kGjkRelTolSq<T> * vv) {
            r.gap = vv - glm::dot(v, w.w);
            detail::GjkFinish(r, GjkStop::Converged, false);
            return r;
        }
        if (detail::GjkIsDuplicate(s, w.w)) {
            detail::GjkFinish(r, GjkStop::Duplicate, false);
            return r;
        }
        const GjkSimplex<T> previous = s;
        s.v[s.count++] = w;
        const bool contained = GjkNearest(s);
        const Vec3<T> next = contained ? Vec3<T>(0) : s.Point();
        if (trace != nullptr) [[unlikely]] {
            detail::TraceGjkIteration(*trace, r.iterations, -v, w.w, s, next);
        }
        if (contained) {
            detail::GjkFinish(r, GjkStop::Contained, true);
            return r;
        }
        const T nextSq = glm::dot(next, next);
        if (!(nextSq < vv)) { // no progress: keep the previous simplex
            s = previous;
            detail::GjkFinish(r, GjkStop::NoProgress, vv == T(0));
            return r;
        }
        v = next;
        vv = nextSq;
    }
    r.iterations = kGjkMaxIterations;
    detail::GjkFinish(r, GjkStop::IterationCap, vv == T(0));
    return r;
}

/// Short name of a stop ("converged", "contained", ...), for traces and messages.
inline const char* GjkStopName(GjkStop stop)
{
    switch (stop) {
    case GjkStop::Converged:
        return "converged";
    case GjkStop::Duplicate:
        return "support point repeated";
    case GjkStop::NoProgress:
        return "no progress";
    case GjkStop::Contained:
        return "origin contained";
    case GjkStop::NearZero:
        return "origin within tolerance";
    case GjkStop::IterationCap:
        return "iteration cap";
    case GjkStop::NotFinite:
        return "not finite";
    }
    return "?";
}

} // namespace hitlab
