// Tests of the key latch (app/gui/window_keys.h): every press is shown to Dear ImGui in a frame
// of its own, however short the tap, and with its modifiers; held keys are shown as they are.
// Also through ApplyPlatformInput and a real ImGui context: IsKeyPressed fires once per tap.
#include "app/gui/window_input.h"
#include "app/gui/window_keys.h"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>
#include <imgui.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// A tap: pressed and released before the next frame (as `xdotool key` and a clicker send them).
void Tap(KeyLatch& latch, int key, int mods = 0)
{
    latch.Note(key, GLFW_PRESS, mods);
    latch.Note(key, GLFW_RELEASE, mods);
}

TEST(KeyLatch, ATapBetweenTwoFramesIsShownDownForOneFrame)
{
    KeyLatch latch;
    Tap(latch, GLFW_KEY_PAGE_DOWN);
    EXPECT_TRUE(latch.Pending());
    EXPECT_TRUE(latch.Next().down[GLFW_KEY_PAGE_DOWN]);
    EXPECT_TRUE(latch.Pending()); // released: the next frame shows it up
    EXPECT_FALSE(latch.Next().down[GLFW_KEY_PAGE_DOWN]);
    EXPECT_FALSE(latch.Pending());
}

TEST(KeyLatch, TwentyTapsOfOneKeyInOneFrameAreTwentyPressesWithAFrameUpBetween)
{
    KeyLatch latch;
    for (int i = 0; i < 20; ++i) {
        Tap(latch, GLFW_KEY_RIGHT);
    }
    int presses = 0, frames = 0;
    bool before = false;
    while (latch.Pending()) {
        const bool down = latch.Next().down[GLFW_KEY_RIGHT];
        presses += down && !before ? 1 : 0; // an edge: what ImGui counts as a press
        before = down;
        ++frames;
    }
    EXPECT_EQ(presses, 20);
    EXPECT_EQ(frames, 40); // down, up, down, up, ...
}

TEST(KeyLatch, DifferentKeysInOneFrameAreShownOneAFrameInOrder)
{
    KeyLatch latch;
    Tap(latch, GLFW_KEY_RIGHT);
    Tap(latch, GLFW_KEY_SPACE);
    Tap(latch, GLFW_KEY_LEFT);
    const KeyFrame first = latch.Next();
    EXPECT_TRUE(first.down[GLFW_KEY_RIGHT]);
    EXPECT_FALSE(first.down[GLFW_KEY_SPACE]);
    const KeyFrame second = latch.Next();
    EXPECT_FALSE(second.down[GLFW_KEY_RIGHT]);
    EXPECT_TRUE(second.down[GLFW_KEY_SPACE]);
    const KeyFrame third = latch.Next();
    EXPECT_FALSE(third.down[GLFW_KEY_SPACE]);
    EXPECT_TRUE(third.down[GLFW_KEY_LEFT]);
    EXPECT_FALSE(latch.Next().down[GLFW_KEY_LEFT]);
    EXPECT_FALSE(latch.Pending());
}

TEST(KeyLatch, AnAltTapKeepsAltForItsFrameAfterAltIsReleased)
{
    KeyLatch latch; // xdotool key alt+Right: Alt down, Right down, Right up, Alt up, all in one frame
    latch.Note(GLFW_KEY_LEFT_ALT, GLFW_PRESS, 0);
    latch.Note(GLFW_KEY_RIGHT, GLFW_PRESS, GLFW_MOD_ALT);
    latch.Note(GLFW_KEY_RIGHT, GLFW_RELEASE, GLFW_MOD_ALT);
    latch.Note(GLFW_KEY_LEFT_ALT, GLFW_RELEASE, GLFW_MOD_ALT);
    const KeyFrame frame = latch.Next();
    EXPECT_TRUE(frame.down[GLFW_KEY_RIGHT]);
    EXPECT_TRUE(frame.alt);
    EXPECT_FALSE(frame.ctrl);
    EXPECT_FALSE(frame.shift);
    const KeyFrame after = latch.Next();
    EXPECT_FALSE(after.down[GLFW_KEY_RIGHT]);
    EXPECT_FALSE(after.alt);
    EXPECT_FALSE(latch.Pending()); // the modifier itself was never queued
}

TEST(KeyLatch, AHeldKeyStaysDownAndRepeatsAreNotPresses)
{
    KeyLatch latch;
    latch.Note(GLFW_KEY_LEFT_CONTROL, GLFW_PRESS, 0);
    latch.Note(GLFW_KEY_DELETE, GLFW_PRESS, GLFW_MOD_CONTROL);
    for (int frame = 0; frame < 3; ++frame) {
        const KeyFrame keys = latch.Next();
        EXPECT_TRUE(keys.down[GLFW_KEY_DELETE]);
        EXPECT_TRUE(keys.ctrl);
        latch.Note(GLFW_KEY_DELETE, GLFW_REPEAT, GLFW_MOD_CONTROL);
    }
    EXPECT_FALSE(latch.Pending());
    latch.Note(GLFW_KEY_DELETE, GLFW_RELEASE, GLFW_MOD_CONTROL);
    EXPECT_FALSE(latch.Next().down[GLFW_KEY_DELETE]);
}

TEST(KeyLatch, KeysOutsideImGuisTableAreIgnored)
{
    KeyLatch latch;
    latch.Note(GLFW_KEY_UNKNOWN, GLFW_PRESS, 0);
    latch.Note(int(KeyFrame::kKeys), GLFW_PRESS, 0);
    EXPECT_FALSE(latch.Pending());
}

/// ImGui's count of presses of `key` over the frames the window would draw after `taps` taps of it.
int ImGuiPresses(int key, int taps, int mods)
{
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsAlpha8(&pixels, &w, &h); // a built atlas, as NewFrame requires
    WindowState state;
    state.size = state.framebuffer = {640, 480};
    for (int i = 0; i < taps; ++i) {
        state.keys.Note(key, GLFW_PRESS, mods);
        state.keys.Note(key, GLFW_RELEASE, mods);
    }
    int presses = 0;
    double now = 1.0;
    do {
        ApplyPlatformInput(io, state, now += 0.001, {});
        ImGui::NewFrame();
        presses += ImGui::IsKeyPressed(key, false) && ImGui::GetIO().KeyAlt == ((mods & GLFW_MOD_ALT) != 0) ? 1 : 0;
        ImGui::EndFrame();
    } while (state.keys.Pending());
    ImGui::DestroyContext();
    return presses;
}

TEST(KeyLatch, ImGuiSeesEveryTapOnce)
{
    EXPECT_EQ(ImGuiPresses(GLFW_KEY_PAGE_DOWN, 20, 0), 20);
    EXPECT_EQ(ImGuiPresses(GLFW_KEY_RIGHT, 7, GLFW_MOD_ALT), 7);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
