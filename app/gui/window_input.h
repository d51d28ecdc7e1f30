// The window's size, minimised state and pointer as GLFW's events report them, and Dear ImGui's per-frame
// platform input (what its GLFW backend's ImGui_ImplGlfw_NewFrame sets) taken from them. The
// backend asks the X server every frame for the window's size (twice), its focus and the pointer,
// and the frame loop asked for the size and the minimised state again: seven round trips to the
// display server a frame, each waiting for the server (under Xvfb, while it copies the last
// frame: about 0.45 ms a frame together). Events bring the same facts when they change.
#pragma once

#include "window_keys.h"

#include <glm/vec2.hpp>

#include <array>

struct GLFWwindow;
struct GLFWcursor;
struct ImGuiIO;

namespace hitlab {

/// What the frame loop and Dear ImGui need of the window, kept from its events.
struct WindowState {
    glm::ivec2 size{0}, framebuffer{0}; ///< screen units and pixels (larger on hi-DPI screens)
    bool iconified = false;
    bool hovered = false;          ///< the pointer is over the window
    glm::dvec2 cursor{0.0};        ///< the pointer, window coordinates (outside it while dragging)
    std::array<bool, 5> clicked{}; ///< a button pressed since the last frame: a click shorter than a frame counts
    double time = 0.0;             ///< glfwGetTime of the last frame (0: none yet)
    int shownCursor = -2;          ///< the ImGuiMouseCursor shown (-2: none set yet)
    std::array<GLFWcursor*, 5> cursors{}; ///< arrow, text, vertical and horizontal resize, hand (GLFW owns them)
    KeyLatch keys; ///< the key presses since the last frame, one shown a frame: a tap shorter than a frame counts

    /// Whether there is anything to draw into: a size, not minimised.
    bool Drawable() const { return size.x > 0 && size.y > 0 && framebuffer.x > 0 && framebuffer.y > 0 && !iconified; }
};

class Viewport;
class Panels;

/// What the window's GLFW callbacks reach, through the window's user pointer
/// (glfwSetWindowUserPointer): one struct the window owns for its lifetime, no static pointer. The
/// viewport and the panels are null until the scene is open (a progress screen comes first).
struct WindowUser {
    WindowState state;
    float textScale = 1.0f; ///< the screen's content scale (hi-DPI): the default font is 13 px times it
    Viewport* viewport = nullptr;
    Panels* panels = nullptr;
};

/// The window's WindowUser (null before TrackWindowState).
WindowUser* UserOf(GLFWwindow* window);

/// Makes user the window's user pointer, reads `window`'s state once into user.state and keeps it
/// up to date from then on (size, framebuffer size, minimised and pointer-enter callbacks). Call
/// before Dear ImGui's GLFW backend is installed, which chains to these callbacks; `user` must
/// outlive the window. The pointer's position and the buttons come through NoteCursor and
/// NoteButton, called by the caller's own pointer callbacks.
void TrackWindowState(GLFWwindow* window, WindowUser& user);

void NoteCursor(WindowState& state, double x, double y);
void NoteButton(WindowState& state, int button, bool pressed);

/// Dear ImGui's platform input for a new frame, as ImGui_ImplGlfw_NewFrame sets it, from `state`:
/// display size and scale, time step, buttons, keys (KeyLatch: one latched press a frame), pointer (unknown while it is
/// outside the window and no button is held), and the pointer's shape (changed only when ImGui asks for another one).
/// Gamepad navigation and ImGui moving the pointer are not used by the panels and not supported.
void NewPlatformFrame(GLFWwindow* window, WindowState& state);

/// NewPlatformFrame's input without GLFW (tests): `io` from `state` at time `now` (seconds) with
/// the buttons held now `down`; clears the buttons' clicks and takes the frame's keys from state.keys.
void ApplyPlatformInput(ImGuiIO& io, WindowState& state, double now, const std::array<bool, 5>& down);

} // namespace hitlab
