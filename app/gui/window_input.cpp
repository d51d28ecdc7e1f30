// The window's state from its events, and Dear ImGui's platform input from that (window_input.h).
#include "window_input.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstring>

namespace hitlab {

namespace {

/// The state the window's callbacks keep, in its WindowUser.
WindowState& StateOf(GLFWwindow* window) { return UserOf(window)->state; }

/// GLFW's shape for an ImGui cursor, as ImGui's GLFW backend maps them with GLFW 3.3 (which has
/// no diagonal-resize, move or not-allowed shapes: those are the arrow).
GLFWcursor* CursorFor(const WindowState& state, ImGuiMouseCursor cursor)
{
    switch (cursor) {
    case ImGuiMouseCursor_TextInput:
        return state.cursors[1];
    case ImGuiMouseCursor_ResizeNS:
        return state.cursors[2];
    case ImGuiMouseCursor_ResizeEW:
        return state.cursors[3];
    case ImGuiMouseCursor_Hand:
        return state.cursors[4];
    default:
        return state.cursors[0];
    }
}

void UpdateCursorShape(GLFWwindow* window, WindowState& state)
{
    const ImGuiIO& io = ImGui::GetIO();
    if ((io.ConfigFlags & ImGuiConfigFlags_NoMouseCursorChange) != 0 ||
        glfwGetInputMode(window, GLFW_CURSOR) == GLFW_CURSOR_DISABLED) {
        return;
    }
    const ImGuiMouseCursor wanted = io.MouseDrawCursor ? ImGuiMouseCursor_None : ImGui::GetMouseCursor();
    if (wanted == state.shownCursor) {
        return;
    }
    state.shownCursor = wanted;
    if (wanted == ImGuiMouseCursor_None) {
        glfwSetInputMode(window, GLFW_CURSOR, GLFW_CURSOR_HIDDEN);
    } else {
        glfwSetCursor(window, CursorFor(state, wanted));
        glfwSetInputMode(window, GLFW_CURSOR, GLFW_CURSOR_NORMAL);
    }
}

} // namespace

WindowUser* UserOf(GLFWwindow* window) { return static_cast<WindowUser*>(glfwGetWindowUserPointer(window)); }

void TrackWindowState(GLFWwindow* window, WindowUser& user)
{
    glfwSetWindowUserPointer(window, &user);
    WindowState& state = user.state;
    glfwGetWindowSize(window, &state.size.x, &state.size.y);
    glfwGetFramebufferSize(window, &state.framebuffer.x, &state.framebuffer.y);
    state.iconified = glfwGetWindowAttrib(window, GLFW_ICONIFIED) != 0;
    state.hovered = glfwGetWindowAttrib(window, GLFW_HOVERED) != 0;
    glfwGetCursorPos(window, &state.cursor.x, &state.cursor.y);
    // a shape this GLFW or display lacks is the arrow (null), without an error message
    const GLFWerrorfun previous = glfwSetErrorCallback(nullptr);
    const int shapes[] = {GLFW_ARROW_CURSOR, GLFW_IBEAM_CURSOR, GLFW_VRESIZE_CURSOR, GLFW_HRESIZE_CURSOR,
                          GLFW_HAND_CURSOR};
    for (size_t i = 0; i < state.cursors.size(); ++i) {
        state.cursors[i] = glfwCreateStandardCursor(shapes[i]);
    }
    glfwSetErrorCallback(previous);
    glfwSetWindowSizeCallback(window, [](GLFWwindow* w, int width, int height) { StateOf(w).size = {width, height}; });
    glfwSetFramebufferSizeCallback(window, [](GLFWwindow* w, int width, int height) {
        StateOf(w).framebuffer = {width, height};
    });
    glfwSetWindowIconifyCallback(window, [](GLFWwindow* w, int iconified) { StateOf(w).iconified = iconified != 0; });
    glfwSetCursorEnterCallback(window, [](GLFWwindow* w, int entered) { StateOf(w).hovered = entered != 0; });
}

void NoteCursor(WindowState& state, double x, double y) { state.cursor = {x, y}; }

void NoteButton(WindowState& state, int button, bool pressed)
{
    if (pressed && button >= 0 && size_t(button) < state.clicked.size()) {
        state.clicked[size_t(button)] = true;
    }
}

void ApplyPlatformInput(ImGuiIO& io, WindowState& state, double now, const std::array<bool, 5>& down)
{
    io.DisplaySize = ImVec2(float(state.size.x), float(state.size.y));
    if (state.size.x > 0 && state.size.y > 0) {
        io.DisplayFramebufferScale =
            ImVec2(float(state.framebuffer.x) / float(state.size.x), float(state.framebuffer.y) / float(state.size.y));
    }
    io.DeltaTime = state.time > 0.0 && now > state.time ? float(now - state.time) : 1.0f / 60.0f;
    state.time = now;
    bool held = false;
    for (size_t i = 0; i < state.clicked.size(); ++i) {
        io.MouseDown[i] = state.clicked[i] || down[i];
        held = held || io.MouseDown[i];
        state.clicked[i] = false;
    }
    // while a button is held the window keeps getting the pointer's moves outside it (a drag)
    const bool known = state.hovered || held;
    io.MousePos = known ? ImVec2(float(state.cursor.x), float(state.cursor.y)) : ImVec2(-FLT_MAX, -FLT_MAX);
    std::memset(io.NavInputs, 0, sizeof(io.NavInputs));
    // the keys from the latch, not as the backend's callback left them (a tap would be up again)
    const KeyFrame keys = state.keys.Next();
    static_assert(sizeof(io.KeysDown) / sizeof(io.KeysDown[0]) == KeyFrame::kKeys);
    std::copy(keys.down.begin(), keys.down.end(), io.KeysDown);
    io.KeyCtrl = keys.ctrl;
    io.KeyShift = keys.shift;
    io.KeyAlt = keys.alt;
    io.KeySuper = keys.super;
}

void NewPlatformFrame(GLFWwindow* window, WindowState& state)
{
    std::array<bool, 5> down{};
    for (size_t i = 0; i < down.size(); ++i) {
        down[i] = glfwGetMouseButton(window, int(i)) == GLFW_PRESS; // GLFW's own record: no round trip
    }
    ApplyPlatformInput(ImGui::GetIO(), state, glfwGetTime(), down);
    UpdateCursorShape(window, state);
}

} // namespace hitlab
