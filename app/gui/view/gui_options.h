// The options of the window (`hitlab [SCENE]`) and of `hitlab render`, as the command line sets
// them (app/gui/gui_cli.h): the window's panels read them too.
#pragma once

#include "scenes.h"

#include "core/scene.h"

#include <glm/vec3.hpp>

#include <optional>
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
    /// --drag X,Y,Z with --select: each frame drags the selection this much further, as the mouse
    /// drags it (one undo step at the end); --stats then counts the frames that dragged only.
    std::optional<glm::dvec3> drag;
    /// --orbit PIXELS: each frame orbits the camera as a mouse drag of this many pixels across the
    /// view does; --stats then counts the frames that orbited only.
    std::optional<double> orbit;
    float fontScale = 1.0f; ///< View > Font size at start: text, markers and lines (a projector: 1.5)
    std::string openPanel;  ///< "hunt" or "timing": open that floating panel at start
    bool runPanel =
        false; ///< with openPanel: start its hunt or measurement at once (with frames: wait for it on the last frame)
    std::string capture;            ///< a capture to open in the Capture panel at start (`hitlab CAPTURE`)
    std::string captureFilter;      ///< --capture-filter: the verdict classes shown at start ("unexplained,bad")
    int captureRow = -1;            ///< --capture-row N: choose the N-th row shown once loaded (tests, screenshots)
    std::string drop;               ///< as if this file were dropped on the window before the first frame (tests)
    bool present = false;           ///< start in presentation mode (View > Presentation mode)
    bool quiz = false;              ///< start in quiz mode (the lesson box's Quiz button)
    int width = 1280, height = 720; ///< the window's size at start
    std::vector<std::string> externalCommands; ///< --external: programs whose algorithms run beside the built-in ones
    std::vector<std::string> plugins;          ///< --plugin: plugin files, likewise
    double externalTimeout = 5.0;              ///< --external-timeout: seconds per answer
    SceneLoader loader;
};

struct RenderOptions {
    std::string scene = "demo";
    std::string output; ///< PNG path, or an SVG figure (drawn without GL) when it ends in .svg; with deck a .pdf,
                        ///< a .gif or a directory
    int width = 1280, height = 720;
    std::string view = "persp"; ///< persp | front | right | top | 2d
    int frames = 1;             ///< frames rendered (the last one is written)
    bool stats = false;
    ShapeId select = 0;     ///< draw with this shape selected (its handles and focused trace)
    int step = -1;          ///< the focused trace's step N (1 = first; -1: the whole trace)
    bool clean = false;     ///< no handles, hints, status or selection highlights
    bool light = false;     ///< an SVG figure, PDF or GIF on white in the print palette
    bool deck = false;      ///< --deck: a PDF deck (.pdf), a directory of SVG pages (DIR/) or the sweep (.gif)
    double fontScale = 1.0; ///< --font-scale: the figure's text, markers and lines this much larger
    std::vector<std::string> externalCommands; ///< --external: programs whose answers the figure draws
    std::vector<std::string> plugins;          ///< --plugin: plugin files, likewise
    double externalTimeout = 5.0;              ///< --external-timeout: seconds per answer
    std::string algorithm; ///< --algorithm: the drawn algorithm of the focused pair's family ("": the scene's)
    SceneLoader loader;
};

} // namespace hitlab
