// The window's exit options (app/gui/window.cpp; needs a display: ctest runs it under xvfb-run,
// label gui): --dump-on-exit writes each shape as one JSON line, its id and name and then the
// protocol's shape object as core/io writes it (ShapeToJson).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

TEST(WindowGui, DumpOnExitWritesEachShapeAsTheProtocolsObject)
{
    const fs::path dir = fs::temp_directory_path() / ("hitlab_window_gui_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path scene = dir / "two.json", dump = dir / "dump.jsonl";
    fs::remove(dump);
    std::ofstream(scene) << R"({"format": "hitlab-scene", "version": 1, "shapes": [
        {"id": 4, "name": "box", "type": "aabb", "min": [0, -0.5, 0], "max": [1, 1, 2.25]},
        {"id": 7, "name": "ray", "type": "ray", "origin": [-1, 0.5, 0.5], "direction": [1, -0.0, 0]}]})";
    const std::string command =
        std::string(HITLAB_EXE) + " " + scene.string() + " --frames 2 --dump-on-exit " + dump.string();
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    std::ifstream in(dump);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    ASSERT_EQ(lines.size(), 2u);
    // integers without a fraction, -0 kept (a scene keeps the sign of a zero direction component)
    EXPECT_EQ(lines[0], R"({"id":4,"name":"box","type":"aabb","min":[0,-0.5,0],"max":[1,1,2.25]})");
    EXPECT_EQ(lines[1], R"({"id":7,"name":"ray","type":"ray","origin":[-1,0.5,0.5],"direction":[1,-0.0,0]})");
}

/// Runs the window for a few frames on `scene` with `options`; returns the --panel-report.
nlohmann::json RunWindow(const fs::path& scene, const std::string& options)
{
    const fs::path report =
        fs::temp_directory_path() / ("hitlab_window_gui_test_" + std::to_string(::getpid())) / "report.json";
    fs::remove(report);
    const std::string command = std::string(HITLAB_EXE) + " " + scene.string() + " --frames 4 --panel-report " +
                                report.string() + " " + options;
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    std::ifstream in(report);
    return nlohmann::json::parse(in, nullptr, false);
}

TEST(WindowGui, ADroppedSceneFileOpens)
{
    const fs::path dir = fs::temp_directory_path() / ("hitlab_window_gui_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "one.json") << R"({"format": "hitlab-scene", "version": 1, "title": "one", "shapes": [
        {"id": 1, "type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}]})";
    std::ofstream(dir / "three.json") << R"({"format": "hitlab-scene", "version": 1, "title": "three", "shapes": [
        {"id": 1, "type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]},
        {"id": 2, "type": "sphere", "center": [3, 0, 0], "radius": 1},
        {"id": 3, "type": "ray", "origin": [-2, 0.5, 0.5], "direction": [1, 0, 0]}]})";
    const nlohmann::json opened = RunWindow(dir / "one.json", "--drop " + (dir / "three.json").string());
    EXPECT_EQ(opened["scene_title"], "three");
    EXPECT_EQ(opened["shapes"], 3);
    EXPECT_EQ(opened["error_popup"], "");

    // a file that cannot be opened: its error, and the scene stays
    const nlohmann::json refused = RunWindow(dir / "one.json", "--drop " + (dir / "missing.json").string());
    EXPECT_EQ(refused["scene_title"], "one");
    EXPECT_EQ(refused["error_popup"], (dir / "missing.json").string() + ": cannot open: No such file or directory");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
