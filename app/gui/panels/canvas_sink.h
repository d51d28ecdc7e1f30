// A DrawSink onto a rectangle of an ImGui window's draw list: what render/ emits, projected with a
// camera of its own and painted back to front (triangles sorted by depth, then lines, markers and
// labels on top). For panels that show a small 3D picture beside the viewport (the Minkowski
// difference), without a framebuffer of their own.
#pragma once

#include "render/camera.h"
#include "render/draw_sink.h"

#include <imgui.h>

#include <string>
#include <vector>

namespace hitlab {

class CanvasSink final : public DrawSink {
public:
    /// Projects with `camera` (its viewport: the rectangle's size) into the rectangle at `origin`.
    CanvasSink(const Camera& camera, ImVec2 origin) : m_camera(camera), m_origin(origin) {}

    using DrawSink::Line;
    using DrawSink::Marker;
    void Line(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec4& colorA, const glm::vec4& colorB,
              float width) override;
    void Marker(const glm::vec3& position, const glm::vec4& color, float size, MarkerKind kind,
                const glm::vec3& toward) override;
    /// The box's twelve edges in its colour.
    void Box(const glm::vec3& center, const glm::vec3& halfExtents, const glm::mat3& axes, const glm::vec4& color,
             const glm::vec4& edgeColor, float edgeWidth) override;
    /// A circle of the radius projected at the centre's depth.
    void Sphere(const glm::vec3& center, float radius, const glm::vec4& color, const glm::vec4& outline) override;
    void Triangle(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                  const glm::vec4& color) override;
    void GridFade(const glm::vec3&, float) override {}
    void Label(const glm::vec3& at, glm::vec2 offset, const std::string& text, const glm::vec4& color) override;

    /// Paints everything given so far into `list` (clipped by the caller's clip rectangle).
    void Paint(ImDrawList& list) const;

private:
    struct Tri {
        ImVec2 a, b, c;
        float depth;
        ImU32 color;
    };
    struct Seg {
        ImVec2 a, b;
        ImU32 color;
        float width;
    };
    struct Mark {
        ImVec2 at, toward;
        ImU32 color;
        float size;
        MarkerKind kind;
    };
    struct Text {
        ImVec2 at;
        std::string text;
        ImU32 color;
    };
    bool Project(const glm::vec3& world, ImVec2& out, float* depth = nullptr) const;

    Camera m_camera;
    ImVec2 m_origin;
    std::vector<Tri> m_triangles;
    std::vector<Seg> m_lines;
    std::vector<Mark> m_markers;
    std::vector<Text> m_labels;
};

} // namespace hitlab
