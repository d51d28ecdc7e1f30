// Scene files (docs/scene-format.md): JSON with a format name and version, the shapes, the
// queries and algorithm choices, the camera, a title and a Markdown description. Loading
// validates everything and returns a complete scene or one clear error; saving is atomic.
#pragma once

#include "error.h"

#include "core/scene.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace hitlab {

inline constexpr const char* kSceneFormatName = "hitlab-scene";
inline constexpr int kSceneFormatVersion = 1;

/// A loaded scene, or an error whose `where` names the file and the line and column of broken
/// JSON, or the path to the bad value ("a.json: shapes[3].radius", "must be >= 0, got -1").
struct SceneLoad {
    std::optional<Scene> scene;
    IoError error;                     ///< error.what is non-empty exactly when scene is empty
    std::vector<std::string> warnings; ///< unknown keys (kept out of the scene, reported)

    bool Ok() const { return scene.has_value(); }
};

/// How far a load has come, for a progress bar drawn by another thread: the loading thread
/// writes, any thread reads. Setting `cancel` stops the load at its next step (every 256 KiB of
/// JSON, every 1024 shapes) with the error "cancelled".
struct LoadProgress {
    std::atomic<float> fraction{0.0f}; ///< 0 to 1: reading 0-0.1, parsing JSON 0.1-0.6, shapes 0.6-1
    /// A string literal: "reading the file", "parsing the JSON", "reading the shapes", then "read".
    std::atomic<const char*> stage{"reading the file"};
    std::atomic<bool> cancel{false};
};

/// Reads a scene from JSON text; `source` names it in messages (a file name, "<demo>"). A mesh's
/// "file" is read as named: an absolute path, or relative to the current directory (LoadSceneFile
/// reads it relative to the scene file).
SceneLoad ParseScene(std::string_view text, const std::string& source, LoadProgress* progress = nullptr);
/// Reads a scene file. Missing, unreadable, a directory, empty: each a clear error.
SceneLoad LoadSceneFile(const std::string& path, LoadProgress* progress = nullptr);

/// A shape as the protocol's shape object ({"type": ..., keys...}); obbs are written with `axes`.
/// meshFileByName: a mesh read from a file unchanged is written as its "file" (the scene writer);
/// otherwise, and for every other reader (query lines, external programs), inline.
nlohmann::ordered_json ShapeToJson(const Shape& shape, bool meshFileByName = false);

/// The scene as JSON (what SaveSceneFile writes).
nlohmann::ordered_json SceneToJson(const Scene& scene);
/// Writes the scene atomically (WriteFileAtomically, atomic_file.h): a temporary file beside the
/// target, flushed to disk, renamed over the target; a symbolic link is followed and kept, the
/// mode and owner kept, a hard-linked file rewritten in place. Returns no error (ErrorText "") on
/// success, else the file and why; on failure the old file is intact.
IoError SaveSceneFile(const Scene& scene, const std::string& path);

/// Whether two scenes are equal in everything a file stores (shapes with ids, names, colours and
/// visibility, disabled pairs, family settings, ray fans, camera, title, description).
bool SameScene(const Scene& a, const Scene& b);

} // namespace hitlab
