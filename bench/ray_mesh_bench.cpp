// ray_mesh: closest-hit casts on the standard 1,000,000-triangle sphere (core/mesh_generate.h)
// through its hierarchy, per ray: `ray_mesh/<algorithm>/<precision>/sphere_1m/<rays>`, rays
// `coherent` (a 512 x 512 pinhole camera at distance 3) or `incoherent` (from a uniform point at
// distance 3 towards a uniform point of [-0.8, 0.8]^3), 262,144 of each, items = rays. The closest
// hit alone (BvhClosestHit, as Embree's rtcIntersect1 answers); `/with_exit` adds the registered
// algorithm's second traversal for t_exit (RayMeshThroughBvh). The mesh and rays are bench_mesh.h's,
// which Embree's peer/embree_rtcIntersect1 (embree_bench.cpp) runs on too.
#include "bench_mesh.h"
#include "harness.h"

#include "core/ray_mesh.h"

namespace hitlab::bench {
namespace {

template <typename T, typename Test>
void CastBenchmark(benchmark::State& state, bool coherent, bool withExit, Test test)
{
    const Mesh<T> mesh{StandardMesh()};
    const MeshBvh& bvh = BvhOf(*mesh.data, sizeof(T) == 8);
    const std::vector<Ray<T>>& rays = MeshRays<T>(coherent);
    std::size_t index = 0;
    std::int64_t hits = 0;
    for (auto _ : state) {
        const Ray<T>& ray = rays[index];
        index = index + 1 == rays.size() ? 0 : index + 1;
        hits += (withExit ? RayMeshThroughBvh(ray, mesh, test) : BvhClosestHit(bvh, ray, test)).hit ? 1 : 0;
        benchmark::DoNotOptimize(hits);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()));
    state.counters["hit_rate"] = state.iterations() > 0 ? double(hits) / double(state.iterations()) : 0.0;
}

template <typename T, typename Test>
void RegisterCasts(const char* algorithm, Test test, bool exitToo)
{
    CheckAlgorithmName("ray_mesh", algorithm);
    const std::string prefix =
        std::string("ray_mesh/") + algorithm + "/" + (sizeof(T) == 4 ? "float" : "double") + "/sphere_1m/";
    for (const bool coherent : {true, false}) {
        const std::string rays = coherent ? "coherent" : "incoherent";
        benchmark::RegisterBenchmark((prefix + rays).c_str(), [coherent, test](benchmark::State& state) {
            CastBenchmark<T>(state, coherent, false, test);
        });
        if (exitToo) {
            benchmark::RegisterBenchmark(
                (prefix + rays + "/with_exit").c_str(),
                [coherent, test](benchmark::State& state) { CastBenchmark<T>(state, coherent, true, test); });
        }
    }
}

const int kRegistered = [] {
    RegisterCasts<float>("bvh_watertight", WatertightTest{}, true);
    RegisterCasts<double>("bvh_watertight", WatertightTest{}, true);
    RegisterCasts<float>("bvh_moller_trumbore", MollerTrumboreTest<false>{}, false);
    RegisterCasts<double>("bvh_moller_trumbore", MollerTrumboreTest<false>{}, false);
    return 0;
}();

} // namespace
} // namespace hitlab::bench
