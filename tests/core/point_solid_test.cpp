// Tests of core/point_solid.h: point containment in a box, a sphere and an oriented box, the
// references (closed) and the variants (open box, square root, inverse matrix), float and double.
#include "core/point_solid.h"

#include "core/algorithm.h"
#include "core/compare.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>

namespace hitlab {
namespace HITLAB_UNITY_ID {

template <typename T>
class PointSolidTest : public ::testing::Test {
};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(PointSolidTest, Scalars);

template <typename T>
Point<T> P(double x, double y, double z)
{
    return Point<T>{Vec3<T>(T(x), T(y), T(z))};
}

template <typename T>
Aabb<T> UnitBox()
{
    return Aabb<T>{Vec3<T>(T(-1)), Vec3<T>(T(1))};
}

TYPED_TEST(PointSolidTest, ClosedBoxCountsFacesEdgesAndCornersAsInside)
{
    using T = TypeParam;
    const Aabb<T> box = UnitBox<T>();
    // inside: depth is the distance to the nearest face (+y: 1 - 0.5)
    OverlapResult<T> r = PointAabbClosed(P<T>(0.25, 0.5, 0), box);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.depth, T(0.5));
    // on a face, an edge, a corner: inside with depth 0
    for (const Point<T>& p : {P<T>(1, 0.25, 0), P<T>(1, -1, 0.5), P<T>(-1, 1, -1)}) {
        r = PointAabbClosed(p, box);
        EXPECT_TRUE(r.hit);
        EXPECT_EQ(r.depth, T(0));
        EXPECT_FALSE(std::signbit(r.depth));
    }
    // one ulp outside the +x face, and one ulp outside the -z face
    EXPECT_FALSE(PointAabbClosed(Point<T>{Vec3<T>(std::nextafter(T(1), T(2)), T(0), T(0))}, box).hit);
    EXPECT_FALSE(PointAabbClosed(Point<T>{Vec3<T>(T(0), T(0), std::nextafter(T(-1), T(-2)))}, box).hit);
    // one ulp inside: inside, depth one ulp of 1 below it
    r = PointAabbClosed(Point<T>{Vec3<T>(std::nextafter(T(1), T(0)), T(0), T(0))}, box);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.depth, T(1) - std::nextafter(T(1), T(0)));
}

TYPED_TEST(PointSolidTest, OpenBoxLeavesOutTheBoundary)
{
    using T = TypeParam;
    const Aabb<T> box = UnitBox<T>();
    EXPECT_TRUE(PointAabbOpen(P<T>(0.25, 0.5, 0), box).hit);
    EXPECT_FALSE(PointAabbOpen(P<T>(1, 0.25, 0), box).hit);
    EXPECT_FALSE(PointAabbOpen(P<T>(1, -1, 0.5), box).hit);
    EXPECT_FALSE(PointAabbOpen(P<T>(-1, 1, -1), box).hit);
    EXPECT_TRUE(PointAabbOpen(Point<T>{Vec3<T>(std::nextafter(T(1), T(0)), T(0), T(0))}, box).hit);
}

TYPED_TEST(PointSolidTest, BoxAtExtremeMagnitudesIsExact)
{
    using T = TypeParam;
    const T big = std::numeric_limits<T>::max();
    const Aabb<T> world{Vec3<T>(-big), Vec3<T>(big)};
    OverlapResult<T> r = PointAabbClosed(Point<T>{Vec3<T>(big, -big, T(0))}, world);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.depth, T(0));
    // the centre's distances to the faces are max: no overflow in the depth
    r = PointAabbClosed(Point<T>{Vec3<T>(T(0))}, world);
    EXPECT_EQ(r.depth, big);
    // a box of subnormal size: the smallest subnormal is inside, twice it is outside
    const T tiny = std::numeric_limits<T>::denorm_min();
    const Aabb<T> speck{Vec3<T>(T(0)), Vec3<T>(tiny)};
    EXPECT_TRUE(PointAabbClosed(Point<T>{Vec3<T>(tiny)}, speck).hit);
    EXPECT_FALSE(PointAabbClosed(Point<T>{Vec3<T>(tiny, 2 * tiny, tiny)}, speck).hit);
}

TYPED_TEST(PointSolidTest, NaNIsOutsideForEveryAlgorithm)
{
    using T = TypeParam;
    const T nan = std::numeric_limits<T>::quiet_NaN();
    const Point<T> p{Vec3<T>(T(0), nan, T(0))};
    EXPECT_FALSE(PointAabbClosed(p, UnitBox<T>()).hit);
    EXPECT_FALSE(PointAabbOpen(p, UnitBox<T>()).hit);
    const Sphere<T> ball{Vec3<T>(T(0)), T(1)};
    EXPECT_FALSE(PointSphereSquared(p, ball).hit);
    EXPECT_FALSE(PointSphereDistance(p, ball).hit);
    const Obb<T> obb = ShapeCast<T>(Obb<double>{});
    EXPECT_FALSE(PointObbProjection(p, obb).hit);
    EXPECT_FALSE(PointObbInverse(p, obb).hit);
}

TYPED_TEST(PointSolidTest, SphereOnTheSurfaceIsInside)
{
    using T = TypeParam;
    const Sphere<T> ball{Vec3<T>(T(1), T(2), T(3)), T(5)};
    // a 3-4-5 offset: exactly on the sphere
    OverlapResult<T> r = PointSphereSquared(P<T>(4, 6, 3), ball);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.depth, T(0));
    r = PointSphereDistance(P<T>(4, 6, 3), ball);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.depth, T(0));
    // inside: 3 from the centre, depth 2
    r = PointSphereSquared(P<T>(1, 2, 6), ball);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.depth, T(2));
    // the centre: depth r
    EXPECT_EQ(PointSphereSquared(P<T>(1, 2, 3), ball).depth, T(5));
    // one ulp beyond the surface along an axis
    const Point<T> out{Vec3<T>(T(1), T(2), std::nextafter(T(8), T(9)))};
    EXPECT_FALSE(PointSphereSquared(out, ball).hit);
    EXPECT_FALSE(PointSphereDistance(out, ball).hit);
    // a zero radius holds only its centre
    const Sphere<T> dot{Vec3<T>(T(1), T(2), T(3)), T(0)};
    EXPECT_TRUE(PointSphereSquared(P<T>(1, 2, 3), dot).hit);
    EXPECT_FALSE(PointSphereSquared(P<T>(1, 2, 3.5), dot).hit);
}

TYPED_TEST(PointSolidTest, SquaredDistanceRescalesWhereTheSquareRootVariantOverflowsOrUnderflows)
{
    using T = TypeParam;
    // |p - c| = 2^(e) with e beyond sqrt(max): the square overflows
    const int bigExp = std::numeric_limits<T>::max_exponent - 4;
    const T far = std::ldexp(T(1), bigExp);
    const Sphere<T> huge{Vec3<T>(T(0)), T(2) * far};
    const Point<T> p{Vec3<T>(far, T(0), T(0))};
    OverlapResult<T> r = PointSphereSquared(p, huge);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.depth, far);
    EXPECT_FALSE(PointSphereDistance(p, huge).hit); // d . d = inf > r: the variant's flaw
    // a distance whose square underflows to 0, beyond a smaller radius
    // near^2 is below half the smallest subnormal: float 2^-152, double 2^-1078
    const int smallExp = (std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits) / 2 - 2;
    const T near = std::ldexp(T(1), smallExp);
    const Sphere<T> speck{Vec3<T>(T(0)), near / 2};
    const Point<T> q{Vec3<T>(near, T(0), T(0))};
    EXPECT_FALSE(PointSphereSquared(q, speck).hit);
    EXPECT_TRUE(PointSphereDistance(q, speck).hit); // 0 <= r: the variant's flaw
    // on the sphere at both scales: inside, depth 0
    EXPECT_TRUE(PointSphereSquared(Point<T>{Vec3<T>(T(2) * far, T(0), T(0))}, huge).hit);
    EXPECT_TRUE(PointSphereSquared(Point<T>{Vec3<T>(T(0), near / 2, T(0))}, speck).hit);
}

TYPED_TEST(PointSolidTest, ObbAxisAlignedAndRotated)
{
    using T = TypeParam;
    // axis-aligned, centre (1, 1, 1), half extents (1, 2, 3): faces at x = 0, 2; y = -1, 3; z = -2, 4
    const Obb<T> box = ShapeCast<T>(Obb<double>{{1, 1, 1}, {1, 2, 3}, {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}});
    OverlapResult<T> r = PointObbProjection(P<T>(2, 3, 4), box); // a corner
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.depth, T(0));
    r = PointObbProjection(P<T>(1.5, 1, 1), box); // 0.5 from the +x face
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.depth, T(0.5));
    EXPECT_FALSE(PointObbProjection(P<T>(2.0625, 1, 1), box).hit);
    EXPECT_TRUE(PointObbInverse(P<T>(2, 3, 4), box).hit);
    EXPECT_FALSE(PointObbInverse(P<T>(2.0625, 1, 1), box).hit);
    // rotated 90 degrees about z: local x is world y, local y is world -x
    const Obb<T> turned = ShapeCast<T>(Obb<double>{{0, 0, 0}, {2, 1, 1}, {{{0, 1, 0}, {-1, 0, 0}, {0, 0, 1}}}});
    r = PointObbProjection(P<T>(1, 2, 0), turned); // local (2, -1, 0): a corner edge
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.depth, T(0));
    EXPECT_FALSE(PointObbProjection(P<T>(1.5, 0, 0), turned).hit); // local y = -1.5
    EXPECT_TRUE(PointObbProjection(P<T>(0.5, 1.5, 0.5), turned).hit);
    EXPECT_EQ(PointObbProjection(P<T>(0.5, 1.5, 0.5), turned).depth, T(0.5));
    EXPECT_TRUE(PointObbInverse(P<T>(1, 2, 0), turned).hit);
}

TEST(PointSolid, TracesOneStepPerAxisWithTheComparison)
{
    Trace trace;
    PointAabbClosed(P<double>(0.3, 0.5, 0), UnitBox<double>(), &trace);
    ASSERT_EQ(trace.steps.size(), 4u);
    EXPECT_EQ(trace.steps[0].caption, "x: -1 <= 0.3 <= 1 inside");
    EXPECT_EQ(trace.steps[1].caption, "y: -1 <= 0.5 <= 1 inside");
    EXPECT_EQ(trace.steps[2].caption, "z: -1 <= 0 <= 1 inside");
    EXPECT_EQ(trace.steps[3].caption, "nearest face +y, 0.5 away: depth 0.5");
    EXPECT_EQ(trace.decidingStep, 3);
    EXPECT_EQ(trace.verdict, "inside: the point is inside the box, 0.5 from its nearest face +y");

    trace.Clear();
    PointAabbClosed(P<double>(1.0625, -0.5, 0), UnitBox<double>(), &trace);
    ASSERT_EQ(trace.steps.size(), 1u);
    EXPECT_EQ(trace.steps[0].caption, "x: 1.0625 > 1: outside (beyond the high side)");
    EXPECT_EQ(trace.decidingStep, 0);
    EXPECT_EQ(trace.verdict, "outside: the point is outside the box's x extent");

    trace.Clear();
    PointAabbOpen(P<double>(1, 0.25, 0), UnitBox<double>(), &trace);
    ASSERT_EQ(trace.steps.size(), 1u);
    EXPECT_EQ(trace.steps[0].caption, "x: 1 >= 1: outside (on or beyond the high side)");

    trace.Clear();
    PointSphereSquared(P<double>(3, 4, 0), Sphere<double>{{0, 0, 0}, 5}, &trace);
    ASSERT_EQ(trace.steps.size(), 1u);
    EXPECT_EQ(trace.steps[0].caption, "|p - c|^2 = 25 <= r^2 = 25");
    EXPECT_EQ(trace.verdict, "inside: the point lies on the sphere, which counts as inside (closed ball)");
}

TEST(PointSolid, RegistryHasTheFamiliesWithTheirReferences)
{
    EXPECT_EQ(FamilyName(Family::PointAabb), "point_aabb");
    EXPECT_EQ(FamilyFromName("point_obb"), Family::PointObb);
    EXPECT_EQ(FamilyShapeA(Family::PointSphere), "point");
    EXPECT_EQ(FamilyShapeB(Family::PointSphere), "sphere");
    EXPECT_FALSE(IsCast(Family::PointAabb));
    EXPECT_EQ(ReferenceAlgorithm(Family::PointAabb).name, "closed_box");
    EXPECT_EQ(ReferenceAlgorithm(Family::PointSphere).name, "squared_distance");
    EXPECT_EQ(ReferenceAlgorithm(Family::PointObb).name, "axis_projection");
    EXPECT_EQ(FindAlgorithm(Family::PointAabb, "open_box")->ConventionValue("boundary"), "outside");
    EXPECT_EQ(std::string(ShapeTypeName(Shape(Point<double>{{1, 2, 3}}))), "point");
    EXPECT_EQ(ShapeCenter(Shape(Point<double>{{1, 2, 3}})), glm::dvec3(1, 2, 3));
}

TEST(PointSolid, ComparisonExplainsTheOpenBoxByItsConvention)
{
    const Query q{Family::PointAabb, Point<double>{{1, 0.25, 0}}, Aabb<double>{{-1, -1, -1}, {1, 1, 1}}};
    const Comparison c = Compare(q, AlgorithmsOf(Family::PointAabb), Precision::Double);
    ASSERT_EQ(c.outcomes.size(), 2u);
    EXPECT_TRUE(c.outcomes[0].result.hit);
    EXPECT_FALSE(c.outcomes[1].result.hit);
    EXPECT_EQ(c.outcomes[1].explanation, Explanation::Convention);
    EXPECT_NE(c.outcomes[1].reason.find("boundary: outside"), std::string::npos) << c.outcomes[1].reason;
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
