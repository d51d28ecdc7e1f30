// Batched renderers, one per primitive, each with the same life cycle as Box2D's samples:
// Create once, Add during the frame, Draw (once per pass) and Clear, Destroy at the end.
// Lines and markers keep a constant size in screen pixels; boxes and spheres are instanced.
#pragma once

#include "draw_sink.h"
#include "frame_uniforms.h"
#include "mesh_renderer.h"
#include "scene_draw.h"

#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace hitlab {

class LineRenderer {
public:
    /// withFade: lines fade out with their distance from a centre (SetFade; the grid's axes).
    /// Without, the fragment shader has no fade to compute (a software rasteriser pays for it on
    /// every pixel of every line).
    bool Create(std::string& error, bool withFade = false);
    void Destroy();
    /// A segment of constant screen width (pixels), colours interpolated from a to b.
    void Add(const glm::vec3& a, const glm::vec3& b, const glm::vec4& colorA, const glm::vec4& colorB, float width);
    void Add(const glm::vec3& a, const glm::vec3& b, const glm::vec4& color, float width = 1.5f)
    {
        Add(a, b, color, color, width);
    }
    void Draw() const;
    void Clear() { m_instances.clear(); }
    size_t Count() const { return m_instances.size(); }
    /// This frame's instances as bytes (a cached layer compares them with the drawn ones).
    std::span<const std::byte> Bytes() const { return std::as_bytes(std::span(m_instances)); }
    /// Lines fade out with their distance from `center`, to nothing at `radius` (0: no fade); only
    /// when created withFade.
    void SetFade(const glm::vec3& center, float radius) { m_fade = glm::vec4(center, radius); }

private:
    glm::vec4 m_fade{0.0f};
    struct Instance {
        glm::vec3 a, b;
        glm::vec4 colorA, colorB;
        float width;
    };
    std::vector<Instance> m_instances;
    unsigned m_program = 0, m_vao = 0, m_quad = 0, m_buffer = 0;
    mutable std::size_t m_capacity = 0; ///< bytes of m_buffer's storage
    int m_fadeLocation = -1;            ///< uFade, looked up once (-1: created without fade)
};

class MarkerRenderer {
public:
    bool Create(std::string& error);
    void Destroy();
    /// A marker of constant screen size (pixels) at a world point; arrowheads point from `toward`
    /// to `position`, on screen.
    void Add(const glm::vec3& position, const glm::vec4& color, float size, MarkerKind kind,
             const glm::vec3& toward = glm::vec3(0.0f));
    void Draw() const;
    void Clear() { m_instances.clear(); }
    size_t Count() const { return m_instances.size(); }
    /// This frame's instances as bytes (a cached layer compares them with the drawn ones).
    std::span<const std::byte> Bytes() const { return std::as_bytes(std::span(m_instances)); }

private:
    struct Instance {
        glm::vec3 position;
        glm::vec4 color;
        glm::vec2 sizeKind;
        glm::vec3 toward;
    };
    std::vector<Instance> m_instances;
    unsigned m_program = 0, m_vao = 0, m_quad = 0, m_buffer = 0;
    mutable std::size_t m_capacity = 0; ///< bytes of m_buffer's storage
};

/// Solid boxes (axis-aligned or oriented), instanced from a unit cube.
class BoxRenderer {
public:
    bool Create(std::string& error);
    void Destroy();
    /// edgeColor with alpha 0 draws no edges (the caller draws them, e.g. on top for the selection).
    void Add(const glm::vec3& center, const glm::vec3& halfExtents, const glm::mat3& axes, const glm::vec4& color,
             const glm::vec4& edgeColor, float edgeWidth);
    /// Translucent boxes in one pass: each front-face fragment also shades the back face behind it.
    void Draw() const;
    void Clear() { m_instances.clear(); }
    size_t Count() const { return m_instances.size(); }
    /// This frame's instances as bytes (a cached layer compares them with the drawn ones).
    std::span<const std::byte> Bytes() const { return std::as_bytes(std::span(m_instances)); }

private:
    struct Instance {
        glm::vec3 center, halfExtents, axis0, axis1, axis2;
        glm::vec4 color, edgeColor;
        float edgeWidth;
    };
    std::vector<Instance> m_instances;
    unsigned m_program = 0, m_vao = 0, m_mesh = 0, m_buffer = 0;
    mutable std::size_t m_capacity = 0; ///< bytes of m_buffer's storage
};

/// Spheres as ray-cast impostors (two triangles each, exact silhouette and depth).
class SphereRenderer {
public:
    bool Create(std::string& error);
    void Destroy();
    /// outline: rgb and, in a, the outline width in pixels (0 for a hairline).
    void Add(const glm::vec3& center, float radius, const glm::vec4& color, const glm::vec4& outline);
    void Draw() const;
    void Clear() { m_instances.clear(); }
    size_t Count() const { return m_instances.size(); }
    /// This frame's instances as bytes (a cached layer compares them with the drawn ones).
    std::span<const std::byte> Bytes() const { return std::as_bytes(std::span(m_instances)); }

private:
    struct Instance {
        glm::vec3 center;
        float radius;
        glm::vec4 color;
        glm::vec4 outline;
    };
    std::vector<Instance> m_instances;
    unsigned m_program = 0, m_vao = 0, m_quad = 0, m_buffer = 0;
    mutable std::size_t m_capacity = 0; ///< bytes of m_buffer's storage
};

/// Plain coloured triangles (planes, slab planes, projected intervals).
class TriangleRenderer {
public:
    bool Create(std::string& error);
    void Destroy();
    void Add(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec4& color);
    void AddQuad(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& d, const glm::vec4& color)
    {
        Add(a, b, c, color);
        Add(a, c, d, color);
    }
    void Draw() const;
    void Clear() { m_vertices.clear(); }
    size_t Count() const { return m_vertices.size() / 3; }
    /// This frame's vertices as bytes (a cached layer compares them with the drawn ones).
    std::span<const std::byte> Bytes() const { return std::as_bytes(std::span(m_vertices)); }

private:
    struct Vertex {
        glm::vec3 position;
        glm::vec4 color;
    };
    std::vector<Vertex> m_vertices;
    unsigned m_program = 0, m_vao = 0, m_buffer = 0;
    mutable std::size_t m_capacity = 0; ///< bytes of m_buffer's storage
};

/// The ground grid as one polygon over its drawn disc, its lines found per pixel
/// (shaders/grid.frag.glsl): the fill of the disc once instead of 160 long thin lines. It must be
/// drawn first, on the frame cleared to `background`: it is blended with that colour in the shader
/// and written opaque, without depth test.
class GridRenderer {
public:
    bool Create(std::string& error);
    void Destroy();
    /// The grid to draw (replaces the last one).
    void Set(const GridLayout& grid)
    {
        m_grid = grid;
        m_set = true;
    }
    void Draw() const;
    void Clear() { m_set = false; }
    bool IsSet() const { return m_set; }
    glm::vec4 background = palette::kBackground; ///< the colour the frame is cleared to

private:
    GridLayout m_grid;
    bool m_set = false;
    unsigned m_program = 0, m_vao = 0;
    int m_center = -1, m_stepU = -1, m_stepV = -1, m_radius = -1, m_extent = -1, m_axisAt = -1, m_minor = -1,
        m_major = -1, m_width = -1, m_background = -1; ///< uniform locations, looked up once
};

/// All renderers of a viewport, created and destroyed together; the GL implementation of DrawSink
/// (each layer goes to its renderer).
struct Renderers final : DrawSink {
    LineRenderer lines;        ///< shape edges, rays, segments (depth-tested)
    GridRenderer grid;         ///< the ground grid (drawn first, no depth writes)
    LineRenderer gridLines;    ///< the axes, and the grid's lines when drawn as lines (after the grid)
    TriangleRenderer surfaces; ///< translucent planes
    BoxRenderer boxes;
    SphereRenderer spheres;
    MeshRenderer meshes;       ///< meshes from buffers cached per mesh data (after the edges)
    LineRenderer overlayLines; ///< results and traces: drawn on top
    MarkerRenderer overlayMarkers;
    TriangleRenderer overlaySurfaces; ///< slab planes
    /// Called by Flush after the solids and before the overlays, with the Frame block bound (the
    /// ray fans' samples); may be empty.
    std::function<void()> beforeOverlays;
    FrameBlock frame; ///< the common uniforms of every program

    bool Create(std::string& error);
    void Destroy();
    void Clear();

    using DrawSink::Line;
    using DrawSink::Marker;
    void Line(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec4& colorA, const glm::vec4& colorB,
              float width) override;
    void Marker(const glm::vec3& position, const glm::vec4& color, float size, MarkerKind kind,
                const glm::vec3& toward) override
    {
        overlayMarkers.Add(position, color, size, kind, toward);
    }
    void Box(const glm::vec3& center, const glm::vec3& halfExtents, const glm::mat3& axes, const glm::vec4& color,
             const glm::vec4& edgeColor, float edgeWidth) override
    {
        boxes.Add(center, halfExtents, axes, color, edgeColor, edgeWidth);
    }
    void Sphere(const glm::vec3& center, float radius, const glm::vec4& color, const glm::vec4& outline) override
    {
        spheres.Add(center, radius, color, outline);
    }
    void Triangle(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                  const glm::vec4& color) override
    {
        (layer == DrawLayer::Overlay ? overlaySurfaces : surfaces).Add(a, b, c, color);
    }
    bool MeshFaces(const std::shared_ptr<const MeshData>& mesh, const glm::vec4& color, bool edges) override
    {
        meshes.Add(mesh, color, edges);
        return true;
    }
    void GridFade(const glm::vec3& center, float radius) override { gridLines.SetFade(center, radius); }
    void Grid(const GridLayout& layout) override { grid.Set(layout); }

    /// Sets the Frame block for the view, draws everything in order (grid, edges, translucent
    /// solids, overlays) and clears.
    void Flush(const DrawView& view);
    /// What this frame would draw, as pieces of bytes given to `piece` in a fixed order (equal
    /// bytes: an equal picture for an equal view).
    void VisitContent(const std::function<void(std::span<const std::byte>)>& piece) const;
};

} // namespace hitlab
