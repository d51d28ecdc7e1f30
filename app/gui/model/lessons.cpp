// Lesson listing and file loading for the File menu.
#include "lessons.h"

#include "core/io/mesh_file.h"

#include "core/io/scene_file.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace hitlab {

std::vector<LessonEntry> ListLessons(const std::string& directory)
{
    std::vector<LessonEntry> out;
    for (const std::string& name : ListSceneFiles(directory)) {
        if (name.ends_with('/')) {
            continue;
        }
        const std::string path = directory + "/" + name;
        SceneLoad load = LoadSceneFile(path);
        if (load.Ok()) {
            out.push_back({path, load.scene->title.empty() ? name : load.scene->title, load.scene->question});
        }
    }
    std::sort(out.begin(), out.end(), [](const LessonEntry& a, const LessonEntry& b) { return a.title < b.title; });
    return out;
}

std::vector<std::string> ListSceneFiles(const std::string& directory)
{
    namespace fs = std::filesystem;
    std::vector<std::string> files, dirs;
    std::error_code ec;
    for (fs::directory_iterator it(directory, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.starts_with('.')) {
            continue;
        }
        if (it->is_directory(ec)) {
            dirs.push_back(name + "/");
        } else if (MeshFormat format; it->path().extension() == ".json" || MeshFormatOf(it->path(), format)) {
            files.push_back(name);
        }
    }
    std::sort(dirs.begin(), dirs.end());
    std::sort(files.begin(), files.end());
    dirs.insert(dirs.end(), files.begin(), files.end());
    return dirs;
}

int Course::IndexOf(const std::string& path) const
{
    if (path.empty()) {
        return -1;
    }
    for (size_t i = 0; i < lessons.size(); ++i) {
        std::error_code ec;
        if (lessons[i].path == path || std::filesystem::equivalent(lessons[i].path, path, ec)) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

const LessonEntry* Course::Next(const std::string& path) const
{
    const int i = IndexOf(path);
    return i >= 0 && i + 1 < static_cast<int>(lessons.size()) ? &lessons[static_cast<size_t>(i) + 1] : nullptr;
}

const LessonEntry* Course::Previous(const std::string& path) const
{
    const int i = IndexOf(path);
    return i > 0 ? &lessons[static_cast<size_t>(i) - 1] : nullptr;
}

Course LoadCourse(const std::string& directory)
{
    Course course;
    const std::string file = directory + "/" + kCourseFile;
    std::ifstream in(file);
    if (!in) {
        course.error = file + ": cannot open the course (the lessons in order)";
        return course;
    }
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') {
            continue;
        }
        const std::string name = line.substr(first, line.find_last_not_of(" \t\r") + 1 - first);
        const std::string where = file + ":" + std::to_string(number) + ": ";
        const std::string path = directory + "/" + name;
        if (name.find('/') != std::string::npos || !name.ends_with(".json")) {
            course.error = where + "expected a lesson file name of this directory (NAME.json), got \"" + name + "\"";
            return course;
        }
        if (course.IndexOf(path) >= 0) {
            course.error = where + name + " is listed twice";
            return course;
        }
        SceneLoad load = LoadSceneFile(path);
        if (!load.Ok()) {
            course.error = where + ErrorText(load.error);
            return course;
        }
        course.lessons.push_back({path, load.scene->title.empty() ? name : load.scene->title, load.scene->question});
    }
    return course;
}

std::optional<Scene> LoadSceneForGui(const std::string& path, IoError& error, LoadProgress* progress)
{
    SceneLoad load = LoadSceneFile(path, progress);
    if (!load.Ok()) {
        error = std::move(load.error);
        return std::nullopt;
    }
    return std::move(load.scene);
}

} // namespace hitlab
