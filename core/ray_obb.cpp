// ray_obb registration.
#include "ray_obb.h"

#include "algorithm.h"

namespace hitlab {

void RegisterRayObb(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "local_slab",
        .family = Family::RayObb,
        .title = "Slab method in the box frame (reference)",
        .summary = "Transforms the ray into the box's frame without renormalising the direction, so t is unchanged, "
                   "and runs the reference slab method against [-h, h]; point and normal back in world space.",
        .source = "Ericson, Real-Time Collision Detection (2005) 5.3.3 (ray in the OBB's frame); Kay & Kajiya 1986",
        .reference = true,
        .published = false,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "t >= 0"},
                        {"direction", "any"},
                        {"parallel", "handled"}},
        .returns = kCastFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Ray, Obb>([](const auto& a, const auto& b, Trace* t) { return RayObbLocalSlab(a, b, t); }),
    });
    out.push_back({
        .name = "obb_slab",
        .family = Family::RayObb,
        .title = "OBB slabs with dot products (published)",
        .summary = "Per box axis, e = axis.(c - o) and f = dir.axis give the slab's t interval without transforming "
                   "the ray; |f| <= 0.001 counts as parallel, and t is limited to [0, 100000].",
        .source = "Akenine-Moeller et al., Real-Time Rendering (4th ed.) 22.7.1; opengl-tutorial.org, \"Picking with "
                  "a custom Ray-OBB function\" (TestRayOBBIntersection)",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "t <= max distance"},
                        {"direction", "any"},
                        {"parallel", "handled"}},
        .returns = kFieldHit | kFieldTEnter | kFieldTExit | kFieldPoint,
        .flaw = "A ray within |dir.axis| <= 0.001 of parallel to a face is decided by its origin alone, so it misses "
                "boxes it enters through that face (or hits boxes it leaves before reaching the others).",
        .flawWhen = {"epsilon 0.001"},
        .run = MakeRun<Ray, Obb>([](const auto& a, const auto& b, Trace* t) { return RayObbSlab(a, b, t); }),
    });
}

} // namespace hitlab
