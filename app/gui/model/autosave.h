// Autosave and crash recovery for the window, GL-free: where autosaves live (the XDG state
// folder), what one holds (the scene, the file it came from, how far it is from that file), when
// to write or remove it (AutosaveClock), and the files of each running window, each locked while
// its window lives so that the next start finds the ones a crash or a signal left (AutosaveStore).
#pragma once

#include "core/io/error.h"
#include "core/scene.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hitlab {

inline constexpr const char* kAutosaveFormatName = "hitlab-autosave";
inline constexpr int kAutosaveFormatVersion = 1;

/// The autosave folder: $XDG_STATE_HOME/hitlab/autosave, else $HOME/.local/state/hitlab/autosave
/// (an empty or relative XDG_STATE_HOME is ignored, as the XDG spec says); "" when neither is set.
std::string AutosaveDirectory(const char* xdgStateHome, const char* home);

/// What an autosave holds: the scene and where it stands.
struct AutosaveRecord {
    std::string source;        ///< the scene's file ("" for a new or built-in scene); never written by recovery
    std::uint64_t changes = 0; ///< edits, undos and redos since the file was opened or saved
    std::string lastEdit;      ///< the step Edit > Undo would undo ("" when none)
    std::int64_t savedAt = 0;  ///< when it was written, seconds since 1970 (UTC)
    Scene scene;
};

/// The record as JSON text: {"format": "hitlab-autosave", "version": 1, "source", "changes",
/// "last_edit", "saved_at", "scene": the scene file's object}.
std::string AutosaveToText(const AutosaveRecord& record);
/// Reads AutosaveToText's text; nullopt with error (where: `file`, the key path) when it is not one.
std::optional<AutosaveRecord> ParseAutosave(const std::string& text, const std::string& file, IoError& error);

/// What to do with the autosave this frame.
enum class AutosaveStep { None, Write, Remove };

/// When to write: while the scene differs from its file (dirty), at most once every `interval`
/// seconds and only when something changed since the last write (the first change is written at
/// once); once the scene is clean again (saved, or undone back to the file) the autosave is removed.
/// A scene whose write takes long is written less often: the interval grows to 20 times the last
/// write's duration, so that autosaving takes at most about 5% of the time.
class AutosaveClock {
public:
    explicit AutosaveClock(double intervalSeconds = 3.0) : m_base(intervalSeconds), m_interval(intervalSeconds) {}
    /// How long the last write took (seconds): sets the interval to max(base, 20 x that).
    void Took(double seconds) { m_interval = std::max(m_base, 20.0 * seconds); }
    double Interval() const { return m_interval; }
    /// The step for this frame at time `now` (seconds, any origin), assumed done by the caller.
    AutosaveStep Next(double now, std::uint64_t generation, bool dirty);
    /// The scene was just written outside the clock (on a signal): no rewrite until it changes.
    void Written(double now, std::uint64_t generation);
    /// Whether an autosave file is believed to exist.
    bool HasFile() const { return m_hasFile; }

private:
    double m_base;
    double m_interval;
    double m_lastWrite = -1e300;
    std::uint64_t m_writtenGeneration = 0;
    bool m_hasFile = false;
};

/// The autosave files in one folder: this window's own (`<id>.json`, written atomically, with
/// `<id>.lock` held by flock while the window lives) and the ones other windows left behind.
class AutosaveStore {
public:
    AutosaveStore() = default;
    AutosaveStore(const AutosaveStore&) = delete;
    AutosaveStore& operator=(const AutosaveStore&) = delete;
    ~AutosaveStore();

    /// Creates the folder and takes this window's lock; false with error when it cannot (autosave
    /// is then off). `id` names the files (the process id and start time).
    bool Open(const std::string& directory, const std::string& id, std::string& error);
    bool IsOpen() const { return m_lockFd >= 0; }
    /// Writes this window's autosave (atomically).
    IoError Write(const AutosaveRecord& record) const;
    /// Removes this window's autosave (nothing when there is none).
    void Remove() const;
    /// This window's autosave file.
    const std::string& Path() const { return m_file; }

    /// The autosaves no running window holds (their lock is free or missing), newest first;
    /// this window's own is never listed.
    std::vector<std::string> Orphans() const;
    /// Removes an orphan autosave and its lock file (after Recover or Discard).
    static void RemoveOrphan(const std::string& path);

private:
    std::string m_directory;
    std::string m_file;
    std::string m_lockFile;
    int m_lockFd = -1;
};

/// Reads an autosave file; nullopt with error saying what is wrong and where.
std::optional<AutosaveRecord> LoadAutosave(const std::string& path, IoError& error);

} // namespace hitlab
