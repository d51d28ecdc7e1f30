// Tests of core/ray_mesh.h: the traversal through the hierarchy against every triangle in index
// order (the same triangle, t and barycentrics bit for bit on random rays), ties to the lowest
// index, t_exit the farthest triangle hit, the winding normal, and a ray through a shared edge.
// The triangle test here is a plain two-sided Moller-Trumbore without epsilon (inclusive edges), a
// test of the traversal, not of triangle tests: exact on the small integer inputs used below.
#include "core/algorithm.h"
#include "core/mesh_generate.h"
#include "core/ray_mesh.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <bit>
#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

struct PlainTriangleTest {
    template <typename T>
    bool operator()(const Ray<T>& ray, const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& v2, T tMax,
                    CastResult<T>& out) const
    {
        const Vec3<T> e1 = v1 - v0, e2 = v2 - v0;
        const Vec3<T> p = glm::cross(ray.direction, e2);
        const T det = glm::dot(e1, p);
        if (det == 0) {
            return false;
        }
        const Vec3<T> s = ray.origin - v0;
        const T u = glm::dot(s, p) / det;
        const Vec3<T> q = glm::cross(s, e1);
        const T v = glm::dot(ray.direction, q) / det;
        const T t = glm::dot(e2, q) / det;
        if (!(u >= 0 && v >= 0 && u + v <= 1 && t >= 0 && t <= tMax)) {
            return false;
        }
        out.hit = true;
        out.tEnter = out.tExit = t;
        out.point = ray.origin + t * ray.direction;
        out.u = u;
        out.v = v;
        out.hasUv = out.hasFront = true;
        out.front = det > 0;
        return true;
    }
};

/// A float's or double's bits (-0 and +0 apart).
template <typename T>
auto Bits(T x)
{
    using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    return std::bit_cast<U>(x);
}

template <typename T>
void ExpectSame(const CastResult<T>& a, const CastResult<T>& b, int ray)
{
    ASSERT_EQ(a.hit, b.hit) << "ray " << ray;
    if (!a.hit) {
        return;
    }
    EXPECT_EQ(a.triangle, b.triangle) << "ray " << ray;
    EXPECT_EQ(Bits(a.tEnter), Bits(b.tEnter)) << "ray " << ray;
    EXPECT_EQ(a.tExit, b.tExit) << "ray " << ray;
    EXPECT_EQ(a.u, b.u) << "ray " << ray;
    EXPECT_EQ(a.v, b.v) << "ray " << ray;
    EXPECT_EQ(a.front, b.front) << "ray " << ray;
    EXPECT_EQ(a.normal, b.normal) << "ray " << ray;
    EXPECT_TRUE(a.hasTriangle && b.hasTriangle);
}

template <typename T>
void AgainstBruteForce(const std::shared_ptr<const MeshData>& data, double spread, std::uint64_t seed)
{
    const Mesh<T> mesh{data};
    std::mt19937_64 random(seed);
    std::uniform_real_distribution<double> uniform(-spread, spread);
    int hits = 0;
    for (int i = 0; i < 1500; ++i) {
        // from outside towards a point near the mesh, some rays starting inside
        const Vec3<T> origin(uniform(random), uniform(random), uniform(random));
        const Vec3<T> target(uniform(random) * 0.3, uniform(random) * 0.3, uniform(random) * 0.3);
        const Ray<T> ray{origin, target - origin};
        const CastResult<T> fast = RayMeshThroughBvh(ray, mesh, PlainTriangleTest{});
        const CastResult<T> slow = RayMeshBruteForce(ray, mesh, PlainTriangleTest{});
        ExpectSame(fast, slow, i);
        hits += slow.hit ? 1 : 0;
    }
    EXPECT_GT(hits, 500); // the rays do meet the mesh
}

TEST(RayMesh, ThroughBvhEqualsBruteForceOnRandomRays)
{
    const auto soup = GenerateRandomMesh(4000, 2, 5);
    AgainstBruteForce<float>(soup, 4, 1);
    AgainstBruteForce<double>(soup, 4, 2);
    const auto sphere = GenerateSphereMesh(60, 80, 1.5, 0.2, 3);
    AgainstBruteForce<float>(sphere, 3, 4);
    AgainstBruteForce<double>(sphere, 3, 5);
}

/// Two squares [0, 2]^2 at z = 1 and z = 3, each two triangles sharing the diagonal (0,0)-(2,2)
/// (indices 0-1 at z = 1 wound to face -z, 2-3 at z = 3 to face +z).
std::shared_ptr<const MeshData> TwoSquares()
{
    std::vector<glm::dvec3> v{{0, 0, 1}, {2, 0, 1}, {2, 2, 1}, {0, 2, 1}, {0, 0, 3}, {2, 0, 3}, {2, 2, 3}, {0, 2, 3}};
    return MakeMeshData(v, {{0, 2, 1}, {0, 3, 2}, {4, 5, 6}, {4, 6, 7}});
}

template <typename T>
void SharedDiagonal()
{
    const Mesh<T> mesh{TwoSquares()};
    // through the shared diagonal at (1, 1): both triangles of the first square touch it at t = 1
    const Ray<T> ray{{1, 1, 0}, {0, 0, 1}};
    for (const CastResult<T>& r :
         {RayMeshThroughBvh(ray, mesh, PlainTriangleTest{}), RayMeshBruteForce(ray, mesh, PlainTriangleTest{})}) {
        ASSERT_TRUE(r.hit);
        EXPECT_EQ(r.tEnter, T(1));
        EXPECT_EQ(r.tExit, T(3));  // the farthest triangle hit: the second square
        EXPECT_EQ(r.triangle, 0u); // the lowest index of the two at t = 1
        EXPECT_EQ(r.point, Vec3<T>(1, 1, 1));
        EXPECT_TRUE(r.hasNormal);
        EXPECT_EQ(r.normal, Vec3<T>(0, 0, -1)); // the winding normal, not flipped towards the ray
        EXPECT_TRUE(r.front);                   // the ray arrives on the side it faces
    }
    // at the far corner (2, 2), a vertex of three of the first square's... and both squares' edges
    const CastResult<T> corner = RayMeshThroughBvh(Ray<T>{{2, 2, -5}, {0, 0, 2}}, mesh, PlainTriangleTest{});
    ASSERT_TRUE(corner.hit);
    EXPECT_EQ(corner.tEnter, T(3));
    EXPECT_EQ(corner.tExit, T(4));
    EXPECT_EQ(corner.triangle, 0u);
    // beside the squares: a miss; the origin between them: the second only, from behind
    EXPECT_FALSE(RayMeshThroughBvh(Ray<T>{{2.5, 1, 0}, {0, 0, 1}}, mesh, PlainTriangleTest{}).hit);
    const CastResult<T> inside = RayMeshThroughBvh(Ray<T>{{0.5, 1.5, 2}, {0, 0, 1}}, mesh, PlainTriangleTest{});
    ASSERT_TRUE(inside.hit);
    EXPECT_EQ(inside.triangle, 3u);
    EXPECT_EQ(inside.tEnter, T(1));
    EXPECT_FALSE(inside.front);
}

TEST(RayMesh, SharedDiagonalHitsAtTheLowestIndexAndExitsAtTheFarthest)
{
    SharedDiagonal<float>();
    SharedDiagonal<double>();
}

TEST(RayMesh, TiesAcrossLeavesGoToTheLowestIndex)
{
    // triangle 17 of a soup repeated at the end (another leaf, likely): every ray that hits it
    // reports 17, through the hierarchy and over every triangle
    const auto soup = GenerateRandomMesh(500, 2, 9);
    std::vector<glm::dvec3> vertices = soup->vertices;
    std::vector<std::array<std::uint32_t, 3>> triangles = soup->triangles;
    for (std::size_t i = 0; i + 2 < vertices.size(); i += 3) { // shrunk to 5% about their centroids: sparse
        const glm::dvec3 c = (vertices[i] + vertices[i + 1] + vertices[i + 2]) / 3.0;
        for (std::size_t k = i; k < i + 3; ++k) {
            vertices[k] = c + (vertices[k] - c) * 0.05;
        }
    }
    triangles.push_back(triangles[17]);
    const Mesh<double> mesh{MakeMeshData(vertices, triangles)};
    const Triangle<double> t = mesh.TriangleAt(17);
    const glm::dvec3 centre = (t.vertices[0] + t.vertices[1] + t.vertices[2]) / 3.0;
    std::mt19937_64 random(4);
    std::uniform_real_distribution<double> uniform(-9, 9);
    int checked = 0;
    for (int i = 0; i < 200; ++i) {
        const glm::dvec3 from(uniform(random), uniform(random), uniform(random));
        const Ray<double> ray{centre + from, -from};
        const CastResult<double> r = RayMeshThroughBvh(ray, mesh, PlainTriangleTest{});
        ExpectSame(r, RayMeshBruteForce(ray, mesh, PlainTriangleTest{}), i);
        EXPECT_NE(r.triangle, 500u);
        checked += r.hit && r.triangle == 17 ? 1 : 0;
    }
    EXPECT_GT(checked, 100);
}

TEST(RayMesh, TraceNamesTheTrianglesTestedAndTheHit)
{
    const Mesh<double> mesh{TwoSquares()};
    Trace trace;
    RayMeshThroughBvh(Ray<double>{{1, 1, 0}, {0, 0, 1}}, mesh, PlainTriangleTest{}, &trace);
    ASSERT_EQ(trace.steps.size(), 4u);
    EXPECT_EQ(trace.steps[0].caption, "hierarchy: 4 triangles, 1 nodes, depth 1");
    EXPECT_EQ(trace.steps[2].caption, "nearest: triangle 0 at t = 1 (u = 0.5, v = 0)");
    EXPECT_EQ(trace.decidingStep, 2);
    EXPECT_EQ(trace.verdict, "hit: triangle 0 at t = 1, the nearest hit; the last contact at t = 3");
    Trace brute;
    RayMeshBruteForce(Ray<double>{{5, 1, 0}, {0, 0, 1}}, mesh, PlainTriangleTest{}, &brute);
    ASSERT_EQ(brute.steps.size(), 1u);
    EXPECT_EQ(brute.steps[0].caption, "every triangle tested: 4");
    EXPECT_EQ(brute.verdict, "miss: no triangle is hit");
}

TEST(RayMesh, EmptyMeshAndNaNMiss)
{
    EXPECT_FALSE(RayMeshThroughBvh(Ray<double>{}, Mesh<double>{MakeMeshData({}, {})}, PlainTriangleTest{}).hit);
    EXPECT_FALSE(RayMeshThroughBvh(Ray<double>{}, Mesh<double>{}, PlainTriangleTest{}).hit);
    const Mesh<float> mesh{TwoSquares()};
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_FALSE(RayMeshThroughBvh(Ray<float>{{1, 1, nan}, {0, 0, 1}}, mesh, PlainTriangleTest{}).hit);
    EXPECT_FALSE(RayMeshBruteForce(Ray<float>{{1, 1, 0}, {nan, 0, 1}}, mesh, PlainTriangleTest{}).hit);
}

TEST(RayMesh, RegisteredReferenceEqualsBruteForceBitForBit)
{
    const AlgorithmInfo& reference = ReferenceAlgorithm(Family::RayMesh);
    EXPECT_EQ(reference.name, "bvh_watertight");
    EXPECT_TRUE(reference.returns & kFieldTriangle);
    const AlgorithmInfo* brute = FindAlgorithm(Family::RayMesh, "brute_force_watertight");
    ASSERT_NE(brute, nullptr);
    for (const char* name :
         {"bvh_moller_trumbore", "bvh_moller_trumbore_cull", "bvh_baldwin_weber", "bvh_plucker", "bvh_havel_herout"}) {
        EXPECT_NE(FindAlgorithm(Family::RayMesh, name), nullptr) << name;
    }
    const Mesh<double> mesh{GenerateSphereMesh(20, 30, 1, 0.3, 8)};
    std::mt19937_64 random(12);
    std::uniform_real_distribution<double> uniform(-3, 3);
    int hits = 0;
    for (int i = 0; i < 400; ++i) {
        const glm::dvec3 o(uniform(random), uniform(random), uniform(random));
        const Query q{Family::RayMesh,
                      Ray<double>{o, glm::dvec3(uniform(random), uniform(random), uniform(random)) * 0.2 - o}, mesh};
        for (const Precision p : {Precision::Float, Precision::Double}) {
            const Result a = hitlab::Run(reference, q, p), b = hitlab::Run(*brute, q, p);
            ASSERT_EQ(a.hit, b.hit) << i;
            hits += a.hit ? 1 : 0;
            if (a.hit) {
                EXPECT_EQ(a.triangle, b.triangle) << i;
                EXPECT_EQ(a.tEnter, b.tEnter) << i;
                EXPECT_EQ(a.tExit, b.tExit) << i;
                EXPECT_EQ(a.u, b.u) << i;
                EXPECT_EQ(a.normal, b.normal) << i;
            }
        }
    }
    EXPECT_GT(hits, 300);
}

/// A quad v0 v1 v2 v3 (planar, convex) of two triangles sharing the diagonal v0-v2, far from the
/// origin, and rays from random points aimed at points of that diagonal: the exact answer is a hit
/// (the aimed point, rounded, lies in the quad), which bvh_watertight gives every time.
template <typename T>
void ThroughTheSharedDiagonal(int& crackMisses)
{
    std::mt19937_64 random(sizeof(T));
    std::uniform_real_distribution<double> uniform(-1, 1);
    const AlgorithmInfo& reference = ReferenceAlgorithm(Family::RayMesh);
    const AlgorithmInfo& mt = *FindAlgorithm(Family::RayMesh, "bvh_moller_trumbore");
    const Precision precision = sizeof(T) == 4 ? Precision::Float : Precision::Double;
    for (int q = 0; q < 20; ++q) {
        const glm::dvec3 centre(1000 + 100 * uniform(random), -500 * uniform(random), 300);
        const glm::dvec3 a(uniform(random), uniform(random), uniform(random)), b(uniform(random), uniform(random), 0.3);
        // the quad in the plane spanned by a and b: v0 v1 v2 v3 counter-clockwise, as T values
        const auto at = [&](double s, double t) { return glm::dvec3(Vec3<T>(centre + s * a + t * b)); };
        std::vector<glm::dvec3> v{at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)};
        // planarity is lost in rounding; keep the four corners coplanar by making v3 = v0 + v2 - v1 exactly
        v[3] = v[0] + v[2] - v[1];
        const Mesh<double> mesh{MakeMeshData(v, {{0, 1, 2}, {0, 2, 3}})};
        for (int i = 0; i < 200; ++i) {
            const double s = 0.05 + 0.9 * (uniform(random) * 0.5 + 0.5);
            const glm::dvec3 target = glm::dvec3(Vec3<T>(v[0] + s * (v[2] - v[0])));
            const glm::dvec3 origin =
                glm::dvec3(Vec3<T>(target + 5.0 * glm::dvec3(uniform(random), uniform(random), 1)));
            const Query query{Family::RayMesh, Ray<double>{origin, target - origin}, mesh};
            ASSERT_TRUE(hitlab::Run(reference, query, precision).hit) << q << " " << i;
            crackMisses += hitlab::Run(mt, query, precision).hit ? 0 : 1;
        }
    }
}

TEST(RayMesh, WatertightReferenceHitsThroughEverySharedEdge)
{
    int crackMisses = 0;
    ThroughTheSharedDiagonal<float>(crackMisses);
    ThroughTheSharedDiagonal<double>(crackMisses);
    // Moller-Trumbore through the same hierarchy slips through some (6 of the 8000: its crack, not the
    // hierarchy's, which the reference's 8000 hits rule out)
    EXPECT_GT(crackMisses, 0);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
