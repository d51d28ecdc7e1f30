// Finding the lessons relative to the executable.
#include "data_dir.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace hitlab {

namespace fs = std::filesystem;

std::string ExecutableDirectory()
{
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : exe.parent_path().string();
}

namespace {

/// The first `relative` found going up from the executable's directory (at most four levels), else
/// `../relative` beside the executable.
std::string FindUp(const fs::path& relative)
{
    const fs::path exeDir = ExecutableDirectory();
    // bin/hitlab: one level up; build/release/tests/app/x_test: up to four
    fs::path dir = exeDir;
    for (int level = 0; level < 4 && dir.has_relative_path(); ++level) {
        dir = dir.parent_path();
        std::error_code ec;
        if (fs::is_directory(dir / relative, ec)) {
            return (dir / relative).string();
        }
    }
    return (exeDir.parent_path() / relative).string();
}

} // namespace

std::string LessonDirectory()
{
    const char* env = std::getenv("HITLAB_ASSETS");
    if (env != nullptr && *env != '\0') {
        return std::string(env) + "/scenes";
    }
    return FindUp(fs::path("share") / "hitlab" / "scenes");
}

std::string PluginDirectory()
{
    const char* env = std::getenv("HITLAB_PLUGINS");
    if (env != nullptr && *env != '\0') {
        return env;
    }
    return FindUp(fs::path("lib") / "hitlab" / "plugins");
}

std::string ResolvePluginPath(const std::string& argument)
{
    std::error_code ec;
    if (argument.empty() || fs::exists(argument, ec) || argument.find('/') != std::string::npos) {
        return argument;
    }
    const fs::path plugins = PluginDirectory();
    for (const fs::path& candidate : {plugins / (argument + ".so"), plugins / argument}) {
        if (candidate.extension() == ".so" && fs::is_regular_file(candidate, ec)) {
            return candidate.string();
        }
    }
    return argument;
}

std::string ResolveScenePath(const std::string& argument)
{
    std::error_code ec;
    if (argument.empty() || fs::exists(argument, ec) || argument.find('/') != std::string::npos) {
        return argument;
    }
    const fs::path lessons = LessonDirectory();
    for (const fs::path& candidate : {lessons / argument, lessons / (argument + ".json")}) {
        if (candidate.extension() == ".json" && fs::is_regular_file(candidate, ec)) {
            return candidate.string();
        }
    }
    return argument;
}

std::vector<std::string> AddScenePlugins(std::vector<std::string> given, const std::vector<std::string>& scenePlugins,
                                         const std::string& scenePath)
{
    std::vector<std::string> resolved;
    for (const std::string& g : given) {
        resolved.push_back(ResolvePluginPath(g));
    }
    for (const std::string& name : scenePlugins) {
        std::string file = name;
        if (name.find('/') != std::string::npos && name.front() != '/') { // relative to the scene file
            file = (fs::path(scenePath).parent_path() / name).lexically_normal().string();
        }
        const std::string path = ResolvePluginPath(file);
        if (std::find(resolved.begin(), resolved.end(), path) == resolved.end()) {
            given.push_back(file);
            resolved.push_back(path);
        }
    }
    return given;
}

} // namespace hitlab
