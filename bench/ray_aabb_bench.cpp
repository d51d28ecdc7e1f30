// ray_aabb: every algorithm in float (the reference and the branchless slab also in double), and
// Bullet's btRayAabb2 as the peer, on the ray_aabb workload (4096 rays x 4096 boxes).
#include "harness.h"

#include "core/ray_aabb.h"
#include "core/ray_aabb_dispatch.h"
#include "core/ray_aabb_published.h"

#include <LinearMath/btAabbUtil2.h>

namespace hitlab::bench {
namespace {

/// The workload's boxes as Bullet stores them (btVector3 bounds[2]).
struct BulletBox {
    btVector3 bounds[2];
};

const std::vector<BulletBox>& BulletBoxes()
{
    static const std::vector<BulletBox> boxes = [] {
        std::vector<BulletBox> out;
        for (const Aabb<float>& b : GetWorkload<float>().boxes) {
            out.push_back({{btVector3(b.min.x, b.min.y, b.min.z), btVector3(b.max.x, b.max.y, b.max.z)}});
        }
        return out;
    }();
    return boxes;
}

/// Bullet's per-ray setup, as its users do it (btDbvt::rayTest, btCollisionWorld's ray callbacks):
/// inverse direction (a zero component gives BT_LARGE_FLOAT) and the sign of each component,
/// computed once per ray, outside the box loop.
struct BulletRay {
    btVector3 from;
    btVector3 invDir;
    unsigned signs[3];
};

BulletRay PrepareBulletRay(const Ray<float>& ray)
{
    BulletRay r;
    r.from = btVector3(ray.origin.x, ray.origin.y, ray.origin.z);
    const btVector3 d(ray.direction.x, ray.direction.y, ray.direction.z);
    r.invDir = btVector3(d.x() == 0 ? BT_LARGE_FLOAT : 1 / d.x(), d.y() == 0 ? BT_LARGE_FLOAT : 1 / d.y(),
                         d.z() == 0 ? BT_LARGE_FLOAT : 1 / d.z());
    r.signs[0] = r.invDir.x() < 0;
    r.signs[1] = r.invDir.y() < 0;
    r.signs[2] = r.invDir.z() < 0;
    return r;
}

[[gnu::aligned(64)]] void BulletRayAabb2(benchmark::State& state)
{
    RunPairs(state, GetWorkload<float>().rays, BulletBoxes(), [](const Ray<float>& ray) {
        const BulletRay r = PrepareBulletRay(ray);
        return [r](const BulletBox& b) {
            btScalar tMin;
            return btRayAabb2(r.from, r.invDir, r.signs, b.bounds, tMin, 0, BT_LARGE_FLOAT);
        };
    });
}

template <typename T>
void RegisterAll(bool all)
{
    const Workload<T>& w = GetWorkload<T>();
    const char* f = "ray_aabb";
    // the reference's box loop as the library offers it: in double the AVX2 copy when the CPU has it
    CheckAlgorithmName(f, "slab");
    benchmark::RegisterBenchmark(
        (std::string(f) + "/slab/" + (std::is_same_v<T, float> ? "float" : "double")).c_str(),
        [workload = &w](benchmark::State& state) {
            RunPerShape(state, workload->rays, workload->boxes.size(),
                        [workload](const Ray<T>& ray) { return RayAabbSlabHits(ray, workload->boxes); });
        });
    // the inverse direction once per ray, outside the box loop, as for Bullet's btRayAabb2
    RegisterAlgorithmPrepared<T>(
        f, "slab_branchless", w.rays, w.boxes, [](const Ray<T>& a) { return RayInv<T>(a); },
        [](const RayInv<T>& a, const Aabb<T>& b) { return RayAabbSlabBranchless(a, b).hit; });
    if (!all) {
        return;
    }
    RegisterAlgorithm<T>(f, "slab_signs", w.rays, w.boxes,
                         [](const auto& a, const auto& b) { return RayAabbSlabSigns(a, b).hit; });
    RegisterAlgorithm<T>(f, "slab_robust", w.rays, w.boxes,
                         [](const auto& a, const auto& b) { return RayAabbSlabRobust(a, b).hit; });
    RegisterAlgorithm<T>(f, "face_planes", w.rays, w.boxes,
                         [](const auto& a, const auto& b) { return RayAabbFacePlanes(a, b).hit; });
    RegisterAlgorithm<T>(f, "six_faces", w.rays, w.boxes,
                         [](const auto& a, const auto& b) { return RayAabbSixFaces(a, b).hit; });
    RegisterAlgorithm<T>(f, "slab_listing", w.rays, w.boxes,
                         [](const auto& a, const auto& b) { return RayAabbSlabListing(a, b).hit; });
}

const int kRegistered = [] {
    benchmark::RegisterBenchmark("peer/bullet_btRayAabb2", BulletRayAabb2);
    RegisterAll<float>(true);
    RegisterAll<double>(false);
    return 0;
}();

} // namespace
} // namespace hitlab::bench
