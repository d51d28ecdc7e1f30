// Reading the protocol's shapes (docs/protocol.md#shapes) with every validation the protocol
// asks for, and the precision check of a shape; the message helpers shared with protocol.cpp.
#include "protocol.h"
#include "protocol_detail.h"

#include "core/rotation.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace hitlab {

namespace detail {

using nlohmann::json;

std::string Quote(std::string_view text)
{
    constexpr std::size_t kMax = 40;
    if (text.size() > kMax) {
        return "\"" + std::string(text.substr(0, kMax)) + "...\"";
    }
    return "\"" + std::string(text) + "\"";
}

/// What a JSON value is, for messages: `string "NaN"`, `an array of 6 elements`, `-1`.
std::string Describe(const json& v)
{
    switch (v.type()) {
    case json::value_t::null:
        return "null";
    case json::value_t::boolean:
        return v.get<bool>() ? "true" : "false";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
        return NumberText(v.get<double>());
    case json::value_t::string:
        return "string " + Quote(v.get_ref<const std::string&>());
    case json::value_t::array:
        return "an array of " + std::to_string(v.size()) + (v.size() == 1 ? " element" : " elements");
    case json::value_t::object:
        return "an object";
    default:
        return "an unsupported value";
    }
}

std::string Join(const std::vector<std::string_view>& names)
{
    std::string out;
    for (std::string_view name : names) {
        out += out.empty() ? "" : ", ";
        out += name;
    }
    return out;
}

std::string FamilyNames()
{
    std::vector<std::string_view> names;
    for (Family family : AllFamilies()) {
        names.push_back(FamilyName(family));
    }
    return Join(names);
}

// ---- numbers and vectors: each returns "" or the error ----

IoError ReadNumber(const json& v, const std::string& path, double& out)
{
    if (!v.is_number()) {
        return {path, "expected a number, got " + Describe(v)};
    }
    out = v.get<double>();
    if (!std::isfinite(out)) {
        return {path, "must be finite, got " + NumberText(out)};
    }
    return {};
}

IoError ReadVec3(const json& v, const std::string& path, glm::dvec3& out)
{
    if (!v.is_array()) {
        return {path, "expected an array of 3 numbers, got " + Describe(v)};
    }
    if (v.size() != 3) {
        return {path, "expected an array of 3 numbers, got " + std::to_string(v.size()) +
                          (v.size() == 1 ? " element" : " elements")};
    }
    for (int i = 0; i < 3; ++i) {
        if (IoError e = ReadNumber(v[size_t(i)], path + "[" + std::to_string(i) + "]", out[i]); !e.what.empty()) {
            return e;
        }
    }
    return {};
}

} // namespace detail

namespace {

using nlohmann::json;
using namespace detail;

/// The member `key` of a shape object, or the "missing" error naming what the shape needs.
IoError Member(const json& object, const char* key, const std::string& path, const char* needs, const json*& out)
{
    const auto it = object.find(key);
    if (it == object.end()) {
        return {path + "." + key, std::string("missing (") + needs + ")"};
    }
    out = &*it;
    return {};
}

IoError MemberNumber(const json& object, const char* key, const std::string& path, const char* needs, double& out)
{
    const json* v = nullptr;
    if (IoError e = Member(object, key, path, needs, v); !e.what.empty()) {
        return e;
    }
    return ReadNumber(*v, path + "." + key, out);
}

IoError MemberVec3(const json& object, const char* key, const std::string& path, const char* needs, glm::dvec3& out)
{
    const json* v = nullptr;
    if (IoError e = Member(object, key, path, needs, v); !e.what.empty()) {
        return e;
    }
    return ReadVec3(*v, path + "." + key, out);
}

IoError NonNegative(const std::string& path, double v)
{
    return v >= 0 ? IoError{} : IoError{path, "must be >= 0, got " + NumberText(v)};
}

IoError NonZero(const std::string& path, const glm::dvec3& v)
{
    return v != glm::dvec3(0) ? IoError{} : IoError{path, "must be nonzero, got " + VecText(v)};
}

// ---- the shapes ----

IoError ReadAxes(const json& v, const std::string& path, std::array<glm::dvec3, 3>& axes)
{
    if (!v.is_array() || v.size() != 3) {
        return {path, "expected an array of 3 vectors (the box's local x, y and z axes), got " + Describe(v)};
    }
    for (int i = 0; i < 3; ++i) {
        if (IoError e = ReadVec3(v[size_t(i)], path + "[" + std::to_string(i) + "]", axes[size_t(i)]);
            !e.what.empty()) {
            return e;
        }
    }
    for (int i = 0; i < 3; ++i) {
        const double length = glm::length(axes[size_t(i)]);
        if (!(std::abs(length - 1) <= kAxesTolerance)) {
            return {path,
                    "must be orthonormal within 1e-4, got |axes[" + std::to_string(i) + "]| = " + NumberText(length)};
        }
    }
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3;
        const int lo = std::min(i, j), hi = std::max(i, j);
        const double d = glm::dot(axes[size_t(lo)], axes[size_t(hi)]);
        if (!(std::abs(d) <= kAxesTolerance)) {
            return {path, "must be orthonormal within 1e-4, got axes[" + std::to_string(lo) + "] . axes[" +
                              std::to_string(hi) + "] = " + NumberText(d)};
        }
    }
    return {};
}

IoError ReadObb(const json& j, const std::string& path, Obb<double>& obb)
{
    constexpr const char* kNeeds = "an obb needs \"center\", \"half_extents\", and \"axes\" or \"rotation_deg\"";
    if (IoError e = MemberVec3(j, "center", path, kNeeds, obb.center); !e.what.empty()) {
        return e;
    }
    if (IoError e = MemberVec3(j, "half_extents", path, kNeeds, obb.halfExtents); !e.what.empty()) {
        return e;
    }
    for (int i = 0; i < 3; ++i) {
        if (IoError e = NonNegative(path + ".half_extents[" + std::to_string(i) + "]", obb.halfExtents[i]);
            !e.what.empty()) {
            return e;
        }
    }
    const auto axes = j.find("axes");
    const auto rotation = j.find("rotation_deg");
    if (axes == j.end() && rotation == j.end()) {
        return {path, std::string("missing \"axes\" or \"rotation_deg\" (") + kNeeds + ")"};
    }
    // rotation_deg is checked even when axes win: a malformed value is never silently ignored.
    glm::dvec3 degrees{0};
    if (rotation != j.end()) {
        if (IoError e = ReadVec3(*rotation, path + ".rotation_deg", degrees); !e.what.empty()) {
            return e;
        }
    }
    if (axes != j.end()) {
        return ReadAxes(*axes, path + ".axes", obb.axes);
    }
    // Rx * Ry * Rz applied to column vectors, each angle reduced exactly modulo 360 first
    obb.axes = AxesFromRotationDegrees(degrees);
    return {};
}

IoError ReadRay(const json& j, const std::string& path, Ray<double>& ray)
{
    constexpr const char* kNeeds = "a ray needs \"origin\" and \"direction\"";
    if (IoError e = MemberVec3(j, "origin", path, kNeeds, ray.origin); !e.what.empty()) {
        return e;
    }
    if (IoError e = MemberVec3(j, "direction", path, kNeeds, ray.direction); !e.what.empty()) {
        return e;
    }
    return NonZero(path + ".direction", ray.direction);
}

IoError ReadSegment(const json& j, const std::string& path, Segment<double>& segment)
{
    constexpr const char* kNeeds = "a segment needs \"start\" and \"end\"";
    if (IoError e = MemberVec3(j, "start", path, kNeeds, segment.start); !e.what.empty()) {
        return e;
    }
    return MemberVec3(j, "end", path, kNeeds, segment.end);
}

IoError ReadPlane(const json& j, const std::string& path, Plane<double>& plane)
{
    constexpr const char* kNeeds = "a plane needs \"normal\" and \"distance\"";
    if (IoError e = MemberVec3(j, "normal", path, kNeeds, plane.normal); !e.what.empty()) {
        return e;
    }
    if (IoError e = MemberNumber(j, "distance", path, kNeeds, plane.distance); !e.what.empty()) {
        return e;
    }
    return NonZero(path + ".normal", plane.normal);
}

IoError ReadAabb(const json& j, const std::string& path, Aabb<double>& box)
{
    constexpr const char* kNeeds = "an aabb needs \"min\" and \"max\"";
    if (IoError e = MemberVec3(j, "min", path, kNeeds, box.min); !e.what.empty()) {
        return e;
    }
    if (IoError e = MemberVec3(j, "max", path, kNeeds, box.max); !e.what.empty()) {
        return e;
    }
    for (int i = 0; i < 3; ++i) {
        if (!(box.min[i] <= box.max[i])) {
            const std::string axis = std::to_string(i);
            return {path + ".min[" + axis + "]",
                    "must be <= max[" + axis + "], got " + NumberText(box.min[i]) + " > " + NumberText(box.max[i])};
        }
    }
    return {};
}

IoError ReadSphere(const json& j, const std::string& path, Sphere<double>& sphere)
{
    constexpr const char* kNeeds = "a sphere needs \"center\" and \"radius\"";
    if (IoError e = MemberVec3(j, "center", path, kNeeds, sphere.center); !e.what.empty()) {
        return e;
    }
    if (IoError e = MemberNumber(j, "radius", path, kNeeds, sphere.radius); !e.what.empty()) {
        return e;
    }
    return NonNegative(path + ".radius", sphere.radius);
}

IoError ReadPoint(const json& j, const std::string& path, Point<double>& point)
{
    return MemberVec3(j, "position", path, "a point needs \"position\"", point.position);
}

/// Reads a shape of type S with read, and stores it in out only when it reads without error.
template <typename S>
IoError ReadInto(IoError (*read)(const json&, const std::string&, S&), const json& j, const std::string& path,
                 Shape& out)
{
    S shape;
    if (IoError e = read(j, path, shape); !e.what.empty()) {
        return e;
    }
    out = shape;
    return {};
}

/// Reads the shape of the (already checked) kind into out.
IoError ReadShapeOfKind(const json& j, ShapeKind kind, const std::string& path, Shape& out)
{
    switch (kind) {
    case ShapeKind::Ray:
        return ReadInto(ReadRay, j, path, out);
    case ShapeKind::Segment:
        return ReadInto(ReadSegment, j, path, out);
    case ShapeKind::Plane:
        return ReadInto(ReadPlane, j, path, out);
    case ShapeKind::Aabb:
        return ReadInto(ReadAabb, j, path, out);
    case ShapeKind::Sphere:
        return ReadInto(ReadSphere, j, path, out);
    case ShapeKind::Obb:
        return ReadInto(ReadObb, j, path, out);
    case ShapeKind::Point:
        return ReadInto(ReadPoint, j, path, out);
    case ShapeKind::Triangle:
        return ReadInto(ReadTriangle, j, path, out);
    case ShapeKind::Mesh:
        return ReadInto(ReadMesh, j, path, out);
    case ShapeKind::Convex:
        return ReadInto(ReadConvex, j, path, out);
    }
    UnknownShapeKind(kind);
}

/// The keys a shape of the kind reads (besides "type", "name", "id" and "color").
std::vector<std::string_view> ShapeKeys(ShapeKind kind)
{
    switch (kind) {
    case ShapeKind::Ray:
        return {"origin", "direction"};
    case ShapeKind::Segment:
        return {"start", "end"};
    case ShapeKind::Plane:
        return {"normal", "distance"};
    case ShapeKind::Aabb:
        return {"min", "max"};
    case ShapeKind::Sphere:
        return {"center", "radius"};
    case ShapeKind::Obb:
        return {"center", "half_extents", "axes", "rotation_deg"};
    case ShapeKind::Point:
        return {"position"};
    case ShapeKind::Triangle:
        return {"vertices"};
    case ShapeKind::Mesh:
        return {"vertices", "triangles", "file"};
    case ShapeKind::Convex:
        return {"points"};
    }
    UnknownShapeKind(kind);
}

/// The protocol's type names, for messages: "ray, segment, ...".
std::string ShapeTypesText()
{
    std::string out;
    for (ShapeKind kind : kShapeKinds) {
        out += (out.empty() ? "" : ", ") + std::string(ShapeKindName(kind));
    }
    return out;
}

/// The shape's "type", checked to be a known type name (and expected, when given).
IoError ReadType(const json& j, const std::string& path, std::string_view expected, std::string_view family,
                 std::string& type, ShapeKind& kind)
{
    if (!j.is_object()) {
        return {path, "expected a shape object, got " + Describe(j)};
    }
    const auto it = j.find("type");
    if (it == j.end()) {
        return {path + ".type", "missing (expected one of " + ShapeTypesText() + ")"};
    }
    if (!it->is_string()) {
        return {path + ".type", "expected a string (one of " + ShapeTypesText() + "), got " + Describe(*it)};
    }
    type = it->get<std::string>();
    const std::optional<ShapeKind> known = ShapeKindFromName(type);
    if (!known) {
        return {path + ".type", "unknown shape type " + Quote(type) + " (expected one of " + ShapeTypesText() + ")"};
    }
    kind = *known;
    if (!expected.empty() && type != expected) {
        return {path + ".type",
                "expected \"" + std::string(expected) + "\" for " + std::string(family) + ", got " + Quote(type)};
    }
    return {};
}

} // namespace

Parsed<Shape> detail::ParseShapeExpecting(const json& j, const std::string& path, std::string_view expected,
                                          std::string_view family, std::vector<std::string>* warnings)
{
    Parsed<Shape> out;
    std::string type;
    ShapeKind kind = ShapeKind::Ray;
    if (IoError e = ReadType(j, path, expected, family, type, kind); !e.what.empty()) {
        out.error = std::move(e);
        return out;
    }
    Shape shape;
    if (IoError e = ReadShapeOfKind(j, kind, path, shape); !e.what.empty()) {
        out.error = std::move(e);
        return out;
    }
    if (warnings != nullptr) {
        const std::vector<std::string_view> keys = ShapeKeys(kind);
        for (const auto& [key, value] : j.items()) {
            if (key != "type" && key != "name" && key != "id" && key != "color" &&
                std::find(keys.begin(), keys.end(), key) == keys.end()) {
                warnings->push_back(path + "." + key + ": unknown key ignored (a " + type + " has " + Join(keys) + ")");
            }
        }
    }
    out.value = std::move(shape);
    return out;
}

Parsed<Shape> ParseShape(const json& json, const std::string& path, std::vector<std::string>* warnings)
{
    return ParseShapeExpecting(json, path, {}, {}, warnings);
}

} // namespace hitlab
