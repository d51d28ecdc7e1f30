// ray_aabb registration.
#include "ray_aabb.h"

#include "algorithm.h"

namespace hitlab {

void RegisterRayAabb(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "slab",
        .family = Family::RayAabb,
        .title = "Slab method (reference)",
        .summary = "Intersects the ray's t interval with the x, y and z slabs of the box; parallel axes are decided by "
                   "the origin alone. Closed box, t >= 0, an origin inside hits at t = 0.",
        .source = "Kay & Kajiya 1986; Ericson, Real-Time Collision Detection (2005) 5.3.3",
        .reference = true,
        .published = false,
        .conventions = {{"origin_inside", "hit"}, {"boundary", "inclusive"}, {"t_range", "t >= 0"},
                        {"direction", "any"}},
        .returns = kCastFields,
        .flaw = "",
        .run = MakeRun<Ray, Aabb>([](const auto& a, const auto& b, Trace* t) { return RayAabbSlab(a, b, t); }),
    });
}

} // namespace hitlab
