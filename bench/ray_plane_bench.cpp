// ray_plane: the workload's rays against 4096 planes (unit normals uniform on the sphere, each
// through a point of the scene cube).
#include "harness.h"

#include "core/ray_plane.h"

namespace hitlab::bench {
namespace {

template <typename T>
void RegisterAll(bool all)
{
    const Workload<T>& w = GetWorkload<T>();
    const char* f = "ray_plane";
    RegisterAlgorithm<T>(f, "plane", w.rays, w.planes,
                         [](const auto& a, const auto& b) { return RayPlanePlane(a, b).hit; });
    if (all) {
        RegisterAlgorithm<T>(f, "plane_one_sided", w.rays, w.planes,
                             [](const auto& a, const auto& b) { return RayPlaneOneSided(a, b).hit; });
    }
}

const int kRegistered = [] {
    RegisterAll<float>(true);
    RegisterAll<double>(false);
    return 0;
}();

} // namespace
} // namespace hitlab::bench
