// The actions that may lose unsaved changes (New, Open, Quit) and the question asked before them:
// a request runs at once on a saved scene, or waits for the person's answer (save, discard,
// cancel). GL-free: the panels' owner draws the question and runs what comes out.
#pragma once

#include <string>

namespace hitlab {

enum class PendingAction {
    None,
    NewScene, ///< File > New, Ctrl+N
    OpenFile, ///< File > Open, an example, a recent file (the request's path)
    Quit,     ///< File > Quit, Ctrl+Q, the window's close button
    /// a row chosen in the Capture panel: its query replaces the scene (the owner holds the scene)
    ShowCaptureLine,
};

struct PendingRequest {
    PendingAction action = PendingAction::None;
    std::string path; ///< OpenFile: the scene file
};

enum class UnsavedAnswer { Save, Discard, Cancel };

class UnsavedQuestion {
public:
    /// Asks to run `request`. On a saved scene (`dirty` false) returns it to run now; otherwise
    /// holds it, returns None and the question opens (TakeOpen).
    PendingRequest Ask(PendingRequest request, bool dirty);
    /// True once after a request was held: the owner opens the question's popup.
    bool TakeOpen();
    /// The person's answer. Discard returns the held request to run; Cancel drops it; Save keeps
    /// it until the owner has saved (Saved).
    PendingRequest Answer(UnsavedAnswer answer);
    /// The save the answer Save led to (directly, or through Save As) is done: on success the
    /// held request to run, on failure None (the request is dropped, the scene stays).
    PendingRequest Saved(bool ok);
    /// Save As was cancelled: the held request is dropped.
    void Drop() { m_held = {}; }
    /// The request waiting for an answer (None: none).
    const PendingRequest& Held() const { return m_held; }

private:
    PendingRequest m_held;
    bool m_open = false;
};

/// What Save As does with the name typed.
enum class SaveAsCheck {
    Save,         ///< a new file, or the scene's own file: save at once
    AskOverwrite, ///< another file of that name exists: ask before replacing it
    Refuse,       ///< no name, or a folder: say why (message) and save nothing
};
struct SaveAsVerdict {
    SaveAsCheck check = SaveAsCheck::Save;
    std::string message; ///< the question (AskOverwrite) or the reason (Refuse)
};
/// Checks Save As's `path` against the file system; `current` is the scene's own file ("" for
/// none): saving over it is what Save does, so it is not asked about.
SaveAsVerdict CheckSaveAs(const std::string& path, const std::string& current);

} // namespace hitlab
