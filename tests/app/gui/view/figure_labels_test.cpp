// The SVG figure of every lesson (`hitlab render LESSON -o fig.svg`, RenderSvgFigure, no GL): every
// label's box lies inside the figure's frame, and no two labels' boxes overlap (issue 27).
#include "app/gui/view/figure.h"

#include "core/io/scene_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

struct Box {
    double x, y, w, h;
    std::string text;
};

/// The label boxes of an SVG figure (SvgSink::Label: a rect with rx 3, then its text).
std::vector<Box> LabelBoxes(const std::string& svg)
{
    const std::string number = "([-0-9.e]+)";
    static const std::regex label("<g><rect x=\"" + number + "\" y=\"" + number + "\" width=\"" + number +
                                  "\" height=\"" + number + "\" rx=\"3\"[^>]*/><text[^>]*>([^<]*)</text></g>");
    std::vector<Box> out;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), label); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        out.push_back({std::stod(m[1]), std::stod(m[2]), std::stod(m[3]), std::stod(m[4]), m[5]});
    }
    return out;
}

TEST(FigureLabels, EveryLessonsLabelsLieInsideTheFigureAndApart)
{
    const fs::path lessons = fs::path(HITLAB_TEST_DATA) / ".." / ".." / "assets" / "scenes";
    size_t labels = 0;
    for (const auto& entry : fs::directory_iterator(lessons)) {
        const std::string name = entry.path().filename().string();
        if (entry.path().extension() != ".json" || name == "stress.json") {
            continue;
        }
        const SceneLoad load = LoadSceneFile(entry.path().string());
        ASSERT_TRUE(load.Ok()) << name;
        const glm::dvec2 size(1280.0, 720.0);
        const Camera camera = CameraFromState(load.scene->camera, size);
        const std::string svg = RenderSvgFigure(*load.scene, camera, 0, FigureChoice{});
        const std::vector<Box> boxes = LabelBoxes(svg);
        for (size_t i = 0; i < boxes.size(); ++i) {
            const Box& b = boxes[i];
            EXPECT_TRUE(b.x >= 0.0 && b.y >= 0.0 && b.x + b.w <= size.x && b.y + b.h <= size.y)
                << name << ": \"" << b.text << "\" at " << b.x << ", " << b.y << " (" << b.w << " x " << b.h << ")";
            for (size_t j = 0; j < i; ++j) {
                const Box& o = boxes[j];
                // LabelLayout places boxes 18.49 high from the same corner as these 17 high ones:
                // drawn boxes apart by a rounding of their coordinates at least
                const bool apart = b.x + b.w <= o.x + 1.0 || o.x + o.w <= b.x + 1.0 || b.y + b.h <= o.y + 1.0 ||
                                   o.y + o.h <= b.y + 1.0;
                EXPECT_TRUE(apart) << name << ": \"" << b.text << "\" over \"" << o.text << "\"";
            }
        }
        labels += boxes.size();
    }
    EXPECT_GE(labels, 100u);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
