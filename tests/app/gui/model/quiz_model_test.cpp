// Quiz mode's state machine (app/gui/model/quiz_model.h), without a window: a lesson's questions
// open in turn, answers stay hidden until a committed answer is revealed, the reveal is the exact
// judge's, and the session's score counts each question once.
#include "app/gui/model/quiz_model.h"

#include "core/io/scene_file.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

// t enters [0, 1]^3 at 1/4 (the ray: x = -1 + 4t), and the ray hits
Scene Lesson()
{
    const SceneLoad load = ParseScene(R"({"format": "hitlab-scene", "version": 1, "shapes": [
        {"name": "box", "type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]},
        {"name": "ray", "type": "ray", "origin": [-1, 0.5, 0.5], "direction": [4, 0, 0]}],
        "exercises": [
        {"question": "Hit?", "pair": ["ray", "box"], "kind": "verdict", "model": {"hit": true}},
        {"question": "t?", "pair": ["ray", "box"], "kind": "t", "tolerance": 0.02, "model": {"t": 0.25}}]})",
                                      "quiz.json");
    EXPECT_TRUE(load.Ok()) << ErrorText(load.error);
    return load.Ok() ? *load.scene : Scene{};
}

TEST(QuizModel, OffUntilQuizModeIsOn)
{
    const Scene scene = Lesson();
    QuizSession quiz;
    quiz.Follow(scene, "lesson.json");
    EXPECT_EQ(quiz.Phase(), QuizPhase::Off);
    EXPECT_FALSE(quiz.HidesAnswers());
    EXPECT_EQ(quiz.Current(scene), nullptr);
    EXPECT_FALSE(quiz.TakeOpened());
    quiz.SetOn(true);
    EXPECT_TRUE(quiz.TakeOpened()); // once: the panels focus the pair
    EXPECT_FALSE(quiz.TakeOpened());
    EXPECT_EQ(quiz.Phase(), QuizPhase::Asking);
    EXPECT_TRUE(quiz.HidesAnswers());
    ASSERT_NE(quiz.Current(scene), nullptr);
    EXPECT_EQ(quiz.Current(scene)->question, "Hit?");
    quiz.SetOn(false);
    EXPECT_FALSE(quiz.HidesAnswers());
}

TEST(QuizModel, RevealNeedsACommittedAnswerThenJudgesExactly)
{
    const Scene scene = Lesson();
    QuizSession quiz;
    quiz.SetOn(true);
    quiz.Follow(scene, "lesson.json");
    EXPECT_FALSE(quiz.CanReveal());
    EXPECT_FALSE(quiz.Reveal(scene));
    EXPECT_EQ(quiz.ScoreText(), "Score: no answer yet");
    quiz.answer.hit = false; // Miss: wrong, the ray hits
    quiz.Commit();
    ASSERT_TRUE(quiz.Reveal(scene));
    EXPECT_EQ(quiz.Phase(), QuizPhase::Revealed);
    EXPECT_FALSE(quiz.HidesAnswers());
    EXPECT_FALSE(quiz.Judgement().right);
    EXPECT_EQ(quiz.Judgement().exact, "hit");
    EXPECT_EQ(quiz.Judgement().given, "miss");
    EXPECT_FALSE(quiz.Reveal(scene)); // counted once
    EXPECT_EQ(quiz.ScoreText(), "Score: 0 / 1 right");

    ASSERT_TRUE(quiz.HasNext(scene));
    ASSERT_TRUE(quiz.NextExercise(scene));
    EXPECT_TRUE(quiz.HidesAnswers());
    EXPECT_FALSE(quiz.CanReveal()); // a new question needs a new answer
    EXPECT_EQ(quiz.answer, ExerciseAnswer{});
    quiz.answer.t = 0.26;
    quiz.Commit();
    ASSERT_TRUE(quiz.Reveal(scene));
    EXPECT_TRUE(quiz.Judgement().right);
    EXPECT_EQ(quiz.Judgement().exact, "t = 1/4 (0.25)");
    EXPECT_EQ(quiz.ScoreText(), "Score: 1 / 2 right");
    EXPECT_FALSE(quiz.HasNext(scene));
    EXPECT_FALSE(quiz.NextExercise(scene));
    EXPECT_EQ(quiz.Phase(), QuizPhase::Revealed);
}

TEST(QuizModel, ANewLessonOpensItsFirstQuestionAndTheScoreStays)
{
    const Scene scene = Lesson();
    QuizSession quiz;
    quiz.SetOn(true);
    quiz.Follow(scene, "a.json");
    quiz.answer.hit = true;
    quiz.Commit();
    quiz.Reveal(scene);
    quiz.Follow(scene, "a.json"); // the same lesson: nothing changes
    EXPECT_EQ(quiz.Phase(), QuizPhase::Revealed);
    quiz.Follow(scene, "b.json");
    EXPECT_EQ(quiz.Phase(), QuizPhase::Asking);
    EXPECT_EQ(quiz.Index(), 0);
    EXPECT_EQ(quiz.ScoreText(), "Score: 1 / 1 right");
    quiz.Follow(Scene{}, "c.json"); // no exercises: nothing hidden
    EXPECT_EQ(quiz.Phase(), QuizPhase::Off);
    EXPECT_FALSE(quiz.HidesAnswers());
}

TEST(QuizModel, TheTMarkersRangeComesFromTheShapesNotTheAnswer)
{
    const Scene scene = Lesson();
    QuizSession quiz;
    quiz.SetOn(true);
    quiz.Follow(scene, "lesson.json");
    quiz.answer.hit = true;
    quiz.Commit();
    quiz.Reveal(scene);
    quiz.NextExercise(scene);
    ASSERT_TRUE(quiz.Pair(scene));
    EXPECT_EQ(quiz.Pair(scene)->family, Family::RayAabb);
    // the box's centre is 1.5 from the origin, its half diagonal sqrt(3)/2: (1.5 + 0.866) / 4 = 0.59 -> 1
    EXPECT_EQ(quiz.TRange(scene), 1.0);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
