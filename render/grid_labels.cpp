// The 2D view's coordinate labels.
#include "grid_labels.h"

#include "scene_draw.h"

#include "core/text.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace hitlab {

double GridLabelStep(const Camera& camera, double minPixels)
{
    const double base = GridSpacing(camera);
    const double perPixel = WorldPerPixel(camera);
    for (double m : {1.0, 2.0, 5.0, 10.0, 20.0, 50.0}) {
        if (base * m / perPixel >= minPixels) {
            return base * m;
        }
    }
    return base * 100.0;
}

std::vector<GridLabel> GridLabels(const Camera& camera)
{
    std::vector<GridLabel> out;
    if (!camera.view2d) {
        return out;
    }
    const double perPixel = WorldPerPixel(camera);
    const glm::dvec2 half = camera.viewport * 0.5 * perPixel;
    const glm::dvec2 lo = glm::dvec2(camera.target) - half, hi = glm::dvec2(camera.target) + half;
    const double step = GridLabelStep(camera);
    // the axis lines the labels sit on: the world axes, or the view's edge when an axis is out of view
    const double xLine = std::clamp(0.0, lo.y + 24.0 * perPixel, hi.y - 4.0 * perPixel);
    const double yLine = std::clamp(0.0, lo.x + 4.0 * perPixel, hi.x - 60.0 * perPixel);
    const bool originShown = xLine == 0.0 && yLine == 0.0;
    auto text = [&](long k) { return ShortNumber(double(k) * step, 6); };
    for (long k = long(std::ceil(lo.x / step)); double(k) * step <= hi.x; ++k) {
        // a number that would run past the view's right edge is left out (8 px a character, as
        // the figures' 7.8 and the window's 13 px font)
        std::string t = text(k);
        if (double(k) * step <= hi.x - (4.0 + 8.0 * double(t.size())) * perPixel) {
            out.push_back({glm::dvec3(double(k) * step, xLine, 0.0), glm::vec2(4.0f, 3.0f), std::move(t)});
        }
    }
    for (long k = long(std::ceil(lo.y / step)); double(k) * step <= hi.y; ++k) {
        if (k != 0 || !originShown) { // the x axis's "0" names the origin
            out.push_back({glm::dvec3(yLine, double(k) * step, 0.0), glm::vec2(6.0f, -9.0f), text(k)});
        }
    }
    return out;
}

void DrawGridLabels(const Camera& camera, DrawSink& out)
{
    for (const GridLabel& label : GridLabels(camera)) {
        out.Label(glm::vec3(label.at), label.offset, label.text, palette::kTickText);
    }
}

} // namespace hitlab
