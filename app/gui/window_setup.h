// The window's set-up shared by the interactive window and `hitlab render`: GLFW with clear
// messages when there is no display or no OpenGL 3.3, Dear ImGui's context and backends, and
// ImGui's draw data handed to render/'s UiRenderer.
#pragma once

#include "render/ui_draw.h"

#include <span>
#include <string>

struct GLFWwindow;
struct ImDrawData;

namespace hitlab {

/// Keeps freed memory in the process between frames (see window_setup.cpp).
void KeepFrameMemory();
/// GLFW with a message that says what to do when there is no display; `what` is the action
/// ("open a window", "render").
bool InitGlfw(const char* what);
/// A window with an OpenGL 3.3 core context, current; null with a message when there is none.
GLFWwindow* CreateGlWindow(int width, int height, const char* title, bool visible);
/// Dear ImGui's context, style, font (13 px times `scale`) and GLFW/OpenGL backends. The GLFW
/// backend chains to callbacks installed before it.
void SetUpImGui(GLFWwindow* window, float scale);

/// The TTF fonts looked for, in order (Debian's fonts-dejavu-core): a monospaced one first, as
/// the presentation layout counts glyphs of one width.
inline constexpr const char* kTtfFonts[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
                                            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"};

/// The first of `candidates` that can be opened for reading; "" when none.
std::string FindTtfFont(std::span<const char* const> candidates);

/// Makes ImGui's font `pixels` tall on screen, drawn texel for texel: at 13 px (the default size)
/// ImGui's own bitmap font, at any other size a TTF font (FindTtfFont) rasterised by ImGui's TTF
/// rasteriser at that size, the atlas rebuilt and uploaded again (between frames only: call
/// before ImGui::NewFrame). ImGui's FontGlobalScale (View > Font size, set by the panels) is
/// divided back out by the font's own scale, so the text is `pixels` tall whatever it is.
/// Without a TTF font the bitmap font is scaled, once said on stderr. Does nothing when the size
/// is the current one. Returns whether the atlas was rebuilt.
bool UseFontPixels(float pixels);
/// ImGui's draw data as render/'s plain arrays (the same vertex layout, copied).
UiFrame ToUiFrame(const ImDrawData& data);
void ShutDownImGui();

} // namespace hitlab
