// What scene drawing emits, as an interface (Box2D's b2DebugDraw is the model): scene_draw,
// overlay_draw and fan_draw turn core's scene, results and traces into lines, markers, boxes,
// spheres and triangles and hand them to a DrawSink. The GL renderers implement it
// (render/renderers.h); the tests record what is emitted, without a display.
#pragma once

#include "grid.h"

#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <memory>
#include <string>

namespace hitlab {

struct MeshData; // core/mesh.h

/// Marker shapes (see shaders/marker.frag.glsl).
enum class MarkerKind { Disc = 0, Ring = 1, Square = 2, Arrowhead = 3, Diamond = 4 };

/// Where a line or triangle goes in the frame's order: the ground grid (first, under
/// everything), the scene (edges, rays, translucent planes: depth-tested) or the overlays
/// (results and traces: lines on top of everything, triangles depth-tested after the solids).
enum class DrawLayer { Grid, Scene, Overlay };

class DrawSink {
public:
    virtual ~DrawSink() = default;

    /// A segment of constant screen width (pixels), colours interpolated from a to b.
    virtual void Line(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec4& colorA,
                      const glm::vec4& colorB, float width) = 0;
    /// A marker of constant screen size (pixels) at a world point, on top of everything;
    /// arrowheads point from `toward` to `position`, on screen.
    virtual void Marker(const glm::vec3& position, const glm::vec4& color, float size, MarkerKind kind,
                        const glm::vec3& toward) = 0;
    /// A translucent solid box (axis-aligned or oriented by `axes`); edgeColor with alpha 0 draws
    /// no edges (the caller draws them, e.g. on top for the selection).
    virtual void Box(const glm::vec3& center, const glm::vec3& halfExtents, const glm::mat3& axes,
                     const glm::vec4& color, const glm::vec4& edgeColor, float edgeWidth) = 0;
    /// A translucent sphere; outline: rgb and, in a, the outline width in pixels.
    virtual void Sphere(const glm::vec3& center, float radius, const glm::vec4& color, const glm::vec4& outline) = 0;
    /// A plain coloured triangle.
    virtual void Triangle(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                          const glm::vec4& color) = 0;
    /// A whole mesh's faces in `color` (its alpha: their opacity), flat shaded with back faces
    /// tinted, and its edges when `edges`. Returns false when this sink does not draw meshes
    /// itself (the default): the caller then emits the mesh's triangles (DrawMeshShape). The GL
    /// sink draws them from buffers uploaded once per mesh data (render/mesh_renderer.h).
    virtual bool MeshFaces(const std::shared_ptr<const MeshData>& mesh, const glm::vec4& color, bool edges)
    {
        (void)mesh, (void)color, (void)edges;
        return false;
    }
    /// The grid's lines fade out with their distance from `center`, to nothing at `radius`.
    virtual void GridFade(const glm::vec3& center, float radius) = 0;
    /// The ground grid's lines (not its axes: DrawGrid draws those as lines). The default emits
    /// them as lines of layer Grid (EmitGridLines); the GL sink draws the grid as one polygon.
    virtual void Grid(const GridLayout& grid) { EmitGridLines(grid, *this); }
    /// Text by a world point, `offset` screen pixels from it (x right, y down), on top of the
    /// scene. GL draws no text: the app's ImGui overlay implements this (as Box2D's samples
    /// draw b2DebugDraw's strings with ImGui); the default ignores it.
    virtual void Label(const glm::vec3& at, glm::vec2 offset, const std::string& text, const glm::vec4& color)
    {
        (void)at, (void)offset, (void)text, (void)color;
    }

    /// A thin leader line from the world point `at` to the screen point `to` pixels from it (x
    /// right, y down): LabelLayout draws it from a point to its label when the label had to move
    /// away from it. The default ignores it.
    virtual void Leader(const glm::vec3& at, glm::vec2 to, const glm::vec4& color) { (void)at, (void)to, (void)color; }

    void Line(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec4& color, float width = 1.5f)
    {
        Line(layer, a, b, color, color, width);
    }
    void Marker(const glm::vec3& position, const glm::vec4& color, float size, MarkerKind kind)
    {
        Marker(position, color, size, kind, glm::vec3(0.0f));
    }
    /// Two triangles a b c and a c d.
    void Quad(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& d,
              const glm::vec4& color)
    {
        Triangle(layer, a, b, c, color);
        Triangle(layer, a, c, d, color);
    }
};

/// A sink that takes labels (and leaders) only and ignores every other primitive: for the label
/// pass, whose drawing emits nothing else, and for what measures labels.
class LabelSink : public DrawSink {
public:
    using DrawSink::Line;
    using DrawSink::Marker;
    void Line(DrawLayer, const glm::vec3&, const glm::vec3&, const glm::vec4&, const glm::vec4&, float) override {}
    void Marker(const glm::vec3&, const glm::vec4&, float, MarkerKind, const glm::vec3&) override {}
    void Box(const glm::vec3&, const glm::vec3&, const glm::mat3&, const glm::vec4&, const glm::vec4&, float) override
    {
    }
    void Sphere(const glm::vec3&, float, const glm::vec4&, const glm::vec4&) override {}
    void Triangle(DrawLayer, const glm::vec3&, const glm::vec3&, const glm::vec3&, const glm::vec4&) override {}
    void GridFade(const glm::vec3&, float) override {}
    void Grid(const GridLayout&) override {}
};

} // namespace hitlab
