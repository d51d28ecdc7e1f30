// FCL's convex path (plugins/fcl: boxes as fcl::Convex) in its two GJK solvers through PluginProgram:
// fcl_gjk_epa (GJKSolver_indep: FCL's own GJK and EPA) and fcl_libccd_mpr (GJKSolver_libccd: libccd's
// MPR), each declared convention checked on a hand-worked case, FCL 0.7's sign and frame included.
#include "app/sources/plugin/plugin_program.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

const std::string kFclPlugin = std::string(HITLAB_ENGINE_PLUGIN_DIR) + "/fcl.so";

class FclConvex : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (!std::filesystem::exists(kFclPlugin)) {
            GTEST_SKIP() << "fcl.so was not built (libfcl-dev was missing at configure time)";
        }
        setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
        ASSERT_EQ(plugin.Start(), "");
    }

    /// The answer of algorithm name in family to (a, b).
    Result Run(const std::string& name, Family family, const Shape& a, const Shape& b)
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
        EXPECT_TRUE(plugin.Run(algorithm, Precision::Double, std::span<const Query>(&q, 1), out).empty());
        return out[0];
    }

    PluginProgram plugin{kFclPlugin};
};

const Aabb<double> kUnit{{0, 0, 0}, {1, 1, 1}};

TEST_F(FclConvex, UnitBoxesAHalfApartMissAndTheIndepEpaGoesWrongOnAQuarterOverlap)
{
    for (const char* name : {"fcl_gjk_epa", "fcl_libccd_mpr"}) {
        EXPECT_FALSE(Run(name, Family::AabbAabb, kUnit, Aabb<double>{{1.5, 0, 0}, {2.5, 1, 1}}).hit) << name;
    }
    // overlap by 0.25 on x, b moves out along +x: MPR says so. FCL's indep EPA stops on a face of
    // the Minkowski difference's diagonal: depth -0.25 / sqrt(3) along (1, -1, -1) / sqrt(3); the
    // same overlap on y it gets right, negated: -0.25 along +y
    const Aabb<double> b{{0.75, 0, 0}, {1.75, 1, 1}};
    const Result mpr = Run("fcl_libccd_mpr", Family::AabbAabb, kUnit, b);
    ASSERT_TRUE(mpr.hit);
    EXPECT_NEAR(mpr.depth, 0.25, 1e-6);
    EXPECT_NEAR(mpr.normal.x, 1, 1e-9);
    const double third = std::sqrt(1.0 / 3.0);
    const Result epa = Run("fcl_gjk_epa", Family::AabbAabb, kUnit, b);
    ASSERT_TRUE(epa.hit);
    EXPECT_NEAR(epa.depth, -0.25 * third, 1e-9);
    EXPECT_NEAR(epa.normal.x, third, 1e-9);
    EXPECT_NEAR(epa.normal.y, -third, 1e-9);
    const Result onY = Run("fcl_gjk_epa", Family::AabbAabb, kUnit, Aabb<double>{{0, 0.75, 0}, {1, 1.75, 1}});
    ASSERT_TRUE(onY.hit);
    EXPECT_NEAR(onY.depth, -0.25, 1e-9);
    EXPECT_NEAR(onY.normal.y, 1, 1e-9);
}

TEST_F(FclConvex, TheIndepSolversNormalStaysInAsFrame)
{
    // a turned 45 degrees about z reaches x = 0.5 sqrt(2) into the unit cube centred at (1, 0, 0):
    // depth 0.5 sqrt(2) - 0.5 along +x. MPR gives it in the world; FCL's EPA gives +x in a's frame,
    // (cos 45, -sin 45, 0), and the depth negated
    const double s = std::sqrt(0.5);
    const Obb<double> a{{0, 0, 0}, {0.5, 0.5, 0.5}, {glm::dvec3(s, s, 0), glm::dvec3(-s, s, 0), glm::dvec3(0, 0, 1)}};
    const Obb<double> b{{1, 0, 0}, {0.5, 0.5, 0.5}};
    const double depth = 0.5 * std::sqrt(2.0) - 0.5;
    const Result mpr = Run("fcl_libccd_mpr", Family::ObbObb, a, b);
    ASSERT_TRUE(mpr.hit);
    EXPECT_NEAR(mpr.depth, depth, 1e-9);
    EXPECT_NEAR(mpr.normal.x, 1, 1e-9);
    const Result epa = Run("fcl_gjk_epa", Family::ObbObb, a, b);
    ASSERT_TRUE(epa.hit);
    EXPECT_NEAR(epa.depth, -depth, 1e-9);
    EXPECT_NEAR(epa.normal.x, s, 1e-9);
    EXPECT_NEAR(epa.normal.y, -s, 1e-9);
}

TEST_F(FclConvex, TouchingAndNearlyTouchingBoxes)
{
    const Aabb<double> faceToFace{{1, 0, 0}, {2, 1, 1}};
    const Aabb<double> cornerToCorner{{1, 1, 1}, {2, 2, 2}};
    const Aabb<double> apartByANanometre{{1 + 1e-9, 0, 0}, {2, 1, 1}};
    // the indep solver: touching hits with depth 0, and so does a gap of 1e-9 (within GJK's 1e-6)
    for (const Aabb<double>& b : {faceToFace, cornerToCorner, apartByANanometre}) {
        const Result r = Run("fcl_gjk_epa", Family::AabbAabb, kUnit, b);
        EXPECT_TRUE(r.hit);
        EXPECT_EQ(r.depth, 0);
    }
    // MPR: touching misses, the gap misses
    for (const Aabb<double>& b : {faceToFace, cornerToCorner, apartByANanometre}) {
        EXPECT_FALSE(Run("fcl_libccd_mpr", Family::AabbAabb, kUnit, b).hit);
    }
}

TEST_F(FclConvex, MprMeasuresABoxInsideAnotherAlongTheCentres)
{
    // b inside the unit box: the least depth is 0.5 (out through x = 0); MPR's portal along the
    // centres' difference lies farther
    const Result r = Run("fcl_libccd_mpr", Family::AabbAabb, kUnit, Aabb<double>{{0.25, 0.25, 0.25}, {0.5, 0.5, 0.75}});
    ASSERT_TRUE(r.hit);
    EXPECT_GT(r.depth, 0.6);
    // a ball of radius 0.9 at (-0.5, -0.5, -0.5) against the box's corner: 0.9 - sqrt(0.75) along the
    // diagonal, which the centres' direction is: MPR is right
    const Result ball = Run("fcl_libccd_mpr", Family::SphereAabb, Sphere<double>{{-0.5, -0.5, -0.5}, 0.9}, kUnit);
    ASSERT_TRUE(ball.hit);
    EXPECT_NEAR(ball.depth, 0.9 - std::sqrt(0.75), 1e-9);
    EXPECT_NEAR(ball.normal.x, std::sqrt(1.0 / 3.0), 1e-9);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
