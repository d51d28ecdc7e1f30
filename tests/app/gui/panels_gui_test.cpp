// The panels on screen (needs a display: ctest runs it under xvfb-run, label gui). Opens every
// lesson scene in the real window with all panels for a few frames, saves a screenshot, and checks
// that ImGui reported no errors, that no error popup appeared, that each panel is where the
// first-start layout puts it, and that each panel's area of the screenshot has something drawn.
#include "app/gui/model/lessons.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <stb_image.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

/// Distinct colours in a rectangle of the image (a blank area has one or two).
int Colours(const unsigned char* rgba, int width, int x0, int y0, int x1, int y1)
{
    std::vector<std::uint32_t> seen;
    for (int y = y0; y < y1; y += 2) {
        for (int x = x0; x < x1; x += 2) {
            const unsigned char* p = rgba + (size_t(y) * size_t(width) + size_t(x)) * 4;
            const std::uint32_t c = (std::uint32_t(p[0]) << 16) | (std::uint32_t(p[1]) << 8) | p[2];
            if (std::find(seen.begin(), seen.end(), c) == seen.end()) {
                seen.push_back(c);
                if (seen.size() > 20) {
                    return int(seen.size());
                }
            }
        }
    }
    return int(seen.size());
}

TEST(PanelsGui, EveryLessonOpensWithAllPanelsWhereTheLayoutSays)
{
    const std::vector<LessonEntry> lessons = ListLessons(LessonDirectory());
    ASSERT_GE(lessons.size(), 10u);
    const fs::path dir = fs::temp_directory_path() / ("hitlab_panels_gui_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    for (const LessonEntry& lesson : lessons) {
        SCOPED_TRACE(lesson.path);
        const std::string stem = fs::path(lesson.path).stem().string();
        const fs::path png = dir / (stem + ".png"), report = dir / (stem + ".json");
        fs::remove(png);
        fs::remove(report);
        const std::string command = std::string(HITLAB_EXE) + " \"" + lesson.path + "\" --frames 6 --screenshot " +
                                    png.string() + " --panel-report " + report.string();
        ASSERT_EQ(std::system(command.c_str()), 0) << command;

        std::ifstream in(report);
        ASSERT_TRUE(in.good()) << report;
        const nlohmann::json r = nlohmann::json::parse(in);
        EXPECT_TRUE(r["imgui_errors"].empty()) << r["imgui_errors"].dump();
        EXPECT_EQ(r["error_popup"], "");
        EXPECT_EQ(r["scene_title"], lesson.title);
        // every lesson but the performance scene is in the course the window read (Next / Previous)
        EXPECT_EQ(r["course"]["error"], "");
        EXPECT_EQ(r["course"]["index"].get<int>() >= 0, stem != "stress") << r["course"].dump();
        EXPECT_EQ(r["display"][0], 1280.0);
        EXPECT_EQ(r["display"][1], 720.0);

        int width = 0, height = 0, channels = 0;
        unsigned char* image = stbi_load(png.string().c_str(), &width, &height, &channels, 4);
        ASSERT_NE(image, nullptr) << png;
        EXPECT_EQ(width, 1280);
        EXPECT_EQ(height, 720);
        for (const char* name : {"Scene", "Inspector", "Algorithms", "Results", "Query inspector"}) {
            SCOPED_TRACE(name);
            const nlohmann::json& p = r["panels"][name];
            ASSERT_TRUE(p["open"].get<bool>());
            for (int i = 0; i < 4; ++i) {
                EXPECT_NEAR(p["rect"][i].get<double>(), p["layout"][i].get<double>(), 1.0) << p.dump();
            }
            const int x0 = std::max(0, int(p["rect"][0].get<double>())),
                      y0 = std::max(0, int(p["rect"][1].get<double>()));
            const int x1 = std::min(width, x0 + int(p["rect"][2].get<double>()));
            const int y1 = std::min(height, y0 + int(p["rect"][3].get<double>()));
            EXPECT_GT(Colours(image, width, x0, y0, x1, y1), 3) << "the panel's area looks blank";
        }
        // the layout: Scene above Inspector on the left, Algorithms above Results on the right,
        // the Query inspector along the bottom
        const auto rect = [&](const char* name, int i) { return r["panels"][name]["rect"][i].get<double>(); };
        EXPECT_EQ(rect("Scene", 0), 0.0);
        EXPECT_LT(rect("Scene", 1), rect("Inspector", 1));
        EXPECT_EQ(rect("Algorithms", 0) + rect("Algorithms", 2), 1280.0);
        EXPECT_LT(rect("Algorithms", 1), rect("Results", 1));
        EXPECT_EQ(rect("Query inspector", 1) + rect("Query inspector", 3), 720.0);
        EXPECT_GE(rect("Query inspector", 1), rect("Results", 1) + rect("Results", 3) - 1.0);
        stbi_image_free(image);
    }
}

TEST(PanelsGui, BadSceneFileFailsWithTheLoadersMessage)
{
    const fs::path bad = fs::temp_directory_path() / ("hitlab_panels_bad.json_" + std::to_string(::getpid()));
    std::ofstream(bad) << "{\"format\": \"hitlab-scene\", \"version\": 1, \"shapes\": [";
    const std::string command = std::string(HITLAB_EXE) + " " + bad.string() + " --frames 2 2>/dev/null";
    EXPECT_NE(std::system(command.c_str()), 0);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
