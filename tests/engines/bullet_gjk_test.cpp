// Bullet's GJK + EPA (btGjkEpaSolver2::Penetration, bullet_gjk_epa) and its GJK pair detector
// (btGjkPairDetector with EPA, bullet_gjk_pair) through PluginProgram: the normal's direction and
// frame, the collision margin's rounding of box edges and corners, and the touching cases, each
// on a hand-worked case.
#include "app/sources/plugin/plugin_program.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

const std::string kBulletPlugin = std::string(HITLAB_ENGINE_PLUGIN_DIR) + "/bullet.so";

class BulletGjk : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (!std::filesystem::exists(kBulletPlugin)) {
            GTEST_SKIP() << "bullet.so was not built (libbullet-dev was missing at configure time)";
        }
        setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
        ASSERT_EQ(plugin.Start(), "");
    }

    /// The answer of algorithm name in family to (a, b).
    Result Run(const std::string& name, Family family, const Shape& a, const Shape& b,
               Precision precision = Precision::Double)
    {
        std::size_t algorithm = plugin.Algorithms().size();
        for (std::size_t i = 0; i < plugin.Algorithms().size(); ++i) {
            if (plugin.Algorithms()[i].family == family && plugin.Algorithms()[i].name == name) {
                algorithm = i;
            }
        }
        EXPECT_LT(algorithm, plugin.Algorithms().size()) << name;
        const Query q{family, a, b};
        std::vector<Result> out(1);
        EXPECT_TRUE(plugin.Run(algorithm, precision, std::span<const Query>(&q, 1), out).empty());
        return out[0];
    }

    PluginProgram plugin{kBulletPlugin};
};

const char* const kAlgorithms[] = {"bullet_gjk_epa", "bullet_gjk_pair"};
const Aabb<double> kUnit{{0, 0, 0}, {1, 1, 1}};
/// Bullet's default collision margin for these boxes (CONVEX_DISTANCE_MARGIN; 0.1 x 0.5 is larger)
constexpr double kMargin = 0.04;

TEST_F(BulletGjk, BoxesApartMissAndOverlappingFacesGiveTheWayBMovesOut)
{
    for (const char* name : kAlgorithms) {
        SCOPED_TRACE(name);
        EXPECT_FALSE(Run(name, Family::AabbAabb, kUnit, Aabb<double>{{1.5, 0, 0}, {2.5, 1, 1}}).hit);
        for (Precision precision : {Precision::Double, Precision::Float}) {
            // overlap by 0.25 on x: b moves out along +x (faces are not rounded: the depth is exact)
            const Result right =
                Run(name, Family::AabbAabb, kUnit, Aabb<double>{{0.75, 0, 0}, {1.75, 1, 1}}, precision);
            ASSERT_TRUE(right.hit);
            EXPECT_NEAR(right.depth, 0.25, 1e-9);
            EXPECT_NEAR(right.normal.x, 1, 1e-9);
            const Result left =
                Run(name, Family::AabbAabb, kUnit, Aabb<double>{{-0.75, 0, 0}, {0.25, 1, 1}}, precision);
            ASSERT_TRUE(left.hit);
            EXPECT_NEAR(left.normal.x, -1, 1e-9);
        }
    }
}

TEST_F(BulletGjk, TheMarginRoundsATurnedBoxsEdgeAndTheNormalIsInTheWorld)
{
    // a turned 45 degrees about z (half extent 0.5) reaches x = 0.5 sqrt(2) with its vertical edge,
    // 0.2071 into b = the unit cube centred at (1, 0, 0). Bullet's margin rounds that edge: the
    // inner box (half 0.46) reaches 0.46 sqrt(2), plus the margin 0.04, so the depth is
    // 0.46 sqrt(2) + 0.04 - 0.5 = 0.1905. The normal is +x in the world (in a's frame it would be
    // (0.707, -0.707, 0)): the plugin turns Penetration's normal out of a's frame.
    const double s = std::sqrt(0.5);
    const Obb<double> a{{0, 0, 0}, {0.5, 0.5, 0.5}, {glm::dvec3(s, s, 0), glm::dvec3(-s, s, 0), glm::dvec3(0, 0, 1)}};
    const Obb<double> b{{1, 0, 0}, {0.5, 0.5, 0.5}};
    for (const char* name : kAlgorithms) {
        SCOPED_TRACE(name);
        const Result r = Run(name, Family::ObbObb, a, b);
        ASSERT_TRUE(r.hit);
        EXPECT_NEAR(r.depth, (0.5 - kMargin) * std::sqrt(2.0) + kMargin - 0.5, 1e-9);
        EXPECT_NEAR(r.normal.x, 1, 1e-9);
        EXPECT_NEAR(r.normal.y, 0, 1e-9);
        // moved to x = 1.2: the sharp edge would overlap by 0.0071, the rounded one is apart
        EXPECT_FALSE(Run(name, Family::ObbObb, a, Obb<double>{{1.2, 0, 0}, {0.5, 0.5, 0.5}}).hit);
    }
}

TEST_F(BulletGjk, ABallAtARoundedCornerAndTwoBalls)
{
    // radius 0.9 at (-0.5, -0.5, -0.5): the sharp corner (0, 0, 0) is sqrt(0.75) away (depth 0.034);
    // the rounded corner's centre (0.04, 0.04, 0.04) is 0.54 sqrt(3) away, its surface 0.04 nearer
    const double expected = 0.9 - (0.54 * std::sqrt(3.0) - kMargin);
    for (const char* name : kAlgorithms) {
        SCOPED_TRACE(name);
        const Result r = Run(name, Family::SphereAabb, Sphere<double>{{-0.5, -0.5, -0.5}, 0.9}, kUnit);
        ASSERT_TRUE(r.hit);
        EXPECT_NEAR(r.depth, expected, 1e-8);
        EXPECT_NEAR(r.normal.x, std::sqrt(1.0 / 3.0), 1e-4);
        // unit balls 1.5 apart overlap by 0.5 along +x; 2.5 apart they miss
        const Result balls =
            Run(name, Family::SphereSphere, Sphere<double>{{0, 0, 0}, 1}, Sphere<double>{{1.5, 0, 0}, 1});
        ASSERT_TRUE(balls.hit);
        EXPECT_NEAR(balls.depth, 0.5, 1e-8);
        EXPECT_NEAR(balls.normal.x, 1, 1e-8);
        EXPECT_FALSE(Run(name, Family::SphereSphere, Sphere<double>{{0, 0, 0}, 1}, Sphere<double>{{2.5, 0, 0}, 1}).hit);
    }
}

TEST_F(BulletGjk, TouchingBoxesAsDeclared)
{
    const Aabb<double> faceToFace{{1, 0, 0}, {2, 1, 1}};
    const Aabb<double> offsetFaces{{1, 0.3, 0.2}, {2, 1.3, 1.2}};
    const Aabb<double> cornerToCorner{{1, 1, 1}, {2, 2, 2}};
    // face to face, aligned: both hit with depth (about) 0 along +x
    for (const char* name : kAlgorithms) {
        SCOPED_TRACE(name);
        const Result r = Run(name, Family::AabbAabb, kUnit, faceToFace);
        ASSERT_TRUE(r.hit);
        EXPECT_LT(r.depth, 1e-15);
        EXPECT_NEAR(r.normal.x, 1, 1e-12);
        // rounded corners do not touch
        EXPECT_FALSE(Run(name, Family::AabbAabb, kUnit, cornerToCorner).hit);
    }
    // offset faces: EPA misses, the pair detector hits
    EXPECT_FALSE(Run("bullet_gjk_epa", Family::AabbAabb, kUnit, offsetFaces).hit);
    EXPECT_TRUE(Run("bullet_gjk_pair", Family::AabbAabb, kUnit, offsetFaces).hit);
}

TEST_F(BulletGjk, ThePairDetectorGivesTheDistanceAndClosestPointsOfSeparatedSolids)
{
    // unit boxes 0.5 apart on x: distance 0.5 between the faces x = 1 and x = 1.5 (faces are not
    // rounded by the margin); GJK's points lie on those faces
    const Result boxes = Run("bullet_gjk_pair", Family::AabbAabb, kUnit, Aabb<double>{{1.5, 0, 0}, {2.5, 1, 1}});
    ASSERT_FALSE(boxes.hit);
    ASSERT_TRUE(boxes.hasDistance);
    EXPECT_NEAR(boxes.distance, 0.5, 1e-12);
    EXPECT_NEAR(boxes.closestA.x, 1, 1e-12);
    EXPECT_NEAR(boxes.closestB.x, 1.5, 1e-12);
    EXPECT_NEAR(boxes.closestA.y, boxes.closestB.y, 1e-12);
    // unit balls at the origin and at (3, 4, 0): 5 - 2 = 3 apart, the closest points on the centres'
    // line, (0.6, 0.8, 0) and (2.4, 3.2, 0)
    const Result balls =
        Run("bullet_gjk_pair", Family::SphereSphere, Sphere<double>{{0, 0, 0}, 1}, Sphere<double>{{3, 4, 0}, 1});
    ASSERT_FALSE(balls.hit);
    ASSERT_TRUE(balls.hasDistance);
    EXPECT_NEAR(balls.distance, 3, 1e-12);
    EXPECT_NEAR(glm::length(balls.closestA - glm::dvec3(0.6, 0.8, 0)), 0, 1e-12);
    EXPECT_NEAR(glm::length(balls.closestB - glm::dvec3(2.4, 3.2, 0)), 0, 1e-12);
    // in float the same, rounded
    const Result floats = Run("bullet_gjk_pair", Family::SphereSphere, Sphere<double>{{0, 0, 0}, 1},
                              Sphere<double>{{3, 4, 0}, 1}, Precision::Float);
    ASSERT_TRUE(floats.hasDistance);
    EXPECT_EQ(floats.distance, 3);
    // a hit has no distance
    EXPECT_FALSE(Run("bullet_gjk_pair", Family::AabbAabb, kUnit, Aabb<double>{{0.75, 0, 0}, {1.75, 1, 1}}).hasDistance);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
