// The focused query's labels, placed together (DrawFocusLabels), and which slab a cast label on
// screen names: the hover of a crossing's label (as of its point, see slab_draw.h's CrossingAt)
// lights the slab's bar in the number line.
#pragma once

#include "camera.h"
#include "draw_sink.h"

#include "core/scene.h"
#include "core/scene_eval.h"
#include "core/trace.h"

#include <string>
#include <vector>

namespace hitlab {

struct DrawnOverride; // scene_draw.h

/// Every label of the focused query to `out`: the cast's t labels (DrawCastLabels) and the
/// trace's (DrawTraceLabels), placed together so that none overlaps another nor the 2D view's
/// coordinates (GridLabels, which the caller draws), by LabelLayout with `charWidth` pixels a
/// character, inside `area` when it can (x, y, width, height; zero size: anywhere).
void DrawFocusLabels(const Scene& scene, const SceneEvaluator& evaluation, const SceneQuery& query, const Trace& trace,
                     const Camera& camera, float charWidth, glm::vec4 area, const DrawnOverride* given, DrawSink& out);

/// A label by a screen point rather than a world point (the hovered shape's name by the cursor).
struct ScreenLabel {
    glm::dvec2 at{0.0}; ///< screen pixels
    glm::vec2 offset{0.0f};
    std::string text;
    glm::vec4 color{1.0f};
};

/// Every label of a view to `out`, placed by one LabelLayout (`charWidth` pixels a character,
/// inside `area` when it can): the 2D view's coordinates kept free (GridLabels, which the caller
/// draws), the focused query's labels (DrawFocusLabels') when `query` is not null, and last
/// `cursor`, which gives way to all of them (a shape's name never covers a t label, a depth or an
/// axis number).
void DrawViewLabels(const Scene& scene, const SceneEvaluator& evaluation, const SceneQuery* query, const Trace& trace,
                    const Camera& camera, float charWidth, glm::vec4 area, const DrawnOverride* given,
                    const std::vector<ScreenLabel>& cursor, DrawSink& out);

/// The slab whose crossing label (DrawFocusLabels with the same arguments: the labels in a slab
/// colour) contains `cursor` (screen pixels), its box as the window draws it; -1: none.
int SlabLabelAt(const Scene& scene, const SceneEvaluator& evaluation, const SceneQuery& query, const Trace& trace,
                const Camera& camera, float charWidth, glm::dvec2 cursor, glm::vec4 area = glm::vec4(0.0f),
                const DrawnOverride* given = nullptr);

} // namespace hitlab
