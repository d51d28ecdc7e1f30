// A mesh's proxy: a vertex-clustering simplification drawn instead of a large mesh while the view
// or the mesh moves (render/mesh_renderer.h), never used for casts or judging. GL-free.
// The vertices are snapped to a grid of cubic cells over the mesh's bounding box; each occupied
// cell keeps one of the mesh's own vertices (the one nearest the mean of the cell's vertices, the
// lowest index on a tie), each triangle becomes the triangle of its corners' cells, and triangles
// whose corners share a cell, or that repeat one already kept, are dropped. The proxy names mesh
// vertices by index, so the proxy of a moved copy (the same triangles, moved vertices) is the same
// proxy read at the moved positions.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace hitlab {

struct MeshData;

struct MeshProxy {
    std::vector<std::uint32_t> vertices;                 ///< per proxy vertex, the mesh vertex it stands at
    std::vector<std::array<std::uint32_t, 3>> triangles; ///< indices into `vertices`, the mesh's winding kept
};

/// The clustering on `cellsPerAxis` (>= 1) cells along the bounding box's longest side (cubic
/// cells; the last cell of each axis also holds the vertices on the box's far side).
MeshProxy ClusterMeshCells(const MeshData& mesh, std::uint32_t cellsPerAxis);

/// A proxy of at most `budget` triangles: the mesh itself (every vertex, every triangle) when it
/// has no more, else ClusterMeshCells on the finest grid tried (cells shrinking by 0.75 from
/// sqrt(budget)) that keeps within the budget.
MeshProxy ClusterMesh(const MeshData& mesh, std::size_t budget);

/// Proxies by mesh: a mesh's proxy is built once and given again for the same data or a moved
/// copy of it (the same vertex count and triangles). Each proxy keeps the last mesh it was given
/// for (to compare a copy's triangles with) until it has not been asked for in kKeepAges ages.
class MeshProxyCache {
public:
    std::shared_ptr<const MeshProxy> Get(const std::shared_ptr<const MeshData>& mesh, std::size_t budget);
    /// One frame later: forgets the proxies not asked for in the last kKeepAges calls.
    void Age();
    void Clear() { m_sources.clear(); }
    std::size_t Size() const { return m_sources.size(); }
    std::uint64_t Built() const { return m_built; } ///< how many proxies have been built

    static constexpr int kKeepAges = 120;

private:
    struct Source {
        std::shared_ptr<const MeshData> mesh;
        std::shared_ptr<const MeshProxy> proxy;
        int unused = 0;
    };
    std::vector<Source> m_sources;
    std::uint64_t m_built = 0;
};

/// Meshes above this many triangles are drawn as their proxy while the view or they move ...
inline constexpr std::size_t kMeshProxyThreshold = 100000;
/// ... a proxy of at most this many triangles.
inline constexpr std::size_t kMeshProxyBudget = 40000;

} // namespace hitlab
