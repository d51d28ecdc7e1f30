// Bullet's ray/triangle test (btTriangleRaycastCallback, plugins/bullet) through PluginProgram, in
// double: hand-checked hits, its edge tolerance and the plane cases its conventions declare.
#include "app/sources/plugin/plugin_program.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

namespace hitlab {
namespace HITLAB_UNITY_ID {

const std::string kBulletPlugin = std::string(HITLAB_ENGINE_PLUGIN_DIR) + "/bullet.so";

class BulletTriangle : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (!std::filesystem::exists(kBulletPlugin)) {
            GTEST_SKIP() << "bullet.so was not built (libbullet-dev was missing at configure time)";
        }
        setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
        ASSERT_EQ(plugin.Start(), "");
    }

    /// The answer of bullet_triangle_raycast in family to a (a ray or a segment) against tri.
    Result Run(Family family, const Shape& a, const Triangle<double>& tri)
    {
        std::size_t algorithm = plugin.Algorithms().size();
        for (std::size_t i = 0; i < plugin.Algorithms().size(); ++i) {
            if (plugin.Algorithms()[i].family == family && plugin.Algorithms()[i].name == "bullet_triangle_raycast") {
                algorithm = i;
            }
        }
        EXPECT_LT(algorithm, plugin.Algorithms().size());
        const Query q{family, a, tri};
        std::vector<Result> out(1);
        EXPECT_TRUE(plugin.Run(algorithm, Precision::Double, std::span<const Query>(&q, 1), out).empty());
        return out[0];
    }

    PluginProgram plugin{kBulletPlugin};
};

/// Its hypotenuse is x + y = 4 in z = 0, its height across it 2 sqrt(2).
const Triangle<double> kTriangle{{glm::dvec3(0, 0, 0), glm::dvec3(4, 0, 0), glm::dvec3(0, 4, 0)}};

TEST_F(BulletTriangle, ASegmentThroughTheInteriorHitsHalfway)
{
    // dist_a = 80 and dist_b = -80 (n = (0, 0, 16)): the fraction 80 / 160 = 0.5 exactly
    const Result r = Run(Family::SegmentTriangle, Segment<double>{{1, 1, 5}, {1, 1, -5}}, kTriangle);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, 0.5);
    EXPECT_EQ(r.tExit, 0.5);
    EXPECT_EQ(r.point, glm::dvec3(1, 1, 0));
    EXPECT_EQ(r.normal, glm::dvec3(0, 0, 1));
    EXPECT_TRUE(r.hasFront);
    EXPECT_TRUE(r.front);
    // from below: the back face, the winding normal kept (kF_KeepUnflippedNormal)
    const Result back = Run(Family::SegmentTriangle, Segment<double>{{1, 1, -5}, {1, 1, 5}}, kTriangle);
    ASSERT_TRUE(back.hit);
    EXPECT_EQ(back.normal, glm::dvec3(0, 0, 1));
    EXPECT_FALSE(back.front);
}

TEST_F(BulletTriangle, ARayIsASegmentOfLength1000)
{
    const Result r = Run(Family::RayTriangle, Ray<double>{{1, 1, 5}, {0, 0, -1}}, kTriangle);
    ASSERT_TRUE(r.hit);
    EXPECT_NEAR(r.tEnter, 5, 1e-12); // the fraction 5 / 1000 times 1000
    EXPECT_FALSE(Run(Family::RayTriangle, Ray<double>{{1, 1, 1001}, {0, 0, -1}}, kTriangle).hit);
}

TEST_F(BulletTriangle, ItsEdgeToleranceHitsJustOutsideAnEdge)
{
    // (2.0001, 2.0001) lies 1.4e-4 outside the hypotenuse, within Bullet's tolerance there
    // (1e-4 |n|^2 / (|n| |edge|) = 1e-4 * 16 / 5.66 = 2.8e-4): it hits (the exact answer is a miss)
    EXPECT_TRUE(
        Run(Family::SegmentTriangle, Segment<double>{{2.0001, 2.0001, 1}, {2.0001, 2.0001, -1}}, kTriangle).hit);
    EXPECT_FALSE(Run(Family::SegmentTriangle, Segment<double>{{2.001, 2.001, 1}, {2.001, 2.001, -1}}, kTriangle).hit);
}

TEST_F(BulletTriangle, AnEndOnThePlaneAndARayInThePlaneMiss)
{
    EXPECT_FALSE(Run(Family::SegmentTriangle, Segment<double>{{1, 1, 0}, {1, 1, -1}}, kTriangle).hit);
    EXPECT_FALSE(Run(Family::SegmentTriangle, Segment<double>{{1, 1, 1}, {1, 1, 0}}, kTriangle).hit);
    EXPECT_FALSE(Run(Family::RayTriangle, Ray<double>{{-1, 1, 0}, {1, 0, 0}}, kTriangle).hit);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
