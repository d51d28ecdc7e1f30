// The 2D view's coordinate labels (render/grid_labels.h): where they go, what they say and how their
// spacing follows the zoom. In the 2D view the visible half height is distance * tan(22.5 degrees),
// so at distance 10 on a 720 pixel high view one pixel is 20 tan(22.5) / 720 = 0.0115 world units
// and the unit grid step is 86.9 pixels.
#include "recording_sink.h"

#include "render/grid_labels.h"
#include "render/scene_draw.h"

#include <gtest/gtest.h>

#include <cmath>

namespace hitlab {
namespace HITLAB_UNITY_ID {

Camera View2d(double distance, glm::dvec3 target = glm::dvec3(0.0))
{
    Camera c;
    c.view2d = true;
    c.yawDeg = c.pitchDeg = 0.0;
    c.distance = distance;
    c.target = target;
    c.viewport = {1280.0, 720.0};
    return c;
}

TEST(GridLabels, SpacingIsAMultipleOneTwoOrFiveOfTheGridStepAtLeast80PixelsApart)
{
    EXPECT_EQ(GridLabelStep(View2d(10.0)), 1.0);   // the unit step is 86.9 px
    EXPECT_EQ(GridLabelStep(View2d(20.0)), 2.0);   // 1 is 43.5 px, 2 is 86.9 px
    EXPECT_EQ(GridLabelStep(View2d(3.0)), 0.5);    // grid step 0.1: 29 px; 0.2: 58 px; 0.5: 145 px
    EXPECT_EQ(GridLabelStep(View2d(100.0)), 10.0); // grid step 10: 86.9 px
}

TEST(GridLabels, TheVisibleMultiplesAlongBothAxesWithZeroOnce)
{
    // x from -7.36 to 7.36, y from -4.14 to 4.14
    const std::vector<GridLabel> labels = GridLabels(View2d(10.0));
    std::vector<std::string> x, y;
    for (const GridLabel& l : labels) {
        if (l.at.y == 0.0 && l.offset == glm::vec2(4.0f, 3.0f)) {
            x.push_back(l.text);
            EXPECT_EQ(l.at.x, std::stod(l.text));
        } else {
            EXPECT_EQ(l.at.x, 0.0);
            EXPECT_EQ(l.at.y, std::stod(l.text));
            y.push_back(l.text);
        }
    }
    EXPECT_EQ(x, (std::vector<std::string>{"-7", "-6", "-5", "-4", "-3", "-2", "-1", "0", "1", "2", "3", "4", "5", "6",
                                           "7"}));
    EXPECT_EQ(y, (std::vector<std::string>{"-4", "-3", "-2", "-1", "1", "2", "3", "4"}));
}

TEST(GridLabels, ANumberThatWouldRunPastTheRightEdgeIsLeftOut)
{
    // "7" needs 4 + 8 px right of its tick: at 6 px from the edge it is left out, at 20 px kept
    const double pixel = 20.0 * std::tan(glm::radians(22.5)) / 720.0;
    const auto hasSeven = [&](double pixelsFromEdge) {
        const glm::dvec3 target(7.0 + pixelsFromEdge * pixel - 640.0 * pixel, 0.0, 0.0);
        for (const GridLabel& l : GridLabels(View2d(10.0, target))) {
            if (l.text == "7" && l.offset == glm::vec2(4.0f, 3.0f)) {
                return true;
            }
        }
        return false;
    };
    EXPECT_FALSE(hasSeven(6.0));
    EXPECT_TRUE(hasSeven(20.0));
}

TEST(GridLabels, FractionalStepsReadAsShortDecimals)
{
    // distance 3: step 0.5, x from -2.21 to 2.21 around the target 0
    std::vector<std::string> x;
    for (const GridLabel& l : GridLabels(View2d(3.0))) {
        if (l.at.y == 0.0) {
            x.push_back(l.text);
        }
    }
    EXPECT_EQ(x, (std::vector<std::string>{"-2", "-1.5", "-1", "-0.5", "0", "0.5", "1", "1.5", "2"}));
}

TEST(GridLabels, AnAxisOutOfViewKeepsItsLabelsAtTheEdge)
{
    // looking at (100, 100): neither axis is visible; x labels 24 px above the bottom edge, y labels
    // 4 px right of the left edge
    const Camera c = View2d(10.0, {100.0, 100.0, 0.0});
    const double perPixel = WorldPerPixel(c);
    const std::vector<GridLabel> labels = GridLabels(c);
    ASSERT_FALSE(labels.empty());
    int x = 0, y = 0;
    for (const GridLabel& l : labels) {
        if (l.offset == glm::vec2(4.0f, 3.0f)) {
            ++x;
            EXPECT_NEAR(l.at.y, 100.0 - 360.0 * perPixel + 24.0 * perPixel, 1e-9);
        } else {
            ++y;
            EXPECT_NEAR(l.at.x, 100.0 - 640.0 * perPixel + 4.0 * perPixel, 1e-9);
        }
    }
    EXPECT_EQ(x, 15); // 93 to 107
    EXPECT_EQ(y, 9);  // 96 to 104
}

TEST(GridLabels, NoneIn3dViewsAndDrawnInTheTickColour)
{
    Camera c = View2d(10.0);
    c.view2d = false;
    EXPECT_TRUE(GridLabels(c).empty());
    RecordingSink sink;
    DrawGridLabels(View2d(10.0), sink);
    ASSERT_EQ(sink.labels.size(), 23u);
    for (const auto& l : sink.labels) {
        EXPECT_EQ(l.color, palette::kTickText);
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
