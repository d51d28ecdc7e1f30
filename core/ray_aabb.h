// ray_aabb: a ray against an axis-aligned box. The reference slab method and the fast or
// robust slab variants used in renderers; the published face and slab listings, flaws
// reproduced, are in ray_aabb_published.h.
#pragma once

#include "slab.h"

#include <algorithm>
#include <utility>

namespace hitlab {

namespace detail {
/// Trace step of a sequential slab method: this axis's [tNear, tFar] (as the method computed
/// them, NaN included) and the running interval after it. originInside: the geometric fact for a
/// parallel slab; rejected: the method rejects the ray at this step (SlabPart::rejected). note ends
/// the caption ("" for none).
void TraceSlabStep(Trace& trace, int axis, bool parallel, bool originInside, bool rejected, double tNear, double tFar,
                   double tEnter, double tExit, const char* note);
/// Trace step of a face method; returns the step's index. computed: whether t and the point were computed.
int TraceFaceStep(Trace& trace, const FacePart& part, const char* note, bool computed = true);
} // namespace detail

/// Reference. Kay-Kajiya slabs as in Ericson, RTCD 5.3.3 (without the printed typo), closed box,
/// t >= 0, origin inside hits with tEnter = 0 and no normal. Exact on exactly representable
/// quotients; see ClipSlabs for parallel axes, ties and NaN.
template <typename T>
[[gnu::always_inline]] inline CastResult<T> RayAabbSlab(const Ray<T>& ray, const Aabb<T>& box, Trace* trace = nullptr)
{
    return ClipSlabs(ray.origin, ray.direction, box, T(0), std::numeric_limits<T>::infinity(), trace);
}

/// RayAabbSlabBranchless's per-ray setup, done once per ray in a traversal (as Barnes's code and
/// Bullet's btDbvt::rayTest do): the origin and the inverse direction as lanes. Lane 3 of inv is
/// NaN, so lane 3 of every t is NaN, which the min/max order turns into the allowed range [0, inf]
/// whatever the box's fourth loaded value is.
template <typename T>
struct RayInv {
    Ray<T> ray;
    simd::V4<T> origin; ///< {o.x, o.y, o.z, 0}
    simd::V4<T> inv;    ///< {1/d.x, 1/d.y, 1/d.z, NaN}: 1/(+-0) = +-inf

    explicit RayInv(const Ray<T>& r)
        : ray(r), origin(simd::Load3<T>(r.origin)),
          inv(simd::Splat<T>(1) /
              simd::V4<T>{r.direction.x, r.direction.y, r.direction.z, std::numeric_limits<T>::quiet_NaN()})
    {
    }
};

namespace detail {

/// RayAabbSlabBranchless's trace, from the lanes it computed (out of line and cold).
template <typename T>
[[gnu::cold, gnu::noinline]] void TraceSlabBranchless(Trace& trace, const Ray<T>& ray, const simd::V4<T>& t1,
                                                      const simd::V4<T>& t2, const simd::V4<T>& nearLanes,
                                                      const simd::V4<T>& farLanes, T tEnter, T tExit,
                                                      const CastResult<T>& r);
extern template void TraceSlabBranchless<float>(Trace&, const Ray<float>&, const simd::V4<float>&,
                                                const simd::V4<float>&, const simd::V4<float>&, const simd::V4<float>&,
                                                float, float, const CastResult<float>&);
extern template void TraceSlabBranchless<double>(Trace&, const Ray<double>&, const simd::V4<double>&,
                                                 const simd::V4<double>&, const simd::V4<double>&,
                                                 const simd::V4<double>&, double, double, const CastResult<double>&);

} // namespace detail

/// Branchless slabs with a precomputed inverse direction (Tavian Barnes, "Fast, Branchless
/// Ray/Bounding Box Intersections", 2015, and "Part 3: Boundaries", 2022):
///     tmin = min(max(t1, tmin), max(t2, tmin));  tmax = max(min(t1, tmax), min(t2, tmax));
/// with max(x, y) = x > y ? x : y and min(x, y) = x < y ? x : y, so a NaN t is dropped.
/// - t in units of direction (need not be unit); t >= 0; origin inside hits with tEnter = 0.
/// - Closed: edges and corners hit with tEnter == tExit (final test tmin <= tmax).
/// - Zero direction component: 1/(+-0) = +-inf; the origin strictly inside the slab gives
///   t1, t2 = -+inf (slab = every t), outside gives two infinities of one sign (no t).
/// - Ray lying in a face plane (origin on a slab plane, component +-0): (plane - o) * inf is
///   0 * inf = NaN; the ordering drops that lane, so the slab counts as every t and the ray
///   hits (the 2022 post's boundary behaviour). A flat box with the origin in it: both NaN, hit.
///   A NaN in the input is dropped the same way (its slab counts as every t).
/// - t is a product with a rounded 1/d, so t differs from the reference by up to ~2 ulp; no normal.
///
/// Speed: pass a RayInv (the inverse direction computed once per ray) when testing many boxes. The
/// three axes are three lanes of one vector (the fourth is neutral, see RayInv), and x > y ? x : y
/// and x < y ? x : y are exactly maxps / minps (the second operand on NaN and on ties), so every
/// lane is the scalar formulation's, bit for bit. For float the verdict is tmin, the lanes' max
/// (exact in any order: after the clamp no near lane is NaN or -0), broadcast with two shuffles and
/// compared with every lane's far at once (tmin <= min of the fars, as no far lane is NaN); tmax is
/// reduced in the scalar order (its sign of zero shows in the trace) only where it is used. The
/// trace is recorded out of line.
template <typename T>
CastResult<T> RayAabbSlabBranchless(const RayInv<T>& ray, const Aabb<T>& box, Trace* trace = nullptr)
{
    using namespace simd;
    using V = V4<T>;
    V lo, hi;
    LoadBox<T>(box, lo, hi);
    const V t1 = (lo - ray.origin) * ray.inv;
    const V t2 = (hi - ray.origin) * ray.inv;
    // the min/max ordering drops NaN lanes: max(NaN, tmin) = tmin (lane 3: NaN -> [0, inf])
    const V tMin = Splat<T>(0);
    const V tMax = Splat<T>(kInf<T>);
    const V nearLanes = Min<T>(Max<T>(t1, tMin), Max<T>(t2, tMin));
    const V farLanes = Max<T>(Min<T>(t1, tMax), Min<T>(t2, tMax));
    // tmax in the scalar order (its sign of zero shows in the trace), only where used
    const T tExit = HorizontalMin<T>(farLanes);
    T tEnter;
    CastResult<T> r;
    if constexpr (sizeof(T) == 4) {
        // tmin = max of the lanes (no lane is NaN or -0 any more, so any order gives the same
        // bits) in every lane, and tmin <= tmax as tmin <= every lane's far
        const V near2 = Max<T>(nearLanes, Shuffle<2, 3, 0, 1>(nearLanes));
        const V nearAll = Max<T>(near2, Shuffle<1, 0, 3, 2>(near2));
        tEnter = nearAll[0];
        r.hit = LaneBits<T>(nearAll <= farLanes) == 15;
    } else {
        // double lanes are two SSE registers: the scalar reduction is as fast
        tEnter = HorizontalMax<T>(nearLanes);
        r.hit = tEnter <= tExit;
    }
    if (r.hit) {
        r.tEnter = tEnter + T(0);
        r.tExit = tExit + T(0);
        r.point = ray.ray.origin + r.tEnter * ray.ray.direction;
    }
    if (trace != nullptr) [[unlikely]] {
        detail::TraceSlabBranchless<T>(*trace, ray.ray, t1, t2, nearLanes, farLanes, tEnter, tExit, r);
    }
    return r;
}

/// The same for one ray and one box (the inverse direction computed here).
template <typename T>
CastResult<T> RayAabbSlabBranchless(const Ray<T>& ray, const Aabb<T>& box, Trace* trace = nullptr)
{
    return RayAabbSlabBranchless(RayInv<T>(ray), box, trace);
}

/// Williams, Barrus, Morley & Shirley, "An Efficient and Robust Ray-Box Intersection Algorithm",
/// JGT 10(1), 2005, as published: near/far planes selected by the sign of the inverse direction
/// (so -0 counts as negative), x and y slabs compared with early exit, then z, and the strict final
/// test (tmin < t1) && (tmax > t0) with t0 = 0, t1 = +inf.
/// - tEnter / tExit are the unclamped tmin / tmax: tEnter < 0 when the origin is inside.
/// - t > 0 only: an origin on the surface pointing out (tmax == 0) misses; otherwise closed
///   (edges and corners hit, the comparisons between slabs are strict).
/// - Zero direction component with the origin exactly on that slab's plane: 0 * inf = NaN.
///   On y or z every comparison with the NaN is false, so the slab is ignored (counts as every t).
///   On x the NaN is tmin or tmax itself, survives every update and fails the final test: miss.
/// - No normal. direction need not be unit.
template <typename T>
CastResult<T> RayAabbSlabSigns(const Ray<T>& ray, const Aabb<T>& box, Trace* trace = nullptr)
{
    // per-ray setup: inverse direction and sign bits (a -0 component gives -inf, sign 1)
    const Vec3<T> inv = T(1) / ray.direction;
    const int sign[3] = {inv.x < 0 ? 1 : 0, inv.y < 0 ? 1 : 0, inv.z < 0 ? 1 : 0};
    const Vec3<T> bounds[2] = {box.min, box.max};
    const Vec3<T>& o = ray.origin;
    constexpr T t0 = 0;
    constexpr T t1 = std::numeric_limits<T>::infinity();

    T tMin = (bounds[sign[0]].x - o.x) * inv.x;
    T tMax = (bounds[1 - sign[0]].x - o.x) * inv.x;
    if (trace != nullptr) [[unlikely]] {
        detail::TraceSlabStep(*trace, 0, ray.direction.x == T(0), box.min.x <= o.x && o.x <= box.max.x, false,
                              double(tMin), double(tMax), double(tMin), double(tMax),
                              tMin != tMin || tMax != tMax ? " (0 * inf = NaN)" : "");
    }
    CastResult<T> r;
    for (int axis = 1; axis < 3; ++axis) {
        const T tAxisMin = (bounds[sign[axis]][axis] - o[axis]) * inv[axis];
        const T tAxisMax = (bounds[1 - sign[axis]][axis] - o[axis]) * inv[axis];
        // early exit: the slabs' intervals are disjoint (false whenever a NaN takes part)
        const bool disjoint = (tMin > tAxisMax) || (tAxisMin > tMax);
        if (!disjoint) {
            if (tAxisMin > tMin) {
                tMin = tAxisMin;
            }
            if (tAxisMax < tMax) {
                tMax = tAxisMax;
            }
        }
        if (trace != nullptr) [[unlikely]] {
            const bool nan = tAxisMin != tAxisMin || tAxisMax != tAxisMax;
            detail::TraceSlabStep(*trace, axis, ray.direction[axis] == T(0),
                                  box.min[axis] <= o[axis] && o[axis] <= box.max[axis], disjoint, double(tAxisMin),
                                  double(tAxisMax), double(tMin), double(tMax),
                                  disjoint ? " (disjoint: early exit)"
                                  : nan    ? " (0 * inf = NaN: every comparison false, slab ignored)"
                                           : "");
            if (disjoint) {
                trace->DecideLast();
                trace->verdict = Format("miss: the %s slab's interval [%g, %g] does not overlap [%g, %g]",
                                        AxisName(axis), double(tAxisMin), double(tAxisMax), double(tMin), double(tMax));
            }
        }
        if (disjoint) {
            return r;
        }
    }
    // strict final test against the allowed range (t0, t1)
    r.hit = (tMin < t1) && (tMax > t0);
    if (r.hit) {
        r.tEnter = tMin + T(0);
        r.tExit = tMax + T(0);
        r.point = o + r.tEnter * ray.direction;
    }
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("final: (tmin = %g < inf) && (tmax = %g > 0) is %s", double(tMin), double(tMax),
                          r.hit ? "true" : "false"),
                   {{"t_min", double(tMin)}, {"t_max", double(tMax)}});
        trace->DecideLast();
        if (r.hit) {
            trace->verdict = Format("hit: tmin = %g, tmax = %g (unclamped)", double(tMin), double(tMax));
        } else if (tMin != tMin || tMax != tMax) {
            trace->verdict = "miss: a NaN from 0 * inf on the x slab survived into the final test";
        } else {
            trace->verdict = Format("miss: the box ends at t = %g, not after the origin", double(tMax));
        }
    }
    return r;
}

/// 1 + 2 * gamma(3), gamma(n) = n u / (1 - n u), u = epsilon / 2 (Pharr, Jakob & Humphreys, PBRT 3rd
/// ed., 3.9.1): the bound on the relative error of a t computed with three roundings.
template <typename T>
constexpr T RobustExitScale()
{
    constexpr T u = std::numeric_limits<T>::epsilon() * T(0.5);
    return T(1) + T(2) * (T(3) * u / (T(1) - T(3) * u));
}

/// Conservative slabs (Ize, "Robust BVH Ray Traversal", JCGT 2(2), 2013; PBRT-v3
/// Bounds3::IntersectP, as printed): t = (plane - o) * (1/d), near and far swapped by value,
/// each slab's far t scaled by 1 + 2 gamma(3), early exit when t0 > t1.
/// - Never loses a true hit to rounding of the slab t's; may report near misses as hits
///   (boundary "conservative"). tExit is the scaled value. t >= 0, origin inside hits (tEnter 0).
/// - Zero direction components: 1/(+-0) = +-inf. Origin strictly inside or outside the slab
///   works like the reference. Origin exactly on a slab plane gives NaN for that plane's t, which
///   the `>`/`<` updates ignore; but the swap is by value, so with a -0 component the other
///   plane's t (-inf, or +inf as tNear) is not swapped and the ray misses. With +0 it hits.
/// - No normal. direction need not be unit.
template <typename T>
CastResult<T> RayAabbSlabRobust(const Ray<T>& ray, const Aabb<T>& box, Trace* trace = nullptr)
{
    constexpr T scale = RobustExitScale<T>();
    T t0 = 0;
    T t1 = std::numeric_limits<T>::infinity();
    CastResult<T> r;
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("exit scale 1 + 2 gamma(3) = 1 + %g", double(scale - T(1))), {{"scale", double(scale)}});
    }
    for (int axis = 0; axis < 3; ++axis) {
        const T invRayDir = T(1) / ray.direction[axis];
        T tNear = (box.min[axis] - ray.origin[axis]) * invRayDir;
        T tFar = (box.max[axis] - ray.origin[axis]) * invRayDir;
        // order by value (a NaN compares false: no swap)
        if (tNear > tFar) {
            std::swap(tNear, tFar);
        }
        // widen the far end by the rounding bound
        tFar *= scale;
        t0 = tNear > t0 ? tNear : t0;
        t1 = tFar < t1 ? tFar : t1;
        const bool empty = t0 > t1;
        if (trace != nullptr) [[unlikely]] {
            const bool nan = tNear != tNear || tFar != tFar;
            detail::TraceSlabStep(*trace, axis, ray.direction[axis] == T(0),
                                  box.min[axis] <= ray.origin[axis] && ray.origin[axis] <= box.max[axis], false,
                                  double(tNear), double(tFar), double(t0), double(t1),
                                  empty ? " (empty: early exit)"
                                  : nan ? " (NaN t ignored by the comparisons)"
                                        : "");
            if (empty) {
                trace->DecideLast();
                trace->verdict = Format("miss: after the %s slab the interval [%g, %g] is empty", AxisName(axis),
                                        double(t0), double(t1));
            }
        }
        if (empty) {
            return r;
        }
    }
    r.hit = true;
    r.tEnter = t0 + T(0);
    r.tExit = t1 + T(0);
    r.point = ray.origin + r.tEnter * ray.direction;
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("hit: enter at t = %g, exit at t = %g (widened)", double(r.tEnter), double(r.tExit)),
                   {{"t_enter", double(r.tEnter)}, {"t_exit", double(r.tExit)}},
                   PointPart{"entry", glm::dvec3(r.point), true});
        trace->DecideLast();
        trace->verdict = trace->steps.back().caption;
    }
    return r;
}

} // namespace hitlab
