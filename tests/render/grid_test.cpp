// The ground grid's layout (render/grid.h) and the lines other sinks get from it.
#include "recording_sink.h"

#include "render/grid.h"
#include "render/scene_draw.h"

#include <gtest/gtest.h>

#include <cmath>

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(Grid, SpacingIsThePowerOfTenBelowAThirdOfTheDistance)
{
    Camera camera;
    camera.distance = 10.0; // 3 -> 1
    EXPECT_EQ(GridSpacing(camera), 1.0);
    camera.distance = 40.0; // 12 -> 10
    EXPECT_EQ(GridSpacing(camera), 10.0);
    camera.distance = 3.0; // 0.9 -> 0.1
    EXPECT_DOUBLE_EQ(GridSpacing(camera), 0.1);
}

TEST(Grid, PerspectiveGridLiesInYZeroCentredOnTheNearestMajorCrossing)
{
    Camera camera;
    camera.distance = 10.0; // step 1, major lines every 10
    camera.target = {14.9, 3.0, -5.1};
    const GridLayout grid = LayoutGrid(camera);
    EXPECT_EQ(grid.normalAxis, 1);
    EXPECT_EQ(grid.u, 2);
    EXPECT_EQ(grid.v, 0);
    EXPECT_EQ(grid.step, 1.0);
    EXPECT_EQ(grid.center, glm::dvec3(10.0, 0.0, -10.0)); // 14.9 -> 10, -5.1 -> -10, y on the plane
    EXPECT_EQ(grid.extent, 40.0);
    EXPECT_EQ(grid.radius, 30.0);
}

TEST(Grid, TwoDimensionalAndSideViewsPickTheirPlanes)
{
    Camera camera;
    camera.distance = 40.0; // step 10, major every 100
    camera.view2d = true;
    camera.target = {-51.0, 149.0, 7.0};
    GridLayout grid = LayoutGrid(camera);
    EXPECT_EQ(grid.normalAxis, 2);
    EXPECT_EQ(grid.u, 0);
    EXPECT_EQ(grid.v, 1);
    EXPECT_EQ(grid.center, glm::dvec3(-100.0, 100.0, 0.0));
    // the right view looks along -x: the grid is x = 0
    camera.view2d = false;
    camera.orthographic = true;
    camera.yawDeg = 90.0;
    camera.pitchDeg = 0.0;
    grid = LayoutGrid(camera);
    EXPECT_EQ(grid.normalAxis, 0);
    EXPECT_EQ(grid.center.x, 0.0);
}

TEST(Grid, MajorLinesEveryTenthIndexEitherSideOfZero)
{
    EXPECT_TRUE(IsMajorGridLine(0));
    EXPECT_TRUE(IsMajorGridLine(-30));
    EXPECT_TRUE(IsMajorGridLine(10));
    EXPECT_FALSE(IsMajorGridLine(9));
    EXPECT_FALSE(IsMajorGridLine(-11));
}

TEST(Grid, LinesAreChordsOfTheDrawnDisc)
{
    Camera camera;
    camera.distance = 10.0;
    camera.target = {0.0, 0.0, 0.0};
    RecordingSink sink;
    EmitGridLines(LayoutGrid(camera), sink);
    ASSERT_EQ(sink.lines.size(), 2u * 80u); // 81 indices each way, less the two through the origin
    int found = 0;
    for (const auto& l : sink.lines) {
        // the line x = 18 (constant v = x, along u = z): half length sqrt(30^2 - 18^2) = 24, minor
        if (l.a == glm::vec3(18.0f, 0.0f, -24.0f) && l.b == glm::vec3(18.0f, 0.0f, 24.0f)) {
            ++found;
            EXPECT_EQ(l.colorA, palette::kGridMinor);
        }
        // the line z = -10 along x: half length sqrt(900 - 100), major
        if (l.a.z == -10.0f && l.b.z == -10.0f && l.a.y == 0.0f) {
            ++found;
            EXPECT_FLOAT_EQ(l.b.x, float(std::sqrt(800.0)));
            EXPECT_FLOAT_EQ(l.a.x, -float(std::sqrt(800.0)));
            EXPECT_EQ(l.colorA, palette::kGridMajor);
        }
        // past the disc's radius a line has no length
        if (l.a.x == 40.0f && l.b.x == 40.0f) {
            EXPECT_EQ(l.a, l.b);
        }
    }
    EXPECT_EQ(found, 2);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
