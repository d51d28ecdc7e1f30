// Figures for slides and notes: what `hitlab render` shows of a trace (the focused pair, the
// step, --clean) and the SVG vector figure of the viewport, drawn without a GL context through
// render/'s SvgSink from the same scene drawing the window uses.
#pragma once

#include "figure_external.h"

#include "render/camera.h"
#include "render/figure_sink.h"

#include "core/scene.h"
#include "core/scene_eval.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace hitlab {

/// What a rendered figure shows of the focused trace.
struct FigureChoice {
    std::optional<SceneQuery> focused;              ///< the pair whose trace is drawn (nullopt: the selection's choice)
    int step = -1;                                  ///< the trace step drawn, 0-based (-1: the whole trace)
    bool clean = false;                             ///< no handles, hints, status or selection highlights
    bool light = false;                             ///< SVG, PDF, GIF: the print palette on white (PaintColor)
    double scale = 1.0;                             ///< SVG, PDF, GIF: --font-scale (FigurePage::scale)
    const FigureExternal* external = nullptr;       ///< external programs' and plugins' answers (null: none)
    const FigureExternalOptions* sources = nullptr; ///< their programs and plugins, for the ray fans (null: none)
};

/// The pair a figure focuses, as the window chooses it: the selection's first query that hits
/// (else its first query); with no selection (0) the scene's first disagreement, else its first
/// query (as a lesson opens). nullopt when there is no such query. overrides: parallel to the
/// evaluation's queries when external algorithms joined them (their agreement counts then).
std::optional<SceneQuery> FigureFocus(const SceneEvaluator& evaluation, ShapeId select,
                                      std::span<const DrawnOverride> overrides = {});

/// The figure's camera: `camera` panned and zoomed out (never in) until every t label of the
/// focused trace lies inside the figure, the camera's own view kept inside too.
Camera FigureCamera(Scene scene, const Camera& camera, ShapeId select, const FigureChoice& choice);

/// The SVG document of the scene as the window's viewport draws it through `camera` (its
/// viewport is the figure's size), framed by FigureCamera: grid, shapes, result overlays, the
/// focused trace with its t labels, and unless choice.clean a caption (the title, the pair and the
/// trace's verdict, as the window's status) in its own band above the scene (so no line of the
/// scene crosses it) and the selection's highlight and handles.
std::string RenderSvgFigure(Scene scene, const Camera& camera, ShapeId select, const FigureChoice& choice);

/// The figure's scene through `camera` as it is (already framed: FigureCamera), into `out`: the
/// grid, shapes, result overlays, the focused trace with its t labels, the 2D view's coordinates,
/// and unless choice.clean the selection's highlight and handles. The one drawing of the SVG
/// figure, the PDF deck's pages and the GIF's frames.
void DrawFigureScene(Scene scene, const Camera& camera, ShapeId select, const FigureChoice& choice, FigureSink& out);

/// The figure's caption (empty with choice.clean): the title, the pair and the drawn algorithm,
/// the trace's verdict and the external answers, wrapped at `width` characters.
std::vector<std::string> FigureCaption(Scene scene, const Camera& camera, ShapeId select, const FigureChoice& choice,
                                       size_t width);

/// Text broken into lines of at most `width` characters at spaces (a longer word stays whole).
std::vector<std::string> WrapText(const std::string& text, size_t width);

/// Whether an output path names an SVG figure (it ends in ".svg", in any case).
bool IsSvgPath(const std::string& path);

} // namespace hitlab
