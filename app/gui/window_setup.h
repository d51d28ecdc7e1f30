// The window's set-up shared by the interactive window and `hitlab render`: GLFW with clear
// messages when there is no display or no OpenGL 3.3, Dear ImGui's context and backends, and
// ImGui's draw data handed to render/'s UiRenderer.
#pragma once

#include "render/ui_draw.h"

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
/// ImGui's draw data as render/'s plain arrays (the same vertex layout, copied).
UiFrame ToUiFrame(const ImDrawData& data);
void ShutDownImGui();

} // namespace hitlab
