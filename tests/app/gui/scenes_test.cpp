// OpenScene (app/gui/scenes.h): the built-in scenes, and a scene file's error as the loader
// reports it, without a window.
#include "app/gui/panels/lessons.h"
#include "app/gui/scenes.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace hitlab {
namespace {

TEST(OpenScene, BuiltInScenesOpenWithoutALoader)
{
    IoError error;
    const std::optional<Scene> stress = OpenScene("stress", {}, error);
    ASSERT_TRUE(stress);
    EXPECT_EQ(stress->Shapes().size(), 1100u);
    EXPECT_EQ(error, IoError{});
}

TEST(OpenScene, AFileWithoutALoaderSaysWhichName)
{
    IoError error;
    EXPECT_FALSE(OpenScene("a.json", {}, error));
    EXPECT_EQ(error, (IoError{"a.json", "cannot open: scene files are not supported in this build (built-in "
                                        "scenes: demo, stress)"}));
}

TEST(OpenScene, ABrokenFileGivesTheFileAndTheKeyPath)
{
    const std::filesystem::path path = std::filesystem::temp_directory_path() / "hitlab_scenes_test_bad.json";
    {
        std::ofstream out(path);
        out << R"({"format": "hitlab-scene", "version": 1,
                  "shapes": [{"type": "sphere", "center": [0, 0, 0], "radius": -1}]})";
    }
    IoError error;
    EXPECT_FALSE(OpenScene(path.string(), SceneLoader(LoadSceneForGui), error));
    EXPECT_EQ(error.where.rfind(path.string(), 0), 0u) << error; // the file first
    EXPECT_NE(error.where.find("radius"), std::string::npos) << error;
    EXPECT_FALSE(error.what.empty());
    std::filesystem::remove(path);
}

} // namespace
} // namespace hitlab
