// A scene file's "exercises": a lesson's questions with the kind of answer, the tolerance and a
// model answer (core/exercise.h). Reading checks the pair against the scene, the kind against the
// pair's family and the model against the kind; writing gives the same keys back.
#include "scene_file.h"
#include "scene_reader.h"

namespace hitlab {

namespace detail {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

/// Whether the kind can be asked of the query's family and shapes; else why not.
std::string KindMisfit(ExerciseKind kind, const Query& query)
{
    const bool triangle = query.family == Family::RayTriangle || query.family == Family::SegmentTriangle ||
                          query.family == Family::RayMesh;
    auto solid = [](const Shape& s) {
        const ShapeKind k = KindOf(s);
        return k == ShapeKind::Aabb || k == ShapeKind::Obb || k == ShapeKind::Sphere || k == ShapeKind::Triangle;
    };
    const std::string family(FamilyName(query.family));
    switch (kind) {
    case ExerciseKind::Verdict:
        return "";
    case ExerciseKind::T:
        return IsCast(query.family) ? "" : "a t answer needs a ray or segment cast, not " + family;
    case ExerciseKind::Barycentric:
        return triangle ? "" : "a barycentric answer needs a ray or segment against a triangle or mesh, not " + family;
    case ExerciseKind::Axis:
        return !IsCast(query.family) && !CandidateAxes(query.a, query.b).empty()
                   ? ""
                   : "an axis answer needs two boxes, oriented boxes, triangles or points, not " + family;
    case ExerciseKind::Penetration:
        return !IsCast(query.family) && solid(query.a) && solid(query.b)
                   ? ""
                   : "a penetration answer needs two of box, oriented box, sphere and triangle, not " + family;
    }
    return "";
}

bool ReadVector(Reader& r, const json& object, const char* key, const std::string& path, glm::dvec3& out)
{
    const auto it = object.find(key);
    if (it == object.end() || !it->is_array() || it->size() != 3) {
        return r.Fail(path + key, "expected an array of 3 numbers");
    }
    for (int i = 0; i < 3; ++i) {
        const json& v = (*it)[size_t(i)];
        if (!v.is_number() || !std::isfinite(v.get<double>())) {
            return r.Fail(path + key + "[" + std::to_string(i) + "]", "expected a finite number, got " + TypeOf(v));
        }
        out[i] = v.get<double>();
    }
    return true;
}

/// A required number of the model answer.
bool RequiredNumber(Reader& r, const json& model, const char* key, const std::string& path, double& out)
{
    if (!model.contains(key)) {
        return r.Fail(path + key, "missing (a number)");
    }
    return r.Number(model, key, path, out);
}

bool ReadAxis(Reader& r, const json& model, const std::string& path, const Query& query, ExerciseAnswer& out)
{
    if (!model.contains("axis")) {
        return r.Fail(path + "axis", "missing (the name of a candidate axis)");
    }
    if (!r.String(model, "axis", path, out.axis)) {
        return false;
    }
    std::string names;
    for (const CandidateAxis& axis : CandidateAxes(query.a, query.b)) {
        if (axis.name == out.axis) {
            return true;
        }
        names += (names.empty() ? "" : ", ") + axis.name;
    }
    return r.Fail(path + "axis",
                  "\"" + out.axis + "\" is not a candidate axis of the pair (expected one of " + names + ")");
}

bool ReadModel(Reader& r, const json& model, const std::string& path, ExerciseKind kind, const Query& query,
               ExerciseAnswer& out)
{
    if (!model.is_object()) {
        return r.Fail(path, "expected an object (the model answer), got " + TypeOf(model));
    }
    const std::string prefix = path + ".";
    switch (kind) {
    case ExerciseKind::Verdict:
        r.WarnUnknownKeys(model, path, {"hit"});
        if (!model.contains("hit")) {
            return r.Fail(prefix + "hit", "missing (true or false)");
        }
        return r.Bool(model, "hit", prefix, out.hit);
    case ExerciseKind::T:
        r.WarnUnknownKeys(model, path, {"t"});
        return RequiredNumber(r, model, "t", prefix, out.t);
    case ExerciseKind::Axis:
        r.WarnUnknownKeys(model, path, {"axis"});
        return ReadAxis(r, model, prefix, query, out);
    case ExerciseKind::Barycentric:
        r.WarnUnknownKeys(model, path, {"u", "v"});
        return RequiredNumber(r, model, "u", prefix, out.u) && RequiredNumber(r, model, "v", prefix, out.v);
    case ExerciseKind::Penetration:
        r.WarnUnknownKeys(model, path, {"direction", "depth"});
        if (!ReadVector(r, model, "direction", prefix, out.direction) ||
            !RequiredNumber(r, model, "depth", prefix, out.depth)) {
            return false;
        }
        if (out.direction == glm::dvec3(0.0)) {
            return r.Fail(prefix + "direction", "must be nonzero, got [0, 0, 0]");
        }
        return out.depth >= 0 || r.Fail(prefix + "depth", "must be >= 0");
    }
    return true;
}

bool ReadTolerance(Reader& r, const json& item, const std::string& prefix, Exercise& e)
{
    const bool given = item.contains("tolerance");
    if (!ExerciseHasTolerance(e.kind)) {
        return !given || r.Fail(prefix + "tolerance", "only t, barycentric and penetration answers have a tolerance");
    }
    if (!given) {
        return r.Fail(prefix + "tolerance", "missing (the largest error a right answer may have, e.g. 0.01)");
    }
    if (!r.Number(item, "tolerance", prefix, e.tolerance)) {
        return false;
    }
    return e.tolerance >= 0 || r.Fail(prefix + "tolerance", "must be >= 0");
}

bool ReadOneExercise(Reader& r, const json& item, const std::string& path, const Scene& scene, Exercise& e)
{
    if (!item.is_object()) {
        return r.Fail(path, "expected an exercise object, got " + TypeOf(item));
    }
    r.WarnUnknownKeys(item, path, {"question", "pair", "kind", "tolerance", "model"});
    const std::string prefix = path + ".";
    if (!r.String(item, "question", prefix, e.question)) {
        return false;
    }
    if (e.question.empty()) {
        return r.Fail(prefix + "question", "missing (the question for the student)");
    }
    const auto pair = item.find("pair");
    if (pair == item.end() || !pair->is_array() || pair->size() != 2 || !(*pair)[0].is_string() ||
        !(*pair)[1].is_string()) {
        return r.Fail(prefix + "pair", "expected two shape names, [\"ray\", \"box\"]");
    }
    e.a = (*pair)[0].get<std::string>();
    e.b = (*pair)[1].get<std::string>();
    std::string message;
    const std::optional<SceneQuery> q = ExerciseQuery(scene, e, message);
    if (!q) {
        return r.Fail(prefix + "pair", message);
    }
    const auto kind = item.find("kind");
    if (kind == item.end() || !kind->is_string() || !ExerciseKindFromName(kind->get<std::string>())) {
        return r.Fail(prefix + "kind", "expected one of verdict, t, axis, barycentric, penetration");
    }
    e.kind = *ExerciseKindFromName(kind->get<std::string>());
    const Query query = scene.MakeQuery(*q);
    if (const std::string misfit = KindMisfit(e.kind, query); !misfit.empty()) {
        return r.Fail(prefix + "kind", misfit);
    }
    if (!ReadTolerance(r, item, prefix, e)) {
        return false;
    }
    if (!item.contains("model")) {
        return r.Fail(prefix + "model", "missing (the model answer)");
    }
    return ReadModel(r, item["model"], prefix + "model", e.kind, query, e.model);
}

ordered_json ModelToJson(const Exercise& e)
{
    ordered_json model = ordered_json::object();
    switch (e.kind) {
    case ExerciseKind::Verdict:
        model["hit"] = e.model.hit;
        break;
    case ExerciseKind::T:
        model["t"] = e.model.t;
        break;
    case ExerciseKind::Axis:
        model["axis"] = e.model.axis;
        break;
    case ExerciseKind::Barycentric:
        model["u"] = e.model.u;
        model["v"] = e.model.v;
        break;
    case ExerciseKind::Penetration:
        model["direction"] = {e.model.direction.x, e.model.direction.y, e.model.direction.z};
        model["depth"] = e.model.depth;
        break;
    }
    return model;
}

} // namespace

bool ReadExercises(Reader& r, const json& exercises, Scene& scene)
{
    if (!exercises.is_array()) {
        return r.Fail("exercises", "expected an array of exercise objects, got " + TypeOf(exercises));
    }
    for (size_t i = 0; i < exercises.size(); ++i) {
        Exercise e;
        if (!ReadOneExercise(r, exercises[i], "exercises[" + std::to_string(i) + "]", scene, e)) {
            return false;
        }
        scene.exercises.push_back(std::move(e));
    }
    return true;
}

ordered_json ExercisesToJson(const std::vector<Exercise>& exercises)
{
    ordered_json out = ordered_json::array();
    for (const Exercise& e : exercises) {
        ordered_json item;
        item["question"] = e.question;
        item["pair"] = {e.a, e.b};
        item["kind"] = ExerciseKindName(e.kind);
        if (ExerciseHasTolerance(e.kind)) {
            item["tolerance"] = e.tolerance;
        }
        item["model"] = ModelToJson(e);
        out.push_back(std::move(item));
    }
    return out;
}

} // namespace detail

} // namespace hitlab
