// The text size and font of the window (app/gui/window_setup.h, UseFontPixels) in a hidden
// window with a real GL context (needs a display: ctest runs it under xvfb-run, label gui):
// a TTF font rasterised at the size asked for, not the 13 px bitmap scaled; the font scale divided
// back out; the atlas rebuilt only when the size changes; ImGui's bitmap font at 13 px.
#include "app/gui/window_setup.h"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>
#include <imgui.h>

#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// The size ImGui lays text out with in a frame.
float FrameFontSize()
{
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(640, 480);
    io.DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
    const float size = ImGui::GetFontSize();
    ImGui::EndFrame();
    return size;
}

TEST(WindowFont, TextIsRasterisedAtTheSizeShown)
{
    if (FindTtfFont(kTtfFonts) != kTtfFonts[0]) {
        GTEST_SKIP() << "DejaVu Sans Mono is not installed (fonts-dejavu-core)";
    }
    ASSERT_TRUE(InitGlfw("test the font"));
    GLFWwindow* window = CreateGlWindow(640, 480, "font test", false);
    ASSERT_NE(window, nullptr);
    SetUpImGui(window, 1.0f);
    ImGuiIO& io = ImGui::GetIO();

    EXPECT_TRUE(UseFontPixels(40.0f)); // a 24-point slide at 1080 lines
    const ImFont* font = io.Fonts->Fonts[0];
    EXPECT_EQ(font->FontSize, 40.0f); // rasterised at 40 px, not 13 px scaled
    EXPECT_NE(std::string(font->ConfigData->Name).find("DejaVuSansMono"), std::string::npos) << font->ConfigData->Name;
    EXPECT_EQ(FrameFontSize(), 40.0f);
    // ImGui's size is ascent to descent (stb_truetype's ScaleForPixelHeight): DejaVu Sans Mono's
    // 1901 + 483 units are 40 px, so its advance of 1233 units is 20.69 px, snapped to 21
    EXPECT_EQ(font->CalcTextSizeA(40.0f, 1e9f, 0.0f, "MMMM").x, 84.0f);

    EXPECT_FALSE(UseFontPixels(40.0f)); // the same size: the atlas is kept
    io.FontGlobalScale = 2.0f;          // View > Font size 2: divided back out
    EXPECT_FALSE(UseFontPixels(40.0f));
    EXPECT_EQ(FrameFontSize(), 40.0f);
    EXPECT_TRUE(UseFontPixels(26.0f)); // 13 px at font scale 2: a TTF at 26 px
    EXPECT_EQ(io.Fonts->Fonts[0]->FontSize, 26.0f);
    EXPECT_EQ(FrameFontSize(), 26.0f);

    io.FontGlobalScale = 1.0f;
    EXPECT_TRUE(UseFontPixels(13.0f)); // the default size: ImGui's own bitmap font, texel for texel
    EXPECT_NE(std::string(io.Fonts->Fonts[0]->ConfigData->Name).find("ProggyClean"), std::string::npos);
    EXPECT_EQ(FrameFontSize(), 13.0f);

    ShutDownImGui();
    glfwDestroyWindow(window);
    glfwTerminate();
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
