// The ground grid's layout and its lines.
#include "grid.h"

#include "draw_sink.h"
#include "scene_draw.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace hitlab {

double GridSpacing(const Camera& camera) { return std::pow(10.0, std::floor(std::log10(camera.distance * 0.3))); }

GridLayout LayoutGrid(const Camera& camera)
{
    GridLayout grid;
    if (camera.view2d) {
        grid.normalAxis = 2;
    } else if (IsOrthographic(camera)) {
        const glm::dvec3 f = glm::abs(Basis(camera).forward);
        grid.normalAxis = f.x > f.y && f.x > f.z ? 0 : f.z > f.y ? 2 : 1;
    }
    grid.u = (grid.normalAxis + 1) % 3;
    grid.v = (grid.normalAxis + 2) % 3;
    grid.step = GridSpacing(camera);
    grid.extent = grid.step * GridLayout::kLines;
    grid.radius = grid.extent * 0.75;
    const double major = grid.step * GridLayout::kMajorEvery;
    grid.center = glm::dvec3(0.0);
    grid.center[grid.u] = std::round(camera.target[grid.u] / major) * major;
    grid.center[grid.v] = std::round(camera.target[grid.v] / major) * major;
    return grid;
}

void EmitGridLines(const GridLayout& grid, DrawSink& out)
{
    const glm::dvec3& center = grid.center;
    // each line stops where it has faded below what a display shows (DrawGrid sets the fade)
    auto line = [&](int axis, double offset, long index) {
        // the chord of the visible disc at `offset` from its centre, along `axis`
        const int across = axis == grid.u ? grid.v : grid.u;
        const double d = offset - center[across];
        const double halfLength = std::sqrt(std::max(0.0, grid.radius * grid.radius - d * d));
        glm::dvec3 a = center, b = center;
        a[across] = b[across] = offset;
        a[axis] -= halfLength;
        b[axis] += halfLength;
        out.Line(DrawLayer::Grid, glm::vec3(a), glm::vec3(b),
                 IsMajorGridLine(index) ? palette::kGridMajor : palette::kGridMinor, 1.0f);
    };
    for (int i = -GridLayout::kLines; i <= GridLayout::kLines; ++i) {
        const long indexU = std::lround(center[grid.u] / grid.step) + i;
        const long indexV = std::lround(center[grid.v] / grid.step) + i;
        if (indexU != 0) { // lines of constant u (the axis draws u = 0)
            line(grid.v, double(indexU) * grid.step, indexU);
        }
        if (indexV != 0) {
            line(grid.u, double(indexV) * grid.step, indexV);
        }
    }
}

} // namespace hitlab
