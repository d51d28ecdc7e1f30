// The 2D view's coordinate labels: numbers along the world x and y axes at a spacing that stays
// readable as the view zooms (a multiple 1, 2 or 5 of the grid step, at least 80 pixels apart).
// Kept apart from the grid's lines (scene_draw's DrawGrid): labels go through DrawSink::Label, so
// the window (ImGui text) and the SVG figure draw them alike.
#pragma once

#include "camera.h"
#include "draw_sink.h"

#include <string>
#include <vector>

namespace hitlab {

/// One coordinate label: the world point it names and its text, `offset` pixels from the point.
struct GridLabel {
    glm::dvec3 at{0.0};
    glm::vec2 offset{0.0f};
    std::string text;
};

/// The labels' spacing in world units: the grid step times the first of 1, 2, 5, 10, 20, 50, 100
/// whose labels lie at least minPixels apart on screen.
double GridLabelStep(const Camera& camera, double minPixels = 80.0);

/// The visible labels of the 2D view (none in 3D views): x values below the x axis, y values right
/// of the y axis, "0" once at the origin. An axis out of the view keeps its labels at the view's
/// edge (bottom for x, left for y), so the numbers stay on screen while panning.
std::vector<GridLabel> GridLabels(const Camera& camera);

/// GridLabels through out.Label, in the tick text colour.
void DrawGridLabels(const Camera& camera, DrawSink& out);

} // namespace hitlab
