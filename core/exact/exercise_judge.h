// Judging a student's answer to a lesson's exercise (core/exercise.h) against the EXACT answer:
// the exact judge's verdict, t and barycentrics (JudgeExact), the separating axes tested in
// rationals, a penetration direction against the exact least depth. The lesson's tolerance is
// applied to the exact value, never to a float algorithm's.
#pragma once

#include "core/exercise.h"
#include "core/scene.h"

#include <string>
#include <vector>

namespace hitlab {

/// A judged answer, with the words the reveal shows.
struct ExerciseJudgement {
    std::string error;  ///< not judged (the pair is not in the scene, an obb without volume): why; else ""
    bool right = false; ///< the answer is the exact one within the tolerance
    std::string exact;  ///< the exact answer: "hit", "t = 1/4 (0.25)", "u = 1/2, v = 1/4", "a.x cross b.y"
    std::string given;  ///< the student's answer: "t = 0.26"
    std::string detail; ///< how: "|0.26 - 1/4| = 0.01 <= 0.02"
};

/// Judges `given` as the answer to `exercise` of `scene`:
/// - verdict: right when it is the exact hit verdict (touching counts: closed solids);
/// - t: the exact entry t (a miss has none: every t is wrong); right when |t - exact| <= tolerance,
///   compared in rationals when the exact t is rational (the given number and the tolerance taken
///   as the decimals they are written as: NumberText's shortest text, so 0.27 is 2/100 from 1/4);
/// - barycentric: u and v of the exact hit point, each within the tolerance;
/// - axis: right when the named candidate axis separates the two solids exactly (their
///   projections, computed in rationals, do not meet); several axes may be right;
/// - penetration: with D the exact least depth, right when |depth - D| <= tolerance and moving b
///   along the given direction clears a after at most D + tolerance (the depth along that
///   direction, in 256-bit arithmetic): any direction of least translation passes.
ExerciseJudgement JudgeExercise(const Scene& scene, const Exercise& exercise, const ExerciseAnswer& given);

/// The candidate axes (CandidateAxes) of the exercise's pair that separate it exactly, by name.
std::vector<std::string> SeparatingAxes(const Query& query);

/// The student's answer in words, as the reveal shows it ("hit", "t = 0.26", "u = 0.5, v = 0.25",
/// "a.x", "direction [1, 0, 0], depth 0.5").
std::string AnswerText(ExerciseKind kind, const ExerciseAnswer& answer);

} // namespace hitlab
