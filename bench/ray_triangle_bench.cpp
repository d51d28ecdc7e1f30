// ray_triangle: every algorithm of core/ray_triangle*.h, float and double, on the workload's rays
// x 4096 triangles (bench/workload.h: about a tenth of the pairs hit). scripts/bench prints the
// watertight reference's time per test over Moller-Trumbore's (the target: at most 1.5).
#include "harness.h"

#include "core/ray_triangle.h"
#include "core/ray_triangle_published.h"

namespace hitlab::bench {
namespace {

template <typename T>
void RegisterAll()
{
    const Workload<T>& w = GetWorkload<T>();
    const char* f = "ray_triangle";
    RegisterAlgorithm<T>(f, "watertight", w.rays, w.triangles,
                         [](const auto& a, const auto& b) { return RayTriangleWatertight(a, b).hit; });
    RegisterAlgorithm<T>(f, "moller_trumbore", w.rays, w.triangles,
                         [](const auto& a, const auto& b) { return RayTriangleMollerTrumbore(a, b).hit; });
    RegisterAlgorithm<T>(f, "moller_trumbore_cull", w.rays, w.triangles,
                         [](const auto& a, const auto& b) { return RayTriangleMollerTrumboreCull(a, b).hit; });
    RegisterAlgorithm<T>(f, "baldwin_weber", w.rays, w.triangles,
                         [](const auto& a, const auto& b) { return RayTriangleBaldwinWeber(a, b).hit; });
    RegisterAlgorithm<T>(f, "plucker", w.rays, w.triangles,
                         [](const auto& a, const auto& b) { return RayTrianglePlucker(a, b).hit; });
    RegisterAlgorithm<T>(f, "havel_herout", w.rays, w.triangles,
                         [](const auto& a, const auto& b) { return RayTriangleHavelHerout(a, b).hit; });
}

const int kRegistered = [] {
    RegisterAll<float>();
    RegisterAll<double>();
    return 0;
}();

} // namespace
} // namespace hitlab::bench
