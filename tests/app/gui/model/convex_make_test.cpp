// The Scene panel's new convex shapes (app/gui/model/convex_make.h): a box's corners, a random cloud.
#include "app/gui/model/convex_make.h"

#include "core/convex.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <algorithm>

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

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
