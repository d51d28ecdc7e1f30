// segment_aabb, published variant: Recast/Detour's segment-box test as published, reproduced with
// its parallel threshold (a short or nearly flat segment is judged by its start point alone).
#pragma once

#include "ray_aabb.h"

#include <cmath>
#include <limits>
#include <utility>

namespace hitlab {

/// The threshold below which Recast's segment-box test treats a direction component as parallel:
/// 1e-6, absolute (in length units), in float and in double alike.
template <typename T>
inline constexpr T kRecastParallelEpsilon = T(1e-6);

/// Published: Recast/Detour's `isectSegAABB` (RecastDemo's input geometry, Recast Navigation by
/// Mikko Mononen), the slab method clipped to the segment's t in [0, 1] with d = end - start:
/// per axis, when |d_i| < 1e-6 the axis counts as parallel and the segment is rejected unless its
/// start lies in the closed slab; otherwise 1 / d_i is computed once and t1 = (min - start) * (1 /
/// d_i), t2 = (max - start) * (1 / d_i), swapped into order, narrow [tmin, tmax] (starting at
/// [0, 1]), and the test stops with a miss as soon as tmin > tmax.
/// - The flaw: an axis with 0 < |d_i| < 1e-6 is judged by the start point alone, whatever the
///   segment does on it. A segment shorter than 1e-6 on every axis is a point at its start; a long
///   segment that tilts by less than 1e-6 across a face misses when it starts outside that face's
///   slab and ends inside the box, and hits when it starts inside the slab and leaves it before it
///   reaches the box.
/// - Closed (a segment ending exactly on a face hits, tEnter == tExit == 1); start inside hits
///   with tEnter = 0. t by the reciprocal, so a quotient that is not exact can differ from the
///   reference's division by an ulp.
/// - Fills hit, tEnter (tmin) and tExit (tmax); no point or normal. A NaN t (0 * inf when the start
///   lies on a face at infinity, NaN inputs) fails both comparisons and leaves [tmin, tmax] as it was.
/// - trace: one SlabPart per axis tested (parallel when |d_i| < 1e-6; the early exit decides), then
///   the verdict step.
template <typename T>
CastResult<T> SegmentAabbRecast(const Segment<T>& segment, const Aabb<T>& box, Trace* trace = nullptr)
{
    const Vec3<T> d = segment.end - segment.start;
    T tmin = T(0);
    T tmax = T(1);
    CastResult<T> r;
    for (int axis = 0; axis < 3; ++axis) {
        const T s = segment.start[axis];
        if (std::abs(d[axis]) < kRecastParallelEpsilon<T>) {
            const bool rejected = s < box.min[axis] || s > box.max[axis];
            if (trace != nullptr) [[unlikely]] {
                // a parallel slab is every t (start inside) or no t (start outside), as the reference traces it
                constexpr double kInf = std::numeric_limits<double>::infinity();
                detail::TraceSlabStep(*trace, axis, true, !rejected, rejected, rejected ? kInf : -kInf,
                                      rejected ? -kInf : kInf, double(tmin), double(tmax),
                                      Format(" (|d| = %g < 1e-6: judged by the start point, %s the slab)",
                                             double(std::abs(d[axis])), rejected ? "outside" : "inside")
                                          .c_str());
                if (rejected) {
                    trace->DecideLast();
                    trace->verdict =
                        Format("miss: |d.%s| = %g is below 1e-6, so the segment counts as parallel to the %s slab "
                               "and its start lies outside it",
                               AxisName(axis), double(std::abs(d[axis])), AxisName(axis));
                }
            }
            if (rejected) {
                return r;
            }
            continue;
        }
        const T ood = T(1) / d[axis];
        T t1 = (box.min[axis] - s) * ood;
        T t2 = (box.max[axis] - s) * ood;
        if (t1 > t2) {
            std::swap(t1, t2);
        }
        if (t1 > tmin) {
            tmin = t1;
        }
        if (t2 < tmax) {
            tmax = t2;
        }
        const bool empty = tmin > tmax;
        if (trace != nullptr) [[unlikely]] {
            detail::TraceSlabStep(*trace, axis, false, false, empty, double(t1), double(t2), double(tmin), double(tmax),
                                  empty ? " (tmin > tmax: miss)" : "");
            if (empty) {
                trace->DecideLast();
                trace->verdict = Format("miss: the %s slab empties the interval (tmin = %g > tmax = %g)",
                                        AxisName(axis), double(tmin), double(tmax));
            }
        }
        if (empty) {
            return r;
        }
    }
    r.hit = true;
    r.tEnter = tmin + T(0);
    r.tExit = tmax + T(0);
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("hit: tmin = %g <= tmax = %g", double(tmin), double(tmax)),
                   {{"t_enter", double(tmin)}, {"t_exit", double(tmax)}});
        trace->DecideLast();
        trace->verdict = Format("hit: enter at t = %g, exit at t = %g", double(tmin), double(tmax));
    }
    return r;
}

} // namespace hitlab
