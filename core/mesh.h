// A triangle mesh's data (the protocol's `mesh` shape): vertices and index triples, shared and
// immutable, so that a mesh of a million triangles is copied by pointer through the scene, the
// undo history and the evaluation. Its float copy is made once, and its bounding volume
// hierarchies (core/bvh.h) are built once per precision, on first use.
#pragma once

#include <glm/vec3.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace hitlab {

struct MeshBvh; // core/bvh.h

/// The most triangles a mesh may have: a batch packs the index of the triangle hit into 24 bits of
/// a result's flags (core/result.h), so the readers reject larger meshes with a message.
inline constexpr std::size_t kMaxMeshTriangles = std::size_t(1) << 24;

/// A mesh's vertices and triangles. Made by MakeMeshData, never changed afterwards.
struct MeshData {
    std::vector<glm::dvec3> vertices;
    std::vector<std::array<std::uint32_t, 3>> triangles; ///< 0-based indices into vertices
    std::vector<glm::vec3> floatVertices;                ///< vertices rounded to nearest float
    std::string file;                      ///< the file it came from, as the scene names it ("" when inline)
    glm::dvec3 boundsMin{0}, boundsMax{0}; ///< the box around the vertices (0 when there are none)

    // The hierarchies over its triangles, one per precision (0 float, 1 double), built on first use
    // by BvhOf (core/bvh.h).
    mutable std::once_flag bvhOnce[2];
    mutable std::shared_ptr<const MeshBvh> bvh[2];
};

/// A mesh's data from its parts (floatVertices filled here). Preconditions: every index is below
/// vertices.size() and there are at most kMaxMeshTriangles triangles (the readers check both).
std::shared_ptr<const MeshData> MakeMeshData(std::vector<glm::dvec3> vertices,
                                             std::vector<std::array<std::uint32_t, 3>> triangles,
                                             std::string file = {});

/// The same triangles with every vertex p replaced by move(p) (the file name is kept only when
/// keepFile: a moved mesh is no longer the file's).
template <typename Fn>
std::shared_ptr<const MeshData> MovedMeshData(const MeshData& mesh, Fn&& move, bool keepFile = false)
{
    std::vector<glm::dvec3> vertices = mesh.vertices;
    for (glm::dvec3& v : vertices) {
        v = move(v);
    }
    return MakeMeshData(std::move(vertices), mesh.triangles, keepFile ? mesh.file : std::string());
}

/// Whether two meshes have the same vertices and triangles (the file name is not compared).
bool SameMeshGeometry(const MeshData& a, const MeshData& b);

} // namespace hitlab
