// Tests of a scene's mesh files (docs/protocol.md, "Mesh files"): a mesh's "file" is read relative
// to the scene file, each file once; a bad or missing file is one error naming the shape's key and
// the file; saving writes the file name back while the mesh is unchanged and the triangles once it
// has moved; a query line cannot name a file.
#include "core/io/protocol.h"
#include "core/io/scene_file.h"
#include "support/temp_dir.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

const std::string kMeshes = std::string(HITLAB_TEST_DATA) + "/meshes/";

struct TempDir : test::TempDir {
    TempDir() : test::TempDir("hitlab_scene_mesh_") {}
};

std::string SceneWithMeshes(const std::string& shapes)
{
    return R"({"format": "hitlab-scene", "version": 1, "shapes": [)" + shapes + "]}";
}

TEST(SceneMeshFiles, AFileIsReadBesideTheSceneOnceAndKeptByName)
{
    TempDir dir;
    fs::create_directory(dir / "meshes");
    fs::copy_file(kMeshes + "cube.obj", dir / "meshes/cube.obj");
    test::WriteText(dir / "scene.json", SceneWithMeshes(R"({"type": "mesh", "file": "meshes/cube.obj", "id": 1},
                                       {"type": "mesh", "file": "meshes/cube.obj", "id": 2})"));
    const SceneLoad load = LoadSceneFile(dir / "scene.json");
    ASSERT_TRUE(load.Ok()) << ErrorText(load.error);
    const auto& shapes = load.scene->Shapes();
    ASSERT_EQ(shapes.size(), 2u);
    const auto& a = std::get<Mesh<double>>(shapes[0].shape);
    const auto& b = std::get<Mesh<double>>(shapes[1].shape);
    EXPECT_EQ(a.TriangleCount(), 12u); // six quads, two triangles each
    EXPECT_EQ(a.data->vertices.size(), 8u);
    EXPECT_EQ(a.data, b.data); // one read, shared
    EXPECT_EQ(a.data->file, "meshes/cube.obj");
    EXPECT_EQ(a.data->boundsMin, glm::dvec3(0, 0, 0));
    EXPECT_EQ(a.data->boundsMax, glm::dvec3(1, 1, 1));

    // unchanged: saved by name; moved: saved inline, and read back the same
    Scene scene = *load.scene;
    const nlohmann::ordered_json saved = SceneToJson(scene);
    EXPECT_EQ(saved["shapes"][0]["file"], "meshes/cube.obj");
    EXPECT_FALSE(saved["shapes"][0].contains("vertices"));
    const Shape moved = Translated(shapes[1].shape, glm::dvec3(2, 0, 0));
    const nlohmann::ordered_json inlined = ShapeToJson(moved, true);
    EXPECT_FALSE(inlined.contains("file"));
    ASSERT_EQ(inlined["vertices"].size(), 8u);
    EXPECT_EQ(inlined["triangles"].size(), 12u);
    const Parsed<Shape> back = ParseShape(nlohmann::json::parse(inlined.dump()), "shape");
    ASSERT_TRUE(back.Ok()) << ErrorText(back.error);
    EXPECT_EQ(std::get<Mesh<double>>(*back.value), std::get<Mesh<double>>(moved));
    EXPECT_EQ(std::get<Mesh<double>>(*back.value).data->boundsMin, glm::dvec3(2, 0, 0));
}

TEST(SceneMeshFiles, AMissingOrBadFileIsOneErrorNamingTheKeyAndTheFile)
{
    TempDir dir;
    test::WriteText(dir / "missing.json", SceneWithMeshes(R"({"type": "mesh", "file": "nowhere.ply"})"));
    const SceneLoad missing = LoadSceneFile(dir / "missing.json");
    ASSERT_FALSE(missing.Ok());
    const std::string text = ErrorText(missing.error);
    EXPECT_NE(text.find("shapes[0].file"), std::string::npos) << text;
    EXPECT_NE(text.find("nowhere.ply"), std::string::npos) << text;

    test::WriteText(dir / "bad.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 7\n");
    test::WriteText(dir / "bad.json", SceneWithMeshes(R"({"type": "mesh", "file": "bad.obj"})"));
    const SceneLoad bad = LoadSceneFile(dir / "bad.json");
    ASSERT_FALSE(bad.Ok());
    const std::string badText = ErrorText(bad.error);
    EXPECT_NE(badText.find("shapes[0].file"), std::string::npos) << badText;
    EXPECT_NE(badText.find("line 4"), std::string::npos) << badText;

    test::WriteText(dir / "both.json",
                    SceneWithMeshes(R"({"type": "mesh", "file": "bad.obj", "vertices": [], "triangles": []})"));
    EXPECT_NE(ErrorText(LoadSceneFile(dir / "both.json").error).find("not both"), std::string::npos);
}

TEST(SceneMeshFiles, SceneTextReadsAFileAsNamed)
{
    // an autosave's text: the absolute path a File > Open mesh is saved with
    const SceneLoad load =
        ParseScene(SceneWithMeshes(R"({"type": "mesh", "file": ")" + kMeshes + R"(cube.obj"})"), "autosave");
    ASSERT_TRUE(load.Ok()) << ErrorText(load.error);
    EXPECT_EQ(std::get<Mesh<double>>(load.scene->Shapes()[0].shape).TriangleCount(), 12u);
}

TEST(SceneMeshFiles, AQueryLineGivesItsMeshInline)
{
    const Parsed<Shape> p = ParseShape(nlohmann::json::parse(R"({"type": "mesh", "file": "cube.obj"})"), "b");
    ASSERT_FALSE(p.Ok());
    EXPECT_EQ(p.error.where, "b.file");
    EXPECT_NE(p.error.what.find("only in a scene file"), std::string::npos) << p.error.what;
}

TEST(SceneMeshFiles, InlineMeshErrorsNameTheIndex)
{
    auto error = [](const char* text) { return ErrorText(ParseShape(nlohmann::json::parse(text), "b").error); };
    EXPECT_EQ(error(R"({"type": "mesh", "vertices": [[0,0,0],[1,0,0],[0,1,0]], "triangles": [[0,1,3]]})"),
              "b.triangles[0][2]: index 3 is out of range (the mesh has 3 vertices, indices from 0)");
    EXPECT_EQ(error(R"({"type": "mesh", "vertices": [[0,0,0],[1,0,0],[0,1,0]], "triangles": [[0,1.5,2]]})"),
              "b.triangles[0][1]: must be an integer vertex index, got 1.5");
    EXPECT_EQ(error(R"({"type": "mesh", "vertices": [[0,0,0],[1,0,0],[0,1,0]], "triangles": [[0,1]]})"),
              "b.triangles[0]: expected 3 vertex indices, got an array of 2 elements");
    EXPECT_EQ(error(R"({"type": "mesh", "vertices": [[0,0,0],[1,0]], "triangles": []})"),
              "b.vertices[1]: expected an array of 3 numbers, got 2 elements");
    EXPECT_EQ(error(R"({"type": "mesh", "vertices": [[0,0,0]], "triangles": [[0,0,-1]]})"),
              "b.triangles[0][2]: index -1 is out of range (the mesh has 1 vertex, indices from 0)");
    EXPECT_EQ(error(R"({"type": "triangle", "vertices": [[0,0,0],[1,0,0]]})"), "b.vertices: expected 3 points, got 2");
    // degenerate triangles are valid
    EXPECT_TRUE(
        ParseShape(nlohmann::json::parse(R"({"type": "triangle", "vertices": [[0,0,0],[1,1,1],[2,2,2]]})"), "b").Ok());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
