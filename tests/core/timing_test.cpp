// Tests of core/timing.h: every algorithm of every family present is timed, and perturbed
// queries stay valid.
#include "core/timing.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(Timing, TimesEveryAlgorithmOfEveryFamilyPresent)
{
    const std::vector<Query> queries{
        {Family::RayAabb, Ray<double>{{-1, 0.5, 0.5}, {1, 0, 0}}, Aabb<double>{{0, 0, 0}, {1, 1, 1}}},
        {Family::SphereSphere, Sphere<double>{{0, 0, 0}, 1}, Sphere<double>{{1.5, 0, 0}, 1}}};
    TimingOptions o;
    o.rounds = 3;
    o.workload = 256;
    const std::vector<FamilyTiming> t = TimeQueries(queries, o);
    ASSERT_EQ(t.size(), 2u);
    EXPECT_EQ(t[0].family, Family::RayAabb);
    EXPECT_EQ(t[1].family, Family::SphereSphere);
    EXPECT_EQ(t[0].algorithms.size(), AlgorithmsOf(Family::RayAabb).size());
    EXPECT_EQ(t[0].sceneQueries, 1u);
    EXPECT_EQ(t[0].workload, 256u);
    for (const FamilyTiming& f : t) {
        for (const AlgorithmTiming& a : f.algorithms) {
            EXPECT_GT(a.minNs, 0);
            EXPECT_LE(a.minNs, a.medianNs);
        }
    }
    EXPECT_GT(t[0].algorithms[0].hits, 200u); // the reference hits the perturbed copies too
}

TEST(Timing, PerturbedQueriesStayValid)
{
    std::uint64_t state = 5;
    const Query q{Family::AabbAabb, Aabb<double>{{0, 0, 0}, {0, 1, 1}}, Aabb<double>{{1, 1, 1}, {2, 2, 2}}};
    for (int i = 0; i < 100; ++i) {
        const Query p = PerturbQuery(q, 0.5, state);
        const auto& a = std::get<Aabb<double>>(p.a);
        EXPECT_LE(a.min.x, a.max.x);
        EXPECT_LE(a.min.y, a.max.y);
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
