// Tests of core/convex_hull.h: hand-counted hulls (a cube with interior and face points, a
// square, a segment, a point, duplicates) and random clouds checked with exact orientation: every
// point on the inner side of every triangle, every triangle non-degenerate, every vertex extreme.
#include "core/convex_hull.h"

#include "core/triangle_exact.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

std::vector<glm::dvec3> CubeCorners(double h)
{
    std::vector<glm::dvec3> p;
    for (int k = 0; k < 8; ++k) {
        p.push_back({(k & 1) ? h : -h, (k & 2) ? h : -h, (k & 4) ? h : -h});
    }
    return p;
}

bool SameSet(std::vector<glm::dvec3> a, std::vector<glm::dvec3> b)
{
    const auto less = [](const glm::dvec3& u, const glm::dvec3& v) {
        return std::tie(u.x, u.y, u.z) < std::tie(v.x, v.y, v.z);
    };
    std::sort(a.begin(), a.end(), less);
    std::sort(b.begin(), b.end(), less);
    return a == b;
}

/// Checks a polyhedron exactly against its points: closed (each directed edge once and its
/// reverse once), no degenerate triangle, no point outside any triangle's plane.
void ExpectValidPolyhedron(const ConvexHull& h, const std::vector<glm::dvec3>& points)
{
    ASSERT_EQ(h.kind, HullKind::Polyhedron);
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> directed;
    for (const auto& t : h.triangles) {
        const glm::dvec3 &a = h.vertices[t[0]], &b = h.vertices[t[1]], &c = h.vertices[t[2]];
        EXPECT_FALSE(detail::tx::Orient2d(a, b, c, 0, 1) == 0 && detail::tx::Orient2d(a, b, c, 1, 2) == 0 &&
                     detail::tx::Orient2d(a, b, c, 0, 2) == 0);
        for (const glm::dvec3& p : points) {
            EXPECT_LE(detail::tx::Orient3d(a, b, c, p), 0);
        }
        for (int e = 0; e < 3; ++e) {
            ++directed[{t[e], t[(e + 1) % 3]}];
        }
    }
    for (const auto& [edge, count] : directed) {
        EXPECT_EQ(count, 1);
        EXPECT_EQ(directed.count({edge.second, edge.first}), 1u);
    }
    EXPECT_EQ(h.edges.size(), directed.size() / 2);
    // Euler: V - E + F = 2
    EXPECT_EQ(int(h.vertices.size()) - int(h.edges.size()) + int(h.triangles.size()), 2);
}

TEST(ConvexHull, CubeWithInteriorAndFacePoints)
{
    std::vector<glm::dvec3> p = CubeCorners(0.5);
    p.push_back({0, 0, 0});
    p.push_back({0.1, -0.2, 0.3});
    p.push_back({0.5, 0, 0});        // a face's center
    p.push_back({0.5, 0.5, 0});      // an edge's midpoint
    p.push_back({-0.5, -0.5, -0.5}); // a corner again
    const ConvexHull h = BuildConvexHull(p);
    ExpectValidPolyhedron(h, p);
    EXPECT_EQ(h.vertices.size(), 8u);
    EXPECT_EQ(h.triangles.size(), 12u);
    EXPECT_EQ(h.edges.size(), 18u); // 12 edges and 6 face diagonals
    EXPECT_TRUE(SameSet(h.vertices, CubeCorners(0.5)));
}

TEST(ConvexHull, TetrahedronIsItself)
{
    const std::vector<glm::dvec3> p = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    const ConvexHull h = BuildConvexHull(p);
    ExpectValidPolyhedron(h, p);
    EXPECT_EQ(h.vertices.size(), 4u);
    EXPECT_EQ(h.triangles.size(), 4u);
    EXPECT_EQ(h.edges.size(), 6u);
}

TEST(ConvexHull, DuplicatesOnly)
{
    const ConvexHull h = BuildConvexHull({{1, 2, 3}, {1, 2, 3}, {1, 2, 3}});
    EXPECT_EQ(h.kind, HullKind::Point);
    ASSERT_EQ(h.vertices.size(), 1u);
    EXPECT_EQ(h.vertices[0], glm::dvec3(1, 2, 3));
    EXPECT_TRUE(h.triangles.empty());
    EXPECT_TRUE(h.edges.empty());
    EXPECT_EQ(BuildConvexHull({}).kind, HullKind::Empty);
}

TEST(ConvexHull, CollinearIsASegmentBetweenItsEnds)
{
    const ConvexHull h = BuildConvexHull({{1, 1, 1}, {3, 3, 3}, {-1, -1, -1}, {2, 2, 2}, {3, 3, 3}});
    EXPECT_EQ(h.kind, HullKind::Segment);
    ASSERT_EQ(h.vertices.size(), 2u);
    EXPECT_EQ(h.vertices[0], glm::dvec3(-1, -1, -1));
    EXPECT_EQ(h.vertices[1], glm::dvec3(3, 3, 3));
    ASSERT_EQ(h.edges.size(), 1u);
}

TEST(ConvexHull, CoplanarSquareInOrder)
{
    // a square in the plane x = 2 with its center and an edge midpoint, and a repeated corner
    const std::vector<glm::dvec3> p = {{2, 0, 0},     {2, 1, 1},   {2, 1, 0}, {2, 0, 1},
                                       {2, 0.5, 0.5}, {2, 0.5, 0}, {2, 1, 1}};
    const ConvexHull h = BuildConvexHull(p);
    ASSERT_EQ(h.kind, HullKind::Polygon);
    ASSERT_EQ(h.vertices.size(), 4u);
    EXPECT_TRUE(SameSet(h.vertices, {{2, 0, 0}, {2, 1, 0}, {2, 1, 1}, {2, 0, 1}}));
    EXPECT_EQ(h.edges.size(), 4u);
    EXPECT_EQ(h.triangles.size(), 2u);
    EXPECT_EQ(std::abs(h.normal.x), 1.0);
    // consecutive vertices turn counterclockwise around the normal, exactly
    for (std::size_t k = 0; k < 4; ++k) {
        const glm::dvec3 &a = h.vertices[k], &b = h.vertices[(k + 1) % 4], &c = h.vertices[(k + 2) % 4];
        EXPECT_EQ(detail::tx::Orient3d(a, b, c, a + h.normal), 1);
        // adjacent in the list means adjacent on the square: they differ in one coordinate
        EXPECT_EQ(int(a.y != b.y) + int(a.z != b.z), 1);
    }
}

TEST(ConvexHull, TiltedTriangleNormal)
{
    const ConvexHull h = BuildConvexHull({{0, 0, 0}, {1, 0, 0}, {0, 0, 1}});
    ASSERT_EQ(h.kind, HullKind::Polygon);
    EXPECT_EQ(h.vertices.size(), 3u);
    EXPECT_EQ(std::abs(h.normal.y), 1.0);
    EXPECT_EQ(detail::tx::Orient3d(h.vertices[0], h.vertices[1], h.vertices[2], h.vertices[0] + h.normal), 1);
}

TEST(ConvexHull, RandomCloudsAreExactlyConvex)
{
    std::mt19937_64 rng(25);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int round = 0; round < 40; ++round) {
        std::vector<glm::dvec3> p;
        const int n = 4 + round * 5;
        for (int k = 0; k < n; ++k) {
            p.push_back({u(rng), u(rng), u(rng)});
        }
        // grid points too (many coplanar and collinear quadruples), far from the origin sometimes
        for (int k = 0; k < n; ++k) {
            const double offset = (round % 3 == 0) ? 1e6 : 0;
            p.push_back({offset + std::floor(u(rng) * 3), std::floor(u(rng) * 3), std::floor(u(rng) * 3)});
        }
        const ConvexHull h = BuildConvexHull(p);
        ExpectValidPolyhedron(h, p);
        // every vertex is extreme: some triangle's plane through it has another vertex strictly below
        for (std::size_t v = 0; v < h.vertices.size(); ++v) {
            std::vector<glm::dvec3> others = p;
            others.erase(std::remove(others.begin(), others.end(), h.vertices[v]), others.end());
            const ConvexHull without = BuildConvexHull(others);
            bool outside = false;
            for (const auto& t : without.triangles) {
                outside = outside || detail::tx::Orient3d(without.vertices[t[0]], without.vertices[t[1]],
                                                          without.vertices[t[2]], h.vertices[v]) > 0;
            }
            EXPECT_TRUE(outside) << "vertex " << v << " of round " << round << " is not extreme";
        }
    }
}

TEST(ConvexHull, ManyPointsOnASphere)
{
    // every point a vertex: the walk from the previous point keeps each insertion local
    std::mt19937_64 rng(7);
    std::normal_distribution<double> g;
    std::vector<glm::dvec3> p;
    for (int k = 0; k < 20000; ++k) {
        const glm::dvec3 v(g(rng), g(rng), g(rng));
        p.push_back(v / std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z));
    }
    const ConvexHull h = BuildConvexHull(p);
    ASSERT_EQ(h.kind, HullKind::Polyhedron);
    // rounded onto the sphere, a few points may fall inside the hull of the others
    EXPECT_GT(h.vertices.size(), 19900u);
    EXPECT_EQ(h.triangles.size(), 2 * h.vertices.size() - 4);
    EXPECT_EQ(h.edges.size(), 3 * h.vertices.size() - 6);
    // a sample of the points against every triangle, exactly
    for (const auto& t : h.triangles) {
        for (std::size_t k = 0; k < p.size(); k += 997) {
            ASSERT_LE(detail::tx::Orient3d(h.vertices[t[0]], h.vertices[t[1]], h.vertices[t[2]], p[k]), 0);
        }
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
