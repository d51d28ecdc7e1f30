// Embree 3 (Debian libembree-dev) as the ray_mesh peer, called directly (no plugin host between):
//   peer/embree_rtcIntersect1/sphere_1m/{coherent,incoherent}: one rtcIntersect1 per ray (tnear 0,
//     tfar inf, closest hit) on a default scene of the standard sphere's float vertices, the same
//     rays as ray_mesh/<algorithm>/float/sphere_1m/<rays> (bench_mesh.h); items = rays;
//   peer/embree_rtcIntersect1_robust/...: the same on a scene with RTC_SCENE_FLAG_ROBUST (Embree's
//     watertight mode, the fair match of HitLab's watertight reference);
//   peer/embree_rtcCommitScene/sphere_1m: building that scene (new geometry, buffers, commit), the
//     peer of build/ray_mesh/<structure>/sphere_1m; items = builds.
// scripts/bench prints ray_mesh bvh_watertight / embree per ray (the target: at most 2).
#include "bench_mesh.h"

#include <benchmark/benchmark.h>
#include <embree3/rtcore.h>

#include <cstring>
#include <limits>

namespace hitlab::bench {
namespace {

RTCDevice Device()
{
    static const RTCDevice device = rtcNewDevice(nullptr);
    return device;
}

/// A committed scene of the mesh's float triangles (released by the caller).
RTCScene BuildScene(const MeshData& mesh, RTCSceneFlags flags)
{
    RTCScene scene = rtcNewScene(Device());
    rtcSetSceneFlags(scene, flags);
    RTCGeometry geometry = rtcNewGeometry(Device(), RTC_GEOMETRY_TYPE_TRIANGLE);
    void* vertices = rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3, 3 * sizeof(float),
                                             mesh.floatVertices.size());
    void* indices = rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3,
                                            3 * sizeof(std::uint32_t), mesh.triangles.size());
    std::memcpy(vertices, mesh.floatVertices.data(), mesh.floatVertices.size() * 3 * sizeof(float));
    std::memcpy(indices, mesh.triangles.data(), mesh.triangles.size() * 3 * sizeof(std::uint32_t));
    rtcCommitGeometry(geometry);
    rtcAttachGeometry(scene, geometry);
    rtcReleaseGeometry(geometry);
    rtcCommitScene(scene);
    return scene;
}

/// The standard mesh's scene with flags, built once.
RTCScene StandardScene(bool robust)
{
    static const RTCScene plain = BuildScene(*StandardMesh(), RTC_SCENE_FLAG_NONE);
    static const RTCScene watertight = BuildScene(*StandardMesh(), RTC_SCENE_FLAG_ROBUST);
    return robust ? watertight : plain;
}

void Intersect1(benchmark::State& state, bool robust, bool coherent)
{
    const RTCScene scene = StandardScene(robust);
    const std::vector<Ray<float>>& rays = MeshRays<float>(coherent);
    RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    std::size_t index = 0;
    std::int64_t hits = 0;
    for (auto _ : state) {
        const Ray<float>& ray = rays[index];
        index = index + 1 == rays.size() ? 0 : index + 1;
        RTCRayHit rh;
        rh.ray.org_x = ray.origin.x, rh.ray.org_y = ray.origin.y, rh.ray.org_z = ray.origin.z;
        rh.ray.dir_x = ray.direction.x, rh.ray.dir_y = ray.direction.y, rh.ray.dir_z = ray.direction.z;
        rh.ray.tnear = 0.0f;
        rh.ray.tfar = std::numeric_limits<float>::infinity();
        rh.ray.time = 0.0f;
        rh.ray.mask = 0xFFFFFFFFu;
        rh.ray.id = 0;
        rh.ray.flags = 0;
        rh.hit.geomID = RTC_INVALID_GEOMETRY_ID;
        rh.hit.instID[0] = RTC_INVALID_GEOMETRY_ID;
        rtcIntersect1(scene, &context, &rh);
        hits += rh.hit.geomID != RTC_INVALID_GEOMETRY_ID ? 1 : 0;
        benchmark::DoNotOptimize(hits);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()));
    state.counters["hit_rate"] = state.iterations() > 0 ? double(hits) / double(state.iterations()) : 0.0;
}

void CommitScene(benchmark::State& state)
{
    const MeshData& mesh = *StandardMesh();
    for (auto _ : state) {
        RTCScene scene = BuildScene(mesh, RTC_SCENE_FLAG_NONE);
        benchmark::DoNotOptimize(scene);
        rtcReleaseScene(scene);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()));
}

const int kRegistered = [] {
    for (const bool robust : {false, true}) {
        for (const bool coherent : {true, false}) {
            const std::string name = std::string("peer/embree_rtcIntersect1") + (robust ? "_robust" : "") +
                                     "/sphere_1m/" + (coherent ? "coherent" : "incoherent");
            benchmark::RegisterBenchmark(
                name.c_str(), [robust, coherent](benchmark::State& state) { Intersect1(state, robust, coherent); });
        }
    }
    benchmark::RegisterBenchmark("peer/embree_rtcCommitScene/sphere_1m", CommitScene)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    return 0;
}();

} // namespace
} // namespace hitlab::bench
