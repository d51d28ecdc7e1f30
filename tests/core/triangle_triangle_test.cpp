// Tests of core/triangle_triangle.h (the exact reference) and the published tests of Moller
// (1997) and Guigue & Devillers (2003): hand-checked crossing, touching, coplanar and degenerate
// pairs, and agreement where every product is exact.
#include "core/triangle_triangle.h"
#include "core/triangle_triangle_guigue.h"
#include "core/triangle_triangle_moller.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

struct TriTriCase {
    const char* name;
    glm::dvec3 a0, a1, a2, b0, b1, b2;
    bool hit;
    double depth;
    glm::dvec3 normal; ///< on a hit; on a miss the separating axis (zero: none expected)
};

// a = the right triangle (0, 0, 0), (4, 0, 0), (0, 4, 0) in z = 0 unless said otherwise
const TriTriCase kTriTriCases[] = {
    // b stands through a in x = 1 from z = -1 to z = 3: lifted by 1 along +z (na first of the
    // axes where the least push is 1)
    {"CrossingStandingTriangle",
     {0, 0, 0},
     {4, 0, 0},
     {0, 4, 0},
     {1, 1, -1},
     {1, 1, 3},
     {1, -3, 3},
     true,
     1,
     {0, 0, 1}},
    // b's vertex touches a's face from above
    {"VertexOnFaceTouches", {0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {1, 1, 0}, {1, 1, 2}, {2, 1, 2}, true, 0, {0, 0, 1}},
    {"AboveMisses", {0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {1, 1, 1}, {2, 1, 1}, {1, 2, 2}, false, 0, {0, 0, 1}},
    // coplanar pairs: depth 0 along the common normal
    {"CoplanarOverlapping", {0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {1, 1, 0}, {5, 1, 0}, {1, 5, 0}, true, 0, {0, 0, 1}},
    {"CoplanarTouchingAtVertex", {0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {4, 0, 0}, {6, 0, 0}, {6, 2, 0}, true, 0, {0, 0, 1}},
    {"CoplanarDisjoint", {0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {3, 3, 0}, {6, 3, 0}, {3, 6, 0}, false, 0, {0, 0, 0}},
    // a segment triangle piercing a's face: lifted by 1 along +z (na)
    {"SegmentPiercesFace", {0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {1, 1, -1}, {1, 1, 3}, {1, 1, 1}, true, 1, {0, 0, 1}},
    {"PointOnEdgeTouches", {0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {2, 0, 0}, {2, 0, 0}, {2, 0, 0}, true, 0, {0, 0, 1}},
    {"PointBesideMisses", {0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {2, -1, 0}, {2, -1, 0}, {2, -1, 0}, false, 0, {0, 0, 0}},
};

template <typename T>
void CheckTriTriCase(const TriTriCase& c)
{
    const Triangle<T> a{{Vec3<T>(c.a0), Vec3<T>(c.a1), Vec3<T>(c.a2)}};
    const Triangle<T> b{{Vec3<T>(c.b0), Vec3<T>(c.b1), Vec3<T>(c.b2)}};
    Trace trace;
    const OverlapResult<T> r = TriangleTriangleSat(a, b, &trace);
    ASSERT_EQ(r.hit, c.hit);
    EXPECT_FALSE(trace.verdict.empty());
    const double tol = sizeof(T) == 4 ? 1e-6 : 1e-15;
    if (c.hit) {
        EXPECT_NEAR(double(r.depth), c.depth, tol);
        for (int m = 0; m < 3; ++m) {
            EXPECT_NEAR(double(r.normal[m]), c.normal[m], tol) << m;
        }
        // the contact lies in a's plane here (every case has a in z = 0 and meets it)
        EXPECT_EQ(r.contact.z, T(0));
    } else {
        ASSERT_EQ(r.hasSeparatingAxis, c.normal != glm::dvec3(0));
        for (int m = 0; m < 3 && r.hasSeparatingAxis; ++m) {
            EXPECT_NEAR(double(r.separatingAxis[m]), c.normal[m], tol) << m;
        }
    }
}

class TriangleTriangleCases : public ::testing::TestWithParam<TriTriCase> {};

TEST_P(TriangleTriangleCases, FloatAndDouble)
{
    CheckTriTriCase<float>(GetParam());
    CheckTriTriCase<double>(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Reference, TriangleTriangleCases, ::testing::ValuesIn(kTriTriCases),
                         [](const auto& param) { return std::string(param.param.name); });

TEST(TriangleTrianglePublished, AgreeOnTheProperHandCheckedPairs)
{
    for (const TriTriCase& c : kTriTriCases) {
        const std::string name = c.name;
        if (name.find("Segment") != std::string::npos || name.find("Point") != std::string::npos) {
            continue; // degenerate: neither listing handles them
        }
        const Triangle<double> a{{c.a0, c.a1, c.a2}}, b{{c.b0, c.b1, c.b2}};
        EXPECT_EQ(TriangleTriangleGuigueDevillers(a, b).hit, c.hit) << c.name;
        EXPECT_EQ(TriangleTriangleMoller(a, b).hit, c.hit) << c.name;
    }
}

TEST(TriangleTrianglePublished, AgreeWithTheReferenceWhereEveryProductIsExact)
{
    // small integers: every determinant the listings compute is exact in double, so both must
    // give the exact verdict on non-degenerate, non-coplanar pairs (Moller's EPSILON only zeroes
    // distances that are 0)
    std::mt19937 rng(24);
    std::uniform_int_distribution<int> coord(-3, 3);
    auto point = [&] { return glm::dvec3(coord(rng), coord(rng), coord(rng)); };
    int checked = 0, hits = 0;
    for (int i = 0; i < 20000; ++i) {
        const Triangle<double> a{{point(), point(), point()}}, b{{point(), point(), point()}};
        const glm::dvec3 na = glm::cross(a.vertices[1] - a.vertices[0], a.vertices[2] - a.vertices[0]);
        const glm::dvec3 nb = glm::cross(b.vertices[1] - b.vertices[0], b.vertices[2] - b.vertices[0]);
        if (na == glm::dvec3(0) || nb == glm::dvec3(0) || glm::cross(na, nb) == glm::dvec3(0)) {
            continue;
        }
        const bool exact = TriangleTriangleSat(a, b).hit;
        ASSERT_EQ(TriangleTriangleGuigueDevillers(a, b).hit, exact) << i;
        ASSERT_EQ(TriangleTriangleMoller(a, b).hit, exact) << i;
        ++checked;
        hits += exact ? 1 : 0;
    }
    EXPECT_GT(checked, 10000);
    EXPECT_GT(hits, 1000);
}

TEST(TriangleTrianglePublished, GuigueDevillersCoplanarAgreesWithTheReference)
{
    // coplanar pairs in a tilted plane z = x + 2 y with small integers: Guigue-Devillers' 2D
    // orientations are exact there, so its verdict is the exact one. Moller's coplanar test skips
    // parallel edges and its point-in-triangle is strict, but its edge-edge test accepts the
    // edges' ends, so a touching pair is still found through a non-parallel pair of edges: it
    // agrees too
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> coord(-4, 4);
    auto point = [&] {
        const double x = coord(rng), y = coord(rng);
        return glm::dvec3(x, y, x + 2 * y);
    };
    int checked = 0, hits = 0, mollerMisses = 0;
    for (int i = 0; i < 20000; ++i) {
        const Triangle<double> a{{point(), point(), point()}}, b{{point(), point(), point()}};
        if (glm::cross(a.vertices[1] - a.vertices[0], a.vertices[2] - a.vertices[0]) == glm::dvec3(0) ||
            glm::cross(b.vertices[1] - b.vertices[0], b.vertices[2] - b.vertices[0]) == glm::dvec3(0)) {
            continue;
        }
        const OverlapResult<double> ref = TriangleTriangleSat(a, b);
        ASSERT_EQ(TriangleTriangleGuigueDevillers(a, b).hit, ref.hit) << i;
        const bool moller = TriangleTriangleMoller(a, b).hit;
        ASSERT_TRUE(!moller || ref.hit) << i;
        mollerMisses += moller != ref.hit ? 1 : 0;
        if (ref.hit) {
            EXPECT_EQ(ref.depth, 0.0) << i;
        }
        ++checked;
        hits += ref.hit ? 1 : 0;
    }
    EXPECT_GT(checked, 10000);
    EXPECT_GT(hits, 2000);
    EXPECT_EQ(mollerMisses, 0);
}

TEST(TriangleTrianglePublished, VertexOnHypotenuseTouchesInAllThree)
{
    // coplanar, b's vertex (2, 2) lies on a's hypotenuse: touching. Moller's point-in-triangle is
    // strict, but b's edges from (2, 2) meet the hypotenuse at their end, which its edge-edge
    // test accepts
    const Triangle<double> a{{glm::dvec3(0), glm::dvec3(4, 0, 0), glm::dvec3(0, 4, 0)}};
    const Triangle<double> b{{glm::dvec3(2, 2, 0), glm::dvec3(5, 2, 0), glm::dvec3(2, 5, 0)}};
    EXPECT_TRUE(TriangleTriangleSat(a, b).hit);
    EXPECT_TRUE(TriangleTriangleGuigueDevillers(a, b).hit);
    EXPECT_TRUE(TriangleTriangleMoller(a, b).hit);
}

TEST(TriangleTrianglePublished, MollerEpsilonCallsTinyApartTrianglesCoplanar)
{
    // two triangles of side 1e-4 in parallel planes 1e-4 apart: |N| = 1e-8, so every distance
    // (1e-12) is below EPSILON and the coplanar test sees them overlap
    const double s = 1e-4;
    const Triangle<double> a{{glm::dvec3(0), glm::dvec3(s, 0, 0), glm::dvec3(0, s, 0)}};
    const Triangle<double> b{{glm::dvec3(0, 0, s), glm::dvec3(s, 0, s), glm::dvec3(0, s, s)}};
    EXPECT_FALSE(TriangleTriangleSat(a, b).hit);
    EXPECT_TRUE(TriangleTriangleMoller(a, b).hit);
    EXPECT_FALSE(TriangleTriangleGuigueDevillers(a, b).hit);
}

TEST(TriangleTrianglePublished, ASegmentCrossingThePlaneOutsideFoolsBothListings)
{
    // b is the segment (1, 1, -1)-(5, 5, 1): it crosses a's plane at (3, 3, 0), outside a. b's
    // zero normal zeroes a's distances to b's plane, so both listings take their coplanar test on
    // a's plane, where b's projection (1, 1)-(5, 5) crosses a: both report an overlap
    const Triangle<double> a{{glm::dvec3(0), glm::dvec3(4, 0, 0), glm::dvec3(0, 4, 0)}};
    const Triangle<double> b{{glm::dvec3(1, 1, -1), glm::dvec3(5, 5, 1), glm::dvec3(3, 3, 0)}};
    const OverlapResult<double> ref = TriangleTriangleSat(a, b);
    EXPECT_FALSE(ref.hit);
    EXPECT_TRUE(TriangleTriangleGuigueDevillers(a, b).hit);
    EXPECT_TRUE(TriangleTriangleMoller(a, b).hit);
    // the reference's separating axis: a's edge (4, 0)-(0, 4) crossed with b's direction
    ASSERT_TRUE(ref.hasSeparatingAxis);
    EXPECT_GT(ref.separatingAxis.x + ref.separatingAxis.y, 0.0);
}

TEST(TriangleTrianglePublished, GuigueDevillersMissesSomeTriangleAgainstItself)
{
    // a triangle against itself is coplanar: the reference hits (depth 0), Moller's EPSILON zeroes
    // the tiny distances and hits, but Guigue-Devillers' rounded orientations of a vertex against
    // its own plane are not 0, so for some triangles it takes a non-coplanar branch and misses
    std::mt19937 rng(1);
    std::uniform_real_distribution<double> u(-1, 2);
    int gdMisses = 0;
    for (int i = 0; i < 200; ++i) {
        const Triangle<double> t{{glm::dvec3(u(rng), u(rng), u(rng)), glm::dvec3(u(rng), u(rng), u(rng)),
                                  glm::dvec3(u(rng), u(rng), u(rng))}};
        const OverlapResult<double> ref = TriangleTriangleSat(t, t);
        ASSERT_TRUE(ref.hit) << i;
        EXPECT_EQ(ref.depth, 0.0) << i;
        EXPECT_TRUE(TriangleTriangleMoller(t, t).hit) << i;
        gdMisses += TriangleTriangleGuigueDevillers(t, t).hit ? 0 : 1;
    }
    EXPECT_GT(gdMisses, 0);
}

TEST(TriangleTriangleExact, TouchingAlongASharedEdgeAtHugeScale)
{
    for (const int k : {0, 800, -800}) {
        const double s = std::ldexp(1.0, k);
        const Triangle<double> a{{glm::dvec3(0), glm::dvec3(4 * s, 0, 0), glm::dvec3(0, 4 * s, 0)}};
        const Triangle<double> b{{glm::dvec3(0), glm::dvec3(4 * s, 0, 0), glm::dvec3(0, 0, 4 * s)}};
        const OverlapResult<double> r = TriangleTriangleSat(a, b);
        EXPECT_TRUE(r.hit) << k;
        EXPECT_EQ(r.depth, 0.0) << k;
        const Triangle<double> lifted{
            {glm::dvec3(0, 0, s * 0x1p-40), glm::dvec3(4 * s, 0, s * 0x1p-40), glm::dvec3(0, 0, 4 * s)}};
        EXPECT_FALSE(TriangleTriangleSat(a, lifted).hit) << k;
    }
}

TEST(TriangleTriangleExact, DepthIsTheShortestSeparatingMove)
{
    // b moved by depth (1 + 1e-6) along the normal is apart (the exact verdict), and moved by
    // depth (1 - 1e-6) along any direction still meets a: the 11 axes give the true minimum
    std::mt19937 rng(6);
    std::uniform_real_distribution<double> u(-1, 2);
    std::normal_distribution<double> g;
    auto point = [&] { return glm::dvec3(u(rng), u(rng), u(rng)); };
    int checked = 0;
    for (int i = 0; i < 5000 && checked < 300; ++i) {
        const Triangle<double> a{{point(), point(), point()}}, b{{point(), point(), point()}};
        const OverlapResult<double> r = TriangleTriangleSat(a, b);
        if (!r.hit || r.depth < 0.01) {
            continue;
        }
        ++checked;
        auto moved = [&](glm::dvec3 d) {
            return Triangle<double>{{b.vertices[0] + d, b.vertices[1] + d, b.vertices[2] + d}};
        };
        EXPECT_FALSE(TriangleTriangleSat(a, moved(r.depth * (1 + 1e-6) * r.normal)).hit) << i;
        EXPECT_TRUE(TriangleTriangleSat(a, moved(r.depth * (1 - 1e-6) * r.normal)).hit) << i;
        for (int k = 0; k < 20; ++k) {
            const glm::dvec3 dir = glm::normalize(glm::dvec3(g(rng), g(rng), g(rng)));
            EXPECT_TRUE(TriangleTriangleSat(a, moved(r.depth * (1 - 1e-6) * dir)).hit) << i << " " << k;
        }
        // the contact is a point of a (it lies in a's plane)
        const glm::dvec3 n = glm::cross(a.vertices[1] - a.vertices[0], a.vertices[2] - a.vertices[0]);
        EXPECT_NEAR(glm::dot(n, r.contact - a.vertices[0]) / glm::length(n), 0.0, 1e-12) << i;
    }
    EXPECT_EQ(checked, 300);
}

TEST(TriangleTriangleTrace, EdgeTestsThenTheChosenAxis)
{
    // the standing triangle: a's first edge meets b (step 0), then the 11 axes, the first (na)
    // chosen, then the depth step
    const Triangle<double> a{{glm::dvec3(0), glm::dvec3(4, 0, 0), glm::dvec3(0, 4, 0)}};
    const Triangle<double> b{{glm::dvec3(1, 1, -1), glm::dvec3(1, 1, 3), glm::dvec3(1, -3, 3)}};
    Trace trace;
    TriangleTriangleSat(a, b, &trace);
    ASSERT_EQ(trace.steps.size(), 13u);
    ASSERT_NE(std::get_if<SegmentPart>(&trace.steps[0].part), nullptr);
    EXPECT_TRUE(std::get_if<SegmentPart>(&trace.steps[0].part)->flag);
    const auto* na = std::get_if<AxisPart>(&trace.steps[1].part);
    ASSERT_NE(na, nullptr);
    EXPECT_EQ(na->label, "na");
    EXPECT_TRUE(na->chosen);
    // a2 x b1: (0, -4, 0) x (0, -4, 0) is zero
    const auto* zero = std::get_if<AxisPart>(&trace.steps[1 + 2 + 3 * 2 + 1].part);
    ASSERT_NE(zero, nullptr);
    EXPECT_EQ(zero->label, "a2 x b1");
    EXPECT_TRUE(zero->skipped);
    EXPECT_EQ(trace.decidingStep, 12);
    EXPECT_NE(trace.verdict.find("cross"), std::string::npos);
}

TEST(TriangleTriangleExact, NanMisses)
{
    const Triangle<float> a{{Vec3<float>(0), Vec3<float>(4, 0, 0), Vec3<float>(0, 4, 0)}};
    const Triangle<float> b{{Vec3<float>(NAN), Vec3<float>(4, 0, 0), Vec3<float>(0, 4, 0)}};
    EXPECT_FALSE(TriangleTriangleSat(a, b).hit);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
