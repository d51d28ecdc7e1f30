// A DrawSink that keeps what it is given, for tests of what the scene drawing emits (no GL).
#pragma once

#include "render/draw_sink.h"

#include <string>
#include <vector>

namespace hitlab {

struct RecordingSink final : DrawSink {
    struct LineItem {
        DrawLayer layer;
        glm::vec3 a, b;
        glm::vec4 colorA, colorB;
        float width;
    };
    struct MarkerItem {
        glm::vec3 position;
        glm::vec4 color;
        float size;
        MarkerKind kind;
        glm::vec3 toward;
    };
    struct BoxItem {
        glm::vec3 center, halfExtents;
        glm::mat3 axes;
        glm::vec4 color, edgeColor;
        float edgeWidth;
    };
    struct SphereItem {
        glm::vec3 center;
        float radius;
        glm::vec4 color, outline;
    };
    struct TriangleItem {
        DrawLayer layer;
        glm::vec3 a, b, c;
        glm::vec4 color;
    };
    struct LabelItem {
        glm::vec3 at;
        glm::vec2 offset;
        std::string text;
        glm::vec4 color;
    };
    struct LeaderItem {
        glm::vec3 at;
        glm::vec2 to;
        glm::vec4 color;
        size_t labelsBefore; ///< how many labels were recorded before it
    };
    std::vector<LabelItem> labels;
    std::vector<LeaderItem> leaders;
    std::vector<LineItem> lines;
    std::vector<MarkerItem> markers;
    std::vector<BoxItem> boxes;
    std::vector<SphereItem> spheres;
    std::vector<TriangleItem> triangles;
    glm::vec4 gridFade{0.0f};

    using DrawSink::Line;
    using DrawSink::Marker;
    void Line(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec4& colorA, const glm::vec4& colorB,
              float width) override
    {
        lines.push_back({layer, a, b, colorA, colorB, width});
    }
    void Marker(const glm::vec3& position, const glm::vec4& color, float size, MarkerKind kind,
                const glm::vec3& toward) override
    {
        markers.push_back({position, color, size, kind, toward});
    }
    void Box(const glm::vec3& center, const glm::vec3& halfExtents, const glm::mat3& axes, const glm::vec4& color,
             const glm::vec4& edgeColor, float edgeWidth) override
    {
        boxes.push_back({center, halfExtents, axes, color, edgeColor, edgeWidth});
    }
    void Sphere(const glm::vec3& center, float radius, const glm::vec4& color, const glm::vec4& outline) override
    {
        spheres.push_back({center, radius, color, outline});
    }
    void Triangle(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                  const glm::vec4& color) override
    {
        triangles.push_back({layer, a, b, c, color});
    }
    void GridFade(const glm::vec3& center, float radius) override { gridFade = glm::vec4(center, radius); }
    void Label(const glm::vec3& at, glm::vec2 offset, const std::string& text, const glm::vec4& color) override
    {
        labels.push_back({at, offset, text, color});
    }
    void Leader(const glm::vec3& at, glm::vec2 to, const glm::vec4& color) override
    {
        leaders.push_back({at, to, color, labels.size()});
    }

    /// The markers of one kind and colour, in the order emitted.
    std::vector<MarkerItem> Markers(MarkerKind kind, const glm::vec4& color) const
    {
        std::vector<MarkerItem> out;
        for (const MarkerItem& m : markers) {
            if (m.kind == kind && m.color == color) {
                out.push_back(m);
            }
        }
        return out;
    }
};

} // namespace hitlab
