// public.jsonl case lines -> hitlab::Query.
#include "support/cases.h"

#include "core/rotation.h"

#include <fstream>
#include <stdexcept>

namespace hitlab::test {

namespace {

double Number(const nlohmann::json& object, const char* key)
{
    if (!object.contains(key) || !object.at(key).is_number()) {
        throw std::invalid_argument(std::string("'") + key + "' must be a number");
    }
    return object.at(key).get<double>();
}

glm::dvec3 Vec3At(const nlohmann::json& array, const char* what)
{
    if (!array.is_array() || array.size() != 3) {
        throw std::invalid_argument(std::string("'") + what + "' must be an array of three numbers");
    }
    glm::dvec3 v;
    for (int i = 0; i < 3; ++i) {
        if (!array[static_cast<size_t>(i)].is_number()) {
            throw std::invalid_argument(std::string("'") + what + "' must be an array of three numbers");
        }
        v[i] = array[static_cast<size_t>(i)].get<double>();
    }
    return v;
}

} // namespace

glm::dvec3 ParseVec3(const nlohmann::json& object, const char* key)
{
    if (!object.contains(key)) {
        throw std::invalid_argument(std::string("missing '") + key + "'");
    }
    return Vec3At(object.at(key), key);
}

Shape ParseShapeJson(const nlohmann::json& shape)
{
    if (!shape.is_object() || !shape.contains("type") || !shape.at("type").is_string()) {
        throw std::invalid_argument("a shape must be an object with a string 'type'");
    }
    const std::string type = shape.at("type").get<std::string>();
    if (type == "ray") {
        return Ray<double>{ParseVec3(shape, "origin"), ParseVec3(shape, "direction")};
    }
    if (type == "segment") {
        return Segment<double>{ParseVec3(shape, "start"), ParseVec3(shape, "end")};
    }
    if (type == "plane") {
        return Plane<double>{ParseVec3(shape, "normal"), Number(shape, "distance")};
    }
    if (type == "aabb") {
        return Aabb<double>{ParseVec3(shape, "min"), ParseVec3(shape, "max")};
    }
    if (type == "sphere") {
        return Sphere<double>{ParseVec3(shape, "center"), Number(shape, "radius")};
    }
    if (type == "obb") {
        Obb<double> obb;
        obb.center = ParseVec3(shape, "center");
        obb.halfExtents = ParseVec3(shape, "half_extents");
        if (shape.contains("axes")) {
            const nlohmann::json& axes = shape.at("axes");
            if (!axes.is_array() || axes.size() != 3) {
                throw std::invalid_argument("'axes' must be an array of three vectors");
            }
            for (size_t i = 0; i < 3; ++i) {
                obb.axes[i] = Vec3At(axes[i], "axes");
            }
        } else if (shape.contains("rotation_deg")) {
            obb.axes = AxesFromRotationDegrees(ParseVec3(shape, "rotation_deg")); // columns of Rx Ry Rz
        } else {
            throw std::invalid_argument("an obb needs 'axes' or 'rotation_deg'");
        }
        return obb;
    }
    throw std::invalid_argument("unknown shape type '" + type + "'");
}

Query ParseQueryJson(const nlohmann::json& line)
{
    if (!line.is_object() || !line.contains("query") || !line.at("query").is_string()) {
        throw std::invalid_argument("missing string 'query'");
    }
    const std::optional<Family> family = FamilyFromName(line.at("query").get<std::string>());
    if (!family) {
        throw std::invalid_argument("unknown family '" + line.at("query").get<std::string>() + "'");
    }
    if (!line.contains("a") || !line.contains("b")) {
        throw std::invalid_argument("missing 'a' or 'b'");
    }
    Query query{*family, ParseShapeJson(line.at("a")), ParseShapeJson(line.at("b"))};
    if (!QueryShapesMatch(query)) {
        throw std::invalid_argument("shape types do not match the family");
    }
    return query;
}

Case ParseCaseLine(const std::string& line)
{
    const nlohmann::json j = nlohmann::json::parse(line);
    Case c;
    c.kind = j.value("kind", "");
    if (j.contains("expect")) {
        const nlohmann::json& e = j.at("expect");
        c.expect.error = e.value("error", false);
        c.expect.hit = e.value("hit", false);
        c.expect.exact = e.value("exact", true);
        c.expect.tExact = e.value("t_exact", true);
        c.expect.depthExact = e.value("depth_exact", true);
        const auto optional = [&e](const char* key) -> std::optional<double> {
            return e.contains(key) && e.at(key).is_number() ? std::optional<double>(e.at(key).get<double>())
                                                            : std::nullopt;
        };
        c.expect.tEnter = optional("t_enter");
        c.expect.tExit = optional("t_exit");
        c.expect.depth = optional("depth");
        c.expect.margin = optional("margin");
    }
    if (j.contains("raw")) {
        c.isRaw = true;
        c.raw = j.at("raw").get<std::string>();
        return c;
    }
    c.id = j.value("id", nlohmann::json());
    try {
        c.query = ParseQueryJson(j);
    } catch (const std::exception& error) {
        c.parseError = error.what();
    }
    return c;
}

std::vector<Case> LoadCases()
{
    std::ifstream in(HITLAB_TEST_DATA "/public.jsonl");
    if (!in) {
        throw std::runtime_error("cannot open " HITLAB_TEST_DATA "/public.jsonl");
    }
    std::vector<Case> cases;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty()) {
            cases.push_back(ParseCaseLine(line));
        }
    }
    return cases;
}

std::vector<Case> LoadCases(Family family)
{
    std::vector<Case> out;
    for (Case& c : LoadCases()) {
        if (!c.isRaw && !c.expect.error && c.query && c.query->family == family) {
            out.push_back(std::move(c));
        }
    }
    return out;
}

} // namespace hitlab::test
