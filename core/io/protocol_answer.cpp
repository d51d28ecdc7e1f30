// Reading the answers an eval line gives to judge (docs/protocol.md, "Judging a given answer"):
// "answer" / "answers" (result objects), their "conventions", and the capture keys a recorded line
// may carry ("frame", "time", "where").
#include "protocol.h"
#include "protocol_detail.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <type_traits>

namespace hitlab {

namespace {

using nlohmann::json;
using namespace detail;

/// The convention key whose value is a number, not a word.
constexpr std::string_view kMaxDistance = "max_distance";

/// Every convention key the registry's algorithms declare, with the values declared for it, in
/// registry order: the vocabulary the comparison understands.
const std::map<std::string, std::vector<std::string>, std::less<>>& Vocabulary()
{
    static const auto vocabulary = [] {
        std::map<std::string, std::vector<std::string>, std::less<>> out;
        for (const AlgorithmInfo& info : Algorithms()) {
            for (const Convention& c : info.conventions) {
                std::vector<std::string>& values = out[std::string(c.key)];
                if (std::find(values.begin(), values.end(), c.value) == values.end()) {
                    values.emplace_back(c.value);
                }
            }
        }
        return out;
    }();
    return vocabulary;
}

/// A result number: a JSON number, or "inf" / "-inf" as eval writes values beyond the double range.
IoError ReadResultNumber(const json& v, const std::string& path, double& out)
{
    if (v.is_number()) {
        out = v.get<double>();
        return {};
    }
    if (v.is_string() && (v.get_ref<const std::string&>() == "inf" || v.get_ref<const std::string&>() == "-inf")) {
        out = (v.get_ref<const std::string&>() == "inf" ? 1.0 : -1.0) * std::numeric_limits<double>::infinity();
        return {};
    }
    IoError e{path, "must be a number (or \"inf\", \"-inf\"), got " + Describe(v)};
    if (v.is_string() && (v.get_ref<const std::string&>() == "nan" || v.get_ref<const std::string&>() == "NaN")) {
        e.what += " (a field the answer does not compute is left out or null)";
    }
    return e;
}

IoError ReadResultVec3(const json& v, const std::string& path, glm::dvec3& out)
{
    if (!v.is_array() || v.size() != 3) {
        return {path, "must be an array of 3 numbers, got " + Describe(v)};
    }
    for (int i = 0; i < 3; ++i) {
        if (IoError e = ReadResultNumber(v[size_t(i)], path + "[" + std::to_string(i) + "]", out[i]); !e.what.empty()) {
            return e;
        }
    }
    return {};
}

/// One result field: absent or null leaves it out of out.returns; else read into value.
template <typename T>
IoError ReadGivenField(const json& j, const std::string& path, const char* key, Field field, T& value, GivenAnswer& out,
                       bool* given = nullptr)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null()) {
        return {};
    }
    IoError e;
    if constexpr (std::is_same_v<T, double>) {
        e = ReadResultNumber(*it, path + "." + key, value);
    } else if constexpr (std::is_same_v<T, bool>) {
        e = it->is_boolean() ? IoError{}
                             : IoError{path + "." + key, "must be true, false or null, got " + Describe(*it)};
        value = it->is_boolean() && it->get<bool>();
    } else if constexpr (std::is_same_v<T, std::uint32_t>) {
        const bool index = it->is_number_unsigned() && it->get<std::uint64_t>() < kMaxMeshTriangles;
        e = index ? IoError{}
                  : IoError{path + "." + key, "must be a triangle index (an integer from 0 to " +
                                                  std::to_string(kMaxMeshTriangles - 1) + "), got " + Describe(*it)};
        value = index ? static_cast<std::uint32_t>(it->get<std::uint64_t>()) : 0u;
    } else {
        e = ReadResultVec3(*it, path + "." + key, value);
    }
    if (e.what.empty()) {
        out.returns |= field;
        if (given != nullptr) {
            *given = true;
        }
    }
    return e;
}

IoError CheckAnswerName(const std::string& name, const std::string& path, Family family)
{
    if (name.empty()) {
        return {path, "an answer's name must not be empty"};
    }
    if (FindAlgorithm(family, name) != nullptr) {
        return {path + "." + name, "clashes with the built-in algorithm " + std::string(FamilyName(family)) + "/" +
                                       name + " (give the answer another name)"};
    }
    return {};
}

} // namespace

IoError ParseGivenResult(const json& j, const std::string& path, Family family, GivenAnswer& out)
{
    out.result = Result{};
    out.returns = kFieldHit;
    if (!j.is_object()) {
        return {path, "expected a result object {\"hit\": true or false, ...}, got " + Describe(j)};
    }
    const auto hit = j.find("hit");
    if (hit == j.end()) {
        return {path + ".hit", "missing (a result needs \"hit\": true or false)"};
    }
    if (!hit->is_boolean()) {
        return {path + ".hit", "must be true or false, got " + Describe(*hit)};
    }
    out.result.hit = hit->get<bool>();
    const bool cast = IsCast(family);
    // in the order of the answer's fields (docs/protocol.md, "The answer")
    static constexpr std::uint32_t kOrder[] = {kFieldHit,      kFieldTEnter,   kFieldTExit,   kFieldPoint,
                                               kFieldNormal,   kFieldU,        kFieldV,       kFieldFront,
                                               kFieldTriangle, kFieldDepth,    kFieldContact, kFieldSeparatingAxis,
                                               kFieldDistance, kFieldClosestA, kFieldClosestB};
    std::vector<std::string_view> keys;
    for (const std::uint32_t bit : kOrder) {
        const bool overlapNormal = bit == kFieldNormal && !cast; // an overlap's normal comes after depth
        if ((FamilyFields(family) & bit) != 0 && !overlapNormal) {
            keys.push_back(FieldName(bit));
        }
        if (bit == kFieldDepth && !cast) {
            keys.push_back(FieldName(kFieldNormal));
        }
    }
    for (const auto& [key, value] : j.items()) {
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
            return {path + "." + key, "not a result field of " + std::string(FamilyName(family)) + " (its fields are " +
                                          Join(keys) + ")"};
        }
    }
    Result& r = out.result;
    IoError e;
    if (cast) {
        e = ReadGivenField(j, path, "t_enter", kFieldTEnter, r.tEnter, out);
        e = e.what.empty() ? ReadGivenField(j, path, "t_exit", kFieldTExit, r.tExit, out) : e;
        e = e.what.empty() ? ReadGivenField(j, path, "point", kFieldPoint, r.point, out) : e;
        e = e.what.empty() ? ReadGivenField(j, path, "normal", kFieldNormal, r.normal, out, &r.hasNormal) : e;
        bool u = false, v = false;
        e = e.what.empty() ? ReadGivenField(j, path, "u", kFieldU, r.u, out, &u) : e;
        e = e.what.empty() ? ReadGivenField(j, path, "v", kFieldV, r.v, out, &v) : e;
        r.hasUv = u && v;
        e = e.what.empty() ? ReadGivenField(j, path, "front", kFieldFront, r.front, out, &r.hasFront) : e;
        if (e.what.empty() && j.contains("front") && j["front"].is_null() && (FamilyFields(family) & kFieldFront)) {
            out.returns |= kFieldFront; // null: the ray lies in the triangle's plane
        }
        e = e.what.empty() ? ReadGivenField(j, path, "triangle", kFieldTriangle, r.triangle, out, &r.hasTriangle) : e;
    } else {
        e = ReadGivenField(j, path, "depth", kFieldDepth, r.depth, out);
        e = e.what.empty() ? ReadGivenField(j, path, "normal", kFieldNormal, r.normal, out, &r.hasNormal) : e;
        e = e.what.empty() ? ReadGivenField(j, path, "contact", kFieldContact, r.contact, out) : e;
        e = e.what.empty() ? ReadGivenField(j, path, "separating_axis", kFieldSeparatingAxis, r.separatingAxis, out,
                                            &r.hasSeparatingAxis)
                           : e;
        e = e.what.empty() ? ReadGivenField(j, path, "distance", kFieldDistance, r.distance, out, &r.hasDistance) : e;
        e = e.what.empty() ? ReadGivenField(j, path, "closest_a", kFieldClosestA, r.closestA, out) : e;
        e = e.what.empty() ? ReadGivenField(j, path, "closest_b", kFieldClosestB, r.closestB, out) : e;
        if (e.what.empty() && r.hasDistance && r.distance < 0) {
            e = {path + ".distance", "must be >= 0 (the distance between separated or touching solids), got " +
                                         ShortNumber(r.distance, 17)};
        }
    }
    return e;
}

IoError ParseConventions(const json& j, const std::string& path, OwnedConventions& out)
{
    out.clear();
    if (!j.is_object()) {
        return {path, "expected an object {\"origin_inside\": \"miss\", ...}, got " + Describe(j)};
    }
    const auto& vocabulary = Vocabulary();
    std::vector<std::string_view> keys;
    for (const auto& [key, values] : vocabulary) {
        keys.push_back(key);
    }
    keys.push_back(kMaxDistance);
    for (const auto& [key, value] : j.items()) {
        const std::string at = path + "." + key;
        if (key == kMaxDistance) {
            double limit = 0;
            if (IoError e = ReadNumber(value, at, limit); !e.what.empty()) {
                return e;
            }
            if (limit < 0) {
                return {at, "must be >= 0, got " + NumberText(limit)};
            }
            out.emplace_back(key, NumberText(limit));
            continue;
        }
        const auto known = vocabulary.find(key);
        if (known == vocabulary.end()) {
            return {at, "unknown convention (expected one of " + Join(keys) + ")"};
        }
        const std::vector<std::string>& values = known->second;
        if (!value.is_string() ||
            std::find(values.begin(), values.end(), value.get_ref<const std::string&>()) == values.end()) {
            std::string expected;
            for (const std::string& v : values) {
                expected += (expected.empty() ? "\"" : ", \"") + v + "\"";
            }
            return {at, "expected one of " + expected + ", got " + Describe(value)};
        }
        out.emplace_back(key, value.get_ref<const std::string&>());
    }
    return {};
}

namespace detail {

IoError ReadAnswers(const json& j, Family family, ParsedQuery& out)
{
    const auto one = j.find("answer");
    const auto many = j.find("answers");
    if (one != j.end() && many != j.end()) {
        return {"answers", "give either \"answer\" or \"answers\", not both"};
    }
    if (one != j.end()) {
        GivenAnswer given;
        given.name = "answer";
        if (IoError e = ParseGivenResult(*one, "answer", family, given); !e.what.empty()) {
            return e;
        }
        out.answers.push_back(std::move(given));
    }
    if (many != j.end()) {
        if (!many->is_object() || many->empty()) {
            return {"answers",
                    "expected an object {\"NAME\": result, ...} of at least one answer, got " + Describe(*many)};
        }
        for (const auto& [name, value] : many->items()) {
            if (IoError e = CheckAnswerName(name, "answers", family); !e.what.empty()) {
                return e;
            }
            GivenAnswer given;
            given.name = name;
            if (IoError e = ParseGivenResult(value, "answers." + name, family, given); !e.what.empty()) {
                return e;
            }
            out.answers.push_back(std::move(given));
        }
    }
    if (const auto it = j.find("conventions"); it != j.end()) {
        if (IoError e = ParseConventions(*it, "conventions", out.conventions); !e.what.empty()) {
            return e;
        }
        if (out.answers.empty()) {
            out.warnings.emplace_back("conventions: ignored (they apply to a given \"answer\" or \"answers\")");
        }
    }
    return {};
}

IoError ReadCaptureKeys(const json& j)
{
    if (const auto it = j.find("frame");
        it != j.end() && (!it->is_number() || it->get<double>() != std::trunc(it->get<double>()))) {
        return {"frame", "expected an integer, got " + Describe(*it)};
    }
    if (const auto it = j.find("time"); it != j.end() && !it->is_number()) {
        return {"time", "expected a number (seconds), got " + Describe(*it)};
    }
    if (const auto it = j.find("where"); it != j.end() && !it->is_string()) {
        return {"where", "expected a string (the call site), got " + Describe(*it)};
    }
    return {};
}

} // namespace detail

} // namespace hitlab
