// The lesson library (assets/scenes/*.json) and scene files for the File menu: where the lessons
// are, their titles, and the loader the window opens files with. GL-free.
#pragma once

#include "app/paths/data_dir.h" // LessonDirectory
#include "core/io/error.h"
#include "core/io/scene_file.h" // LoadProgress
#include "core/scene.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hitlab {

struct LessonEntry {
    std::string path;
    std::string title; ///< the scene's title, else the file name
};

/// The *.json scenes of a directory that load, by title (the stress scene last as any other).
std::vector<LessonEntry> ListLessons(const std::string& directory);

/// The *.json files and subdirectories of a directory, sorted, for the File > Open browser.
/// Directories end with '/'. Empty when the directory cannot be read.
std::vector<std::string> ListSceneFiles(const std::string& directory);

/// Loads a scene file with LoadSceneFile (the GUI's SceneLoader); `progress` may be null.
std::optional<Scene> LoadSceneForGui(const std::string& path, IoError& error, LoadProgress* progress = nullptr);

} // namespace hitlab
