// Test-only copies of three functions as they were before their speed-ups (Nov 2026), verbatim but
// for the namespace: RayAabbSlabBranchless, RaySphereQuadraticStable and RayPlanePlane, with their
// traces. The equivalence tests compare the current versions with these, bit for bit (results and
// traces), on millions of random and boundary inputs. Also the comparison helpers they use.
#pragma once

#include "core/ray_aabb.h"
#include "core/ray_plane.h"
#include "core/ray_sphere.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>

namespace hitlab::previous {

template <typename T>
CastResult<T> RayAabbSlabBranchless(const Ray<T>& ray, const Aabb<T>& box, Trace* trace = nullptr)
{
    using namespace simd;
    using V = V4<T>;
    // per-ray setup (precomputed once per ray in a traversal); lane 3 is the allowed range
    const V inv = Splat<T>(1) / V{ray.direction.x, ray.direction.y, ray.direction.z, T(1)};
    const V o{ray.origin.x, ray.origin.y, ray.origin.z, T(0)};
    const V t1 = (V{box.min.x, box.min.y, box.min.z, T(0)} - o) * inv;
    const V t2 = (V{box.max.x, box.max.y, box.max.z, kInf<T>} - o) * inv;
    // the min/max ordering drops NaN lanes: max(NaN, tmin) = tmin
    const V tMin = Splat<T>(0);
    const V tMax = Splat<T>(kInf<T>);
    const V nearLanes = Min<T>(Max<T>(t1, tMin), Max<T>(t2, tMin));
    const V farLanes = Max<T>(Min<T>(t1, tMax), Min<T>(t2, tMax));
    const T tEnter = HorizontalMax<T>(nearLanes);
    const T tExit = HorizontalMin<T>(farLanes);

    CastResult<T> r;
    r.hit = tEnter <= tExit;
    if (r.hit) {
        r.tEnter = tEnter + T(0);
        r.tExit = tExit + T(0);
        r.point = ray.origin + r.tEnter * ray.direction;
    }
    if (trace != nullptr) [[unlikely]] {
        trace->Add("allowed range: t in [0, inf]", {{"t_min", 0.0}, {"t_max", double(kInf<T>)}});
        double runEnter = 0, runExit = double(kInf<T>);
        for (int axis = 0; axis < 3; ++axis) {
            const bool parallel = ray.direction[axis] == T(0);
            const bool nan = t1[axis] != t1[axis] || t2[axis] != t2[axis];
            runEnter = std::max(runEnter, double(nearLanes[axis]));
            runExit = std::min(runExit, double(farLanes[axis]));
            hitlab::detail::TraceSlabStep(*trace, axis, parallel, nearLanes[axis] <= farLanes[axis], false,
                                          double(nearLanes[axis]), double(farLanes[axis]), runEnter, runExit,
                                          nan ? " (0 * inf = NaN dropped by the min/max order: the slab is every t)"
                                              : "");
            trace->steps.back().values.push_back({"t1", double(t1[axis])});
            trace->steps.back().values.push_back({"t2", double(t2[axis])});
            if (trace->decidingStep < 0 && !(runEnter <= runExit)) {
                trace->DecideLast();
            }
        }
        trace->Add(Format("%s: tmin = %g, tmax = %g; hit when tmin <= tmax", r.hit ? "hit" : "miss", double(tEnter),
                          double(tExit)),
                   {{"t_enter", double(tEnter)}, {"t_exit", double(tExit)}});
        if (r.hit || trace->decidingStep < 0) {
            trace->decidingStep = -1;
            trace->DecideLast();
        }
        trace->verdict = r.hit ? Format("hit: enter at t = %g, exit at t = %g", double(r.tEnter), double(r.tExit))
                               : Format("miss: the slabs' intervals do not overlap (tmin = %g > tmax = %g)",
                                        double(tEnter), double(tExit));
    }
    return r;
}

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
    const CastResult<T> r = SphereRootsToResult(ray, sphere, real, t0, t1);

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
        hitlab::detail::TraceSphereRoots(*trace, r, real, t0, t1);
    }
    return r;
}

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
        trace->Add(Format("denominator n.dir = %g", double(denom)), {{"n_dot_dir", double(denom)}});
        trace->Add(Format("numerator distance - n.o = %g", double(num)), {{"numerator", double(num)}});
        if (num == T(0)) {
            trace->Add("the origin lies on the plane: t = 0", {{"t", 0.0}},
                       PointPart{"hit point", glm::dvec3(r.point), true});
            trace->verdict = denom == T(0) ? "hit: the ray lies in the plane, so it touches it at t = 0"
                                           : "hit: the origin lies on the plane, so the ray touches it at t = 0";
        } else if (denom == T(0)) {
            trace->Add("parallel: n.dir = 0 and the origin is off the plane");
            trace->verdict = "miss: the ray is parallel to the plane and starts off it";
        } else if (r.hit) {
            trace->Add(Format("t = numerator / denominator = %g", double(t)), {{"t", double(t)}},
                       PointPart{"hit point", glm::dvec3(r.point), true});
            trace->verdict = Format("hit: the ray crosses the plane at t = %g", double(r.tEnter));
        } else {
            trace->Add(Format("t = numerator / denominator = %g < 0", double(t)), {{"t", double(t)}});
            trace->verdict = Format("miss: the plane is behind the origin (t = %g < 0)", double(t));
        }
        trace->DecideLast();
    }
    return r;
}

/// A scalar for the equivalence tests, rich in boundaries: small dyadic grid values (+-0
/// included), uniform values, values of any exponent (subnormals, near overflow), and now and then
/// +-inf or NaN.
template <typename T, typename Rng>
T EquivalenceScalar(Rng& rng)
{
    static const T kGrid[] = {T(-3), T(-2), T(-1), T(-0.5), T(-0.0), T(0), T(0.25), T(0.5), T(1), T(1.5), T(2), T(3)};
    using L = std::numeric_limits<T>;
    const unsigned pick = unsigned(rng() % 64);
    if (pick < 24) {
        return kGrid[rng() % 12];
    }
    if (pick < 44) {
        return T(std::uniform_real_distribution<double>(-4, 4)(rng));
    }
    if (pick < 62) {
        // any exponent: mantissa in [1, 2), exponent over the whole range (subnormals included)
        const int e =
            int(rng() % unsigned(L::max_exponent - L::min_exponent + L::digits + 1)) + L::min_exponent - L::digits;
        const T m = T(std::uniform_real_distribution<double>(1, 2)(rng));
        const T v = std::ldexp(m, e);
        return rng() % 2 ? v : -v;
    }
    static const T kSpecial[] = {L::infinity(), -L::infinity(), L::quiet_NaN(), L::max(), L::denorm_min(), L::min()};
    return kSpecial[rng() % 6];
}

/// Same bits (so +0 != -0), or both NaN: which NaN a sum of two NaNs gives (sign, payload) depends
/// on the operand order the compiler picks for a commutative operation, in either version.
template <typename T>
bool SameBits(T a, T b)
{
    return std::memcmp(&a, &b, sizeof(T)) == 0 || (a != a && b != b);
}

template <typename T>
bool SameBits(const Vec3<T>& a, const Vec3<T>& b)
{
    return SameBits(a.x, b.x) && SameBits(a.y, b.y) && SameBits(a.z, b.z);
}

/// Empty when equal, else what differs. Only the fields a hit fills are compared on a hit; a miss
/// must leave every field at its default.
template <typename T>
std::string ResultDifference(const CastResult<T>& got, const CastResult<T>& want)
{
    if (got.hit != want.hit) {
        return "hit";
    }
    if (!SameBits(got.tEnter, want.tEnter)) {
        return "tEnter";
    }
    if (!SameBits(got.tExit, want.tExit)) {
        return "tExit";
    }
    if (!SameBits(got.point, want.point)) {
        return "point";
    }
    if (got.hasNormal != want.hasNormal || !SameBits(got.normal, want.normal)) {
        return "normal";
    }
    return "";
}

inline bool SameBits(const glm::dvec3& a, const glm::dvec3& b)
{
    return SameBits(a.x, b.x) && SameBits(a.y, b.y) && SameBits(a.z, b.z);
}

inline bool SamePart(const TracePart& a, const TracePart& b)
{
    if (a.index() != b.index()) {
        return false;
    }
    if (const auto* s = std::get_if<SlabPart>(&a)) {
        const auto& t = std::get<SlabPart>(b);
        return s->axis == t.axis && s->parallel == t.parallel && s->originInside == t.originInside &&
               SameBits(s->tNear, t.tNear) && SameBits(s->tFar, t.tFar) && SameBits(s->tEnter, t.tEnter) &&
               SameBits(s->tExit, t.tExit);
    }
    if (const auto* p = std::get_if<PointPart>(&a)) {
        const auto& q = std::get<PointPart>(b);
        return p->label == q.label && SameBits(p->point, q.point) && p->flag == q.flag;
    }
    if (const auto* p = std::get_if<SegmentPart>(&a)) {
        const auto& q = std::get<SegmentPart>(b);
        return p->label == q.label && SameBits(p->from, q.from) && SameBits(p->to, q.to) && p->flag == q.flag;
    }
    return std::holds_alternative<std::monostate>(a); // other parts are not used by these three
}

/// text with "-nan" written "nan" (see SameBits: the sign of a NaN is the compiler's choice).
inline std::string NanUnsigned(std::string text)
{
    for (std::size_t at = text.find("-nan"); at != std::string::npos; at = text.find("-nan", at)) {
        text.erase(at, 1);
    }
    return text;
}

/// Empty when the traces are equal (captions, values bit for bit, parts, deciding step, verdict;
/// NaN of either sign alike).
inline std::string TraceDifference(const Trace& got, const Trace& want)
{
    if (got.steps.size() != want.steps.size()) {
        return "step count";
    }
    for (std::size_t i = 0; i < got.steps.size(); ++i) {
        const TraceStep& g = got.steps[i];
        const TraceStep& w = want.steps[i];
        if (NanUnsigned(g.caption) != NanUnsigned(w.caption)) {
            return "caption of step " + std::to_string(i) + ": '" + g.caption + "' vs '" + w.caption + "'";
        }
        if (g.values.size() != w.values.size()) {
            return "value count of step " + std::to_string(i);
        }
        for (std::size_t k = 0; k < g.values.size(); ++k) {
            if (std::string(g.values[k].name) != w.values[k].name || !SameBits(g.values[k].value, w.values[k].value)) {
                return "value " + std::string(w.values[k].name) + " of step " + std::to_string(i);
            }
        }
        if (!SamePart(g.part, w.part)) {
            return "part of step " + std::to_string(i);
        }
    }
    if (got.decidingStep != want.decidingStep) {
        return "deciding step";
    }
    if (NanUnsigned(got.verdict) != NanUnsigned(want.verdict)) {
        return "verdict: '" + got.verdict + "' vs '" + want.verdict + "'";
    }
    return "";
}

} // namespace hitlab::previous
