// Cairo painting of the figure's primitives, projected to pixels as SvgSink projects them.
#include "cairo_sink.h"

#include <cairo.h>
#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace hitlab {

namespace cairo_sink_detail {

/// The dark box under labels and the caption (the window's ImGui label box), as SvgSink's.
constexpr glm::vec4 kBoxColor{20.0f / 255.0f, 21.0f / 255.0f, 24.0f / 255.0f, 1.0f};

void Polygon(cairo_t* cr, const std::vector<glm::dvec2>& points)
{
    for (size_t i = 0; i < points.size(); ++i) {
        (i == 0 ? cairo_move_to : cairo_line_to)(cr, points[i].x, points[i].y);
    }
    cairo_close_path(cr);
}

void RoundedRect(cairo_t* cr, double x, double y, double w, double h, double r)
{
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2.0, 0.0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0.0, M_PI / 2.0);
    cairo_arc(cr, x + r, y + h - r, r, M_PI / 2.0, M_PI);
    cairo_arc(cr, x + r, y + r, r, M_PI, 1.5 * M_PI);
    cairo_close_path(cr);
}

} // namespace cairo_sink_detail

using namespace cairo_sink_detail;

CairoSink::CairoSink(const Camera& camera, const FigurePage& page) : m_camera(camera), m_layout(page) {}

CairoSink::Bucket CairoSink::LayerBucket(DrawLayer layer, bool fill) const
{
    switch (layer) {
    case DrawLayer::Grid:
        return Grid;
    case DrawLayer::Scene:
        return fill ? SceneFill : Scene;
    case DrawLayer::Overlay:
        break;
    }
    return fill ? OverlayFill : Overlay;
}

void CairoSink::SetColor(cairo_t* cr, const glm::vec4& color, float alpha) const
{
    const glm::vec4 c = PaintColor(color, m_layout.light);
    // the bytes SvgSink writes, so that both sinks paint the same colours
    auto byte = [](float v) { return std::round(std::clamp(double(v), 0.0, 1.0) * 255.0) / 255.0; };
    cairo_set_source_rgba(cr, byte(c.x), byte(c.y), byte(c.z), std::clamp(double(alpha), 0.0, 1.0));
}

void CairoSink::StrokeSegment(Bucket bucket, glm::dvec2 a, glm::dvec2 b, const glm::vec4& color, float width)
{
    m_ops[bucket].push_back([this, a, b, color, width](cairo_t* cr) {
        SetColor(cr, color, StrokeAlpha(color, m_layout.light));
        cairo_set_line_width(cr, width);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_move_to(cr, a.x, a.y);
        cairo_line_to(cr, b.x, b.y);
        cairo_stroke(cr);
    });
}

void CairoSink::Text(Bucket bucket, glm::dvec2 topLeft, const std::string& text, const glm::vec4& color, double size)
{
    m_ops[bucket].push_back([this, topLeft, text, color, size](cairo_t* cr) {
        SetColor(cr, color, StrokeAlpha(color, m_layout.light));
        cairo_select_font_face(cr, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
        cairo_set_font_size(cr, size);
        cairo_move_to(cr, topLeft.x, topLeft.y + size * 0.8); // the baseline, as SvgSink places it
        cairo_show_text(cr, text.c_str());
    });
}

void CairoSink::Line(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec4& colorA,
                     const glm::vec4& colorB, float width)
{
    const auto s = ProjectSegment(m_camera, glm::dvec3(a), glm::dvec3(b));
    if (!s || (colorA.w <= 0.0f && colorB.w <= 0.0f)) {
        return;
    }
    if (colorA == colorB) {
        StrokeSegment(LayerBucket(layer, false), s->first, s->second, colorA, width);
        return;
    }
    m_ops[LayerBucket(layer, false)].push_back([this, s, colorA, colorB, width](cairo_t* cr) {
        cairo_pattern_t* gradient = cairo_pattern_create_linear(s->first.x, s->first.y, s->second.x, s->second.y);
        for (const auto& [offset, color] : {std::pair{0.0, colorA}, std::pair{1.0, colorB}}) {
            const glm::vec4 c = PaintColor(color, m_layout.light);
            cairo_pattern_add_color_stop_rgba(gradient, offset, c.x, c.y, c.z, StrokeAlpha(color, m_layout.light));
        }
        cairo_set_source(cr, gradient);
        cairo_set_line_width(cr, width);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_move_to(cr, s->first.x, s->first.y);
        cairo_line_to(cr, s->second.x, s->second.y);
        cairo_stroke(cr);
        cairo_pattern_destroy(gradient);
    });
}

void CairoSink::Marker(const glm::vec3& position, const glm::vec4& color, float size, MarkerKind kind,
                       const glm::vec3& toward)
{
    const auto p = ProjectToFigure(m_camera, position);
    if (!p) {
        return;
    }
    const double r = size * 0.5;
    std::vector<glm::dvec2> shape; // the polygon of a square, arrowhead or diamond
    switch (kind) {
    case MarkerKind::Disc:
    case MarkerKind::Ring:
        break;
    case MarkerKind::Square:
        shape = {*p + glm::dvec2(-r, -r) * 0.8, *p + glm::dvec2(r, -r) * 0.8, *p + glm::dvec2(r, r) * 0.8,
                 *p + glm::dvec2(-r, r) * 0.8};
        break;
    case MarkerKind::Arrowhead: {
        const std::array<glm::dvec2, 3> a = ArrowheadPoints(*p, r, ProjectToFigure(m_camera, toward));
        shape.assign(a.begin(), a.end());
        break;
    }
    case MarkerKind::Diamond:
        shape = {*p + glm::dvec2(r, 0), *p + glm::dvec2(0, r), *p - glm::dvec2(r, 0), *p - glm::dvec2(0, r)};
        break;
    }
    m_ops[Markers].push_back([this, p = *p, r, color, kind, shape](cairo_t* cr) {
        const float alpha = StrokeAlpha(color, m_layout.light);
        if (kind == MarkerKind::Disc || kind == MarkerKind::Ring) {
            cairo_new_path(cr);
            cairo_arc(cr, p.x, p.y, kind == MarkerKind::Disc ? r - 0.5 : r - 1.25, 0.0, 2.0 * M_PI);
            SetColor(cr, color, alpha);
            if (kind == MarkerKind::Ring) {
                cairo_set_line_width(cr, 2.5);
                cairo_stroke(cr);
                return;
            }
            cairo_fill_preserve(cr);
            SetColor(cr, color * 0.25f, 1.0f); // the dark rim the marker shader draws
            cairo_set_line_width(cr, 1.0);
            cairo_stroke(cr);
            return;
        }
        Polygon(cr, shape);
        SetColor(cr, color, alpha);
        cairo_fill(cr);
    });
}

void CairoSink::Box(const glm::vec3& center, const glm::vec3& halfExtents, const glm::mat3& axes,
                    const glm::vec4& color, const glm::vec4& edgeColor, float edgeWidth)
{
    BoxOutline box = ProjectBoxOutline(m_camera, center, halfExtents, axes);
    if (!box.hull.empty()) { // a box partly behind the eye gets its edges only
        m_ops[Solids].push_back([this, hull = std::move(box.hull), color](cairo_t* cr) {
            Polygon(cr, hull);
            SetColor(cr, color, color.w);
            cairo_fill(cr);
        });
    }
    if (edgeColor.w <= 0.0f) {
        return;
    }
    for (const auto& [a, b] : box.edges) {
        StrokeSegment(Solids, a, b, edgeColor, edgeWidth);
    }
}

void CairoSink::Sphere(const glm::vec3& center, float radius, const glm::vec4& color, const glm::vec4& outline)
{
    const auto c = ProjectToFigure(m_camera, center);
    const auto rim = ProjectToFigure(m_camera, center + glm::vec3(Basis(m_camera).right) * radius);
    if (!c || !rim) {
        return;
    }
    m_ops[Solids].push_back([this, c = *c, r = glm::length(*rim - *c), color, outline](cairo_t* cr) {
        cairo_new_path(cr);
        cairo_arc(cr, c.x, c.y, r, 0.0, 2.0 * M_PI);
        SetColor(cr, color, color.w);
        cairo_fill_preserve(cr);
        SetColor(cr, glm::vec4(outline.x, outline.y, outline.z, 1.0f), 1.0f);
        cairo_set_line_width(cr, outline.w);
        cairo_stroke(cr);
    });
}

void CairoSink::Triangle(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                         const glm::vec4& color)
{
    const auto pa = ProjectToFigure(m_camera, a), pb = ProjectToFigure(m_camera, b), pc = ProjectToFigure(m_camera, c);
    if (!pa || !pb || !pc || color.w <= 0.0f) {
        return;
    }
    const glm::dvec2 u = *pb - *pa, v = *pc - *pa;
    if (std::abs(u.x * v.y - u.y * v.x) < 1e-9) {
        return; // seen edge-on
    }
    m_ops[LayerBucket(layer, true)].push_back([this, points = std::vector{*pa, *pb, *pc}, color](cairo_t* cr) {
        Polygon(cr, points);
        SetColor(cr, color, color.w);
        cairo_fill(cr);
    });
}

void CairoSink::GridFade(const glm::vec3&, float) {}

void CairoSink::Label(const glm::vec3& at, glm::vec2 offset, const std::string& text, const glm::vec4& color)
{
    const auto p = ProjectToFigure(m_camera, at);
    if (!p || text.empty()) {
        return;
    }
    const glm::dvec2 corner(p->x + offset.x, p->y + offset.y);
    const double width = double(text.size()) * kFigureCharWidth;
    m_ops[Labels].push_back([this, corner, width](cairo_t* cr) {
        RoundedRect(cr, corner.x - 4.0, corner.y - 2.0, width + 8.0, kFigureFontSize + 4.0, 3.0);
        SetColor(cr, kBoxColor, 0.78f);
        cairo_fill(cr);
    });
    Text(Labels, corner, text, color, kFigureFontSize);
}

void CairoSink::Leader(const glm::vec3& at, glm::vec2 to, const glm::vec4& color)
{
    if (const auto p = ProjectToFigure(m_camera, at)) {
        StrokeSegment(Labels, *p, *p + glm::dvec2(to), color, 1.0f);
    }
}

void CairoSink::Caption(const std::vector<std::string>& lines)
{
    size_t longest = 0;
    for (const std::string& line : lines) {
        longest = std::max(longest, line.size());
    }
    if (lines.empty()) {
        return;
    }
    m_ops[CaptionText].push_back([this, longest, n = lines.size()](cairo_t* cr) {
        if (m_layout.band > 0.0) { // a strip across the page, above the scene
            cairo_rectangle(cr, 0.0, 0.0, m_layout.Logical().x, m_layout.band);
            SetColor(cr, kBoxColor, 1.0f);
        } else {
            RoundedRect(cr, 10.0, 10.0, double(longest) * kFigureCharWidth + 20.0,
                        double(n) * kCaptionLineHeight + 12.0, 4.0);
            SetColor(cr, kBoxColor, 0.8f);
        }
        cairo_fill(cr);
    });
    for (size_t i = 0; i < lines.size(); ++i) {
        Text(CaptionText, {20.0, 16.0 + double(i) * kCaptionLineHeight + 2.0}, lines[i],
             CaptionLineColor(i, m_layout.light), kFigureFontSize);
    }
}

void CairoSink::PageRect(glm::dvec2 min, glm::dvec2 max, const glm::vec4& fill)
{
    m_ops[Page].push_back([this, min, max, fill](cairo_t* cr) {
        cairo_rectangle(cr, min.x, min.y, max.x - min.x, max.y - min.y);
        SetColor(cr, fill, fill.w);
        cairo_fill(cr);
    });
}

void CairoSink::PageLine(glm::dvec2 a, glm::dvec2 b, const glm::vec4& color, float width)
{
    StrokeSegment(Page, a, b, color, width);
}

void CairoSink::PageText(glm::dvec2 at, const std::string& text, const glm::vec4& color, double size)
{
    Text(Page, at, text, color, size);
}

void CairoSink::Paint(cairo_t* cr, const glm::vec4& background) const
{
    cairo_save(cr);
    cairo_scale(cr, m_layout.scale, m_layout.scale);
    const glm::dvec2 logical = m_layout.Logical(), scene = m_layout.SceneArea();
    cairo_rectangle(cr, 0.0, 0.0, logical.x, logical.y);
    const glm::vec4 page = m_layout.light ? glm::vec4(1.0f) : background;
    cairo_set_source_rgb(cr, page.x, page.y, page.z);
    cairo_fill(cr);
    cairo_save(cr); // the scene below the caption band, clipped to its area
    cairo_translate(cr, 0.0, m_layout.band);
    cairo_rectangle(cr, 0.0, 0.0, scene.x, scene.y);
    cairo_clip(cr);
    for (int bucket = Grid; bucket <= Labels; ++bucket) {
        for (const Op& op : m_ops[size_t(bucket)]) {
            op(cr);
        }
    }
    cairo_restore(cr);
    for (int bucket = CaptionText; bucket < Count; ++bucket) {
        for (const Op& op : m_ops[size_t(bucket)]) {
            op(cr);
        }
    }
    cairo_restore(cr);
}

} // namespace hitlab
