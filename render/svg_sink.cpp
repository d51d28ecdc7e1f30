// SVG output of the scene drawing: primitives projected to pixels and written as elements.
#include "svg_sink.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

namespace hitlab {

namespace {

constexpr double kFontSize = kFigureFontSize;
constexpr double kCharWidth = kFigureCharWidth;
/// The dark box under labels and the caption (the window's ImGui label box).
constexpr glm::vec4 kLabelBox{20.0f / 255.0f, 21.0f / 255.0f, 24.0f / 255.0f, 1.0f};

/// A coordinate or size with at most two decimals ("12.5", "-3", "0.25").
std::string Num(double v)
{
    if (!std::isfinite(v)) {
        v = 0.0;
    }
    char text[64];
    std::snprintf(text, sizeof text, "%.2f", std::clamp(v, -1e7, 1e7));
    std::string s = text;
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') {
        s.pop_back();
    }
    return s == "-0" ? "0" : s;
}

/// "#rrggbb" of a colour's rgb (0..1 each).
std::string Hex(const glm::vec4& c)
{
    char text[8];
    auto byte = [](float v) { return int(std::lround(std::clamp(double(v), 0.0, 1.0) * 255.0)); };
    std::snprintf(text, sizeof text, "#%02x%02x%02x", byte(c.x), byte(c.y), byte(c.z));
    return text;
}

std::string Alpha(float a) { return Num(std::clamp(double(a), 0.0, 1.0)); }

std::string Points(const std::vector<glm::dvec2>& points)
{
    std::string s;
    for (const glm::dvec2& p : points) {
        s += (s.empty() ? "" : " ") + Num(p.x) + "," + Num(p.y);
    }
    return s;
}

double Cross(glm::dvec2 o, glm::dvec2 a, glm::dvec2 b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

} // namespace

std::string XmlEscape(const std::string& text)
{
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&apos;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

SvgSink::SvgSink(const Camera& camera, bool light) : SvgSink(camera, FigurePage{camera.viewport, 0.0, 0.0, 1.0, light})
{
}

SvgSink::SvgSink(const Camera& camera, const FigurePage& page) : m_camera(camera), m_layout(page) {}

std::string SvgSink::Paint(const glm::vec4& color) const { return Hex(PaintColor(color, m_layout.light)); }

std::string SvgSink::Stroke(const glm::vec4& color) const
{
    return " stroke=\"" + Paint(color) + "\" stroke-opacity=\"" + Alpha(StrokeAlpha(color, m_layout.light)) + "\"";
}

std::optional<glm::dvec2> SvgSink::Project(const glm::vec3& world) const { return ProjectToFigure(m_camera, world); }

std::string& SvgSink::LayerText(DrawLayer layer, bool fill)
{
    switch (layer) {
    case DrawLayer::Grid:
        return m_grid;
    case DrawLayer::Scene:
        return fill ? m_sceneFill : m_scene;
    case DrawLayer::Overlay:
        break;
    }
    return fill ? m_overlayFill : m_overlay;
}

void SvgSink::Line(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec4& colorA,
                   const glm::vec4& colorB, float width)
{
    const auto s = ProjectSegment(m_camera, glm::dvec3(a), glm::dvec3(b));
    if (!s || (colorA.w <= 0.0f && colorB.w <= 0.0f)) {
        return;
    }
    std::string stroke = Stroke(colorA).substr(1);
    if (colorA != colorB) { // a gradient along the segment, in the figure's coordinates
        const std::string id = "g" + std::to_string(++m_gradients);
        m_defs += "<linearGradient id=\"" + id + "\" gradientUnits=\"userSpaceOnUse\" x1=\"" + Num(s->first.x) +
                  "\" y1=\"" + Num(s->first.y) + "\" x2=\"" + Num(s->second.x) + "\" y2=\"" + Num(s->second.y) +
                  "\"><stop offset=\"0\" stop-color=\"" + Paint(colorA) + "\" stop-opacity=\"" +
                  Alpha(StrokeAlpha(colorA, m_layout.light)) + "\"/><stop offset=\"1\" stop-color=\"" + Paint(colorB) +
                  "\" stop-opacity=\"" + Alpha(StrokeAlpha(colorB, m_layout.light)) + "\"/></linearGradient>\n";
        stroke = "stroke=\"url(#" + id + ")\"";
    }
    LayerText(layer, false) += "<line x1=\"" + Num(s->first.x) + "\" y1=\"" + Num(s->first.y) + "\" x2=\"" +
                               Num(s->second.x) + "\" y2=\"" + Num(s->second.y) + "\" " + stroke + " stroke-width=\"" +
                               Num(width) + "\" stroke-linecap=\"round\"/>\n";
}

void SvgSink::Marker(const glm::vec3& position, const glm::vec4& color, float size, MarkerKind kind,
                     const glm::vec3& toward)
{
    const auto p = Project(position);
    if (!p) {
        return;
    }
    const double r = size * 0.5;
    const std::string fill =
        "fill=\"" + Paint(color) + "\" fill-opacity=\"" + Alpha(StrokeAlpha(color, m_layout.light)) + "\"";
    std::string& out = m_markers;
    switch (kind) {
    case MarkerKind::Disc: // with a dark rim, as the marker shader draws it
        out += "<circle cx=\"" + Num(p->x) + "\" cy=\"" + Num(p->y) + "\" r=\"" + Num(r - 0.5) + "\" " + fill +
               " stroke=\"" + Paint(color * 0.25f) + "\" stroke-width=\"1\"/>\n";
        break;
    case MarkerKind::Ring:
        out += "<circle cx=\"" + Num(p->x) + "\" cy=\"" + Num(p->y) + "\" r=\"" + Num(r - 1.25) + "\" fill=\"none\"" +
               Stroke(color) + " stroke-width=\"2.5\"/>\n";
        break;
    case MarkerKind::Square:
        out += "<rect x=\"" + Num(p->x - r * 0.8) + "\" y=\"" + Num(p->y - r * 0.8) + "\" width=\"" + Num(r * 1.6) +
               "\" height=\"" + Num(r * 1.6) + "\" " + fill + "/>\n";
        break;
    case MarkerKind::Arrowhead: {
        // pointing from `toward` to `position` on screen (+x when they coincide)
        const std::array<glm::dvec2, 3> a = ArrowheadPoints(*p, r, Project(toward));
        out += "<polygon points=\"" + Points({a[0], a[1], a[2]}) + "\" " + fill + "/>\n";
        break;
    }
    case MarkerKind::Diamond:
        out += "<polygon points=\"" +
               Points({*p + glm::dvec2(r, 0), *p + glm::dvec2(0, r), *p - glm::dvec2(r, 0), *p - glm::dvec2(0, r)}) +
               "\" " + fill + "/>\n";
        break;
    }
}

void SvgSink::Box(const glm::vec3& center, const glm::vec3& halfExtents, const glm::mat3& axes, const glm::vec4& color,
                  const glm::vec4& edgeColor, float edgeWidth)
{
    const BoxOutline box = ProjectBoxOutline(m_camera, center, halfExtents, axes);
    if (!box.hull.empty()) { // a box partly behind the eye gets its edges only
        m_solids += "<polygon points=\"" + Points(box.hull) + "\" fill=\"" + Paint(color) + "\" fill-opacity=\"" +
                    Alpha(color.w) + "\"/>\n";
    }
    if (edgeColor.w <= 0.0f) {
        return;
    }
    for (const auto& [a, b] : box.edges) {
        m_solids += "<line x1=\"" + Num(a.x) + "\" y1=\"" + Num(a.y) + "\" x2=\"" + Num(b.x) + "\" y2=\"" + Num(b.y) +
                    "\"" + Stroke(edgeColor) + " stroke-width=\"" + Num(edgeWidth) + "\" stroke-linecap=\"round\"/>\n";
    }
}

void SvgSink::Sphere(const glm::vec3& center, float radius, const glm::vec4& color, const glm::vec4& outline)
{
    const auto c = Project(center);
    const auto rim = Project(center + glm::vec3(Basis(m_camera).right) * radius);
    if (!c || !rim) {
        return;
    }
    m_solids += "<circle cx=\"" + Num(c->x) + "\" cy=\"" + Num(c->y) + "\" r=\"" + Num(glm::length(*rim - *c)) +
                "\" fill=\"" + Paint(color) + "\" fill-opacity=\"" + Alpha(color.w) + "\" stroke=\"" + Paint(outline) +
                "\" stroke-width=\"" + Num(outline.w) + "\"/>\n";
}

void SvgSink::Triangle(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                       const glm::vec4& color)
{
    const auto pa = Project(a), pb = Project(b), pc = Project(c);
    if (!pa || !pb || !pc || color.w <= 0.0f || std::abs(Cross(*pa, *pb, *pc)) < 1e-9) {
        return; // behind the eye, invisible or seen edge-on
    }
    LayerText(layer, true) += "<polygon points=\"" + Points({*pa, *pb, *pc}) + "\" fill=\"" + Paint(color) +
                              "\" fill-opacity=\"" + Alpha(color.w) + "\"/>\n";
}

void SvgSink::GridFade(const glm::vec3&, float) {}

void SvgSink::Label(const glm::vec3& at, glm::vec2 offset, const std::string& text, const glm::vec4& color)
{
    const auto p = Project(at);
    if (!p || text.empty()) {
        return;
    }
    // the text's top-left corner at the point plus offset, in a dark box (as the window draws it)
    const double x = p->x + offset.x, y = p->y + offset.y;
    const double width = double(text.size()) * kCharWidth;
    m_labels += "<g><rect x=\"" + Num(x - 4.0) + "\" y=\"" + Num(y - 2.0) + "\" width=\"" + Num(width + 8.0) +
                "\" height=\"" + Num(kFontSize + 4.0) + "\" rx=\"3\" fill=\"" + Paint(kLabelBox) +
                "\" fill-opacity=\"0.78\"/><text x=\"" + Num(x) + "\" y=\"" + Num(y + kFontSize * 0.8) + "\" fill=\"" +
                Paint(color) + "\" fill-opacity=\"" + Alpha(StrokeAlpha(color, m_layout.light)) + "\">" +
                XmlEscape(text) + "</text></g>\n";
}

void SvgSink::Leader(const glm::vec3& at, glm::vec2 to, const glm::vec4& color)
{
    if (const auto p = Project(at)) { // under the labels drawn after it
        m_labels += "<line x1=\"" + Num(p->x) + "\" y1=\"" + Num(p->y) + "\" x2=\"" + Num(p->x + to.x) + "\" y2=\"" +
                    Num(p->y + to.y) + "\"" + Stroke(color) + " stroke-width=\"1\"/>\n";
    }
}

void SvgSink::Caption(const std::vector<std::string>& lines)
{
    size_t longest = 0;
    for (const std::string& line : lines) {
        longest = std::max(longest, line.size());
    }
    if (lines.empty()) {
        return;
    }
    if (m_layout.band > 0.0) { // a strip across the page, above the scene
        m_caption += "<rect width=\"" + Num(m_layout.Logical().x) + "\" height=\"" + Num(m_layout.band) + "\" fill=\"" +
                     Paint(kLabelBox) + "\"/>\n";
    } else {
        m_caption += "<rect x=\"10\" y=\"10\" width=\"" + Num(double(longest) * kCharWidth + 20.0) + "\" height=\"" +
                     Num(double(lines.size()) * kCaptionLineHeight + 12.0) + "\" rx=\"4\" fill=\"" + Paint(kLabelBox) +
                     "\" fill-opacity=\"0.8\"/>\n";
    }
    for (size_t i = 0; i < lines.size(); ++i) {
        m_caption += "<text x=\"20\" y=\"" + Num(16.0 + double(i) * kCaptionLineHeight + kFontSize * 0.8 + 2.0) +
                     "\" fill=\"" + Paint(CaptionLineColor(i, m_layout.light)) + "\">" + XmlEscape(lines[i]) +
                     "</text>\n";
    }
}

void SvgSink::PageRect(glm::dvec2 min, glm::dvec2 max, const glm::vec4& fill)
{
    m_page += "<rect x=\"" + Num(min.x) + "\" y=\"" + Num(min.y) + "\" width=\"" + Num(max.x - min.x) + "\" height=\"" +
              Num(max.y - min.y) + "\" fill=\"" + Paint(fill) + "\" fill-opacity=\"" + Alpha(fill.w) + "\"/>\n";
}

void SvgSink::PageLine(glm::dvec2 a, glm::dvec2 b, const glm::vec4& color, float width)
{
    m_page += "<line x1=\"" + Num(a.x) + "\" y1=\"" + Num(a.y) + "\" x2=\"" + Num(b.x) + "\" y2=\"" + Num(b.y) + "\"" +
              Stroke(color) + " stroke-width=\"" + Num(width) + "\"/>\n";
}

void SvgSink::PageText(glm::dvec2 at, const std::string& text, const glm::vec4& color, double size)
{
    m_page += "<text x=\"" + Num(at.x) + "\" y=\"" + Num(at.y + size * 0.8) + "\" font-size=\"" + Num(size) +
              "\" fill=\"" + Paint(color) + "\" fill-opacity=\"" + Alpha(StrokeAlpha(color, m_layout.light)) + "\">" +
              XmlEscape(text) + "</text>\n";
}

std::string SvgSink::Document(const glm::vec4& background) const
{
    const glm::dvec2 logical = m_layout.Logical(), scene = m_layout.SceneArea();
    const std::string lw = Num(logical.x), lh = Num(logical.y);
    std::string svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                      Num(m_layout.size.x) + "\" height=\"" + Num(m_layout.size.y) + "\" viewBox=\"0 0 " + lw + " " +
                      lh + "\">\n";
    // the scene's clip, in the scene's coordinates (below the caption band)
    svg += "<defs>\n<clipPath id=\"frame\"><rect width=\"" + Num(scene.x) + "\" height=\"" + Num(scene.y) +
           "\"/></clipPath>\n" + m_defs + "</defs>\n";
    svg += "<rect width=\"" + lw + "\" height=\"" + lh + "\" fill=\"" +
           (m_layout.light ? std::string("#ffffff") : Hex(background)) + "\"/>\n";
    svg += "<g clip-path=\"url(#frame)\"" +
           (m_layout.band > 0.0 ? " transform=\"translate(0," + Num(m_layout.band) + ")\"" : std::string()) + ">\n";
    auto group = [&](const char* id, const std::string& body, const char* attributes = "") {
        svg += std::string("<g id=\"") + id + "\"" + attributes + ">\n" + body + "</g>\n";
    };
    group("grid", m_grid);
    group("planes", m_sceneFill);
    group("solids", m_solids);
    group("lines", m_scene);
    group("overlay-fills", m_overlayFill);
    group("overlay", m_overlay);
    group("markers", m_markers);
    const char* const font =
        " font-family=\"DejaVu Sans Mono, Liberation Mono, monospace\" font-size=\"13\" xml:space=\"preserve\"";
    group("labels", m_labels, font);
    svg += "</g>\n";
    group("caption", m_caption, font);
    group("page", m_page, font);
    svg += "</svg>\n";
    return svg;
}

} // namespace hitlab
