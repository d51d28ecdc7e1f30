// The exact judge of convex_convex (GMP separating axes over the hulls) against the reference
// (core/convex_convex.h: exact signs in double): the same verdict on random, grid-aligned
// (touching) and flat pairs, the depth within an ulp, and hand-worked verdicts and depths.
#include "core/algorithm.h"
#include "core/convex_convex.h"
#include "core/exact/exact.h"
#include "core/exact/exact_triangle.h"
#include "core/exact/hunt.h"
#include "core/exact/hunt_detail.h"
#include "support/case_count.h"

#include <glm/common.hpp>
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using glm::dvec3;

std::vector<dvec3> Cube(dvec3 c, double h)
{
    std::vector<dvec3> p;
    for (int k = 0; k < 8; ++k) {
        p.push_back(c + dvec3((k & 1) ? h : -h, (k & 2) ? h : -h, (k & 4) ? h : -h));
    }
    return p;
}

ExactResult JudgeClouds(const std::vector<dvec3>& a, const std::vector<dvec3>& b)
{
    ExactResult r;
    r.family = Family::AabbAabb; // any overlap family: JudgeConvexes fills the verdict and depth
    exact::JudgeConvexes(r, a, b);
    return r;
}

TEST(ConvexExact, HandWorked)
{
    EXPECT_FALSE(JudgeClouds(Cube({0, 0, 0}, 0.5), Cube({1.5, 0, 0}, 0.5)).hit);
    for (const dvec3 c : {dvec3(1, 0, 0), dvec3(1, 1, 0), dvec3(1, 1, 1)}) {
        const ExactResult r = JudgeClouds(Cube({0, 0, 0}, 0.5), Cube(c, 0.5));
        EXPECT_TRUE(r.hit);
        EXPECT_TRUE(r.exactDepth);
        EXPECT_EQ(r.depth.text, "0");
    }
    const ExactResult over = JudgeClouds(Cube({0, 0, 0}, 0.5), Cube({0.75, 0.1, -0.2}, 0.5));
    EXPECT_EQ(over.depth.text, "1/4");
    // flat: coplanar squares overlapping have depth 0; a point above a square misses
    const std::vector<dvec3> sq{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    EXPECT_EQ(JudgeClouds(sq, {{0.5, 0.5, 0}, {2, 0.5, 0}, {2, 2, 0}}).depth.text, "0");
    EXPECT_FALSE(JudgeClouds(sq, {{0.5, 0.5, 1}}).hit);
    EXPECT_FALSE(JudgeClouds({{0, 0, 0}, {2, 0, 0}}, {{0, 0, 2}, {2, 0, 2}}).hit);
    EXPECT_FALSE(JudgeClouds({{0, 0, 0}, {2, 0, 0}}, {{0, 1, 0}, {2, 1, 0}}).hit);
    EXPECT_TRUE(JudgeClouds({{0, 0, 0}, {2, 0, 0}}, {{1, 0, 0}, {3, 0, 0}}).hit);
}

TEST(ConvexExact, AgreesWithTheReference)
{
    std::mt19937_64 rng(77);
    std::uniform_real_distribution<double> u(-1, 1);
    int hits = 0, misses = 0;
    double worstDepth = 0;
    for (int round = 0; round < 400; ++round) {
        const int kind = round % 4;
        std::vector<dvec3> pa, pb;
        const dvec3 offset(u(rng) * 1.5, u(rng) * 1.5, u(rng) * 1.5);
        for (int k = 0; k < 1 + round % 8; ++k) {
            dvec3 x(u(rng), u(rng), u(rng)), y(u(rng), u(rng), u(rng));
            y += offset;
            if (kind == 1) { // on a grid of halves: faces, edges and corners touch
                x = glm::floor(x * 2.0) * 0.5;
                y = glm::floor(y * 2.0) * 0.5;
            }
            if (kind == 2) { // flat
                x.z = 0;
                y.z = 0;
            }
            pa.push_back(x);
            pb.push_back(y);
        }
        const ExactResult e = JudgeClouds(pa, pb);
        const auto ref = detail::ConvexConvexSatHulls(BuildConvexHull(pa), BuildConvexHull(pb), nullptr);
        ASSERT_EQ(e.hit, ref.r.hit) << "round " << round;
        (e.hit ? hits : misses)++;
        if (e.hit) {
            worstDepth = std::max(worstDepth, UlpError(e.depth.value, ref.r.depth, Precision::Double));
        }
    }
    std::printf("convex_convex reference depth: worst %g ulp over %d hits (%d misses)\n", worstDepth, hits, misses);
    EXPECT_GT(hits, 60);
    EXPECT_GT(misses, 60);
    EXPECT_LE(worstDepth, 4);
}

TEST(ConvexExact, HuntDrawsJudgedAlikeByTheReferenceTheJudgeAndIntervals)
{
    // the hunt's convex_convex draws (touching boxes, shared points, flat hulls, far clouds, float
    // rounded): the reference's verdict is the judge's, and so is the interval fast path's
    for (const Precision precision : {Precision::Double, Precision::Float}) {
        hunt::Rng rng(25);
        std::map<std::string, int> distributions;
        int hits = 0, touching = 0;
        const int count = test::CaseCount(400, 200);
        for (int i = 0; i < count; ++i) {
            const char* what = "";
            const Query q = hunt::Draw(Family::ConvexConvex, rng, precision, std::nullopt, &what);
            ASSERT_TRUE(QueryShapesMatch(q)) << what;
            ++distributions[what];
            const ExactResult e = JudgeExact(q);
            ASSERT_TRUE(e.valid) << what;
            const Result ref = hitlab::Run(ReferenceAlgorithm(Family::ConvexConvex), q, Precision::Double);
            ASSERT_EQ(ref.hit, e.hit) << what << ": " << DescribeQuery(q);
            if (const auto fast = FastVerdict(q)) {
                ASSERT_EQ(*fast, e.hit) << what;
            }
            hits += e.hit;
            touching += e.hit && e.hasDistance;
            // a distance exactly where the judge has one, and within an ulp of it
            ASSERT_EQ(ref.hasDistance, e.hasDistance) << what << ": " << DescribeQuery(q);
            if (e.hasDistance) {
                EXPECT_LE(UlpError(e.distance.value, ref.distance, Precision::Double), 1.0) << what;
            }
        }
        EXPECT_EQ(distributions.size(), 7u);
        EXPECT_GT(hits, count / 5);
        EXPECT_GT(touching, count / 20);
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
