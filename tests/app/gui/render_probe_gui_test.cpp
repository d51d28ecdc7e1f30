// Pixel probes on rendered frames (needs a display: run under xvfb-run, label gui). A ray hits a
// box: the pixel at the projected entry point has the hit marker's colour, a pixel inside the
// box's silhouette has the box's colour, a pixel away from everything the background's. The entry
// point comes from core's evaluation, as the viewport draws it. Also runs `hitlab render` itself.
#include "app/gui/gui.h"

#include "render/scene_draw.h"
#include "render/still_layer.h"

#include "core/scene_eval.h"

#include "support/pixels.h"

#include <gtest/gtest.h>
#include <stb_image.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace hitlab {
namespace HITLAB_UNITY_ID {

constexpr int kWidth = 640, kHeight = 400;
const glm::vec4 kBoxColor{0.3f, 0.5f, 1.0f, 1.0f};

Scene RayHitsBox()
{
    Scene scene;
    SceneShape box;
    box.name = "box";
    box.color = kBoxColor;
    box.shape = Aabb<double>{{0, 0, 0}, {1, 1, 1}};
    scene.Add(box);
    SceneShape ray;
    ray.name = "ray";
    ray.color = {1.0f, 0.75f, 0.2f, 1.0f};
    ray.shape = Ray<double>{{-2.5, 0.5, 0.5}, {1, 0, 0}};
    scene.Add(ray);
    scene.camera.target = {0.0, 0.5, 0.5};
    scene.camera.distance = 6.0;
    return scene;
}

int Byte(float c) { return int(c * 255.0f + 0.5f); }

glm::dvec2 Project(const Camera& c, glm::dvec3 p) { return glm::dvec2(*WorldToScreen(c, p)); }

void Probe(const std::string& view)
{
    SCOPED_TRACE("view " + view);
    const Scene scene = RayHitsBox();
    const std::optional<Camera> camera = CameraForView(scene, view, {kWidth, kHeight});
    ASSERT_TRUE(camera.has_value());
    SceneEvaluator evaluator;
    evaluator.Evaluate(scene);
    ASSERT_EQ(evaluator.Queries().size(), 1u);
    const Result hit = DrawnResult(scene, evaluator.Queries()[0]);
    ASSERT_TRUE(hit.hit);

    std::string error;
    const auto image = RenderScene(scene, *camera, kWidth, kHeight, 1, 0, error);
    ASSERT_TRUE(image.has_value()) << error;
    ASSERT_EQ(image->rgba.size(), size_t(kWidth) * kHeight * 4);

    // the hit marker: a white disc at the entry point
    const Rgb marker = PixelAt(*image, Project(*camera, hit.point));
    EXPECT_GE(marker.r, 225);
    EXPECT_GE(marker.g, 225);
    EXPECT_GE(marker.b, 225);

    // inside the box's silhouette, away from the ray: the translucent blue over the background
    const glm::dvec3 inBox = view == "2d" ? glm::dvec3(0.5, 0.85, 1.0) : glm::dvec3(0.5, 1.0, 0.5);
    const Rgb box = PixelAt(*image, Project(*camera, inBox));
    const glm::vec4 bg = palette::kBackground;
    EXPECT_GT(box.b, Byte(bg.z) + 25) << box.r << "," << box.g << "," << box.b;
    EXPECT_GT(box.b, box.r + 20);
    EXPECT_GT(box.b, box.g + 10);

    // on the ray, between its origin and the box: the ray's colour (255, 191, 51), drawn by the
    // line program without fade (its alpha falls from 1 to 0.35 only towards the far plane)
    const Rgb line = PixelAt(*image, Project(*camera, glm::dvec3(-1.2, 0.5, 0.5)));
    EXPECT_GE(line.r, 225) << line.r << "," << line.g << "," << line.b;
    EXPECT_NEAR(line.g, 185, 15);
    EXPECT_LE(line.b, 70);

    // between grid lines, away from every shape: the background
    const glm::dvec3 empty = view == "2d" ? glm::dvec3(-1.5, -1.5, 0.0) : glm::dvec3(-1.5, 0.0, 2.5);
    const Rgb back = PixelAt(*image, Project(*camera, empty));
    EXPECT_NEAR(back.r, Byte(bg.x), 6);
    EXPECT_NEAR(back.g, Byte(bg.y), 6);
    EXPECT_NEAR(back.b, Byte(bg.z), 6);
}

TEST(RenderProbe, PerspectiveView) { Probe("persp"); }
TEST(RenderProbe, TwoDimensionalView) { Probe("2d"); }

TEST(RenderProbe, HitlabRenderWritesThePng)
{
    const std::filesystem::path out = std::filesystem::temp_directory_path() / "hitlab_render_probe_demo.png";
    std::filesystem::remove(out);
    const std::string command =
        std::string(HITLAB_EXE) + " render demo -o " + out.string() + " --size 320x200 --view top";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    int w = 0, h = 0, n = 0;
    unsigned char* pixels = stbi_load(out.string().c_str(), &w, &h, &n, 4);
    ASSERT_NE(pixels, nullptr);
    EXPECT_EQ(w, 320);
    EXPECT_EQ(h, 200);
    // not a blank frame: many pixels differ from the background
    int drawn = 0;
    for (int i = 0; i < w * h; ++i) {
        drawn += std::abs(int(pixels[i * 4 + 2]) - Byte(palette::kBackground.z)) > 30 ? 1 : 0;
    }
    stbi_image_free(pixels);
    EXPECT_GT(drawn, 500);
}

/// Pixels of a PNG within 12 of a colour in each channel.
int CountColour(const std::filesystem::path& png, const glm::vec4& colour)
{
    int w = 0, h = 0, n = 0;
    unsigned char* pixels = stbi_load(png.string().c_str(), &w, &h, &n, 4);
    if (pixels == nullptr) {
        return -1;
    }
    int count = 0;
    for (int i = 0; i < w * h; ++i) {
        bool near = true;
        for (int c = 0; c < 3; ++c) {
            near = near && std::abs(int(pixels[i * 4 + c]) - Byte(colour[c])) <= 12;
        }
        count += near ? 1 : 0;
    }
    stbi_image_free(pixels);
    return count;
}

TEST(RenderProbe, CleanLeavesOutTheSelectionAndTheStatus)
{
    // the ray (id 2) selected: drawn in the selection's orange with its handles and move arrows;
    // --clean draws it in its own colour (#ffbf33), and no status box in the top-left corner
    const std::filesystem::path dir = std::filesystem::temp_directory_path();
    const std::filesystem::path selected = dir / "hitlab_render_selected.png", clean = dir / "hitlab_render_clean.png";
    const std::string base = std::string(HITLAB_EXE) + " render slab-2d-hit --view 2d --select 2 --size 640x360 -o ";
    ASSERT_EQ(std::system((base + selected.string()).c_str()), 0);
    ASSERT_EQ(std::system((base + clean.string() + " --clean").c_str()), 0);
    EXPECT_GT(CountColour(selected, palette::kSelected), 200);
    EXPECT_EQ(CountColour(clean, palette::kSelected), 0);
    EXPECT_GT(CountColour(clean, {1.0f, 0.75f, 0.2f, 1.0f}), 100); // the ray, in its own colour
    // the status box's text: bright pixels in the top-left corner, where the clean figure has none
    auto text = [](const std::filesystem::path& png) {
        int w = 0, h = 0, n = 0;
        unsigned char* pixels = stbi_load(png.string().c_str(), &w, &h, &n, 4);
        int bright = 0;
        for (int y = 15; y < 30 && pixels != nullptr; ++y) {
            for (int x = 15; x < 200; ++x) {
                bright += pixels[(y * w + x) * 4] > 200 && pixels[(y * w + x) * 4 + 2] > 200 ? 1 : 0;
            }
        }
        stbi_image_free(pixels);
        return bright;
    };
    EXPECT_GT(text(selected), 50);
    EXPECT_EQ(text(clean), 0);
}

TEST(RenderProbe, BadArgumentsFailCleanly)
{
    const std::string command = std::string(HITLAB_EXE) + " render nosuchscene.json -o /dev/null 2>/dev/null";
    EXPECT_NE(std::system(command.c_str()), 0);
}

/// Rows of unit boxes on the z = 0 plane, 2 apart, and a ray along the first row.
Scene BoxField(int boxes)
{
    Scene scene;
    for (int i = 0; i < boxes; ++i) {
        SceneShape box;
        box.name = "box " + std::to_string(i + 1);
        box.color = kBoxColor;
        const double x = 2.0 * (i % 50), y = 2.0 * (i / 50);
        box.shape = Aabb<double>{{x, y, 0}, {x + 1, y + 1, 1}};
        scene.Add(box);
    }
    SceneShape ray;
    ray.name = "ray";
    ray.color = {1.0f, 0.75f, 0.2f, 1.0f};
    ray.shape = Ray<double>{{-3, 0.5, 0.5}, {1, 0, 0}};
    scene.Add(ray);
    return scene;
}

// A scene of kStillLayerShapes shapes draws its grid and unselected shapes once into the still
// layer and copies them into each frame; one shape fewer draws everything each frame. The same
// picture either way: 1,998 boxes and a ray, and for the cached one a 1,999th box, hidden (drawn
// nowhere), to reach the threshold. Frames 1 and 3: the cache drawn, then copied as it was.
TEST(RenderProbe, TheStillLayerDrawsWhatAFullRedrawDraws)
{
    static_assert(kStillLayerShapes == 2000);
    const Scene direct = BoxField(1998);
    Scene cached = direct;
    SceneShape hidden;
    hidden.name = "hidden";
    hidden.visible = false;
    hidden.shape = Aabb<double>{{-10, -10, -10}, {-9, -9, -9}}; // behind the ray: no result drawn
    cached.Add(hidden);
    ASSERT_EQ(direct.Shapes().size() + 1, kStillLayerShapes);
    const std::optional<Camera> camera = CameraForView(direct, "persp", {kWidth, kHeight});
    ASSERT_TRUE(camera.has_value());
    FigureChoice clean;
    clean.clean = true;
    std::string error;
    const auto reference = RenderScene(direct, *camera, kWidth, kHeight, 1, 0, error, clean);
    ASSERT_TRUE(reference.has_value()) << error;
    for (const int frames : {1, 3}) {
        SCOPED_TRACE("frames " + std::to_string(frames));
        const auto image = RenderScene(cached, *camera, kWidth, kHeight, frames, 0, error, clean);
        ASSERT_TRUE(image.has_value()) << error;
        ASSERT_EQ(image->rgba.size(), reference->rgba.size());
        std::size_t differ = 0;
        for (std::size_t i = 0; i < image->rgba.size(); i += 4) {
            for (std::size_t c = 0; c < 3; ++c) {
                if (image->rgba[i + c] != reference->rgba[i + c]) {
                    ++differ;
                    break;
                }
            }
        }
        EXPECT_EQ(differ, 0u) << "pixels that differ from the full redraw";
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
