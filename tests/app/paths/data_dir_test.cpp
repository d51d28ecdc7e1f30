// Tests of where the program finds its lessons (app/paths/data_dir.h): relative to the running
// executable (the build tree's share/hitlab/scenes, a link to assets/scenes, for these test
// programs), $HITLAB_ASSETS first, and a lesson opened by name (`hitlab report ray-through-corner`).
#include "app/cli/cli.h"
#include "app/paths/data_dir.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

const fs::path kSourceScenes = fs::path(HITLAB_TEST_DATA) / ".." / ".." / "assets" / "scenes";

/// Unsets HITLAB_ASSETS for one test and puts it back after.
class DataDirTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        const char* env = std::getenv("HITLAB_ASSETS");
        m_saved = env != nullptr ? std::optional<std::string>(env) : std::nullopt;
        unsetenv("HITLAB_ASSETS");
    }
    void TearDown() override
    {
        if (m_saved) {
            setenv("HITLAB_ASSETS", m_saved->c_str(), 1);
        } else {
            unsetenv("HITLAB_ASSETS");
        }
    }

private:
    std::optional<std::string> m_saved;
};

TEST_F(DataDirTest, ExecutableDirectoryIsThisTestsDirectory)
{
    EXPECT_EQ(fs::path(ExecutableDirectory()), fs::canonical("/proc/self/exe").parent_path());
}

TEST_F(DataDirTest, LessonsFoundAboveTheExecutableAreTheSourceLessons)
{
    const fs::path dir = LessonDirectory();
    EXPECT_EQ(dir.filename(), "scenes");
    EXPECT_EQ(dir.parent_path().filename(), "hitlab");
    EXPECT_EQ(dir.parent_path().parent_path().filename(), "share");
    // the build tree's share/hitlab/scenes is the source's assets/scenes
    EXPECT_EQ(fs::canonical(dir), fs::canonical(kSourceScenes));
    // found going up from the executable, not through a path compiled in
    const std::string exeDir = ExecutableDirectory();
    EXPECT_EQ(dir.string().rfind(fs::path(exeDir).parent_path().parent_path().string(), 0), 0u) << dir;
}

TEST_F(DataDirTest, EnvironmentVariableComesFirst)
{
    setenv("HITLAB_ASSETS", "/somewhere/else", 1);
    EXPECT_EQ(LessonDirectory(), "/somewhere/else/scenes");
    setenv("HITLAB_ASSETS", "", 1); // empty: as if unset
    EXPECT_EQ(fs::canonical(LessonDirectory()), fs::canonical(kSourceScenes));
}

TEST_F(DataDirTest, BareNameOpensTheLessonWithOrWithoutExtension)
{
    const std::string lesson = LessonDirectory() + "/ray-through-corner.json";
    EXPECT_EQ(ResolveScenePath("ray-through-corner"), lesson);
    EXPECT_EQ(ResolveScenePath("ray-through-corner.json"), lesson);
}

TEST_F(DataDirTest, PathsAndUnknownNamesStayAsWritten)
{
    EXPECT_EQ(ResolveScenePath("no-such-lesson"), "no-such-lesson");
    EXPECT_EQ(ResolveScenePath("some/dir/ray-through-corner"), "some/dir/ray-through-corner");
    EXPECT_EQ(ResolveScenePath("./ray-through-corner.json"), "./ray-through-corner.json");
    EXPECT_EQ(ResolveScenePath(""), "");
    // a file that exists where the command runs wins over the lesson of the same name
    const fs::path scratch = fs::temp_directory_path() / ("hitlab_data_dir_" + std::to_string(getpid()));
    fs::create_directories(scratch);
    std::ofstream(scratch / "ray-through-corner.json") << "{}";
    const fs::path cwd = fs::current_path();
    fs::current_path(scratch);
    EXPECT_EQ(ResolveScenePath("ray-through-corner.json"), "ray-through-corner.json");
    EXPECT_EQ(ResolveScenePath("ray-through-corner"), LessonDirectory() + "/ray-through-corner.json");
    fs::current_path(cwd);
    fs::remove_all(scratch);
}

TEST_F(DataDirTest, ReportOpensALessonByName)
{
    const char* args[] = {"hitlab", "report", "slab-2d-miss"};
    std::istringstream in;
    std::ostringstream out, err;
    const int status = RunCommandLine(3, args, in, out, err, [] { return 99; });
    EXPECT_EQ(status, 0) << err.str();
    EXPECT_EQ(out.str().rfind(LessonDirectory() + "/slab-2d-miss.json: The slab method in 2D: a miss\n", 0), 0u)
        << out.str();
}

TEST_F(DataDirTest, ReportOfAnUnknownNameFailsWithExitTwo)
{
    const char* args[] = {"hitlab", "report", "no-such-lesson"};
    std::istringstream in;
    std::ostringstream out, err;
    EXPECT_EQ(RunCommandLine(3, args, in, out, err, [] { return 99; }), 2);
    EXPECT_NE(err.str().find("no-such-lesson"), std::string::npos) << err.str();
}

TEST(ShellWord, QuotesOnlyWhatTheShellWouldSplitOrExpand)
{
    EXPECT_EQ(ShellWord("/a/b-c_d.so"), "/a/b-c_d.so");
    EXPECT_EQ(ShellWord("my scene.json"), "'my scene.json'");
    EXPECT_EQ(ShellWord("it's"), "'it'\\''s'");
    EXPECT_EQ(ShellWord("$HOME"), "'$HOME'");
    EXPECT_EQ(ShellWord(""), "''");
}

TEST_F(DataDirTest, APluginNameIsLookedUpInThePluginDirectory)
{
    const fs::path dir = fs::temp_directory_path() / ("hitlab_data_dir_plugins_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "engine.so") << "not really a library";
    setenv("HITLAB_PLUGINS", dir.c_str(), 1);
    EXPECT_EQ(PluginDirectory(), dir.string());
    EXPECT_EQ(ResolvePluginPath("engine"), (dir / "engine.so").string());
    EXPECT_EQ(ResolvePluginPath("engine.so"), (dir / "engine.so").string());
    // a path, an unknown name and the empty argument stay as written
    EXPECT_EQ(ResolvePluginPath("./engine"), "./engine");
    EXPECT_EQ(ResolvePluginPath("no-such-engine"), "no-such-engine");
    EXPECT_EQ(ResolvePluginPath(""), "");
    // a scene's plugin: a bare name is the bundled plugin (never a file of the working
    // directory), a path is read against the scene file's folder
    EXPECT_EQ(ScenePluginFile("engine", "/lessons/a/scene.json"), (dir / "engine.so").string());
    EXPECT_EQ(ScenePluginFile("engine.so", "/lessons/a/scene.json"), (dir / "engine.so").string());
    EXPECT_EQ(ScenePluginFile("../x/mine.so", "/lessons/a/scene.json"), "/lessons/x/mine.so");
    EXPECT_EQ(ScenePluginFile("/opt/p.so", "/lessons/a/scene.json"), "/opt/p.so");
    // those --plugin loads already (compared resolved) are not missing; the others are, in order
    const std::vector<ScenePlugin> missing =
        MissingScenePlugins({"engine.so", "../x/mine.so", "other"}, "/lessons/a/scene.json", {"engine"});
    ASSERT_EQ(missing.size(), 2u);
    EXPECT_EQ(missing[0].name, "../x/mine.so");
    EXPECT_EQ(missing[0].file, "/lessons/x/mine.so");
    EXPECT_FALSE(missing[0].found);
    EXPECT_EQ(ScenePluginArgument(missing[0]), "/lessons/x/mine.so");
    EXPECT_EQ(missing[1].file, (dir / "other.so").string());
    EXPECT_EQ(ScenePluginArgument(missing[1]), "other");
    EXPECT_TRUE(MissingScenePlugins({"engine"}, "/lessons/a/scene.json", {(dir / "engine.so").string()}).empty());
    EXPECT_EQ(MissingScenePlugins({"engine"}, "/lessons/a/scene.json", {}).at(0).found, true);
    unsetenv("HITLAB_PLUGINS");
    // without the variable: lib/hitlab/plugins found going up from the executable, else beside it
    EXPECT_EQ(fs::path(PluginDirectory()).filename(), "plugins");
    EXPECT_EQ(fs::path(PluginDirectory()).parent_path().filename(), "hitlab");
    fs::remove_all(dir);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
