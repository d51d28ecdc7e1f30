// A DrawSink that writes an SVG vector figure instead of GL draw calls: what scene_draw,
// overlay_draw and the cast labels emit, projected with the camera (the 2D view is orthographic),
// for slides and notes (`hitlab render SCENE -o fig.svg`). GL-free: no context is needed.
#pragma once

#include "camera.h"
#include "figure_sink.h"

#include <optional>
#include <string>
#include <vector>

namespace hitlab {

class SvgSink final : public FigureSink {
public:
    /// Projects with `camera`; the figure is camera.viewport (width x height) pixels. `light`: a
    /// white background for print in the print palette (PaintColor).
    explicit SvgSink(const Camera& camera, bool light = false);
    /// A figure on `page`: the scene through `camera` (its viewport: page.SceneArea()) below the
    /// caption band, everything page.scale times larger.
    SvgSink(const Camera& camera, const FigurePage& page);

    using DrawSink::Line;
    using DrawSink::Marker;
    /// A <line> (a <linearGradient> stroke when the two colours differ); clipped to the front of
    /// the near plane.
    void Line(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec4& colorA, const glm::vec4& colorB,
              float width) override;
    /// A <circle> (disc, ring), <rect> (square) or <polygon> (arrowhead, diamond) of `size` pixels.
    void Marker(const glm::vec3& position, const glm::vec4& color, float size, MarkerKind kind,
                const glm::vec3& toward) override;
    /// The box's outline on screen (the convex hull of its projected corners) as a filled
    /// <polygon>, and its projected edges when edgeColor's alpha is not 0.
    void Box(const glm::vec3& center, const glm::vec3& halfExtents, const glm::mat3& axes, const glm::vec4& color,
             const glm::vec4& edgeColor, float edgeWidth) override;
    /// A <circle> of the projected radius, outlined.
    void Sphere(const glm::vec3& center, float radius, const glm::vec4& color, const glm::vec4& outline) override;
    void Triangle(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                  const glm::vec4& color) override;
    /// Ignored: the figure's grid lines are all drawn.
    void GridFade(const glm::vec3& center, float radius) override;
    /// A <text> on a dark rounded <rect> (as the window's labels), `offset` pixels from the point.
    void Label(const glm::vec3& at, glm::vec2 offset, const std::string& text, const glm::vec4& color) override;
    void Leader(const glm::vec3& at, glm::vec2 to, const glm::vec4& color) override;

    /// The caption in its band (a dark strip across the page), or without one in the figure's
    /// top-left corner in a dark box (as the window's status): the first line bright, the others grey.
    void Caption(const std::vector<std::string>& lines) override;
    void PageRect(glm::dvec2 min, glm::dvec2 max, const glm::vec4& fill) override;
    void PageLine(glm::dvec2 a, glm::dvec2 b, const glm::vec4& color, float width) override;
    void PageText(glm::dvec2 at, const std::string& text, const glm::vec4& color, double size) override;

    /// The whole document: the background, then the grid, the scene's planes, solids and lines,
    /// the overlays' fills and lines, the markers, the labels, the caption and last the page's own
    /// shapes and text (the window's order).
    std::string Document(const glm::vec4& background) const;

private:
    std::optional<glm::dvec2> Project(const glm::vec3& world) const;
    /// "#rrggbb" of a colour in the page's palette (PaintColor).
    std::string Paint(const glm::vec4& color) const;
    /// ` stroke="#rrggbb" stroke-opacity="a"` of a stroke in the page's palette (StrokeAlpha).
    std::string Stroke(const glm::vec4& color) const;
    std::string& LayerText(DrawLayer layer, bool fill);

    Camera m_camera;
    std::string m_defs, m_grid, m_sceneFill, m_solids, m_scene, m_overlayFill, m_overlay, m_markers, m_labels,
        m_caption, m_page;
    int m_gradients = 0;
    FigurePage m_layout;
};

/// Text with &, <, > and quotes escaped for XML.
std::string XmlEscape(const std::string& text);

} // namespace hitlab
