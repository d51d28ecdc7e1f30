// Quiz mode's state (predict, then reveal: docs/gui.md "Quiz mode"): the lesson's exercise open,
// the student's answer, the reveal judged against the exact answer (core/exact/exercise_judge.h)
// and the session's score (right / answered; nothing about the student is stored). GL-free: the
// panels draw it (app/gui/panels/quiz_panel.cpp) and honour HidesAnswers().
#pragma once

#include "core/exact/exercise_judge.h"
#include "core/scene.h"

#include <optional>
#include <string>

namespace hitlab {

enum class QuizPhase {
    Off,      ///< no question open: quiz mode is off, or the lesson has no exercises
    Asking,   ///< a question is open: the answers are hidden until the student commits and reveals
    Revealed, ///< the exact answer is shown beside the student's, then the trace step by step
};

class QuizSession {
public:
    /// Quiz mode (--quiz, the Quiz button): each lesson shown opens its first exercise.
    bool On() const { return m_on; }
    void SetOn(bool on);

    /// Every frame the quiz is drawn: the scene shown and its file. A new lesson (another path)
    /// starts at its first exercise; a scene without exercises opens none.
    void Follow(const Scene& scene, const std::string& path);

    QuizPhase Phase() const { return m_phase; }
    /// While a question is open (asked, not yet revealed): the verdicts, the number line's bars,
    /// the viewport's t labels and the explanations stay hidden.
    bool HidesAnswers() const { return m_phase == QuizPhase::Asking; }
    /// The open exercise of `scene` (null when none), its index and the lesson's count.
    const Exercise* Current(const Scene& scene) const;
    int Index() const { return m_index; }
    /// True once after a question opened (the panels then focus its pair), false until the next.
    bool TakeOpened()
    {
        const bool opened = m_opened;
        m_opened = false;
        return opened;
    }

    /// The student's answer, edited by the panel; Commit marks that they gave one (a Hit or Miss
    /// button, a typed or dragged t, a chosen axis, typed numbers).
    ExerciseAnswer answer;
    void Commit() { m_committed = true; }
    bool CanReveal() const { return m_phase == QuizPhase::Asking && m_committed; }

    /// Judges the answer against the exact answer and counts it in the score (once per question).
    /// False when nothing can be revealed (no answer committed, no question open).
    bool Reveal(const Scene& scene);
    /// After a reveal: the judgement shown.
    const ExerciseJudgement& Judgement() const { return m_judgement; }

    /// The lesson's next exercise (true), or false after the last one (the phase stays Revealed).
    bool NextExercise(const Scene& scene);
    bool HasNext(const Scene& scene) const;

    int Right() const { return m_right; }
    int Answered() const { return m_answered; }
    /// "Score: 2 / 3 right"; "Score: no answer yet".
    std::string ScoreText() const;

    /// The query the open exercise asks about (the pair focused in the panels), nullopt when none.
    std::optional<SceneQuery> Pair(const Scene& scene) const;
    /// The range [0, tMax] of the t marker's line: a segment's [0, 1]; for a ray, up to where it is
    /// past the target's bounds (taken from the shapes, never from the answer). 1 when unknown.
    double TRange(const Scene& scene) const;

private:
    void Open(int index);

    bool m_on = false;
    QuizPhase m_phase = QuizPhase::Off;
    std::string m_path; ///< the lesson followed
    int m_count = 0;    ///< its exercises
    int m_index = 0;    ///< the open exercise
    bool m_committed = false;
    bool m_opened = false; ///< a question opened since TakeOpened
    ExerciseJudgement m_judgement;
    int m_right = 0, m_answered = 0;
};

} // namespace hitlab
