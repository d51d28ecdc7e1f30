// Argument parsing for the window and the renderer.
#include "gui_cli.h"

#include "app/paths/data_dir.h"
#include "gui.h"
#include "panels/lessons.h"
#include "panels/panel_table.h"

#include <CLI/CLI.hpp>

#include <regex>
#include <string>
#include <vector>

namespace hitlab {

namespace {

/// The scene to open: a built-in name as it is, else a file or a lesson by name (ResolveScenePath),
/// so that the window's File > Save writes the file that was opened.
std::string SceneArgument(const std::string& scene)
{
    return scene.empty() || scene == "demo" || scene == "stress" ? scene : ResolveScenePath(scene);
}

} // namespace

int RunGuiCommandLine(int argc, const char* const* argv, const SceneLoader& loader)
{
    CLI::App app{"Opens the HitLab window on SCENE (default: the built-in demo).", "hitlab"};
    GuiOptions options;
    options.loader = loader ? loader : SceneLoader(LoadSceneForGui); // scene files (app/gui/panels/lessons.h)
    app.add_option("scene", options.scene, "demo (default), stress, or a scene file");
    app.add_option("--frames", options.frames, "Close after N frames")->check(CLI::PositiveNumber);
    app.add_flag("--stats", options.stats, "Print frame-time statistics on exit");
    app.add_option("--dump-on-exit", options.dumpOnExit, "Write the shapes as JSON Lines to FILE on exit");
    app.add_option("--save-on-exit", options.saveOnExit,
                   "Save the scene to FILE on exit (also when ended with SIGTERM), for scripts and tests");
    app.add_option("--screenshot", options.screenshot,
                   "With --frames: write the last frame (with the panels) to a PNG");
    app.add_option("--panel-report", options.panelReport, "Write the panels' layout and ImGui errors as JSON on exit");
    app.add_option("--select", options.select, "Start with the shape of this id selected");
    app.add_option("--font-scale", options.fontScale, "Text, markers and lines this much larger (View > Font size)")
        ->check(CLI::Range(0.8f, 2.0f));
    std::vector<std::string> panelFlags; // the panel table's --open-panel flags (hunt, timing)
    for (const PanelSpec& spec : PanelTable()) {
        if (!spec.flag.empty()) {
            panelFlags.emplace_back(spec.flag);
        }
    }
    app.add_option("--open-panel", options.openPanel, "Open the Hunt or the Timing panel at start")
        ->check(CLI::IsMember(panelFlags));
    app.add_flag("--run-panel", options.runPanel,
                 "With --open-panel: start its hunt (the default choices) or measurement at once; with --frames the "
                 "last frame waits for it (screenshots, tests)");
    app.add_option("--drop", options.drop,
                   "Open FILE as if it were dropped on the window (asking about unsaved changes), for tests");
    app.add_option("--step", options.step, "Start the Query inspector on trace step N (1 = first; default: all steps)");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int status = app.exit(e);
        return status == 0 ? 0 : 2;
    }
    options.scene = SceneArgument(options.scene);
    return RunGui(options);
}

int RunRenderCommandLine(int argc, const char* const* argv, const SceneLoader& loader)
{
    CLI::App app{"Renders one frame of SCENE, overlays included, to a PNG with a hidden window "
                 "(works under xvfb-run).",
                 "hitlab render"};
    RenderOptions options;
    options.loader = loader ? loader : SceneLoader(LoadSceneForGui);
    std::string size = "1280x720";
    app.add_option("scene", options.scene, "demo, stress, or a scene file")->required();
    app.add_option("-o,--output", options.output, "PNG file to write")->required();
    app.add_option("--size", size, "Image size WxH (default 1280x720)");
    app.add_option("--view", options.view, "persp (the scene's camera), front, right, top or 2d")
        ->check(CLI::IsMember({"persp", "front", "right", "top", "2d"}));
    app.add_option("--frames", options.frames, "Render N frames (timing); the last is written")
        ->check(CLI::PositiveNumber);
    app.add_flag("--stats", options.stats, "Print frame-time statistics");
    app.add_option("--select", options.select, "Draw with the shape of this id selected");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int status = app.exit(e);
        return status == 0 ? 0 : 2;
    }
    options.scene = SceneArgument(options.scene);
    std::smatch m;
    if (!std::regex_match(size, m, std::regex(R"((\d{1,5})x(\d{1,5}))")) || std::stoi(m[1]) < 1 ||
        std::stoi(m[2]) < 1 || std::stoi(m[1]) > 8192 || std::stoi(m[2]) > 8192) {
        std::cerr << "hitlab render: --size must be WxH, each 1..8192 (got \"" << size << "\")\n";
        return 2;
    }
    options.width = std::stoi(m[1]);
    options.height = std::stoi(m[2]);
    return RunRender(options);
}

} // namespace hitlab
