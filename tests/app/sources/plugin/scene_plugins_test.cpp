// Tests that a scene file's "plugins" key never loads anything when `hitlab report` opens the scene
// (docs/scene-format.md "Plugins"): the report notes each named plugin with the command that adds
// it and reports without it; `--plugin` loads it, once, however the scene also names it. Whether
// the plugin host was started is seen through a wrapper host that writes a line to a log first.
#include "app/cli/cli.h"
#include "support/run_cli.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using nlohmann::json;
namespace fs = std::filesystem;

/// A folder of its own: the scene, its plugins/ folder holding a copy of the example slab plugin,
/// and the wrapper host with its log.
class ScenePlugins : public testing::Test {
protected:
    void SetUp() override
    {
        m_dir = fs::path(testing::TempDir()) / ("hitlab_scene_plugins_" + std::to_string(::getpid()));
        fs::remove_all(m_dir);
        fs::create_directories(m_dir / "plugins");
        fs::copy_file(fs::path(HITLAB_PLUGIN_DIR) / "ray_aabb_slab.so", m_dir / "plugins" / "slab.so");
        const fs::path host = m_dir / "host.sh";
        std::ofstream(host) << "#!/bin/sh\necho started >> '" << Log().string() << "'\nexec '" << HITLAB_PLUGIN_HOST
                            << "' \"$@\"\n";
        fs::permissions(host, fs::perms::owner_all);
        setenv("HITLAB_PLUGIN_HOST", host.c_str(), 1);
        setenv("ASAN_OPTIONS", "handle_segv=0:detect_leaks=1", 1);
        // a ray from the origin along +x into the box [1, 2] x [-1, 1]^2: t in [1, 2]
        std::ofstream(Scene()) << R"({"format": "hitlab-scene", "version": 1, "title": "named",
  "plugins": ["plugins/slab.so"], "shapes": [
  {"id": 1, "name": "box", "type": "aabb", "min": [1, -1, -1], "max": [2, 1, 1]},
  {"id": 2, "name": "ray", "type": "ray", "origin": [0, 0, 0], "direction": [1, 0, 0]}]})";
    }
    void TearDown() override
    {
        unsetenv("HITLAB_PLUGIN_HOST");
        fs::remove_all(m_dir);
    }

    fs::path Log() const { return m_dir / "host.log"; }
    std::string Scene() const { return (m_dir / "scene.json").string(); }
    std::string Plugin() const { return (m_dir / "plugins" / "slab.so").string(); }
    /// How many times the host was started.
    int HostStarts() const
    {
        std::ifstream in(Log());
        int n = 0;
        for (std::string line; std::getline(in, line);) {
            n += line == "started";
        }
        return n;
    }

    fs::path m_dir;
};

TEST_F(ScenePlugins, ReportNeverLoadsTheScenesPluginAndSaysHowToAddIt)
{
    const test::CliRun run = test::RunCli({"report", Scene(), "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(HostStarts(), 0);
    EXPECT_EQ(run.err, "hitlab report: note: " + Scene() +
                           " names the plugin \"plugins/slab.so\", not loaded (a scene file never loads plugins); "
                           "to add it: hitlab report " +
                           Scene() + " --plugin " + Plugin() + " (it loads " + Plugin() + ")\n");
    const json report = json::parse(run.out);
    ASSERT_EQ(report["queries"].size(), 1u);
    EXPECT_FALSE(report["queries"][0]["results"].contains("slab_c")) << report["queries"][0].dump();
    EXPECT_TRUE(report["queries"][0]["results"].contains("slab"));
}

TEST_F(ScenePlugins, PluginGivenOnTheCommandLineIsLoadedOnce)
{
    // the scene names it relative to its folder, the command line by another spelling of the same file
    const std::string spelled = (m_dir / "plugins" / ".." / "plugins" / "slab.so").string();
    const test::CliRun run = test::RunCli({"report", Scene(), "--json", "--plugin", spelled});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "");
    EXPECT_EQ(HostStarts(), 1);
    const json report = json::parse(run.out);
    ASSERT_EQ(report["queries"].size(), 1u);
    const json& results = report["queries"][0]["results"];
    ASSERT_TRUE(results.contains("slab_c")) << results.dump();
    EXPECT_EQ(results["slab_c"]["t_enter"], 1.0);
    EXPECT_EQ(results["slab_c"]["t_exit"], 2.0);
}

TEST_F(ScenePlugins, ABundledNameIsNotedWithItsFileAndANameThatIsNoFileSaysSo)
{
    setenv("HITLAB_PLUGINS", (m_dir / "plugins").c_str(), 1);
    std::ofstream(Scene()) << R"({"format": "hitlab-scene", "version": 1, "plugins": ["slab", "absent"], "shapes": [
  {"id": 1, "name": "box", "type": "aabb", "min": [1, -1, -1], "max": [2, 1, 1]}]})";
    const test::CliRun run = test::RunCli({"report", Scene()});
    unsetenv("HITLAB_PLUGINS");
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(HostStarts(), 0);
    const std::string prefix = "hitlab report: note: " + Scene() + " names the plugin ";
    const std::string tail = " not loaded (a scene file never loads plugins); to add it: hitlab report " + Scene();
    EXPECT_EQ(run.err, prefix + "\"slab\"," + tail + " --plugin slab (it loads " + Plugin() + ")\n" + prefix +
                           "\"absent\"," + tail + " --plugin absent (" + (m_dir / "plugins" / "absent.so").string() +
                           " does not exist)\n");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
