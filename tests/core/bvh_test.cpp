// Tests of core/bvh.h: every triangle in exactly one leaf, node boxes equal to the exact bounds of
// their triangles, bounded depth on degenerate input, one build per precision, and a box test that
// never misses a box the ray only grazes (where the unwidened slab does).
#include "core/bvh.h"
#include "core/mesh_generate.h"

#include <gtest/gtest.h>

#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// Checks the hierarchy of mesh in T: each triangle in one leaf, leaves of 1..4, every box the
/// exact min/max of its subtree's vertices.
template <typename T>
void CheckStructure(const MeshData& mesh, const MeshBvh& bvh)
{
    const auto& nodes = bvh.Nodes<T>();
    const Mesh<T> m{std::shared_ptr<const MeshData>(&mesh, [](const MeshData*) {})};
    const auto& vertices = m.Vertices();
    std::vector<int> seen(mesh.triangles.size(), 0);
    // the exact bounds of a subtree, checked against its node on the way up
    std::function<Aabb<T>(std::uint32_t, int)> visit = [&](std::uint32_t index, int depth) {
        EXPECT_LE(depth, bvh.depth);
        const BvhNode<T>& node = nodes[index];
        Aabb<T> box{Vec3<T>(std::numeric_limits<T>::infinity()), Vec3<T>(-std::numeric_limits<T>::infinity())};
        if (node.count == 0) {
            for (std::uint32_t child : {node.index, node.index + 1}) {
                const Aabb<T> b = visit(child, depth + 1);
                box = {glm::min(box.min, b.min), glm::max(box.max, b.max)};
            }
        } else {
            EXPECT_LE(node.count, kBvhLeafSize);
            for (std::uint32_t i = node.index; i < node.index + node.count; ++i) {
                const std::uint32_t t = bvh.order[i];
                ++seen[t];
                for (std::uint32_t v : mesh.triangles[t]) {
                    box = {glm::min(box.min, vertices[v]), glm::max(box.max, vertices[v])};
                }
            }
        }
        EXPECT_EQ(node.box, box) << "node " << index;
        return box;
    };
    visit(0, 1);
    for (std::size_t t = 0; t < seen.size(); ++t) {
        ASSERT_EQ(seen[t], 1) << "triangle " << t;
    }
    EXPECT_LT(bvh.depth, 64);
}

TEST(Bvh, EveryTriangleInOneLeafAndBoxesExact)
{
    for (const auto& mesh : {GenerateRandomMesh(3000, 10, 7), GenerateSphereMesh(40, 50, 3, 0.1, 2)}) {
        CheckStructure<float>(*mesh, BvhOf(*mesh, false));
        CheckStructure<double>(*mesh, BvhOf(*mesh, true));
        // float boxes are over the float vertices, double ones over the doubles
        EXPECT_TRUE(BvhOf(*mesh, false).doubleNodes.empty());
        EXPECT_TRUE(BvhOf(*mesh, true).floatNodes.empty());
    }
}

TEST(Bvh, BuiltOncePerPrecision)
{
    const auto mesh = GenerateRandomMesh(100, 1, 3);
    const MeshBvh* first = &BvhOf(*mesh, true);
    EXPECT_EQ(&BvhOf(*mesh, true), first);
    EXPECT_NE(&BvhOf(*mesh, false), first);
}

TEST(Bvh, DegenerateInputStaysShallow)
{
    // 5000 copies of one triangle: every centroid equal, no SAH split; and 5000 collinear points
    std::vector<glm::dvec3> vertices{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    std::vector<std::array<std::uint32_t, 3>> same(5000, {0, 1, 2});
    const auto copies = MakeMeshData(vertices, same);
    CheckStructure<double>(*copies, BvhOf(*copies, true));
    std::vector<glm::dvec3> line;
    std::vector<std::array<std::uint32_t, 3>> points;
    for (std::uint32_t i = 0; i < 5000; ++i) {
        line.emplace_back(std::ldexp(1.0, int(i % 1000) - 500), 0, 0);
        points.push_back({i, i, i});
    }
    const auto spread = MakeMeshData(line, points);
    CheckStructure<float>(*spread, BvhOf(*spread, false));
    CheckStructure<double>(*spread, BvhOf(*spread, true));
}

TEST(Bvh, EmptyMeshHasNoNodes)
{
    const auto mesh = MakeMeshData({}, {});
    EXPECT_TRUE(BvhOf(*mesh, true).doubleNodes.empty());
    EXPECT_TRUE(BvhOf(*mesh, false).order.empty());
}

/// A value with few significant bits (so that sums of two are exact).
template <typename T>
T Coarse(std::mt19937_64& random, int scale)
{
    return T(std::uniform_int_distribution<int>(-1000, 1000)(random)) * std::ldexp(T(1), scale);
}

template <typename T>
void GrazingCorners()
{
    // The ray touches the box in one point at t = 1: it enters the x slab and leaves the y slab
    // there. Exactly a touch, so a test that never misses must say hit; the plain slab misses some.
    std::mt19937_64 random(11);
    int plainMisses = 0;
    for (int i = 0; i < 20000; ++i) {
        const int scale = std::uniform_int_distribution<int>(-8, 8)(random);
        Ray<T> ray{{Coarse<T>(random, scale), Coarse<T>(random, scale), Coarse<T>(random, scale)},
                   {Coarse<T>(random, scale), Coarse<T>(random, scale), Coarse<T>(random, scale)}};
        if (ray.direction.x == 0 || ray.direction.y == 0) {
            continue;
        }
        const Vec3<T> c = ray.origin + ray.direction; // exact: few bits
        const T s = std::ldexp(T(1), scale + 4);
        Aabb<T> box{c, c};
        // x: entered at t = 1; y: left at t = 1; z: around the point
        (ray.direction.x > 0 ? box.max.x : box.min.x) += ray.direction.x > 0 ? s : -s;
        (ray.direction.y > 0 ? box.min.y : box.max.y) += ray.direction.y > 0 ? -s : s;
        box.min.z -= s;
        box.max.z += s;
        T tNear;
        const BvhRay<T> r(ray);
        ASSERT_TRUE(BvhBoxHit(r, box, T(0), std::numeric_limits<T>::infinity(), tNear))
            << ray.origin.x << " " << ray.direction.x;
        // the same slabs without the widening
        const T enter = (box.min.x - ray.origin.x) * r.inverse.x, enterNeg = (box.max.x - ray.origin.x) * r.inverse.x;
        const T exit = (box.max.y - ray.origin.y) * r.inverse.y, exitNeg = (box.min.y - ray.origin.y) * r.inverse.y;
        plainMisses += (ray.direction.x > 0 ? enter : enterNeg) > (ray.direction.y > 0 ? exit : exitNeg) ? 1 : 0;
        // moved off by a whole box along y: no touch, no hit
        const T shift = ray.direction.y > 0 ? -4 * s : 4 * s;
        box.min.y += shift;
        box.max.y += shift;
        EXPECT_FALSE(BvhBoxHit(r, box, T(0), std::numeric_limits<T>::infinity(), tNear));
    }
    EXPECT_GT(plainMisses, 100); // the case is real: rounding alone loses these touches
}

TEST(Bvh, BoxTestNeverMissesAGrazedCorner)
{
    GrazingCorners<float>();
    GrazingCorners<double>();
}

TEST(Bvh, BoxTestParallelAxesAndTinyDirections)
{
    const Aabb<float> box{{0, 0, 0}, {1, 1, 1}};
    float tNear;
    // parallel to x and y, on the box's face x = 1: inside the slabs, bounds included
    EXPECT_TRUE(BvhBoxHit(BvhRay<float>(Ray<float>{{1, 0.5f, -2}, {0, -0.0f, 1}}), box, 0.0f, 5.0f, tNear));
    EXPECT_FALSE(BvhBoxHit(BvhRay<float>(Ray<float>{{1.0001f, 0.5f, -2}, {0, 0, 1}}), box, 0.0f, 5.0f, tNear));
    // a subnormal y component: its reciprocal overflows, the y slab is left out (still a hit)
    EXPECT_TRUE(BvhBoxHit(BvhRay<float>(Ray<float>{{0.5f, 0.5f, -2}, {0, 1e-45f, 1}}), box, 0.0f, 5.0f, tNear));
    // beyond tMax, before tMin
    EXPECT_FALSE(BvhBoxHit(BvhRay<float>(Ray<float>{{0.5f, 0.5f, -2}, {0, 0, 1}}), box, 0.0f, 1.5f, tNear));
    EXPECT_TRUE(BvhBoxHit(BvhRay<float>(Ray<float>{{0.5f, 0.5f, -2}, {0, 0, 1}}), box, 0.0f, 2.0f, tNear));
    EXPECT_EQ(tNear, 2.0f);
    EXPECT_FALSE(BvhBoxHit(BvhRay<float>(Ray<float>{{0.5f, 0.5f, 2}, {0, 0, 1}}), box, 0.0f, 9.0f, tNear));
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
