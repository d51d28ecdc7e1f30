// A scene file's "exercises" (docs/scene-format.md): read, written back, and refused with the
// exercise's index and what is wrong.
#include "core/io/scene_file.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

std::string WithExercises(const std::string& exercises)
{
    return R"({"format": "hitlab-scene", "version": 1, "shapes": [
        {"name": "box", "type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]},
        {"name": "b", "type": "aabb", "min": [2, 0, 0], "max": [3, 1, 1]},
        {"name": "ray", "type": "ray", "origin": [-1, 0.5, 0.5], "direction": [4, 0, 0]}],
        "exercises": )" +
           exercises + "}";
}

std::string Error(const std::string& exercises)
{
    const SceneLoad load = ParseScene(WithExercises(exercises), "lesson.json");
    return ErrorText(load.error);
}

TEST(SceneFileExercises, ReadsEveryKindAndWritesItBack)
{
    const SceneLoad load = ParseScene(WithExercises(R"([
        {"question": "Hit?", "pair": ["ray", "box"], "kind": "verdict", "model": {"hit": true}},
        {"question": "Entry t?", "pair": ["box", "ray"], "kind": "t", "tolerance": 0.02, "model": {"t": 0.25}},
        {"question": "Axis?", "pair": ["box", "b"], "kind": "axis", "model": {"axis": "x"}},
        {"question": "Push?", "pair": ["box", "b"], "kind": "penetration", "tolerance": 0.1,
         "model": {"direction": [1, 0, 0], "depth": 0}}])"),
                                      "lesson.json");
    ASSERT_TRUE(load.Ok()) << ErrorText(load.error);
    EXPECT_TRUE(load.warnings.empty());
    const std::vector<Exercise>& ex = load.scene->exercises;
    ASSERT_EQ(ex.size(), 4u);
    EXPECT_EQ(ex[0].kind, ExerciseKind::Verdict);
    EXPECT_TRUE(ex[0].model.hit);
    EXPECT_EQ(ex[1].kind, ExerciseKind::T);
    EXPECT_EQ(ex[1].a, "box");
    EXPECT_EQ(ex[1].tolerance, 0.02);
    EXPECT_EQ(ex[1].model.t, 0.25);
    EXPECT_EQ(ex[2].model.axis, "x");
    EXPECT_EQ(ex[3].model.direction, glm::dvec3(1, 0, 0));
    // written last, after every other key, and read back the same
    const std::string text = SceneToJson(*load.scene).dump(2);
    EXPECT_EQ(text.rfind("\"exercises\""), text.find("\"exercises\""));
    EXPECT_GT(text.find("\"exercises\""), text.find("\"camera\""));
    const SceneLoad again = ParseScene(text, "again.json");
    ASSERT_TRUE(again.Ok());
    EXPECT_TRUE(SameScene(*load.scene, *again.scene));
    EXPECT_EQ(again.scene->exercises, ex);
    Scene changed = *again.scene;
    changed.exercises[1].model.t = 0.5;
    EXPECT_FALSE(SameScene(*load.scene, changed));
}

TEST(SceneFileExercises, ClearErrors)
{
    const std::string ok = R"({"question": "Hit?", "pair": ["ray", "box"], "kind": "verdict", "model": {"hit": true}})";
    EXPECT_EQ(Error("{}"), "lesson.json: exercises: expected an array of exercise objects, got an object");
    EXPECT_EQ(Error("[" + ok + ", 3]"), "lesson.json: exercises[1]: expected an exercise object, got a number");
    EXPECT_EQ(Error(R"([{"pair": ["ray", "box"], "kind": "verdict", "model": {"hit": true}}])"),
              "lesson.json: exercises[0].question: missing (the question for the student)");
    EXPECT_EQ(Error(R"([{"question": "?", "pair": ["rey", "box"], "kind": "verdict", "model": {"hit": true}}])"),
              "lesson.json: exercises[0].pair: no shape is called \"rey\"");
    EXPECT_EQ(Error(R"([{"question": "?", "pair": ["ray", "box"], "kind": "angle", "model": {}}])"),
              "lesson.json: exercises[0].kind: expected one of verdict, t, axis, barycentric, penetration");
    EXPECT_EQ(Error(R"([{"question": "?", "pair": ["box", "b"], "kind": "t", "tolerance": 1, "model": {"t": 1}}])"),
              "lesson.json: exercises[0].kind: a t answer needs a ray or segment cast, not aabb_aabb");
    EXPECT_EQ(Error(R"([{"question": "?", "pair": ["ray", "box"], "kind": "t", "model": {"t": 1}}])"),
              "lesson.json: exercises[0].tolerance: missing (the largest error a right answer may have, e.g. 0.01)");
    EXPECT_EQ(Error(R"([{"question": "?", "pair": ["ray", "box"], "kind": "t", "tolerance": -1, "model": {"t": 1}}])"),
              "lesson.json: exercises[0].tolerance: must be >= 0");
    EXPECT_EQ(Error(R"([{"question": "?", "pair": ["ray", "box"], "kind": "t", "tolerance": 1, "model": {}}])"),
              "lesson.json: exercises[0].model.t: missing (a number)");
    EXPECT_EQ(Error(R"([{"question": "?", "pair": ["ray", "box"], "kind": "verdict", "tolerance": 1,
                        "model": {"hit": true}}])"),
              "lesson.json: exercises[0].tolerance: only t, barycentric and penetration answers have a tolerance");
    EXPECT_EQ(Error(R"([{"question": "?", "pair": ["box", "b"], "kind": "axis", "model": {"axis": "w"}}])"),
              "lesson.json: exercises[0].model.axis: \"w\" is not a candidate axis of the pair (expected one of x, "
              "y, z)");
    EXPECT_EQ(Error(R"([{"question": "?", "pair": ["box", "b"], "kind": "penetration", "tolerance": 1,
                        "model": {"direction": [0, 0, 0], "depth": 1}}])"),
              "lesson.json: exercises[0].model.direction: must be nonzero, got [0, 0, 0]");
    EXPECT_EQ(Error(R"([{"question": "?", "pair": ["ray", "box"], "kind": "verdict"}])"),
              "lesson.json: exercises[0].model: missing (the model answer)");
}

TEST(SceneFileExercises, UnknownKeyIsAWarning)
{
    const SceneLoad load = ParseScene(
        WithExercises(R"([{"question": "?", "pair": ["ray", "box"], "kind": "verdict", "model": {"hit": true},
                           "hint": "look"}])"),
        "lesson.json");
    ASSERT_TRUE(load.Ok());
    ASSERT_EQ(load.warnings.size(), 1u);
    EXPECT_EQ(load.warnings[0],
              "exercises[0].hint: unknown key ignored (known keys: question, pair, kind, tolerance, model)");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
