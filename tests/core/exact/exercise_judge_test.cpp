// The exercises' judge (core/exact/exercise_judge.h): students' answers against exact values
// worked out by hand (t = 1/4, u = 1/4 and v = 1/2, depth 1/2, the one separating axis x).
#include "core/exact/exercise_judge.h"
#include "core/io/scene_file.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

Scene Load(const std::string& shapes)
{
    const SceneLoad load =
        ParseScene(R"({"format": "hitlab-scene", "version": 1, "shapes": [)" + shapes + "]}", "judge.json");
    EXPECT_TRUE(load.Ok()) << ErrorText(load.error);
    return load.Ok() ? *load.scene : Scene{};
}

Exercise Make(ExerciseKind kind, std::string a, std::string b, double tolerance)
{
    Exercise e;
    e.question = "?";
    e.a = std::move(a);
    e.b = std::move(b);
    e.kind = kind;
    e.tolerance = tolerance;
    return e;
}

// the ray enters [0, 1]^3 at x = 0: -1 + 4t = 0, t = 1/4 exactly
const char* const kQuarter = R"({"name": "box", "type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]},
    {"name": "ray", "type": "ray", "origin": [-1, 0.5, 0.5], "direction": [4, 0, 0]})";

TEST(ExerciseJudge, EntryTWithinTheToleranceOfAQuarter)
{
    const Scene scene = Load(kQuarter);
    const Exercise e = Make(ExerciseKind::T, "ray", "box", 0.02);
    ExerciseAnswer given;
    given.t = 0.26;
    ExerciseJudgement j = JudgeExercise(scene, e, given);
    EXPECT_EQ(j.error, "");
    EXPECT_TRUE(j.right) << j.detail;
    EXPECT_EQ(j.exact, "t = 1/4 (0.25)");
    EXPECT_EQ(j.given, "t = 0.26");
    given.t = 0.3;
    j = JudgeExercise(scene, e, given);
    EXPECT_FALSE(j.right) << j.detail;
    EXPECT_EQ(j.detail, "|t - exact| = 0.05 > 0.02");
    given.t = 0.27; // on the tolerance, as written: |27/100 - 1/4| = 2/100 (the doubles differ by more)
    j = JudgeExercise(scene, e, given);
    EXPECT_TRUE(j.right) << j.detail;
    given.t = 0.2299999; // 0.0200001 below
    EXPECT_FALSE(JudgeExercise(scene, e, given).right);
    given.t = -1e-05; // before the entry by far
    EXPECT_FALSE(JudgeExercise(scene, e, given).right);
    given.t = 0.25; // exactly right with no tolerance
    EXPECT_TRUE(JudgeExercise(scene, Make(ExerciseKind::T, "box", "ray", 0.0), given).right);
    given.t = 0.2500001;
    EXPECT_FALSE(JudgeExercise(scene, Make(ExerciseKind::T, "box", "ray", 0.0), given).right);
}

TEST(ExerciseJudge, VerdictIsTheExactOne)
{
    const Scene scene = Load(kQuarter);
    const Exercise e = Make(ExerciseKind::Verdict, "ray", "box", 0);
    ExerciseAnswer given;
    given.hit = true;
    EXPECT_TRUE(JudgeExercise(scene, e, given).right);
    EXPECT_EQ(JudgeExercise(scene, e, given).exact, "hit");
    given.hit = false;
    EXPECT_FALSE(JudgeExercise(scene, e, given).right);
}

TEST(ExerciseJudge, TOfAMissIsAlwaysWrong)
{
    const Scene scene = Load(R"({"name": "box", "type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]},
        {"name": "ray", "type": "ray", "origin": [-1, 2, 0.5], "direction": [1, 0, 0]})");
    ExerciseAnswer given;
    const ExerciseJudgement j = JudgeExercise(scene, Make(ExerciseKind::T, "ray", "box", 100.0), given);
    EXPECT_FALSE(j.right);
    EXPECT_EQ(j.exact, "miss: no t");
}

TEST(ExerciseJudge, BarycentricsOfTheEntryPoint)
{
    // P = v0 + u (v1 - v0) + v (v2 - v0) = (0.25, 0.5, 0): u = 1/4, v = 1/2
    const Scene scene = Load(R"({"name": "tri", "type": "triangle", "vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0]]},
        {"name": "ray", "type": "ray", "origin": [0.25, 0.5, 1], "direction": [0, 0, -1]})");
    const Exercise e = Make(ExerciseKind::Barycentric, "ray", "tri", 0.01);
    ExerciseAnswer given;
    given.u = 0.255;
    given.v = 0.495;
    ExerciseJudgement j = JudgeExercise(scene, e, given);
    EXPECT_TRUE(j.right) << j.detail;
    EXPECT_EQ(j.exact, "u = 1/4 (0.25), v = 1/2 (0.5)");
    given.u = 0.5; // u and v swapped
    given.v = 0.25;
    j = JudgeExercise(scene, e, given);
    EXPECT_FALSE(j.right) << j.detail;
}

TEST(ExerciseJudge, SeparatingAxisOfTwoBoxes)
{
    const Scene scene = Load(R"({"name": "a", "type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]},
        {"name": "b", "type": "aabb", "min": [2, 0.5, 0.5], "max": [3, 3, 3]})");
    const Exercise e = Make(ExerciseKind::Axis, "a", "b", 0);
    ExerciseAnswer given;
    given.axis = "x";
    ExerciseJudgement j = JudgeExercise(scene, e, given);
    EXPECT_TRUE(j.right);
    EXPECT_EQ(j.exact, "x");
    given.axis = "y";
    EXPECT_FALSE(JudgeExercise(scene, e, given).right);
}

TEST(ExerciseJudge, TouchingBoxesHaveNoSeparatingAxis)
{
    const Scene scene = Load(R"({"name": "a", "type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]},
        {"name": "b", "type": "aabb", "min": [1, 0, 0], "max": [2, 1, 1]})");
    ExerciseAnswer given;
    given.axis = "x";
    const ExerciseJudgement j = JudgeExercise(scene, Make(ExerciseKind::Axis, "a", "b", 0), given);
    EXPECT_FALSE(j.right);
    EXPECT_EQ(j.exact, "no candidate axis separates them (overlap)");
}

TEST(ExerciseJudge, EveryCandidateAxisAlongXSeparatesCubesApartOnX)
{
    // two unit cubes 3 apart on x (gap 1): the face axes a.x, b.x and the cross products equal to
    // +-x separate them, nothing else does (the obb-edge-edge lesson checks a lone cross product)
    const Scene scene = Load(R"({"name": "a", "type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1],
        "rotation_deg": [0, 0, 0]},
        {"name": "b", "type": "obb", "center": [3, 0, 0], "half_extents": [1, 1, 1], "rotation_deg": [0, 0, 0]})");
    const Query query = scene.MakeQuery({Family::ObbObb, scene.Shapes()[0].id, scene.Shapes()[1].id});
    const std::vector<std::string> axes = SeparatingAxes(query);
    // x, and every cross product equal to +-x: a.y cross b.z, a.z cross b.y
    EXPECT_EQ(axes, (std::vector<std::string>{"a.x", "b.x", "a.y cross b.z", "a.z cross b.y"}));
}

TEST(ExerciseJudge, PenetrationDirectionAndDepth)
{
    // x overlap [1.5, 2]: 0.5; y and z: 2; the least depth is 1/2 along +x (b moves out to +x)
    const Scene scene = Load(R"({"name": "a", "type": "aabb", "min": [0, 0, 0], "max": [2, 2, 2]},
        {"name": "b", "type": "aabb", "min": [1.5, 0, 0], "max": [3, 2, 2]})");
    ExerciseAnswer given;
    given.direction = {1, 0, 0};
    given.depth = 0.5;
    Exercise e = Make(ExerciseKind::Penetration, "a", "b", 0.05);
    ExerciseJudgement j = JudgeExercise(scene, e, given);
    EXPECT_TRUE(j.right) << j.detail;
    EXPECT_EQ(j.exact.substr(0, 24), "least depth 1/2 (0.5) (m");
    given.direction = {1, 0.01, 0}; // b clears a after (2.02 - 1.5) / |d| = 0.51997...
    EXPECT_TRUE(JudgeExercise(scene, e, given).right);
    e.tolerance = 0.01;
    EXPECT_FALSE(JudgeExercise(scene, e, given).right);
    e.tolerance = 0.05;
    given.direction = {-1, 0, 0}; // out through the far side: 3
    EXPECT_FALSE(JudgeExercise(scene, e, given).right);
    given.direction = {0, 1, 0}; // 2
    EXPECT_FALSE(JudgeExercise(scene, e, given).right);
    given.direction = {2, 0, 0}; // length does not matter
    EXPECT_TRUE(JudgeExercise(scene, e, given).right);
    given.depth = 0.6;
    EXPECT_FALSE(JudgeExercise(scene, e, given).right);
}

TEST(ExerciseJudge, PenetrationOfSpheresAlongTheCentres)
{
    // centres 1.5 apart, radii 1: depth 1/2 along (1, 0, 0)
    const Scene scene = Load(R"({"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1},
        {"name": "b", "type": "sphere", "center": [1.5, 0, 0], "radius": 1})");
    ExerciseAnswer given;
    given.direction = {1, 0, 0};
    given.depth = 0.5;
    const Exercise e = Make(ExerciseKind::Penetration, "a", "b", 0.01);
    EXPECT_TRUE(JudgeExercise(scene, e, given).right) << JudgeExercise(scene, e, given).detail;
    given.direction = {1, 0.2, 0}; // 2 / |d| - 1.5 / |d|... = (1 + 1 * |d| - (1.5 - |d|)) / |d| > 0.5
    EXPECT_FALSE(JudgeExercise(scene, e, given).right);
}

TEST(ExerciseJudge, UnknownShapeIsAnError)
{
    const Scene scene = Load(kQuarter);
    const ExerciseJudgement j = JudgeExercise(scene, Make(ExerciseKind::T, "rey", "box", 0.1), ExerciseAnswer{});
    EXPECT_EQ(j.error, "no shape is called \"rey\"");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
