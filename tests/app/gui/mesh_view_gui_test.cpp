// Meshes and triangle lessons in the window (needs a display: run under xvfb-run, label gui). A
// mesh seen from its front is drawn in its colour, flat shaded; the same mesh wound the other way
// shows its back face, tinted violet (render/mesh_renderer.h). The crack lesson opens in the
// window and marks the exact hit the drawn algorithm misses; a dropped OBJ file joins the scene.
#include "app/gui/gui.h"
#include "app/gui/view/scenes.h"

#include "render/scene_draw.h"

#include "support/pixels.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <stb_image.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace hitlab {
namespace HITLAB_UNITY_ID {

constexpr int kWidth = 480, kHeight = 360;

/// A square [-1, 1] x [-1, 1] in the plane y = 0 as two triangles, its winding normal +y
/// (facing a camera above it) or, flipped, -y.
Scene Sheet(bool flipped)
{
    std::vector<std::array<std::uint32_t, 3>> triangles = {{0, 2, 1}, {0, 3, 2}}; // (1,0,0)x... : +y
    if (flipped) {
        for (auto& t : triangles) {
            std::swap(t[1], t[2]);
        }
    }
    Scene scene;
    SceneShape sheet;
    sheet.name = "sheet";
    sheet.color = {0.3f, 0.5f, 1.0f, 1.0f};
    sheet.shape = Mesh<double>{MakeMeshData(
        {glm::dvec3(-1, 0, -1), glm::dvec3(1, 0, -1), glm::dvec3(1, 0, 1), glm::dvec3(-1, 0, 1)}, triangles)};
    scene.Add(sheet);
    return scene;
}

Rgb CentrePixel(bool flipped)
{
    const Scene scene = Sheet(flipped);
    const std::optional<Camera> camera = CameraForView(scene, "top", {kWidth, kHeight});
    EXPECT_TRUE(camera.has_value());
    std::string error;
    const auto image = RenderScene(scene, *camera, kWidth, kHeight, 1, 0, error);
    EXPECT_TRUE(image.has_value()) << error;
    if (!image) {
        return {};
    }
    // a quarter of the way in from the centre (away from the grid's axes through the origin)
    return PixelAt(*image, glm::dvec2(*WorldToScreen(*camera, glm::dvec3(0.45, 0.0, 0.55))));
}

TEST(MeshView, FrontFaceInItsColourBackFaceTintedViolet)
{
    const Rgb front = CentrePixel(false);
    const Rgb back = CentrePixel(true);
    // front: the blue (0.3, 0.5, 1) shaded and blended at 0.7 over the background: about (57, 90, 172)
    EXPECT_GT(front.b, 140) << front.r << "," << front.g << "," << front.b;
    EXPECT_GT(front.g, front.r + 15);
    // back: darker, mixed with violet (0.55, 0.3, 0.75): about (65, 57, 118), red above green
    EXPECT_LT(back.b + 30, front.b) << back.r << "," << back.g << "," << back.b;
    EXPECT_GT(back.r, back.g);
}

TEST(MeshView, CrackLessonMarksTheExactHitTheDrawnAlgorithmMisses)
{
    const std::filesystem::path out = std::filesystem::temp_directory_path() / "hitlab_mesh_view_crack.png";
    std::filesystem::remove(out);
    const std::string command = std::string(HITLAB_EXE) + " " + HITLAB_EXAMPLES +
                                "/../../assets/scenes/triangle-crack.json --frames 3 " + "--screenshot " + out.string();
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    int w = 0, h = 0, n = 0;
    unsigned char* pixels = stbi_load(out.string().c_str(), &w, &h, &n, 4);
    ASSERT_NE(pixels, nullptr);
    // the diamond and the disagreement ring in palette::kDisagree (255, 77, 217)
    int magenta = 0;
    for (int i = 0; i < w * h; ++i) {
        magenta += pixels[i * 4] > 230 && pixels[i * 4 + 1] < 110 && pixels[i * 4 + 2] > 190 ? 1 : 0;
    }
    stbi_image_free(pixels);
    EXPECT_GT(magenta, 40);
}

TEST(MeshView, DroppedMeshFileJoinsTheSceneAsAReferenceToTheFile)
{
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "hitlab_mesh_view_drop";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "quad.obj") << "v 0 0 0\nv 2 0 0\nv 2 2 0\nv 0 2 0\nf 1 2 3 4\n";
    std::ofstream(dir / "one.json") << R"({"format": "hitlab-scene", "version": 1, "shapes": [
        {"id": 1, "type": "sphere", "center": [5, 0, 0], "radius": 1}]})";
    const std::filesystem::path saved = dir / "saved.json";
    std::filesystem::remove(saved);
    const std::string command = std::string(HITLAB_EXE) + " " + (dir / "one.json").string() + " --frames 3 --drop " +
                                (dir / "quad.obj").string() + " --save-on-exit " + saved.string();
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    std::ifstream in(saved);
    const nlohmann::json scene = nlohmann::json::parse(in);
    ASSERT_EQ(scene["shapes"].size(), 2u); // the sphere stays, the quad (two triangles) joins it
    const nlohmann::json& mesh = scene["shapes"][1];
    EXPECT_EQ(mesh["type"], "mesh");
    EXPECT_EQ(mesh["name"], "quad 1");
    EXPECT_EQ(mesh["file"], std::filesystem::absolute(dir / "quad.obj").string());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
