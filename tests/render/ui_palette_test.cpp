// Contrast of the text and marks over the panels, the presentation strips and the viewport
// (render/ui_palette.h, render/scene_draw.h): WCAG 2's ratio of at least 4.5:1 against what
// they are drawn on, so that they survive a projector (issue 27, section 2).
#include "render/scene_draw.h"
#include "render/ui_palette.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

constexpr double kAA = 4.5; // WCAG 2 level AA for text

TEST(UiPalette, ContrastRatioMatchesWcagsFormula)
{
    const glm::vec4 black{0, 0, 0, 1}, white{1, 1, 1, 1};
    EXPECT_DOUBLE_EQ(ContrastRatio(black, white), 21.0); // (1 + 0.05) / (0 + 0.05)
    EXPECT_DOUBLE_EQ(ContrastRatio(white, black), 21.0);
    EXPECT_DOUBLE_EQ(ContrastRatio(white, white), 1.0);
    // sRGB 0.5 is linear ((0.5 + 0.055) / 1.055)^2.4 = 0.21404 (WCAG's formula), the same in r, g and b
    EXPECT_NEAR(RelativeLuminance({0.5f, 0.5f, 0.5f, 1}), 0.21404, 1e-5);
    // pure green weighs 0.7152, pure blue 0.0722
    EXPECT_DOUBLE_EQ(RelativeLuminance({0, 1, 0, 1}), 0.7152);
    EXPECT_DOUBLE_EQ(RelativeLuminance({0, 0, 1, 1}), 0.0722);
    // half white over black is sRGB 0.5
    const glm::vec4 half = Over({1, 1, 1, 0.5f}, black);
    EXPECT_FLOAT_EQ(half.x, 0.5f);
    EXPECT_FLOAT_EQ(half.w, 1.0f);
}

TEST(UiPalette, ImGuisOwnDisabledTextWouldPassButOnlyJust)
{
    // the reason for kCaptionText: ImGui's 0.5 grey is 4.8:1 on its window background
    EXPECT_NEAR(ContrastRatio({0.5f, 0.5f, 0.5f, 1}, palette::kPanelBackground), 4.81, 0.01);
}

/// Every text or mark colour drawn on the number line, its captions and the presentation strips.
std::vector<std::pair<std::string, glm::vec4>> StripColours()
{
    return {{"caption", palette::kCaptionText},
            {"axis numbers", palette::kAxisText},
            {"allowed range", palette::kAllowedRange},
            {"right answer", palette::kRightAnswer},
            {"wrong answer", palette::kWrongAnswer},
            {"lesson title", palette::kTitleText},
            {"slab x", palette::Slab(0)},
            {"slab y", palette::Slab(1)},
            {"slab z", palette::Slab(2)}};
}

TEST(UiPalette, StripTextAndTheAllowedRangeStandOutFromThePanelsAtLeast45To1)
{
    for (const auto& [name, colour] : StripColours()) {
        EXPECT_GE(ContrastRatio(colour, palette::kPanelBackground), kAA) << name;
    }
}

TEST(UiPalette, NumbersOverTheAllowedRangesShadingStillStandOut)
{
    // the numbers at the bars' ends may lie over the faint shading behind the rows
    const glm::vec4 shaded = Over(palette::kAllowedShade, palette::kPanelBackground);
    for (const auto& [name, colour] : StripColours()) {
        EXPECT_GE(ContrastRatio(colour, shaded), kAA) << name;
    }
    // and the shading itself is not what shows the range: the band is (about 1.2:1 only)
    EXPECT_LT(ContrastRatio(shaded, palette::kPanelBackground), 1.5);
}

TEST(UiPalette, TheViewportsLabelsStandOutFromItsBackground)
{
    // the 2D grid's coordinates and the t labels at slab crossings (slab colours)
    EXPECT_GE(ContrastRatio(palette::kTickText, palette::kBackground), kAA);
    for (int axis = 0; axis < 3; ++axis) {
        EXPECT_GE(ContrastRatio(palette::Slab(axis), palette::kBackground), kAA) << "slab " << axis;
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
