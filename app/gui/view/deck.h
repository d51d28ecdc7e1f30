// A lesson's deck for slides (`hitlab render LESSON --deck`): a title page with the title and the
// question, one page per step of the focused trace (its caption, the figure of that step and the
// number line) and the reveal (every step, the verdicts); and the sweep animation (t moving along
// the ray while each slab's band lights up). Each page is drawn into any FigureSink through the
// figure's one drawing (DrawFigureScene): SvgSink for a directory of SVGs, CairoSink for the PDF
// and the GIF's frames. GL-free.
#pragma once

#include "figure.h"

#include "render/camera.h"
#include "render/figure_sink.h"

#include "core/scene.h"

#include <functional>
#include <string>
#include <vector>

namespace hitlab {

/// One page (or animation frame): the scene's camera (its viewport: page.SceneArea(), the same
/// on every page of a deck so the figure stands still), the page's layout and its drawing.
struct DeckPage {
    std::string name; ///< "title", "step-03", "reveal", "sweep-012": a directory's file names
    Camera camera;
    FigurePage page;
    std::function<void(FigureSink&)> draw;
};

/// The deck of the scene's focused pair (choice.focused) through `camera` (its viewport: the page
/// in pixels): 2 + the trace's steps pages. Empty, with `error` set, when the scene has no query
/// whose trace could be shown.
std::vector<DeckPage> LessonDeck(const Scene& scene, const Camera& camera, ShapeId select, const FigureChoice& choice,
                                 std::string& error);

/// The sweep animation of the focused slab trace: `frames` frames of t from the allowed range's
/// start (or the number line's, when it is later) to the number line's end. Empty, with `error`
/// set, when the focused trace is not a slab method's.
std::vector<DeckPage> SweepAnimation(const Scene& scene, const Camera& camera, ShapeId select,
                                     const FigureChoice& choice, int frames, std::string& error);

/// The sweep's t at frame i of n (i = 0: the start, n - 1: the end).
double SweepT(double start, double end, int i, int n);

} // namespace hitlab
