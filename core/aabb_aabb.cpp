// aabb_aabb registration.
#include "aabb_aabb.h"

#include "algorithm.h"
#include "overlap_distance.h"

namespace hitlab {

void RegisterAabbAabb(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "interval",
        .family = Family::AabbAabb,
        .title = "Per-axis intervals (reference)",
        .summary = "Overlap when the boxes' intervals overlap on x, y and z (touching counts); depth and normal "
                   "from the axis of least push-out, contact at the centre of the overlap region.",
        .source = "Ericson, Real-Time Collision Detection (2005) 4.2.1",
        .reference = true,
        .published = false,
        .conventions = {{"touching", "overlap"}},
        .returns = kOverlapFields | kFieldSeparatingAxis | kDistanceFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Aabb, Aabb>([](const auto& a, const auto& b, Trace* t) {
            return WithDistance(AabbAabbInterval(a, b, t), a, b, AabbAabbGap);
        }),
    });
    out.push_back({
        .name = "center_extent",
        .family = Family::AabbAabb,
        .title = "Centre / half-size test with six face distances",
        .summary = "Overlap when |ca - cb| < ha + hb on every axis (strict, so touching boxes are separate); the "
                   "smallest of the six face distances of a gives depth and normal, contact the centres' midpoint.",
        .source = "Newcastle University game technologies tutorial \"Collision Detection\" (AABBIntersection); "
                  "centre-radius form of Ericson, Real-Time Collision Detection (2005) 4.2",
        .reference = false,
        .published = true,
        .conventions = {{"touching", "separate"}},
        .returns = kOverlapFields,
        .flaw = "Strict comparisons report touching boxes as separate, and the contact (the centres' midpoint) can "
                "lie outside the overlap.",
        .flawWhen = {"boundary"},
        .run =
            MakeRun<Aabb, Aabb>([](const auto& a, const auto& b, Trace* t) { return AabbAabbCenterExtent(a, b, t); }),
    });
}

} // namespace hitlab
