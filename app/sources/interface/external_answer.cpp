// Writing query lines and reading answer lines of the external line protocol.
#include "external_answer.h"

#include "core/io/protocol.h"
#include "core/io/protocol_detail.h"
#include "core/io/scene_file.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hitlab {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

/// The shape as the program computes on it: rounded to float and back in float precision.
Shape InPrecision(const Shape& shape, Precision precision)
{
    if (precision == Precision::Double) {
        return shape;
    }
    return std::visit([](const auto& s) -> Shape { return ShapeCast<double>(s); }, ToFloat(shape));
}

/// A result number: a JSON number, or "inf", "-inf", "nan" as `hitlab eval` writes them.
std::string ReadResultNumber(const json& v, const std::string& path, double& out)
{
    if (v.is_number()) {
        out = v.get<double>();
        return "";
    }
    if (v.is_string()) {
        const std::string s = v.get<std::string>();
        if (s == "inf" || s == "-inf" || s == "nan") {
            out = s == "nan" ? std::numeric_limits<double>::quiet_NaN()
                             : (s == "inf" ? 1.0 : -1.0) * std::numeric_limits<double>::infinity();
            return "";
        }
    }
    return path + ": expected a number (or \"inf\", \"-inf\", \"nan\"), got " + detail::Describe(v);
}

std::string ReadResultVec3(const json& v, const std::string& path, glm::dvec3& out)
{
    if (!v.is_array() || v.size() != 3) {
        return path + ": expected an array of 3 numbers, got " + detail::Describe(v);
    }
    for (int i = 0; i < 3; ++i) {
        const std::string error = ReadResultNumber(v[size_t(i)], path + "[" + std::to_string(i) + "]", out[i]);
        if (!error.empty()) {
            return error;
        }
    }
    return "";
}

/// One optional field: present stays false when absent or null. required: missing or null is an error.
template <typename T>
std::string ReadField(const json& j, const std::string& path, const char* key, bool required, T& out, bool& present)
{
    present = false;
    const auto it = j.find(key);
    if (it == j.end() || it->is_null()) {
        return required ? path + "." + key + ": missing (the algorithm returns it and hit is true)" : "";
    }
    present = true;
    if constexpr (std::is_same_v<T, double>) {
        return ReadResultNumber(*it, path + "." + key, out);
    } else if constexpr (std::is_same_v<T, bool>) {
        out = it->is_boolean() && it->get<bool>();
        return it->is_boolean() ? ""
                                : path + "." + key + ": expected true, false or null, got " + detail::Describe(*it);
    } else if constexpr (std::is_same_v<T, std::uint32_t>) {
        const bool index = it->is_number_unsigned() && it->get<std::uint64_t>() < kMaxMeshTriangles;
        out = index ? static_cast<std::uint32_t>(it->get<std::uint64_t>()) : 0u;
        return index ? "" : path + "." + key + ": expected a triangle index, got " + detail::Describe(*it);
    } else {
        return ReadResultVec3(*it, path + "." + key, out);
    }
}

/// One step's named values: an object of finite numbers or null.
std::string ReadStepValues(const ordered_json& values, const std::string& at, ExternalStep& step)
{
    if (!values.is_object()) {
        return at + ": expected an object {name: number or null}, got " + detail::Describe(json(values));
    }
    for (const auto& [name, value] : values.items()) {
        if (value.is_null()) {
            step.values.emplace_back(name, std::nullopt);
        } else if (value.is_number() && std::isfinite(value.get<double>())) {
            step.values.emplace_back(name, value.get<double>());
        } else {
            return at + "." + name + ": expected a finite number or null, got " + detail::Describe(json(value));
        }
    }
    return "";
}

/// The optional "verdict" (text) and "trace" (an array of {"caption": text, "values": {...}}), read
/// from the result object as written (ordered: the values keep the program's order).
std::string ReadTrace(const ordered_json& j, const std::string& path, ExternalResult& out)
{
    if (const auto it = j.find("verdict"); it != j.end()) {
        if (!it->is_string()) {
            return path + ".verdict: expected a string, got " + detail::Describe(json(*it));
        }
        out.verdict = it->get<std::string>();
    }
    const auto it = j.find("trace");
    if (it == j.end()) {
        return "";
    }
    if (!it->is_array()) {
        return path + ".trace: expected an array of steps, got " + detail::Describe(json(*it));
    }
    for (size_t i = 0; i < it->size(); ++i) {
        const ordered_json& s = (*it)[i];
        const std::string at = path + ".trace[" + std::to_string(i) + "]";
        if (!s.is_object()) {
            return at + ": expected a step {\"caption\": text, \"values\": {name: number}}, got " +
                   detail::Describe(json(s));
        }
        const auto caption = s.find("caption");
        if (caption == s.end() || !caption->is_string()) {
            return at + ".caption: expected a string, got " +
                   (caption == s.end() ? std::string("nothing") : detail::Describe(json(*caption)));
        }
        ExternalStep step{caption->get<std::string>(), {}};
        if (const auto values = s.find("values"); values != s.end()) {
            if (std::string error = ReadStepValues(*values, at + ".values", step); !error.empty()) {
                return error;
            }
        }
        out.trace.push_back(std::move(step));
    }
    return "";
}

ExternalAnswer Bad(std::string message) { return {ExternalStatus::BadAnswer, std::move(message), {}}; }

const ExternalAlgorithm* Declared(const std::vector<ExternalAlgorithm>& declared, Family family,
                                  const std::string& name)
{
    for (const ExternalAlgorithm& a : declared) {
        if (a.family == family && a.name == name) {
            return &a;
        }
    }
    return nullptr;
}

} // namespace

const char* ExternalStatusName(ExternalStatus status)
{
    switch (status) {
    case ExternalStatus::Answered:
        return "answered";
    case ExternalStatus::Error:
        return "error";
    case ExternalStatus::Crashed:
        return "crashed";
    case ExternalStatus::BadAnswer:
        return "bad answer";
    case ExternalStatus::TimedOut:
        return "timed out";
    case ExternalStatus::NotRun:
        return "not run";
    }
    return "?";
}

std::string QueryLine(const ExternalQuery& query, std::int64_t id)
{
    ordered_json j = {{"id", id},
                      {"query", std::string(FamilyName(query.query.family))},
                      {"precision", PrecisionName(query.precision)},
                      {"a", ShapeToJson(InPrecision(query.query.a, query.precision))},
                      {"b", ShapeToJson(InPrecision(query.query.b, query.precision))},
                      {"algorithms", query.algorithms}};
    if (query.trace) {
        j["trace"] = true;
    }
    return j.dump();
}

std::string ReadExternalResult(const json& j, const std::string& path, Family family, std::uint32_t returns,
                               Result& out)
{
    out = Result{};
    if (!j.is_object()) {
        return path + ": expected a result object, got " + detail::Describe(j);
    }
    const auto hit = j.find("hit");
    if (hit == j.end() || !hit->is_boolean()) {
        return path + ".hit: expected true or false, got " + (hit == j.end() ? "nothing" : detail::Describe(*hit));
    }
    out.hit = hit->get<bool>();
    const auto needs = [&](Field f) { return out.hit && (returns & f) != 0; };
    bool present = false;
    std::string e;
    if (IsCast(family)) {
        e = ReadField(j, path, "t_enter", needs(kFieldTEnter), out.tEnter, present);
        e = e.empty() ? ReadField(j, path, "t_exit", needs(kFieldTExit), out.tExit, present) : e;
        e = e.empty() ? ReadField(j, path, "point", needs(kFieldPoint), out.point, present) : e;
        e = e.empty() ? ReadField(j, path, "normal", false, out.normal, out.hasNormal) : e;
        bool u = false, v = false;
        e = e.empty() ? ReadField(j, path, "u", needs(kFieldU), out.u, u) : e;
        e = e.empty() ? ReadField(j, path, "v", needs(kFieldV), out.v, v) : e;
        out.hasUv = u && v;
        e = e.empty() ? ReadField(j, path, "front", false, out.front, out.hasFront) : e; // null: in the plane
        e = e.empty() ? ReadField(j, path, "triangle", needs(kFieldTriangle), out.triangle, out.hasTriangle) : e;
        return e;
    }
    e = ReadField(j, path, "depth", needs(kFieldDepth), out.depth, present);
    e = e.empty() ? ReadField(j, path, "normal", needs(kFieldNormal), out.normal, out.hasNormal) : e;
    out.hasNormal = out.hasNormal && out.hit;
    e = e.empty() ? ReadField(j, path, "contact", needs(kFieldContact), out.contact, present) : e;
    e = e.empty() ? ReadField(j, path, "separating_axis", false, out.separatingAxis, out.hasSeparatingAxis) : e;
    // separated or touching solids: optional, present together (docs/external.md)
    e = e.empty() ? ReadField(j, path, "distance", false, out.distance, out.hasDistance) : e;
    bool a = false, b = false;
    e = e.empty() ? ReadField(j, path, "closest_a", false, out.closestA, a) : e;
    e = e.empty() ? ReadField(j, path, "closest_b", false, out.closestB, b) : e;
    if (e.empty() && out.hasDistance && out.distance < 0) {
        e = path + ".distance: must be >= 0 (the distance between separated or touching solids), got " +
            detail::Describe(j["distance"]);
    }
    return e;
}

ExternalAnswer ParseAnswerLine(std::string_view line, std::int64_t expectedId, const ExternalQuery& query,
                               const std::vector<ExternalAlgorithm>& declared)
{
    const json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        return Bad("answer to query " + std::to_string(expectedId) + " is not a JSON object: " + detail::Quote(line));
    }
    const auto id = j.find("id");
    if (id == j.end() || !id->is_number_integer() || id->get<std::int64_t>() != expectedId) {
        return Bad("answer has id " + (id == j.end() ? std::string("nothing") : detail::Describe(*id)) + ", expected " +
                   std::to_string(expectedId) + " (answers come in the order of the queries)");
    }
    if (const auto error = j.find("error"); error != j.end()) {
        if (!error->is_string()) {
            return Bad("error: expected a string, got " + detail::Describe(*error));
        }
        return {ExternalStatus::Error, error->get<std::string>(), {}};
    }
    const auto results = j.find("results");
    if (results == j.end() || !results->is_object()) {
        return Bad("results: expected an object {name: result}, got " +
                   (results == j.end() ? std::string("nothing") : detail::Describe(*results)));
    }
    ExternalAnswer out;
    ordered_json ordered; // the line again, keeping the order of keys, for the traces (read only when sent)
    for (const std::string& name : query.algorithms) {
        const auto r = results->find(name);
        const ExternalAlgorithm* info = Declared(declared, query.query.family, name);
        if (info == nullptr) { // the caller's mistake, named as such
            return Bad("results." + name + ": not an algorithm of this program's " +
                       std::string(FamilyName(query.query.family)) + " algorithms");
        }
        if (r == results->end()) {
            return Bad("results." + name + ": missing (the query asked for it)");
        }
        ExternalResult result{name, {}, {}, {}};
        std::string error = ReadExternalResult(*r, "results." + name, query.query.family, info->returns, result.result);
        if (error.empty() && r->is_object() && (r->contains("trace") || r->contains("verdict"))) {
            if (ordered.is_null()) {
                ordered = ordered_json::parse(line);
            }
            error = ReadTrace(ordered["results"][name], "results." + name, result);
        }
        if (!error.empty()) {
            return Bad(error);
        }
        out.results.push_back(std::move(result));
    }
    for (const auto& [name, value] : results->items()) {
        if (std::find(query.algorithms.begin(), query.algorithms.end(), name) == query.algorithms.end()) {
            return Bad("results." + name + ": not asked for");
        }
    }
    return out;
}

} // namespace hitlab
