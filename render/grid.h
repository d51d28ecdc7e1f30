// The ground grid's world-space layout, in one place: its plane, its step for the camera's zoom,
// its centre and how far it reaches and fades. The GL renderer draws it as one polygon whose
// fragment shader finds the lines (shaders/grid.frag.glsl); other sinks get it as lines
// (EmitGridLines); labels along the grid read the same layout.
#pragma once

#include "camera.h"

#include <glm/vec3.hpp>

namespace hitlab {

class DrawSink;

/// Grid spacing for the camera's zoom (a power of ten), also the snap step.
double GridSpacing(const Camera& camera);

struct GridLayout {
    int normalAxis = 1;     ///< the grid lies in the plane where this coordinate is 0
    int u = 2, v = 0;       ///< the two axes in the plane: (normalAxis + 1) % 3, (normalAxis + 2) % 3
    double step = 1.0;      ///< between neighbouring lines (GridSpacing)
    glm::dvec3 center{0.0}; ///< on a major line crossing (a multiple of step * kMajorEvery), 0 along normalAxis
    double extent = 40.0;   ///< lines fade out with the distance from center, to nothing here (kLines steps)
    double radius = 30.0;   ///< lines are drawn within this distance of center only (3/4 of extent)
    static constexpr int kLines = 40;      ///< steps from center to extent
    static constexpr int kMajorEvery = 10; ///< every tenth line is a major one
};

/// The grid for a camera: in the plane the view looks at most directly (y = 0 in perspective,
/// z = 0 in 2D mode and the front view, x = 0 in the right view), centred on the major crossing
/// nearest the camera's target.
GridLayout LayoutGrid(const Camera& camera);

/// Whether the line of index `index` (at index * step along its axis) is a major one.
inline bool IsMajorGridLine(long index) { return index % GridLayout::kMajorEvery == 0; }

/// The grid's lines as DrawSink lines of layer Grid (the caller sets GridFade): for every index within
/// kLines steps of the centre, the chord of the drawn disc at that offset, along each axis, major
/// lines in palette::kGridMajor and the others in kGridMinor; not the lines through the origin
/// (the axes draw those).
void EmitGridLines(const GridLayout& grid, DrawSink& out);

} // namespace hitlab
