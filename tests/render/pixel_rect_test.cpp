// Screen rectangles to framebuffer pixels and the part of the window the panels leave free
// (render/pixel_rect.h): GL-free, checked by hand.
#include "render/pixel_rect.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

const glm::dvec2 kWindow{1280.0, 720.0};
const glm::ivec2 kFramebuffer{1280, 720};

TEST(PixelRect, InnerPixelsFlipsRowsToTheBottomLeft)
{
    // 10..110 across, 20..70 down from the top: GL rows 720 - 70 = 650 up to 700
    EXPECT_EQ(InnerPixels({10.0, 20.0, 100.0, 50.0}, kWindow, kFramebuffer), (PixelRect{10, 650, 100, 50}));
}

TEST(PixelRect, InnerPixelsLeaveOutPartlyCoveredPixels)
{
    EXPECT_EQ(InnerPixels({10.5, 20.5, 10.0, 10.0}, kWindow, kFramebuffer), (PixelRect{11, 690, 9, 9}));
}

TEST(PixelRect, OuterPixelsKeepPartlyCoveredPixelsAndClamp)
{
    EXPECT_EQ(OuterPixels({10.5, 20.5, 10.0, 10.0}, kWindow, kFramebuffer), (PixelRect{10, 689, 11, 11}));
    EXPECT_EQ(OuterPixels({-5.0, -5.0, 2000.0, 2000.0}, kWindow, kFramebuffer), (PixelRect{0, 0, 1280, 720}));
}

TEST(PixelRect, IntersectionKeepsThePixelsInBoth)
{
    // 10..110 x 20..70 and 60..200 x 0..30: 60..110 x 20..30
    EXPECT_EQ(Intersection({10, 20, 100, 50}, {60, 0, 140, 30}), (PixelRect{60, 20, 50, 10}));
    EXPECT_EQ(Intersection({60, 0, 140, 30}, {10, 20, 100, 50}), (PixelRect{60, 20, 50, 10}));
    // sharing only an edge, or apart: no pixel, a zero size
    EXPECT_EQ(Intersection({0, 0, 10, 10}, {10, 0, 5, 10}), PixelRect{});
    EXPECT_TRUE(Intersection({0, 0, 10, 10}, {30, 30, 5, 5}).Empty());
    // one inside the other: the inner one
    EXPECT_EQ(Intersection({0, 0, 1280, 720}, {270, 240, 630, 460}), (PixelRect{270, 240, 630, 460}));
}

TEST(PixelRect, HiDpiFramebufferDoublesEveryCoordinate)
{
    EXPECT_EQ(InnerPixels({10.0, 20.0, 100.0, 50.0}, kWindow, {2560, 1440}), (PixelRect{20, 1300, 200, 100}));
}

TEST(PixelRect, NothingCoveredLeavesTheWholeWindow)
{
    EXPECT_EQ(UncoveredBounds(kWindow, {}), glm::dvec4(0.0, 0.0, 1280.0, 720.0));
}

TEST(PixelRect, SidePanelsAndBottomPanelLeaveTheMiddle)
{
    // the default layout: left 0..270, right 900..1280 (both from y = 19), bottom 480..720
    const std::vector<glm::dvec4> panels{{0, 19, 270, 461}, {900, 19, 380, 461}, {0, 480, 1280, 240}};
    // the menu bar's strip (y 0..19) is not covered: the box reaches the top
    EXPECT_EQ(UncoveredBounds(kWindow, panels), glm::dvec4(0.0, 0.0, 1280.0, 480.0));
    // with the strip covered too, only the middle is left
    std::vector<glm::dvec4> withMenu = panels;
    withMenu.emplace_back(0, 0, 1280, 19);
    EXPECT_EQ(UncoveredBounds(kWindow, withMenu), glm::dvec4(270.0, 19.0, 630.0, 461.0));
}

TEST(PixelRect, GrowHidesTheRoundedCornersAndKeepsThoseBesideTheFreePart)
{
    // panels inset by their 5-pixel rounding, as the app gives them: grown back they meet the
    // window's edges, and the box is grown by 5 again into the panels beside it
    const std::vector<glm::dvec4> insets{{5, 5, 260, 710}, {905, 5, 370, 710}};
    EXPECT_EQ(UncoveredBounds(kWindow, insets, 5.0), glm::dvec4(265.0, 0.0, 640.0, 720.0));
    // without growing, the 5-pixel strips at the window's edges are free: the whole window
    EXPECT_EQ(UncoveredBounds(kWindow, insets), glm::dvec4(0.0, 0.0, 1280.0, 720.0));
}

TEST(PixelRect, EverythingCoveredIsEmpty)
{
    EXPECT_EQ(UncoveredBounds(kWindow, {{-1, -1, 1300, 800}}), glm::dvec4(0.0));
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
