// segment_triangle registration.
#include "segment_triangle.h"

#include "algorithm.h"

namespace hitlab {

void RegisterSegmentTriangle(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "watertight",
        .family = Family::SegmentTriangle,
        .title = "Watertight test, exact signs (reference)",
        .summary = "ray_triangle's watertight reference on start + t (end - start), 0 <= t <= 1: the exact verdict "
                   "on every finite input, end - start taken exactly as end and -start.",
        .source = "Woop, Benthin, Wald, \"Watertight Ray/Triangle Intersection\", JCGT 2(1) (2013), with an exact "
                  "fallback",
        .reference = true,
        .published = false,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "0 <= t <= 1"},
                        {"facing", "both"},
                        {"parallel", "handled"}},
        .returns = kCastFields | kTriangleCastFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Segment, Triangle>(
            [](const auto& a, const auto& b, Trace* t) { return SegmentTriangleWatertight(a, b, t); }),
    });
    out.push_back({
        .name = "moller_trumbore",
        .family = Family::SegmentTriangle,
        .title = "Moller-Trumbore on a segment (published)",
        .summary = "Moller-Trumbore (two-sided, |det| < 1e-6 misses) on the ray start + t (end - start), a hit when "
                   "1e-6 < t <= 1.",
        .source = "Moller, Trumbore, \"Fast, Minimum Storage Ray/Triangle Intersection\", JGT 2(1) (1997), as "
                  "commonly copied, t bounded by the segment",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "miss"},
                        {"boundary", "inclusive"},
                        {"t_range", "0 < t <= 1"},
                        {"facing", "both"},
                        {"parallel", "miss"}},
        .returns = kCastFields | kTriangleCastFields,
        .flaw = "The absolute EPSILON = 1e-6 on det loses small triangles, grazing segments and segments in the "
                "plane; u and v are rounded per triangle (cracks along shared edges); hits within t <= 1e-6 of the "
                "start are lost.",
        .flawWhen = {"determinant below 1e-6", "edge or vertex", "t at most 1e-6"},
        .run = MakeRun<Segment, Triangle>(
            [](const auto& a, const auto& b, Trace* t) { return SegmentTriangleMollerTrumbore(a, b, t); }),
    });
}

} // namespace hitlab
