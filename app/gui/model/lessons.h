// The lesson library (assets/scenes/*.json) and scene files for the File menu: where the lessons
// are, their titles, the course (the lessons in teaching order, assets/scenes/course.txt) and the
// loader the window opens files with. GL-free.
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
    std::string title;    ///< the scene's title, else the file name
    std::string question; ///< the lesson's question for the student (Markdown; "" when it asks none)
};

/// The *.json scenes of a directory that load, by title (the stress scene last as any other).
std::vector<LessonEntry> ListLessons(const std::string& directory);

/// The *.json files, the mesh files (.obj, .ply, .stl: File > Open adds them to the scene) and the
/// subdirectories of a directory, sorted, for the File > Open browser.
/// Directories end with '/'. Empty when the directory cannot be read.
std::vector<std::string> ListSceneFiles(const std::string& directory);

/// The course file's name in the lesson directory: one lesson file name a line, in teaching order;
/// blank lines and lines starting with '#' are ignored (docs/scene-format.md, "The course").
inline constexpr const char* kCourseFile = "course.txt";

/// The lessons in teaching order, with Next and Previous.
struct Course {
    std::vector<LessonEntry> lessons; ///< in order (path: directory + "/" + file name)
    std::string error;                ///< the first problem of the course file ("" when none)

    /// The position of the scene file `path` in the course (the same file, however named), or -1.
    int IndexOf(const std::string& path) const;
    /// The lesson after / before the one at `path`; null at the end / the start or when `path` is
    /// not a lesson of the course.
    const LessonEntry* Next(const std::string& path) const;
    const LessonEntry* Previous(const std::string& path) const;
};

/// Reads `directory`/course.txt. Each line names a scene file of the directory that must load;
/// a problem (no course file, a missing or broken lesson, a lesson listed twice) is reported in
/// Course::error as `FILE:LINE: what`, and the lessons before it are kept.
Course LoadCourse(const std::string& directory);

/// Loads a scene file with LoadSceneFile (the GUI's SceneLoader); `progress` may be null.
std::optional<Scene> LoadSceneForGui(const std::string& path, IoError& error, LoadProgress* progress = nullptr);

} // namespace hitlab
