// Tests of core/ray_fan.h: the grid, the classification and the batched slab_branchless.
#include "core/ray_fan.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(RayFan, BoxSeenFromOutsideHitsInTheMiddleAndMissesAtTheCorners)
{
    RayFanOptions o;
    o.origin = {0.5, 0.5, -5};
    o.target = Aabb<double>{{0, 0, 0}, {1, 1, 1}};
    o.n = 64;
    const RayFan fan = ComputeRayFan(o);
    ASSERT_TRUE(fan.error.empty()) << fan.error;
    ASSERT_EQ(fan.samples.size(), 64u * 64u);
    EXPECT_EQ(fan.algorithms.size(), AlgorithmsOf(Family::RayAabb).size());
    const FanSample& middle = fan.samples[32 * 64 + 32];
    EXPECT_EQ(fan.Class(middle), FanClass::AllHit);
    EXPECT_FLOAT_EQ(middle.z, 0.0f); // the hit point on the near face
    EXPECT_EQ(fan.Class(fan.samples[0]), FanClass::AllMiss);
    EXPECT_EQ(fan.Class(fan.samples[64 * 64 - 1]), FanClass::AllMiss);
}

TEST(RayFan, OriginInsideMakesEveryRayDisagreeForSixFaces)
{
    RayFanOptions o;
    o.origin = {0.5, 0.25, 0.5};
    o.target = Aabb<double>{{0, 0, 0}, {1, 1, 1}};
    o.n = 16;
    o.algorithms = {FindAlgorithm(Family::RayAabb, "slab_branchless"), FindAlgorithm(Family::RayAabb, "six_faces")};
    const RayFan fan = ComputeRayFan(o);
    ASSERT_TRUE(fan.error.empty());
    EXPECT_EQ(fan.disagreements, fan.samples.size());
    for (const FanSample& s : fan.samples) {
        EXPECT_EQ(s.hitMask, 1u); // slab_branchless (bit 0, batched kernel) hits, six_faces misses
    }
}

TEST(RayFan, SphereAndErrors)
{
    RayFanOptions o;
    o.origin = {0, 0, -4};
    o.target = Sphere<double>{{0, 0, 0}, 1};
    o.n = 32;
    o.precision = Precision::Double;
    const RayFan fan = ComputeRayFan(o);
    ASSERT_TRUE(fan.error.empty());
    EXPECT_EQ(fan.family, Family::RaySphere);
    EXPECT_EQ(fan.Class(fan.samples[16 * 32 + 16]), FanClass::AllHit);
    o.n = 2000;
    EXPECT_FALSE(ComputeRayFan(o).error.empty());
    o.n = 8;
    o.target = Ray<double>{};
    EXPECT_FALSE(ComputeRayFan(o).error.empty());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
