// The Hunt, Timing and Minkowski difference panels in the real window (needs a display: ctest runs it under xvfb-run,
// label gui). `--open-panel P --run-panel` opens a panel and starts its job on the first frame;
// the last frame waits for it, so the report and the screenshot show the results. Loading a
// counterexample and undoing it are tested through the panel's model (tool_panels_model_test).
#include "app/gui/model/lessons.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <stb_image.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

struct WindowRun {
    nlohmann::json report;
    std::vector<unsigned char> rgba;
    int width = 0, height = 0;
};

/// Runs the window on a lesson with extra arguments; the report and the screenshot it left.
WindowRun RunWindow(const std::string& lesson, const std::string& args, const std::string& tag)
{
    WindowRun run;
    const fs::path dir = fs::temp_directory_path() / ("hitlab_tool_panels_gui_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path png = dir / (tag + ".png"), report = dir / (tag + ".json");
    fs::remove(png);
    fs::remove(report);
    const std::string command = std::string(HITLAB_EXE) + " \"" + LessonDirectory() + "/" + lesson + "\" " + args +
                                " --frames 6 --screenshot " + png.string() + " --panel-report " + report.string();
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    std::ifstream in(report);
    EXPECT_TRUE(in.good()) << report;
    if (!in.good()) {
        return run;
    }
    run.report = nlohmann::json::parse(in);
    int channels = 0;
    unsigned char* image = stbi_load(png.string().c_str(), &run.width, &run.height, &channels, 4);
    EXPECT_NE(image, nullptr) << png;
    if (image != nullptr) {
        run.rgba.assign(image, image + size_t(run.width) * size_t(run.height) * 4);
        stbi_image_free(image);
    }
    return run;
}

/// The panel is open, inside the window, and its area of the screenshot has text and bars
/// (more than a handful of colours).
void ExpectPanelDrawn(const WindowRun& run, const char* name)
{
    SCOPED_TRACE(name);
    const nlohmann::json& p = run.report["panels"][name];
    ASSERT_TRUE(p.is_object()) << run.report["panels"].dump();
    ASSERT_TRUE(p["open"].get<bool>());
    const int x0 = int(p["rect"][0].get<double>()), y0 = int(p["rect"][1].get<double>());
    const int x1 = x0 + int(p["rect"][2].get<double>()), y1 = y0 + int(p["rect"][3].get<double>());
    EXPECT_GE(x0, 0);
    EXPECT_GE(y0, 0);
    EXPECT_LE(x1, run.width);
    EXPECT_LE(y1, run.height);
    std::set<std::uint32_t> colours;
    for (int y = std::max(0, y0); y < std::min(run.height, y1); y += 2) {
        for (int x = std::max(0, x0); x < std::min(run.width, x1); x += 2) {
            const unsigned char* c = run.rgba.data() + (size_t(y) * size_t(run.width) + size_t(x)) * 4;
            colours.insert((std::uint32_t(c[0]) << 16) | (std::uint32_t(c[1]) << 8) | c[2]);
        }
    }
    EXPECT_GT(colours.size(), 10u);
}

TEST(ToolPanelsGui, NotShownByDefault)
{
    const WindowRun run = RunWindow("ray-through-edge.json", "", "default");
    EXPECT_FALSE(run.report["panels"].contains("Hunt"));
    EXPECT_FALSE(run.report["panels"].contains("Timing"));
    EXPECT_FALSE(run.report.contains("hunt"));
}

TEST(ToolPanelsGui, HuntPanelRunsTheDefaultHuntAndListsCounterexamples)
{
    // ray-through-edge focuses the ray entering through the edge, where face_planes misses: the
    // panel's default hunt is face_planes against the exact judge around that pair
    const WindowRun run = RunWindow("ray-through-edge.json", "--open-panel hunt --run-panel", "hunt");
    const nlohmann::json& r = run.report;
    EXPECT_TRUE(r["imgui_errors"].empty()) << r["imgui_errors"].dump();
    EXPECT_EQ(r["error_popup"], "");
    ExpectPanelDrawn(run, "Hunt");
    ASSERT_TRUE(r.contains("hunt")) << r.dump();
    EXPECT_GE(r["hunt"]["counterexamples"].get<int>(), 1);
    EXPECT_GT(r["hunt"]["cases"].get<double>(), 0.0);
    // a built-in hunt judges every case it draws
    EXPECT_EQ(r["hunt"]["status"], "found");
    EXPECT_EQ(r["hunt"]["judged"], r["hunt"]["cases"]);
    EXPECT_EQ(r["hunt"]["not_judged"], 0);
    EXPECT_EQ(r["shapes"], 3); // nothing loaded by itself
    // the first-start layout is untouched
    EXPECT_TRUE(r["panels"]["Results"]["open"].get<bool>());
}

TEST(ToolPanelsGui, TimingPanelMeasuresTheScenesFamilies)
{
    const WindowRun run = RunWindow("ray-through-edge.json", "--open-panel timing --run-panel", "timing");
    const nlohmann::json& r = run.report;
    EXPECT_TRUE(r["imgui_errors"].empty()) << r["imgui_errors"].dump();
    EXPECT_EQ(r["error_popup"], "");
    ExpectPanelDrawn(run, "Timing");
    ASSERT_TRUE(r.contains("timing")) << r.dump();
    EXPECT_FALSE(r["timing"]["cancelled"].get<bool>());
    ASSERT_EQ(r["timing"]["families"].size(), 1u);
    EXPECT_EQ(r["timing"]["families"][0]["family"], "ray_aabb");
    EXPECT_EQ(r["timing"]["families"][0]["algorithms"], 8); // ray_aabb's seven and gjk_raycast
}

TEST(ToolPanelsGui, MinkowskiPanelDrawsTheFocusedPairsDifference)
{
    // the EPA lesson focuses its disagreement, a vs c (touching): A - C = [0, 2] x [-1, 1] x [-1, 1],
    // a box (8 corners, 12 triangles), the origin on its face x = 0; the trace at its 7th step
    const WindowRun run =
        RunWindow("epa-touching-boxes.json", "--open-panel minkowski --select 1 --step 7", "minkowski");
    const nlohmann::json& r = run.report;
    EXPECT_TRUE(r["imgui_errors"].empty()) << r["imgui_errors"].dump();
    ExpectPanelDrawn(run, "Minkowski difference");
    ASSERT_TRUE(r.contains("minkowski")) << r.dump();
    const nlohmann::json& m = r["minkowski"];
    EXPECT_EQ(m["vertices"], 8);
    EXPECT_EQ(m["triangles"], 12);
    EXPECT_EQ(m["sampled"], false);
    EXPECT_EQ(m["plane"], "3D");
    EXPECT_EQ(m["step"], 6);
    EXPECT_EQ(m["exact"], "exact: overlap, depth 0 (exact)");
}

TEST(ToolPanelsGui, UnknownPanelIsRefused)
{
    const std::string command = std::string(HITLAB_EXE) + " demo --open-panel nope --frames 2 2>/dev/null";
    EXPECT_NE(std::system(command.c_str()), 0);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
