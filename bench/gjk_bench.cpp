// GJK + EPA and MPR on the overlap workload (the same pairs as the closed-form rows, so
// `obb_obb/gjk_epa/double` compares with `obb_obb/sat/double` and libccd's peer/libccd_gjk_epa),
// and the GJK ray cast on the ray workload. Each test returns the verdict combined with the depth
// (or t), so that EPA's and MPR's depth work is not optimised away.
#include "harness.h"

#include "core/gjk_algorithms.h"

namespace hitlab::bench {
namespace {

template <typename T, typename A, typename B>
void RegisterOverlap(const char* family, const std::vector<A>& as, const std::vector<B>& bs)
{
    RegisterAlgorithm<T>(family, "gjk_epa", as, bs, [](const auto& a, const auto& b) {
        const auto r = GjkEpaOverlap(a, b);
        return r.hit && r.depth >= 0;
    });
    RegisterAlgorithm<T>(family, "mpr", as, bs, [](const auto& a, const auto& b) {
        const auto r = MprOverlap(a, b);
        return r.hit && r.depth >= 0;
    });
}

template <typename T>
void RegisterAll()
{
    const Workload<T>& w = GetWorkload<T>();
    RegisterOverlap<T>("obb_obb", w.obbsA, w.obbs);
    RegisterOverlap<T>("aabb_aabb", w.boxesA, w.boxes);
    RegisterOverlap<T>("sphere_sphere", w.spheresA, w.spheres);
    RegisterOverlap<T>("sphere_aabb", w.spheresA, w.boxes);
    RegisterAlgorithm<T>("ray_aabb", "gjk_raycast", w.rays, w.boxes, [](const auto& r, const auto& b) {
        const auto c = GjkRayCast(r, b);
        return c.hit && c.tEnter >= 0;
    });
    RegisterAlgorithm<T>("ray_sphere", "gjk_raycast", w.rays, w.spheres, [](const auto& r, const auto& b) {
        const auto c = GjkRayCast(r, b);
        return c.hit && c.tEnter >= 0;
    });
    RegisterAlgorithm<T>("ray_obb", "gjk_raycast", w.rays, w.obbs, [](const auto& r, const auto& b) {
        const auto c = GjkRayCast(r, b);
        return c.hit && c.tEnter >= 0;
    });
}

const int kRegistered = [] {
    RegisterAll<float>();
    RegisterAll<double>();
    return 0;
}();

} // namespace
} // namespace hitlab::bench
