// Tests of Dear ImGui's per-frame platform input taken from the window's kept state
// (app/gui/window_input.h), without a window.
#include "app/gui/window_input.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <cfloat>

namespace hitlab {
namespace HITLAB_UNITY_ID {

constexpr std::array<bool, 5> kNoButtons{};

WindowState HoveredWindow()
{
    WindowState state;
    state.size = {640, 360};
    state.framebuffer = {1280, 720}; // a hi-DPI screen: two pixels per unit
    state.hovered = true;
    state.cursor = {100.5, 20.25};
    return state;
}

TEST(PlatformInput, DisplaySizeAndScaleComeFromTheKeptSizes)
{
    WindowState state = HoveredWindow();
    ImGuiIO io;
    ApplyPlatformInput(io, state, 1.0, kNoButtons);
    EXPECT_EQ(io.DisplaySize.x, 640.0f);
    EXPECT_EQ(io.DisplaySize.y, 360.0f);
    EXPECT_EQ(io.DisplayFramebufferScale.x, 2.0f);
    EXPECT_EQ(io.DisplayFramebufferScale.y, 2.0f);
    EXPECT_EQ(io.MousePos.x, 100.5f);
    EXPECT_EQ(io.MousePos.y, 20.25f);
}

TEST(PlatformInput, TheFirstFrameStepsASixtiethThenTheTimeBetweenFrames)
{
    WindowState state = HoveredWindow();
    ImGuiIO io;
    ApplyPlatformInput(io, state, 2.0, kNoButtons);
    EXPECT_EQ(io.DeltaTime, 1.0f / 60.0f);
    ApplyPlatformInput(io, state, 2.25, kNoButtons);
    EXPECT_EQ(io.DeltaTime, 0.25f);
    // a clock that did not move still gives a positive step (ImGui requires one)
    ApplyPlatformInput(io, state, 2.25, kNoButtons);
    EXPECT_GT(io.DeltaTime, 0.0f);
}

TEST(PlatformInput, AClickShorterThanAFrameIsHeldForOneFrame)
{
    WindowState state = HoveredWindow();
    NoteButton(state, 0, true); // pressed and released between two frames
    NoteButton(state, 0, false);
    ImGuiIO io;
    ApplyPlatformInput(io, state, 1.0, kNoButtons);
    EXPECT_TRUE(io.MouseDown[0]);
    EXPECT_FALSE(io.MouseDown[1]);
    ApplyPlatformInput(io, state, 1.1, kNoButtons);
    EXPECT_FALSE(io.MouseDown[0]);
    // buttons GLFW has beyond ImGui's five are ignored
    NoteButton(state, 7, true);
    ApplyPlatformInput(io, state, 1.2, kNoButtons);
    for (bool down : io.MouseDown) {
        EXPECT_FALSE(down);
    }
}

TEST(PlatformInput, ThePointerIsUnknownOutsideTheWindowUnlessDragging)
{
    WindowState state = HoveredWindow();
    state.hovered = false;
    NoteCursor(state, -30.0, 400.0);
    ImGuiIO io;
    ApplyPlatformInput(io, state, 1.0, kNoButtons);
    EXPECT_EQ(io.MousePos.x, -FLT_MAX);
    EXPECT_EQ(io.MousePos.y, -FLT_MAX);
    // a held button: the window still gets the moves outside it (a slider dragged past the edge)
    std::array<bool, 5> left{};
    left[0] = true;
    ApplyPlatformInput(io, state, 1.1, left);
    EXPECT_EQ(io.MousePos.x, -30.0f);
    EXPECT_EQ(io.MousePos.y, 400.0f);
}

TEST(PlatformInput, NothingToDrawWhenMinimisedOrWithoutSize)
{
    WindowState state = HoveredWindow();
    EXPECT_TRUE(state.Drawable());
    state.iconified = true;
    EXPECT_FALSE(state.Drawable());
    state.iconified = false;
    state.framebuffer = {0, 720};
    EXPECT_FALSE(state.Drawable());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
