// Finding the lessons relative to the executable.
#include "data_dir.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
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

std::string ScenePluginFile(const std::string& name, const std::string& scenePath)
{
    fs::path file;
    if (name.find('/') == std::string::npos) { // a bundled engine plugin
        file = fs::path(PluginDirectory()) / (name.ends_with(".so") ? name : name + ".so");
    } else {
        file = fs::path(scenePath).parent_path() / name; // an absolute name replaces the folder
    }
    std::error_code ec;
    const fs::path absolute = fs::absolute(file, ec);
    return (ec ? file : absolute).lexically_normal().string();
}

std::vector<ScenePlugin> MissingScenePlugins(const std::vector<std::string>& scenePlugins, const std::string& scenePath,
                                             const std::vector<std::string>& loaded)
{
    auto normal = [](const std::string& path) {
        std::error_code ec;
        const fs::path canonical = fs::weakly_canonical(fs::absolute(path, ec), ec);
        return ec ? fs::path(path).lexically_normal().string() : canonical.string();
    };
    std::vector<std::string> files;
    for (const std::string& given : loaded) {
        files.push_back(normal(ResolvePluginPath(given)));
    }
    std::vector<ScenePlugin> missing;
    for (const std::string& name : scenePlugins) {
        ScenePlugin plugin{name, ScenePluginFile(name, scenePath), false};
        if (std::find(files.begin(), files.end(), normal(plugin.file)) != files.end()) {
            continue;
        }
        std::error_code ec;
        plugin.found = fs::is_regular_file(plugin.file, ec);
        missing.push_back(std::move(plugin));
    }
    return missing;
}

std::string ScenePluginArgument(const ScenePlugin& plugin)
{
    return plugin.name.find('/') == std::string::npos ? plugin.name : plugin.file;
}

std::string ShellWord(const std::string& word)
{
    const bool safe = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || std::strchr("_-./+:=,@%", c) != nullptr;
    });
    if (safe) {
        return word;
    }
    std::string quoted = "'";
    for (char c : word) {
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return quoted + "'";
}

std::string ScenePluginNote(const ScenePlugin& plugin, const std::string& command, const std::string& scenePath)
{
    const std::string where = plugin.found ? "it loads " + plugin.file : plugin.file + " does not exist";
    return "note: " + scenePath + " names the plugin \"" + plugin.name +
           "\", not loaded (a scene file never loads plugins); to add it: hitlab " + command + " " +
           ShellWord(scenePath) + " --plugin " + ShellWord(ScenePluginArgument(plugin)) + " (" + where + ")";
}

void WriteScenePluginNotes(std::ostream& err, const std::string& command, const std::string& scenePath,
                           const std::vector<std::string>& scenePlugins, const std::vector<std::string>& given)
{
    for (const ScenePlugin& missing : MissingScenePlugins(scenePlugins, scenePath, given)) {
        err << "hitlab " << command << ": " << ScenePluginNote(missing, command, scenePath) << '\n';
    }
}

} // namespace hitlab
