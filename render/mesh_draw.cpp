// Triangles and meshes as faces, edges and normals (render/mesh_draw.h).
#include "mesh_draw.h"

#include "draw_helpers.h"
#include "scene_draw.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <string>

namespace hitlab {

namespace {

glm::vec3 ToF(const glm::dvec3& v) { return glm::vec3(v); }

} // namespace

void DrawTriangleShape(const Triangle<double>& triangle, const SurfaceLooks& looks, DrawSink& out)
{
    const auto& v = triangle.vertices;
    const glm::dvec3 n = glm::cross(v[1] - v[0], v[2] - v[0]);
    const float alpha = looks.hovered || looks.selected ? 0.55f : 0.42f;
    out.Triangle(DrawLayer::Scene, ToF(v[0]), ToF(v[1]), ToF(v[2]), ShadedFace(looks.color, n, alpha));
    const glm::vec4 edge = looks.selected ? palette::kSelected : Lighter(looks.color, 0.25f);
    for (int i = 0; i < 3; ++i) {
        out.Line(DrawLayer::Scene, ToF(v[i]), ToF(v[(i + 1) % 3]), edge, looks.selected ? 2.5f : 1.8f);
        out.Marker(ToF(v[i]), edge, 7.0f, MarkerKind::Disc);
    }
    const double length = glm::length(n);
    if (length > 0) {
        const glm::dvec3 centroid = (v[0] + v[1] + v[2]) / 3.0;
        const double size = std::max({glm::length(v[1] - v[0]), glm::length(v[2] - v[1]), glm::length(v[0] - v[2])});
        const glm::dvec3 tip = centroid + n / length * (0.25 * size);
        out.Line(DrawLayer::Scene, ToF(centroid), ToF(tip), edge, 1.5f);
        out.Marker(ToF(tip), edge, 10.0f, MarkerKind::Arrowhead, ToF(centroid));
    }
}

namespace {

/// The 12 edges of a mesh's bounding box (a large mesh in a figure, the selection's outline).
void DrawMeshBox(const Mesh<double>& mesh, const glm::vec4& edge, DrawSink& out)
{
    const glm::dvec3 lo = mesh.data->boundsMin, hi = mesh.data->boundsMax;
    auto corner = [&](int i) { return glm::dvec3(i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z); };
    for (int i = 0; i < 8; ++i) {
        for (int bit = 1; bit < 8; bit <<= 1) {
            if ((i & bit) == 0) {
                out.Line(DrawLayer::Scene, ToF(corner(i)), ToF(corner(i | bit)), edge, 1.5f);
            }
        }
    }
}

/// A mesh too large for a figure: its bounding box and a note saying so.
void DrawMeshBounds(const Mesh<double>& mesh, const SurfaceLooks& looks, DrawSink& out)
{
    const glm::vec4 edge = looks.selected ? palette::kSelected : Lighter(looks.color, 0.25f);
    DrawMeshBox(mesh, edge, out);
    out.Label(ToF(mesh.data->boundsMax), {6.0f, -6.0f},
              "mesh of " + std::to_string(mesh.TriangleCount()) + " triangles: its bounding box only", edge);
}

} // namespace

void DrawMeshShape(const Mesh<double>& mesh, const SurfaceLooks& looks, DrawSink& out)
{
    const size_t count = mesh.TriangleCount();
    if (count == 0) {
        return;
    }
    const bool edges = looks.edges && count <= kMeshEdgeLimit;
    const float alpha = looks.hovered || looks.selected ? 0.8f : 0.7f;
    const glm::vec4 faces = looks.hovered || looks.selected ? Lighter(looks.color, 0.15f) : looks.color;
    if (out.MeshFaces(mesh.data, WithAlpha(faces, alpha), edges)) {
        if (looks.selected) { // the selection: the mesh's bounding box in the selection colour
            DrawMeshBox(mesh, palette::kSelected, out);
        }
        return;
    }
    if (count > kMeshFigureLimit) {
        DrawMeshBounds(mesh, looks, out);
        return;
    }
    const glm::vec4 edge = looks.selected ? palette::kSelected : WithAlpha(Lighter(looks.color, 0.3f), 0.7f);
    for (size_t i = 0; i < count; ++i) {
        const Triangle<double> t = mesh.TriangleAt(i);
        const auto& v = t.vertices;
        const glm::dvec3 n = glm::cross(v[1] - v[0], v[2] - v[0]);
        out.Triangle(DrawLayer::Scene, ToF(v[0]), ToF(v[1]), ToF(v[2]), ShadedFace(looks.color, n, alpha - 0.2f));
        if (edges) {
            for (int k = 0; k < 3; ++k) {
                out.Line(DrawLayer::Scene, ToF(v[k]), ToF(v[(k + 1) % 3]), edge, 1.0f);
            }
        }
    }
}

} // namespace hitlab
