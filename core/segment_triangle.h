// segment_triangle: a segment start + t (end - start), 0 <= t <= 1, against a closed two-sided
// triangle: the watertight reference and Moller-Trumbore, as in ray_triangle.h.
#pragma once

#include "ray_triangle.h"
#include "scale.h"

#include <limits>

namespace hitlab {

/// Reference. RayTriangleWatertight on the segment's line with t in [0, 1]: the exact solver signs
/// every quantity with d = end - start taken as end and -start (each is linear in d), so the
/// verdict is exact even where end - start rounds or overflows. t in units of end - start. A
/// zero-length segment (start == end) is its point: a hit over [0, 1] where it lies on the closed
/// triangle (valid input, as the protocol has it).
template <typename T>
CastResult<T> SegmentTriangleWatertight(const Segment<T>& seg, const Triangle<T>& tri, Trace* trace = nullptr)
{
    CastResult<T> r;
    const auto& v = tri.vertices;
    const Ray<T> line{seg.start, seg.end - seg.start};
    detail::ExactTriangleAnswer exact;
    detail::TriangleFastValues fast;
    exact.det = std::numeric_limits<double>::quiet_NaN(); // marks "not run"
    if (detail::WatertightLine(seg.start, seg.end, -seg.start, v[0], v[1], v[2], true, T(1), r, &exact, &fast)) {
        FillTrianglePointAndNormal(line, v[0], v[1], v[2], r);
        if (!detail::AllFinite(line.direction)) {
            // end - start overflowed: the point between the ends
            r.point = (T(1) - r.tEnter) * seg.start + r.tEnter * seg.end;
        }
    }
    if (trace != nullptr) [[unlikely]] {
        const bool ranExact = !std::isnan(exact.det);
        detail::TraceWatertight<T>(*trace, seg.start, line.direction, tri, r, ranExact ? nullptr : &fast,
                                   ranExact ? &exact : nullptr, "segment");
    }
    return r;
}

/// Moller-Trumbore (two-sided, as commonly copied) on the ray start + t (end - start), a hit when
/// EPSILON < t <= 1: the ray form's flaws, plus end - start rounded before the test.
template <typename T>
CastResult<T> SegmentTriangleMollerTrumbore(const Segment<T>& seg, const Triangle<T>& tri, Trace* trace = nullptr)
{
    CastResult<T> r;
    const auto& v = tri.vertices;
    const Ray<T> line{seg.start, seg.end - seg.start};
    if (MollerTrumboreTriangle(line, v[0], v[1], v[2], T(1), r, false)) {
        FillTrianglePointAndNormal(line, v[0], v[1], v[2], r);
    }
    if (trace != nullptr) [[unlikely]] {
        detail::TraceMollerTrumbore<T>(*trace, line, tri, r, false, T(1));
    }
    return r;
}

} // namespace hitlab
