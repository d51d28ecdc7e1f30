// segment_aabb: a segment start + t * (end - start), 0 <= t <= 1, against an axis-aligned box.
// The reference clips the slabs to [0, 1]; the separating-axis test answers the boolean only.
#pragma once

#include "slab.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace hitlab {

/// Reference. Slabs clipped to t in [0, 1] with direction end - start (the structure of Recast's
/// dtIntersectSegmentAABB, without its 1e-6 parallel threshold, closed; Ericson RTCD 5.3.3).
/// - t in units of end - start; origin (start) inside hits with tEnter = 0 and no normal; a
///   segment ending exactly on a face hits with tEnter == tExit == 1.
/// - Zero-length segment (a point): every axis is parallel, so it hits iff the point lies in the
///   closed box, and then every t in [0, 1] gives that point: tEnter = 0, tExit = 1, no normal.
/// - Exact when end - start is representable (and then on every finite input, see ClipSlabs for
///   quotients out of range). When end - start overflows (start and end of opposite signs near the
///   largest finite value) the clip runs in ClipSlabs' wider type on the exact difference, so t
///   does not collapse to 0.
template <typename T>
[[gnu::always_inline]] inline CastResult<T> SegmentAabbSegmentSlab(const Segment<T>& segment, const Aabb<T>& box,
                                                                   Trace* trace = nullptr)
{
    const Vec3<T> dir = segment.end - segment.start;
    if (!(std::isfinite(dir.x) && std::isfinite(dir.y) && std::isfinite(dir.z))) [[unlikely]] {
        const detail::WideVec3<T> start = detail::Widened(segment.start), end = detail::Widened(segment.end);
        return detail::ClipSlabsWide<T>(start, {end[0] - start[0], end[1] - start[1], end[2] - start[2]}, box.min,
                                        box.max, T(0), T(1), trace);
    }
    return ClipSlabs(segment.start, dir, box.min, box.max, T(0), T(1), trace);
}

/// The epsilon RTCD adds to |d| before the cross-product axes. The book leaves EPSILON a small
/// user constant; HitLab uses 1e-6 (absolute, in length units) in float and in double.
template <typename T>
constexpr T kSegmentSatEpsilon = T(1e-6);

/// Separating-axis test of Ericson, Real-Time Collision Detection (2005) 5.3.3, TestSegmentAABB:
/// segment midpoint m and half-length vector d against the box centre c and half-extents e; the
/// three box axes (|m_i| > e_i + |d_i| separates), then the three cross products d x axis, with
/// kSegmentSatEpsilon added to every |d_i| first.
/// - Boolean only (no t, point or normal). Closed: touching is an overlap (`>` separates).
/// - The epsilon widens the box's radius on the cross axes by up to (e_j + e_k) * epsilon: a
///   segment that is (near) parallel to a box face and passes within about that distance of an
///   edge is reported as hitting (conservative); it exists so that rounding in a near-zero cross
///   product does not separate a segment that really touches.
/// - Zero-length segment: d = 0, the box axes decide: hit iff the point is in the closed box.
/// - trace: one AxisPart per axis tested (ra: the segment's radius, rb: the box's, distance:
///   |projection of m - c|), the separating one deciding.
template <typename T>
CastResult<T> SegmentAabbSegmentSat(const Segment<T>& segment, const Aabb<T>& box, Trace* trace = nullptr)
{
    using std::abs;
    const Vec3<T> c = (box.min + box.max) * T(0.5);     // box centre
    const Vec3<T> e = box.max - c;                      // box half-extents
    Vec3<T> m = (segment.start + segment.end) * T(0.5); // segment midpoint
    const Vec3<T> d = segment.end - m;                  // segment half-length vector
    m = m - c;                                          // translate the box to the origin
    CastResult<T> r;

    // the box axes
    Vec3<T> ad(abs(d.x), abs(d.y), abs(d.z));
    for (int axis = 0; axis < 3; ++axis) {
        const bool separating = abs(m[axis]) > e[axis] + ad[axis];
        if (trace != nullptr) [[unlikely]] {
            AxisPart part;
            part.label = AxisName(axis);
            part.axis = glm::dvec3(0);
            part.axis[axis] = 1;
            part.ra = double(ad[axis]);
            part.rb = double(e[axis]);
            part.distance = double(abs(m[axis]));
            part.overlap = part.ra + part.rb - part.distance;
            part.separating = separating;
            trace->Add(Format("%s axis: |m| = %g %s e + |d| = %g", AxisName(axis), part.distance,
                              separating ? ">" : "<=", double(e[axis] + ad[axis])),
                       {{"ra", part.ra}, {"rb", part.rb}, {"distance", part.distance}}, part);
        }
        if (separating) {
            if (trace != nullptr) [[unlikely]] {
                trace->DecideLast();
                trace->verdict = Format("miss: the %s axis separates them", AxisName(axis));
            }
            return r;
        }
    }
    // counter rounding when the segment is (near) parallel to a box axis
    ad += Vec3<T>(kSegmentSatEpsilon<T>);
    // the cross products d x axis: m x d projected, against the box radius (the segment projects to a point)
    const T crossDistance[3] = {abs(m.y * d.z - m.z * d.y), abs(m.z * d.x - m.x * d.z), abs(m.x * d.y - m.y * d.x)};
    const T boxRadius[3] = {e.y * ad.z + e.z * ad.y, e.x * ad.z + e.z * ad.x, e.x * ad.y + e.y * ad.x};
    for (int axis = 0; axis < 3; ++axis) {
        const bool separating = crossDistance[axis] > boxRadius[axis];
        if (trace != nullptr) [[unlikely]] {
            AxisPart part;
            part.label = Format("d x %s", AxisName(axis));
            Vec3<T> unitAxis(0);
            unitAxis[axis] = T(1);
            part.axis = glm::dvec3(glm::cross(glm::dvec3(d), glm::dvec3(unitAxis)));
            part.ra = 0;
            part.rb = double(boxRadius[axis]);
            part.distance = double(crossDistance[axis]);
            part.overlap = part.rb - part.distance;
            part.separating = separating;
            trace->Add(Format("d x %s axis: |m x d| = %g %s box radius (with epsilon) = %g", AxisName(axis),
                              part.distance, separating ? ">" : "<=", part.rb),
                       {{"ra", 0.0}, {"rb", part.rb}, {"distance", part.distance}}, part);
        }
        if (separating) {
            if (trace != nullptr) [[unlikely]] {
                trace->DecideLast();
                trace->verdict = Format("miss: the axis d x %s separates them", AxisName(axis));
            }
            return r;
        }
    }
    r.hit = true;
    if (trace != nullptr) [[unlikely]] {
        trace->DecideLast();
        trace->verdict = "hit: none of the 6 axes separates the segment from the box";
    }
    return r;
}

} // namespace hitlab
