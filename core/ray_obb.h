// ray_obb: a ray against an oriented box. The reference runs the exact slab method in the box's
// frame; obb_slab is the widely copied dot-product listing with its parallel epsilon and far limit.
#pragma once

#include "slab.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hitlab {

/// Reference. The ray in the box's frame (local origin_i = (o - c).axis_i, local dir_i = dir.axis_i,
/// the direction not renormalised, so t is unchanged) clipped by ClipSlabs against [-h, h], t >= 0.
///
/// - Closed box; origin inside hits with tEnter = 0 and no normal; parallel local axes (a local
///   direction of +0 or -0) are decided by the origin, boundary included; see ClipSlabs for ties and NaN.
/// - point from the world ray (o + tEnter dir); normal the world axis of the entered face, +-axis_i.
/// - Exact when the local values are: axes that are signed permutations of x, y, z with small binary
///   fractions give exact dot products. General rotations round the six dot products; a ray
///   near-parallel to a face, whose rounding a small local direction would magnify, is redone by
///   detail::RayObbCareful on the box as the judge takes it (face normals a_j x a_k), so t is
///   within 4 ulps of max(|t|, the query's scale) (docs/protocol.md, "The references' accuracy").
/// - Extremes: when o - c or a dot product overflows, the transform and the clip run in
///   ClipSlabs' wider type (RayObbLocalSlabWide); when a slab quotient leaves T's range, ClipSlabs
///   does, and the point is then placed from the wide tEnter (a point beyond T's range is +-inf).
template <typename T>
[[gnu::always_inline]] inline CastResult<T> RayObbLocalSlab(const Ray<T>& ray, const Obb<T>& box,
                                                            Trace* trace = nullptr);

namespace detail {
/// A local_slab hit back in world space: the point from the wide tEnter when the clip went wide
/// (wideEnter not NaN), else from tEnter; the entry normal along the box axis it names; the
/// trace's entry point (ClipSlabs drew it in the box frame) moved to world space.
template <typename T>
inline void LocalHitToWorld(CastResult<T>& r, const Ray<T>& ray, const Obb<T>& box, Wide<T> wideEnter, Trace* trace)
{
    if (!r.hit) {
        return;
    }
    r.point = wideEnter == wideEnter ? PointAtWide(ray.origin, ray.direction, wideEnter)
                                     : ray.origin + r.tEnter * ray.direction;
    if (r.hasNormal) {
        const int axis = r.normal.x != T(0) ? 0 : r.normal.y != T(0) ? 1 : 2;
        r.normal = r.normal[axis] * box.axes[axis];
    }
    if (trace != nullptr) [[unlikely]] {
        trace->steps.back().part = PointPart{"entry", glm::dvec3(r.point), true};
    }
}

/// RayObbLocalSlab with the frame change and the clip in Wide<T>, for the rays whose o - c or local
/// coordinates overflow T (inlined into the unlikely branch, like ClipSlabsWide).
template <typename T>
[[gnu::cold, gnu::noinline]] inline CastResult<T> RayObbLocalSlabWide(const Ray<T>& ray, const Obb<T>& box,
                                                                      Trace* trace)
{
    using W = Wide<T>;
    // the ray in the box's frame, as RayObbLocalSlab computes it, in W (no overflow there)
    const WideVec3<T> origin = Widened(ray.origin), center = Widened(box.center), dir = Widened(ray.direction);
    WideVec3<T> localOrigin, localDir;
    for (int i = 0; i < 3; ++i) {
        const WideVec3<T> axis = Widened(box.axes[i]);
        W o = 0, d = 0;
        for (int k = 0; k < 3; ++k) {
            o += (origin[k] - center[k]) * axis[k];
            d += dir[k] * axis[k];
        }
        localOrigin[i] = o;
        localDir[i] = d;
    }
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("ray in the box frame (in %s: o - c overflows): origin (%g, %g, %g), direction (%g, %g, %g)",
                          sizeof(T) == 4 ? "double" : "long double", double(localOrigin[0]), double(localOrigin[1]),
                          double(localOrigin[2]), double(localDir[0]), double(localDir[1]), double(localDir[2])));
    }
    W wideEnter = 0;
    CastResult<T> r = ClipSlabsWide<T>(localOrigin, localDir, -box.halfExtents, box.halfExtents, T(0),
                                       std::numeric_limits<T>::infinity(), trace, &wideEnter);
    LocalHitToWorld(r, ray, box, wideEnter, trace);
    return r;
}

/// Whether local_slab's rounded frame change could move t by more than about an ulp of the scale:
/// a crossing axis whose local direction is under a quarter of the largest one (|d| <= sqrt(3)
/// times it) divides the rounding of its dot products by that small number, so RayObbCareful
/// redoes the query (a ray near-parallel to a face, and a dot product that cancels).
template <typename T>
[[gnu::always_inline]] inline bool ObbNeedsCare(const Vec3<T>& localDir)
{
    const T x = std::abs(localDir.x), y = std::abs(localDir.y), z = std::abs(localDir.z);
    const T largest = std::max(x, std::max(y, z));
    const T least = std::min(x, std::min(y, z));
    return least < T(0.25) * largest;
}

/// For a hit: whether some uncertain axis (ObbNeedsCare's) holds the hit's two ends with less room
/// than 16 epsilon of (|o'| + h_j + t |d'|) (ObbFastAnswerUncertain's test, inlined without
/// branches: the common near-parallel hit never leaves the loop). NaN counts as no room.
template <typename T>
[[gnu::always_inline]] inline bool ObbHitNeedsCare(const Vec3<T>& lo, const Vec3<T>& ld, const Vec3<T>& h,
                                                   const CastResult<T>& r)
{
    const Vec3<T> ad = glm::abs(ld);
    const T largest = std::max(ad.x, std::max(ad.y, ad.z));
    const T originSize = std::abs(lo.x) + std::abs(lo.y) + std::abs(lo.z);
    const T dirSize = ad.x + ad.y + ad.z;
    constexpr T e = T(16) * std::numeric_limits<T>::epsilon();
    const Vec3<T> roomEnter = h - glm::abs(lo + r.tEnter * ld);
    const Vec3<T> roomExit = h - glm::abs(lo + r.tExit * ld);
    const Vec3<T> needEnter = e * (Vec3<T>(originSize + r.tEnter * dirSize) + h);
    const Vec3<T> needExit = e * (Vec3<T>(originSize + r.tExit * dirSize) + h);
    // bitwise, not short-circuit: no branch per axis
    int care = 0;
    for (int j = 0; j < 3; ++j) {
        care |= int(ad[j] < T(0.25) * largest) & ~(int(roomEnter[j] > needEnter[j]) & int(roomExit[j] > needExit[j]));
    }
    return (care & 1) != 0;
}

/// Whether the fast answer of a ray near-parallel to a face (ObbNeedsCare) may be off, so that
/// RayObbCareful must redo it. The axes whose local direction is under a quarter of the largest are
/// uncertain (their slab times divide the rounding of the frame change by a small number); the
/// others are certain (their times are within a few ulps). Each uncertain axis's local coordinate
/// o'_j + t d'_j, linear in t, is checked against its face with a margin of 16 epsilon of
/// (|o'| + h_j + t |d'|) (1-norms; the rounding of the frame change) at the two ends of an
/// interval: on a hit [tEnter, tExit], where it must hold the whole hit with room to spare; on a
/// miss the certain axes' interval (clipped to t >= 0), which the uncertain axis must miss wholly
/// on one side, or that must itself be empty beyond its rounding. Out of line: only near-parallel
/// rays get here.
template <typename T>
[[gnu::noinline]] bool ObbFastAnswerUncertain(const Vec3<T>& lo, const Vec3<T>& ld, const Vec3<T>& h,
                                              const CastResult<T>& r);
extern template bool ObbFastAnswerUncertain<float>(const Vec3<float>&, const Vec3<float>&, const Vec3<float>&,
                                                   const CastResult<float>&);
extern template bool ObbFastAnswerUncertain<double>(const Vec3<double>&, const Vec3<double>&, const Vec3<double>&,
                                                    const CastResult<double>&);

/// local_slab's careful path: the box as the exact judge takes it (the parallelepiped of its axes
/// as given: face normals n_i = a_j x a_k, slab i is |n_i . (x - c)| <= h_i |det|). The uncertain
/// axes' slabs (a local direction under a quarter of the largest) are computed in double-double
/// (o - c as two exact parts): t = (+-h_i |det| - n_i . (o - c)) / n_i . d, rounded once; the
/// others keep the fast quotients of lo (local origin) and ld (local direction), within a few ulps
/// (for orthonormal axes a_i and n_i / det differ by a few ulps). Returns fast when an input's
/// magnitude lies outside [2^-200, 2^200] (a product could leave the double range).
template <typename T>
[[gnu::cold, gnu::noinline]] CastResult<T> RayObbCareful(const Ray<T>& ray, const Obb<T>& box, const Vec3<T>& lo,
                                                         const Vec3<T>& ld, CastResult<T> fast, Trace* trace);
extern template CastResult<float> RayObbCareful<float>(const Ray<float>&, const Obb<float>&, const Vec3<float>&,
                                                       const Vec3<float>&, CastResult<float>, Trace*);
extern template CastResult<double> RayObbCareful<double>(const Ray<double>&, const Obb<double>&, const Vec3<double>&,
                                                         const Vec3<double>&, CastResult<double>, Trace*);

} // namespace detail

template <typename T>
inline CastResult<T> RayObbLocalSlab(const Ray<T>& ray, const Obb<T>& box, Trace* trace)
{
    // the ray in the box's frame
    const Vec3<T> rel = ray.origin - box.center;
    Vec3<T> localOrigin, localDir;
    for (int i = 0; i < 3; ++i) {
        localOrigin[i] = glm::dot(rel, box.axes[i]);
        localDir[i] = glm::dot(ray.direction, box.axes[i]);
    }
    // an overflow (o - c, or a dot product) is redone wide: a non-finite local value makes the
    // probe NaN (so does a sum that overflows, harmlessly)
    const T probe = (localOrigin.x + localOrigin.y + localOrigin.z + localDir.x + localDir.y + localDir.z) * T(0);
    if (probe != T(0)) [[unlikely]] {
        return detail::RayObbLocalSlabWide(ray, box, trace);
    }
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("ray in the box frame: origin (%g, %g, %g), direction (%g, %g, %g)", double(localOrigin.x),
                          double(localOrigin.y), double(localOrigin.z), double(localDir.x), double(localDir.y),
                          double(localDir.z)),
                   {{"local_origin_x", double(localOrigin.x)},
                    {"local_origin_y", double(localOrigin.y)},
                    {"local_origin_z", double(localOrigin.z)},
                    {"local_dir_x", double(localDir.x)},
                    {"local_dir_y", double(localDir.y)},
                    {"local_dir_z", double(localDir.z)}});
    }

    detail::Wide<T> wideEnter = std::numeric_limits<detail::Wide<T>>::quiet_NaN();
    CastResult<T> r = ClipSlabs(localOrigin, localDir, -box.halfExtents, box.halfExtents, T(0),
                                std::numeric_limits<T>::infinity(), trace, &wideEnter);

    detail::LocalHitToWorld(r, ray, box, wideEnter, trace);
    // near-parallel to a face: the rounding of the frame change is divided by a small local
    // direction; redone carefully (the fast result stands outside the careful path's range)
    const bool care = r.hit ? detail::ObbHitNeedsCare(localOrigin, localDir, box.halfExtents, r)
                            : detail::ObbNeedsCare(localDir) &&
                                  detail::ObbFastAnswerUncertain(localOrigin, localDir, box.halfExtents, r);
    if (care) [[unlikely]] {
        return detail::RayObbCareful(ray, box, localOrigin, localDir, r, trace);
    }
    return r;
}

/// Parallel threshold of RayObbSlab on |dir.axis| (opengl-tutorial.org's 0.001).
template <typename T>
inline constexpr T kObbSlabParallelEpsilon = T(0.001);
/// Maximum distance of RayObbSlab, in units of the direction (opengl-tutorial.org's initial tMax).
template <typename T>
inline constexpr T kObbSlabMaxDistance = T(100000);

namespace detail {

/// RayObbSlab's step for one box axis (its e, f, slab and running interval), and the verdict when
/// that axis makes it miss.
template <typename T>
void TraceObbSlabAxis(Trace& trace, int axis, bool crossing, bool hit, T e, T f, T t1, T t2, T tMin, T tMax)
{
    constexpr double kInfinity = std::numeric_limits<double>::infinity();
    SlabPart part;
    part.axis = axis;
    part.parallel = !crossing;
    part.originInside = !crossing && hit;
    part.rejected = !crossing && !hit;
    part.tNear = crossing ? double(t1) : hit ? -kInfinity : kInfinity;
    part.tFar = crossing ? double(t2) : hit ? kInfinity : -kInfinity;
    part.tEnter = double(tMin);
    part.tExit = double(tMax);
    LinkSlabSources(trace, part);
    std::string caption = crossing ? Format("box axis %d slab: e = %g, f = %g, t in [%g, %g]; running [%g, %g]", axis,
                                            double(e), double(f), double(t1), double(t2), double(tMin), double(tMax))
                                   : Format("box axis %d: |f| = %g <= 0.001, taken as parallel; origin %s the slab",
                                            axis, double(std::abs(f)), hit ? "inside" : "outside");
    trace.Add(std::move(caption),
              {{"e", double(e)},
               {"f", double(f)},
               {"t_near", part.tNear},
               {"t_far", part.tFar},
               {"t_enter", part.tEnter},
               {"t_exit", part.tExit}},
              part);
    if (!hit) {
        trace.DecideLast();
        trace.verdict = crossing ? Format("miss: along box axis %d the interval empties (t_max %g < t_min %g)", axis,
                                          double(tMax), double(tMin))
                                 : Format("miss: the ray is (nearly) parallel to box axis %d (|f| = %g <= 0.001) and "
                                          "its origin lies outside that slab",
                                          axis, double(std::abs(f)));
    }
}

} // namespace detail

/// Published. Slabs along the box axes with dot products and no explicit transform, the form of
/// Real-Time Rendering's OBB slabs test (4th ed. 22.7.1) as copied in opengl-tutorial.org's
/// "Picking with a custom Ray-OBB function" (TestRayOBBIntersection): per axis e = axis.(c - o),
/// f = dir.axis; when |f| > 0.001, t1 = (e - h) / f and t2 = (e + h) / f narrow [tMin, tMax] =
/// [0, 100000] with an early exit when tMax < tMin; otherwise the axis counts as parallel and the
/// ray misses when -e - h > 0 or -e + h < 0 (the origin outside the slab).
///
/// - Near-parallel is treated as parallel: a ray with 0 < |dir.axis| <= 0.001 is decided by its
///   origin alone, so it misses a box it enters through that slab's face, or hits one it leaves
///   through it before reaching the others. The threshold is absolute (in units of |dir|).
/// - Closed box; origin inside hits with tEnter = 0 (tMin starts at 0); t beyond 100000 misses.
/// - tEnter = tMin, tExit = tMax, point; no normal (the listing returns a distance only).
/// - NaN: a NaN f is taken as parallel and passes the origin test, so NaN can give a hit.
template <typename T>
CastResult<T> RayObbSlab(const Ray<T>& ray, const Obb<T>& box, Trace* trace = nullptr)
{
    T tMin = 0;
    T tMax = kObbSlabMaxDistance<T>;
    const Vec3<T> delta = box.center - ray.origin;
    CastResult<T> r;
    r.hit = true;
    for (int axis = 0; axis < 3; ++axis) {
        const T e = glm::dot(box.axes[axis], delta);
        const T f = glm::dot(ray.direction, box.axes[axis]);
        const T h = box.halfExtents[axis];
        const bool crossing = std::abs(f) > kObbSlabParallelEpsilon<T>;
        T t1 = 0, t2 = 0;
        if (crossing) {
            t1 = (e - h) / f;
            t2 = (e + h) / f;
            if (t1 > t2) {
                const T w = t1;
                t1 = t2;
                t2 = w;
            }
            if (t2 < tMax) {
                tMax = t2;
            }
            if (t1 > tMin) {
                tMin = t1;
            }
            r.hit = !(tMax < tMin);
        } else {
            // near-parallel: the origin decides
            r.hit = !(-e - h > T(0) || -e + h < T(0));
        }
        if (trace != nullptr) [[unlikely]] {
            detail::TraceObbSlabAxis(*trace, axis, crossing, r.hit, e, f, t1, t2, tMin, tMax);
        }
        if (!r.hit) {
            return r;
        }
    }
    r.tEnter = tMin + T(0);
    r.tExit = tMax + T(0);
    r.point = ray.origin + r.tEnter * ray.direction;
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("hit: enter at t = %g, exit at t = %g", double(r.tEnter), double(r.tExit)),
                   {{"t_enter", double(r.tEnter)}, {"t_exit", double(r.tExit)}},
                   PointPart{"entry", glm::dvec3(r.point), true});
        trace->DecideLast();
        trace->verdict = trace->steps.back().caption;
    }
    return r;
}

} // namespace hitlab
