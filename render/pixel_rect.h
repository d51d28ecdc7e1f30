// Rectangles of the window in the two conventions the frame meets: screen pixels from the top
// left (GLFW, ImGui, the panels) and framebuffer pixels from the bottom left (GL's viewport and
// scissor). GL-free, so the tests check the conversions without a display.
#pragma once

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <vector>

namespace hitlab {

/// A rectangle of whole framebuffer pixels, origin at the bottom left (glScissor's convention).
struct PixelRect {
    int x = 0, y = 0, width = 0, height = 0;
    bool Empty() const { return width <= 0 || height <= 0; }
    bool operator==(const PixelRect&) const = default;
};

/// The pixels in both `a` and `b` (empty, with a zero size, when they do not meet).
PixelRect Intersection(const PixelRect& a, const PixelRect& b);

/// The framebuffer pixels wholly inside `rect` (x, y, width, height in screen pixels from the top
/// left of a window of size `window`), for a framebuffer of `framebuffer` pixels (hi-DPI: larger).
/// Partly covered pixels are left out, so what is cleared under a panel never shows beside it.
PixelRect InnerPixels(const glm::dvec4& rect, glm::dvec2 window, glm::ivec2 framebuffer);

/// The framebuffer pixels that touch `rect` (partly covered pixels included): a scissor that
/// loses nothing of what is drawn inside `rect`. Clamped to the framebuffer.
PixelRect OuterPixels(const glm::dvec4& rect, glm::dvec2 window, glm::ivec2 framebuffer);

/// The bounding box (x, y, width, height, screen pixels) of the part of a window of size `window`
/// that no rectangle of `covered` hides, each of them first grown by `grow` on every side (the
/// panels' rounded corners: the caller's rectangles leave them out); the box is then grown by
/// `grow` again, so the corners beside the free part are kept. The whole window when nothing
/// is covered; a zero size when everything is.
glm::dvec4 UncoveredBounds(glm::dvec2 window, const std::vector<glm::dvec4>& covered, double grow = 0.0);

} // namespace hitlab
