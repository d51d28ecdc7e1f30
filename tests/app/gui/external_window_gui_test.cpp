// External programs and plugins in the real window (needs a display: ctest runs it under
// xvfb-run, label gui): `hitlab SCENE --plugin FILE` / `--external 'COMMAND'` adds their
// algorithms as columns of the Results table (the --panel-report's "results"); the last frame of a
// --frames run waits for their answers. A plugin or program that crashes or hangs fails its cell,
// shown as a disagreement, and the window stays up.
#include "app/gui/model/lessons.h"
#include "support/window_run.h"

#include "support/x13_scene.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

fs::path Dir() { return test::TestDir("hitlab_external_window_gui_test"); }

/// A scene of two rays along +x against the box [15, 17] x [-1, 1]^2: one from x = 13 (where the
/// misbehaving examples fail) and one from the origin.
std::string MisbehaveScene() { return test::WriteX13Scene(Dir(), R"("all")"); }

/// The column index of an algorithm in the report's first table; -1 when absent.
int Column(const nlohmann::json& table, const std::string& name, bool external)
{
    for (size_t c = 0; c < table["columns"].size(); ++c) {
        if (table["columns"][c]["name"] == name && table["columns"][c]["external"] == external) {
            return int(c);
        }
    }
    return -1;
}

TEST(ExternalWindowGui, PluginAlgorithmsAreColumnsOfTheResultsTable)
{
    int status = -1;
    const nlohmann::json report =
        test::RunWindow(Dir(), LessonDirectory() + "/slab-2d-hit.json",
                        std::string("--plugin ") + HITLAB_PLUGIN_DIR + "/ray_aabb_slab.so", "plugin", status);
    ASSERT_EQ(status, 0);
    ASSERT_EQ(report["results"].size(), 1u) << report.dump();
    const nlohmann::json& table = report["results"][0];
    EXPECT_EQ(table["family"], "ray_aabb");
    const int slabC = Column(table, "slab_c", true);
    ASSERT_GE(slabC, 0) << table["columns"].dump();
    EXPECT_EQ(Column(table, "slab", false), 0);
    ASSERT_EQ(table["rows"].size(), 1u);
    // the ray from the origin with direction (2, 1) enters the box [1, 3]^2 at t = 1, as slab does
    EXPECT_EQ(table["rows"][0]["label"], "ray vs box");
    EXPECT_EQ(table["rows"][0]["cells"][size_t(slabC)], "hit  t 1");
    EXPECT_EQ(table["rows"][0]["cells"][0], "hit  t 1");
    EXPECT_EQ(report["error_popup"], "");
    EXPECT_EQ(report["external_pending"], false);
    ASSERT_EQ(report["external"].size(), 1u); // the Algorithms panel's list
    EXPECT_EQ(report["external"][0]["name"], "ray_aabb_slab.so");
    EXPECT_EQ(report["external"][0]["status"], "running");
    EXPECT_EQ(report["external"][0]["algorithms"], 2);
}

TEST(ExternalWindowGui, CrashingPluginFailsItsCellAndTheWindowStaysUp)
{
    int status = -1;
    const nlohmann::json report = test::RunWindow(
        Dir(), MisbehaveScene(), std::string("--plugin ") + HITLAB_PLUGIN_DIR + "/misbehave.so", "misbehave", status);
    ASSERT_EQ(status, 0);
    const nlohmann::json& table = report["results"][0];
    const int c = Column(table, "misbehave_c", true);
    ASSERT_GE(c, 0) << table["columns"].dump();
    ASSERT_EQ(table["rows"].size(), 2u);
    EXPECT_EQ(table["rows"][0]["label"], "ray13 vs box");
    EXPECT_EQ(table["rows"][0]["cells"][size_t(c)], "crashed"); // SIGSEGV at x = 13
    EXPECT_EQ(table["rows"][0]["mark"], "!!");
    EXPECT_EQ(table["rows"][1]["cells"][size_t(c)], "miss"); // its answer elsewhere: miss, after the restart
    EXPECT_EQ(table["disagreements"], 2);
    EXPECT_EQ(report["status_disagreements"], 2); // the status box said 0: it counted the built-in slab alone
}

TEST(ExternalWindowGui, HangingProgramTimesOutOnceAndIsRestarted)
{
    int status = -1;
    const std::string command =
        std::string("--external 'python3 ") + HITLAB_EXAMPLES + "/misbehaving/misbehave.py hang' --external-timeout 1";
    const nlohmann::json report = test::RunWindow(Dir(), MisbehaveScene(), command, "hang", status);
    ASSERT_EQ(status, 0);
    const nlohmann::json& table = report["results"][0];
    const int c = Column(table, "slab_misbehaving", true);
    ASSERT_GE(c, 0) << table["columns"].dump();
    EXPECT_EQ(table["rows"][0]["cells"][size_t(c)], "timed out");
    EXPECT_EQ(table["rows"][1]["cells"][size_t(c)], "hit  t 15"); // answered by the restarted program
    EXPECT_EQ(table["rows"][1]["mark"], "!");                     // only slab_listing's known flaw
}

TEST(ExternalWindowGui, QueryInspectorShowsAProgramsTraceSteps)
{
    // the lesson's one query is focused; the inspector asks the Python example with "trace": true
    int status = -1;
    const std::string command =
        std::string("--external 'python3 ") + HITLAB_EXAMPLES + "/ray_aabb_python.py' --external-timeout 10";
    const nlohmann::json report =
        test::RunWindow(Dir(), LessonDirectory() + "/slab-2d-hit.json", command, "trace", status);
    ASSERT_EQ(status, 0);
    ASSERT_EQ(report["query_external_traces"].size(), 1u) << report.dump();
    const nlohmann::json& shown = report["query_external_traces"][0];
    EXPECT_EQ(shown["algorithm"], "slab_python");
    EXPECT_EQ(shown["status"], "answered");
    EXPECT_EQ(shown["steps"], nlohmann::json({"x slab", "y slab", "z slab"}));
    EXPECT_EQ(shown["verdict"], "Hit: the slabs' t intervals meet.");
    EXPECT_TRUE(report["imgui_errors"].empty()) << report["imgui_errors"].dump();
}

TEST(ExternalWindowGui, RefusedPluginIsListedAsFailedWithItsReason)
{
    int status = -1;
    const nlohmann::json report = test::RunWindow(Dir(), LessonDirectory() + "/slab-2d-hit.json",
                                                  "--plugin /nonexistent/plugin.so", "refused", status);
    ASSERT_EQ(status, 0);
    ASSERT_EQ(report["external"].size(), 1u) << report.dump();
    EXPECT_EQ(report["external"][0]["name"], "plugin.so");
    EXPECT_EQ(report["external"][0]["status"], "failed");
    EXPECT_NE(report["external"][0]["error"].get<std::string>().find("/nonexistent/plugin.so"), std::string::npos)
        << report["external"][0]["error"];
    EXPECT_EQ(report["results"][0]["columns"].size(), 8u); // the built-in ones only (ray_aabb's eight with gjk_raycast)
}

/// The lines of a file ("started" once per start of the wrapper host).
int Lines(const fs::path& file)
{
    std::ifstream in(file);
    int n = 0;
    for (std::string line; std::getline(in, line);) {
        ++n;
    }
    return n;
}

TEST(ExternalWindowGui, ASceneNamingAPluginNeverStartsItAndOffersIt)
{
    // a scene with a plugin beside it, and a host that logs each start before running the real one
    const fs::path dir = Dir() / "named";
    fs::remove_all(dir);
    fs::create_directories(dir / "plugins");
    const fs::path plugin = dir / "plugins" / "slab.so";
    fs::copy_file(fs::path(HITLAB_PLUGIN_DIR) / "ray_aabb_slab.so", plugin);
    const fs::path log = dir / "host.log";
    const fs::path host = dir / "host.sh";
    std::ofstream(host) << "#!/bin/sh\necho started >> '" << log.string() << "'\nexec '"
                        << (fs::path(HITLAB_EXE).parent_path() / "hitlab-plugin-host").string() << "' \"$@\"\n";
    fs::permissions(host, fs::perms::owner_all);
    const fs::path scene = dir / "scene.json";
    std::ofstream(scene)
        << R"({"format": "hitlab-scene", "version": 1, "title": "named", "plugins": ["plugins/slab.so"],
 "shapes": [{"id": 1, "name": "box", "type": "aabb", "min": [1, -1, -1], "max": [2, 1, 1]},
  {"id": 2, "name": "ray", "type": "ray", "origin": [0, 0, 0], "direction": [1, 0, 0]}]})";
    setenv("HITLAB_PLUGIN_HOST", host.c_str(), 1);
    int status = -1;
    const nlohmann::json alone = test::RunWindow(Dir(), scene.string(), "", "named-alone", status);
    ASSERT_EQ(status, 0);
    EXPECT_FALSE(fs::exists(log)) << "the host was started";
    EXPECT_TRUE(alone["external"].empty()) << alone["external"].dump();
    ASSERT_EQ(alone["scene_plugins_not_loaded"].size(), 1u) << alone.dump();
    EXPECT_EQ(alone["scene_plugins_not_loaded"][0]["name"], "plugins/slab.so");
    EXPECT_EQ(alone["scene_plugins_not_loaded"][0]["file"], plugin.string()); // what its Load button shows
    EXPECT_EQ(alone["scene_plugins_not_loaded"][0]["found"], true);
    // given on the command line: started once, its algorithms a column, no notice
    const nlohmann::json given =
        test::RunWindow(Dir(), scene.string(), "--plugin " + plugin.string(), "named-given", status);
    unsetenv("HITLAB_PLUGIN_HOST");
    ASSERT_EQ(status, 0);
    // (the window's worker threads may start the host again: it dies with the thread that forked it)
    EXPECT_GE(Lines(log), 1);
    EXPECT_TRUE(given["scene_plugins_not_loaded"].empty()) << given.dump();
    ASSERT_EQ(given["external"].size(), 1u) << given.dump(); // one source, not one per way it was named
    EXPECT_EQ(given["external"][0]["status"], "running");
    const nlohmann::json& columns = given["results"][0]["columns"];
    EXPECT_EQ(
        std::count_if(columns.begin(), columns.end(), [](const nlohmann::json& c) { return c["name"] == "slab_c"; }), 1)
        << columns.dump();
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
