// ray_obb registration.
#include "ray_obb.h"

#include "algorithm.h"

namespace hitlab {

template <typename T>
CastResult<T> detail::RayObbLocalSlabWide(const Ray<T>& ray, const Obb<T>& box, Trace* trace)
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
    if (r.hit) {
        r.point = PointAtWide(ray.origin, ray.direction, wideEnter);
        if (r.hasNormal) {
            const int axis = r.normal.x != T(0) ? 0 : r.normal.y != T(0) ? 1 : 2;
            r.normal = r.normal[axis] * box.axes[axis];
        }
        if (trace != nullptr) [[unlikely]] {
            trace->steps.back().part = PointPart{"entry", glm::dvec3(r.point), true};
        }
    }
    return r;
}

template CastResult<float> detail::RayObbLocalSlabWide<float>(const Ray<float>&, const Obb<float>&, Trace*);
template CastResult<double> detail::RayObbLocalSlabWide<double>(const Ray<double>&, const Obb<double>&, Trace*);

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
        .conventions = {{"origin_inside", "hit"}, {"boundary", "inclusive"}, {"t_range", "t >= 0"},
                        {"direction", "any"}, {"parallel", "handled"}},
        .returns = kCastFields,
        .flaw = "",
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
        .conventions = {{"origin_inside", "hit"}, {"boundary", "inclusive"}, {"t_range", "t <= max distance"},
                        {"direction", "any"}, {"parallel", "handled"}},
        .returns = kFieldHit | kFieldTEnter | kFieldTExit | kFieldPoint,
        .flaw = "A ray within |dir.axis| <= 0.001 of parallel to a face is decided by its origin alone, so it misses "
                "boxes it enters through that face (or hits boxes it leaves before reaching the others).",
        .run = MakeRun<Ray, Obb>([](const auto& a, const auto& b, Trace* t) { return RayObbSlab(a, b, t); }),
    });
}

} // namespace hitlab
