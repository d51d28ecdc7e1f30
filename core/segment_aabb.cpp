// segment_aabb registration.
#include "segment_aabb.h"
#include "segment_aabb_published.h"

#include "algorithm.h"

namespace hitlab {

void RegisterSegmentAabb(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "segment_slab",
        .family = Family::SegmentAabb,
        .title = "Slab method clipped to [0, 1] (reference)",
        .summary = "Intersects the segment's t range [0, 1] with the x, y and z slabs of the box; parallel axes are "
                   "decided by the start point. Closed box; a zero-length segment hits iff the point is in the box.",
        .source = "Ericson, Real-Time Collision Detection (2005) 5.3.3; structure of Recast's dtIntersectSegmentAABB",
        .reference = true,
        .published = false,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "0 <= t <= 1"},
                        {"direction", "any"},
                        {"parallel", "handled"}},
        .returns = kCastFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Segment, Aabb>(
            [](const auto& a, const auto& b, Trace* t) { return SegmentAabbSegmentSlab(a, b, t); }),
    });
    out.push_back({
        .name = "segment_sat",
        .family = Family::SegmentAabb,
        .title = "Separating axes, midpoint form (Ericson)",
        .summary = "Tests the three box axes and the three cross products of the segment with them, using the "
                   "segment's midpoint and half-length; an epsilon on the cross axes makes near-parallel cases "
                   "conservative. Boolean only.",
        .source = "Ericson, Real-Time Collision Detection (2005) 5.3.3, TestSegmentAABB",
        .reference = false,
        .published = false,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "conservative"},
                        {"t_range", "0 <= t <= 1"},
                        {"direction", "any"},
                        {"parallel", "handled"}},
        .returns = kFieldHit,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Segment, Aabb>(
            [](const auto& a, const auto& b, Trace* t) { return SegmentAabbSegmentSat(a, b, t); }),
    });
    out.push_back({
        .name = "segment_recast",
        .family = Family::SegmentAabb,
        .title = "Recast's isectSegAABB (1e-6 parallel threshold)",
        .summary = "Slabs clipped to [0, 1] with the reciprocal of each direction component; a component below "
                   "1e-6 in magnitude counts as parallel and only the start point is tested on that axis.",
        .source = "Recast Navigation (Mikko Mononen), RecastDemo's isectSegAABB; the slab method of Ericson, "
                  "Real-Time Collision Detection (2005) 5.3.3",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "0 <= t <= 1"},
                        {"direction", "any"},
                        {"parallel", "below 1e-6: start point"}},
        .returns = kFieldHit | kFieldTEnter | kFieldTExit,
        .flaw = "A direction component below 1e-6 in magnitude counts as parallel, so on that axis only the start "
                "point is tested: a short segment is judged by its start alone, and a segment that tilts by less "
                "than 1e-6 across a face is judged as if it did not cross it.",
        .flawWhen = {"epsilon 1e-6"},
        .run =
            MakeRun<Segment, Aabb>([](const auto& a, const auto& b, Trace* t) { return SegmentAabbRecast(a, b, t); }),
    });
}

} // namespace hitlab
