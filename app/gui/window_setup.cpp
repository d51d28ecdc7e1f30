// The window's set-up shared by the interactive window and `hitlab render` (window_setup.h).
#include "window_setup.h"

#include "render/frame.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace hitlab {

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

namespace {

std::string g_glfwError;

void OnGlfwError(int code, const char* description)
{
    g_glfwError = std::string(description) + " (GLFW error " + std::to_string(code) + ")";
}

} // namespace

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

namespace {

/// The atlas's font: its size in pixels (0: the one SetUpImGui made) and whether it is the TTF.
struct AtlasFont {
    float pixels = 0.0f;
    bool warned = false; ///< no TTF font was found, and that was said
};
AtlasFont g_atlas; // one ImGui context a process, made by SetUpImGui

} // namespace

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
    g_atlas.pixels = 0.0f; // a new atlas: UseFontPixels builds its own on first use
    ImFontConfig font;
    font.SizePixels = 13.0f * scale;
    io.Fonts->AddFontDefault(&font);
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
    // the font atlas is drawn texel for pixel: nearest sampling gives the same picture, cheaper
    ImGui_ImplOpenGL3_CreateDeviceObjects();
    UseNearestFilter(reinterpret_cast<std::uintptr_t>(io.Fonts->TexID));
}

std::string FindTtfFont(std::span<const char* const> candidates)
{
    for (const char* path : candidates) {
        if (std::FILE* f = std::fopen(path, "rb")) {
            std::fclose(f);
            return path;
        }
    }
    return "";
}

bool UseFontPixels(float pixels)
{
    ImGuiIO& io = ImGui::GetIO();
    pixels = std::clamp(std::round(pixels), 6.0f, 200.0f);
    const bool rebuild = pixels != g_atlas.pixels;
    if (rebuild) {
        const std::string ttf = pixels == 13.0f ? "" : FindTtfFont(kTtfFonts);
        if (pixels != 13.0f && ttf.empty() && !g_atlas.warned) {
            std::cerr << "hitlab: no TTF font found (" << kTtfFonts[0] << ", " << kTtfFonts[1]
                      << "; Debian's fonts-dejavu-core): larger text is ImGui's 13 px bitmap font scaled up\n";
            g_atlas.warned = true;
        }
        io.Fonts->Clear();
        ImFontConfig config;
        // one texel a pixel: no oversampling, glyphs on whole pixels (the atlas is sampled nearest)
        config.OversampleH = config.OversampleV = 1;
        config.PixelSnapH = true;
        if (ttf.empty()) {
            config.SizePixels = 13.0f;
            io.Fonts->AddFontDefault(&config);
        } else {
            io.Fonts->AddFontFromFileTTF(ttf.c_str(), pixels, &config);
        }
        io.Fonts->Build();
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
        UseNearestFilter(reinterpret_cast<std::uintptr_t>(io.Fonts->TexID));
        g_atlas.pixels = pixels;
    }
    // on screen: FontGlobalScale * FontSize * Scale = pixels
    ImFont* font = io.Fonts->Fonts[0];
    font->Scale = pixels / (font->FontSize * std::max(io.FontGlobalScale, 1e-3f));
    return rebuild;
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

} // namespace hitlab
