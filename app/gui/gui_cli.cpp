// Argument parsing for the window and the renderer.
#include "gui_cli.h"

#include "app/gui/model/capture_load.h"
#include "app/gui/model/lessons.h"
#include "app/gui/model/panel_table.h"
#include "app/paths/data_dir.h"
#include "gui.h"

#include "app/cli/option_checks.h"

#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <optional>
#include <regex>
#include <string>
#include <utility>
#include <vector>

namespace hitlab {

namespace {

constexpr int kMaxFrames = 1000000000;

/// The scene to open: a built-in name as it is, else a file or a lesson by name (ResolveScenePath),
/// so that the window's File > Save writes the file that was opened.
std::string SceneArgument(const std::string& scene)
{
    return scene.empty() || scene == "demo" || scene == "stress" ? scene : ResolveScenePath(scene);
}

/// "WxH", each 1..8192, into width and height; false when it is not.
bool ParseSize(const std::string& size, int& width, int& height)
{
    std::smatch m;
    if (!std::regex_match(size, m, std::regex(R"((\d{1,5})x(\d{1,5}))")) || std::stoi(m[1]) < 1 ||
        std::stoi(m[2]) < 1 || std::stoi(m[1]) > 8192 || std::stoi(m[2]) > 8192) {
        return false;
    }
    width = std::stoi(m[1]);
    height = std::stoi(m[2]);
    return true;
}

/// "X,Y,Z" as three finite numbers; nullopt when it is not.
std::optional<glm::dvec3> ParseVector(const std::string& text)
{
    glm::dvec3 v(0.0);
    std::size_t at = 0;
    for (int i = 0; i < 3; ++i) {
        const std::size_t end = i < 2 ? text.find(',', at) : text.size();
        if (end == std::string::npos) {
            return std::nullopt;
        }
        const std::string part = text.substr(at, end - at);
        char* stop = nullptr;
        v[i] = std::strtod(part.c_str(), &stop);
        if (part.empty() || stop != part.c_str() + part.size() || !std::isfinite(v[i])) {
            return std::nullopt;
        }
        at = end + 1;
    }
    return v;
}

/// `hitlab render -o`: a file to write (FileToWrite), or a directory for a deck's SVG pages (a
/// trailing slash or an existing directory) whose parent exists.
CLI::Validator OutputToWrite()
{
    return CLI::Validator(
        [](std::string& text) -> std::string {
            std::error_code ec;
            if (!text.empty() && (text.back() == '/' || std::filesystem::is_directory(text, ec))) {
                const std::filesystem::path dir = std::filesystem::path(text).parent_path().parent_path();
                if (text.back() == '/' && !dir.empty() && !std::filesystem::is_directory(dir, ec)) {
                    return "cannot write \"" + text + "\": the directory \"" + dir.string() + "\" does not exist";
                }
                return {};
            }
            return FileToWrite()(text);
        },
        "FILE");
}

/// The window's options (`hitlab [SCENE] ...`), filling options (and size, checked after parsing).
void DefineGuiOptions(CLI::App& app, GuiOptions& options, std::string& size)
{
    app.add_option("scene", options.scene, "demo (default), stress, or a scene file");
    app.add_option("--frames", options.frames, "Close after N frames")->transform(WholeIn(1, kMaxFrames));
    app.add_flag("--stats", options.stats, "Print frame-time statistics on exit");
    app.add_option("--dump-on-exit", options.dumpOnExit, "Write the shapes as JSON Lines to FILE on exit")
        ->check(FileToWrite());
    app.add_option("--save-on-exit", options.saveOnExit,
                   "Save the scene to FILE on exit (also when ended with SIGTERM), for scripts and tests")
        ->check(FileToWrite());
    app.add_option("--screenshot", options.screenshot, "With --frames: write the last frame (with the panels) to a PNG")
        ->check(FileToWrite());
    app.add_option("--panel-report", options.panelReport, "Write the panels' layout and ImGui errors as JSON on exit")
        ->check(FileToWrite());
    app.add_option("--select", options.select, "Start with the shape of this id selected")
        ->transform(WholeIn<ShapeId>(1, std::numeric_limits<ShapeId>::max()));
    app.add_option_function<std::string>(
           "--drag",
           [&options](const std::string& text) {
               options.drag = ParseVector(text);
               if (!options.drag) {
                   throw CLI::ValidationError("--drag", "expected three finite numbers X,Y,Z, got \"" + text + "\"");
               }
           },
           "With --select: drag that shape X,Y,Z further each frame, as the mouse does (with --frames and "
           "--stats: the frame times of a drag)")
        ->type_name("X,Y,Z");
    app.add_option("--orbit", options.orbit,
                   "Orbit the camera each frame as a mouse drag of this many pixels across the view does (with "
                   "--frames and --stats: the frame times of an orbit)")
        ->check(RealIn(-1000.0, 1000.0))
        ->type_name("PIXELS");
    app.add_option("--font-scale", options.fontScale,
                   "Text, markers and lines this much larger, 0.8 to 4 (View > Font size); text in presentation mode "
                   "is at least 1/27 of the window's height")
        ->check(RealIn(0.8, 4.0));
    std::vector<std::string> panelFlags; // the panel table's --open-panel flags (hunt, timing)
    for (const PanelSpec& spec : PanelTable()) {
        if (!spec.flag.empty()) {
            panelFlags.emplace_back(spec.flag);
        }
    }
    app.add_option("--open-panel", options.openPanel,
                   "Open the Hunt, the Timing, the Lessons, the Minkowski difference or the Capture panel at start")
        ->check(CLI::IsMember(panelFlags));
    app.add_flag("--run-panel", options.runPanel,
                 "With --open-panel: start its hunt (the default choices) or measurement at once; with --frames the "
                 "last frame waits for it (screenshots, tests)");
    app.add_option("--capture-filter", options.captureFilter,
                   "With a capture: show only these verdict classes at start (comma-separated: agrees, convention, "
                   "rounding, unexplained, bad)");
    app.add_option("--capture-row", options.captureRow,
                   "With a capture: choose the N-th row shown (0 = the first) once it is read (tests, screenshots)")
        ->check(CLI::NonNegativeNumber);
    app.add_option("--drop", options.drop,
                   "Open FILE as if it were dropped on the window (asking about unsaved changes), for tests");
    app.add_flag("--present", options.present,
                 "Start in presentation mode: the viewport, the number line and the verdict only (F5 or Esc leaves)");
    app.add_flag("--quiz", options.quiz,
                 "Start in quiz mode: each lesson asks its exercises, the answers hidden until Reveal");
    app.add_option("--size", size, "The window's size WxH, each 1..8192 (default 1280x720)");
    app.add_option("--step", options.step, "Start the Query inspector on trace step N (1 = first; default: all steps)")
        ->transform(WholeIn(1, 1000000));
    app.add_option("--compare", options.compare,
                   "Start the Query inspector comparing the drawn algorithm's trace with this algorithm's "
                   "(e.g. slab_listing)")
        ->check(CLI::Validator(
            [](const std::string& name) -> std::string {
                for (const AlgorithmInfo& a : Algorithms()) {
                    if (a.name == name) {
                        return "";
                    }
                }
                return "no algorithm is called \"" + name + "\" (hitlab algorithms lists them)";
            },
            "ALGORITHM"));
    AddExternalOptions(app, options.externalCommands, options.plugins, options.externalTimeout);
}

/// `hitlab render`'s options, filling options (and size, checked after parsing).
void DefineRenderOptions(CLI::App& app, RenderOptions& options, std::string& size)
{
    app.add_option("scene", options.scene, "demo, stress, or a scene file")->required();
    app.add_option("-o,--output", options.output,
                   "PNG file to write, or an SVG figure (drawn without GL) for *.svg; with --deck a PDF (*.pdf), "
                   "the sweep animation (*.gif) or a directory (DIR/) for one SVG a page")
        ->required()
        ->check(OutputToWrite());
    app.add_option("--size", size, "Image size WxH, each 1..8192 (default 1280x720)");
    app.add_option("--view", options.view, "persp (the scene's camera), front, right, top or 2d")
        ->check(CLI::IsMember({"persp", "front", "right", "top", "2d"}));
    app.add_option("--frames", options.frames, "Render N frames (timing); the last is written")
        ->transform(WholeIn(1, kMaxFrames));
    app.add_flag("--stats", options.stats, "Print frame-time statistics");
    app.add_option("--select", options.select, "Draw with the shape of this id selected")
        ->transform(WholeIn<ShapeId>(1, std::numeric_limits<ShapeId>::max()));
    app.add_option("--step", options.step, "Draw the focused trace's step N only (1 = first; default: all steps)")
        ->transform(WholeIn(1, 1000000));
    app.add_flag("--clean", options.clean, "Leave out handles, hints, the status and selection highlights");
    app.add_flag("--light", options.light,
                 "With an .svg output or --deck: white pages in a print palette (ray, slabs and bands at least "
                 "4.5:1 on white)");
    app.add_flag("--deck", options.deck,
                 "The focused trace as slides: a title page with the question, a page a step (its caption, the "
                 "figure and the number line) and the reveal, to -o FILE.pdf or DIR/ (an SVG a page); -o FILE.gif: "
                 "t sweeping along the ray while each slab's band lights up");
    app.add_option("--font-scale", options.fontScale,
                   "With an .svg output or --deck: text, markers and lines this much larger (1..4)")
        ->check(RealIn(1.0, 4.0));
    app.add_option("--algorithm", options.algorithm,
                   "Draw this algorithm of the focused pair's family (built-in or external) and its trace");
    AddExternalOptions(app, options.externalCommands, options.plugins, options.externalTimeout);
}

const char* const kGuiDescription = "Opens the HitLab window on SCENE (default: the built-in demo).";
const char* const kRenderDescription = "Renders one frame of SCENE, overlays included, to a PNG with a hidden window "
                                       "(works under xvfb-run), or to an SVG vector figure (no window) when the "
                                       "output ends in .svg.";

/// A scene word the window cannot open because it is no file at all: "" when it may be one.
std::string SceneWordError(const std::string& word)
{
    const std::string scene = SceneArgument(word); // a lesson by name is a file
    std::error_code ec;
    if (scene.empty() || scene == "demo" || scene == "stress" || std::filesystem::is_regular_file(scene, ec)) {
        return {};
    }
    if (!std::filesystem::exists(scene, ec) || std::filesystem::is_directory(scene, ec)) {
        return UnknownWordMessage(word);
    }
    return {}; // a device or a pipe: the loader says what is wrong with it
}

} // namespace

int RunGuiCommandLine(int argc, const char* const* argv, const SceneLoader& loader)
{
    // a first word that is neither an option nor a file: a mistyped command, named before the
    // parser complains about the options that follow it
    if (argc >= 2 && argv[1][0] != '-') {
        if (const std::string e = SceneWordError(argv[1]); !e.empty()) {
            std::cerr << "hitlab: " << e << "\n";
            return 2;
        }
    }
    CLI::App app{kGuiDescription, "hitlab"};
    GuiOptions options;
    options.loader = loader ? loader : SceneLoader(LoadSceneForGui); // scene files (app/gui/model/lessons.h)
    std::string size = "1280x720";
    DefineGuiOptions(app, options, size);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return ParseFailure(app, e, "hitlab", std::cout, std::cerr);
    }
    if (const std::string e = SceneWordError(options.scene); !e.empty()) {
        std::cerr << "hitlab: " << e << "\n";
        return 2;
    }
    options.scene = SceneArgument(options.scene);
    if (IsCaptureFile(options.scene)) {
        // a capture opens in the Capture panel (docs/capture.md, "Browsing")
        options.capture = std::exchange(options.scene, "demo"); // the demo shows until a row is chosen
    }
    if (!ParseSize(size, options.width, options.height)) {
        std::cerr << "hitlab: --size: expected WxH, each 1..8192, got \"" << size << "\"\n";
        return 2;
    }
    if (options.drag && options.select == 0) {
        std::cerr << "hitlab: --drag needs --select: the id of the shape to drag\n";
        return 2;
    }
    return RunGui(options);
}

int RunRenderCommandLine(int argc, const char* const* argv, const SceneLoader& loader)
{
    CLI::App app{kRenderDescription, "hitlab render"};
    RenderOptions options;
    options.loader = loader ? loader : SceneLoader(LoadSceneForGui);
    std::string size = "1280x720";
    DefineRenderOptions(app, options, size);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return ParseFailure(app, e, "hitlab render", std::cout, std::cerr);
    }
    options.scene = SceneArgument(options.scene);
    if (!ParseSize(size, options.width, options.height)) {
        std::cerr << "hitlab render: --size: expected WxH, each 1..8192, got \"" << size << "\"\n";
        return 2;
    }
    return RunRender(options);
}

std::string GuiCommandLineHelp()
{
    GuiOptions gui;
    CLI::App window{kGuiDescription, "hitlab"};
    std::string size;
    DefineGuiOptions(window, gui, size);
    RenderOptions render;
    CLI::App renderer{kRenderDescription, "hitlab render"};
    DefineRenderOptions(renderer, render, size);
    return "The window (no command): " + window.help() + "\nThe render command: " + renderer.help();
}

} // namespace hitlab
