// Tests of the 4-wide hierarchy ray_mesh walks (core/bvh.h, core/bvh_traverse.h): every triangle in
// exactly one leaf block with its corners and index, every child box the exact bounds of its
// subtree, the 4-lane box test deciding each lane as BvhBoxHit does, the line/triangle sieve never
// dropping a triangle the line meets, and closest hits equal to the brute force on rays through
// shared edges and vertices.
#include "core/bvh_traverse.h"
#include "core/mesh_generate.h"
#include "core/ray_mesh.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <bit>
#include <functional>
#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

template <typename T>
Aabb<T> EmptyBox()
{
    return {Vec3<T>(std::numeric_limits<T>::infinity()), Vec3<T>(-std::numeric_limits<T>::infinity())};
}

/// Walks the wide hierarchy of mesh in T: each triangle in one block lane (its corners and index),
/// lanes past a leaf's count zero, each child box the exact bounds of its subtree's vertices, valid
/// bits 0 .. n-1, every node and block reached once.
template <typename T>
void CheckWide(const MeshData& mesh)
{
    const MeshBvh& bvh = BvhOf(mesh, sizeof(T) == 8);
    const auto& wide = bvh.Wide<T>();
    const auto& blocks = bvh.Blocks<T>();
    const Mesh<T> m{std::shared_ptr<const MeshData>(&mesh, [](const MeshData*) {})};
    const auto& vertices = m.Vertices();
    std::vector<int> seen(mesh.triangles.size(), 0), nodeSeen(wide.size(), 0), blockSeen(blocks.size(), 0);
    std::function<Aabb<T>(std::uint32_t, int)> visit = [&](std::uint32_t index, int depth) {
        EXPECT_LE(depth, bvh.depth);
        ++nodeSeen[index];
        const BvhWideNode<T>& node = wide[index];
        const int n = std::popcount(unsigned(node.valid));
        EXPECT_GE(n, 1);
        EXPECT_EQ(node.valid, (1 << n) - 1) << "node " << index;
        Aabb<T> all = EmptyBox<T>();
        for (int i = 0; i < n; ++i) {
            Aabb<T> box = EmptyBox<T>();
            if (node.count[i] == 0) {
                box = visit(node.child[i], depth + 1);
            } else {
                EXPECT_LE(node.count[i], kBvhLeafSize);
                const BvhBlock<T>& block = blocks[node.child[i]];
                ++blockSeen[node.child[i]];
                for (int lane = 0; lane < 4; ++lane) {
                    if (lane >= node.count[i]) {
                        for (int corner = 0; corner < 3; ++corner) {
                            EXPECT_EQ(block.Corner(lane, corner), Vec3<T>(0));
                        }
                        continue;
                    }
                    const std::uint32_t id = block.id[lane];
                    ++seen[id];
                    for (int corner = 0; corner < 3; ++corner) {
                        const Vec3<T>& p = vertices[mesh.triangles[id][std::size_t(corner)]];
                        EXPECT_EQ(block.Corner(lane, corner), p) << "triangle " << id;
                        box = {glm::min(box.min, p), glm::max(box.max, p)};
                    }
                }
            }
            const Aabb<T> stored{{node.bounds[0][i], node.bounds[1][i], node.bounds[2][i]},
                                 {node.bounds[3][i], node.bounds[4][i], node.bounds[5][i]}};
            EXPECT_EQ(stored, box) << "node " << index << " child " << i;
            all = {glm::min(all.min, box.min), glm::max(all.max, box.max)};
        }
        return all;
    };
    visit(0, 1);
    for (std::size_t t = 0; t < seen.size(); ++t) {
        ASSERT_EQ(seen[t], 1) << "triangle " << t;
    }
    for (std::size_t i = 0; i < nodeSeen.size(); ++i) {
        ASSERT_EQ(nodeSeen[i], 1) << "node " << i;
    }
    for (std::size_t i = 0; i < blockSeen.size(); ++i) {
        ASSERT_EQ(blockSeen[i], 1) << "block " << i;
    }
}

TEST(BvhWide, EveryTriangleInOneBlockAndBoxesExact)
{
    std::vector<std::array<std::uint32_t, 3>> same(5000, {0, 1, 2});
    const auto copies = MakeMeshData({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, same);
    const auto one = MakeMeshData({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {{0, 1, 2}});
    for (const auto& mesh : {GenerateRandomMesh(3000, 10, 7), GenerateSphereMesh(40, 50, 3, 0.1, 2), copies, one}) {
        CheckWide<float>(*mesh);
        CheckWide<double>(*mesh);
    }
    // one triangle: a root with one leaf child
    EXPECT_EQ(BvhOf(*one, false).floatWide.size(), 1u);
    EXPECT_EQ(BvhOf(*one, false).floatWide[0].valid, 1);
    EXPECT_EQ(BvhOf(*one, false).floatWide[0].count[0], 1);
    EXPECT_TRUE(BvhOf(*MakeMeshData({}, {}), true).doubleWide.empty());
}

/// A wide node whose child `lane` has box and the others random boxes.
template <typename T>
BvhWideNode<T> NodeWith(const Aabb<T>& box, int lane, std::mt19937_64& random)
{
    std::uniform_real_distribution<double> uniform(-8, 8);
    BvhWideNode<T> node;
    node.valid = 15;
    for (int i = 0; i < 4; ++i) {
        Aabb<T> b = box;
        if (i != lane) {
            const Vec3<T> p(T(uniform(random)), T(uniform(random)), T(uniform(random)));
            const Vec3<T> q(T(uniform(random)), T(uniform(random)), T(uniform(random)));
            b = {glm::min(p, q), glm::max(p, q)};
        }
        for (int a = 0; a < 3; ++a) {
            node.bounds[a][i] = b.min[a];
            node.bounds[3 + a][i] = b.max[a];
        }
    }
    return node;
}

template <typename T>
int WideHit(const BvhWideRay<T>& r, const BvhWideNode<T>& node, T tMin, T tMax)
{
    simd::V4<T> tNear, tFar;
    return r.simple ? BvhWideHit<T, true>(r, node, tMin, tMax, tNear, tFar)
                    : BvhWideHit<T, false>(r, node, tMin, tMax, tNear, tFar);
}

/// Each lane decided as BvhBoxHit decides its box (which never misses a touched box, bvh_test), on
/// random rays, some with zero (parallel) and subnormal (left out) components, and on boxes the
/// ray grazes at a corner.
template <typename T>
void WideLanesAsBvhBoxHit()
{
    std::mt19937_64 random(sizeof(T) + 40);
    std::uniform_real_distribution<double> uniform(-8, 8);
    int hits = 0, simple = 0;
    for (int i = 0; i < 20000; ++i) {
        Ray<T> ray{{T(uniform(random)), T(uniform(random)), T(uniform(random))},
                   {T(uniform(random)), T(uniform(random)), T(uniform(random))}};
        const int special = i % 8;
        if (special < 3) {
            ray.direction[special] = i % 16 < 8 ? T(0) : std::numeric_limits<T>::denorm_min();
        }
        const BvhWideRay<T> r(ray);
        simple += r.simple ? 1 : 0;
        const T tMax = i % 3 == 0 ? std::numeric_limits<T>::infinity() : T(uniform(random) + 8);
        const T tMin = i % 5 == 0 ? T(uniform(random) + 8) / 4 : T(0);
        const Vec3<T> p(T(uniform(random)), T(uniform(random)), T(uniform(random)));
        const Vec3<T> q(T(uniform(random)), T(uniform(random)), T(uniform(random)));
        const int lane = i % 4;
        const BvhWideNode<T> node = NodeWith(Aabb<T>{glm::min(p, q), glm::max(p, q)}, lane, random);
        const int bits = WideHit(r, node, tMin, std::max(tMin, tMax));
        for (int k = 0; k < 4; ++k) {
            const Aabb<T> box{{node.bounds[0][k], node.bounds[1][k], node.bounds[2][k]},
                              {node.bounds[3][k], node.bounds[4][k], node.bounds[5][k]}};
            T tNear;
            const bool expected = BvhBoxHit(BvhRay<T>(ray), box, tMin, std::max(tMin, tMax), tNear);
            ASSERT_EQ((bits >> k & 1) != 0, expected) << "ray " << i << " lane " << k;
            hits += expected ? 1 : 0;
        }
    }
    EXPECT_GT(hits, 4000); // about 11% of the 80,000 lanes
    EXPECT_GT(simple, 5000);
    EXPECT_LT(simple, 19000);
    // the ray (0, 0, 0) + t (1, 1, 1) touches the box [1, 2] x [-1, 1] x [0, 3] only at its corner
    // (1, 1, 1); one lane, the others far away
    const BvhWideRay<T> r(Ray<T>{{0, 0, 0}, {1, 1, 1}});
    BvhWideNode<T> node = NodeWith(Aabb<T>{{1, -1, 0}, {2, 1, 3}}, 2, random);
    node.valid = 4;
    EXPECT_EQ(WideHit(r, node, T(0), std::numeric_limits<T>::infinity()), 4);
    EXPECT_EQ(WideHit(r, node, T(0), T(0.5)), 0); // before the touch
}

TEST(BvhWide, LanesDecidedAsBvhBoxHit)
{
    WideLanesAsBvhBoxHit<float>();
    WideLanesAsBvhBoxHit<double>();
}

/// A block of one triangle (lane 0).
template <typename T>
BvhBlock<T> OneTriangle(const Vec3<T>& a, const Vec3<T>& b, const Vec3<T>& c)
{
    BvhBlock<T> block;
    const Vec3<T> corners[3] = {a, b, c};
    for (int k = 0; k < 3; ++k) {
        for (int axis = 0; axis < 3; ++axis) {
            block.v[3 * k + axis][0] = corners[k][axis];
        }
    }
    return block;
}

template <typename T>
int Misses(const Ray<T>& ray, const BvhBlock<T>& block)
{
    const BvhWideRay<T> r(ray);
    EXPECT_TRUE(r.sieve);
    return BvhBlockMisses(r, block) & 1;
}

template <typename T>
void SieveByHand()
{
    const BvhBlock<T> unit = OneTriangle<T>({0, 0, 0}, {1, 0, 0}, {0, 1, 0});
    EXPECT_EQ(Misses<T>({{5, 5, 1}, {0, 0, -1}}, unit), 1);          // beside the triangle
    EXPECT_EQ(Misses<T>({{0.75f, 0.75f, 1}, {0, 0, -1}}, unit), 1);  // just past the hypotenuse
    EXPECT_EQ(Misses<T>({{0, 0, 1}, {0, 0, -1}}, unit), 0);          // through a vertex
    EXPECT_EQ(Misses<T>({{0.5f, 0.5f, 1}, {0, 0, -1}}, unit), 0);    // through the hypotenuse
    EXPECT_EQ(Misses<T>({{0.25f, 0.25f, -1}, {0, 0, -1}}, unit), 0); // the line meets it behind the origin
    EXPECT_EQ(Misses<T>({{-1, 0.25f, 0}, {1, 0, 0}}, unit), 0);      // in the plane: every volume 0
    EXPECT_EQ(Misses<T>({{-1, 5, 0}, {1, 0, 0}}, unit), 0);          // in the plane, beside: left to the test
    const BvhBlock<T> segment = OneTriangle<T>({0, 0, 0}, {1, 0, 0}, {2, 0, 0});
    EXPECT_EQ(Misses<T>({{0.5f, 1, 1}, {0, 0, -1}}, segment), 1); // degenerate, the line passes beside
    EXPECT_EQ(Misses<T>({{0.5f, 0, 1}, {0, 0, -1}}, segment), 0); // through it
    const BvhBlock<T> point = OneTriangle<T>({1, 1, 1}, {1, 1, 1}, {1, 1, 1});
    EXPECT_EQ(Misses<T>({{5, 5, 1}, {0, 0, -1}}, point), 0); // zero edges: out of the sieve's range
}

TEST(BvhWide, SieveByHand)
{
    SieveByHand<float>();
    SieveByHand<double>();
}

/// A height field of n x n quads (two triangles each, sharing the diagonal) at `offset`, vertex
/// heights integers times `scale` (exact in float).
std::shared_ptr<const MeshData> Grid(int n, double scale, glm::dvec3 offset, std::uint64_t seed)
{
    std::mt19937_64 random(seed);
    std::uniform_int_distribution<int> height(-3, 3);
    std::vector<glm::dvec3> vertices;
    std::vector<std::array<std::uint32_t, 3>> triangles;
    for (int y = 0; y <= n; ++y) {
        for (int x = 0; x <= n; ++x) {
            vertices.push_back(offset + scale * glm::dvec3(x, y, height(random)));
        }
    }
    const auto at = [n](int x, int y) { return std::uint32_t(y * (n + 1) + x); };
    for (int y = 0; y < n; ++y) {
        for (int x = 0; x < n; ++x) {
            triangles.push_back({at(x, y), at(x + 1, y), at(x + 1, y + 1)});
            triangles.push_back({at(x, y), at(x + 1, y + 1), at(x, y + 1)});
        }
    }
    return MakeMeshData(std::move(vertices), std::move(triangles));
}

/// Rays aimed exactly at the grid's vertices and edge midpoints (exact in T), from above at random
/// slants: the closest hit through the wide hierarchy (the sieve on) equals the brute force's bit
/// for bit, t_exit included, and every one hits (the watertight test); the sieve never drops a
/// triangle whose line the watertight test meets in either direction, and drops most.
template <typename T>
void ThroughSharedEdgesAndVertices(double scale, glm::dvec3 offset)
{
    const auto data = Grid(24, scale, offset, 5);
    const Mesh<T> mesh{data};
    const MeshBvh& bvh = BvhOf(*data, sizeof(T) == 8);
    std::mt19937_64 random(sizeof(T) + 7);
    std::uniform_real_distribution<double> uniform(-1, 1);
    std::uniform_int_distribution<int> cell(2, 45); // inside the grid
    std::uint64_t dropped = 0, kept = 0;
    for (int i = 0; i < 1500; ++i) {
        // a vertex (both even), an edge midpoint (one odd) or a diagonal midpoint (both odd)
        const int hx = cell(random), hy = cell(random);
        const glm::dvec3 a = glm::dvec3(mesh.Vertices()[std::size_t((hy / 2) * 25 + hx / 2)]);
        const glm::dvec3 b = glm::dvec3(mesh.Vertices()[std::size_t(((hy + 1) / 2) * 25 + (hx + 1) / 2)]);
        const Vec3<T> target = Vec3<T>(0.5 * (a + b)); // exact in T for the grids below
        const Vec3<T> origin =
            Vec3<T>(glm::dvec3(target) + scale * glm::dvec3(8 * uniform(random), 8 * uniform(random), 20));
        const Ray<T> ray{origin, target - origin};
        const CastResult<T> fast = RayMeshThroughBvh(ray, mesh, WatertightTest{});
        const CastResult<T> slow = RayMeshBruteForce(ray, mesh, WatertightTest{});
        ASSERT_TRUE(slow.hit) << i;
        ASSERT_TRUE(fast.hit) << i;
        EXPECT_EQ(fast.triangle, slow.triangle) << i;
        using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
        EXPECT_EQ(std::bit_cast<Bits>(fast.tEnter), std::bit_cast<Bits>(slow.tEnter)) << i;
        EXPECT_EQ(fast.tExit, slow.tExit) << i;
        EXPECT_EQ(fast.u, slow.u) << i;
        // the sieve on every block against the watertight test on the line
        const BvhWideRay<T> r(ray);
        ASSERT_TRUE(r.sieve);
        const Ray<T> back{ray.origin, -ray.direction};
        for (const BvhBlock<T>& block : bvh.Blocks<T>()) {
            const int misses = BvhBlockMisses(r, block);
            for (int lane = 0; lane < 4; ++lane) {
                if (block.Corner(lane, 0) == block.Corner(lane, 1)) {
                    continue; // an empty lane
                }
                const Vec3<T> v0 = block.Corner(lane, 0), v1 = block.Corner(lane, 1), v2 = block.Corner(lane, 2);
                CastResult<T> c;
                const bool meets = WatertightTriangle(ray, v0, v1, v2, std::numeric_limits<T>::infinity(), c) ||
                                   WatertightTriangle(back, v0, v1, v2, std::numeric_limits<T>::infinity(), c);
                if ((misses >> lane & 1) != 0) {
                    ASSERT_FALSE(meets) << "ray " << i << " triangle " << block.id[lane];
                    ++dropped;
                } else {
                    ++kept;
                }
            }
        }
    }
    EXPECT_GT(dropped, 20 * kept); // 1152 triangles each: the sieve leaves a few per ray
}

TEST(BvhWide, ClosestHitThroughSharedEdgesAndVerticesEqualsBruteForce)
{
    ThroughSharedEdgesAndVertices<float>(1, glm::dvec3(0));
    ThroughSharedEdgesAndVertices<double>(1, glm::dvec3(0));
    // far from the origin, small: the differences to the origin carry most of the bits
    ThroughSharedEdgesAndVertices<float>(1.0 / 64, glm::dvec3(1000, -2000, 500));
    ThroughSharedEdgesAndVertices<double>(0x1p-20, glm::dvec3(1e6, -2e6, 5e5));
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
