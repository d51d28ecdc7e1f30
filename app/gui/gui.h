// The GUI entry points: the interactive window (`hitlab [SCENE]`) and the one-frame renderer
// (`hitlab render SCENE -o out.png`), both on GLFW + OpenGL 3.3 core + Dear ImGui.
#pragma once

#include "figure.h"
#include "scenes.h"
#include "viewport.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace hitlab {

struct GuiOptions {
    std::string scene;       ///< "demo" (default), "stress" or a file for `loader`
    int frames = 0;          ///< > 0: close after this many frames (benchmarks, tests)
    bool stats = false;      ///< print frame-time statistics on exit
    std::string dumpOnExit;  ///< write the shapes as JSON Lines to this file on exit (tests)
    std::string saveOnExit;  ///< save the scene file (core/io/scene_file.h) on exit, also on SIGTERM
    std::string screenshot;  ///< with frames: write the last frame, panels included, to this PNG
    std::string panelReport; ///< write the panels' rectangles and ImGui errors as JSON on exit (tests)
    int step = -1;           ///< the Query inspector's first trace step (-1: the whole trace)
    std::string compare;     ///< the Query inspector's compared algorithm at start (empty: none)
    ShapeId select = 0;      ///< start with this shape selected (screenshots of the Inspector)
    float fontScale = 1.0f;  ///< View > Font size at start: text, markers and lines (a projector: 1.5)
    std::string openPanel;   ///< "hunt" or "timing": open that floating panel at start
    bool runPanel =
        false; ///< with openPanel: start its hunt or measurement at once (with frames: wait for it on the last frame)
    std::string drop;               ///< as if this file were dropped on the window before the first frame (tests)
    bool present = false;           ///< start in presentation mode (View > Presentation mode)
    int width = 1280, height = 720; ///< the window's size at start
    std::vector<std::string> externalCommands; ///< --external: programs whose algorithms run beside the built-in ones
    std::vector<std::string> plugins;          ///< --plugin: plugin files, likewise
    double externalTimeout = 5.0;              ///< --external-timeout: seconds per answer
    SceneLoader loader;
};

struct RenderOptions {
    std::string scene = "demo";
    std::string output; ///< PNG path, or an SVG figure (drawn without GL) when it ends in .svg
    int width = 1280, height = 720;
    std::string view = "persp"; ///< persp | front | right | top | 2d
    int frames = 1;             ///< frames rendered (the last one is written)
    bool stats = false;
    ShapeId select = 0;                        ///< draw with this shape selected (its handles and focused trace)
    int step = -1;                             ///< the focused trace's step N (1 = first; -1: the whole trace)
    bool clean = false;                        ///< no handles, hints, status or selection highlights
    bool light = false;                        ///< an SVG figure on white, for print
    std::vector<std::string> externalCommands; ///< --external: programs whose answers the figure draws
    std::vector<std::string> plugins;          ///< --plugin: plugin files, likewise
    double externalTimeout = 5.0;              ///< --external-timeout: seconds per answer
    std::string algorithm; ///< --algorithm: the drawn algorithm of the focused pair's family ("": the scene's)
    SceneLoader loader;
};

/// Opens the window; returns the exit status (1 with a one-line message when there is no display
/// or no OpenGL 3.3).
int RunGui(const GuiOptions& options);
/// Renders with a hidden window and writes a PNG, or writes an SVG figure without a window;
/// returns the exit status.
int RunRender(const RenderOptions& options);

/// One rendered frame, rows from the top, RGBA8; and the time of each frame rendered.
struct RenderedImage {
    int width = 0, height = 0;
    std::vector<unsigned char> rgba;
    std::vector<FrameTimes> frames;
    std::string fanStats; ///< the ray fans' computation times (FanView::PrintStats), for --stats
};
/// Renders `frames` frames of the scene with a hidden window (overlays included) and returns the
/// last; nullopt with error set when there is no display, no OpenGL 3.3 or a shader fails.
/// `figure` picks the focused pair and trace step, and with clean leaves out the selection's
/// highlight and handles, the hints and the status.
std::optional<RenderedImage> RenderScene(Scene scene, const Camera& camera, int width, int height, int frames,
                                         ShapeId select, std::string& error, const FigureChoice& figure = {});

/// Frame-time statistics: min, median, p95, max of total, and the shares of each part.
void PrintFrameStats(std::ostream& out, const std::vector<FrameTimes>& frames);

} // namespace hitlab
