// Tests of core/io/scene_file.h: every bad file gives one clear message (the file name, the line
// and column of broken JSON, the path to a bad value), a newer version is refused, unknown keys
// become warnings, degenerate shapes load and evaluate, and saving is atomic (a failed save
// leaves the old file intact and says why).
#include "core/io/scene_file.h"
#include "core/scene_eval.h"
#include "support/temp_dir.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

/// A scene file's text with the format header and the given members after it.
std::string Scene1(const std::string& members)
{
    return R"({"format": "hitlab-scene", "version": 1)" + (members.empty() ? std::string() : ", " + members) + "}";
}

std::string ErrorOf(const std::string& text)
{
    const SceneLoad load = ParseScene(text, "lesson.json");
    EXPECT_FALSE(load.Ok()) << text;
    EXPECT_TRUE(load.warnings.empty());
    EXPECT_EQ(ErrorText(load.error).find('\n'), std::string::npos) << "one line: " << load.error;
    return ErrorText(load.error);
}

/// A fresh folder for one test, removed at its end.
struct TempDir : test::TempDir {
    TempDir() : test::TempDir("hitlab_scene_file_") {}
};

TEST(SceneFileErrors, NegativeRadiusNamesThePathAndTheValue)
{
    const std::string shapes = R"("shapes": [
        {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]},
        {"type": "ray", "origin": [0, 0, 0], "direction": [1, 0, 0]},
        {"type": "segment", "start": [0, 0, 0], "end": [1, 0, 0]},
        {"type": "sphere", "center": [0, 0, 0], "radius": -1}])";
    EXPECT_EQ(ErrorOf(Scene1(shapes)), "lesson.json: shapes[3].radius: must be >= 0, got -1");
}

TEST(SceneFileErrors, BrokenJsonNamesTheFileTheLineAndTheColumn)
{
    const std::string text =
        "{\n  \"format\": \"hitlab-scene\",\n  \"version\": 1,\n  \"shapes\": [\n    {\"type\": \"ray\",, }\n  ]\n}\n";
    const std::string e = ErrorOf(text);
    EXPECT_EQ(e.rfind("lesson.json: line 5, column 20: broken JSON", 0), 0u) << e;
}

TEST(SceneFileErrors, UnterminatedStringQuotesOnlyTheEndOfWhatWasRead)
{
    const std::string text = Scene1(R"("description": ")" + std::string(5000, 'x'));
    const std::string e = ErrorOf(text);
    EXPECT_EQ(e.rfind("lesson.json: line 1, column ", 0), 0u) << e;
    EXPECT_LT(e.size(), 300u) << e;
}

TEST(SceneFileErrors, WrongTypesNameThePathAndTheExpectedType)
{
    EXPECT_EQ(ErrorOf(Scene1(R"("title": 5)")), "lesson.json: title: expected a string, got a number");
    EXPECT_EQ(ErrorOf(Scene1(R"("shapes": {})")),
              "lesson.json: shapes: expected an array of shape objects, got an object");
    EXPECT_EQ(ErrorOf(Scene1(R"("shapes": [{"type": "sphere", "center": [0, 0, 0], "radius": 1, "visible": "yes"}])")),
              "lesson.json: shapes[0].visible: expected true or false, got a string");
    EXPECT_EQ(ErrorOf(Scene1(R"("shapes": [{"type": "ray", "origin": [0, "NaN", 0], "direction": [1, 0, 0]}])")),
              "lesson.json: shapes[0].origin[1]: expected a number, got string \"NaN\"");
    EXPECT_EQ(ErrorOf(Scene1(R"("shapes": [{"type": "cone"}])")),
              "lesson.json: shapes[0].type: unknown shape type \"cone\" (expected one of ray, segment, plane, aabb, "
              "sphere, obb, point, triangle, mesh, convex)");
    EXPECT_EQ(ErrorOf(Scene1(R"("shapes": [{"type": "point", "position": [1, 2, "NaN"]}])")),
              "lesson.json: shapes[0].position[2]: expected a number, got string \"NaN\"");
    EXPECT_EQ(ErrorOf(Scene1(R"("shapes": [{"type": "point", "center": [1, 2, 3]}])")),
              "lesson.json: shapes[0].position: missing (a point needs \"position\")");
    EXPECT_EQ(ErrorOf(Scene1(R"("camera": {"target": [0, 0]})")),
              "lesson.json: camera.target: expected an array of 3 numbers");
    EXPECT_EQ(ErrorOf(Scene1(R"("queries": {"solid_pairs": "no"})")),
              "lesson.json: queries.solid_pairs: expected true or false, got a string");
    EXPECT_EQ(ErrorOf("[1, 2]"), "lesson.json: expected a JSON object at the top, got an array");
}

TEST(SceneFileErrors, InvalidGeometryIsRejectedWithThePath)
{
    EXPECT_EQ(ErrorOf(Scene1(R"("shapes": [{"type": "aabb", "min": [0, 2, 0], "max": [1, 1, 1]}])")),
              "lesson.json: shapes[0].min[1]: must be <= max[1], got 2 > 1");
    EXPECT_EQ(ErrorOf(Scene1(R"("shapes": [{"type": "ray", "origin": [0, 0, 0], "direction": [0, 0, 0]}])")),
              "lesson.json: shapes[0].direction: must be nonzero, got [0, 0, 0]");
    EXPECT_EQ(
        ErrorOf(Scene1(
            R"("shapes": [{"type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, -1], "axes": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}])")),
        "lesson.json: shapes[0].half_extents[2]: must be >= 0, got -1");
    EXPECT_NE(
        ErrorOf(
            Scene1(
                R"("shapes": [{"type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1], "axes": [[1, 0, 0], [1, 0, 0], [0, 0, 1]]}])"))
            .find("shapes[0].axes: must be orthonormal"),
        std::string::npos);
    // infinity cannot be written in JSON; a number too large for a double is its closest spelling
    EXPECT_EQ(ErrorOf("{\"format\": \"hitlab-scene\", \"version\": 1,\n\"shapes\": [{\"type\": \"sphere\", \"center\": "
                      "[0, 0, 1e400], \"radius\": 1}]}"),
              "lesson.json: line 2, column 48: a number is too large for a double (every number must be finite)");
}

TEST(SceneFileErrors, BadSettingsNameThePath)
{
    EXPECT_EQ(ErrorOf(Scene1(R"("queries": {"families": {"ray_cone": {}}})")),
              "lesson.json: queries.families.ray_cone: unknown family \"ray_cone\"");
    EXPECT_EQ(ErrorOf(Scene1(R"("queries": {"families": {"ray_sphere": {"algorithms": ["quadratic", "nope"]}}})")),
              "lesson.json: queries.families.ray_sphere.algorithms[1]: unknown algorithm \"nope\" (expected one of "
              "quadratic_stable, quadratic, geometric, glm, gjk_raycast)");
    EXPECT_EQ(
        ErrorOf(Scene1(R"("queries": {"families": {"ray_aabb": {"algorithms": ["slab"], "draw": "face_planes"}}})")),
        "lesson.json: queries.families.ray_aabb.draw: the drawn algorithm must be one of the enabled algorithms");
    EXPECT_EQ(ErrorOf(Scene1(R"("queries": {"families": {"ray_aabb": {"precision": "half"}}})")),
              "lesson.json: queries.families.ray_aabb.precision: expected \"float\" or \"double\"");
    EXPECT_EQ(ErrorOf(Scene1(R"("queries": {"disabled_pairs": [[1, 2]]})")),
              "lesson.json: queries.disabled_pairs[0]: names a shape id that is not in the scene");
    EXPECT_EQ(
        ErrorOf(Scene1(
            R"("shapes": [{"id": 3, "type": "sphere", "center": [0, 0, 0], "radius": 1}, {"id": 3, "type": "sphere", "center": [0, 0, 0], "radius": 1}])")),
        "lesson.json: shapes[1].id: id 3 is used by an earlier shape");
    EXPECT_EQ(ErrorOf(Scene1(R"("camera": {"distance": 0})")), "lesson.json: camera.distance: must be > 0");
    EXPECT_EQ(ErrorOf(Scene1(R"("camera": {"view": "4d"})")),
              "lesson.json: camera.view: expected \"3d\" or \"2d\", got \"4d\"");
}

TEST(SceneFileErrors, FormatAndVersion)
{
    EXPECT_EQ(ErrorOf(R"({"format": "hitlab-scene", "version": 2})"),
              "lesson.json: version 2 is newer than this build of HitLab reads (version 1): update HitLab to open it");
    EXPECT_NE(ErrorOf(R"({"format": "hitlab-scene", "version": 18446744073709551615})").find("is newer"),
              std::string::npos);
    EXPECT_EQ(ErrorOf(R"({"format": "hitlab-scene", "version": 0})"), "lesson.json: version: must be >= 1");
    EXPECT_EQ(ErrorOf(R"({"format": "hitlab-scene", "version": -3})"), "lesson.json: version: must be >= 1");
    EXPECT_EQ(ErrorOf(R"({"format": "hitlab-scene", "version": "1"})"),
              "lesson.json: version: expected a whole number");
    EXPECT_EQ(ErrorOf(R"({"version": 1})"),
              "lesson.json: format: expected \"hitlab-scene\" (is this a HitLab scene file?)");
}

TEST(SceneFileErrors, DeepNestingIsRefusedBeforeParsing)
{
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    const std::string e = ErrorOf(Scene1(R"("x": )" + deep));
    EXPECT_NE(e.find("nest deeper than 128 levels"), std::string::npos) << e;
    // brackets inside strings do not count
    const SceneLoad load = ParseScene(Scene1(R"("title": ")" + std::string(500, '[') + R"(\"")"), "s.json");
    EXPECT_TRUE(load.Ok()) << load.error;
}

TEST(SceneFileErrors, EmptyMissingDirectoryAndUnreadableFiles)
{
    TempDir dir;
    test::WriteText(dir / "empty.json", "");
    test::WriteText(dir / "blank.json", " \n\t\n");
    EXPECT_EQ(ErrorText(LoadSceneFile(dir / "empty.json").error),
              dir / "empty.json" + ": the file is empty (expected a JSON scene object)");
    EXPECT_EQ(ErrorText(LoadSceneFile(dir / "blank.json").error),
              dir / "blank.json" + ": the file is empty (expected a JSON scene object)");
    EXPECT_EQ(ErrorText(LoadSceneFile(dir / "missing.json").error),
              dir / "missing.json" + ": cannot open: No such file or directory");
    fs::create_directory(dir / "folder.json");
    EXPECT_EQ(ErrorText(LoadSceneFile(dir / "folder.json").error),
              dir / "folder.json" + ": is a directory, not a scene file");

    test::WriteText(dir / "locked.json", Scene1(""));
    ::chmod((dir / "locked.json").c_str(), 0);
    if (::geteuid() == 0) {
        // root reads a mode-000 file anyway: the unreadable case cannot be produced here
        EXPECT_TRUE(LoadSceneFile(dir / "locked.json").Ok());
        GTEST_SKIP()
            << "running as root: a mode-000 file is still readable, so the unreadable-file message is not tested";
    }
    const SceneLoad locked = LoadSceneFile(dir / "locked.json");
    EXPECT_FALSE(locked.Ok());
    EXPECT_EQ(ErrorText(locked.error).rfind(dir / "locked.json" + ": cannot read: ", 0), 0u) << locked.error;
}

TEST(SceneFileWarnings, UnknownKeysAreReportedNotDropped)
{
    const SceneLoad load = ParseScene(Scene1(R"("colour": 1,
        "shapes": [{"type": "sphere", "center": [0, 0, 0], "radius": 1, "foo": 2}],
        "camera": {"zoom": 1}, "queries": {"x": 1, "families": {"ray_aabb": {"y": 2}}})"),
                                      "w.json");
    ASSERT_TRUE(load.Ok()) << load.error;
    ASSERT_EQ(load.warnings.size(), 5u);
    const std::string all = load.warnings[0] + "|" + load.warnings[1] + "|" + load.warnings[2] + "|" +
                            load.warnings[3] + "|" + load.warnings[4];
    for (const char* path : {"colour: unknown key", "shapes[0].foo: unknown key", "camera.zoom: unknown key",
                             "queries.x: unknown key", "queries.families.ray_aabb.y: unknown key"}) {
        EXPECT_NE(all.find(path), std::string::npos) << path << " in " << all;
    }
    EXPECT_EQ(load.scene->Shapes().size(), 1u);
}

TEST(SceneFileShapes, DegenerateShapesLoadAndEvaluateWithDefinedResults)
{
    const SceneLoad load = ParseScene(Scene1(R"("shapes": [
        {"name": "flat box", "type": "aabb", "min": [0, 0, 0], "max": [1, 0, 1]},
        {"name": "point sphere", "type": "sphere", "center": [0.5, 0, 0.5], "radius": 0},
        {"name": "point segment", "type": "segment", "start": [0.5, 0, 0.5], "end": [0.5, 0, 0.5]},
        {"name": "ray", "type": "ray", "origin": [0.5, 1, 0.5], "direction": [0, -1, 0]}])"),
                                      "d.json");
    ASSERT_TRUE(load.Ok()) << load.error;
    SceneEvaluator evaluation;
    EXPECT_EQ(evaluation.Evaluate(*load.scene), 4u); // sphere-box, segment-box, ray-box, ray-sphere
    for (const QueryEvaluation& qe : evaluation.Queries()) {
        const Result r = qe.Reference();
        EXPECT_TRUE(r.hit) << FamilyName(qe.query.family);
        EXPECT_FALSE(std::isnan(r.tEnter) || std::isnan(r.tExit) || std::isnan(r.depth)) << FamilyName(qe.query.family);
    }
}

TEST(SceneFileRoundTrip, EverythingAFileStoresSurvives)
{
    const SceneLoad load = ParseScene(Scene1(R"("title": "t", "description": "*d*",
        "shapes": [
          {"id": 7, "name": "b", "color": [0.2, 0.4, 0.6, 0.5], "visible": false, "type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]},
          {"id": 3, "name": "o", "color": "#ff8000", "type": "obb", "center": [0, 0, 0], "half_extents": [1, 2, 3], "rotation_deg": [10, 20, 30]},
          {"type": "plane", "normal": [0, 2, 0], "distance": -1},
          {"type": "ray", "origin": [0, 0, 0], "direction": [1, -0.0, 0]}],
        "queries": {"solid_pairs": false, "disabled_pairs": [[3, 7]],
                    "families": {"ray_aabb": {"algorithms": ["slab", "face_planes"], "draw": "face_planes", "precision": "double"}}},
        "camera": {"target": [1, 2, 3], "distance": 4, "yaw_deg": -10, "pitch_deg": 80, "projection": "orthographic", "view": "2d"})"),
                                      "r.json");
    ASSERT_TRUE(load.Ok()) << load.error;
    const Scene& scene = *load.scene;
    EXPECT_EQ(scene.Shapes()[2].id, 8u); // after the largest id so far
    EXPECT_EQ(scene.Shapes()[2].name, "plane 1");
    const SceneLoad again = ParseScene(SceneToJson(scene).dump(2), "r2.json");
    ASSERT_TRUE(again.Ok()) << again.error;
    EXPECT_TRUE(SameScene(scene, *again.scene));
    EXPECT_FALSE(again.scene->SolidPairsEnabled());
    EXPECT_FALSE(again.scene->Shapes()[0].visible);
    EXPECT_EQ(again.scene->Shapes()[0].color, glm::vec4(51.0f / 255, 102.0f / 255, 153.0f / 255, 128.0f / 255));
    EXPECT_EQ(again.scene->Settings(Family::RayAabb).drawn->name, "face_planes");
    EXPECT_TRUE(std::signbit(std::get<Ray<double>>(again.scene->Shapes()[3].shape).direction.y));

    // SameScene is not a tautology: each stored part changes it
    Scene changed = *again.scene;
    changed.SetSolidPairsEnabled(true);
    EXPECT_FALSE(SameScene(scene, changed));
    changed = *again.scene;
    changed.camera.view2d = false;
    EXPECT_FALSE(SameScene(scene, changed));
    changed = *again.scene;
    changed.SetPairEnabled(3, 7, true);
    EXPECT_FALSE(SameScene(scene, changed));
    changed = *again.scene;
    changed.Settings(Family::RayAabb).precision = Precision::Float;
    EXPECT_FALSE(SameScene(scene, changed));
}

TEST(SceneFileSave, AtomicSaveReplacesTheFileAndLeavesNoTemporaryFile)
{
    TempDir dir;
    Scene scene;
    scene.title = "first";
    ASSERT_EQ(ErrorText(SaveSceneFile(scene, dir / "s.json")), "");
    scene.title = "second";
    ASSERT_EQ(ErrorText(SaveSceneFile(scene, dir / "s.json")), "");
    EXPECT_EQ(dir.Entries(), 1u);
    const SceneLoad load = LoadSceneFile(dir / "s.json");
    ASSERT_TRUE(load.Ok()) << load.error;
    EXPECT_EQ(load.scene->title, "second");
}

TEST(SceneFileSave, SavingIntoAMissingDirectorySaysWhy)
{
    TempDir dir;
    const std::string target = dir / "no-such-dir/s.json";
    const IoError e = SaveSceneFile(Scene{}, target);
    EXPECT_EQ(e, (IoError{target, "cannot create a temporary file beside it: No such file or directory"}));
    EXPECT_FALSE(fs::exists(target));
}

TEST(SceneFileSave, AFailedSaveLeavesTheOldContentIntact)
{
    TempDir dir;
    // the target is a directory holding the old content: rename cannot replace it
    fs::create_directory(dir / "s.json");
    test::WriteText(dir / "s.json/old", "old content");
    const IoError e = SaveSceneFile(Scene{}, dir / "s.json");
    EXPECT_EQ(e.where, dir / "s.json");
    EXPECT_EQ(e.what.rfind("cannot replace it: ", 0), 0u) << e; // then errno's reason (EISDIR here)
    EXPECT_EQ(test::ReadText(dir / "s.json/old"), "old content");
    EXPECT_EQ(dir.Entries(), 1u) << "the temporary file is removed";
}

TEST(SceneFileLoad, TwentyThousandUnnamedBoxesGetTheirDefaultNamesInOrder)
{
    // the names scanned the whole scene per candidate number (n^3 / 2 comparisons: 12 s for 4,000)
    std::string text =
        R"({"format": "hitlab-scene", "version": 1, "shapes": [{"name": "box 3", "type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]})";
    for (int i = 0; i < 20000; ++i) {
        text += R"(, {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]})";
    }
    text += "]}";
    const SceneLoad load = ParseScene(text, "big.json");
    ASSERT_TRUE(load.Ok()) << ErrorText(load.error);
    const auto& shapes = load.scene->Shapes();
    ASSERT_EQ(shapes.size(), 20001u);
    EXPECT_EQ(shapes[1].name, "box 1");
    EXPECT_EQ(shapes[2].name, "box 2");
    EXPECT_EQ(shapes[3].name, "box 4"); // "box 3" is the first shape's
    EXPECT_EQ(shapes.back().name, "box 20001");
}

/// A scene of `count` unit boxes in a row as scene-file text.
std::string BoxRowText(int count)
{
    std::string text = R"({"format": "hitlab-scene", "version": 1, "shapes": [)";
    for (int i = 0; i < count; ++i) {
        text += (i > 0 ? ",\n" : "\n") + std::string(R"({"type": "aabb", "min": [)") + std::to_string(2 * i) +
                R"(, 0, 0], "max": [)" + std::to_string(2 * i + 1) + ", 1, 1]}";
    }
    return text + "\n]}";
}

TEST(SceneFileProgress, FractionOnlyGrowsThroughEachStageAndTheSceneIsTheSame)
{
    const std::string text = BoxRowText(10000); // about 590 KB: two JSON progress steps at least
    LoadProgress progress;
    std::vector<float> seen;
    std::vector<std::string> stages;
    // ParseScene reports from this thread: watch it from another, as the window does
    std::atomic<bool> done{false};
    std::thread watcher([&] {
        while (!done.load()) {
            seen.push_back(progress.fraction.load());
            stages.emplace_back(progress.stage.load());
            std::this_thread::yield();
        }
    });
    const SceneLoad load = ParseScene(text, "row.json", &progress);
    done = true;
    watcher.join();
    ASSERT_TRUE(load.Ok()) << ErrorText(load.error);
    EXPECT_EQ(load.scene->Shapes().size(), 10000u);
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
    EXPECT_EQ(progress.fraction.load(), 1.0f);
    EXPECT_STREQ(progress.stage.load(), "read");
    EXPECT_NE(std::find(stages.begin(), stages.end(), "parsing the JSON"), stages.end());
    const SceneLoad plain = ParseScene(text, "row.json");
    ASSERT_TRUE(plain.Ok());
    EXPECT_TRUE(SameScene(*load.scene, *plain.scene));
}

TEST(SceneFileProgress, CancelStopsTheLoadWithCancelled)
{
    LoadProgress progress;
    progress.cancel = true; // stops at the first step: the JSON parse's start
    const SceneLoad load = ParseScene(BoxRowText(10), "row.json", &progress);
    EXPECT_FALSE(load.Ok());
    EXPECT_EQ(load.error, (IoError{"row.json", "cancelled"}));
}

TEST(SceneFileProgress, CancelDuringTheJsonParseStopsIt)
{
    const std::string text = BoxRowText(20000); // about 1.2 MB: four progress steps in the parse
    LoadProgress progress;
    std::atomic<int> reports{0};
    // cancel from inside the parse: when the first JSON progress step arrives, ask to stop
    std::thread canceller([&] {
        while (progress.fraction.load() <= 0.1f) {
            std::this_thread::yield();
        }
        progress.cancel = true;
        ++reports;
    });
    const SceneLoad load = ParseScene(text, "row.json", &progress);
    canceller.join();
    EXPECT_EQ(reports.load(), 1);
    EXPECT_FALSE(load.Ok());
    EXPECT_EQ(load.error, (IoError{"row.json", "cancelled"}));
    EXPECT_LT(progress.fraction.load(), 1.0f); // never finished the shapes
}

TEST(SceneFileProgress, ReadingAFileReportsEachMebibyte)
{
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("hitlab_progress_test.json_" + std::to_string(::getpid()));
    std::ofstream(path) << BoxRowText(40000); // about 2.4 MB
    LoadProgress progress;
    const SceneLoad load = LoadSceneFile(path.string(), &progress);
    ASSERT_TRUE(load.Ok()) << ErrorText(load.error);
    EXPECT_EQ(load.scene->Shapes().size(), 40000u);
    const SceneLoad plain = LoadSceneFile(path.string());
    ASSERT_TRUE(plain.Ok());
    EXPECT_TRUE(SameScene(*load.scene, *plain.scene));
    std::filesystem::remove(path);
}

TEST(SceneFilePlugins, ThePluginsKeyAndThePluginOutcomesOfExpectRoundTrip)
{
    const std::string text = Scene1(R"("plugins": ["bullet", "../my/plugin.so"], "shapes": [
        {"id": 1, "name": "a", "type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]},
        {"id": 2, "name": "b", "type": "aabb", "min": [2, 0, 0], "max": [3, 1, 1]}],
      "expect": [{"pair": ["a", "b"], "miss": ["interval", "center_extent"],
                  "plugins": {"bullet_box_box": {"hit": true, "explain": "convention"}, "mine": {"hit": false}}}])");
    const SceneLoad load = ParseScene(text, "lesson.json");
    ASSERT_TRUE(load.Ok()) << load.error;
    EXPECT_TRUE(load.warnings.empty());
    EXPECT_EQ(load.scene->plugins, (std::vector<std::string>{"bullet", "../my/plugin.so"}));
    ASSERT_EQ(load.scene->expect.size(), 1u);
    EXPECT_EQ(load.scene->expect[0].plugins,
              (std::vector<PluginExpectation>{{"bullet_box_box", true, "convention"}, {"mine", false, ""}}));
    const SceneLoad again = ParseScene(SceneToJson(*load.scene).dump(2), "again.json");
    ASSERT_TRUE(again.Ok()) << again.error;
    EXPECT_TRUE(SameScene(*load.scene, *again.scene));
    EXPECT_EQ(again.scene->expect, load.scene->expect);
    // a scene without plugins writes no "plugins" key
    Scene none = *load.scene;
    none.plugins.clear();
    EXPECT_FALSE(SceneToJson(none).contains("plugins"));
    EXPECT_FALSE(SameScene(none, *load.scene));
}

TEST(SceneFilePlugins, BadPluginsAreRefusedWithThePath)
{
    EXPECT_EQ(ErrorOf(Scene1(R"("plugins": "bullet")")),
              "lesson.json: plugins: expected an array of plugin names, got a string");
    EXPECT_EQ(ErrorOf(Scene1(R"("plugins": ["bullet", 3])")),
              "lesson.json: plugins[1]: expected a plugin name (a string), got a number");
    EXPECT_EQ(ErrorOf(Scene1(R"("plugins": [""])")),
              "lesson.json: plugins[0]: expected a plugin name such as \"bullet\" or a plugin file, got an empty "
              "name or one with control characters");
    EXPECT_EQ(ErrorOf(Scene1(R"("plugins": ["bullet", "fcl", "bullet"])")),
              "lesson.json: plugins[2]: the plugin \"bullet\" is named twice");
    const std::string shapes = R"("shapes": [
        {"id": 1, "name": "a", "type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]},
        {"id": 2, "name": "b", "type": "aabb", "min": [2, 0, 0], "max": [3, 1, 1]}])";
    EXPECT_EQ(
        ErrorOf(Scene1(shapes + R"(, "expect": [{"pair": ["a", "b"], "plugins": {"interval": {"hit": true}}}])")),
        "lesson.json: expect[0].plugins.interval: \"interval\" is a built-in algorithm: list it under hit or miss");
    EXPECT_EQ(ErrorOf(Scene1(shapes + R"(, "expect": [{"pair": ["a", "b"], "plugins": {"mine": {}}}])")),
              "lesson.json: expect[0].plugins.mine.hit: missing (true or false)");
    EXPECT_EQ(
        ErrorOf(Scene1(shapes +
                       R"(, "expect": [{"pair": ["a", "b"], "plugins": {"mine": {"hit": true, "explain": "x"}}}])")),
        "lesson.json: expect[0].plugins.mine.explain: expected one of convention, known_flaw, rounding, "
        "unexplained");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
