// The Embree plugin (plugins/embree) through PluginProgram, as `--plugin embree` runs it: float
// only, rtcIntersect1 on a one-triangle scene (ray_triangle) and on a mesh handed over once
// (ray_mesh), answers checked by hand, on the edge two triangles share, and the meshes released.
#include "app/sources/plugin/plugin_program.h"
#include "core/algorithm.h"
#include "core/mesh.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

/// Embree's float answers: where its kernels divide by an approximate reciprocal (one Newton step
/// after rcp on AVX2 machines such as the 2-core development machine) a value can be a float unit or
/// two off the exact quotient, where other machines give it exactly. Within 8 units of float at the
/// larger of the value's magnitude and scale (a point's error follows t's: its scale is t); an exact
/// 0 with scale 0 must be 0.
void ExpectFloatClose(double actual, double expected, double scale = 0)
{
    EXPECT_NEAR(actual, expected, 8 * double(FLT_EPSILON) * std::max(std::fabs(expected), scale));
}

void ExpectFloatClose(const glm::dvec3& actual, const glm::dvec3& expected, double scale)
{
    for (int i = 0; i < 3; ++i) {
        SCOPED_TRACE(i);
        ExpectFloatClose(actual[i], expected[i], scale);
    }
}

const std::string kEmbree = std::string(HITLAB_ENGINE_PLUGIN_DIR) + "/embree.so";

class EmbreePlugin : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (!fs::exists(kEmbree)) {
            GTEST_SKIP() << "embree.so was not built (libembree-dev was missing at configure time)";
        }
        setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
        ASSERT_EQ(plugin.Start(), "");
        for (std::size_t i = 0; i < plugin.Algorithms().size(); ++i) {
            const ExternalAlgorithm& a = plugin.Algorithms()[i];
            const bool robust = a.name.ends_with("_robust");
            (a.family == Family::RayTriangle ? (robust ? robustTriangle : triangle) : (robust ? robustMesh : mesh)) = i;
        }
    }

    /// The answer of algorithm to one query (a ray against b), in float.
    Result Run(std::size_t algorithm, const Ray<double>& ray, const Shape& b)
    {
        Query q;
        q.family = plugin.Algorithms()[algorithm].family;
        q.a = ray;
        q.b = b;
        std::vector<Result> out(1);
        const auto failures = plugin.Run(algorithm, Precision::Float, std::span<const Query>(&q, 1), out);
        EXPECT_TRUE(failures.empty()) << (failures.empty() ? "" : failures[0].message);
        return out[0];
    }

    PluginProgram plugin{kEmbree};
    std::size_t triangle = 0, mesh = 0, robustTriangle = 0, robustMesh = 0;
};

Triangle<double> Big() { return {{glm::dvec3(0, 0, 0), glm::dvec3(4, 0, 0), glm::dvec3(0, 4, 0)}}; }

/// The unit square in z = 0 as two triangles sharing the diagonal (0, 0, 0) - (1, 1, 0):
/// triangle 0 below it (y < x), triangle 1 above it.
Mesh<double> Square()
{
    return {MakeMeshData({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}, {{{0, 1, 2}}, {{0, 2, 3}}})};
}

TEST_F(EmbreePlugin, ListsFourFloatAlgorithmsAndNoDouble)
{
    ASSERT_EQ(plugin.Algorithms().size(), 4u);
    EXPECT_EQ(plugin.Algorithms()[triangle].name, "embree_intersect1");
    EXPECT_EQ(plugin.Algorithms()[robustTriangle].name, "embree_intersect1_robust");
    EXPECT_EQ(plugin.Algorithms()[mesh].family, Family::RayMesh);
    const auto& conventions = plugin.Algorithms()[robustMesh].conventions;
    EXPECT_NE(std::find(conventions.begin(), conventions.end(),
                        std::pair<std::string, std::string>("scene_flags", "RTC_SCENE_FLAG_ROBUST")),
              conventions.end());
    for (const std::size_t a : {triangle, robustTriangle, mesh, robustMesh}) {
        EXPECT_TRUE(plugin.Has(a, Precision::Float));
        EXPECT_FALSE(plugin.Has(a, Precision::Double));
    }
}

TEST_F(EmbreePlugin, HitsATriangleFromAboveAndBelow)
{
    // (1, 1, 5) straight down meets z = 0 at t = 5 in (1, 1, 0) = 0.5 v0 + 0.25 v1 + 0.25 v2
    const Result above = Run(triangle, {{1, 1, 5}, {0, 0, -1}}, Big());
    ASSERT_TRUE(above.hit);
    ExpectFloatClose(above.tEnter, 5);
    ExpectFloatClose(above.tExit, 5);
    ExpectFloatClose(above.point, glm::dvec3(1, 1, 0), 5);
    ExpectFloatClose(above.u, 0.25, 1);
    ExpectFloatClose(above.v, 0.25, 1);
    EXPECT_EQ(above.normal, glm::dvec3(0, 0, 1)); // the winding normal (v1 - v0) x (v2 - v0)
    EXPECT_TRUE(above.hasFront);
    EXPECT_TRUE(above.front); // it runs against the winding normal
    // the back face: two-sided
    const Result below = Run(triangle, {{1, 1, -2}, {0, 0, 2}}, Big());
    ASSERT_TRUE(below.hit);
    ExpectFloatClose(below.tEnter, 1);
    EXPECT_EQ(below.normal, glm::dvec3(0, 0, 1));
    EXPECT_TRUE(below.hasFront);
    EXPECT_FALSE(below.front);
    // beside the hypotenuse x + y = 4, and behind the origin
    EXPECT_FALSE(Run(triangle, {{2.5, 2.5, 1}, {0, 0, -1}}, Big()).hit);
    EXPECT_FALSE(Run(triangle, {{1, 1, 5}, {0, 0, 1}}, Big()).hit);
}

TEST_F(EmbreePlugin, OriginOnTheTriangleAndRayInItsPlane)
{
    // the protocol's answer to both is a hit (at t = 0; the part of the ray inside the triangle).
    // As the conventions declare: the default scene's t > tnear = 0 is strict, the robust one's is
    // not; neither has an in-plane case.
    EXPECT_FALSE(Run(triangle, {{1, 1, 0}, {0, 0, -1}}, Big()).hit);
    const Result robust = Run(robustTriangle, {{1, 1, 0}, {0, 0, -1}}, Big());
    EXPECT_TRUE(robust.hit);
    EXPECT_EQ(robust.tEnter, 0);
    for (const std::size_t algorithm : {triangle, robustTriangle}) {
        SCOPED_TRACE(plugin.Algorithms()[algorithm].name);
        EXPECT_FALSE(Run(algorithm, {{-1, 1, 0}, {1, 0, 0}}, Big()).hit);
        ExpectFloatClose(Run(algorithm, {{1, 1, 0x1p-20}, {0, 0, -1}}, Big()).tEnter, 0x1p-20);
    }
}

TEST_F(EmbreePlugin, MeshGivesTheTriangleHitAndItsBarycentrics)
{
    const Mesh<double> square = Square();
    const Result r = Run(mesh, {{0.25, 0.5, 1}, {0, 0, -1}}, square);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.triangle, 1u);
    ExpectFloatClose(r.tEnter, 1);
    // (0.25, 0.5) = (1 - u - v) (0, 0) + u (1, 1) + v (0, 1): u = 0.25, v = 0.25
    ExpectFloatClose(r.u, 0.25, 1);
    ExpectFloatClose(r.v, 0.25, 1);
    const Result r0 = Run(mesh, {{0.75, 0.25, 1}, {0, 0, -1}}, square);
    ASSERT_TRUE(r0.hit);
    EXPECT_EQ(r0.triangle, 0u);
    EXPECT_FALSE(Run(mesh, {{1.5, 0.5, 1}, {0, 0, -1}}, square).hit);
}

TEST_F(EmbreePlugin, AxisAlignedRaysDownTheSharedDiagonalHit)
{
    // every float point (x, x) of the diagonal two triangles share, from straight above: the exact
    // answer is a hit, and the default scene finds it on this easy edge too
    const Mesh<double> square = Square();
    std::vector<Query> queries;
    for (int i = 1; i < 1000; ++i) {
        const double x = double(float(i / 1000.0));
        queries.push_back({Family::RayMesh, Ray<double>{{x, x, 1}, {0, 0, -1}}, square});
    }
    std::vector<Result> out(queries.size());
    ASSERT_TRUE(plugin.Run(mesh, Precision::Float, queries, out).empty());
    int misses = 0;
    for (const Result& r : out) {
        misses += r.hit ? 0 : 1;
    }
    EXPECT_EQ(misses, 0);
}

TEST_F(EmbreePlugin, EachMeshIsItsOwnAndADroppedOneIsReleased)
{
    // two meshes in one batch: each query is answered on its own mesh
    const Mesh<double> square = Square();
    const Mesh<double> raised{MakeMeshData({{0, 0, 2}, {1, 0, 2}, {0, 1, 2}}, {{{0, 1, 2}}})};
    std::vector<Query> queries = {{Family::RayMesh, Ray<double>{{0.2, 0.1, 5}, {0, 0, -1}}, square},
                                  {Family::RayMesh, Ray<double>{{0.2, 0.1, 5}, {0, 0, -1}}, raised}};
    std::vector<Result> out(2);
    ASSERT_TRUE(plugin.Run(mesh, Precision::Float, queries, out).empty());
    ExpectFloatClose(out[0].tEnter, 5);
    ExpectFloatClose(out[1].tEnter, 3);
    // the raised mesh dropped (its data freed), a new one at the same height again answers right
    queries.pop_back();
    for (int i = 0; i < 3; ++i) {
        queries.push_back(
            {Family::RayMesh, Ray<double>{{0.2, 0.1, 5}, {0, 0, -1}},
             Mesh<double>{MakeMeshData({{0, 0, 1.0 * i}, {1, 0, 1.0 * i}, {0, 1, 1.0 * i}}, {{{0, 1, 2}}})}});
        std::vector<Result> again(queries.size());
        ASSERT_TRUE(plugin.Run(mesh, Precision::Float, queries, again).empty());
        ExpectFloatClose(again.back().tEnter, 5 - i);
        queries.pop_back();
    }
}

/// Two triangles in z = 0 sharing the edge a-b, c and d on either side of it, and rays from above
/// aimed at points of a-b (every float ray meets one of them: the exact answer is a hit): seeded.
std::vector<Query> RaysThroughSharedEdges()
{
    std::uint64_t state = 12345;
    const auto next = [&] {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return double(state >> 11) * 0x1p-53;
    };
    const auto point = [&](double scale) {
        return glm::dvec3(glm::vec3(glm::dvec3(next(), next(), next()) * (2 * scale) - scale));
    };
    std::vector<Query> queries;
    while (queries.size() < 20000) {
        glm::dvec3 a = point(5), b = point(5), c = point(5);
        a.z = b.z = c.z = 0;
        const glm::dvec3 d = glm::dvec3(glm::vec3(a + b - c)); // c reflected through the edge's midpoint
        const auto side = [&](const glm::dvec3& p) { return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x); };
        if (side(c) == 0 || (side(c) > 0) == (side(d) > 0)) {
            continue;
        }
        const Mesh<double> two{MakeMeshData({a, b, c, d}, {{{0, 1, 2}}, {{1, 0, 3}}})};
        for (int i = 0; i < 100; ++i) {
            const glm::dvec3 target = a + next() * (b - a);
            glm::dvec3 origin = point(10);
            origin.z = std::abs(origin.z) + 0.5;
            queries.push_back({Family::RayMesh, Ray<double>{origin, glm::dvec3(glm::vec3(target - origin))}, two});
        }
    }
    return queries;
}

TEST_F(EmbreePlugin, TheRobustSceneIsWatertightOnSharedEdgesAndTheDefaultIsNot)
{
    const std::vector<Query> queries = RaysThroughSharedEdges();
    const auto misses = [&](std::size_t algorithm) {
        std::vector<Result> out(queries.size());
        EXPECT_TRUE(plugin.Run(algorithm, Precision::Float, queries, out).empty());
        return std::count_if(out.begin(), out.end(), [](const Result& r) { return !r.hit; });
    };
    EXPECT_EQ(misses(robustMesh), 0);
    // the default scene's declared flaw: Embree 3.13.5 misses 3485 of these 20000
    EXPECT_GT(misses(mesh), 1000);
}

/// Seeded rays from distance 3 aimed into [-1, 1]^3 and triangles there (vertices rounded to
/// float, as the float queries see them): generic, so no ray meets an edge, a vertex or a plane
/// exactly and every declared flaw's condition is false.
struct RandomScene {
    std::uint64_t state = 0x9e3779b97f4a7c15ull;
    double Next()
    {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return double(state >> 11) * 0x1p-53;
    }
    glm::dvec3 Point(double half)
    {
        return glm::dvec3(glm::vec3(glm::dvec3(Next(), Next(), Next()) * (2 * half) - half));
    }
    /// From distance 3, aimed at target (a random point of the cube when not given).
    Ray<double> NextRay(std::optional<glm::dvec3> target = std::nullopt)
    {
        const glm::dvec3 origin = glm::normalize(Point(1)) * 3.0;
        return {glm::dvec3(glm::vec3(origin)), glm::dvec3(glm::vec3(target.value_or(Point(1)) - origin))};
    }
    Triangle<double> NextTriangle()
    {
        const glm::dvec3 c = Point(1);
        return {{glm::dvec3(glm::vec3(c + Point(0.5))), glm::dvec3(glm::vec3(c + Point(0.5))),
                 glm::dvec3(glm::vec3(c + Point(0.5)))}};
    }
};

/// Whether Embree's float answer matches the reference's: the same verdict and, on a hit, t, u and
/// v within 1e-4 (float rounding of numbers about 1), the same side.
void ExpectAgrees(const Result& embree, const Result& reference, const std::string& what)
{
    ASSERT_EQ(embree.hit, reference.hit) << what;
    if (!reference.hit) {
        return;
    }
    EXPECT_NEAR(embree.tEnter, reference.tEnter, 1e-4 * std::max(1.0, reference.tEnter)) << what;
    EXPECT_NEAR(embree.u, reference.u, 1e-4) << what;
    EXPECT_NEAR(embree.v, reference.v, 1e-4) << what;
    EXPECT_EQ(embree.front, reference.front) << what;
}

TEST_F(EmbreePlugin, AgreesWithTheReferenceOnRandomRaysAndTriangles)
{
    RandomScene random;
    std::vector<Query> queries;
    for (int i = 0; i < 4000; ++i) {
        // aimed near the triangle's centroid: many hit, many pass beside it
        const Triangle<double> t = random.NextTriangle();
        const glm::dvec3 centroid = (t.vertices[0] + t.vertices[1] + t.vertices[2]) / 3.0;
        queries.push_back({Family::RayTriangle, random.NextRay(centroid + random.Point(0.2)), t});
    }
    const AlgorithmInfo& reference = ReferenceAlgorithm(Family::RayTriangle);
    for (const std::size_t algorithm : {triangle, robustTriangle}) {
        std::vector<Result> out(queries.size());
        ASSERT_TRUE(plugin.Run(algorithm, Precision::Float, queries, out).empty());
        int hits = 0;
        for (std::size_t i = 0; i < queries.size(); ++i) {
            const Result r = hitlab::Run(reference, queries[i], Precision::Float);
            hits += r.hit ? 1 : 0;
            ExpectAgrees(out[i], r, plugin.Algorithms()[algorithm].name + ", query " + std::to_string(i));
        }
        EXPECT_GT(hits, 400); // a mixture of hits and misses
        EXPECT_LT(hits, 3600);
    }
}

TEST_F(EmbreePlugin, AgreesWithTheReferenceTriangleByTriangleOnARandomMesh)
{
    // the closest hit over every triangle with the ray_triangle reference (lowest index on a tie)
    RandomScene random;
    std::vector<glm::dvec3> vertices;
    std::vector<std::array<std::uint32_t, 3>> indices;
    for (std::uint32_t i = 0; i < 300; ++i) {
        const Triangle<double> t = random.NextTriangle();
        vertices.insert(vertices.end(), t.vertices.begin(), t.vertices.end());
        indices.push_back({3 * i, 3 * i + 1, 3 * i + 2});
    }
    const Mesh<double> soup{MakeMeshData(vertices, indices)};
    std::vector<Query> queries;
    for (int i = 0; i < 1000; ++i) {
        queries.push_back({Family::RayMesh, random.NextRay(), soup});
    }
    const AlgorithmInfo& reference = ReferenceAlgorithm(Family::RayTriangle);
    for (const std::size_t algorithm : {mesh, robustMesh}) {
        std::vector<Result> out(queries.size());
        ASSERT_TRUE(plugin.Run(algorithm, Precision::Float, queries, out).empty());
        for (std::size_t i = 0; i < queries.size(); ++i) {
            Result closest;
            for (std::uint32_t k = 0; k < soup.TriangleCount(); ++k) {
                const Result r =
                    hitlab::Run(reference, {Family::RayTriangle, queries[i].a, soup.TriangleAt(k)}, Precision::Float);
                if (r.hit && (!closest.hit || r.tEnter < closest.tEnter)) {
                    closest = r;
                    closest.triangle = k;
                }
            }
            const std::string what = plugin.Algorithms()[algorithm].name + ", ray " + std::to_string(i);
            ExpectAgrees(out[i], closest, what);
            if (closest.hit) {
                EXPECT_EQ(out[i].triangle, closest.triangle) << what;
            }
        }
    }
}

TEST_F(EmbreePlugin, AMillionTriangleMeshTravelsInChunksAndAnswers)
{
    // a 708 x 707 grid of unit squares in z = 0, two triangles each (1,000,912 triangles, 18 MB
    // in float: six chunks through the shared region); a ray down through the middle of the lower
    // triangle of square (x, y) hits triangle 2 (y * 708 + x) at t = 1
    const std::uint32_t nx = 708, ny = 707;
    std::vector<glm::dvec3> vertices;
    for (std::uint32_t y = 0; y <= ny; ++y) {
        for (std::uint32_t x = 0; x <= nx; ++x) {
            vertices.emplace_back(x, y, 0);
        }
    }
    std::vector<std::array<std::uint32_t, 3>> triangles;
    for (std::uint32_t y = 0; y < ny; ++y) {
        for (std::uint32_t x = 0; x < nx; ++x) {
            const std::uint32_t v = y * (nx + 1) + x;
            triangles.push_back({v, v + 1, v + nx + 2});      // below the diagonal
            triangles.push_back({v, v + nx + 2, v + nx + 1}); // above it
        }
    }
    const Mesh<double> grid{MakeMeshData(std::move(vertices), std::move(triangles))};
    ASSERT_GT(grid.TriangleCount(), 1000000u);
    std::vector<Query> queries;
    std::vector<std::uint32_t> expected;
    for (std::uint32_t k = 0; k < 2000; ++k) {
        const std::uint32_t x = (k * 7919u) % nx, y = (k * 104729u) % ny;
        queries.push_back({Family::RayMesh, Ray<double>{{x + 0.75, y + 0.25, 1}, {0, 0, -1}}, grid});
        expected.push_back(2 * (y * nx + x));
    }
    std::vector<Result> out(queries.size());
    ASSERT_TRUE(plugin.Run(mesh, Precision::Float, queries, out).empty());
    for (std::size_t k = 0; k < out.size(); ++k) {
        ASSERT_TRUE(out[k].hit) << k;
        ExpectFloatClose(out[k].tEnter, 1);
        EXPECT_EQ(out[k].triangle, expected[k]) << k;
        ExpectFloatClose(out[k].u, 0.5, 1); // (0.75, 0.25) = 0.25 v0 + 0.5 v1 + 0.25 v2
        ExpectFloatClose(out[k].v, 0.25, 1);
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
