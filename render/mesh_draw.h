// Drawing triangles and meshes into a DrawSink: filled faces (front faces in the shape's colour,
// back faces darker, so that a culling test's misses can be read off the picture), edges and
// the winding normal.
#pragma once

#include "draw_sink.h"

#include "core/shapes.h"

namespace hitlab {

/// How a triangle or mesh is drawn: its colour and whether it is hovered or selected.
struct SurfaceLooks {
    glm::vec4 color{1};
    bool hovered = false;
    bool selected = false;
    bool edges = true; ///< a mesh's edges (of meshes up to kMeshEdgeLimit triangles; View > Mesh edges)
};

/// A triangle: both sides filled, its edges, its vertices, and an arrow along its winding normal.
void DrawTriangleShape(const Triangle<double>& triangle, const SurfaceLooks& looks, DrawSink& out);

/// A mesh: every triangle filled (shaded by the angle of its normal, back faces darker) and, when
/// looks.edges, for meshes of up to kMeshEdgeLimit triangles, its edges.
/// A sink that draws meshes itself (DrawSink::MeshFaces: the GL one) gets the whole mesh at once
/// (lighter when hovered or selected, and the selection outlined by its bounding box);
/// the others (figures, SVG, tests) get its triangles, or above kMeshFigureLimit triangles only
/// the 12 edges of its bounding box and a label saying so.
void DrawMeshShape(const Mesh<double>& mesh, const SurfaceLooks& looks, DrawSink& out);

/// Above this many triangles a mesh is drawn without its edges (they would fill the picture).
inline constexpr std::size_t kMeshEdgeLimit = 20000;
/// Above this many triangles a figure (a sink without MeshFaces) shows a mesh's bounding box.
inline constexpr std::size_t kMeshFigureLimit = 20000;

} // namespace hitlab
