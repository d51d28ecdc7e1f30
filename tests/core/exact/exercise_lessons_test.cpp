// Every lesson of the course (assets/scenes/course.txt) carries exercises, and the exact judge
// accepts each stored model answer and rejects a deliberately wrong one (so that the check can fail).
#include "core/exact/exercise_judge.h"
#include "core/io/scene_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

const fs::path kLessons = fs::path(HITLAB_TEST_DATA) / ".." / ".." / "assets" / "scenes";

std::vector<std::string> CourseLessons()
{
    std::ifstream in(kLessons / "course.txt");
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line[0] != '#') {
            out.push_back(line);
        }
    }
    return out;
}

/// An answer that must be wrong: the other verdict, t and u moved by twice the tolerance plus one,
/// an axis that does not separate (or none), the depth moved by twice the tolerance plus one (the
/// direction turned around too: for a symmetric pair it would still be right).
ExerciseAnswer Wrong(const Scene& scene, const Exercise& e)
{
    ExerciseAnswer w = e.model;
    w.hit = !e.model.hit;
    w.t = e.model.t + 2 * e.tolerance + 1;
    w.u = e.model.u + 2 * e.tolerance + 0.5;
    w.direction = -e.model.direction;
    w.depth = e.model.depth + 2 * e.tolerance + 1;
    if (e.kind == ExerciseKind::Axis) {
        std::string error;
        const Query query = scene.MakeQuery(*ExerciseQuery(scene, e, error));
        const std::vector<std::string> right = SeparatingAxes(query);
        w.axis = "";
        for (const CandidateAxis& axis : CandidateAxes(query.a, query.b)) {
            if (std::find(right.begin(), right.end(), axis.name) == right.end()) {
                w.axis = axis.name;
                break;
            }
        }
    }
    return w;
}

TEST(ExerciseLessons, EveryLessonHasExercisesTheExactJudgeAccepts)
{
    const std::vector<std::string> lessons = CourseLessons();
    ASSERT_GE(lessons.size(), 30u);
    for (const std::string& file : lessons) {
        const SceneLoad load = LoadSceneFile((kLessons / file).string());
        ASSERT_TRUE(load.Ok()) << ErrorText(load.error);
        const Scene& scene = *load.scene;
        EXPECT_FALSE(scene.exercises.empty()) << file << " has no exercise";
        for (size_t i = 0; i < scene.exercises.size(); ++i) {
            const Exercise& e = scene.exercises[i];
            const std::string where =
                file + " exercises[" + std::to_string(i) + "] (" + std::string(ExerciseKindName(e.kind)) + ")";
            const ExerciseJudgement model = JudgeExercise(scene, e, e.model);
            EXPECT_EQ(model.error, "") << where;
            EXPECT_TRUE(model.right) << where << ": the model answer " << model.given << " is not right; exact "
                                     << model.exact << "; " << model.detail;
            const ExerciseJudgement wrong = JudgeExercise(scene, e, Wrong(scene, e));
            EXPECT_FALSE(wrong.right) << where << ": a wrong answer " << wrong.given << " passes; exact "
                                      << wrong.exact;
        }
    }
}

TEST(ExerciseLessons, LessonsAboutANumberOrAnAxisAskForIt)
{
    // the verdict alone is too little where the lesson is about t, an axis or a depth
    const std::pair<const char*, ExerciseKind> asks[] = {{"slab-2d-hit.json", ExerciseKind::T},
                                                         {"ray-from-inside.json", ExerciseKind::T},
                                                         {"ray-sphere-basics.json", ExerciseKind::T},
                                                         {"obb-edge-edge.json", ExerciseKind::Axis},
                                                         {"triangle-box-sat.json", ExerciseKind::Axis},
                                                         {"aabb-overlap.json", ExerciseKind::Penetration},
                                                         {"epa-touching-boxes.json", ExerciseKind::Penetration},
                                                         {"triangle-crack.json", ExerciseKind::Barycentric}};
    for (const auto& [file, asked] : asks) {
        const ExerciseKind kind = asked; // a copy: clang 14 cannot capture a structured binding
        const SceneLoad load = LoadSceneFile((kLessons / file).string());
        ASSERT_TRUE(load.Ok()) << ErrorText(load.error);
        const auto& ex = load.scene->exercises;
        EXPECT_TRUE(std::any_of(ex.begin(), ex.end(), [&](const Exercise& e) { return e.kind == kind; }))
            << file << " has no " << ExerciseKindName(kind) << " exercise";
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
