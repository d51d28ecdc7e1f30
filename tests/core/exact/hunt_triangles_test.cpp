// Tests of the hunt's triangle and mesh draws (core/exact/hunt_triangles.cpp, hunt_meshes.cpp):
// every draw is a valid query of its family, the interval fast path never disagrees with the exact
// judge on them, they land on edges, corners and planes often (the exact answer on the hit/miss
// boundary), and a hunt finds the flaw of a published triangle test.
#include "core/exact/exact.h"
#include "core/exact/hunt.h"
#include "core/exact/hunt_detail.h"

#include <gtest/gtest.h>

#include <map>

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(HuntTriangles, DrawsAreValidDecidedRightAndOftenOnTheBoundary)
{
    for (Family family : {Family::RayTriangle, Family::SegmentTriangle, Family::RayMesh, Family::AabbTriangle,
                          Family::SphereTriangle, Family::TriangleTriangle}) {
        hunt::Rng rng(11);
        int hits = 0, boundary = 0, decided = 0;
        std::map<std::string, int> distributions;
        const int n = family == Family::RayMesh ? 600 : 1500;
        for (int i = 0; i < n; ++i) {
            const char* what = "";
            const Query q = hunt::Draw(family, rng, Precision::Double, std::nullopt, &what);
            ASSERT_EQ(q.family, family);
            ASSERT_TRUE(QueryShapesMatch(q)) << what;
            ++distributions[what];
            const ExactResult r = JudgeExact(q);
            ASSERT_TRUE(r.valid) << what;
            if (const auto fast = FastVerdict(q)) {
                ASSERT_EQ(*fast, r.hit) << FamilyName(family) << ": " << what << ", " << DescribeQuery(q);
                ++decided;
            }
            hits += r.hit ? 1 : 0;
            const auto values = ComparisonValues(r, q, Precision::Double);
            boundary += values && values->onBoundary ? 1 : 0;
        }
        SCOPED_TRACE(FamilyName(family));
        EXPECT_GT(hits, n / 5);
        EXPECT_LT(hits, n - n / 10);
        EXPECT_GT(boundary, n / 20); // edges, corners, touching, planes: the cases that break code
        EXPECT_GT(decided, n / 3);
        EXPECT_GE(distributions.size(), 6u);
    }
}

TEST(HuntTriangles, FindsMollersTriangleTriangleFlaw)
{
    HuntOptions o;
    o.family = Family::TriangleTriangle;
    o.a = "moller";
    o.maxCases = 200000;
    o.maxSeconds = 10;
    o.seed = 7;
    o.maxCounterexamples = 1;
    o.valueUlps = 0;
    const HuntReport report = RunHunt(o);
    ASSERT_TRUE(report.error.what.empty()) << report.error;
    ASSERT_FALSE(report.counterexamples.empty());
    const Counterexample& c = report.counterexamples[0];
    EXPECT_NE(c.a.hit, c.exact.hit);
    EXPECT_FALSE(c.distribution.empty());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
