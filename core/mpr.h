// MPR, Minkowski portal refinement (Snethen, "XenoCollide", Game Programming Gems 7, 2008), as
// libccd runs it (ccdMPRPenetration: portal discovery, portal refinement, penetration): the
// verdict, and on overlap the depth and direction, from support functions (core/support.h).
#pragma once

#include "gjk_simplex.h"
#include "gjk_trace.h"
#include "support.h"
#include "trace.h"

#include <glm/geometric.hpp>

#include <cmath>
#include <limits>

namespace hitlab {

/// How MPR ended.
enum class MprStop {
    Separated,    ///< a support point did not pass the origin (libccd's -1)
    Touch,        ///< discovery: the origin is the support point v1 (libccd's 1): depth 0, normal 0
    Segment,      ///< discovery: the origin lies on the segment v0 v1 (libccd's 2): depth |v1|
    Converged,    ///< the portal is within kMprTolerance of the boundary
    IterationCap, ///< kMprMaxIterations refinements
};

template <typename T>
struct MprResult {
    bool hit = false;
    T depth = 0;
    Vec3<T> normal{0}; ///< unit, along which b moves out of a; 0 on a touch (as libccd)
    int iterations = 0;
    MprStop stop = MprStop::Separated;
    /// a test against libccd's absolute epsilon decided a step: a nonzero value within machine
    /// epsilon of 0 was taken as 0 (the flaw condition "mpr epsilon")
    bool epsilonDecided = false;
};

/// libccd's default mpr_tolerance (absolute, in the solids' units).
template <typename T>
inline constexpr T kMprTolerance = T(1e-4);
/// libccd runs until the tolerance is met (max_iterations = ULONG_MAX); HitLab caps it.
inline constexpr int kMprMaxIterations = 1000;

namespace detail {

/// libccd's ccdIsZero and ccdEq: |x| < machine epsilon; |a - b| < eps or relatively so.
template <typename T>
bool MprIsZero(T x)
{
    return std::abs(x) < std::numeric_limits<T>::epsilon();
}
/// MprIsZero, noting in *flag when it takes a nonzero value for 0.
template <typename T>
bool MprIsZero(T x, bool* flag)
{
    const bool zero = MprIsZero(x);
    *flag = *flag || (zero && x != T(0));
    return zero;
}
template <typename T>
bool MprEq(T a, T b)
{
    const T ab = std::abs(a - b);
    if (ab < std::numeric_limits<T>::epsilon()) {
        return true;
    }
    return ab < std::numeric_limits<T>::epsilon() * std::max(std::abs(a), std::abs(b));
}

template <typename T>
Vec3<T> MprNormalized(const Vec3<T>& v)
{
    return v / glm::length(v);
}

/// The portal: v[0] the interior point, v[1..3] the portal triangle.
template <typename T>
struct MprPortal {
    SupportVertex<T> v[4];

    /// The portal's unit normal, away from v0 (libccd's portalDir).
    Vec3<T> Dir() const { return MprNormalized(glm::cross(v[2].w - v[1].w, v[3].w - v[1].w)); }
    /// The support point w along dir lies within the tolerance of the portal (portalReachTolerance).
    bool ReachTolerance(const Vec3<T>& w, const Vec3<T>& dir) const
    {
        const T dw = glm::dot(w, dir);
        const T gap = std::min({dw - glm::dot(v[1].w, dir), dw - glm::dot(v[2].w, dir), dw - glm::dot(v[3].w, dir)});
        return MprEq(gap, kMprTolerance<T>) || gap < kMprTolerance<T>;
    }
    /// Replaces a portal vertex by w so that the ray from v0 to the origin still passes the portal.
    void Expand(const SupportVertex<T>& w)
    {
        const Vec3<T> w0 = glm::cross(w.w, v[0].w);
        if (glm::dot(v[1].w, w0) > T(0)) {
            v[glm::dot(v[2].w, w0) > T(0) ? 1 : 3] = w;
        } else {
            v[glm::dot(v[3].w, w0) > T(0) ? 2 : 1] = w;
        }
    }
};

template <typename T>
void TraceMprPortal(Trace& trace, const char* caption, const MprPortal<T>& p, const Vec3<T>& dir, int iteration)
{
    std::vector<TraceValue> values;
    values.push_back({"iteration", double(iteration)});
    AddTraceVec(values, GjkTraceVec::Interior, p.v[0].w);
    AddTraceVec(values, GjkTraceVec::Portal0, p.v[1].w);
    AddTraceVec(values, GjkTraceVec::Portal1, p.v[2].w);
    AddTraceVec(values, GjkTraceVec::Portal2, p.v[3].w);
    AddTraceVec(values, GjkTraceVec::Direction, dir);
    trace.Add(Format("MPR %s %d", caption, iteration), std::move(values),
              SegmentPart{"interior point to the origin", glm::dvec3(p.v[0].w), glm::dvec3(0.0), false});
}

/// Portal discovery (libccd's discoverPortal): -1 separated, 1 touch, 2 segment, 0 a portal.
template <typename T, typename SA, typename SB>
int MprDiscover(const SA& a, const SB& b, MprPortal<T>& p, Trace* trace, bool* eps)
{
    p.v[0].a = InteriorPoint(a);
    p.v[0].b = InteriorPoint(b);
    p.v[0].w = p.v[0].a - p.v[0].b;
    if (p.v[0].w == Vec3<T>(0)) { // coincident centres: any direction will do
        p.v[0].w = Vec3<T>(T(0.00001), 0, 0);
    }
    Vec3<T> dir = MprNormalized(-p.v[0].w);
    p.v[1] = MinkowskiSupport<T>(a, b, dir);
    if (trace != nullptr) [[unlikely]] {
        TraceMprPortal(*trace, "start: v1 along the origin from v0, step", p, dir, 0);
    }
    T dot = glm::dot(p.v[1].w, dir);
    if (MprIsZero(dot, eps) || dot < T(0)) {
        return -1;
    }
    dir = glm::cross(p.v[0].w, p.v[1].w);
    if (MprIsZero(glm::dot(dir, dir), eps)) {
        return p.v[1].w == Vec3<T>(0) ? 1 : 2;
    }
    dir = MprNormalized(dir);
    p.v[2] = MinkowskiSupport<T>(a, b, dir);
    dot = glm::dot(p.v[2].w, dir);
    if (MprIsZero(dot, eps) || dot < T(0)) {
        return -1;
    }
    dir = MprNormalized(glm::cross(p.v[1].w - p.v[0].w, p.v[2].w - p.v[0].w));
    if (glm::dot(dir, p.v[0].w) > T(0)) { // faces oriented away from the origin
        std::swap(p.v[1], p.v[2]);
        dir = -dir;
    }
    for (int i = 0; i < kMprMaxIterations; ++i) {
        p.v[3] = MinkowskiSupport<T>(a, b, dir);
        if (trace != nullptr) [[unlikely]] {
            TraceMprPortal(*trace, "discovery", p, dir, i);
        }
        dot = glm::dot(p.v[3].w, dir);
        if (MprIsZero(dot, eps) || dot < T(0)) {
            return -1;
        }
        dot = glm::dot(glm::cross(p.v[1].w, p.v[3].w), p.v[0].w);
        if (dot < T(0) && !MprIsZero(dot, eps)) { // the origin is outside (v1, v0, v3): drop v2
            p.v[2] = p.v[3];
        } else {
            dot = glm::dot(glm::cross(p.v[3].w, p.v[2].w), p.v[0].w);
            if (!(dot < T(0) && !MprIsZero(dot, eps))) {
                return 0;
            }
            p.v[1] = p.v[3]; // outside (v3, v0, v2): drop v1
        }
        dir = MprNormalized(glm::cross(p.v[1].w - p.v[0].w, p.v[2].w - p.v[0].w));
    }
    return -1;
}

/// Refines the portal until it holds the origin (libccd's refinePortal): false when separated.
template <typename T, typename SA, typename SB>
bool MprRefine(const SA& a, const SB& b, MprPortal<T>& p, Trace* trace, int& iterations, bool* eps)
{
    for (; iterations < kMprMaxIterations; ++iterations) {
        const Vec3<T> dir = p.Dir();
        if (trace != nullptr) [[unlikely]] {
            TraceMprPortal(*trace, "refinement", p, dir, iterations);
        }
        const T onPortal = glm::dot(p.v[1].w, dir);
        if (MprIsZero(onPortal, eps) || onPortal > T(0)) { // the portal encloses the origin
            return true;
        }
        const SupportVertex<T> w = MinkowskiSupport<T>(a, b, dir);
        const T reach = glm::dot(w.w, dir);
        if (!(MprIsZero(reach, eps) || reach > T(0)) || p.ReachTolerance(w.w, dir)) {
            return false;
        }
        p.Expand(w);
    }
    return false;
}

} // namespace detail

/// MPR penetration as libccd's ccdMPRPenetration: the interior point v0 = centre of a - centre of
/// b (moved by 1e-5 along x when they coincide), the portal found by discovery, refined until it
/// holds the origin, then pushed out to the boundary until the support along its normal is within
/// kMprTolerance (1e-4) of it. depth: the origin's distance to the final portal triangle; normal:
/// the unit vector from the origin to its nearest point (along which b moves out of a).
///
/// libccd's tests of a support point against the origin treat |dot| < machine epsilon as "not
/// past the origin": touching solids are usually reported as separated. A discovery that lands
/// exactly on the origin reports a touch with depth 0 and a zero normal (libccd's findPenetrTouch);
/// depth 0 after refinement gives a zero normal as well. NaN input gives a miss.
/// trace: one step per discovery and refinement step (the portal and its direction).
template <typename T, typename SA, typename SB>
MprResult<T> Mpr(const SA& a, const SB& b, Trace* trace = nullptr)
{
    MprResult<T> r;
    detail::MprPortal<T> p{};
    const int found = detail::MprDiscover(a, b, p, trace, &r.epsilonDecided);
    if (found != 0) {
        r.hit = found > 0;
        r.stop = found < 0 ? MprStop::Separated : found == 1 ? MprStop::Touch : MprStop::Segment;
        if (found == 2) {
            r.depth = glm::length(p.v[1].w);
            r.normal = p.v[1].w / r.depth;
        }
        return r;
    }
    if (!detail::MprRefine(a, b, p, trace, r.iterations, &r.epsilonDecided)) {
        r.stop = r.iterations >= kMprMaxIterations ? MprStop::IterationCap : MprStop::Separated;
        return r;
    }
    r.hit = true;
    for (;; ++r.iterations) {
        const Vec3<T> dir = p.Dir();
        const SupportVertex<T> w = MinkowskiSupport<T>(a, b, dir);
        if (p.ReachTolerance(w.w, dir) || r.iterations >= kMprMaxIterations) {
            r.stop = r.iterations >= kMprMaxIterations ? MprStop::IterationCap : MprStop::Converged;
            break;
        }
        p.Expand(w);
        if (trace != nullptr) [[unlikely]] {
            detail::TraceMprPortal(*trace, "penetration", p, p.Dir(), r.iterations);
        }
    }
    GjkSimplex<T> tri;
    tri.count = 3;
    tri.v[0] = p.v[1];
    tri.v[1] = p.v[2];
    tri.v[2] = p.v[3];
    GjkNearest(tri);
    const Vec3<T> q = tri.Point();
    r.depth = glm::length(q);
    r.normal = detail::MprIsZero(r.depth) ? Vec3<T>(0) : q / r.depth;
    return r;
}

} // namespace hitlab
