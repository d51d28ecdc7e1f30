// The reference slab method (Kay & Kajiya 1986; Ericson, Real-Time Collision Detection 5.3.3),
// shared by ray_aabb `slab`, segment_aabb `segment_slab` and ray_obb `local_slab`.
// The three axes and the allowed t range are four lanes of one vector: one division gives
// every slab, with t = (plane - origin) / direction correctly rounded, so the verdict and t
// are exact whenever those quotients are representable.
#pragma once

#include "result.h"
#include "simd.h"
#include "trace.h"

#include <cmath>
#include <limits>
#include <string>

namespace hitlab {

/// The plain sentence for a slab miss, from each lane's [near, far] (lanes 0-2: x, y, z; lane 3:
/// the allowed range) and which axes are parallel: "miss: the ray leaves the y slab at t = 0.8
/// before it enters the x slab at t = 1.2".
std::string SlabMissVerdict(const double nearLanes[4], const double farLanes[4], const bool parallel[3]);

/// Clips the line origin + t * dir against the closed box [lo, hi] and the allowed range [tMin, tMax].
///
/// - Parallel axes (dir component +0 or -0) are handled explicitly: the slab is every t when the
///   origin lies in [lo, hi] on that axis (boundary included), no t otherwise. No 0/0 or 0*inf is formed.
/// - hit when the clipped interval is non-empty (closed: touching an edge, corner or face hits with
///   tEnter == tExit). tEnter is clamped to tMin, so an origin inside gives tEnter = tMin.
/// - normal: the outward normal of the entering face, from the axis whose slab starts last; ties
///   (edges, corners) pick the lowest axis. None when the entry is clamped by tMin with all slabs
///   already entered before tMin (origin strictly inside along every crossing axis) or on a miss.
/// - dir need not be unit; t is in units of dir. NaN anywhere gives a miss.
/// - trace: one step per axis with its slab and the running interval, then the verdict; the step
///   where the interval became empty (where a sequential method exits early) is the deciding one.
template <typename T>
CastResult<T> ClipSlabs(const Vec3<T>& origin, const Vec3<T>& dir, const Vec3<T>& lo, const Vec3<T>& hi, T tMin,
                        T tMax, Trace* trace = nullptr)
{
    using namespace simd;
    using V = V4<T>;
    const V o{origin.x, origin.y, origin.z, T(0)};
    const V d{dir.x, dir.y, dir.z, T(1)};
    const V vlo{lo.x, lo.y, lo.z, tMin};
    const V vhi{hi.x, hi.y, hi.z, tMax};

    // Lane 3 is the allowed range itself: (tMin - 0) / 1 and (tMax - 0) / 1.
    const V t0 = (vlo - o) / d;
    const V t1 = (vhi - o) / d;
    V tNear = Min<T>(t0, t1);
    V tFar = Max<T>(t0, t1);

    // Parallel: the slab is all t or no t, decided by the origin alone.
    const auto parallel = d == Splat<T>(0);
    const auto inside = (o >= vlo) & (o <= vhi);
    tNear = parallel ? (inside ? Splat<T>(-kInf<T>) : Splat<T>(kInf<T>)) : tNear;
    tFar = parallel ? (inside ? Splat<T>(kInf<T>) : Splat<T>(-kInf<T>)) : tFar;
    // NaN (from NaN input) empties its slab. Parallel lanes are excluded: their 0/0 (origin on a
    // slab plane) was replaced above, and a NaN origin or bound already fails `inside` there.
    const auto nan = ~parallel & ((t0 != t0) | (t1 != t1));
    tNear = nan ? Splat<T>(kInf<T>) : tNear;
    tFar = nan ? Splat<T>(-kInf<T>) : tFar;

    CastResult<T> r;
    const T tEnter = HorizontalMax<T>(tNear);
    const T tExit = HorizontalMin<T>(tFar);
    r.hit = tEnter <= tExit;
    if (r.hit) {
        r.tEnter = tEnter + T(0); // -0 -> +0
        r.tExit = tExit + T(0);
        r.point = origin + r.tEnter * dir;
        // entering face: the first axis whose slab starts at tEnter; none when only tMin clamps
        for (int axis = 0; axis < 3; ++axis) {
            if (!parallel[axis] && tNear[axis] == tEnter) {
                r.normal = Vec3<T>(0);
                r.normal[axis] = dir[axis] > 0 ? T(-1) : T(1);
                r.hasNormal = true;
                break;
            }
        }
    }

    if (trace != nullptr) [[unlikely]] {
        T runEnter = tMin;
        T runExit = tMax;
        bool emptied = false;
        trace->Add(Format("allowed range: t in [%g, %g]", double(tMin), double(tMax)),
                   {{"t_min", double(tMin)}, {"t_max", double(tMax)}});
        for (int axis = 0; axis < 3; ++axis) {
            runEnter = tNear[axis] > runEnter ? tNear[axis] : runEnter;
            runExit = tFar[axis] < runExit ? tFar[axis] : runExit;
            SlabPart part;
            part.axis = axis;
            part.parallel = parallel[axis] != 0;
            part.originInside = inside[axis] != 0;
            part.tNear = double(tNear[axis]);
            part.tFar = double(tFar[axis]);
            part.tEnter = double(runEnter);
            part.tExit = double(runExit);
            std::string caption;
            if (part.parallel) {
                caption = Format("%s slab: parallel, origin %s it", AxisName(axis), part.originInside ? "inside" : "outside");
            } else {
                caption = Format("%s slab: t in [%g, %g]; running [%g, %g]", AxisName(axis), part.tNear, part.tFar,
                                 part.tEnter, part.tExit);
            }
            trace->Add(std::move(caption),
                       {{"t_near", part.tNear}, {"t_far", part.tFar}, {"t_enter", part.tEnter}, {"t_exit", part.tExit}},
                       part);
            if (!emptied && !(runEnter <= runExit)) {
                emptied = true;
                trace->DecideLast();
            }
        }
        if (r.hit) {
            trace->Add(Format("hit: enter at t = %g, exit at t = %g", double(r.tEnter), double(r.tExit)),
                       {{"t_enter", double(r.tEnter)}, {"t_exit", double(r.tExit)}},
                       PointPart{"entry", glm::dvec3(r.point), true});
            trace->DecideLast();
            trace->verdict = trace->steps.back().caption;
        } else {
            trace->Add("miss: the slabs' intervals do not overlap within the allowed range",
                       {{"t_enter", double(tEnter)}, {"t_exit", double(tExit)}});
            if (trace->decidingStep < 0) {
                trace->DecideLast();
            }
            double nearLanes[4], farLanes[4];
            bool parallelLanes[3];
            for (int lane = 0; lane < 4; ++lane) {
                nearLanes[lane] = double(tNear[lane]);
                farLanes[lane] = double(tFar[lane]);
                if (lane < 3) {
                    parallelLanes[lane] = parallel[lane] != 0;
                }
            }
            trace->verdict = SlabMissVerdict(nearLanes, farLanes, parallelLanes);
        }
    }
    return r;
}

} // namespace hitlab
