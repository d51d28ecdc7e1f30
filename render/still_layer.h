// The still layer: the part of a big scene that does not change from frame to frame (the grid and
// every shape but the selected one), drawn once into an offscreen colour and depth target and
// copied into each frame while it stays the same. Dragging one box among 100,000 then redraws one
// box, not 100,000: the copy costs the same for any scene. What is drawn after the copy is
// depth-tested against the cached edges and rays; translucent faces drawn after it lie over the
// cached ones (their blending order differs from a full redraw, not their place).
// Whether it stays the same is decided by comparing bytes, never guessed: the frame's view, the
// target's size, the panels' rectangles and every instance the layer would draw.
#pragma once

#include "frame_uniforms.h"
#include "pixel_rect.h"
#include "renderers.h"

#include "core/scene.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace hitlab {

/// Scenes with at least this many shapes draw their still part through the cache; smaller ones
/// draw everything each frame (the copy would cost more than it saves).
inline constexpr std::size_t kStillLayerShapes = 2000;
/// ... and so do scenes whose meshes have at least this many triangles in all (a mesh is drawn
/// into the cache even when selected or hovered: see DrawScene).
inline constexpr std::size_t kStillLayerTriangles = 100000;

/// Whether a scene draws through the still layer: kStillLayerShapes shapes or kStillLayerTriangles
/// triangles in its meshes.
bool NeedsStillLayer(const Scene& scene);

class StillLayer {
public:
    StillLayer() = default;
    StillLayer(const StillLayer&) = delete;
    StillLayer& operator=(const StillLayer&) = delete;
    ~StillLayer() = default;

    /// Where this frame's still primitives go; creates the renderers on first use (false with
    /// error set when GL cannot make them; not tried again after that: the caller draws everything
    /// each frame, the same picture).
    bool Begin(std::string& error);
    DrawSink& Sink() { return m_sink; }
    /// The layer's mesh renderer (the viewport says when meshes move: render/mesh_renderer.h).
    MeshRenderer& Meshes() { return m_sink.meshes; }

    /// Draws the still primitives into the cache when they, the view, the size or the panels'
    /// rectangles differ from the cached picture's (the arguments are BeginScene's), and clears
    /// them; the bound draw framebuffer stays bound. Returns whether the cache was redrawn. Call
    /// before the frame's BeginScene.
    bool Prepare(const DrawView& view, glm::ivec2 framebuffer, const glm::vec4& background,
                 const std::vector<PixelRect>& occluded, const PixelRect& drawn);
    /// Copies the cache into the bound draw framebuffer, within its scissor (after BeginScene).
    void Copy() const;
    /// Frees the GL objects (with the context current; the destructor does not).
    void Destroy();

private:
    bool Resize(glm::ivec2 size, std::string& error);

    Renderers m_sink;
    bool m_created = false;
    std::string m_failed; ///< why Begin could not create the renderers (then it does not try again)
    bool m_ready = false; ///< the cache holds a picture
    unsigned m_program = 0, m_vao = 0;
    unsigned m_framebuffer = 0, m_color = 0, m_depth = 0; // the cache: colour and depth textures
    int m_colorLocation = -1, m_depthLocation = -1;
    glm::ivec2 m_size{0};
    std::vector<std::byte> m_key;  ///< what the cached picture shows
    std::vector<std::byte> m_next; ///< this frame's, compared with it
};

} // namespace hitlab
