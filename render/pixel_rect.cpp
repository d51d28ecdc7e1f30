// Screen rectangles to framebuffer pixels, and the part of the window the panels leave free.
#include "pixel_rect.h"

#include <algorithm>
#include <cmath>

namespace hitlab {

namespace {

double Scale(glm::dvec2 window, glm::ivec2 framebuffer) { return double(framebuffer.y) / std::max(window.y, 1.0); }

PixelRect FromCorners(int x0, int y0, int x1, int y1)
{
    return x1 > x0 && y1 > y0 ? PixelRect{x0, y0, x1 - x0, y1 - y0} : PixelRect{};
}

} // namespace

PixelRect Intersection(const PixelRect& a, const PixelRect& b)
{
    const int x0 = std::max(a.x, b.x), y0 = std::max(a.y, b.y);
    const int x1 = std::min(a.x + a.width, b.x + b.width), y1 = std::min(a.y + a.height, b.y + b.height);
    if (x1 <= x0 || y1 <= y0) {
        return {};
    }
    return {x0, y0, x1 - x0, y1 - y0};
}

PixelRect InnerPixels(const glm::dvec4& r, glm::dvec2 window, glm::ivec2 framebuffer)
{
    const double s = Scale(window, framebuffer);
    // rows flip: the rectangle's bottom edge (r.y + r.w from the top) is its lowest GL row
    return FromCorners(int(std::ceil(r.x * s)), int(std::ceil((window.y - r.y - r.w) * s)),
                       int(std::floor((r.x + r.z) * s)), int(std::floor((window.y - r.y) * s)));
}

PixelRect OuterPixels(const glm::dvec4& r, glm::dvec2 window, glm::ivec2 framebuffer)
{
    const double s = Scale(window, framebuffer);
    const int x0 = std::max(0, int(std::floor(r.x * s)));
    const int y0 = std::max(0, int(std::floor((window.y - r.y - r.w) * s)));
    const int x1 = std::min(framebuffer.x, int(std::ceil((r.x + r.z) * s)));
    const int y1 = std::min(framebuffer.y, int(std::ceil((window.y - r.y) * s)));
    return FromCorners(x0, y0, x1, y1);
}

glm::dvec4 UncoveredBounds(glm::dvec2 window, const std::vector<glm::dvec4>& covered, double grow)
{
    // cut the window along every rectangle's edges; each cell of that grid is wholly covered by
    // some rectangle or wholly free (a handful of panels: a few hundred cells)
    std::vector<glm::dvec4> rects;
    std::vector<double> xs{0.0, window.x}, ys{0.0, window.y};
    for (const glm::dvec4& c : covered) {
        const glm::dvec4 g(c.x - grow, c.y - grow, c.z + 2.0 * grow, c.w + 2.0 * grow);
        rects.push_back(g);
        xs.insert(xs.end(), {std::clamp(g.x, 0.0, window.x), std::clamp(g.x + g.z, 0.0, window.x)});
        ys.insert(ys.end(), {std::clamp(g.y, 0.0, window.y), std::clamp(g.y + g.w, 0.0, window.y)});
    }
    std::sort(xs.begin(), xs.end());
    std::sort(ys.begin(), ys.end());
    xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
    ys.erase(std::unique(ys.begin(), ys.end()), ys.end());
    double x0 = window.x, y0 = window.y, x1 = 0.0, y1 = 0.0;
    for (size_t i = 0; i + 1 < xs.size(); ++i) {
        for (size_t j = 0; j + 1 < ys.size(); ++j) {
            const double cx = (xs[i] + xs[i + 1]) * 0.5, cy = (ys[j] + ys[j + 1]) * 0.5;
            const bool hidden = std::any_of(rects.begin(), rects.end(), [&](const glm::dvec4& r) {
                return cx > r.x && cx < r.x + r.z && cy > r.y && cy < r.y + r.w;
            });
            if (!hidden) {
                x0 = std::min(x0, xs[i]);
                y0 = std::min(y0, ys[j]);
                x1 = std::max(x1, xs[i + 1]);
                y1 = std::max(y1, ys[j + 1]);
            }
        }
    }
    if (x1 <= x0 || y1 <= y0) {
        return glm::dvec4(0.0);
    }
    x0 = std::max(0.0, x0 - grow);
    y0 = std::max(0.0, y0 - grow);
    x1 = std::min(window.x, x1 + grow);
    y1 = std::min(window.y, y1 + grow);
    return {x0, y0, x1 - x0, y1 - y0};
}

} // namespace hitlab
