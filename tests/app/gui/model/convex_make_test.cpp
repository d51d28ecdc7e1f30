// The Scene panel's new convex shapes (app/gui/model/convex_make.h): a box's corners, a random cloud.
#include "app/gui/model/convex_make.h"

#include "core/convex.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

bool HasPoint(const Convex<double>& c, const glm::dvec3& p)
{
    return std::find(c.data->points.begin(), c.data->points.end(), p) != c.data->points.end();
}

TEST(ConvexMake, AabbGivesItsEightCorners)
{
    const auto c = ConvexFromBox(Aabb<double>{{-1, 0, 2}, {3, 0.5, 4}});
    ASSERT_TRUE(c.has_value());
    ASSERT_EQ(c->data->points.size(), 8u);
    EXPECT_TRUE(HasPoint(*c, {-1, 0, 2}));
    EXPECT_TRUE(HasPoint(*c, {3, 0.5, 4}));
    EXPECT_TRUE(HasPoint(*c, {3, 0, 2}));
    EXPECT_TRUE(HasPoint(*c, {-1, 0.5, 4}));
}

TEST(ConvexMake, ObbGivesItsRotatedCorners)
{
    Obb<double> box; // half extents 2, 1, 1 around (1, 1, 1); x axis turned to y
    box.center = {1, 1, 1};
    box.halfExtents = {2, 1, 1};
    box.axes = {glm::dvec3(0, 1, 0), glm::dvec3(-1, 0, 0), glm::dvec3(0, 0, 1)};
    const auto c = ConvexFromBox(box);
    ASSERT_TRUE(c.has_value());
    ASSERT_EQ(c->data->points.size(), 8u);
    EXPECT_TRUE(HasPoint(*c, {1 - 1, 1 - 2, 1 - 1})); // -x axis, -y axis, -z
    EXPECT_TRUE(HasPoint(*c, {1 + 1, 1 + 2, 1 + 1}));
    EXPECT_EQ(c->data->boundsMin, glm::dvec3(0, -1, 0));
    EXPECT_EQ(c->data->boundsMax, glm::dvec3(2, 3, 2));
}

TEST(ConvexMake, OtherShapesGiveNothing)
{
    EXPECT_FALSE(ConvexFromBox(Sphere<double>{{0, 0, 0}, 1}).has_value());
    EXPECT_FALSE(ConvexFromBox(Point<double>{{0, 0, 0}}).has_value());
}

TEST(ConvexMake, CloudHasTheCountInsideTheBallAndRepeatsWithItsSeed)
{
    const glm::dvec3 center(5, -2, 1);
    const Convex<double> c = RandomConvexCloud(center, 2.0, 50, 7);
    ASSERT_EQ(c.data->points.size(), 50u);
    for (const glm::dvec3& p : c.data->points) {
        EXPECT_LE(glm::length(p - center), 2.0 * (1 + 1e-12));
    }
    EXPECT_EQ(RandomConvexCloud(center, 2.0, 50, 7).data->points, c.data->points);
    EXPECT_NE(RandomConvexCloud(center, 2.0, 50, 8).data->points, c.data->points);
}

TEST(ConvexMake, CloudCountIsClamped)
{
    EXPECT_EQ(RandomConvexCloud({0, 0, 0}, 1, 0, 1).data->points.size(), std::size_t(kMinCloudPoints));
    EXPECT_EQ(RandomConvexCloud({0, 0, 0}, 1, -5, 1).data->points.size(), std::size_t(kMinCloudPoints));
    EXPECT_EQ(RandomConvexCloud({0, 0, 0}, 1, kMaxCloudPoints + 1, 1).data->points.size(),
              std::size_t(kMaxCloudPoints));
}

TEST(ConvexPoints, AddPutsThePointAtTheCentreOfTheBounds)
{
    const Convex<double> c{MakeConvexData({{0, 0, 0}, {2, 0, 0}, {0, 4, 0}, {0, 0, 6}})};
    const auto added = ConvexWithPointAdded(c);
    ASSERT_TRUE(added.has_value());
    const std::vector<glm::dvec3> want{{0, 0, 0}, {2, 0, 0}, {0, 4, 0}, {0, 0, 6}, {1, 2, 3}};
    EXPECT_EQ(added->data->points, want);
    EXPECT_EQ(added->data->boundsMax, glm::dvec3(2, 4, 6)); // the bounds are made again
    EXPECT_EQ(c.data->points.size(), 4u);                   // the original is untouched
}

TEST(ConvexPoints, AddPutsThePointBesideTheLastWhenTheCentreIsAPoint)
{
    // a single point: the centre of its bounds is the point itself, so the new one goes 1 along x
    const auto one = ConvexWithPointAdded(Convex<double>{MakeConvexData({{3, 1, -2}})});
    ASSERT_TRUE(one.has_value());
    EXPECT_EQ(one->data->points, (std::vector<glm::dvec3>{{3, 1, -2}, {4, 1, -2}}));
    // three points whose bounds' centre (1, 0, 0) is one of them: a tenth of the largest side (2)
    const auto three = ConvexWithPointAdded(Convex<double>{MakeConvexData({{0, 0, 0}, {2, 0, 0}, {1, 0, 0}})});
    ASSERT_TRUE(three.has_value());
    EXPECT_EQ(three->data->points.back(), glm::dvec3(1.2, 0, 0));
    EXPECT_EQ(three->data->points.size(), 4u);
}

TEST(ConvexPoints, RemoveTakesOutThatPointButNeverTheLastOne)
{
    const Convex<double> c{MakeConvexData({{0, 0, 0}, {2, 0, 0}, {0, 4, 0}})};
    const auto removed = ConvexWithPointRemoved(c, 1);
    ASSERT_TRUE(removed.has_value());
    EXPECT_EQ(removed->data->points, (std::vector<glm::dvec3>{{0, 0, 0}, {0, 4, 0}}));
    EXPECT_EQ(removed->data->boundsMax, glm::dvec3(0, 4, 0));
    EXPECT_FALSE(ConvexWithPointRemoved(c, 3).has_value()); // past the last point
    const auto single = ConvexWithPointRemoved(*ConvexWithPointRemoved(*removed, 0), 0);
    EXPECT_FALSE(single.has_value()); // one point left: it stays
    EXPECT_FALSE(ConvexWithPointAdded(Convex<double>{}).has_value());
    EXPECT_FALSE(ConvexWithPointRemoved(Convex<double>{}, 0).has_value());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
