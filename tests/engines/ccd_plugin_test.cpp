// libccd's GJK + EPA and MPR (plugins/ccd) through PluginProgram, in double and float: each convention
// the plugin declares (the normal's direction, touching pairs, separate pairs, the depth each
// reports) checked on a hand-worked case.
#include "app/sources/plugin/plugin_program.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

const std::string kCcdPlugin = std::string(HITLAB_ENGINE_PLUGIN_DIR) + "/ccd.so";

class CcdPlugin : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (!std::filesystem::exists(kCcdPlugin)) {
            GTEST_SKIP() << "ccd.so was not built (libccd-dev was missing at configure time)";
        }
        setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
        ASSERT_EQ(plugin.Start(), "");
    }

    std::size_t Find(Family family, const std::string& name)
    {
        for (std::size_t i = 0; i < plugin.Algorithms().size(); ++i) {
            if (plugin.Algorithms()[i].family == family && plugin.Algorithms()[i].name == name) {
                return i;
            }
        }
        ADD_FAILURE() << name << " not listed in " << FamilyName(family);
        return 0;
    }

    /// The answer of algorithm name in family to (a, b).
    Result Run(const std::string& name, Family family, const Shape& a, const Shape& b,
               Precision precision = Precision::Double)
    {
        const std::size_t algorithm = Find(family, name);
        const Query q{family, a, b};
        std::vector<Result> out(1);
        EXPECT_TRUE(plugin.Run(algorithm, precision, std::span<const Query>(&q, 1), out).empty());
        return out[0];
    }

    /// The declared value of key in algorithm name of family ("" when not declared).
    std::string Declared(const std::string& name, Family family, const std::string& key)
    {
        for (const auto& [k, value] : plugin.Algorithms()[Find(family, name)].conventions) {
            if (k == key) {
                return value;
            }
        }
        return "";
    }

    PluginProgram plugin{kCcdPlugin};
};

const char* const kAlgorithms[] = {"ccd_gjk_epa", "ccd_mpr"};
const Aabb<double> kUnit{{0, 0, 0}, {1, 1, 1}};

TEST_F(CcdPlugin, UnitBoxesAHalfApartMiss)
{
    for (const char* name : kAlgorithms) {
        SCOPED_TRACE(name);
        EXPECT_FALSE(Run(name, Family::AabbAabb, kUnit, Aabb<double>{{1.5, 0, 0}, {2.5, 1, 1}}).hit);
        EXPECT_FALSE(Run(name, Family::AabbAabb, kUnit, Aabb<double>{{1.5, 0, 0}, {2.5, 1, 1}}, Precision::Float).hit);
        // the separate answer is a miss and nothing else (libccd's -1): no depth, no normal
        const Result r = Run(name, Family::AabbAabb, kUnit, Aabb<double>{{1.5, 0, 0}, {2.5, 1, 1}});
        EXPECT_EQ(r.depth, 0);
        EXPECT_FALSE(r.hasNormal);
        EXPECT_NE(Declared(name, Family::AabbAabb, "separate").find("miss"), std::string::npos);
    }
}

TEST_F(CcdPlugin, TheNormalIsTheWayBMovesOutOfA)
{
    // b = [0.75, 1.75] x [0, 1]^2 overlaps the unit box by 0.25 on x: b moves out along +x by 0.25
    // (along y or z it would take 1); b = [-0.75, 0.25] moves out along -x. libccd's dir is
    // declared the protocol's normal as it is, not negated.
    for (const char* name : kAlgorithms) {
        SCOPED_TRACE(name);
        for (Precision precision : {Precision::Double, Precision::Float}) {
            const Result right =
                Run(name, Family::AabbAabb, kUnit, Aabb<double>{{0.75, 0, 0}, {1.75, 1, 1}}, precision);
            ASSERT_TRUE(right.hit);
            EXPECT_NEAR(right.depth, 0.25, 1e-4); // epa_tolerance
            EXPECT_NEAR(right.normal.x, 1, 1e-12);
            EXPECT_NEAR(right.normal.y, 0, 1e-12);
            EXPECT_NEAR(right.normal.z, 0, 1e-12);
            const Result left =
                Run(name, Family::AabbAabb, kUnit, Aabb<double>{{-0.75, 0, 0}, {0.25, 1, 1}}, precision);
            ASSERT_TRUE(left.hit);
            EXPECT_NEAR(left.depth, 0.25, 1e-4);
            EXPECT_NEAR(left.normal.x, -1, 1e-12);
        }
        EXPECT_EQ(Declared(name, Family::AabbAabb, "normal").substr(0, 21), "b moves out of a alon");
    }
}

TEST_F(CcdPlugin, TouchingBoxesGoEitherWayAsDeclared)
{
    const Aabb<double> faceToFace{{1, 0, 0}, {2, 1, 1}};
    const Aabb<double> cornerToCorner{{1, 1, 1}, {2, 2, 2}};
    const Aabb<double> offsetFaces{{1, 0.3, 0.2}, {2, 1.3, 1.2}};
    // GJK + EPA: face to face and corner to corner hit with depth 0 and a NaN normal, offset faces miss
    for (const Aabb<double>& b : {faceToFace, cornerToCorner}) {
        const Result r = Run("ccd_gjk_epa", Family::AabbAabb, kUnit, b);
        ASSERT_TRUE(r.hit);
        EXPECT_EQ(r.depth, 0);
        EXPECT_TRUE(std::isnan(r.normal.x));
    }
    EXPECT_FALSE(Run("ccd_gjk_epa", Family::AabbAabb, kUnit, offsetFaces).hit);
    // MPR: the other way round, and its offset-faces hit has a zero normal and a depth of a rounding error
    EXPECT_FALSE(Run("ccd_mpr", Family::AabbAabb, kUnit, faceToFace).hit);
    EXPECT_FALSE(Run("ccd_mpr", Family::AabbAabb, kUnit, cornerToCorner).hit);
    const Result offset = Run("ccd_mpr", Family::AabbAabb, kUnit, offsetFaces);
    ASSERT_TRUE(offset.hit);
    EXPECT_LT(offset.depth, 1e-15);
    EXPECT_EQ(offset.normal, glm::dvec3(0));
    for (const char* name : kAlgorithms) {
        EXPECT_EQ(Declared(name, Family::AabbAabb, "touching"), "separate");
        EXPECT_EQ(Declared(name, Family::AabbAabb, "touching_cases").substr(0, 7), "either:");
    }
}

TEST_F(CcdPlugin, MprMeasuresDepthAlongTheCentresAndEpaFindsTheLeastDepth)
{
    // b = [0.25, 0.5] x [0.25, 0.5] x [0.25, 0.75] inside the unit box: the least depth is 0.5, out
    // through x = 0 (b.max.x = 0.5) or y = 0; the centres' difference (-0.125, -0.125, 0) points
    // to an edge, and MPR's portal along it is farther (0.53)
    const Aabb<double> inside{{0.25, 0.25, 0.25}, {0.5, 0.5, 0.75}};
    const Result epa = Run("ccd_gjk_epa", Family::AabbAabb, kUnit, inside);
    ASSERT_TRUE(epa.hit);
    EXPECT_NEAR(epa.depth, 0.5, 1e-12);
    const Result mpr = Run("ccd_mpr", Family::AabbAabb, kUnit, inside);
    ASSERT_TRUE(mpr.hit);
    EXPECT_GT(mpr.depth, 0.52);
    EXPECT_NE(Declared("ccd_mpr", Family::AabbAabb, "depth").find("centres' direction"), std::string::npos);
}

TEST_F(CcdPlugin, BallsOverlappingByAHalf)
{
    // unit balls 1.5 apart on x: depth 2 - 1.5 = 0.5, b out along +x. MPR's portal lies on the
    // centres' line, so it is right to its tolerance; EPA's polytope of support points lies inside
    // the balls and stops short (declared: 0.4976 for 0.5)
    const Sphere<double> a{{0, 0, 0}, 1}, b{{1.5, 0, 0}, 1};
    const Result mpr = Run("ccd_mpr", Family::SphereSphere, a, b);
    ASSERT_TRUE(mpr.hit);
    EXPECT_NEAR(mpr.depth, 0.5, 1e-6);
    EXPECT_NEAR(mpr.normal.x, 1, 1e-6);
    const Result epa = Run("ccd_gjk_epa", Family::SphereSphere, a, b);
    ASSERT_TRUE(epa.hit);
    EXPECT_LT(epa.depth, 0.5 - 1e-3);
    EXPECT_GT(epa.depth, 0.49);
    EXPECT_GT(epa.normal.x, 0.99);
    for (const char* name : kAlgorithms) {
        EXPECT_FALSE(Run(name, Family::SphereSphere, a, Sphere<double>{{2.5, 0, 0}, 1}).hit) << name;
    }
}

TEST_F(CcdPlugin, ABallInsideABoxCornerAndARotatedBox)
{
    // a ball of radius 1 at (-0.75, 0.5, 0.5) overlaps the unit box's x = 0 face by 0.25: b (the box)
    // moves out along +x
    const Result ball = Run("ccd_mpr", Family::SphereAabb, Sphere<double>{{-0.75, 0.5, 0.5}, 1}, kUnit);
    ASSERT_TRUE(ball.hit);
    EXPECT_NEAR(ball.depth, 0.25, 1e-6);
    EXPECT_NEAR(ball.normal.x, 1, 1e-6);
    // a unit cube at the origin and one turned 45 degrees about z at (1.2, 0, 0): b's edge reaches
    // x = 1.2 - 0.5 sqrt(2), so the depth is 0.5 + 0.5 sqrt(2) - 1.2 along +x (b's own axes need 0.359)
    const double s = std::sqrt(0.5);
    const Obb<double> a{{0, 0, 0}, {0.5, 0.5, 0.5}};
    const Obb<double> turned{
        {1.2, 0, 0}, {0.5, 0.5, 0.5}, {glm::dvec3(s, s, 0), glm::dvec3(-s, s, 0), glm::dvec3(0, 0, 1)}};
    for (const char* name : kAlgorithms) {
        SCOPED_TRACE(name);
        const Result r = Run(name, Family::ObbObb, a, turned);
        ASSERT_TRUE(r.hit);
        EXPECT_NEAR(r.depth, 0.5 + 0.5 * std::sqrt(2.0) - 1.2, 1e-9);
        EXPECT_NEAR(r.normal.x, 1, 1e-9);
    }
}

TEST_F(CcdPlugin, TrianglesThroughEachOther)
{
    // b stands in the plane y = 0.5 through a (in z = 0): it leaves a along -y by 0.5 (along +y it
    // would take 1, along z 1)
    const Triangle<double> a{{glm::dvec3(0, 0, 0), glm::dvec3(2, 0, 0), glm::dvec3(0, 2, 0)}};
    const Triangle<double> b{{glm::dvec3(0.5, 0.5, -1), glm::dvec3(0.5, 0.5, 1), glm::dvec3(1.5, 0.5, 0)}};
    for (const char* name : kAlgorithms) {
        SCOPED_TRACE(name);
        const Result r = Run(name, Family::TriangleTriangle, a, b);
        ASSERT_TRUE(r.hit);
        EXPECT_NEAR(r.depth, 0.5, 1e-12);
        EXPECT_NEAR(r.normal.y, -1, 1e-12);
        // a copy of a lifted by 1 is apart
        const Triangle<double> lifted{{glm::dvec3(0, 0, 1), glm::dvec3(2, 0, 1), glm::dvec3(0, 2, 1)}};
        EXPECT_FALSE(Run(name, Family::TriangleTriangle, a, lifted).hit);
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
