// Lesson listing and file loading for the File menu.
#include "lessons.h"

#include "core/io/scene_file.h"

#include <algorithm>
#include <filesystem>

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
            out.push_back({path, load.scene->title.empty() ? name : load.scene->title});
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
        } else if (it->path().extension() == ".json") {
            files.push_back(name);
        }
    }
    std::sort(dirs.begin(), dirs.end());
    std::sort(files.begin(), files.end());
    dirs.insert(dirs.end(), files.begin(), files.end());
    return dirs;
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
