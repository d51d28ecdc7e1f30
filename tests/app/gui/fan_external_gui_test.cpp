// Ray fans with an external algorithm in the real window (needs a display: ctest runs it under
// xvfb-run, label gui): `hitlab SCENE --plugin misbehave.so --frames 6` joins the plugin's
// misbehave_c (a miss on every ray) to the scene's fan; the --panel-report's "fans" (what the
// Ray fan panel shows) lists it, marked *, with the disagreeing rays counted by hand.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

TEST(FanExternalGui, TheFanPanelListsThePluginAlgorithmAndItsDisagreeingRays)
{
    const fs::path dir = fs::temp_directory_path() / ("hitlab_fan_external_gui_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path scene = dir / "fan.json", report = dir / "report.json";
    // n = 4 from (0, 0, -5) at [-1, 1]^3: slab hits the middle 2 x 2 of the 16 rays (the grid
    // aims at +-0.498 and +-1.494; 0.8 * 0.498 lies on the front face, 0.8 * 1.494 = 1.195 does
    // not, and 1.2 * 1.494 misses the back face too): misbehave_c misses those 4
    std::ofstream(scene) << R"({"format": "hitlab-scene", "version": 1, "title": "fan", "shapes": [
  {"id": 1, "name": "box", "type": "aabb", "min": [-1, -1, -1], "max": [1, 1, 1]}],
 "ray_fans": [{"id": 1, "name": "fan", "origin": [0, 0, -5], "target": 1, "n": 4}],
 "queries": {"families": {"ray_aabb": {"algorithms": ["slab"], "draw": "slab", "precision": "float"}}}})";
    fs::remove(report);
    const std::string command = std::string(HITLAB_EXE) + " " + scene.string() + " --plugin " + HITLAB_PLUGIN_DIR +
                                "/misbehave.so --frames 6 --screenshot " + (dir / "fan.png").string() +
                                " --panel-report " + report.string();
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    std::ifstream in(report);
    ASSERT_TRUE(in.good()) << command;
    const nlohmann::json j = nlohmann::json::parse(in);
    ASSERT_EQ(j["fans"].size(), 1u) << j.dump();
    const nlohmann::json& fan = j["fans"][0];
    EXPECT_EQ(fan["name"], "fan");
    EXPECT_EQ(fan["compares"], "slab, misbehave_c*");
    EXPECT_EQ(fan["rays"], 16);
    EXPECT_EQ(fan["disagree"], 4);
    EXPECT_EQ(fan["external_status"], "");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
