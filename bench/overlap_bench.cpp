// The overlap families: a-shapes with centers in [-1, 1]^3 against the scene's b-shapes (centers in
// [-0.5, 0.5]^3), 4096 x 4096 pairs each; about half the box pairs overlap.
#include "harness.h"

#include "core/aabb_aabb.h"
#include "core/obb_obb.h"
#include "core/obb_obb_published.h"
#include "core/sphere_aabb.h"
#include "core/sphere_sphere.h"

namespace hitlab::bench {
namespace {

template <typename T>
void RegisterAll(bool all)
{
    const Workload<T>& w = GetWorkload<T>();
    RegisterAlgorithm<T>("aabb_aabb", "interval", w.boxesA, w.boxes,
                         [](const auto& a, const auto& b) { return AabbAabbInterval(a, b).hit; });
    RegisterAlgorithm<T>("sphere_aabb", "closest_point", w.spheresA, w.boxes,
                         [](const auto& a, const auto& b) { return SphereAabbClosestPoint(a, b).hit; });
    RegisterAlgorithm<T>("sphere_sphere", "distance", w.spheresA, w.spheres,
                         [](const auto& a, const auto& b) { return SphereSphereDistance(a, b).hit; });
    RegisterAlgorithm<T>("obb_obb", "sat", w.obbsA, w.obbs,
                         [](const auto& a, const auto& b) { return ObbObbSat(a, b).hit; });
    if (!all) {
        return;
    }
    RegisterAlgorithm<T>("aabb_aabb", "center_extent", w.boxesA, w.boxes,
                         [](const auto& a, const auto& b) { return AabbAabbCenterExtent(a, b).hit; });
    RegisterAlgorithm<T>("sphere_aabb", "expanded_box", w.spheresA, w.boxes,
                         [](const auto& a, const auto& b) { return SphereAabbExpandedBox(a, b).hit; });
    RegisterAlgorithm<T>("obb_obb", "vertex_edge", w.obbsA, w.obbs,
                         [](const auto& a, const auto& b) { return ObbObbVertexEdge(a, b).hit; });
}

const int kRegistered = [] {
    RegisterAll<float>(true);
    RegisterAll<double>(false);
    return 0;
}();

} // namespace
} // namespace hitlab::bench
