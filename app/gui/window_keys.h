// Key presses latched from the window's key callback and handed to Dear ImGui one a frame, so
// that no tap is lost. Dear ImGui 1.86 has no input queue: it reads io.KeysDown once a frame, so
// a key pressed and released between two frames (a presenter's clicker, `xdotool key`, a quick
// tap) was never seen down, and two taps in one frame counted once. Here every press is queued
// as it comes (with its modifiers), and each frame shows at most one queued press as a key held
// down for that frame, with a frame up in between when the same key is pressed again; keys held
// longer are shown as they are. GL-free: the key codes are GLFW's (ImGui 1.86 indexes keys by the
// backend's codes), tested without a window (tests/app/gui/window_keys_test.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <deque>

namespace hitlab {

/// The keys Dear ImGui is shown in one frame.
struct KeyFrame {
    static constexpr size_t kKeys = 512; ///< ImGuiIO::KeysDown's size
    std::array<bool, kKeys> down{};
    bool ctrl = false, shift = false, alt = false, super = false;
};

class KeyLatch {
public:
    /// From the key callback (GLFW's key, action and modifier bits). A press is queued; a repeat
    /// only keeps the key held; a release is noted. Keys outside 0..511 (GLFW_KEY_UNKNOWN) are
    /// ignored. The modifier keys themselves are not queued: they are read as the presses' modifiers.
    void Note(int key, int action, int mods);

    /// This frame's keys: the keys held now, with the oldest queued press shown down (and its
    /// modifiers added) unless its key was shown down last frame, in which case the key is shown
    /// up this frame and the press waits for the next one. One press a frame: a frame's shortcut
    /// code that reacts to one key (if ... else if ...) sees every press.
    KeyFrame Next();

    /// Whether a later frame has something to show without any new event: a queued press, or a
    /// key shown down that is up now. The frame loop then draws at once instead of waiting.
    bool Pending() const;

private:
    struct Press {
        int key = 0, mods = 0;
    };
    std::deque<Press> m_queue;
    std::array<bool, KeyFrame::kKeys> m_held{};  ///< down now, from the callbacks
    std::array<bool, KeyFrame::kKeys> m_shown{}; ///< shown down in the last frame
};

} // namespace hitlab
