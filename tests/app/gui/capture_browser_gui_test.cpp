// The Capture panel in the real window (needs a display: ctest runs it under xvfb-run, label gui):
// `hitlab CAPTURE` opens a capture in it, --capture-filter filters the table and --capture-row
// chooses a row, whose query then replaces the scene with the engine's answer beside every
// algorithm's and the exact one; a capture dropped on a lesson opens beside it, the lesson kept.
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

fs::path Folder()
{
    const fs::path dir = fs::temp_directory_path() / ("hitlab_capture_gui_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir;
}

/// A ray along +x from (x0, 0, 0) against [-1, 1]^3 (it enters at -1 - x0, leaves at 1 - x0).
std::string Ray(int x0, const std::string& answer, int frame, const std::string& where)
{
    return R"({"query":"ray_aabb","precision":"double","a":{"type":"ray","origin":[)" + std::to_string(x0) +
           R"(,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[-1,-1,-1],"max":[1,1,1]},"answer":)" + answer +
           R"(,"frame":)" + std::to_string(frame) + R"(,"where":")" + where + "\"}";
}

std::string WriteCapture()
{
    const fs::path path = Folder() / "window.capture.jsonl";
    std::ofstream out(path);
    out << R"({"capture":1,"engine":"window test"})"
        << "\n";
    out << Ray(-3, R"({"hit":true,"t_enter":2,"t_exit":4})", 1, "a.cpp:1") << "\n";
    out << Ray(-3, R"({"hit":false})", 2, "b.cpp:2") << "\n"; // line 3: a wrong verdict
    out << R"({"query":"ray_aabb","a":)"
        << "\n"; // line 4: a bad line
    out << Ray(-5, R"({"hit":true,"t_enter":4,"t_exit":6})", 3, "a.cpp:1") << "\n";
    return path.string();
}

struct WindowRun {
    nlohmann::json report;
    std::vector<unsigned char> rgba;
    int width = 0, height = 0;
};

WindowRun RunWindow(const std::string& args, const std::string& tag)
{
    WindowRun run;
    const fs::path png = Folder() / (tag + ".png"), report = Folder() / (tag + ".json");
    fs::remove(png);
    fs::remove(report);
    const std::string command = std::string(HITLAB_EXE) + " " + args + " --frames 6 --screenshot " + png.string() +
                                " --panel-report " + report.string();
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

/// The Capture panel is open, inside the window, with text and colours drawn in it.
void ExpectCapturePanelDrawn(const WindowRun& run)
{
    const nlohmann::json& p = run.report["panels"]["Capture"];
    ASSERT_TRUE(p.is_object()) << run.report["panels"].dump();
    ASSERT_TRUE(p["open"].get<bool>());
    const int x0 = int(p["rect"][0].get<double>()), y0 = int(p["rect"][1].get<double>());
    const int x1 = x0 + int(p["rect"][2].get<double>()), y1 = y0 + int(p["rect"][3].get<double>());
    EXPECT_GE(x0, 0);
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

TEST(CaptureBrowserGui, OpensFiltersAndShowsTheChosenQuery)
{
    const std::string capture = WriteCapture();
    const WindowRun run = RunWindow(capture + " --capture-filter unexplained --capture-row 0", "chosen");
    const nlohmann::json& r = run.report;
    EXPECT_TRUE(r["imgui_errors"].empty()) << r["imgui_errors"].dump();
    EXPECT_EQ(r["error_popup"], "");
    ExpectCapturePanelDrawn(run);
    ASSERT_TRUE(r.contains("capture")) << r.dump();
    const nlohmann::json& c = r["capture"];
    EXPECT_FALSE(c["loading"].get<bool>());
    EXPECT_EQ(c["rows"], 4); // three answers and the bad line
    EXPECT_EQ(c["counts"]["agrees"], 2);
    EXPECT_EQ(c["counts"]["unexplained"], 1);
    EXPECT_EQ(c["counts"]["bad line"], 1);
    EXPECT_EQ(c["shown"], 1); // unexplained only
    EXPECT_EQ(c["chosen_line"], 3);
    ASSERT_GE(c["answers"].size(), 3u);
    EXPECT_EQ(c["answers"][0]["name"], "engine: answer");
    EXPECT_EQ(c["answers"][0]["answer"], "miss");
    EXPECT_EQ(c["answers"][1]["answer"], "hit, t in [2, 4]"); // slab, the reference
    EXPECT_EQ(c["answers"].back()["name"], "exact");
    // the chosen line's query is the scene now: its ray and box, named after the line
    EXPECT_EQ(r["shapes"], 2);
    EXPECT_EQ(r["scene_title"].get<std::string>().rfind("Line 3 of window.capture.jsonl", 0), 0u) << r["scene_title"];
}

TEST(CaptureBrowserGui, ACaptureDroppedOnALessonKeepsTheLesson)
{
    const std::string capture = WriteCapture();
    const std::string lesson = LessonDirectory() + "/ray-through-edge.json";
    const WindowRun run = RunWindow("\"" + lesson + "\" --drop " + capture, "dropped");
    const nlohmann::json& r = run.report;
    EXPECT_EQ(r["error_popup"], "");
    ASSERT_TRUE(r.contains("capture")) << r.dump();
    EXPECT_EQ(r["capture"]["rows"], 4);
    EXPECT_FALSE(r["capture"].contains("chosen_line"));
    EXPECT_EQ(r["shapes"], 3); // the lesson's, until a row is chosen
    EXPECT_EQ(r["scene_path"], lesson);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
