// A cast's result on a triangle or a mesh, drawn from core's result and trace (nothing is
// intersected here): the triangle hit, the hit point's barycentric coordinates, the trace's edge
// functions, the back face, and the crack a drawn algorithm slips through where the exact judge
// hits.
#pragma once

#include "draw_sink.h"

#include "core/result.h"
#include "core/shapes.h"
#include "core/trace.h"

#include <optional>

namespace hitlab {

/// The triangle a cast result names: the triangle itself, or the mesh's triangle `result.triangle`
/// when the result has one in range; none for other shapes.
std::optional<Triangle<double>> HitTriangle(const Shape& target, const Result& result);

/// The drawn result on the triangle hit (overlays): its outline, its three sub-triangles (the hit
/// point with each edge) tinted in the colour of the opposite vertex by that vertex's weight
/// (w = 1 - u - v for v0, u for v1, v for v2: palette::Slab(0..2)), lines from the point to the
/// vertices in the same colours; a back-face hit (front false) ringed. Without u and v only the
/// outline. `reference`: the exact judge's answer; when it hits and the drawn result misses (a
/// crack, a culled back face, a lost triangle), its point is marked with a diamond (palette::kDisagree).
void DrawTriangleHit(const Shape& target, const Result& drawn, const Result& reference, DrawSink& out);

/// The labels of DrawTriangleHit: "u = .., v = .., w = .." by the hit point (and "back face" when
/// it is one), "v0", "v1", "v2" by the vertices, by an exact hit the drawn algorithm misses: "missed: a back face"
/// when the exact hit is on the back, "ray slips through here" (a crack) when it is on an edge or
/// a vertex (u = 0, v = 0 or u + v = 1), else "missed here";
/// and from the trace (the last step holding each value) the edge functions' signs at the middle of
/// their edges ("u +" on edge v2 v0, "v +" on v0 v1, "w +" on v1 v2): values "u" and "v" (w then
/// 1 - u - v), "u_det", "v_det", "w_det" (inside when of det's sign), "side_v1v2", "side_v2v0",
/// "side_v0v1" (inside when all agree); inside in kFaceInside, outside in kFaceOutside.
void DrawTriangleHitLabels(const Shape& target, const Result& drawn, const Result& reference, const Trace* trace,
                           DrawSink& out);

} // namespace hitlab
