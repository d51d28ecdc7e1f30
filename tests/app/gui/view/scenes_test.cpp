// OpenScene (app/gui/view/scenes.h): the built-in scenes, and a scene file's error as the loader
// reports it, without a window.
#include "app/gui/model/lessons.h"
#include "app/gui/view/scene_loading.h"
#include "app/gui/view/scenes.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

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
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("hitlab_scenes_test_bad.json_" + std::to_string(::getpid()));
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

/// A big scene (`count` unit boxes in a row, two per shape line) as scene-file text.
std::string BoxRow(int count)
{
    std::string text = R"({"format": "hitlab-scene", "version": 1, "shapes": [)";
    for (int i = 0; i < count; ++i) {
        text += (i > 0 ? ",\n" : "\n") + std::string(R"({"type": "aabb", "min": [)") + std::to_string(2 * i) +
                R"(, 0, 0], "max": [)" + std::to_string(2 * i + 1) + ", 1, 1]}";
    }
    return text + "\n]}";
}

TEST(SceneLoadJob, ReportsProgressAndGivesTheSameSceneAsLoadingOnTheSpot)
{
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("hitlab_scenes_test_big.json_" + std::to_string(::getpid()));
    const std::string text = BoxRow(8000); // about 470 KB: the JSON parse reports progress too
    ASSERT_GT(text.size(), std::size_t(256) << 10);
    std::ofstream(path) << text;
    SceneLoadJob job(path.string(), [&path](IoError& error, LoadProgress* progress) {
        return LoadSceneForGui(path.string(), error, progress);
    });
    EXPECT_EQ(job.Name(), path.string());
    ASSERT_TRUE(job.WaitFor(60.0));
    EXPECT_TRUE(job.Done());
    IoError error;
    const std::optional<Scene> scene = job.Take(error);
    ASSERT_TRUE(scene) << ErrorText(error);
    EXPECT_EQ(scene->Shapes().size(), 8000u);
    EXPECT_EQ(std::string(job.Stage()), "read");
    EXPECT_EQ(job.Fraction(), 1.0f);
    IoError directError;
    const std::optional<Scene> direct = LoadSceneForGui(path.string(), directError);
    ASSERT_TRUE(direct);
    EXPECT_TRUE(SameScene(*scene, *direct));
    std::filesystem::remove(path);
}

TEST(SceneLoadJob, CancelEndsALoadWithCancelled)
{
    std::atomic<bool> started{false};
    std::atomic<int> steps{0};
    SceneLoadJob job("slow.json", [&](IoError& error, LoadProgress* progress) -> std::optional<Scene> {
        started = true;
        while (!progress->cancel.load()) { // a load that would never end on its own
            ++steps;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        error = {"slow.json", "cancelled"};
        return std::nullopt;
    });
    EXPECT_FALSE(job.WaitFor(0.05));
    EXPECT_FALSE(job.Done());
    job.Cancel();
    ASSERT_TRUE(job.WaitFor(60.0));
    IoError error;
    EXPECT_FALSE(job.Take(error));
    EXPECT_EQ(error, (IoError{"slow.json", "cancelled"}));
    EXPECT_TRUE(started);
    EXPECT_GT(steps, 0);
}

TEST(SceneLoadJob, DestroyingARunningJobCancelsIt)
{
    std::atomic<bool> sawCancel{false};
    {
        SceneLoadJob job("slow.json", [&](IoError&, LoadProgress* progress) -> std::optional<Scene> {
            while (!progress->cancel.load()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
            sawCancel = true;
            return std::nullopt;
        });
        EXPECT_FALSE(job.WaitFor(0.02));
    } // the destructor cancels and waits: the test would hang here otherwise
    EXPECT_TRUE(sawCancel);
}

TEST(LimitSolidPairsForWindow, TooManyPairsOfSolidsAreTurnedOffWithAMessage)
{
    Scene scene;
    for (int i = 0; i < 1415; ++i) { // 1415 * 1414 / 2 = 1,000,405 pairs: just over the window's budget
        SceneShape box;
        box.shape = Aabb<double>{{2.0 * i, 0, 0}, {2.0 * i + 1, 1, 1}};
        scene.Add(std::move(box));
    }
    SceneShape ray;
    ray.shape = Ray<double>{{-1, 0.5, 0.5}, {1, 0, 0}};
    scene.Add(std::move(ray));
    ASSERT_TRUE(scene.SolidPairsEnabled());
    const std::string note = LimitSolidPairsForWindow(scene);
    EXPECT_FALSE(scene.SolidPairsEnabled());
    EXPECT_EQ(note, "This scene has 1000405 pairs of solids, more than the window evaluates (1000000): pairs of "
                    "solids are off, and the 1415 ray and segment casts are shown. `hitlab report` culls the pairs "
                    "by their bounds and reports the rest. Saving this scene writes \"solid_pairs\": false.");
    EXPECT_EQ(scene.Queries().size(), 1415u);
}

TEST(LimitSolidPairsForWindow, ASceneWithinTheBudgetIsLeftAlone)
{
    Scene scene;
    for (int i = 0; i < 1414; ++i) { // 999,691 pairs
        SceneShape box;
        box.shape = Aabb<double>{{2.0 * i, 0, 0}, {2.0 * i + 1, 1, 1}};
        scene.Add(std::move(box));
    }
    EXPECT_EQ(LimitSolidPairsForWindow(scene), "");
    EXPECT_TRUE(scene.SolidPairsEnabled());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
