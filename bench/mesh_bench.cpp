// Meshes without casts: the hierarchy's build on the standard 1,000,000-triangle sphere
// (build/ray_mesh/<structure>/sphere_1m, items = triangles) and reading it from a binary file
// (scene/read_mesh_<format>_1m, items = triangles), each build from scratch.
#include "core/bvh.h"
#include "core/io/mesh_file.h"
#include "core/mesh_generate.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace hitlab::bench {
namespace {

const std::shared_ptr<const MeshData>& Sphere()
{
    static const std::shared_ptr<const MeshData> mesh = StandardSphereMesh();
    return mesh;
}

template <typename T>
void BuildBenchmark(benchmark::State& state)
{
    const MeshData& mesh = *Sphere();
    for (auto _ : state) {
        std::shared_ptr<const MeshBvh> bvh;
        if constexpr (sizeof(T) == 4) {
            bvh = BuildBvh<float>(mesh.floatVertices, mesh.triangles);
        } else {
            bvh = BuildBvh<double>(mesh.vertices, mesh.triangles);
        }
        benchmark::DoNotOptimize(bvh->order.data());
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(mesh.triangles.size()));
}

/// The standard sphere as a binary STL (float corners, normals zero), for the read benchmark.
void WriteStl(const MeshData& mesh, const std::string& path)
{
    std::string bytes(80, ' ');
    const auto count = std::uint32_t(mesh.triangles.size());
    bytes.append(reinterpret_cast<const char*>(&count), 4);
    for (const auto& t : mesh.triangles) {
        bytes.append(12, '\0');
        for (std::uint32_t v : t) {
            bytes.append(reinterpret_cast<const char*>(&mesh.floatVertices[v]), 12);
        }
        bytes.append(2, '\0');
    }
    std::ofstream(path, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
}

void ReadBenchmark(benchmark::State& state, const char* extension)
{
    const std::string path =
        (std::filesystem::temp_directory_path() / ("hitlab_bench_mesh_" + std::to_string(::getpid()) + extension))
            .string();
    if (std::string(extension) == ".ply") {
        WriteMeshPly(*Sphere(), path);
    } else {
        WriteStl(*Sphere(), path);
    }
    std::size_t triangles = 0;
    for (auto _ : state) {
        IoError error;
        const auto mesh = ReadMeshFile(path, error);
        if (!mesh) {
            state.SkipWithError(ErrorText(error).c_str());
            break;
        }
        triangles = mesh->triangles.size();
    }
    std::filesystem::remove(path);
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(triangles));
}

const int kRegistered = [] {
    benchmark::RegisterBenchmark("build/ray_mesh/bvh_sah_float/sphere_1m", BuildBenchmark<float>)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("build/ray_mesh/bvh_sah_double/sphere_1m", BuildBenchmark<double>)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("scene/read_mesh_ply_1m", ReadBenchmark, ".ply")->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("scene/read_mesh_stl_1m", ReadBenchmark, ".stl")->Unit(benchmark::kMillisecond);
    return 0;
}();

} // namespace
} // namespace hitlab::bench
