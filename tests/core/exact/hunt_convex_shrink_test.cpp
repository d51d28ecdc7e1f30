// Tests of the hunt's shrinking of convex shapes (core/exact/hunt_shrink.cpp): a convex shape's
// points really change, its float copy and hulls are rebuilt before each judgement, and a float hunt
// only reports float inputs (issue 25: a float hunt of sat_reference reported far clouds whose
// shrunk points were not floats, so the exact judge and sat_reference judged different inputs).
#include "core/convex.h"
#include "core/exact/exact.h"
#include "core/exact/hunt.h"
#include "core/exact/hunt_detail.h"
#include "support/case_count.h"

#include <gtest/gtest.h>

#include <cmath>

namespace hitlab {
namespace HITLAB_UNITY_ID {

bool FloatPointsMatch(const Shape& shape)
{
    const ConvexData& d = *std::get<Convex<double>>(shape).data;
    if (d.floatPoints.size() != d.points.size()) {
        return false;
    }
    for (size_t i = 0; i < d.points.size(); ++i) {
        if (d.floatPoints[i] != glm::vec3(d.points[i])) {
            return false;
        }
    }
    return true;
}

TEST(HuntConvexShrink, PointsShrinkAndTheirFloatCopyFollows)
{
    const Query messy{Family::ConvexConvex,
                      Convex<double>{MakeConvexData({{0.8125, 1.3125, 3.5625}, {5.1875, 0.4375, 2.6875}})},
                      Convex<double>{MakeConvexData({{7.0625, 6.1875, 0.5625}})}};
    // "disagrees" while a's first x is at least 0.5 and every point's float copy is its own
    const Query shrunk = ShrinkQuery(messy, [](const Query& q) {
        return std::get<Convex<double>>(q.a).data->points[0].x >= 0.5 && FloatPointsMatch(q.a) && FloatPointsMatch(q.b);
    });
    const auto& a = std::get<Convex<double>>(shrunk.a).data->points;
    const auto& b = std::get<Convex<double>>(shrunk.b).data->points;
    ASSERT_EQ(a.size(), 2u);
    ASSERT_EQ(b.size(), 1u);
    EXPECT_EQ(a[0], glm::dvec3(1, 0, 0)) << DescribeQuery(shrunk);
    EXPECT_EQ(a[1], glm::dvec3(0, 0, 0)) << DescribeQuery(shrunk);
    EXPECT_EQ(b[0], glm::dvec3(0, 0, 0)) << DescribeQuery(shrunk);
    EXPECT_TRUE(FloatPointsMatch(shrunk.a));
    EXPECT_TRUE(FloatPointsMatch(shrunk.b));
}

TEST(HuntConvexShrink, RoundToFloatRoundsAConvexShapesPoints)
{
    // 103079215102.32422 is 2^36 * 1.5 - 1.67578: between the floats 103079215104 - 8192 and
    // 103079215104 (a float's step there is 2^13), nearest the latter
    const Query q{Family::ConvexConvex, Convex<double>{MakeConvexData({{103079215102.32422, -0.75, 0.1}})},
                  Convex<double>{MakeConvexData({{0.1, 0, 0}})}};
    const Query r = hunt::RoundToFloat(q);
    const ConvexData& a = *std::get<Convex<double>>(r.a).data;
    EXPECT_EQ(a.points[0], glm::dvec3(103079215104.0, -0.75, 0.100000001490116119384765625));
    EXPECT_EQ(std::get<Convex<double>>(r.b).data->points[0].x, 0.100000001490116119384765625);
    EXPECT_TRUE(FloatPointsMatch(r.a));
}

// The reported case: seed 1, 2 threads, float, far clouds. Every reported query is made of floats
// and its disagreement holds when the query is judged afresh.
TEST(HuntConvexShrink, FloatHuntOfSatReferenceReportsOnlyFloatInputs)
{
    HuntOptions o;
    o.family = Family::ConvexConvex;
    o.a = "sat_reference";
    o.precision = Precision::Float;
    o.seed = 1;
    o.threads = 2;
    o.maxCases = std::uint64_t(test::CaseCount(4000, 400));
    o.maxSeconds = 0;
    const HuntReport report = RunHunt(o);
    ASSERT_TRUE(report.error.what.empty()) << report.error.what;
    for (const Counterexample& c : report.counterexamples) {
        for (const Shape* shape : {&c.query.a, &c.query.b}) {
            for (const glm::dvec3& p : std::get<Convex<double>>(*shape).data->points) {
                for (int i = 0; i < 3; ++i) {
                    EXPECT_EQ(p[i], double(float(p[i]))) << c.cause << ": " << DescribeQuery(c.query);
                }
            }
        }
        // rebuilt from its points: what the algorithm and the judge see of the reported text
        const Query fresh{c.query.family,
                          Convex<double>{MakeConvexData(std::get<Convex<double>>(c.query.a).data->points)},
                          Convex<double>{MakeConvexData(std::get<Convex<double>>(c.query.b).data->points)}};
        EXPECT_TRUE(HuntDisagrees(o, fresh)) << c.cause << ": " << DescribeQuery(c.query);
        EXPECT_NE(c.cause, "hits where exact misses") << DescribeQuery(c.query);
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
