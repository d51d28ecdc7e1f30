// Tests of core/ray_triangle.h and core/ray_triangle_published.h: the watertight reference (hand
// cases with exact values, an __int128 peer on small integers), Moller-Trumbore's published flaws
// (a shared edge it slips through, a tiny triangle), and the other published tests.
#include "core/ray_triangle.h"
#include "core/ray_triangle_published.h"

#include <gtest/gtest.h>

#include <algorithm>
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

// A float ray through the edge shared by two triangles (a, b, c) and (b, a, d), aimed at a point of
// the edge as float rounds it: Moller-Trumbore misses both (each rounds its own u, v), the
// watertight test hits at least one (found by a seeded search; the exact verdicts by the solver).
TEST(RayTriangleCrack, MollerTrumboreSlipsThroughASharedEdgeInFloat)
{
    const Vec3<float> a(-0x1.b1e0b8p-2f, 0x1.650758p-2f, -0x1.bc7b3p-1f);
    const Vec3<float> b(0x1.8d607p-2f, 0x1.a36c7cp-1f, 0x1.60e7ep-2f);
    const Vec3<float> c(-0x1.88335p-4f, -0x1.3b728cp-2f, -0x1.257e5p-1f);
    const Vec3<float> d(0x1.ec646p-5f, 0x1.79d4b8p+0f, 0x1.9771p-5f);
    const Ray<float> ray{{-0x1.e680d2p+1f, -0x1.e63a7cp+0f, 0x1.dcc70ap+2f},
                         {0x1.086d28p+2f, 0x1.57b9dp+1f, -0x1.cc30dp+2f}};
    const Triangle<float> t1{{a, b, c}}, t2{{b, a, d}};
    EXPECT_FALSE(RayTriangleMollerTrumbore(ray, t1).hit);
    EXPECT_FALSE(RayTriangleMollerTrumbore(ray, t2).hit);
    EXPECT_TRUE(RayTriangleWatertight(ray, t1).hit || RayTriangleWatertight(ray, t2).hit);
    // the Plucker test's shared edge values agree: it hits one of them too
    EXPECT_TRUE(RayTrianglePlucker(ray, t1).hit || RayTrianglePlucker(ray, t2).hit);
}

TYPED_TEST(RayTriangleTest, PublishedTestsOnTheInteriorAndTheirEdges)
{
    using T = TypeParam;
    const Ray<T> ray = R<T>({1, 1, 2}, {0, 0, -1});
    for (const CastResult<T>& r : {RayTriangleBaldwinWeber(ray, Big<T>()), RayTrianglePlucker(ray, Big<T>()),
                                   RayTriangleHavelHerout(ray, Big<T>()), RayTriangleMollerTrumbore(ray, Big<T>())}) {
        ASSERT_TRUE(r.hit);
        EXPECT_EQ(r.tEnter, T(2));
        EXPECT_EQ(r.u, T(0.25));
        EXPECT_EQ(r.v, T(0.25));
        EXPECT_TRUE(r.front);
    }
    // Baldwin-Weber's edge v1-v2 is open (xg + yg < 1): the hypotenuse at (1, 3) misses; the
    // others' closed edges hit
    const Ray<T> edge = R<T>({1, 3, 1}, {0, 0, -1});
    EXPECT_FALSE(RayTriangleBaldwinWeber(edge, Big<T>()).hit);
    EXPECT_TRUE(RayTriangleBaldwinWeber(R<T>({0, 1, 1}, {0, 0, -1}), Big<T>()).hit);
    EXPECT_TRUE(RayTrianglePlucker(edge, Big<T>()).hit);
    EXPECT_TRUE(RayTriangleMollerTrumbore(edge, Big<T>()).hit);
    // back faces: all two-sided
    const Ray<T> back = R<T>({1, 1, -2}, {0, 0, 1});
    EXPECT_FALSE(RayTriangleBaldwinWeber(back, Big<T>()).front);
    EXPECT_TRUE(RayTriangleBaldwinWeber(back, Big<T>()).hit);
    EXPECT_TRUE(RayTrianglePlucker(back, Big<T>()).hit);
    EXPECT_TRUE(RayTriangleHavelHerout(back, Big<T>()).hit);
    // behind the origin: all miss
    const Ray<T> behind = R<T>({1, 1, -2}, {0, 0, -1});
    EXPECT_FALSE(RayTriangleBaldwinWeber(behind, Big<T>()).hit);
    EXPECT_FALSE(RayTrianglePlucker(behind, Big<T>()).hit);
    EXPECT_FALSE(RayTriangleHavelHerout(behind, Big<T>()).hit);
}

// The facts the declared flaws' triangle words check (exact, on doubles).
TEST(RayTriangleFacts, EdgeBackFacingInPlaneDegenerateDeterminantArea)
{
    const auto facts = [](glm::dvec3 o, glm::dvec3 d, glm::dvec3 a, glm::dvec3 b, glm::dvec3 c) {
        detail::ExactTriangleQuery q;
        q.o = o;
        q.dh = d;
        q.v[0] = a;
        q.v[1] = b;
        q.v[2] = c;
        return detail::TriangleFactsOf(q);
    };
    const glm::dvec3 a(0, 0, 0), b(4, 0, 0), c(0, 4, 0);
    const detail::TriangleFacts interior = facts({1, 1, 2}, {0, 0, -1}, a, b, c);
    EXPECT_TRUE(interior.hit);
    EXPECT_FALSE(interior.edgeOrVertex || interior.backFacing || interior.inPlane || interior.degenerate);
    EXPECT_EQ(interior.determinant, 16.0);
    EXPECT_EQ(interior.area, 8.0);
    EXPECT_TRUE(facts({1, 3, 2}, {0, 0, -1}, a, b, c).edgeOrVertex);
    EXPECT_TRUE(facts({0, 0, 2}, {0, 0, -1}, a, b, c).edgeOrVertex);
    EXPECT_FALSE(facts({1, 3.5, 2}, {0, 0, -1}, a, b, c).edgeOrVertex); // a miss
    EXPECT_TRUE(facts({1, 1, -2}, {0, 0, 1}, a, b, c).backFacing);
    EXPECT_TRUE(facts({9, 9, 9}, {1, 0, 0}, a, b, c).backFacing); // n.d == 0 counts
    const detail::TriangleFacts plane = facts({-1, 1, 0}, {1, 0, 0}, a, b, c);
    EXPECT_TRUE(plane.inPlane && plane.hit && plane.edgeOrVertex);
    EXPECT_EQ(plane.determinant, 0.0);
    EXPECT_FALSE(facts({-1, 1, 1}, {1, 0, 0}, a, b, c).inPlane);
    const detail::TriangleFacts line = facts({1, 1, 1}, {0, -1, -1}, a, {2, 0, 0}, {1, 0, 0});
    EXPECT_TRUE(line.degenerate && line.hit);
    EXPECT_EQ(line.area, 0.0);
    EXPECT_EQ(facts({1, 1, 2}, {0, 0, -1}, a, {0x1p-520, 0, 0}, {0, 0x1p-520, 0}).area, 0x1p-1041);
}

TYPED_TEST(RayTriangleTest, PerTriangleFormsRespectTMax)
{
    using T = TypeParam;
    const Ray<T> ray = R<T>({1, 1, 2}, {0, 0, -1}); // t = 2
    const auto& v = Big<T>().vertices;
    const auto each = [&](T tMax, auto fn) {
        CastResult<T> out;
        const bool hit = fn(ray, v[0], v[1], v[2], tMax, out);
        EXPECT_EQ(hit, out.hit);
        return hit && out.tEnter == T(2) && out.u == T(0.25);
    };
    for (T tMax : {T(2), T(1.5)}) {
        const bool expect = tMax >= T(2);
        EXPECT_EQ(each(tMax, [](auto&&... a) { return WatertightTriangle<T>(a...); }), expect);
        EXPECT_EQ(each(tMax, [](auto&&... a) { return MollerTrumboreTriangle<T>(a...); }), expect);
        EXPECT_EQ(each(tMax, [](auto&&... a) { return BaldwinWeberTriangle<T>(a...); }), expect);
        EXPECT_EQ(each(tMax, [](auto&&... a) { return PluckerTriangle<T>(a...); }), expect);
        EXPECT_EQ(each(tMax, [](auto&&... a) { return HavelHeroutTriangle<T>(a...); }), expect);
    }
}

TYPED_TEST(RayTriangleTest, HavelHeroutsSignBitsMissFrontFacingEdges)
{
    using T = TypeParam;
    // a front-facing ray (det = n0.d < 0) through an edge: the edge value is +0, whose sign bit
    // differs from the negative others': a miss on every edge and vertex; from the back (det > 0)
    // the same +0 agrees: a hit
    for (const glm::dvec3 p : {glm::dvec3{1, 3, 0}, {0, 1, 0}, {1, 0, 0}, {0, 0, 0}, {4, 0, 0}}) {
        EXPECT_FALSE(RayTriangleHavelHerout(R<T>(p + glm::dvec3{0, 0, 2}, {0, 0, -1}), Big<T>()).hit);
        EXPECT_TRUE(RayTriangleHavelHerout(R<T>(p - glm::dvec3{0, 0, 2}, {0, 0, 1}), Big<T>()).hit);
        EXPECT_TRUE(RayTriangleWatertight(R<T>(p + glm::dvec3{0, 0, 2}, {0, 0, -1}), Big<T>()).hit);
    }
}

// ---- the reference against an independent peer: __int128 arithmetic on small integers ----

__extension__ typedef __int128 I128;

struct IVec {
    I128 x, y, z;
};
IVec Sub(IVec a, IVec b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
IVec Cross(IVec a, IVec b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
I128 Dot(IVec a, IVec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
int Sgn(I128 v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }
I128 At(IVec v, int k) { return k == 0 ? v.x : k == 1 ? v.y : v.z; }

/// A rational num / den with den > 0 (den == 0: +infinity).
struct Q {
    I128 num, den;
};
bool Less(Q a, Q b) // a < b
{
    if (a.den == 0) {
        return false;
    }
    if (b.den == 0) {
        return true;
    }
    return a.num * b.den < b.num * a.den;
}

/// The peer's answer: hit, and [lo, hi] for a ray in the plane (by clipping the line against the
/// three edge half-planes, not the reference's way: inside or crossing an edge).
struct PeerAnswer {
    bool decided = false; ///< false for degenerate triangles (not compared)
    bool hit = false, inPlane = false;
    Q t{0, 1}, tExit{0, 1};
};

PeerAnswer Peer(IVec o, IVec d, IVec v0, IVec v1, IVec v2)
{
    PeerAnswer p;
    const IVec e1 = Sub(v1, v0), e2 = Sub(v2, v0), s = Sub(o, v0), n = Cross(e1, e2);
    const I128 det = -Dot(n, d), tN = Dot(s, n);
    if (det != 0) {
        const I128 uN = Dot(s, Cross(d, e2)), vN = Dot(d, Cross(s, e1)), wN = det - uN - vN;
        const int sd = Sgn(det);
        p.decided = true;
        p.hit = Sgn(uN) * sd >= 0 && Sgn(vN) * sd >= 0 && Sgn(wN) * sd >= 0 && Sgn(tN) * sd >= 0;
        p.t = det > 0 ? Q{tN, det} : Q{-tN, -det};
        p.tExit = p.t;
        return p;
    }
    if (n.x == 0 && n.y == 0 && n.z == 0) {
        return p;
    }
    p.decided = true;
    if (tN != 0) {
        return p;
    }
    p.inPlane = true;
    const int k = n.x != 0 ? 0 : n.y != 0 ? 1 : 2;
    const int i = (k + 1) % 3, j = (k + 2) % 3;
    const int sigma = Sgn(At(n, k));
    const auto cross2 = [&](IVec a, IVec b) { return At(a, i) * At(b, j) - At(a, j) * At(b, i); };
    Q lo{0, 1}, hi{0, 0};
    bool empty = false;
    const IVec v[3] = {v0, v1, v2};
    for (int e = 0; e < 3; ++e) {
        const IVec edge = Sub(v[(e + 1) % 3], v[e]);
        const I128 a = sigma * cross2(edge, Sub(o, v[e])), b = sigma * cross2(edge, d);
        if (b == 0) {
            empty = empty || a < 0;
        } else if (b > 0) {
            const Q q{-a, b};
            lo = Less(lo, q) ? q : lo;
        } else {
            const Q q{a, -b};
            hi = Less(q, hi) ? q : hi;
        }
    }
    p.hit = !empty && !Less(hi, lo);
    p.t = lo;
    p.tExit = hi;
    return p;
}

TYPED_TEST(RayTriangleTest, AgreesWithAnIntegerPeerOnSmallIntegers)
{
    using T = TypeParam;
    std::mt19937 rng(20261206);
    std::uniform_int_distribution<int> coord(-4, 4), small(-2, 2);
    int hits = 0, inPlaneHits = 0, edgeHits = 0;
    for (int n = 0; n < 20000; ++n) {
        const auto iv = [&] { return IVec{coord(rng), coord(rng), coord(rng)}; };
        const IVec v0 = iv(), v1 = iv(), v2 = iv();
        IVec o = iv(), d = iv();
        if (n % 3 == 0) {
            // in the plane: o = v0 + a e1 + b e2, d = c e1 + e e2
            const IVec e1 = Sub(v1, v0), e2 = Sub(v2, v0);
            const int a = small(rng), b = small(rng), c = small(rng), e = small(rng);
            o = {v0.x + a * e1.x + b * e2.x, v0.y + a * e1.y + b * e2.y, v0.z + a * e1.z + b * e2.z};
            d = {c * e1.x + e * e2.x, c * e1.y + e * e2.y, c * e1.z + e * e2.z};
        }
        if (d.x == 0 && d.y == 0 && d.z == 0) {
            continue;
        }
        const PeerAnswer peer = Peer(o, d, v0, v1, v2);
        if (!peer.decided) {
            continue;
        }
        const auto f = [](IVec v) { return Vec3<T>(T(double(v.x)), T(double(v.y)), T(double(v.z))); };
        const Ray<T> ray{f(o), f(d)};
        const Triangle<T> tri{{f(v0), f(v1), f(v2)}};
        const CastResult<T> r = RayTriangleWatertight(ray, tri);
        ASSERT_EQ(r.hit, peer.hit) << "case " << n;
        if (!peer.hit) {
            continue;
        }
        ++hits;
        const double t = double(peer.t.num) / double(peer.t.den);
        EXPECT_NEAR(double(r.tEnter), t, 4 * std::numeric_limits<T>::epsilon() * std::max(1.0, t)) << "case " << n;
        EXPECT_EQ(r.hasFront, !peer.inPlane);
        if (peer.inPlane) {
            ++inPlaneHits;
            const double tExit = double(peer.tExit.num) / double(peer.tExit.den);
            EXPECT_NEAR(double(r.tExit), tExit, 4 * std::numeric_limits<T>::epsilon() * std::max(1.0, tExit))
                << "case " << n;
        } else {
            const IVec e1 = Sub(v1, v0), e2 = Sub(v2, v0), s = Sub(o, v0);
            const I128 uN = Dot(s, Cross(d, e2)), vN = Dot(d, Cross(s, e1));
            const I128 det = -Dot(Cross(e1, e2), d);
            edgeHits += (uN == 0 || vN == 0 || det - uN - vN == 0) ? 1 : 0;
            EXPECT_EQ(r.front, det > 0);
            EXPECT_NEAR(double(r.u), double(uN) / double(det), 4 * std::numeric_limits<T>::epsilon());
            EXPECT_NEAR(double(r.v), double(vN) / double(det), 4 * std::numeric_limits<T>::epsilon());
        }
    }
    // the cases reach every branch: hits, rays in the plane, edges and vertices
    EXPECT_GT(hits, 1000);
    EXPECT_GT(inPlaneHits, 300);
    EXPECT_GT(edgeHits, 150);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
