// The frame's GL work outside the renderers: loading GL, starting the scene (clear, the panels'
// occluded parts, the scissor), waiting for the GPU, offscreen targets and pixel readback. The
// app calls these; it makes no GL call of its own.
#pragma once

#include "pixel_rect.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace hitlab {

/// A GL function as a window library returns it (GLFW's glfwGetProcAddress has this type).
using GlProc = void (*)();
using GlProcLoader = GlProc (*)(const char* name);

/// Loads the GL functions of the current context through `loader`; returns the context's
/// version as major * 10 + minor (33 for 3.3), 0 when GL could not be loaded.
int LoadGl(GlProcLoader loader);

/// Turns multisampling on (it matters only when the window or target has samples).
void EnableMultisample();

/// Waits until the GPU has finished every command so far (frame timing).
void FinishGpu();

/// Sets linear-free sampling on a texture (GL name): a software rasteriser samples a nearest
/// texel for about half the cost of a bilinear one, and a font drawn texel for pixel (ImGui's
/// default bitmap font) looks the same either way.
void UseNearestFilter(std::uintptr_t texture);

/// An RGBA8 picture, rows from the top.
struct RgbaImage {
    int width = 0, height = 0;
    std::vector<unsigned char> rgba;
};

/// Reads the window's back buffer (width x height framebuffer pixels), rows flipped to start at
/// the top.
RgbaImage ReadWindowPixels(int width, int height);

/// Starts the scene's drawing: the whole framebuffer cleared to `background` (depth to far,
/// stencil, unused, to 0 with it),
/// depth cleared to the near plane under each `occluded` rectangle within `drawn` (opaque panels
/// drawn later: every depth-tested fragment there fails before shading) and the scissor set to `drawn` (the
/// part the panels leave free; empty: no scissor). EndScene turns the scissor off.
void BeginScene(glm::ivec2 framebuffer, const glm::vec4& background, const std::vector<PixelRect>& occluded,
                const PixelRect& drawn);
void EndScene();

/// A colour and depth target of fixed size, multisampled when samples > 0 (clamped to what the
/// driver offers), resolved into a plain one when read.
class OffscreenTarget {
public:
    OffscreenTarget() = default;
    OffscreenTarget(const OffscreenTarget&) = delete;
    OffscreenTarget& operator=(const OffscreenTarget&) = delete;
    ~OffscreenTarget() { Destroy(); }

    /// False with error set when the driver cannot make the framebuffer.
    bool Create(int width, int height, int samples, std::string& error);
    void Destroy();
    /// Draws go to this target from now on.
    void Bind() const;
    /// The target's pixels (resolved when multisampled), rows from the top.
    RgbaImage Read() const;

private:
    int m_width = 0, m_height = 0;
    unsigned m_draw = 0, m_resolve = 0; // framebuffers
    unsigned m_buffers[3] = {0, 0, 0};  // colour and depth (multisampled), resolved colour
};

} // namespace hitlab
