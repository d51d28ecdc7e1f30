// A flat figure for slides and print: a DrawSink that also takes the page's own text and shapes in
// pixels (the caption band, a deck's title page, the number line). SvgSink writes it as SVG,
// CairoSink as PDF pages or raster frames, both from the same calls (app/gui/view/figure.h).
#pragma once

#include "camera.h"
#include "draw_sink.h"

#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hitlab {

/// How a figure sits on its page. The scene is drawn through a camera whose viewport is the page
/// less the caption band (its size: SceneArea), moved down below the band; everything is `scale`
/// times larger on the page (`--font-scale`: text, markers and lines; the scene keeps its framing).
struct FigurePage {
    glm::dvec2 size{1280.0, 720.0}; ///< the page in pixels, as written (scale included)
    double band = 0.0;              ///< the caption band's height in unscaled pixels (0: no band)
    double footer = 0.0;            ///< a band under the scene for the page's own drawing (a number line)
    double scale = 1.0;             ///< --font-scale, 1..4
    bool light = false;             ///< print: white page, the print palette (PrintColor)

    /// The page in unscaled pixels, where everything is laid out.
    glm::dvec2 Logical() const { return size / scale; }
    /// The scene's viewport (the camera's): the logical page less the caption band and the footer.
    glm::dvec2 SceneArea() const { return {Logical().x, Logical().y - band - footer}; }
};

/// The figures' text: 13 pixels (the window's ImGui font) in a monospace font whose characters
/// are 0.6 em wide (DejaVu Sans Mono).
inline constexpr double kFigureFontSize = 13.0;
inline constexpr double kFigureCharWidth = kFigureFontSize * 0.6;
/// One caption line's height, and the height of the band a caption of `lines` lines takes.
inline constexpr double kCaptionLineHeight = kFigureFontSize + 4.0;
inline double CaptionBandHeight(std::size_t lines)
{
    return lines == 0 ? 0.0 : double(lines) * kCaptionLineHeight + 22.0;
}

class FigureSink : public DrawSink {
public:
    /// The caption: in its band above the scene (FigurePage::band), else in the figure's top-left
    /// corner in a dark box; the first line bright, the others grey.
    virtual void Caption(const std::vector<std::string>& lines) = 0;
    /// The page's own shapes and text, in logical pixels from its top-left corner (y down), drawn
    /// after everything else. Text: `size` pixels high, `at` its top-left corner.
    virtual void PageRect(glm::dvec2 min, glm::dvec2 max, const glm::vec4& fill) = 0;
    virtual void PageLine(glm::dvec2 a, glm::dvec2 b, const glm::vec4& color, float width) = 0;
    virtual void PageText(glm::dvec2 at, const std::string& text, const glm::vec4& color, double size) = 0;
};

/// The colour a figure paints: on the dark page as it is; on the light page (print) the greys
/// turned over (white text dark, the dark grid and label boxes light), and every other colour
/// darkened, keeping its hue, until it is at least 4.5:1 against white (WCAG 2 AA for text).
glm::vec4 PaintColor(const glm::vec4& color, bool light);

/// The colour of caption line `line` before PaintColor: the first bright, the others grey (on the
/// light page a darker grey: 5.9:1 on its light band, where the dark page's grey would give 4).
inline glm::vec4 CaptionLineColor(std::size_t line, bool light)
{
    const float grey = line == 0 ? 0.92f : light ? 0.75f : 0.65f;
    return {grey, grey, grey, 1.0f};
}

/// The opacity a stroke (line, marker, text) is painted with: on the light page a coloured stroke
/// of opacity 0.3 or more is opaque, so that its contrast is its colour's.
float StrokeAlpha(const glm::vec4& color, bool light);

/// WCAG 2's relative luminance of an sRGB colour (0 black .. 1 white) and the contrast ratio of
/// two colours (1..21), `a` composited over `b` with a's alpha.
double RelativeLuminance(const glm::vec4& color);
double ContrastRatio(const glm::vec4& a, const glm::vec4& b);

/// The convex hull of screen points (Andrew's monotone chain), counter-clockwise without repeats:
/// a projected box's outline.
std::vector<glm::dvec2> ScreenHull(std::vector<glm::dvec2> points);

/// A world point on the figure's page (pixels), nullopt behind the eye or not finite.
std::optional<glm::dvec2> ProjectToFigure(const Camera& camera, const glm::vec3& world);

/// A box's outline as a figure draws it: the hull of its eight projected corners (empty when a
/// corner is behind the eye: the box gets its edges only), and its twelve edges clipped to the
/// view, those seen end-on left out.
struct BoxOutline {
    std::vector<glm::dvec2> hull;
    std::vector<std::pair<glm::dvec2, glm::dvec2>> edges;
};
BoxOutline ProjectBoxOutline(const Camera& camera, const glm::vec3& center, const glm::vec3& halfExtents,
                             const glm::mat3& axes);

/// An arrowhead marker's triangle at screen point p with half size r, pointing away from `from`
/// (+x when there is none or it coincides with p).
std::array<glm::dvec2, 3> ArrowheadPoints(glm::dvec2 p, double r, std::optional<glm::dvec2> from);

} // namespace hitlab
