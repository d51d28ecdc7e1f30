// A DrawSink onto an ImGui draw list (app/gui/panels/canvas_sink.h).
#include "canvas_sink.h"

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>

#include <algorithm>
#include <cmath>

namespace hitlab {

namespace {

ImU32 CanvasColor(const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, c.w)); }

} // namespace

bool CanvasSink::Project(const glm::vec3& world, ImVec2& out, float* depth) const
{
    const std::optional<glm::dvec3> s = WorldToScreen(m_camera, glm::dvec3(world));
    if (!s) {
        return false;
    }
    out = ImVec2(m_origin.x + float(s->x), m_origin.y + float(s->y));
    if (depth != nullptr) {
        *depth = float(s->z);
    }
    return true;
}

void CanvasSink::Line(DrawLayer, const glm::vec3& a, const glm::vec3& b, const glm::vec4& colorA,
                      const glm::vec4& colorB, float width)
{
    Seg s{};
    if (Project(a, s.a) && Project(b, s.b)) {
        s.color = CanvasColor((colorA + colorB) * 0.5f);
        s.width = width;
        m_lines.push_back(s);
    }
}

void CanvasSink::Marker(const glm::vec3& position, const glm::vec4& color, float size, MarkerKind kind,
                        const glm::vec3& toward)
{
    Mark m{};
    if (!Project(position, m.at)) {
        return;
    }
    if (!Project(toward, m.toward)) {
        m.toward = m.at;
    }
    m.color = CanvasColor(color);
    m.size = size;
    m.kind = kind;
    m_markers.push_back(m);
}

void CanvasSink::Box(const glm::vec3& center, const glm::vec3& halfExtents, const glm::mat3& axes,
                     const glm::vec4& color, const glm::vec4& edgeColor, float edgeWidth)
{
    auto corner = [&](int i) {
        return center + axes[0] * (i & 1 ? halfExtents.x : -halfExtents.x) +
               axes[1] * (i & 2 ? halfExtents.y : -halfExtents.y) + axes[2] * (i & 4 ? halfExtents.z : -halfExtents.z);
    };
    const glm::vec4 edge = edgeColor.w > 0 ? edgeColor : color;
    for (int i = 0; i < 8; ++i) {
        for (int bit = 1; bit < 8; bit <<= 1) {
            if ((i & bit) == 0) {
                Line(DrawLayer::Scene, corner(i), corner(i | bit), edge, std::max(edgeWidth, 1.0f));
            }
        }
    }
}

void CanvasSink::Sphere(const glm::vec3& center, float radius, const glm::vec4& color, const glm::vec4& outline)
{
    Mark m{};
    if (!Project(center, m.at)) {
        return;
    }
    m.toward = m.at;
    m.color = CanvasColor(glm::vec4(glm::vec3(outline), color.w > 0 ? 1.0f : 0.0f));
    m.size = float(2.0 * radius / WorldPerPixel(m_camera));
    m.kind = MarkerKind::Ring;
    m_markers.push_back(m);
}

void CanvasSink::Triangle(DrawLayer, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec4& color)
{
    Tri t{};
    float da = 0, db = 0, dc = 0;
    if (Project(a, t.a, &da) && Project(b, t.b, &db) && Project(c, t.c, &dc)) {
        t.depth = (da + db + dc) / 3.0f;
        t.color = CanvasColor(color);
        m_triangles.push_back(t);
    }
}

void CanvasSink::Label(const glm::vec3& at, glm::vec2 offset, const std::string& text, const glm::vec4& color)
{
    ImVec2 p;
    if (Project(at, p)) {
        m_labels.push_back({ImVec2(p.x + offset.x, p.y + offset.y), text, CanvasColor(color)});
    }
}

void CanvasSink::Paint(ImDrawList& list) const
{
    std::vector<const Tri*> order;
    for (const Tri& t : m_triangles) {
        order.push_back(&t);
    }
    std::stable_sort(order.begin(), order.end(), [](const Tri* x, const Tri* y) { return x->depth > y->depth; });
    for (const Tri* t : order) { // far to near
        list.AddTriangleFilled(t->a, t->b, t->c, t->color);
    }
    for (const Seg& s : m_lines) {
        list.AddLine(s.a, s.b, s.color, s.width);
    }
    for (const Mark& m : m_markers) {
        const float r = m.size * 0.5f;
        switch (m.kind) {
        case MarkerKind::Disc:
            list.AddCircleFilled(m.at, r, m.color);
            break;
        case MarkerKind::Ring:
            list.AddCircle(m.at, r, m.color, 0, 1.5f);
            break;
        case MarkerKind::Square:
            list.AddRectFilled(ImVec2(m.at.x - r, m.at.y - r), ImVec2(m.at.x + r, m.at.y + r), m.color);
            break;
        case MarkerKind::Diamond:
            list.AddQuadFilled(ImVec2(m.at.x, m.at.y - r), ImVec2(m.at.x + r, m.at.y), ImVec2(m.at.x, m.at.y + r),
                               ImVec2(m.at.x - r, m.at.y), m.color);
            break;
        case MarkerKind::Arrowhead: {
            const float dx = m.at.x - m.toward.x, dy = m.at.y - m.toward.y;
            const float len = std::sqrt(dx * dx + dy * dy);
            if (len > 0) {
                const float ux = dx / len, uy = dy / len;
                list.AddTriangleFilled(m.at, ImVec2(m.at.x - ux * 2 * r - uy * r, m.at.y - uy * 2 * r + ux * r),
                                       ImVec2(m.at.x - ux * 2 * r + uy * r, m.at.y - uy * 2 * r - ux * r), m.color);
            }
            break;
        }
        }
    }
    for (const Text& t : m_labels) {
        const ImVec2 size = ImGui::CalcTextSize(t.text.c_str());
        list.AddRectFilled(ImVec2(t.at.x - 3, t.at.y - 1), ImVec2(t.at.x + size.x + 3, t.at.y + size.y + 1),
                           IM_COL32(20, 22, 26, 190), 3.0f);
        list.AddText(t.at, t.color, t.text.c_str());
    }
}

} // namespace hitlab
