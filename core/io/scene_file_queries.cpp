// Reading a scene file's "queries" object (docs/scene-format.md): which pairs are off, and per
// family the enabled algorithms, the drawn one and the precision.
#include "scene_reader.h"

#include "core/algorithm.h"

#include <algorithm>

namespace hitlab::detail {

namespace {

using nlohmann::json;

/// queries.disabled_pairs: [id, id] pairs of shapes of the scene.
bool ReadDisabledPairs(Reader& r, const json& pairs, Scene& scene)
{
    if (!pairs.is_array()) {
        return r.Fail("queries.disabled_pairs", "expected an array of [id, id] pairs");
    }
    for (size_t i = 0; i < pairs.size(); ++i) {
        const json& p = pairs[i];
        const std::string path = "queries.disabled_pairs[" + std::to_string(i) + "]";
        if (!p.is_array() || p.size() != 2 || !p[0].is_number_unsigned() || !p[1].is_number_unsigned()) {
            return r.Fail(path, "expected a pair of shape ids [id, id]");
        }
        const auto a = p[0].get<std::uint64_t>(), b = p[1].get<std::uint64_t>();
        if (a > 0xffffffffu || b > 0xffffffffu || scene.Find(ShapeId(a)) == nullptr ||
            scene.Find(ShapeId(b)) == nullptr) {
            return r.Fail(path, "names a shape id that is not in the scene");
        }
        scene.SetPairEnabled(ShapeId(a), ShapeId(b), false);
    }
    return true;
}

/// A family's "algorithms": "all" or an array of its algorithm names, kept in registry order.
bool ReadEnabled(Reader& r, const json& algorithms, Family family, const std::string& path, FamilySettings& settings)
{
    if (algorithms.is_string() && algorithms.get<std::string>() == "all") {
        settings.enabled = AlgorithmsOf(family);
        return true;
    }
    if (!algorithms.is_array()) {
        return r.Fail(path + ".algorithms", "expected \"all\" or an array of algorithm names");
    }
    settings.enabled.clear();
    for (size_t i = 0; i < algorithms.size(); ++i) {
        const json& a = algorithms[i];
        const AlgorithmInfo* info = a.is_string() ? FindAlgorithm(family, a.get<std::string>()) : nullptr;
        if (info == nullptr) {
            std::string valid;
            for (const AlgorithmInfo* known : AlgorithmsOf(family)) {
                valid += (valid.empty() ? "" : ", ") + std::string(known->name);
            }
            return r.Fail(path + ".algorithms[" + std::to_string(i) + "]",
                          "unknown algorithm " + (a.is_string() ? "\"" + a.get<std::string>() + "\"" : TypeOf(a)) +
                              " (expected one of " + valid + ")");
        }
        settings.enabled.push_back(info);
    }
    // registry order (the registry is one array), each algorithm once
    std::sort(settings.enabled.begin(), settings.enabled.end());
    settings.enabled.erase(std::unique(settings.enabled.begin(), settings.enabled.end()), settings.enabled.end());
    return true;
}

/// queries.families.<name>: the family's enabled algorithms, the drawn one and the precision.
bool ReadFamily(Reader& r, const std::string& name, const json& value, Scene& scene)
{
    const std::string path = "queries.families." + name;
    const auto family = FamilyFromName(name);
    if (!family) {
        return r.Fail(path, "unknown family \"" + name + "\"");
    }
    if (!value.is_object()) {
        return r.Fail(path, "expected an object with algorithms, draw and precision");
    }
    r.WarnUnknownKeys(value, path, {"algorithms", "draw", "precision"});
    FamilySettings settings = DefaultSettings(*family);
    if (const auto algorithms = value.find("algorithms");
        algorithms != value.end() && !ReadEnabled(r, *algorithms, *family, path, settings)) {
        return false;
    }
    if (const auto draw = value.find("draw"); draw != value.end()) {
        const AlgorithmInfo* info = draw->is_string() ? FindAlgorithm(*family, draw->get<std::string>()) : nullptr;
        if (info == nullptr) {
            return r.Fail(path + ".draw", "expected the name of an algorithm of " + name);
        }
        settings.drawn = info;
    }
    if (std::find(settings.enabled.begin(), settings.enabled.end(), settings.drawn) == settings.enabled.end()) {
        if (value.contains("draw")) {
            return r.Fail(path + ".draw", "the drawn algorithm must be one of the enabled algorithms");
        }
        settings.drawn = settings.enabled.empty() ? nullptr : settings.enabled.front();
    }
    if (const auto precision = value.find("precision"); precision != value.end()) {
        if (*precision == "float") {
            settings.precision = Precision::Float;
        } else if (*precision == "double") {
            settings.precision = Precision::Double;
        } else {
            return r.Fail(path + ".precision", "expected \"float\" or \"double\"");
        }
    }
    scene.Settings(*family) = std::move(settings);
    return true;
}

} // namespace

bool ReadQueries(Reader& r, const json& queries, Scene& scene)
{
    if (!queries.is_object()) {
        return r.Fail("queries", "expected an object, got " + TypeOf(queries));
    }
    r.WarnUnknownKeys(queries, "queries", {"solid_pairs", "disabled_pairs", "families"});
    bool solidPairs = true;
    if (!r.Bool(queries, "solid_pairs", "queries.", solidPairs)) {
        return false;
    }
    scene.SetSolidPairsEnabled(solidPairs);
    if (const auto pairs = queries.find("disabled_pairs");
        pairs != queries.end() && !ReadDisabledPairs(r, *pairs, scene)) {
        return false;
    }
    if (const auto families = queries.find("families"); families != queries.end()) {
        if (!families->is_object()) {
            return r.Fail("queries.families", "expected an object keyed by family name");
        }
        for (const auto& [name, value] : families->items()) {
            if (!ReadFamily(r, name, value, scene)) {
                return false;
            }
        }
    }
    return true;
}

} // namespace hitlab::detail
