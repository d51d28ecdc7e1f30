// The focused trace's steps drawn in the scene, beside the slab planes and face steps: a ray/sphere
// trace's projection of the centre, perpendicular distance d, half-chord and entry and exit; an
// axis test's candidate axis with both shapes' projected intervals on it and the gap or overlap
// between them; the pair's two roles (a and b) in two colours; the penetration arrow's depth.
// It draws what core's traces and results hold; nothing is computed here but where to put it.
#pragma once

#include "camera.h"
#include "draw_sink.h"

#include "core/scene.h"
#include "core/scene_eval.h"
#include "core/trace.h"

namespace hitlab {

struct DrawnOverride; // scene_draw.h

namespace palette {
/// The query's a and b when their own colours look alike (see RoleColors).
inline constexpr glm::vec4 kShapeA{1.0f, 0.84f, 0.3f, 1.0f};
inline constexpr glm::vec4 kShapeB{0.4f, 0.6f, 1.0f, 1.0f};
inline constexpr glm::vec4 kGap{0.35f, 0.9f, 1.0f, 1.0f};     ///< the gap between two projected intervals
inline constexpr glm::vec4 kOverlap{1.0f, 0.38f, 0.3f, 1.0f}; ///< their overlap
} // namespace palette

/// The colours of an overlap pair's two roles, a and b, wherever the pair is drawn or named (edges,
/// intervals, the inspector's legend and columns): the shapes' own colours (opaque) when they are
/// told apart at a glance (RGB distance at least 0.4), else palette::kShapeA and kShapeB.
struct PairColors {
    glm::vec4 a, b;
};
PairColors RoleColors(const glm::vec4& a, const glm::vec4& b);

/// The AxisPart the trace shows: the step's own when the trace is one step (the Query inspector's
/// current step), else the separating axis, else the chosen one (least overlap); null when none.
const AxisPart* ShownAxis(const Trace& trace);

/// The focused pair's trace steps as lines and markers (no labels), after the shapes:
/// - an overlap pair: a's box edges and b's in their RoleColors (the selected shape keeps its own
///   edges: they show the selection);
/// - an axis test (sat, the per-axis interval tests): ShownAxis as a line beside the pair, a's and
///   b's projected intervals on it in their colours (a on one side, b on the other, ticks at their
///   ends), the gap between them (kGap) or their overlap (kOverlap) on the axis, thin projectors
///   from the centres; a one-step trace of b's push-out: the push-out as an arrow in b's colour;
/// - a ray/sphere trace (the steps' parts): the centre's projection on the ray (diamond), the
///   perpendicular from the centre to it (cyan when d <= r, orange when d > r); at a roots step
///   (values t0 and t1) the entry and exit points on the line, the half-chord from the chord's
///   middle to the exit and the radius from the centre to the exit (the right triangle d,
///   half-chord, r).
void DrawTraceSteps(const Scene& scene, const SceneQuery& query, const Trace& trace, const Camera& camera,
                    ShapeId selected, DrawSink& out);

/// The labels of DrawTraceSteps, for the label pass (the app's text overlay, the SVG figure): "a"
/// and "b" by the pair; "axis NAME", "a [lo, hi]" and "b [lo, hi]" by the intervals, "gap g" or
/// "overlap o" by what lies between them (", push-out p" added where the method's overlap, the
/// move that leaves them touching, differs: one interval inside the other); "d = ... <= r = ..."
/// by the perpendicular, "half-chord = ..." by the half-chord, "r" by the radius, "t0 = ..." and
/// "t1 = ..." by the entry and exit (one "t0 = t1 = ..." when tangent), "projection t = ..." by the
/// centre's projection; an overlap trace's segments with their length ("centre to centre: 1.5");
/// and for an overlap hit of the drawn algorithm, when it returns a depth,
/// "depth ..." at the tip of its penetration arrow ("depth 0 (touching)"); `given`: the result
/// drawn instead of the drawn algorithm's (SceneDrawOptions::overrides).
void DrawTraceLabels(const Scene& scene, const SceneEvaluator& evaluation, const SceneQuery& query, const Trace& trace,
                     const Camera& camera, DrawSink& out, const DrawnOverride* given = nullptr);

} // namespace hitlab
