// Turns core's scene, results and traces into primitives for the batched renderers: shapes,
// hover and selection highlights, every enabled query's result overlay, and for the focused pair
// the drawn algorithm's trace (slab planes, closest point, separating axis). It draws what core
// computed; it never computes an intersection itself.
#pragma once

#include "camera.h"
#include "draw_sink.h"
#include "overlay_draw.h"
#include "slab_draw.h"

#include "core/scene.h"
#include "core/scene_eval.h"
#include "core/trace.h"

namespace hitlab {

/// The viewport's palette (linear RGBA), shared with the app's overlays and the pixel tests.
namespace palette {
inline constexpr glm::vec4 kBackground{0.105f, 0.11f, 0.12f, 1.0f};
inline constexpr glm::vec4 kGridMinor{0.19f, 0.2f, 0.215f, 1.0f};
inline constexpr glm::vec4 kGridMajor{0.27f, 0.28f, 0.3f, 1.0f};
inline constexpr glm::vec4 kAxisX{0.9f, 0.3f, 0.32f, 1.0f};
inline constexpr glm::vec4 kAxisY{0.45f, 0.85f, 0.3f, 1.0f};
inline constexpr glm::vec4 kAxisZ{0.3f, 0.5f, 0.95f, 1.0f};
inline constexpr glm::vec4 kHitMarker{1.0f, 1.0f, 1.0f, 1.0f};    ///< entry point disc
inline constexpr glm::vec4 kInside{1.0f, 1.0f, 1.0f, 0.9f};       ///< the part of a ray inside a solid
inline constexpr glm::vec4 kNormal{0.35f, 0.9f, 1.0f, 1.0f};      ///< entry normals, closest points
inline constexpr glm::vec4 kPenetration{1.0f, 0.38f, 0.3f, 1.0f}; ///< penetration vectors, contacts
inline constexpr glm::vec4 kDisagree{1.0f, 0.3f, 0.85f, 1.0f};    ///< algorithms disagree on this query
inline constexpr glm::vec4 kSelected{1.0f, 0.62f, 0.15f, 1.0f};
inline constexpr glm::vec4 kHovered{1.0f, 1.0f, 1.0f, 0.85f};
inline constexpr glm::vec4 kFaceInside{0.3f, 0.92f, 0.42f, 1.0f}; ///< a face plane's hit point inside the face
inline constexpr glm::vec4 kFaceOutside{1.0f, 0.32f, 0.2f, 1.0f}; ///< ... outside it
/// The slab method's colours, one per slab (x, y, z): planes, crossings, bands, t labels and the
/// number line's bars. Rose, teal and violet: apart from the greyed world axes (GridAxis), and from
/// the yellow and orange of rays and the selection.
inline constexpr glm::vec4 kSlabX{0.98f, 0.45f, 0.62f, 1.0f};
inline constexpr glm::vec4 kSlabY{0.2f, 0.85f, 0.72f, 1.0f};
inline constexpr glm::vec4 kSlabZ{0.74f, 0.55f, 1.0f, 1.0f};
inline constexpr glm::vec4 kSecondTrace{0.95f, 0.95f, 0.95f, 1.0f}; ///< a compared second trace's crossings
inline constexpr glm::vec4 kTickText{0.62f, 0.64f, 0.68f, 1.0f};    ///< the 2D grid's coordinate labels
/// Axis colours by index (x, y, z): the gizmo's arrows and rings, face names.
glm::vec4 Axis(int axis);
/// The world axes through the origin on the grid: the axis colours, greyed and dimmed (alpha
/// 0.85) so they never read as a slab.
glm::vec4 GridAxis(int axis);
/// Slab colours by index (x, y, z); another index gives grey.
glm::vec4 Slab(int axis);
} // namespace palette

/// A handle drawn on the selection (see the app's handle list); index into the shape's handles.
struct HandleMarker {
    glm::dvec3 position{0.0};
    glm::dvec3 toward{0.0}; ///< arrowheads point from toward to position
    MarkerKind kind = MarkerKind::Square;
    bool hovered = false;
};

/// A query's drawn result given from outside the evaluation (`hitlab render` with external
/// programs or plugins): their answer when one of theirs is drawn, and whether the query's
/// algorithms, theirs included, agree (its disagreement marking).
struct DrawnOverride {
    Result result;
    std::uint32_t returns = 0; ///< the drawn algorithm's AlgorithmInfo::returns
    bool agree = true;
};

struct SceneDrawOptions {
    Camera camera;
    ShapeId hovered = 0;
    ShapeId selected = 0;
    /// The query the person looks at and the trace of its family's drawn algorithm (null: none).
    const SceneQuery* focused = nullptr;
    const Trace* focusedTrace = nullptr;
    std::vector<HandleMarker> handles;
    /// A second algorithm's trace of the focused query, compared with the drawn one (null: none).
    const Trace* secondTrace = nullptr;
    SlabHighlight slabHighlight; ///< the slab lit by a hover in the number line or the viewport
    GizmoDraw gizmo;             ///< the selection's move arrows or rotate rings (under the handles)
    bool grid = true;
    bool meshEdges = true; ///< the edges of meshes of up to kMeshEdgeLimit triangles (render/mesh_draw.h)
    /// Where the grid and every shape but the selected one go, when not null (a cached layer:
    /// render/still_layer.h); the rest, and the hovered shape's highlight, go to the sink DrawScene
    /// is given.
    DrawSink* still = nullptr;
    /// Indices into the evaluation's queries that have something to draw (see HasResultToDraw),
    /// kept by the caller per evaluation; null: every query is checked (100,000 on the stress scene).
    const std::vector<std::uint32_t>* drawable = nullptr;
    /// Parallel to the evaluation's queries: each query's result and agreement to draw instead of
    /// the drawn algorithm's and the evaluation's (null: none). drawable is then ignored.
    const std::vector<DrawnOverride>* overrides = nullptr;
};

/// Whether a query's result overlay draws anything: not when every algorithm misses.
inline bool HasResultToDraw(const QueryEvaluation& qe) { return !(qe.comparison.agree && !qe.ReferenceHit()); }

/// The ground grid (LayoutGrid: y = 0, or z = 0 in 2D mode) with the x, y and z axes.
void DrawGrid(const Camera& camera, DrawSink& out);
/// Every visible shape, result overlay and the focused trace.
void DrawScene(const Scene& scene, const SceneEvaluator& evaluation, const SceneDrawOptions& options, DrawSink& out);
/// t labels of a cast query, from the result the viewport draws and the focused trace (core's,
/// never recomputed). With a slab-method trace: one label at every slab crossing the trace records
/// ("x near t = 0.25", "y far t = 3"; crossings at the same t share one label, and the result's
/// entry and exit say so: "in: y near t = 1"), near crossings above the point and far ones below.
/// Otherwise, and for an entry or exit at no crossing: "in t = ..." and "out t = ..." by the entry
/// and exit points of a hit, "out" only when the drawn algorithm returns t_exit and it differs from
/// t_enter. Nothing for overlaps or unknown queries.
/// Crossing labels are in their slab's colour. At a miss's deciding step (the last slab shown
/// leaves the running interval empty) the crossings that decide are named "exits first: x far" and
/// "enters last: y near", or, when a parallel slab's test rejected the cast, that test by the
/// origin ("miss by the y parallel test: start outside the slab"); while it is not empty the
/// running interval is labelled "[t_enter, t_exit] = [a, b]" below its middle (on the last step:
/// the final interval). The numbers are written together, with the digits that keep different
/// values apart (DistinctNumbers). With
/// `camera`, a label that would overwrite one placed before moves a lane (20 pixels) further
/// above or below its point; `charWidth` is the text's width per character in pixels. `given`:
/// the result drawn instead of the drawn algorithm's (SceneDrawOptions::overrides).
void DrawCastLabels(const Scene& scene, const SceneEvaluator& evaluation, const SceneQuery& query, DrawSink& out,
                    const Trace* trace = nullptr, const Camera* camera = nullptr, float charWidth = 7.0f,
                    const DrawnOverride* given = nullptr);
/// The result of the family's drawn algorithm within a comparison (the reference's when absent).
Result DrawnResult(const Scene& scene, const QueryEvaluation& evaluation);

} // namespace hitlab
