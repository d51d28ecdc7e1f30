// The panels' triangles: Dear ImGui's draw lists, handed over by the app as plain arrays (render/
// knows nothing of ImGui), drawn as its OpenGL 3 backend draws them (same state, same shaders,
// the same picture to the bit), except that the vertex and index buffers keep their storage from
// frame to frame: the backend gives them new storage every frame, which a software driver pays
// for in fresh pages, and that large untextured fills are drawn without the atlas (translucent
// ones: frames, table rows, headers) and without blending too (opaque ones: panel backgrounds,
// bars; render/ui_runs.h), the same pixels for less fill.
#pragma once

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hitlab {

enum class UiFill : std::uint8_t;

/// One vertex, laid out as ImGui's ImDrawVert: position, texture coordinate, RGBA8 colour
/// (red in the lowest byte).
struct UiVertex {
    glm::vec2 position;
    glm::vec2 uv;
    std::uint32_t color;
};

/// One draw command: a clip rectangle (x0, y0, x1, y1 in display coordinates), a texture (GL
/// name) and a range of indices whose values are offset by firstVertex.
struct UiCommand {
    glm::vec4 clip{0.0f};
    std::uintptr_t texture = 0;
    std::uint32_t firstIndex = 0, indexCount = 0, firstVertex = 0;
};

struct UiList {
    std::vector<UiVertex> vertices;
    std::vector<std::uint16_t> indices;
    std::vector<UiCommand> commands;
};

/// A frame's lists with ImGui's display rectangle and framebuffer scale.
struct UiFrame {
    glm::vec2 displayPos{0.0f}, displaySize{0.0f}, framebufferScale{1.0f};
    std::uintptr_t fontTexture = 0; ///< the font atlas (GL name; 0: no opaque runs)
    glm::vec2 whiteUv{-1.0f};       ///< the atlas's white texel, which untextured shapes use
    std::vector<UiList> lists;
};

class UiRenderer {
public:
    bool Create(std::string& error);
    void Destroy();
    /// Draws the frame into the bound framebuffer of `framebuffer` pixels (blending, scissor per
    /// command; depth, stencil and culling off, as ImGui's backend leaves them).
    void Draw(const UiFrame& frame, glm::ivec2 framebuffer);

private:
    /// Switches the program and blending from the state of fill `previous` to that of `fill`.
    void UseFill(UiFill fill, UiFill previous) const;

    unsigned m_program = 0, m_solidProgram = 0, m_vao = 0, m_vertexBuffer = 0, m_indexBuffer = 0;
    std::size_t m_vertexCapacity = 0, m_indexCapacity = 0;
    int m_projectionLocation = -1, m_textureLocation = -1, m_solidProjectionLocation = -1;
};

} // namespace hitlab
