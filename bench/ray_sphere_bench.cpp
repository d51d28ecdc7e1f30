// ray_sphere: every algorithm in float and glm::intersectRaySphere as the peer, on the workload's
// rays (unit directions, as glm requires) x 4096 spheres.
#include "harness.h"

#include "core/ray_sphere.h"
#include "core/ray_sphere_published.h"

#include <glm/gtx/intersect.hpp>

namespace hitlab::bench {
namespace {

template <typename T>
void RegisterAll(bool all)
{
    const Workload<T>& w = GetWorkload<T>();
    const char* f = "ray_sphere";
    RegisterAlgorithm<T>(f, "quadratic_stable", w.rays, w.spheres,
                         [](const auto& a, const auto& b) { return RaySphereQuadraticStable(a, b).hit; });
    if (!all) {
        return;
    }
    RegisterAlgorithm<T>(f, "quadratic", w.rays, w.spheres,
                         [](const auto& a, const auto& b) { return RaySphereQuadratic(a, b).hit; });
    RegisterAlgorithm<T>(f, "geometric", w.rays, w.spheres,
                         [](const auto& a, const auto& b) { return RaySphereGeometric(a, b).hit; });
    RegisterAlgorithm<T>(f, "glm", w.rays, w.spheres,
                         [](const auto& a, const auto& b) { return RaySphereGlm(a, b).hit; });
}

const int kRegistered = [] {
    // glm's distance overload (radius squared), the one glm's users call for a hit test; its
    // position / normal overload adds only work that the hit count does not use.
    RegisterNamed("peer/glm_intersectRaySphere", GetWorkload<float>().rays, GetWorkload<float>().spheres,
                  [](const Ray<float>& r, const Sphere<float>& s) {
                      float distance;
                      return glm::intersectRaySphere(r.origin, r.direction, s.center, s.radius * s.radius, distance);
                  });
    RegisterAll<float>(true);
    RegisterAll<double>(false);
    return 0;
}();

} // namespace
} // namespace hitlab::bench
