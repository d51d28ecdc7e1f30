// A FigureSink that paints with cairo: the same calls as SvgSink's, for PDF decks (cairo's PDF
// surface) and raster frames (its image surfaces: the GIF animation). The calls are recorded in the
// window's order (grid, planes, solids, lines, overlays, markers, labels, caption, page) and
// painted by Paint, so that a sink can be painted to several surfaces. GL-free. Text in DejaVu
// Sans Mono (fonts-dejavu-core) through cairo's font selection.
#pragma once

#include "camera.h"
#include "figure_sink.h"

#include <array>
#include <functional>
#include <string>
#include <vector>

typedef struct _cairo cairo_t;

namespace hitlab {

class CairoSink final : public FigureSink {
public:
    /// The scene through `camera` (its viewport: page.SceneArea()) below the caption band of `page`.
    CairoSink(const Camera& camera, const FigurePage& page);

    using DrawSink::Line;
    using DrawSink::Marker;
    void Line(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec4& colorA, const glm::vec4& colorB,
              float width) override;
    void Marker(const glm::vec3& position, const glm::vec4& color, float size, MarkerKind kind,
                const glm::vec3& toward) override;
    void Box(const glm::vec3& center, const glm::vec3& halfExtents, const glm::mat3& axes, const glm::vec4& color,
             const glm::vec4& edgeColor, float edgeWidth) override;
    void Sphere(const glm::vec3& center, float radius, const glm::vec4& color, const glm::vec4& outline) override;
    void Triangle(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                  const glm::vec4& color) override;
    /// Ignored: the figure's grid lines are all drawn.
    void GridFade(const glm::vec3& center, float radius) override;
    void Label(const glm::vec3& at, glm::vec2 offset, const std::string& text, const glm::vec4& color) override;
    void Leader(const glm::vec3& at, glm::vec2 to, const glm::vec4& color) override;
    void Caption(const std::vector<std::string>& lines) override;
    void PageRect(glm::dvec2 min, glm::dvec2 max, const glm::vec4& fill) override;
    void PageLine(glm::dvec2 a, glm::dvec2 b, const glm::vec4& color, float width) override;
    void PageText(glm::dvec2 at, const std::string& text, const glm::vec4& color, double size) override;

    /// Paints the page (page.size units of the context, from its origin): the background (white
    /// on the light page), then everything recorded, in the window's order.
    void Paint(cairo_t* cr, const glm::vec4& background) const;

private:
    using Op = std::function<void(cairo_t*)>;
    enum Bucket { Grid, SceneFill, Solids, Scene, OverlayFill, Overlay, Markers, Labels, CaptionText, Page, Count };
    Bucket LayerBucket(DrawLayer layer, bool fill) const;
    /// A colour in the page's palette: its rgb (PaintColor) and `alpha`.
    void SetColor(cairo_t* cr, const glm::vec4& color, float alpha) const;
    void StrokeSegment(Bucket bucket, glm::dvec2 a, glm::dvec2 b, const glm::vec4& color, float width);
    void Text(Bucket bucket, glm::dvec2 topLeft, const std::string& text, const glm::vec4& color, double size);

    Camera m_camera;
    FigurePage m_layout;
    std::array<std::vector<Op>, Count> m_ops;
};

} // namespace hitlab
