// The ray_mesh benchmarks' standard mesh and rays, shared by HitLab's casts (ray_mesh_bench.cpp)
// and Embree's (embree_bench.cpp) so that `ray_mesh/<algorithm>/<precision>/sphere_1m/<rays>` and
// `peer/embree_rtcIntersect1/sphere_1m/<rays>` time the same rays on the same triangles.
#pragma once

#include "workload.h"

#include "core/mesh_generate.h"

#include <glm/geometric.hpp>

#include <memory>
#include <random>
#include <vector>

namespace hitlab::bench {

/// The standard 1,000,000-triangle sphere (`sphere_1m`, core/mesh_generate.h), made once.
inline const std::shared_ptr<const MeshData>& StandardMesh()
{
    static const std::shared_ptr<const MeshData> mesh = StandardSphereMesh();
    return mesh;
}

/// The two ray sets of 262,144 rays, generated in double from kWorkloadSeed and rounded to T:
/// `coherent`, a 512 x 512 pinhole camera at (0, 0, 3) looking down -z; `incoherent`, from a
/// uniform point at distance 3 towards a uniform point of [-0.8, 0.8]^3. Unit directions.
template <typename T>
const std::vector<Ray<T>>& MeshRays(bool coherent)
{
    static const auto make = [](bool grid) {
        std::vector<Ray<T>> rays;
        std::mt19937_64 random(kWorkloadSeed);
        std::uniform_real_distribution<double> uniform(-1, 1);
        for (int i = 0; i < 512 * 512; ++i) {
            if (grid) {
                const glm::dvec3 d((i % 512 - 255.5) / 600.0, (i / 512 - 255.5) / 600.0, -1);
                rays.push_back({Vec3<T>(0, 0, 3), Vec3<T>(glm::normalize(d))});
                continue;
            }
            glm::dvec3 o;
            do {
                o = {uniform(random), uniform(random), uniform(random)};
            } while (glm::dot(o, o) > 1 || glm::dot(o, o) < 1e-6);
            o = glm::normalize(o) * 3.0;
            const glm::dvec3 target(uniform(random) * 0.8, uniform(random) * 0.8, uniform(random) * 0.8);
            rays.push_back({Vec3<T>(o), Vec3<T>(glm::normalize(target - o))});
        }
        return rays;
    };
    static const std::vector<Ray<T>> grid = make(true), scattered = make(false);
    return coherent ? grid : scattered;
}

} // namespace hitlab::bench
