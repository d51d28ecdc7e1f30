// ray_obb: the workload's rays against 4096 oriented boxes (the boxes' extents, uniformly random
// rotations).
#include "harness.h"

#include "core/ray_obb.h"

namespace hitlab::bench {
namespace {

template <typename T>
void RegisterAll(bool all)
{
    const Workload<T>& w = GetWorkload<T>();
    const char* f = "ray_obb";
    RegisterAlgorithm<T>(f, "local_slab", w.rays, w.obbs,
                         [](const auto& a, const auto& b) { return RayObbLocalSlab(a, b).hit; });
    if (all) {
        RegisterAlgorithm<T>(f, "obb_slab", w.rays, w.obbs,
                             [](const auto& a, const auto& b) { return RayObbSlab(a, b).hit; });
    }
}

const int kRegistered = [] {
    RegisterAll<float>(true);
    RegisterAll<double>(false);
    return 0;
}();

} // namespace
} // namespace hitlab::bench
