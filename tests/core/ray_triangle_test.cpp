// Tests of core/ray_triangle.h and core/ray_triangle_published.h: the watertight reference (hand
// cases with exact values, an __int128 peer on small integers), Moller-Trumbore's published flaws
// (a shared edge it slips through, a tiny triangle), and the other published tests.
#include "core/ray_triangle.h"
#include "core/ray_triangle_published.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

template <typename T>
class RayTriangleTest : public ::testing::Test {
};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(RayTriangleTest, Scalars);

template <typename T>
Ray<T> R(glm::dvec3 o, glm::dvec3 d)
{
    return {Vec3<T>(o), Vec3<T>(d)};
}
template <typename T>
Triangle<T> Tri(glm::dvec3 a, glm::dvec3 b, glm::dvec3 c)
{
    return {{Vec3<T>(a), Vec3<T>(b), Vec3<T>(c)}};
}

// (0,0,0), (4,0,0), (0,4,0): n = (0, 0, 16)
template <typename T>
Triangle<T> Big()
{
    return Tri<T>({0, 0, 0}, {4, 0, 0}, {0, 4, 0});
}

TYPED_TEST(RayTriangleTest, InteriorHitHasExactValues)
{
    using T = TypeParam;
    const CastResult<T> r = RayTriangleWatertight(R<T>({1, 1, 2}, {0, 0, -1}), Big<T>());
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(2));
    EXPECT_EQ(r.tExit, T(2));
    EXPECT_EQ(r.u, T(0.25));
    EXPECT_EQ(r.v, T(0.25));
    EXPECT_TRUE(r.hasUv && r.hasFront && r.front); // n.d = -16 < 0
    EXPECT_EQ(r.point, Vec3<T>(1, 1, 0));
    ASSERT_TRUE(r.hasNormal);
    EXPECT_EQ(r.normal, Vec3<T>(0, 0, 1));
}

TYPED_TEST(RayTriangleTest, BackFaceHitsTwoSidedAndCullMisses)
{
    using T = TypeParam;
    const Ray<T> ray = R<T>({3, 0.5, -2}, {0, 0, 0.5});
    const CastResult<T> r = RayTriangleWatertight(ray, Big<T>());
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(4));
    EXPECT_EQ(r.u, T(0.75));
    EXPECT_EQ(r.v, T(0.125));
    EXPECT_TRUE(r.hasFront);
    EXPECT_FALSE(r.front);
    EXPECT_EQ(r.normal, Vec3<T>(0, 0, 1)); // not flipped
    EXPECT_TRUE(RayTriangleMollerTrumbore(ray, Big<T>()).hit);
    EXPECT_FALSE(RayTriangleMollerTrumbore(ray, Big<T>()).front);
    EXPECT_FALSE(RayTriangleMollerTrumboreCull(ray, Big<T>()).hit);
    EXPECT_TRUE(RayTriangleMollerTrumboreCull(R<T>({3, 0.5, 2}, {0, 0, -0.5}), Big<T>()).hit);
}

TYPED_TEST(RayTriangleTest, EdgeAndVertexHitExactly)
{
    using T = TypeParam;
    // the hypotenuse x + y = 4 at (1, 3), and the vertex v2
    const CastResult<T> edge = RayTriangleWatertight(R<T>({1, 3, 1}, {0, 0, -1}), Big<T>());
    ASSERT_TRUE(edge.hit);
    EXPECT_EQ(edge.tEnter, T(1));
    EXPECT_EQ(edge.u, T(0.25));
    EXPECT_EQ(edge.v, T(0.75));
    const CastResult<T> vertex = RayTriangleWatertight(R<T>({0, 4, 3}, {0, 0, -1}), Big<T>());
    ASSERT_TRUE(vertex.hit);
    EXPECT_EQ(vertex.tEnter, T(3));
    EXPECT_EQ(vertex.u, T(0));
    EXPECT_EQ(vertex.v, T(1));
    // just outside the vertex and the edge
    const T above4 = std::nextafter(T(4), T(5));
    EXPECT_FALSE(RayTriangleWatertight(R<T>({0, double(above4), 3}, {0, 0, -1}), Big<T>()).hit);
    EXPECT_FALSE(RayTriangleWatertight(R<T>({1, double(std::nextafter(T(3), T(4))), 1}, {0, 0, -1}), Big<T>()).hit);
}

TYPED_TEST(RayTriangleTest, ParallelOffPlaneAndBehindMiss)
{
    using T = TypeParam;
    EXPECT_FALSE(RayTriangleWatertight(R<T>({1, 1, 1}, {1, 0, 0}), Big<T>()).hit);
    EXPECT_FALSE(RayTriangleWatertight(R<T>({1, 1, -2}, {0, 0, -1}), Big<T>()).hit);
    // the origin on the triangle: t = 0 (MT's t > EPSILON loses it)
    const CastResult<T> on = RayTriangleWatertight(R<T>({1, 1, 0}, {0, 0, 1}), Big<T>());
    ASSERT_TRUE(on.hit);
    EXPECT_EQ(on.tEnter, T(0));
    EXPECT_FALSE(std::signbit(on.tEnter));
    EXPECT_FALSE(RayTriangleMollerTrumbore(R<T>({1, 1, 0}, {0, 0, 1}), Big<T>()).hit);
}

TYPED_TEST(RayTriangleTest, InPlaneRayCrossesTheTriangle)
{
    using T = TypeParam;
    // enters at x = 0 (t = 1), leaves through x + y = 4 at x = 3 (t = 4)
    const CastResult<T> r = RayTriangleWatertight(R<T>({-1, 1, 0}, {1, 0, 0}), Big<T>());
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(1));
    EXPECT_EQ(r.tExit, T(4));
    EXPECT_FALSE(r.hasFront);
    EXPECT_EQ(r.u, T(0));
    EXPECT_EQ(r.v, T(0.25));
    // the origin inside: [0, 2]
    const CastResult<T> inside = RayTriangleWatertight(R<T>({1, 1, 0}, {1, 0, 0}), Big<T>());
    ASSERT_TRUE(inside.hit);
    EXPECT_EQ(inside.tEnter, T(0));
    EXPECT_EQ(inside.tExit, T(2));
    // along an edge, and past the triangle
    const CastResult<T> along = RayTriangleWatertight(R<T>({-2, 0, 0}, {2, 0, 0}), Big<T>());
    ASSERT_TRUE(along.hit);
    EXPECT_EQ(along.tEnter, T(1));
    EXPECT_EQ(along.tExit, T(3));
    EXPECT_FALSE(RayTriangleWatertight(R<T>({5, 5, 0}, {1, 0, 0}), Big<T>()).hit);
    EXPECT_FALSE(RayTriangleWatertight(R<T>({-1, 1, 0}, {-1, 0, 0}), Big<T>()).hit);
    // the published tests miss it (their flaw: "in plane")
    EXPECT_FALSE(RayTriangleMollerTrumbore(R<T>({-1, 1, 0}, {1, 0, 0}), Big<T>()).hit);
    EXPECT_FALSE(RayTriangleBaldwinWeber(R<T>({-1, 1, 0}, {1, 0, 0}), Big<T>()).hit);
    EXPECT_FALSE(RayTrianglePlucker(R<T>({-1, 1, 0}, {1, 0, 0}), Big<T>()).hit);
    EXPECT_FALSE(RayTriangleHavelHerout(R<T>({-1, 1, 0}, {1, 0, 0}), Big<T>()).hit);
}

TYPED_TEST(RayTriangleTest, DegenerateTrianglesAreTheirSegmentOrPoint)
{
    using T = TypeParam;
    // collinear: the segment from x = 0 to x = 2 (v2 in the middle)
    const Triangle<T> line = Tri<T>({0, 0, 0}, {2, 0, 0}, {1, 0, 0});
    const CastResult<T> r = RayTriangleWatertight(R<T>({1.5, 1, 1}, {0, -1, -1}), line);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(1));
    EXPECT_EQ(r.u, T(0.75)); // weight of v1 at x = 1.5
    EXPECT_EQ(r.v, T(0));
    EXPECT_FALSE(r.hasNormal);
    EXPECT_FALSE(r.hasFront);
    EXPECT_FALSE(RayTriangleWatertight(R<T>({2.5, 1, 1}, {0, -1, -1}), line).hit);
    // along it: [1, 3]
    const CastResult<T> along = RayTriangleWatertight(R<T>({-1, 0, 0}, {1, 0, 0}), line);
    ASSERT_TRUE(along.hit);
    EXPECT_EQ(along.tEnter, T(1));
    EXPECT_EQ(along.tExit, T(3));
    // coincident vertices: a point
    const Triangle<T> point = Tri<T>({1, 2, 3}, {1, 2, 3}, {1, 2, 3});
    const CastResult<T> p = RayTriangleWatertight(R<T>({1, 2, 5}, {0, 0, -1}), point);
    ASSERT_TRUE(p.hit);
    EXPECT_EQ(p.tEnter, T(2));
    EXPECT_FALSE(RayTriangleWatertight(R<T>({1, 2.5, 5}, {0, 0, -1}), point).hit);
    EXPECT_FALSE(RayTriangleWatertight(R<T>({1, 2, 5}, {0, 0, 1}), point).hit);
    EXPECT_FALSE(RayTriangleMollerTrumbore(R<T>({1.5, 1, 1}, {0, -1, -1}), line).hit);
}

TYPED_TEST(RayTriangleTest, FarFromTheOrigin)
{
    using T = TypeParam;
    // 1e7 is exact in float, and so are 1e7 + 1 ... 1e7 + 4
    const glm::dvec3 c(1e7, 1e7, 1e7);
    const Triangle<T> far = Tri<T>(c, c + glm::dvec3(4, 0, 0), c + glm::dvec3(0, 4, 0));
    const CastResult<T> r = RayTriangleWatertight(R<T>(c + glm::dvec3(1, 3, 2), {0, 0, -1}), far);
    ASSERT_TRUE(r.hit); // on the hypotenuse
    EXPECT_EQ(r.tEnter, T(2));
    EXPECT_EQ(r.v, T(0.75));
    EXPECT_FALSE(RayTriangleWatertight(R<T>(c + glm::dvec3(2, 3, 2), {0, 0, -1}), far).hit);
    // from the origin, through the vertex c + (4, 0, 0): t = 1 exactly
    const CastResult<T> diag = RayTriangleWatertight(R<T>({0, 0, 0}, c + glm::dvec3(4, 0, 0)), far);
    ASSERT_TRUE(diag.hit);
    EXPECT_EQ(diag.tEnter, T(1));
}

TYPED_TEST(RayTriangleTest, TinyTriangleHitsWhereMollerTrumboreLosesIt)
{
    using T = TypeParam;
    const double s = 0x1p-14; // about 6e-5: |det| = s^2 = 3.7e-9 < 1e-6
    const Triangle<T> tiny = Tri<T>({0, 0, 0}, {s, 0, 0}, {0, s, 0});
    const Ray<T> ray = R<T>({s / 4, s / 4, 1}, {0, 0, -1});
    const CastResult<T> r = RayTriangleWatertight(ray, tiny);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(1));
    EXPECT_EQ(r.u, T(0.25));
    EXPECT_FALSE(RayTriangleMollerTrumbore(ray, tiny).hit);
    EXPECT_FALSE(RayTriangleMollerTrumboreCull(ray, tiny).hit);
}

TEST(RayTriangleExtremes, HugeCoordinatesDoNotOverflowTheVerdict)
{
    const double h = 0x1p996; // about 6.7e299: 3h and 4h exact
    const Triangle<double> tri = Tri<double>({0, 0, 0}, {4 * h, 0, 0}, {0, 4 * h, 0});
    const CastResult<double> r = RayTriangleWatertight(R<double>({h, h, 2 * h}, {0, 0, -1}), tri);
    ASSERT_TRUE(r.hit);
    EXPECT_NEAR(r.tEnter / (2 * h), 1.0, 1e-15);
    EXPECT_NEAR(r.u, 0.25, 1e-15);
    EXPECT_FALSE(RayTriangleWatertight(R<double>({3 * h, 3 * h, 2 * h}, {0, 0, -1}), tri).hit);
    // exactly on the hypotenuse at 1e300 scale, and one ulp outside
    EXPECT_TRUE(RayTriangleWatertight(R<double>({h, 3 * h, 2 * h}, {0, 0, -1}), tri).hit);
    EXPECT_FALSE(RayTriangleWatertight(R<double>({h, std::nextafter(3 * h, 4 * h), 2 * h}, {0, 0, -1}), tri).hit);
    // a direction of 1e300 towards a triangle near the origin: t tiny but positive
    const CastResult<double> fast = RayTriangleWatertight(R<double>({1, 1, 2}, {0, 0, -h}), Big<double>());
    ASSERT_TRUE(fast.hit);
    EXPECT_NEAR(fast.tEnter * h, 2.0, 1e-14);
}

TEST(RayTriangleExtremes, SubnormalOffsetsDecideExactly)
{
    const double tiny = std::numeric_limits<double>::denorm_min();
    const Triangle<double> tri = Tri<double>({0, 0, 0}, {1, 0, 0}, {0, 1, 0});
    EXPECT_FALSE(RayTriangleWatertight(R<double>({-tiny, 0.5, 1}, {0, 0, -1}), tri).hit);
    EXPECT_TRUE(RayTriangleWatertight(R<double>({tiny, 0.5, 1}, {0, 0, -1}), tri).hit);
    EXPECT_TRUE(RayTriangleWatertight(R<double>({0, 0.5, 1}, {0, 0, -1}), tri).hit);
    // a ray one subnormal off the plane, parallel to it: misses; in it: hits
    EXPECT_FALSE(RayTriangleWatertight(R<double>({-1, 0.25, tiny}, {1, 0, 0}), tri).hit);
    EXPECT_TRUE(RayTriangleWatertight(R<double>({-1, 0.25, 0}, {1, 0, 0}), tri).hit);
    const float ftiny = std::numeric_limits<float>::denorm_min();
    const Triangle<float> ftri = Tri<float>({0, 0, 0}, {1, 0, 0}, {0, 1, 0});
    EXPECT_FALSE(RayTriangleWatertight(Ray<float>{{-ftiny, 0.5f, 1}, {0, 0, -1}}, ftri).hit);
    EXPECT_TRUE(RayTriangleWatertight(Ray<float>{{ftiny, 0.5f, 1}, {0, 0, -1}}, ftri).hit);
}

TEST(RayTriangleExtremes, NonFiniteInputMisses)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_FALSE(RayTriangleWatertight(R<double>({nan, 1, 1}, {0, 0, -1}), Big<double>()).hit);
    EXPECT_FALSE(RayTriangleWatertight(R<double>({1, 1, 1}, {0, 0, 0}), Big<double>()).hit);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
