// A lesson's exercises (a scene file's "exercises", docs/scene-format.md): a question about one of
// its queries, the kind of answer a student gives (a verdict, t, a separating axis, barycentric
// coordinates, a penetration direction and depth), the tolerance the lesson states and a model
// answer. Plain data and the candidate axes of a pair; the judging against the exact answer is in
// core/exact/exercise_judge.h. No JSON, no GMP.
#pragma once

#include "algorithm.h"

#include <glm/vec3.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hitlab {

class Scene;
struct SceneQuery;

/// What a student answers.
enum class ExerciseKind {
    Verdict,     ///< hit or miss (overlap or separate)
    T,           ///< the ray's (segment's) entry t
    Axis,        ///< a separating axis, chosen among the pair's candidate axes
    Barycentric, ///< (u, v) of the point where the ray enters the triangle
    Penetration, ///< the direction b moves out of a, and the depth
};

/// "verdict", "t", "axis", "barycentric", "penetration".
std::string_view ExerciseKindName(ExerciseKind kind);
std::optional<ExerciseKind> ExerciseKindFromName(std::string_view name);
/// Whether the kind's answer is a number judged with a tolerance (t, barycentric, penetration).
bool ExerciseHasTolerance(ExerciseKind kind);

/// An answer, a student's or the lesson's model: only the kind's fields mean anything.
struct ExerciseAnswer {
    bool hit = false;          ///< Verdict
    double t = 0;              ///< T
    std::string axis;          ///< Axis: a name of CandidateAxes
    double u = 0, v = 0;       ///< Barycentric
    glm::dvec3 direction{0.0}; ///< Penetration: need not be unit
    double depth = 0;          ///< Penetration
    bool operator==(const ExerciseAnswer&) const = default;
};

/// One exercise of a lesson.
struct Exercise {
    std::string question; ///< Markdown, one or two sentences
    std::string a, b;     ///< the pair's shape names (either order, as in "expect")
    ExerciseKind kind = ExerciseKind::Verdict;
    double tolerance = 0; ///< |answer - exact| allowed (t, u and v, depth, and the depth along the direction)
    ExerciseAnswer model;
    bool operator==(const Exercise&) const = default;
};

/// The query an exercise asks about (the family's a and b), or nullopt with `error` set ("no shape
/// is called \"rey\"", "no family compares a ray and a point").
std::optional<SceneQuery> ExerciseQuery(const Scene& scene, const Exercise& exercise, std::string& error);

/// A vector of exact inputs: head - tail (both doubles, so the difference is exact in rationals).
struct AxisVector {
    glm::dvec3 head{0.0}, tail{0.0};
};

/// A candidate separating axis of two solids: a face normal (`p`) or the cross product of two edge
/// directions (`p` x `q`). The triangle's normal is the cross product of two of its edges.
struct CandidateAxis {
    std::string name; ///< "a.x", "b.normal", "a.x cross b.e1"
    AxisVector p;
    std::optional<AxisVector> q;
};

/// The separating-axis test's axes of two solids in the family's order (a, b): the face normals of
/// a, those of b, then the cross products of a's edges with b's. aabb: x, y, z; obb: its local x,
/// y, z; triangle: normal, edges e0 (v0 to v1), e1 (v1 to v2), e2 (v2 to v0); point: none. Two
/// aabbs: x, y, z only. Empty when a shape is of another type (a sphere has no finite set).
std::vector<CandidateAxis> CandidateAxes(const Shape& a, const Shape& b);

} // namespace hitlab
