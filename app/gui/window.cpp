// The GLFW window, the ImGui set-up, the frame loop, and the hidden-window renderer.
#include "app/gui/model/presentation_layout.h"
#include "app/gui/panels/panels.h"
#include "app/gui/view/clock.h"
#include "app/gui/view/scene_loading.h"
#include "gui.h"
#include "window_input.h"
#include "window_setup.h"

#include "core/io/scene_file.h"
#include "render/frame.h"
#include "render/scene_draw.h"
#include "render/ui_draw.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace hitlab {

namespace {

/// SIGTERM, SIGINT, SIGHUP: leave the loop and exit as if closed, keeping an autosave of unsaved
/// changes (the handler only sets the flag: the loop does the rest)
volatile std::sig_atomic_t g_terminate = 0;

void OnTerminate(int) { g_terminate = 1; }

/// The window's viewport (null until AttachViewport).
Viewport* ViewportOf(GLFWwindow* window) { return UserOf(window)->viewport; }

/// Marks (NowMs) taken through one frame, shared by the window and `hitlab render`: Dear ImGui's
/// part is building the UI (evaluated..imguiBuilt) and rendering its draw lists
/// (viewportDrawn..imguiDrawn); drawing is the rest since evaluation, up to Split (so a FinishGpu
/// before it, one wait for the GPU per frame, counts as drawing: by far the larger part).
struct FrameClock {
    double begin = NowMs(), evaluated = 0, imguiBuilt = 0, viewportDrawn = 0, imguiDrawn = 0;

    void Split(FrameTimes& times) const
    {
        times.imgui = (imguiBuilt - evaluated) + (imguiDrawn - viewportDrawn);
        times.draw = NowMs() - evaluated - times.imgui;
    }
    double Total() const { return NowMs() - begin; }
};

/// The shapes as JSON Lines: each shape's id and name, then its protocol object (ShapeToJson).
void DumpShapes(const Scene& scene, const std::string& path)
{
    std::ofstream out(path);
    for (const SceneShape& s : scene.Shapes()) {
        nlohmann::ordered_json j{{"id", s.id}, {"name", s.name}};
        j.update(ShapeToJson(s.shape));
        out << j.dump() << '\n';
    }
}

/// The window's input reaches the viewport first; ImGui's backend, installed after, chains to it.
/// Our input callbacks, installed before ImGui's backend (which chains to them); they do nothing
/// until AttachViewport (the window shows a progress screen while a big scene loads).
void InstallInputCallbacks(GLFWwindow* window, WindowUser& user)
{
    TrackWindowState(window, user);
    glfwSetCursorPosCallback(window, [](GLFWwindow* w, double x, double y) {
        NoteCursor(UserOf(w)->state, x, y);
        if (Viewport* viewport = ViewportOf(w)) {
            viewport->OnMouseMove({x, y});
        }
    });
    glfwSetMouseButtonCallback(window, [](GLFWwindow* w, int button, int action, int mods) {
        NoteButton(UserOf(w)->state, button, action == GLFW_PRESS);
        if (Viewport* viewport = ViewportOf(w)) {
            viewport->OnMouseButton(button, action == GLFW_PRESS, mods);
        }
    });
    glfwSetScrollCallback(window, [](GLFWwindow* w, double, double dy) {
        if (Viewport* viewport = ViewportOf(w)) {
            viewport->OnScroll(dy);
        }
    });
    glfwSetKeyCallback(window, [](GLFWwindow* w, int key, int, int action, int mods) {
        UserOf(w)->state.keys.Note(key, action, mods); // the panels' shortcuts: one press a frame
        if (Viewport* viewport = ViewportOf(w); viewport != nullptr && action != GLFW_RELEASE) {
            viewport->OnKey(key, mods);
        }
    });
}

void AttachViewport(GLFWwindow* window, Viewport& viewport)
{
    viewport.isKeyDown = [window](int key) { return glfwGetKey(window, key) == GLFW_PRESS; };
    UserOf(window)->viewport = &viewport;
}

/// A scene still loading after the window opened: a progress screen until it is done. Closing
/// the window, Esc or a signal cancels (nullopt, error "cancelled").
std::optional<Scene> WaitWithProgress(GLFWwindow* window, SceneLoadJob& load, UiRenderer& ui, IoError& error)
{
    while (!load.WaitFor(1.0 / 30.0)) {
        glfwPollEvents();
        if (glfwWindowShouldClose(window) || glfwGetKey(window, GLFW_KEY_ESCAPE) == GLFW_PRESS || g_terminate != 0) {
            load.Cancel();
            continue;
        }
        WindowState& state = UserOf(window)->state;
        const int fbw = state.framebuffer.x, fbh = state.framebuffer.y;
        ImGui_ImplOpenGL3_NewFrame();
        NewPlatformFrame(window, state);
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
        ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 32.0f, 0.0f));
        ImGui::Begin("Opening", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove);
        ImGui::TextWrapped("Opening %s", load.Name().c_str());
        char overlay[96];
        std::snprintf(overlay, sizeof overlay, "%s: %.0f%%", load.Stage(), 100.0 * load.Fraction());
        ImGui::ProgressBar(load.Fraction(), ImVec2(-1.0f, 0.0f), overlay);
        ImGui::TextDisabled("%.1f s   Esc or closing the window cancels", load.Seconds());
        ImGui::End();
        ImGui::Render();
        BeginScene({fbw, fbh}, palette::kBackground, {}, {});
        EndScene();
        ui.Draw(ToUiFrame(*ImGui::GetDrawData()), {fbw, fbh});
        glfwSwapBuffers(window);
    }
    return load.Take(error);
}

/// One frame: evaluate, build the panels, draw the scene and the panels, swap. Nothing (and a wait
/// for events) while the window is minimised or has no size.
std::optional<FrameTimes> DrawFrame(GLFWwindow* window, Viewport& viewport, Panels& panels, UiRenderer& ui, bool stats,
                                    double& lastFrame)
{
    FrameClock clock;
    WindowState& state = UserOf(window)->state;
    const int fbw = state.framebuffer.x, fbh = state.framebuffer.y, ww = state.size.x, wh = state.size.y;
    if (!state.Drawable()) {
        glfwWaitEvents(); // minimised or zero-sized: sleep until something happens
        return std::nullopt;
    }
    viewport.camera.viewport = {double(ww), double(wh)};
    viewport.Update();
    clock.evaluated = NowMs();
    // the text size: View > Font size (the panels' FontGlobalScale); in presentation mode a 24-point
    // slide's when larger, less when the strips would not fit then (not below the font size's);
    // a TTF font rasterised at that size (window_setup.h)
    const float scaled = 13.0f * UserOf(window)->textScale * ImGui::GetIO().FontGlobalScale;
    UseFontPixels(viewport.presenting ? panels.PresentationTextPixels(PresentationFontPixels(float(wh), scaled), scaled)
                                      : scaled);
    ImGui_ImplOpenGL3_NewFrame();
    NewPlatformFrame(window, state);
    ImGui::NewFrame();
    panels.Draw((clock.evaluated - lastFrame) / 1000.0);
    lastFrame = clock.evaluated;
    viewport.DrawOverlay();
    ImGui::Render();
    clock.imguiBuilt = NowMs();
    viewport.Draw({fbw, fbh}, {double(ww), double(wh)});
    panels.AfterViewportDrawn(fbw, fbh);
    clock.viewportDrawn = NowMs();
    ui.Draw(ToUiFrame(*ImGui::GetDrawData()), {fbw, fbh});
    panels.AfterPanelsDrawn(fbw, fbh);
    if (panels.QuitRequested()) {
        glfwSetWindowShouldClose(window, GLFW_TRUE);
    }
    clock.imguiDrawn = NowMs();
    if (stats) {
        // one wait for the GPU per frame (a second one would rasterize the frame in two
        // halves); its time goes to drawing, by far the larger part
        FinishGpu();
    }
    clock.Split(viewport.times);
    glfwSwapBuffers(window);
    viewport.times.total = clock.Total();
    return viewport.times;
}

/// After the last frame: the statistics, --dump-on-exit, --save-on-exit and --panel-report; the
/// exit status (1 when the scene could not be saved).
int FinishRun(const GuiOptions& options, Viewport& viewport, Panels& panels, const std::vector<FrameTimes>& frames)
{
    if (options.stats) {
        PrintFrameStats(std::cout, frames);
        viewport.Fans().PrintStats(std::cout);
    }
    if (!options.dumpOnExit.empty()) {
        DumpShapes(viewport.GetDocument().GetScene(), options.dumpOnExit);
    }
    int status = 0;
    if (!options.saveOnExit.empty()) {
        Scene saved = viewport.GetDocument().GetScene();
        saved.camera = CameraToState(viewport.camera);
        if (const IoError failed = SaveSceneFile(saved, options.saveOnExit); !failed.what.empty()) {
            std::cerr << "hitlab: --save-on-exit: " << ErrorText(failed) << '\n';
            status = 1;
        }
    }
    if (!options.panelReport.empty()) {
        panels.WriteReport(options.panelReport);
    }
    return status;
}

} // namespace

void PrintFrameStats(std::ostream& out, const std::vector<FrameTimes>& frames)
{
    if (frames.empty()) {
        return;
    }
    std::vector<double> totals;
    FrameTimes sum;
    for (const FrameTimes& f : frames) {
        totals.push_back(f.total);
        sum.evaluate += f.evaluate;
        sum.draw += f.draw;
        sum.imgui += f.imgui;
        sum.total += f.total;
    }
    std::sort(totals.begin(), totals.end());
    auto at = [&](double q) {
        return totals[std::min(totals.size() - 1, size_t(q * double(totals.size() - 1) + 0.5))];
    };
    char line[256];
    std::snprintf(line, sizeof line, "frames %zu: min %.2f ms, median %.2f ms, p95 %.2f ms, max %.2f ms\n",
                  frames.size(), totals.front(), at(0.5), at(0.95), totals.back());
    out << line;
    const double total = std::max(sum.total, 1e-9);
    std::snprintf(line, sizeof line, "share: evaluate %.1f%%, draw %.1f%%, imgui %.1f%%, other (swap, events) %.1f%%\n",
                  100.0 * sum.evaluate / total, 100.0 * sum.draw / total, 100.0 * sum.imgui / total,
                  100.0 * std::max(0.0, total - sum.evaluate - sum.draw - sum.imgui) / total);
    out << line;
}

namespace {

/// GLFW, the window (titled with the scene's title when it is read already) and Dear ImGui;
/// null when GLFW or the window failed (GLFW is shut down again, the message printed).
GLFWwindow* OpenWindow(const GuiOptions& options, const std::optional<Scene>& scene, WindowUser& user)
{
    if (!InitGlfw("open a window")) {
        return nullptr;
    }
    KeepFrameMemory();
    const std::string name = scene ? (scene->title.empty() ? options.scene : scene->title) : options.scene;
    GLFWwindow* window = CreateGlWindow(options.width, options.height, ("HitLab - " + name).c_str(), true);
    if (window == nullptr) {
        glfwTerminate();
        return nullptr;
    }
    glfwSwapInterval(options.frames > 0 ? 0 : 1);
    EnableMultisample();
    InstallInputCallbacks(window, user);
    float xscale = 1.0f, yscale = 1.0f;
    glfwGetWindowContentScale(window, &xscale, &yscale);
    user.textScale = std::max(1.0f, yscale);
    SetUpImGui(window, user.textScale);
    return window;
}

/// The panels over the viewport (made by the caller: they outlive ImGui's shutdown, which saves
/// the layout to their imgui.ini path), the close and drop callbacks, and the frame loop (--frames
/// frames, or until closed or signalled); then FinishRun's exit status.
int RunFrames(const GuiOptions& options, GLFWwindow* window, Viewport& viewport, Panels& panels, UiRenderer& ui,
              const std::string& pairsNote)
{
    if (!pairsNote.empty()) {
        panels.Tell(pairsNote);
    }
    UserOf(window)->panels = &panels; // for the close and drop callbacks
    glfwSetWindowCloseCallback(window, [](GLFWwindow* w) {
        if (Panels* p = UserOf(w)->panels; p != nullptr && !p->ConfirmQuit()) {
            glfwSetWindowShouldClose(w, GLFW_FALSE); // unsaved changes: the panels ask first
        }
    });
    glfwSetDropCallback(window, [](GLFWwindow* w, int count, const char** paths) {
        if (Panels* p = UserOf(w)->panels) {
            p->OnDrop(std::vector<std::string>(paths, paths + count));
        }
    });
    double lastFrame = NowMs();

    std::vector<FrameTimes> frames;
    for (int frame = 0; !glfwWindowShouldClose(window) && g_terminate == 0; ++frame) {
        if (options.frames > 0 && frame >= options.frames) {
            break;
        }
        if (options.frames > 0 || UserOf(window)->state.keys.Pending()) {
            glfwPollEvents(); // a latched key press still to show: the next frame at once
        } else {
            // nothing animates: redraw on input, never spin; the t sweep: 60 frames a second
            glfwWaitEventsTimeout(viewport.GetDocument().focus.sweep ? 1.0 / 60.0 : 0.25);
        }
        const bool dragged = options.drag && viewport.ScriptedDrag(*options.drag);
        const bool orbited = options.orbit && viewport.ScriptedOrbit(*options.orbit);
        if (const std::optional<FrameTimes> times = DrawFrame(window, viewport, panels, ui, options.stats, lastFrame)) {
            // --drag, --orbit: the frames of the drag or orbit only, not the scene's reading
            if ((!options.drag || dragged) && (!options.orbit || orbited)) {
                frames.push_back(*times);
            }
        }
    }
    if (options.drag) {
        viewport.EndScriptedDrag();
    }
    const int status = FinishRun(options, viewport, panels, frames);
    panels.Shutdown(g_terminate != 0);
    UserOf(window)->panels = nullptr;
    return status;
}

} // namespace

int RunGui(const GuiOptions& options)
{
    for (const int signal : {SIGTERM, SIGINT, SIGHUP}) { // scripts and tests end the window cleanly too
        std::signal(signal, OnTerminate);
    }
    // read on a thread: a scene done within a moment opens as always (an error before any window);
    // a big one opens the window first, with a progress screen. Opening a scene never loads the
    // plugins it names (the panels offer them).
    SceneLoadJob load(options.scene, [&options](IoError& error, LoadProgress* progress) {
        return OpenScene(options.scene, options.loader, error, progress);
    });
    IoError openError;
    std::optional<Scene> scene;
    if (load.WaitFor(kQuickOpenSeconds)) {
        if (!(scene = load.Take(openError))) {
            std::cerr << "hitlab: " << ErrorText(openError) << '\n';
            return 2;
        }
    }
    WindowUser user; // what the window's callbacks reach: outlives the window
    GLFWwindow* window = OpenWindow(options, scene, user);
    if (window == nullptr) {
        return 1;
    }
    UiRenderer ui;
    auto shutDown = [&](int status) {
        ui.Destroy();
        ShutDownImGui();
        glfwDestroyWindow(window);
        glfwTerminate();
        return status;
    };
    std::string error;
    if (!ui.Create(error)) {
        std::cerr << "hitlab: " << error << '\n';
        return shutDown(1);
    }
    if (!scene) {
        if (!(scene = WaitWithProgress(window, load, ui, openError))) {
            const bool cancelled = openError.what == "cancelled";
            std::cerr << "hitlab: " << ErrorText(openError) << '\n';
            return shutDown(cancelled ? 0 : 2);
        }
        if (!scene->title.empty()) {
            glfwSetWindowTitle(window, ("HitLab - " + scene->title).c_str());
        }
    }
    const std::string pairsNote = LimitSolidPairsForWindow(*scene); // before the first evaluation
    Document document(std::move(*scene)); // the scene, history, evaluation, selection and focus
    Viewport viewport(document);
    if (!viewport.Create(error)) {
        std::cerr << "hitlab: " << error << '\n';
        return shutDown(1);
    }
    AttachViewport(window, viewport);
    // ---- the panels (app/gui/panels): menu bar, Scene, Inspector, Algorithms, Results, Query inspector ----
    Panels panels(options, document, viewport);
    const int status = RunFrames(options, window, viewport, panels, ui, pairsNote);
    viewport.Destroy();
    return shutDown(status);
}

namespace {

/// The ray fans' external programs and plugins of a figure (none: null), joined by its last frame.
void FanSources(Viewport& viewport, const FigureExternalOptions* sources)
{
    if (sources != nullptr) {
        const auto timeout = std::chrono::milliseconds(std::llround(sources->timeoutSeconds * 1000.0));
        viewport.Fans().SetExternal(sources->commands, sources->plugins, timeout);
        viewport.Fans().WaitExternal();
    }
}

} // namespace

std::optional<RenderedImage> RenderScene(Scene scene, const Camera& camera, int width, int height, int frames,
                                         ShapeId select, std::string& error, const FigureChoice& figure)
{
    KeepFrameMemory();
    if (!InitGlfw("render")) {
        error = "no display";
        return std::nullopt;
    }
    GLFWwindow* window = CreateGlWindow(width, height, "HitLab render", false);
    if (window == nullptr) {
        glfwTerminate();
        error = "no OpenGL 3.3 core context";
        return std::nullopt;
    }
    // the target, multisampled when HITLAB_MSAA asks for it
    const char* msaa = std::getenv("HITLAB_MSAA");
    OffscreenTarget target;
    const bool complete = target.Create(width, height, msaa != nullptr ? std::atoi(msaa) : 0, error);

    const glm::dvec2 size{double(width), double(height)};
    Document document(std::move(scene));
    Viewport viewport(document);
    std::optional<RenderedImage> image;
    if (complete && viewport.Create(error)) {
        SetUpImGui(window, 1.0f);
        UiRenderer ui;
        ui.Create(error); // the embedded shaders compile wherever the viewport's did
        viewport.camera = camera;
        viewport.camera.viewport = size;
        viewport.showHints = false;
        viewport.showStatus = !figure.clean;
        document.focus.focused = figure.focused;
        document.focus.step = figure.step;
        viewport.external = figure.external;
        FanSources(viewport, figure.sources);
        viewport.Select(figure.clean ? 0 : select);
        image.emplace();
        WindowState offscreen; // what ImGui is told of the hidden window: the target, no pointer
        offscreen.size = offscreen.framebuffer = {width, height};
        // ImGui sizes auto-resizing windows on their first frame and shows them on the second
        for (int frame = 0; frame < std::max(2, frames); ++frame) {
            FrameClock clock;
            viewport.Update();
            if (figure.sources != nullptr && frame + 1 == std::max(2, frames)) {
                viewport.Fans().WaitExternal();
            }
            clock.evaluated = NowMs();
            ImGui_ImplOpenGL3_NewFrame();
            ApplyPlatformInput(ImGui::GetIO(), offscreen, glfwGetTime(), {}); // the target's size, no pointer
            ImGui::NewFrame();
            viewport.DrawOverlay();
            ImGui::Render();
            clock.imguiBuilt = NowMs();
            target.Bind();
            viewport.Draw({width, height}, size);
            clock.viewportDrawn = NowMs();
            ui.Draw(ToUiFrame(*ImGui::GetDrawData()), {width, height});
            clock.imguiDrawn = NowMs();
            FinishGpu(); // one wait per frame, counted as drawing (FrameClock)
            clock.Split(viewport.times);
            viewport.times.total = clock.Total();
            image->frames.push_back(viewport.times);
        }
        std::ostringstream fanStats;
        viewport.Fans().PrintStats(fanStats);
        image->fanStats = fanStats.str();
        RgbaImage pixels = target.Read();
        image->width = pixels.width;
        image->height = pixels.height;
        image->rgba = std::move(pixels.rgba);
        ui.Destroy();
        ShutDownImGui();
    }
    viewport.Destroy();
    target.Destroy(); // while the context lives
    glfwDestroyWindow(window);
    glfwTerminate();
    return image;
}

} // namespace hitlab
