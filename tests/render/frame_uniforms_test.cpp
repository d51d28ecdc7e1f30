// The Frame uniform block's values (render/frame_uniforms.h), shared by every program: the
// line, marker, box, sphere and fan shaders all read the same pixel scale.
#include "render/frame_uniforms.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(FrameUniforms, PixelScaleIsFramebufferPixelsPerScreenPixelTimesTheFontScale)
{
    DrawView view;
    view.pixelScale = 2.0f; // a hi-DPI framebuffer
    view.sizeScale = 1.5f;  // View > Font size 1.5x
    EXPECT_EQ(MakeFrameUniforms(view).pixelScale, 3.0f);
    view.sizeScale = 1.0f;
    EXPECT_EQ(MakeFrameUniforms(view).pixelScale, 2.0f);
}

TEST(FrameUniforms, CopiesTheViewAndLeavesThePassNeutral)
{
    DrawView view;
    view.viewProj[3][0] = 7.0f;
    view.view[2][1] = 5.0f;
    view.proj[1][1] = 3.0f;
    view.viewportPixels = {1280.0f, 720.0f};
    view.orthographic = true;
    view.eye = {1.0f, 2.0f, 3.0f};
    view.forward = {0.0f, -1.0f, 0.0f};
    const FrameUniforms u = MakeFrameUniforms(view);
    EXPECT_EQ(u.viewProj[3][0], 7.0f);
    EXPECT_EQ(u.view[2][1], 5.0f);
    EXPECT_EQ(u.proj[1][1], 3.0f);
    EXPECT_EQ(u.viewport, glm::vec2(1280.0f, 720.0f));
    EXPECT_EQ(u.orthographic, 1);
    EXPECT_EQ(u.eye, glm::vec3(1.0f, 2.0f, 3.0f));
    EXPECT_EQ(u.forward, glm::vec3(0.0f, -1.0f, 0.0f));
    EXPECT_EQ(u.depthBias, 0.0f);
    EXPECT_EQ(u.alphaScale, 1.0f);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
