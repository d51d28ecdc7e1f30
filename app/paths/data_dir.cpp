// Finding the lessons relative to the executable.
#include "data_dir.h"

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

std::string LessonDirectory()
{
    const char* env = std::getenv("HITLAB_ASSETS");
    if (env != nullptr && *env != '\0') {
        return std::string(env) + "/scenes";
    }
    const fs::path exeDir = ExecutableDirectory();
    const fs::path relative = fs::path("share") / "hitlab" / "scenes";
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

} // namespace hitlab
