// A lesson's exercises: kind names, the query an exercise asks about, the candidate axes of a pair.
#include "exercise.h"

#include "scene.h"

#include <array>

namespace hitlab {

namespace {

struct KindName {
    ExerciseKind kind;
    std::string_view name;
};

constexpr std::array<KindName, 5> kExerciseKinds{{{ExerciseKind::Verdict, "verdict"},
                                                  {ExerciseKind::T, "t"},
                                                  {ExerciseKind::Axis, "axis"},
                                                  {ExerciseKind::Barycentric, "barycentric"},
                                                  {ExerciseKind::Penetration, "penetration"}}};

/// The one shape called `name`, or null with `error` set.
const SceneShape* ExerciseShape(const Scene& scene, const std::string& name, std::string& error)
{
    const SceneShape* found = nullptr;
    for (const SceneShape& s : scene.Shapes()) {
        if (s.name == name) {
            if (found != nullptr) {
                error = "two shapes are called \"" + name + "\"";
                return nullptr;
            }
            found = &s;
        }
    }
    if (found == nullptr) {
        error = "no shape is called \"" + name + "\"";
    }
    return found;
}

/// A shape's face normals and edge directions, named, for the separating-axis candidates.
struct AxisFeatures {
    std::vector<std::pair<std::string, AxisVector>> edges;
    std::vector<std::pair<std::string, AxisVector>> faces;
    std::optional<std::pair<AxisVector, AxisVector>> normal; ///< a triangle's: e0 x (v2 - v0)
    bool known = true;                                       ///< a type with a finite set of axes
};

AxisFeatures FeaturesOf(const Shape& shape)
{
    AxisFeatures out;
    static const char* const kXyz[] = {"x", "y", "z"};
    switch (KindOf(shape)) {
    case ShapeKind::Aabb:
        for (int i = 0; i < 3; ++i) {
            glm::dvec3 e(0.0);
            e[i] = 1.0;
            out.faces.emplace_back(kXyz[i], AxisVector{e, glm::dvec3(0.0)});
            out.edges.emplace_back(kXyz[i], AxisVector{e, glm::dvec3(0.0)});
        }
        break;
    case ShapeKind::Obb: {
        const Obb<double>& box = std::get<Obb<double>>(shape);
        for (int i = 0; i < 3; ++i) {
            out.faces.emplace_back(kXyz[i], AxisVector{box.axes[size_t(i)], glm::dvec3(0.0)});
            out.edges.emplace_back(kXyz[i], AxisVector{box.axes[size_t(i)], glm::dvec3(0.0)});
        }
        break;
    }
    case ShapeKind::Triangle: {
        const auto& v = std::get<Triangle<double>>(shape).vertices;
        out.normal = std::pair{AxisVector{v[1], v[0]}, AxisVector{v[2], v[0]}};
        for (int i = 0; i < 3; ++i) {
            out.edges.emplace_back("e" + std::to_string(i), AxisVector{v[size_t((i + 1) % 3)], v[size_t(i)]});
        }
        break;
    }
    case ShapeKind::Point:
        break;
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Sphere:
    case ShapeKind::Mesh:
    case ShapeKind::Convex:
        out.known = false;
        break;
    }
    return out;
}

void AddFaces(const AxisFeatures& f, const std::string& prefix, std::vector<CandidateAxis>& out)
{
    if (f.normal) {
        out.push_back({prefix + "normal", f.normal->first, f.normal->second});
    }
    for (const auto& [name, vector] : f.faces) {
        out.push_back({prefix + name, vector, std::nullopt});
    }
}

} // namespace

std::string_view ExerciseKindName(ExerciseKind kind)
{
    for (const KindName& k : kExerciseKinds) {
        if (k.kind == kind) {
            return k.name;
        }
    }
    return "?";
}

std::optional<ExerciseKind> ExerciseKindFromName(std::string_view name)
{
    for (const KindName& k : kExerciseKinds) {
        if (k.name == name) {
            return k.kind;
        }
    }
    return std::nullopt;
}

bool ExerciseHasTolerance(ExerciseKind kind)
{
    return kind == ExerciseKind::T || kind == ExerciseKind::Barycentric || kind == ExerciseKind::Penetration;
}

std::optional<SceneQuery> ExerciseQuery(const Scene& scene, const Exercise& exercise, std::string& error)
{
    const SceneShape* a = ExerciseShape(scene, exercise.a, error);
    const SceneShape* b = a != nullptr ? ExerciseShape(scene, exercise.b, error) : nullptr;
    if (b == nullptr) {
        return std::nullopt;
    }
    bool swapped = false;
    const std::optional<Family> family = FamilyForTypes(ShapeTypeName(a->shape), ShapeTypeName(b->shape), &swapped);
    if (!family) {
        error = std::string("no family compares a ") + ShapeTypeName(a->shape) + " and a " + ShapeTypeName(b->shape);
        return std::nullopt;
    }
    return swapped ? SceneQuery{*family, b->id, a->id} : SceneQuery{*family, a->id, b->id};
}

std::vector<CandidateAxis> CandidateAxes(const Shape& a, const Shape& b)
{
    const AxisFeatures fa = FeaturesOf(a);
    const AxisFeatures fb = FeaturesOf(b);
    std::vector<CandidateAxis> out;
    if (!fa.known || !fb.known) {
        return out;
    }
    const bool boxes = KindOf(a) == ShapeKind::Aabb && KindOf(b) == ShapeKind::Aabb;
    AddFaces(fa, boxes ? "" : "a.", out);
    if (boxes) { // b's faces and every cross product are parallel to x, y or z
        return out;
    }
    AddFaces(fb, "b.", out);
    for (const auto& [nameA, ea] : fa.edges) {
        for (const auto& [nameB, eb] : fb.edges) {
            out.push_back({"a." + nameA + " cross b." + nameB, ea, eb});
        }
    }
    return out;
}

} // namespace hitlab
