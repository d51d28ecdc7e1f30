// Drawing convex shapes (the protocol's `convex`) into a DrawSink as what they are: the closed
// hull of their points (core/convex_hull.h), its faces filled and shaded, its edges, its vertices,
// and the points inside it fainter. Hulls are built once per shape data (a small cache).
#pragma once

#include "draw_sink.h"
#include "mesh_draw.h"

#include "core/convex_hull.h"
#include "core/shapes.h"

#include <memory>

namespace hitlab {

/// The hull of a convex shape's points, built on first use and kept while the data lives (the
/// last few data drawn are cached; dragging makes new data, so its hull is built again).
std::shared_ptr<const ConvexHull> CachedHull(const std::shared_ptr<const ConvexData>& data);

/// How a hull is drawn: face colour and opacity, edge colour and width, vertex marker size (0: none).
struct HullLooks {
    glm::vec4 faces{1};
    float faceAlpha = 0.45f;
    glm::vec4 edges{1};
    float edgeWidth = 1.8f;
    float vertexSize = 7.0f;
    DrawLayer layer = DrawLayer::Scene;
};

/// A hull: a polyhedron's triangles filled (shaded by their normal) and its edges (diagonals of a
/// flat facet split into triangles left out); a polygon's fan filled and its boundary; a segment's
/// line; a point's marker; and a marker at every vertex when looks.vertexSize > 0.
void DrawHull(const ConvexHull& hull, const HullLooks& looks, DrawSink& out);

/// How many edges DrawHull draws for this hull (its true edges: no facet diagonals).
std::size_t DrawnEdgeCount(const ConvexHull& hull);

/// A convex shape: its hull (DrawHull) and its points that are not hull vertices, as small faint
/// discs (points strictly inside the hull, or on a face or edge but not a corner).
void DrawConvexShape(const Convex<double>& convex, const SurfaceLooks& looks, DrawSink& out);

} // namespace hitlab
