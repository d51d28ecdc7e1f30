// What every program needs to know about the view, as one uniform block (shaders/frame.glsl):
// filled once per frame from the DrawView and shared by every renderer, so no program looks a
// common uniform up by name or sets it on its own.
#pragma once

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstddef>

namespace hitlab {

/// What every renderer needs to know about the view for one frame.
struct DrawView {
    glm::mat4 viewProj{1.0f};
    glm::mat4 view{1.0f};
    glm::mat4 proj{1.0f};
    glm::vec2 viewportPixels{1.0f}; ///< framebuffer size
    float pixelScale = 1.0f;        ///< framebuffer pixels per screen pixel
    float sizeScale = 1.0f;         ///< scales every line width, marker and sample size (View > font size)
    bool orthographic = false;
    glm::vec3 eye{0.0f};                  ///< world eye position (perspective)
    glm::vec3 forward{0.0f, 0.0f, -1.0f}; ///< world view direction
};

/// The Frame block in std140 layout (member for member as shaders/frame.glsl declares it).
struct FrameUniforms {
    glm::mat4 viewProj{1.0f};
    glm::mat4 view{1.0f};
    glm::mat4 proj{1.0f};
    glm::vec3 eye{0.0f};
    float pixelScale = 1.0f; ///< sizes are in screen pixels: framebuffer pixels per one, font size included
    glm::vec3 forward{0.0f, 0.0f, -1.0f};
    float depthBias = 0.0f; ///< NDC depth pulled towards the eye
    glm::vec2 viewport{1.0f};
    float alphaScale = 1.0f;
    int orthographic = 0;
};
static_assert(offsetof(FrameUniforms, eye) == 192 && offsetof(FrameUniforms, pixelScale) == 204 &&
                  offsetof(FrameUniforms, forward) == 208 && offsetof(FrameUniforms, depthBias) == 220 &&
                  offsetof(FrameUniforms, viewport) == 224 && offsetof(FrameUniforms, alphaScale) == 232 &&
                  offsetof(FrameUniforms, orthographic) == 236 && sizeof(FrameUniforms) == 240,
              "FrameUniforms must match the std140 layout of shaders/frame.glsl");

/// The block's values for a view: every size in the shaders (line widths, marker sizes, the fan
/// samples' minimum and maximum) is in screen pixels, so the pixel scale is the framebuffer's
/// pixels per screen pixel times the View > Font size scale.
FrameUniforms MakeFrameUniforms(const DrawView& view);

/// The uniform buffer behind the Frame block, bound to its binding point.
class FrameBlock {
public:
    void Create();
    void Destroy();
    /// Uploads the values (only when they changed since the last upload) and binds the buffer.
    void Set(const FrameUniforms& values);

private:
    unsigned m_buffer = 0;
    FrameUniforms m_last;
    bool m_uploaded = false;
};

} // namespace hitlab
