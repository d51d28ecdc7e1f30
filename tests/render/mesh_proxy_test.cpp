// The vertex clustering behind the mesh proxy (render/mesh_proxy.h), on grids whose clusters can
// be counted by hand.
#include "render/mesh_proxy.h"

#include "core/mesh.h"

#include <glm/geometric.hpp>

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// An n x n grid of unit squares in z = 0 (vertex (i, j) at (i, j, 0), index i + (n + 1) j), each
/// square cut along its diagonal from (i, j) to (i + 1, j + 1), wound towards +z.
std::shared_ptr<const MeshData> Grid(std::uint32_t n)
{
    std::vector<glm::dvec3> vertices;
    for (std::uint32_t j = 0; j <= n; ++j) {
        for (std::uint32_t i = 0; i <= n; ++i) {
            vertices.emplace_back(i, j, 0);
        }
    }
    const auto at = [n](std::uint32_t i, std::uint32_t j) { return i + (n + 1) * j; };
    std::vector<std::array<std::uint32_t, 3>> triangles;
    for (std::uint32_t j = 0; j < n; ++j) {
        for (std::uint32_t i = 0; i < n; ++i) {
            triangles.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
            triangles.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
        }
    }
    return MakeMeshData(std::move(vertices), std::move(triangles));
}

TEST(MeshProxy, GridOfEightClustersIntoFourByFourCells)
{
    // 8 x 8 squares, 4 cells of side 2 per axis: the columns {0, 1}, {2, 3}, {4, 5}, {6, 7, 8} (the
    // far side joins the last cell), so 16 clusters, a 4 x 4 grid of proxy vertices, 3 x 3 squares
    // of 2 triangles each
    const auto mesh = Grid(8);
    const MeshProxy proxy = ClusterMeshCells(*mesh, 4);
    ASSERT_EQ(proxy.vertices.size(), 16u);
    ASSERT_EQ(proxy.triangles.size(), 18u);
    // the first cluster is the first vertex's: (0, 0) to (1, 1), mean (0.5, 0.5), all four at the
    // same distance, so the lowest index, vertex 0; the last cell's 9 vertices (6..8)^2 have their
    // mean at (7, 7): vertex 7 + 9 * 7 = 70
    EXPECT_EQ(proxy.vertices.front(), 0u);
    EXPECT_EQ(std::count(proxy.vertices.begin(), proxy.vertices.end(), 70u), 1);
    for (const auto& t : proxy.triangles) { // every kept triangle keeps the winding: towards +z
        const glm::dvec3 a = mesh->vertices[proxy.vertices[t[0]]], b = mesh->vertices[proxy.vertices[t[1]]],
                         c = mesh->vertices[proxy.vertices[t[2]]];
        EXPECT_GT(glm::cross(b - a, c - a).z, 0.0);
    }
}

TEST(MeshProxy, OneCellPerAxisLeavesNoTriangle)
{
    const MeshProxy proxy = ClusterMeshCells(*Grid(3), 1);
    EXPECT_EQ(proxy.vertices.size(), 1u);
    EXPECT_TRUE(proxy.triangles.empty());
}

TEST(MeshProxy, MeshWithinBudgetIsUnchanged)
{
    const auto mesh = Grid(5); // 50 triangles, 36 vertices
    const MeshProxy proxy = ClusterMesh(*mesh, 50);
    ASSERT_EQ(proxy.vertices.size(), 36u);
    for (std::uint32_t i = 0; i < 36; ++i) {
        EXPECT_EQ(proxy.vertices[i], i);
    }
    EXPECT_EQ(proxy.triangles, mesh->triangles);
}

TEST(MeshProxy, LargerMeshKeepsWithinBudget)
{
    // 100 x 100 squares (20,000 triangles), budget 200: sqrt(200) = 14 cells give a 14 x 14 grid of
    // clusters, 13 x 13 x 2 = 338 triangles, too many; 10 cells (14 * 0.75 = 10.5): 9 x 9 x 2 = 162
    const MeshProxy proxy = ClusterMesh(*Grid(100), 200);
    EXPECT_EQ(proxy.vertices.size(), 100u);
    EXPECT_EQ(proxy.triangles.size(), 162u);
}

TEST(MeshProxyCache, MovedCopyReusesTheProxyOtherTrianglesBuildAnother)
{
    MeshProxyCache cache;
    const auto mesh = Grid(100);
    const auto proxy = cache.Get(mesh, 200);
    EXPECT_EQ(proxy->triangles.size(), 162u);
    EXPECT_EQ(cache.Get(mesh, 200), proxy);
    // a moved copy (new data, the same triangles) gets the same proxy: the same vertex indices,
    // read at its moved vertices
    const auto moved = MovedMeshData(*mesh, [](const glm::dvec3& p) { return p + glm::dvec3(0.5, 0, 2); });
    EXPECT_EQ(cache.Get(moved, 200), proxy);
    EXPECT_EQ(cache.Built(), 1u);
    EXPECT_EQ(cache.Size(), 1u);
    // other triangles over as many vertices: a proxy of their own
    auto triangles = mesh->triangles;
    std::swap(triangles[0][1], triangles[0][2]);
    const auto other = MakeMeshData(mesh->vertices, triangles);
    EXPECT_NE(cache.Get(other, 200), proxy);
    EXPECT_EQ(cache.Built(), 2u);
    // not asked for in kKeepAges ages: forgotten
    for (int i = 0; i < MeshProxyCache::kKeepAges; ++i) {
        cache.Age();
    }
    EXPECT_EQ(cache.Size(), 2u);
    cache.Age();
    EXPECT_EQ(cache.Size(), 0u);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
