// Key presses latched from the window's key callback, one a frame (window_keys.h).
#include "window_keys.h"

#include <GLFW/glfw3.h>

namespace hitlab {

namespace {

bool IsModifierKey(int key)
{
    switch (key) {
    case GLFW_KEY_LEFT_SHIFT:
    case GLFW_KEY_RIGHT_SHIFT:
    case GLFW_KEY_LEFT_CONTROL:
    case GLFW_KEY_RIGHT_CONTROL:
    case GLFW_KEY_LEFT_ALT:
    case GLFW_KEY_RIGHT_ALT:
    case GLFW_KEY_LEFT_SUPER:
    case GLFW_KEY_RIGHT_SUPER:
        return true;
    default:
        return false;
    }
}

} // namespace

void KeyLatch::Note(int key, int action, int mods)
{
    if (key < 0 || size_t(key) >= KeyFrame::kKeys) {
        return;
    }
    m_held[size_t(key)] = action != GLFW_RELEASE;
    if (action == GLFW_PRESS && !IsModifierKey(key)) {
        m_queue.push_back({key, mods});
    }
}

KeyFrame KeyLatch::Next()
{
    KeyFrame frame;
    frame.down = m_held;
    int mods = 0;
    if (!m_queue.empty()) {
        const Press press = m_queue.front();
        const size_t key = size_t(press.key);
        if (m_shown[key]) {
            frame.down[key] = false; // up for a frame: the next press is a new one
        } else {
            frame.down[key] = true; // down for this frame even when already released
            mods = press.mods;
            m_queue.pop_front();
        }
    }
    auto held = [&frame](int left, int right) { return frame.down[size_t(left)] || frame.down[size_t(right)]; };
    frame.ctrl = (mods & GLFW_MOD_CONTROL) != 0 || held(GLFW_KEY_LEFT_CONTROL, GLFW_KEY_RIGHT_CONTROL);
    frame.shift = (mods & GLFW_MOD_SHIFT) != 0 || held(GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT);
    frame.alt = (mods & GLFW_MOD_ALT) != 0 || held(GLFW_KEY_LEFT_ALT, GLFW_KEY_RIGHT_ALT);
    frame.super = (mods & GLFW_MOD_SUPER) != 0 || held(GLFW_KEY_LEFT_SUPER, GLFW_KEY_RIGHT_SUPER);
    m_shown = frame.down;
    return frame;
}

bool KeyLatch::Pending() const { return !m_queue.empty() || m_shown != m_held; }

} // namespace hitlab
