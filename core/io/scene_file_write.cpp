// Writing scene files: the scene as JSON, the atomic save, and scene equality (what a round
// trip must keep). Reading is scene_file.cpp.
#include "scene_file.h"

#include "atomic_file.h"
#include "protocol.h"
#include "scene_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hitlab {

using nlohmann::ordered_json;

namespace {

std::string ColorText(const glm::vec4& c)
{
    auto byte = [](float x) { return static_cast<unsigned>(std::lround(std::clamp(x, 0.0f, 1.0f) * 255.0f)); };
    char text[16];
    if (byte(c.w) == 255) {
        std::snprintf(text, sizeof text, "#%02x%02x%02x", byte(c.x), byte(c.y), byte(c.z));
    } else {
        std::snprintf(text, sizeof text, "#%02x%02x%02x%02x", byte(c.x), byte(c.y), byte(c.z), byte(c.w));
    }
    return text;
}

/// A coordinate as the protocol writes numbers, except that -0 stays -0: the sign of a zero
/// direction component decides some published ray/box methods (slab_robust), so a scene keeps it.
ordered_json GeometryNumber(double value)
{
    return value == 0.0 && std::signbit(value) ? ordered_json(-0.0) : JsonNumber(value);
}

ordered_json GeometryVec3(const glm::dvec3& v)
{
    return ordered_json::array({GeometryNumber(v.x), GeometryNumber(v.y), GeometryNumber(v.z)});
}

/// A mesh's file name when it came from a file unchanged and byName, else its vertices and triangles.
void MeshToJson(const Mesh<double>& mesh, bool byName, ordered_json& j)
{
    if (byName && mesh.data && !mesh.data->file.empty()) {
        j["file"] = mesh.data->file;
        return;
    }
    ordered_json vertices = ordered_json::array();
    ordered_json triangles = ordered_json::array();
    if (mesh.data) {
        for (const glm::dvec3& v : mesh.data->vertices) {
            vertices.push_back(GeometryVec3(v));
        }
        for (const auto& t : mesh.data->triangles) {
            triangles.push_back(ordered_json::array({t[0], t[1], t[2]}));
        }
    }
    j["vertices"] = std::move(vertices);
    j["triangles"] = std::move(triangles);
}

} // namespace

ordered_json ShapeToJson(const Shape& shape, bool meshFileByName)
{
    ordered_json j;
    j["type"] = ShapeTypeName(shape);
    switch (KindOf(shape)) {
    case ShapeKind::Ray: {
        const auto& s = std::get<Ray<double>>(shape);
        j["origin"] = GeometryVec3(s.origin);
        j["direction"] = GeometryVec3(s.direction);
        break;
    }
    case ShapeKind::Segment: {
        const auto& s = std::get<Segment<double>>(shape);
        j["start"] = GeometryVec3(s.start);
        j["end"] = GeometryVec3(s.end);
        break;
    }
    case ShapeKind::Plane: {
        const auto& s = std::get<Plane<double>>(shape);
        j["normal"] = GeometryVec3(s.normal);
        j["distance"] = GeometryNumber(s.distance);
        break;
    }
    case ShapeKind::Aabb: {
        const auto& s = std::get<Aabb<double>>(shape);
        j["min"] = GeometryVec3(s.min);
        j["max"] = GeometryVec3(s.max);
        break;
    }
    case ShapeKind::Sphere: {
        const auto& s = std::get<Sphere<double>>(shape);
        j["center"] = GeometryVec3(s.center);
        j["radius"] = GeometryNumber(s.radius);
        break;
    }
    case ShapeKind::Obb: {
        const auto& s = std::get<Obb<double>>(shape);
        j["center"] = GeometryVec3(s.center);
        j["half_extents"] = GeometryVec3(s.halfExtents);
        j["axes"] = ordered_json::array({GeometryVec3(s.axes[0]), GeometryVec3(s.axes[1]), GeometryVec3(s.axes[2])});
        break;
    }
    case ShapeKind::Point:
        j["position"] = GeometryVec3(std::get<Point<double>>(shape).position);
        break;
    case ShapeKind::Triangle: {
        const auto& v = std::get<Triangle<double>>(shape).vertices;
        j["vertices"] = ordered_json::array({GeometryVec3(v[0]), GeometryVec3(v[1]), GeometryVec3(v[2])});
        break;
    }
    case ShapeKind::Mesh:
        MeshToJson(std::get<Mesh<double>>(shape), meshFileByName, j);
        break;
    case ShapeKind::Convex: {
        const auto& convex = std::get<Convex<double>>(shape);
        ordered_json points = ordered_json::array();
        for (size_t i = 0; i < convex.PointCount(); ++i) {
            points.push_back(GeometryVec3(convex.data->points[i]));
        }
        j["points"] = std::move(points);
        break;
    }
    }
    return j;
}

namespace {

/// "shapes": each with its id, name, colour and visibility, then its geometry (ShapeToJson).
ordered_json ShapesToJson(const Scene& scene)
{
    ordered_json shapes = ordered_json::array();
    for (const SceneShape& s : scene.Shapes()) {
        ordered_json item;
        item["id"] = s.id;
        item["name"] = s.name;
        item["color"] = ColorText(s.color);
        item["visible"] = s.visible;
        const ordered_json geometry = ShapeToJson(s.shape, true);
        for (const auto& [key, value] : geometry.items()) {
            item[key] = value;
        }
        shapes.push_back(std::move(item));
    }
    return shapes;
}

/// "ray_fans": the fans whose target is still a shape a fan can aim at.
ordered_json FansToJson(const Scene& scene)
{
    ordered_json fans = ordered_json::array();
    for (const SceneFan& f : scene.Fans()) {
        const SceneShape* target = scene.Find(f.target);
        if (target == nullptr || !IsFanTarget(target->shape)) {
            continue; // a fan whose target is gone would make the file unreadable
        }
        ordered_json item;
        item["id"] = f.id;
        item["name"] = f.name;
        item["origin"] = GeometryVec3(f.origin);
        item["target"] = f.target;
        item["n"] = f.n;
        item["enabled"] = f.enabled;
        fans.push_back(std::move(item));
    }
    return fans;
}

/// "queries.families": the families whose settings differ from the defaults (which are not written).
ordered_json FamilySettingsToJson(const Scene& scene)
{
    ordered_json families = ordered_json::object();
    for (Family family : AllFamilies()) {
        const FamilySettings& s = scene.Settings(family);
        const FamilySettings d = DefaultSettings(family);
        if (s.enabled == d.enabled && s.drawn == d.drawn && s.precision == d.precision) {
            continue; // defaults are not written
        }
        ordered_json f;
        if (s.enabled == d.enabled) {
            f["algorithms"] = "all";
        } else {
            f["algorithms"] = ordered_json::array();
            for (const AlgorithmInfo* info : s.enabled) {
                f["algorithms"].push_back(std::string(info->name));
            }
        }
        if (s.drawn != nullptr) {
            f["draw"] = std::string(s.drawn->name);
        }
        f["precision"] = PrecisionName(s.precision);
        families[std::string(FamilyName(family))] = std::move(f);
    }
    return families;
}

/// "queries": solid pairs on or off, the disabled pairs and the families' settings.
ordered_json QueriesToJson(const Scene& scene)
{
    ordered_json queries;
    queries["solid_pairs"] = scene.SolidPairsEnabled();
    ordered_json pairs = ordered_json::array();
    for (const PairKey& p : scene.DisabledPairs()) {
        pairs.push_back({p.lo, p.hi});
    }
    queries["disabled_pairs"] = std::move(pairs);
    queries["families"] = FamilySettingsToJson(scene);
    return queries;
}

ordered_json CameraToJson(const CameraState& view)
{
    ordered_json camera;
    camera["target"] = JsonVec3(view.target);
    camera["distance"] = JsonNumber(view.distance);
    camera["yaw_deg"] = JsonNumber(view.yawDeg);
    camera["pitch_deg"] = JsonNumber(view.pitchDeg);
    camera["projection"] = view.orthographic ? "orthographic" : "perspective";
    camera["view"] = view.view2d ? "2d" : "3d";
    return camera;
}

} // namespace

ordered_json SceneToJson(const Scene& scene)
{
    ordered_json j;
    j["format"] = kSceneFormatName;
    j["version"] = kSceneFormatVersion;
    j["title"] = scene.title;
    j["description"] = scene.description;
    if (!scene.look.empty()) {
        j["look"] = scene.look;
    }
    if (!scene.question.empty()) {
        j["question"] = scene.question;
    }
    if (!scene.plugins.empty()) {
        j["plugins"] = scene.plugins;
    }
    j["shapes"] = ShapesToJson(scene);
    if (!scene.Fans().empty()) {
        j["ray_fans"] = FansToJson(scene);
    }
    j["queries"] = QueriesToJson(scene);
    j["camera"] = CameraToJson(scene.camera);
    if (!scene.expect.empty()) {
        j["expect"] = detail::ExpectationsToJson(scene.expect);
    }
    if (!scene.exercises.empty()) {
        j["exercises"] = detail::ExercisesToJson(scene.exercises);
    }
    return j;
}

IoError SaveSceneFile(const Scene& scene, const std::string& path)
{
    return WriteFileAtomically(path, SceneToJson(scene).dump(2) + "\n");
}

bool SameScene(const Scene& a, const Scene& b)
{
    if (a.title != b.title || a.description != b.description || a.look != b.look || a.question != b.question ||
        a.expect != b.expect || a.exercises != b.exercises || a.plugins != b.plugins ||
        a.Shapes().size() != b.Shapes().size() || a.DisabledPairs() != b.DisabledPairs() ||
        a.SolidPairsEnabled() != b.SolidPairsEnabled() || a.Fans() != b.Fans()) {
        return false;
    }
    for (size_t i = 0; i < a.Shapes().size(); ++i) {
        const SceneShape& x = a.Shapes()[i];
        const SceneShape& y = b.Shapes()[i];
        if (x.id != y.id || x.name != y.name || x.color != y.color || x.visible != y.visible || !(x.shape == y.shape)) {
            return false;
        }
    }
    for (Family family : AllFamilies()) {
        const FamilySettings& x = a.Settings(family);
        const FamilySettings& y = b.Settings(family);
        if (x.enabled != y.enabled || x.drawn != y.drawn || x.precision != y.precision) {
            return false;
        }
    }
    const CameraState& c = a.camera;
    const CameraState& d = b.camera;
    return c.target == d.target && c.distance == d.distance && c.yawDeg == d.yawDeg && c.pitchDeg == d.pitchDeg &&
           c.orthographic == d.orthographic && c.view2d == d.view2d;
}

} // namespace hitlab
