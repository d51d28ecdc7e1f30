// Tests of core/convex_convex.h (the reference on hulls) and core/convex_distance.h: hand-worked
// boxes, tetrahedra and flat pairs (apart, touching at a face, an edge or a corner, overlapping),
// and on random pairs two independent exact verdicts (separating planes, shared points) agreeing.
#include "core/convex_convex.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

ConvexHull Box(glm::dvec3 center, double h)
{
    std::vector<glm::dvec3> p;
    for (int k = 0; k < 8; ++k) {
        p.push_back(center + glm::dvec3((k & 1) ? h : -h, (k & 2) ? h : -h, (k & 4) ? h : -h));
    }
    return BuildConvexHull(p);
}

detail::ConvexOverlap RunPair(const ConvexHull& a, const ConvexHull& b)
{
    Trace trace;
    const detail::ConvexOverlap traced = detail::ConvexConvexSatHulls(a, b, &trace);
    const detail::ConvexOverlap plain = detail::ConvexConvexSatHulls(a, b, nullptr);
    EXPECT_EQ(traced.r.hit, plain.r.hit);
    EXPECT_EQ(traced.r.depth, plain.r.depth);
    EXPECT_FALSE(trace.steps.empty());
    return plain;
}

TEST(ConvexConvexSat, BoxesHalfApart)
{
    const auto o = RunPair(Box({0, 0, 0}, 0.5), Box({1.5, 0, 0}, 0.5));
    EXPECT_FALSE(o.r.hit);
    EXPECT_EQ(o.closest.distance, 0.5);
    EXPECT_EQ(o.closest.a.x, 0.5);
    EXPECT_EQ(o.closest.b.x, 1.0);
    ASSERT_TRUE(o.r.hasSeparatingAxis);
    EXPECT_EQ(o.r.separatingAxis, glm::dvec3(1, 0, 0));
}

TEST(ConvexConvexSat, BoxesDiagonallyApart)
{
    const auto o = RunPair(Box({0, 0, 0}, 0.5), Box({2, 2, 0}, 0.5));
    EXPECT_FALSE(o.r.hit);
    EXPECT_EQ(o.closest.distance, std::sqrt(2.0));
    EXPECT_EQ(o.closest.a.x, 0.5);
    EXPECT_EQ(o.closest.a.y, 0.5);
}

TEST(ConvexConvexSat, BoxesTouchingFaceEdgeCorner)
{
    for (const glm::dvec3 c :
         {glm::dvec3(1, 0, 0), glm::dvec3(1, 1, 0), glm::dvec3(1, 1, 1), glm::dvec3(0, -1, 0.25)}) {
        const auto o = RunPair(Box({0, 0, 0}, 0.5), Box(c, 0.5));
        EXPECT_TRUE(o.r.hit) << c.x << " " << c.y << " " << c.z;
        EXPECT_EQ(o.r.depth, 0.0);
        EXPECT_EQ(o.closest.distance, 0.0);
        // the contact lies in both closed boxes
        EXPECT_LE(glm::length(glm::max(glm::abs(o.r.contact) - 0.5, 0.0)), 0.0);
        EXPECT_LE(glm::length(glm::max(glm::abs(o.r.contact - c) - 0.5, 0.0)), 0.0);
    }
    // just apart: the next double beyond 1
    const auto o = RunPair(Box({0, 0, 0}, 0.5), Box({std::nextafter(1.0, 2.0), 0, 0}, 0.5));
    EXPECT_FALSE(o.r.hit);
}

TEST(ConvexConvexSat, BoxesOverlapping)
{
    const auto o = RunPair(Box({0, 0, 0}, 0.5), Box({0.75, 0.1, -0.2}, 0.5));
    EXPECT_TRUE(o.r.hit);
    EXPECT_EQ(o.r.depth, 0.25);
    EXPECT_EQ(o.r.normal, glm::dvec3(1, 0, 0));
    // b wholly inside a: the least push is the nearest face plus b's extent
    const auto in = RunPair(Box({0, 0, 0}, 2), Box({1, 0, 0}, 0.5));
    EXPECT_TRUE(in.r.hit);
    EXPECT_EQ(in.r.depth, 1.5);
    EXPECT_EQ(in.r.normal, glm::dvec3(1, 0, 0));
}

TEST(ConvexConvexSat, TetrahedraEdgeToEdge)
{
    // a's top edge along x at z = 1, b's bottom edge along y at z = 1 + g: apart by g exactly
    // along z, separated only by an edge x edge plane
    const ConvexHull a = BuildConvexHull({{-1, 0, 1}, {1, 0, 1}, {0, -1, 0}, {0, 1, 0}});
    for (const double g : {0.25, 0.0, -0.25}) {
        const ConvexHull b = BuildConvexHull({{0, -1, 1 + g}, {0, 1, 1 + g}, {-1, 0, 2 + g}, {1, 0, 2 + g}});
        const auto o = RunPair(a, b);
        EXPECT_EQ(o.r.hit, g <= 0) << g;
        if (g > 0) {
            EXPECT_EQ(o.closest.distance, g);
            EXPECT_EQ(o.r.separatingAxis, glm::dvec3(0, 0, 1));
        } else {
            EXPECT_EQ(o.r.depth, -g);
            EXPECT_EQ(o.r.normal, glm::dvec3(0, 0, 1));
        }
    }
}

TEST(ConvexConvexSat, FlatPairs)
{
    // coplanar squares in z = 0: overlapping (depth 0 along the plane normal), touching, apart
    const ConvexHull sq = BuildConvexHull({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}});
    const auto over = RunPair(sq, BuildConvexHull({{0.5, 0.5, 0}, {2, 0.5, 0}, {2, 2, 0}, {0.5, 2, 0}}));
    EXPECT_TRUE(over.r.hit);
    EXPECT_EQ(over.r.depth, 0.0);
    EXPECT_EQ(std::abs(over.r.normal.z), 1.0);
    EXPECT_TRUE(RunPair(sq, BuildConvexHull({{1, 0, 0}, {2, 0, 0}, {2, 1, 0}})).r.hit);
    const auto apart = RunPair(sq, BuildConvexHull({{1.5, 0, 0}, {2, 0, 0}, {2, 1, 0}}));
    EXPECT_FALSE(apart.r.hit);
    EXPECT_EQ(apart.closest.distance, 0.5);
    // collinear segments, apart and overlapping; a point on a segment and beside it
    EXPECT_FALSE(RunPair(BuildConvexHull({{0, 0, 0}, {1, 1, 1}}), BuildConvexHull({{2, 2, 2}, {3, 3, 3}})).r.hit);
    EXPECT_TRUE(RunPair(BuildConvexHull({{0, 0, 0}, {2, 2, 2}}), BuildConvexHull({{1, 1, 1}, {3, 3, 3}})).r.hit);
    EXPECT_TRUE(RunPair(BuildConvexHull({{0, 0, 0}, {2, 2, 2}}), BuildConvexHull({{0.5, 0.5, 0.5}})).r.hit);
    const auto beside = RunPair(BuildConvexHull({{0, 0, 0}, {2, 0, 0}}), BuildConvexHull({{1, 3, 0}}));
    EXPECT_FALSE(beside.r.hit);
    EXPECT_EQ(beside.closest.distance, 3.0);
    // parallel segments one above the other, and a point above a square
    const auto par = RunPair(BuildConvexHull({{0, 0, 0}, {2, 0, 0}}), BuildConvexHull({{0, 0, 2}, {2, 0, 2}}));
    EXPECT_FALSE(par.r.hit);
    EXPECT_EQ(par.closest.distance, 2.0);
    EXPECT_FALSE(RunPair(sq, BuildConvexHull({{0.5, 0.5, 1}})).r.hit);
    EXPECT_TRUE(RunPair(sq, BuildConvexHull({{0.5, 0.5, 0}})).r.hit);
    EXPECT_TRUE(RunPair(BuildConvexHull({{1, 2, 3}}), BuildConvexHull({{1, 2, 3}})).r.hit);
}

TEST(ConvexConvexSat, VerdictsAgreeWithSharedPoints)
{
    // two independent exact verdicts: a separating plane exists / a shared point exists
    std::mt19937_64 rng(2525);
    std::uniform_real_distribution<double> u(-1, 1);
    int hits = 0;
    for (int round = 0; round < 600; ++round) {
        const int kind = round % 4; // clouds, grid clouds (touching often), flat clouds, tiny pairs
        std::vector<glm::dvec3> pa, pb;
        const glm::dvec3 offset(u(rng) * 1.5, u(rng) * 1.5, u(rng) * 1.5);
        const int n = 1 + round % 9;
        for (int k = 0; k < n; ++k) {
            glm::dvec3 x(u(rng), u(rng), u(rng)), y(u(rng), u(rng), u(rng));
            if (kind == 1) {
                x = glm::floor(x * 2.0);
                y = glm::floor(y * 2.0) + glm::floor(offset * 2.0);
            } else {
                y += offset;
            }
            if (kind == 2) {
                x.z = 0;
                y.z = 0;
            }
            pa.push_back(x);
            pb.push_back(y);
        }
        const ConvexHull a = BuildConvexHull(pa), b = BuildConvexHull(pb);
        const auto o = detail::ConvexConvexSatHulls(a, b, nullptr);
        EXPECT_EQ(o.r.hit, detail::HullsMeetAt(a, b).has_value()) << "round " << round;
        hits += o.r.hit;
        if (!o.r.hit) {
            EXPECT_GT(o.closest.distance, 0.0);
            // the separating axis separates the closest points' projections the right way
            EXPECT_GT(glm::dot(o.closest.b - o.closest.a, o.r.separatingAxis), 0.0);
        }
    }
    EXPECT_GT(hits, 100);
    EXPECT_LT(hits, 500);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
