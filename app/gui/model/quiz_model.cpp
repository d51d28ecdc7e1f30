// Quiz mode's state machine: Off -> Asking (a lesson's exercise) -> Revealed -> Asking (the next).
#include "quiz_model.h"

#include "core/pair_cull.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace hitlab {

void QuizSession::SetOn(bool on)
{
    m_on = on;
    if (!on) {
        m_phase = QuizPhase::Off;
    } else if (m_count > 0) {
        Open(0);
    }
}

void QuizSession::Follow(const Scene& scene, const std::string& path)
{
    const int count = int(scene.exercises.size());
    if (path == m_path && count == m_count) {
        return;
    }
    m_path = path;
    m_count = count;
    m_phase = QuizPhase::Off;
    if (m_on && count > 0) {
        Open(0);
    }
}

void QuizSession::Open(int index)
{
    m_index = index;
    m_phase = QuizPhase::Asking;
    m_committed = false;
    m_opened = true;
    m_judgement = {};
    answer = {};
}

const Exercise* QuizSession::Current(const Scene& scene) const
{
    if (m_phase == QuizPhase::Off || m_index >= int(scene.exercises.size())) {
        return nullptr;
    }
    return &scene.exercises[size_t(m_index)];
}

bool QuizSession::Reveal(const Scene& scene)
{
    const Exercise* exercise = Current(scene);
    if (!CanReveal() || exercise == nullptr) {
        return false;
    }
    m_judgement = JudgeExercise(scene, *exercise, answer);
    m_phase = QuizPhase::Revealed;
    if (m_judgement.error.empty()) {
        ++m_answered;
        m_right += m_judgement.right ? 1 : 0;
    }
    return true;
}

bool QuizSession::HasNext(const Scene& scene) const
{
    return m_phase != QuizPhase::Off && m_index + 1 < int(scene.exercises.size());
}

bool QuizSession::NextExercise(const Scene& scene)
{
    if (!HasNext(scene)) {
        return false;
    }
    Open(m_index + 1);
    return true;
}

std::string QuizSession::ScoreText() const
{
    if (m_answered == 0) {
        return "Score: no answer yet";
    }
    return "Score: " + std::to_string(m_right) + " / " + std::to_string(m_answered) + " right";
}

std::optional<SceneQuery> QuizSession::Pair(const Scene& scene) const
{
    const Exercise* exercise = Current(scene);
    if (exercise == nullptr) {
        return std::nullopt;
    }
    std::string error;
    return ExerciseQuery(scene, *exercise, error);
}

double QuizSession::TRange(const Scene& scene) const
{
    const std::optional<SceneQuery> pair = Pair(scene);
    if (!pair || !IsCast(pair->family)) {
        return 1.0;
    }
    const Query query = scene.MakeQuery(*pair);
    const std::optional<CastLine> line = CastLineOf(query.a);
    glm::dvec3 lo(0.0), hi(0.0);
    if (!line || KindOf(query.a) == ShapeKind::Segment || !SolidBounds(query.b, lo, hi)) {
        return 1.0;
    }
    // past every point of the target's bounds: (distance to the bounds' centre + half diagonal) / |d|
    const double reach = glm::length(0.5 * (lo + hi) - line->origin) + 0.5 * glm::length(hi - lo);
    const double tMax = reach / glm::length(line->direction);
    // a round number of at least 1 (1, 2, 5 times a power of ten), so the line reads well
    const double decade = std::pow(10.0, std::floor(std::log10(std::max(tMax, 1.0))));
    for (double step : {1.0, 2.0, 5.0, 10.0}) {
        if (step * decade >= tMax) {
            return std::isfinite(step * decade) ? step * decade : 1.0;
        }
    }
    return 1.0;
}

} // namespace hitlab
