// The GLFW window, the ImGui set-up, the frame loop, and the hidden-window renderer.
#include "clock.h"
#include "gui.h"
#include "panels/panels.h"

#include "core/io/scene_file.h"
#include "render/frame.h"
#include "render/ui_draw.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <nlohmann/json.hpp>
#include <sstream>

namespace hitlab {

namespace {

std::string g_glfwError;
/// SIGTERM, SIGINT, SIGHUP: leave the loop and exit as if closed, keeping an autosave of unsaved
/// changes (the handler only sets the flag: the loop does the rest)
volatile std::sig_atomic_t g_terminate = 0;

void OnTerminate(int) { g_terminate = 1; }

/// Keeps freed memory in the process for the next frame. Every frame allocates and frees the
/// same few megabytes (the panels' draw lists, the GL driver's per-frame command data); by
/// default glibc returns the large blocks and the top of the heap to the kernel each time, and
/// the next frame pays a page fault per 4 KiB page again (about 400 a frame on the demo, 1 ms
/// of CPU and more).
void KeepFrameMemory()
{
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

void OnGlfwError(int code, const char* description)
{
    g_glfwError = std::string(description) + " (GLFW error " + std::to_string(code) + ")";
}

/// GLFW with a message that says what to do when there is no display.
bool InitGlfw(const char* what)
{
    glfwSetErrorCallback(OnGlfwError);
    if (glfwInit() == GLFW_TRUE) {
        return true;
    }
    std::cerr << "hitlab: cannot " << what << ": no display (" << g_glfwError
              << "). Without a display use the headless commands (hitlab algorithms, hitlab eval) or render "
                 "under a virtual display: xvfb-run -a hitlab render demo -o out.png\n";
    return false;
}

/// A window with an OpenGL 3.3 core context, current; null with a message when there is none.
GLFWwindow* CreateGlWindow(int width, int height, const char* title, bool visible)
{
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_SAMPLES, std::getenv("HITLAB_MSAA") != nullptr ? std::atoi(std::getenv("HITLAB_MSAA")) : 0);
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
    GLFWwindow* window = glfwCreateWindow(width, height, title, nullptr, nullptr);
    if (window == nullptr) {
        std::cerr << "hitlab: this machine does not provide OpenGL 3.3 core, which HitLab needs (" << g_glfwError
                  << "). The headless commands (hitlab algorithms, hitlab eval) still work.\n";
        return nullptr;
    }
    glfwMakeContextCurrent(window);
    if (LoadGl(glfwGetProcAddress) < 33) {
        std::cerr << "hitlab: OpenGL 3.3 core could not be loaded; the headless commands still work.\n";
        glfwDestroyWindow(window);
        return nullptr;
    }
    return window;
}

void SetUpImGui(GLFWwindow* window, float scale)
{
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 5.0f;
    style.WindowBorderSize = 0.0f;
    style.Colors[ImGuiCol_WindowBg].w = 1.0f; // opaque panels: the scene is not drawn under them
    style.WindowPadding = ImVec2(10, 8);
    // anti-aliased lines as geometry, not from the font atlas: the atlas is sampled nearest below
    style.AntiAliasedLinesUseTex = false;
    style.ScaleAllSizes(scale);
    ImFontConfig font;
    font.SizePixels = 13.0f * scale;
    io.Fonts->AddFontDefault(&font);
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
    // the font atlas is drawn texel for pixel: nearest sampling gives the same picture, cheaper
    ImGui_ImplOpenGL3_CreateDeviceObjects();
    UseNearestFilter(reinterpret_cast<std::uintptr_t>(io.Fonts->TexID));
}

/// ImGui's draw data as render/'s plain arrays (the same vertex layout, copied).
UiFrame ToUiFrame(const ImDrawData& data)
{
    static_assert(sizeof(ImDrawVert) == sizeof(UiVertex) && sizeof(ImDrawIdx) == sizeof(std::uint16_t));
    UiFrame frame;
    frame.displayPos = {data.DisplayPos.x, data.DisplayPos.y};
    frame.displaySize = {data.DisplaySize.x, data.DisplaySize.y};
    frame.framebufferScale = {data.FramebufferScale.x, data.FramebufferScale.y};
    const ImGuiIO& io = ImGui::GetIO();
    frame.fontTexture = reinterpret_cast<std::uintptr_t>(io.Fonts->TexID);
    frame.whiteUv = {io.Fonts->TexUvWhitePixel.x, io.Fonts->TexUvWhitePixel.y};
    for (int i = 0; i < data.CmdListsCount; ++i) {
        const ImDrawList& in = *data.CmdLists[i];
        UiList& out = frame.lists.emplace_back();
        out.vertices.resize(size_t(in.VtxBuffer.Size));
        std::memcpy(out.vertices.data(), in.VtxBuffer.Data, out.vertices.size() * sizeof(UiVertex));
        out.indices.assign(in.IdxBuffer.Data, in.IdxBuffer.Data + in.IdxBuffer.Size);
        for (const ImDrawCmd& c : in.CmdBuffer) {
            if (c.UserCallback == nullptr) { // the panels register no callbacks
                out.commands.push_back({{c.ClipRect.x, c.ClipRect.y, c.ClipRect.z, c.ClipRect.w},
                                        reinterpret_cast<std::uintptr_t>(c.TextureId),
                                        c.IdxOffset,
                                        c.ElemCount,
                                        c.VtxOffset});
            }
        }
    }
    return frame;
}

void ShutDownImGui()
{
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

Viewport* ViewportOf(GLFWwindow* window) { return static_cast<Viewport*>(glfwGetWindowUserPointer(window)); }

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
void InstallInputCallbacks(GLFWwindow* window, Viewport& viewport)
{
    viewport.isKeyDown = [window](int key) { return glfwGetKey(window, key) == GLFW_PRESS; };
    glfwSetWindowUserPointer(window, &viewport);
    // our callbacks first: ImGui's backend chains to them
    glfwSetCursorPosCallback(window, [](GLFWwindow* w, double x, double y) { ViewportOf(w)->OnMouseMove({x, y}); });
    glfwSetMouseButtonCallback(window, [](GLFWwindow* w, int button, int action, int mods) {
        ViewportOf(w)->OnMouseButton(button, action == GLFW_PRESS, mods);
    });
    glfwSetScrollCallback(window, [](GLFWwindow* w, double, double dy) { ViewportOf(w)->OnScroll(dy); });
    glfwSetKeyCallback(window, [](GLFWwindow* w, int key, int, int action, int mods) {
        if (action != GLFW_RELEASE) {
            ViewportOf(w)->OnKey(key, mods);
        }
    });
}

/// One frame: evaluate, build the panels, draw the scene and the panels, swap. Nothing (and a wait
/// for events) while the window is minimised or has no size.
std::optional<FrameTimes> DrawFrame(GLFWwindow* window, Viewport& viewport, Panels& panels, UiRenderer& ui, bool stats,
                                    double& lastFrame)
{
    FrameClock clock;
    int fbw = 0, fbh = 0, ww = 0, wh = 0;
    glfwGetFramebufferSize(window, &fbw, &fbh);
    glfwGetWindowSize(window, &ww, &wh);
    if (fbw <= 0 || fbh <= 0 || ww <= 0 || wh <= 0 || glfwGetWindowAttrib(window, GLFW_ICONIFIED)) {
        glfwWaitEvents(); // minimised or zero-sized: sleep until something happens
        return std::nullopt;
    }
    viewport.camera.viewport = {double(ww), double(wh)};
    viewport.Update();
    clock.evaluated = NowMs();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
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
        DumpShapes(viewport.GetScene(), options.dumpOnExit);
    }
    int status = 0;
    if (!options.saveOnExit.empty()) {
        Scene saved = viewport.GetScene();
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

int RunGui(const GuiOptions& options)
{
    IoError openError;
    std::optional<Scene> scene = OpenScene(options.scene, options.loader, openError);
    if (!scene) {
        std::cerr << "hitlab: " << ErrorText(openError) << '\n';
        return 2;
    }
    std::string error;
    if (!InitGlfw("open a window")) {
        return 1;
    }
    KeepFrameMemory();
    const std::string title = "HitLab - " + (scene->title.empty() ? options.scene : scene->title);
    GLFWwindow* window = CreateGlWindow(options.width, options.height, title.c_str(), true);
    if (window == nullptr) {
        glfwTerminate();
        return 1;
    }
    glfwSwapInterval(options.frames > 0 ? 0 : 1);
    EnableMultisample();

    Viewport viewport(std::move(*scene));
    if (!viewport.Create(error)) {
        std::cerr << "hitlab: " << error << '\n';
        glfwDestroyWindow(window);
        glfwTerminate();
        return 1;
    }
    InstallInputCallbacks(window, viewport);
    float xscale = 1.0f, yscale = 1.0f;
    glfwGetWindowContentScale(window, &xscale, &yscale);
    SetUpImGui(window, std::max(1.0f, yscale));
    UiRenderer ui;
    if (!ui.Create(error)) {
        std::cerr << "hitlab: " << error << '\n';
        ShutDownImGui();
        viewport.Destroy();
        glfwDestroyWindow(window);
        glfwTerminate();
        return 1;
    }

    // ---- the panels (app/gui/panels): menu bar, Scene, Inspector, Algorithms, Results, Query inspector ----
    Panels panels(options, viewport);
    viewport.panels = &panels.state;
    static Panels* s_panels = nullptr; // for the close callback (GLFW callbacks carry no state of ours)
    s_panels = &panels;
    glfwSetWindowCloseCallback(window, [](GLFWwindow* w) {
        if (s_panels != nullptr && !s_panels->ConfirmQuit()) {
            glfwSetWindowShouldClose(w, GLFW_FALSE); // unsaved changes: the panels ask first
        }
    });
    glfwSetDropCallback(window, [](GLFWwindow*, int count, const char** paths) {
        if (s_panels != nullptr) {
            s_panels->OnDrop(std::vector<std::string>(paths, paths + count));
        }
    });
    double lastFrame = NowMs();

    std::vector<FrameTimes> frames;
    for (const int signal : {SIGTERM, SIGINT, SIGHUP}) { // scripts and tests end the window cleanly too
        std::signal(signal, OnTerminate);
    }
    for (int frame = 0; !glfwWindowShouldClose(window) && g_terminate == 0; ++frame) {
        if (options.frames > 0 && frame >= options.frames) {
            break;
        }
        if (options.frames > 0) {
            glfwPollEvents();
        } else {
            glfwWaitEventsTimeout(0.25); // nothing animates: redraw on input, never spin
        }
        if (const std::optional<FrameTimes> times = DrawFrame(window, viewport, panels, ui, options.stats, lastFrame)) {
            frames.push_back(*times);
        }
    }
    const int status = FinishRun(options, viewport, panels, frames);
    panels.Shutdown(g_terminate != 0);
    s_panels = nullptr;
    viewport.Destroy();
    ui.Destroy();
    ShutDownImGui();
    glfwDestroyWindow(window);
    glfwTerminate();
    return status;
}

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
    Viewport viewport(std::move(scene));
    std::optional<RenderedImage> image;
    if (complete && viewport.Create(error)) {
        SetUpImGui(window, 1.0f);
        UiRenderer ui;
        ui.Create(error); // the embedded shaders compile wherever the viewport's did
        viewport.camera = camera;
        viewport.camera.viewport = size;
        viewport.showHints = false;
        viewport.showStatus = !figure.clean;
        PanelState focus{figure.focused, figure.step};
        viewport.panels = &focus;
        viewport.Select(figure.clean ? 0 : select);
        image.emplace();
        // ImGui sizes auto-resizing windows on their first frame and shows them on the second
        for (int frame = 0; frame < std::max(2, frames); ++frame) {
            FrameClock clock;
            viewport.Update();
            clock.evaluated = NowMs();
            ImGui_ImplOpenGL3_NewFrame();
            ImGui_ImplGlfw_NewFrame();
            ImGui::GetIO().DisplaySize = ImVec2(float(width), float(height));
            ImGui::GetIO().DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
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
