// Tests of core/aabb_triangle.h (the exact 13-axis reference) and core/aabb_triangle_published.h
// (Akenine-Moller 2001 as listed): hand-checked touching, crossing, degenerate and missing cases.
#include "core/aabb_triangle.h"
#include "core/aabb_triangle_published.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

template <typename T>
class AabbTriangleTest : public ::testing::Test {
};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(AabbTriangleTest, Scalars);

struct BoxTriCase {
    const char* name;
    glm::dvec3 boxMin, boxMax;
    glm::dvec3 v0, v1, v2;
    bool hit;
    double depth;
    glm::dvec3 normal; ///< on a hit; on a miss the separating axis
};

const double kRootHalf = std::sqrt(0.5);

// the unit box [0, 1]^3 unless said otherwise; depths and axes worked by hand
const BoxTriCase kBoxTriCases[] = {
    {"TouchesAtCorner", {0, 0, 0}, {1, 1, 1}, {1, 1, 1}, {2, 1, 1}, {1, 2, 1}, true, 0, {1, 0, 0}},
    {"TouchesAlongEdge", {0, 0, 0}, {1, 1, 1}, {1, 0, 1}, {1, 1, 1}, {2, 0.5, 2}, true, 0, {1, 0, 0}},
    {"LiesOnFace", {0, 0, 0}, {1, 1, 1}, {1, 0, 0}, {1, 1, 0}, {1, 0, 1}, true, 0, {1, 0, 0}},
    // the plane z = 0.25 through the box: push b down by 0.25 (z is the first axis with it)
    {"CrossesAtQuarterHeight",
     {0, 0, 0},
     {1, 1, 1},
     {-1, -1, 0.25},
     {3, -1, 0.25},
     {-1, 3, 0.25},
     true,
     0.25,
     {0, 0, -1}},
    // a segment triangle along x through the centre: 0.5 either way along y (tie: +y)
    {"SegmentThroughCentre", {0, 0, 0}, {1, 1, 1}, {-1, 0.5, 0.5}, {2, 0.5, 0.5}, {3, 0.5, 0.5}, true, 0.5, {0, 1, 0}},
    {"PointOnFace", {0, 0, 0}, {1, 1, 1}, {1, 0.5, 0.5}, {1, 0.5, 0.5}, {1, 0.5, 0.5}, true, 0, {1, 0, 0}},
    {"PointInsideNearTop",
     {0, 0, 0},
     {1, 1, 1},
     {0.5, 0.5, 0.875},
     {0.5, 0.5, 0.875},
     {0.5, 0.5, 0.875},
     true,
     0.125,
     {0, 0, 1}},
    {"FarApartMisses", {0, 0, 0}, {1, 1, 1}, {5, 0, 0}, {6, 0, 0}, {5, 1, 0}, false, 0, {1, 0, 0}},
    {"BelowMisses", {0, 0, 0}, {1, 1, 1}, {0, 0, -2}, {1, 0, -2}, {0, 1, -1}, false, 0, {0, 0, -1}},
    // x + y = 2.25 passes the edge x = y = 1 (where x + y = 2): only e x Z separates
    {"SegmentPastEdgeMissesOnEdgeAxis",
     {0, 0, 0},
     {1, 1, 1},
     {2.25, 0, 0.5},
     {0, 2.25, 0.5},
     {1.125, 1.125, 0.5},
     false,
     0,
     {kRootHalf, kRootHalf, 0}},
    // the triangle's plane x + y + z = 3.5 passes the corner (1, 1, 1) (where it is 3)
    {"PlanePastCornerMissesOnNormal",
     {0, 0, 0},
     {1, 1, 1},
     {3.5, 0, 0},
     {0, 3.5, 0},
     {0, 0, 3.5},
     false,
     0,
     {std::sqrt(1.0 / 3), std::sqrt(1.0 / 3), std::sqrt(1.0 / 3)}},
    {"PlaneThroughCornerTouches",
     {0, 0, 0},
     {1, 1, 1},
     {3, 0, 0},
     {0, 3, 0},
     {0, 0, 3},
     true,
     0,
     {std::sqrt(1.0 / 3), std::sqrt(1.0 / 3), std::sqrt(1.0 / 3)}},
};

class AabbTriangleCases : public ::testing::TestWithParam<BoxTriCase> {};

template <typename T>
void CheckBoxTriCase(const BoxTriCase& c)
{
    const Aabb<T> box{Vec3<T>(c.boxMin), Vec3<T>(c.boxMax)};
    const Triangle<T> tri{{Vec3<T>(c.v0), Vec3<T>(c.v1), Vec3<T>(c.v2)}};
    Trace trace;
    const OverlapResult<T> r = AabbTriangleSat(box, tri, &trace);
    ASSERT_EQ(r.hit, c.hit);
    EXPECT_FALSE(trace.verdict.empty());
    const double tol = sizeof(T) == 4 ? 1e-6 : 1e-15;
    if (c.hit) {
        EXPECT_NEAR(double(r.depth), c.depth, tol);
        EXPECT_NEAR(double(r.normal.x), c.normal.x, tol);
        EXPECT_NEAR(double(r.normal.y), c.normal.y, tol);
        EXPECT_NEAR(double(r.normal.z), c.normal.z, tol);
        for (int m = 0; m < 3; ++m) {
            EXPECT_GE(double(r.contact[m]), c.boxMin[m]);
            EXPECT_LE(double(r.contact[m]), c.boxMax[m]);
        }
    } else {
        ASSERT_TRUE(r.hasSeparatingAxis);
        EXPECT_NEAR(double(r.separatingAxis.x), c.normal.x, tol);
        EXPECT_NEAR(double(r.separatingAxis.y), c.normal.y, tol);
        EXPECT_NEAR(double(r.separatingAxis.z), c.normal.z, tol);
    }
    // the published test agrees on these (none is within rounding of the boundary but the
    // touching ones, whose numbers are exact)
    EXPECT_EQ(AabbTriangleAkenineMoller(box, tri).hit, c.hit);
}

TEST_P(AabbTriangleCases, FloatAndDouble)
{
    CheckBoxTriCase<float>(GetParam());
    CheckBoxTriCase<double>(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Reference, AabbTriangleCases, ::testing::ValuesIn(kBoxTriCases),
                         [](const auto& param) { return std::string(param.param.name); });

TYPED_TEST(AabbTriangleTest, CrossingContactIsTheClippedSquaresCentre)
{
    using T = TypeParam;
    const Aabb<T> box{Vec3<T>(0), Vec3<T>(1)};
    const Triangle<T> tri{{Vec3<T>(-1, -1, 0.25), Vec3<T>(3, -1, 0.25), Vec3<T>(-1, 3, 0.25)}};
    const OverlapResult<T> r = AabbTriangleSat(box, tri);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.contact.z, T(0.25));
    EXPECT_GT(r.contact.x, T(0));
    EXPECT_LT(r.contact.x, T(1));
}

TEST(AabbTriangleExact, GapOfOneUlpBeyondTheCornerMisses)
{
    // the plane x + y + z = 3 + 2^-51 misses the corner (1, 1, 1) by 2^-51 / sqrt(3)
    const double c = 3 + 0x1p-51;
    const Aabb<double> box{Vec3<double>(0), Vec3<double>(1)};
    const Triangle<double> tri{{Vec3<double>(c, 0, 0), Vec3<double>(0, c, 0), Vec3<double>(0, 0, c)}};
    const OverlapResult<double> r = AabbTriangleSat(box, tri);
    EXPECT_FALSE(r.hit);
    ASSERT_TRUE(r.hasSeparatingAxis);
}

TEST(AabbTriangleExact, HugeAndTinyCoordinatesKeepTheExactVerdict)
{
    // the touching corner case scaled by 2^600 and by 2^-600: still touching, depth 0
    for (const int k : {600, -600}) {
        const double s = std::ldexp(1.0, k);
        const Aabb<double> box{Vec3<double>(0), Vec3<double>(s)};
        const Triangle<double> tri{{Vec3<double>(3 * s, 0, 0), Vec3<double>(0, 3 * s, 0), Vec3<double>(0, 0, 3 * s)}};
        const OverlapResult<double> r = AabbTriangleSat(box, tri);
        EXPECT_TRUE(r.hit) << k;
        EXPECT_EQ(r.depth, 0.0) << k;
        const Triangle<double> past{
            {Vec3<double>(3.5 * s, 0, 0), Vec3<double>(0, 3.5 * s, 0), Vec3<double>(0, 0, 3.5 * s)}};
        EXPECT_FALSE(AabbTriangleSat(box, past).hit) << k;
    }
}

TEST(AabbTriangleExact, NanMissesInTheReference)
{
    const Aabb<float> box{Vec3<float>(0), Vec3<float>(1)};
    const Triangle<float> tri{{Vec3<float>(NAN, 0, 0), Vec3<float>(5, 0, 0), Vec3<float>(5, 1, 0)}};
    EXPECT_FALSE(AabbTriangleSat(box, tri).hit);
    EXPECT_FALSE(AabbTriangleSat(box, tri).hasSeparatingAxis);
}

TEST(AabbTriangleAkenineMoller, FloatRoundingReportsAnOverlapTheExactVerdictDenies)
{
    // found by a search of planes through the corner (1, 1, 1): the plane passes just outside it;
    // the listing in float says overlap, in double (and the reference) not
    const Aabb<float> box{Vec3<float>(0), Vec3<float>(1)};
    const Triangle<float> tri{{Vec3<float>(0x1.b241ecp-1f, 0x1.f8e2p+0f, 0),
                               Vec3<float>(0x1.61a95ap+1f, 0, 0x1.1c6dfcp+0f),
                               Vec3<float>(0x1.0e835p-1f, 0x1.ddd12ap-1f, 0x1.580dc4p+0f)}};
    EXPECT_TRUE(AabbTriangleAkenineMoller(box, tri).hit);
    EXPECT_FALSE(AabbTriangleAkenineMoller(ShapeCast<double>(box), ShapeCast<double>(tri)).hit);
    EXPECT_FALSE(AabbTriangleSat(box, tri).hit);
    EXPECT_FALSE(AabbTriangleSat(ShapeCast<double>(box), ShapeCast<double>(tri)).hit);
}

TEST(AabbTriangleAkenineMoller, AgreesWithTheReferenceWhereEveryProductIsExact)
{
    // small integers (halves for the box): the listing's arithmetic is exact in double, so it
    // gives the exact verdict, degenerate triangles included
    std::mt19937 rng(24);
    std::uniform_int_distribution<int> coord(-4, 4);
    auto point = [&] { return glm::dvec3(coord(rng), coord(rng), coord(rng)); };
    int hits = 0, degenerate = 0;
    for (int i = 0; i < 20000; ++i) {
        glm::dvec3 lo = point(), hi = point();
        const Aabb<double> box{glm::min(lo, hi), glm::max(lo, hi)};
        Triangle<double> tri{{point(), point(), point()}};
        if (i % 4 == 0) {
            tri.vertices[2] = tri.vertices[0] + 2.0 * (tri.vertices[1] - tri.vertices[0]); // a segment
            ++degenerate;
        }
        const bool exact = AabbTriangleSat(box, tri).hit;
        ASSERT_EQ(AabbTriangleAkenineMoller(box, tri).hit, exact) << i;
        hits += exact ? 1 : 0;
    }
    EXPECT_GT(hits, 2000);
    EXPECT_GT(degenerate, 4000);
}

TEST(AabbTriangleExact, DepthIsTheShortestSeparatingMove)
{
    // the exact verdict checks the depth: b moved by depth (1 + 1e-6) along the normal is apart,
    // and moved by depth (1 - 1e-6) along any direction still overlaps
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> u(-1, 2);
    std::normal_distribution<double> g;
    int checked = 0;
    for (int i = 0; i < 3000 && checked < 300; ++i) {
        const glm::dvec3 c(u(rng), u(rng), u(rng));
        const Aabb<double> box{c - 0.5, c + glm::dvec3(0.5, 0.75, 1)};
        const Triangle<double> tri{{glm::dvec3(u(rng), u(rng), u(rng)), glm::dvec3(u(rng), u(rng), u(rng)),
                                    glm::dvec3(u(rng), u(rng), u(rng))}};
        const OverlapResult<double> r = AabbTriangleSat(box, tri);
        if (!r.hit || r.depth < 0.01) {
            continue;
        }
        ++checked;
        auto moved = [&](glm::dvec3 d) {
            return Triangle<double>{{tri.vertices[0] + d, tri.vertices[1] + d, tri.vertices[2] + d}};
        };
        EXPECT_FALSE(AabbTriangleSat(box, moved(r.depth * (1 + 1e-6) * r.normal)).hit) << i;
        EXPECT_TRUE(AabbTriangleSat(box, moved(r.depth * (1 - 1e-6) * r.normal)).hit) << i;
        for (int k = 0; k < 20; ++k) {
            const glm::dvec3 dir = glm::normalize(glm::dvec3(g(rng), g(rng), g(rng)));
            EXPECT_TRUE(AabbTriangleSat(box, moved(r.depth * (1 - 1e-6) * dir)).hit) << i << " " << k;
        }
    }
    EXPECT_EQ(checked, 300);
}

TEST(AabbTriangleTrace, ReferenceTraceHasThirteenAxesOnAHit)
{
    const Aabb<double> box{Vec3<double>(0), Vec3<double>(1)};
    const Triangle<double> tri{{Vec3<double>(-1, -1, 0.25), Vec3<double>(3, -1, 0.25), Vec3<double>(-1, 3, 0.25)}};
    Trace trace;
    AabbTriangleSat(box, tri, &trace);
    ASSERT_EQ(trace.steps.size(), 14u);
    const auto* z = std::get_if<AxisPart>(&trace.steps[2].part);
    ASSERT_NE(z, nullptr);
    EXPECT_TRUE(z->chosen);
    // e0 = (4, 0, 0) crossed with X is zero: skipped
    const auto* e0x = std::get_if<AxisPart>(&trace.steps[4].part);
    ASSERT_NE(e0x, nullptr);
    EXPECT_TRUE(e0x->skipped);
    EXPECT_EQ(trace.decidingStep, 13);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
