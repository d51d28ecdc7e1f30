// Multi-page figures to files: a PDF deck (cairo's PDF surface, one page a painter) and an
// animated GIF (each frame painted on a cairo image surface, one quantised palette for all
// frames, written with giflib). GL-free.
#pragma once

#include <glm/vec2.hpp>

#include <functional>
#include <string>
#include <vector>

typedef struct _cairo cairo_t;

namespace hitlab {

/// Paints one page or frame on a context whose units are the page's pixels (CairoSink::Paint).
using PagePainter = std::function<void(cairo_t*)>;

/// Writes the pages to a PDF of pages `size` points (one pixel a point). "" or what went wrong.
std::string WritePdfDeck(const std::string& path, glm::ivec2 size, const std::vector<PagePainter>& pages);

/// One frame of an animation and how long it shows, in hundredths of a second.
struct AnimationFrame {
    PagePainter paint;
    int delayCs = 8;
};

/// Writes the frames as a looping animated GIF of `size` pixels: one palette of at most 256 colours
/// for all frames, quantised (giflib's median cut) from up to 8 frames spread over the animation,
/// every frame's pixels mapped to the nearest colour. "" or what went wrong.
std::string WriteGifAnimation(const std::string& path, glm::ivec2 size, const std::vector<AnimationFrame>& frames);

/// A page rasterised (ARGB32, cairo's image surface) and written as a PNG: for looking at a deck's
/// pages. "" or what went wrong.
std::string WritePagePng(const std::string& path, glm::ivec2 size, const PagePainter& page);

} // namespace hitlab
