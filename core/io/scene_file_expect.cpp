// A scene file's "expect": the outcomes a lesson's text claims for its queries, as data. Reading
// checks every name against the scene and the registry; writing gives the same keys back.
#include "scene_file.h"
#include "scene_reader.h"

#include <algorithm>
#include <iterator>

namespace hitlab {

namespace detail {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

/// The one shape called `name`, or a message.
const SceneShape* ShapeNamed(const Scene& scene, const std::string& name, std::string& message)
{
    const SceneShape* found = nullptr;
    for (const SceneShape& s : scene.Shapes()) {
        if (s.name == name) {
            if (found != nullptr) {
                message = "two shapes are called \"" + name + "\"";
                return nullptr;
            }
            found = &s;
        }
    }
    if (found == nullptr) {
        message = "no shape is called \"" + name + "\"";
    }
    return found;
}

bool ReadNames(Reader& r, const json& item, const char* key, const std::string& path, Family family,
               std::vector<std::string>& out)
{
    const auto it = item.find(key);
    if (it == item.end()) {
        return true;
    }
    if (!it->is_array()) {
        return r.Fail(path + key, "expected an array of algorithm names, got " + TypeOf(*it));
    }
    for (size_t i = 0; i < it->size(); ++i) {
        const json& name = (*it)[i];
        const std::string where = path + key + "[" + std::to_string(i) + "]";
        if (!name.is_string()) {
            return r.Fail(where, "expected an algorithm name, got " + TypeOf(name));
        }
        if (FindAlgorithm(family, name.get<std::string>()) == nullptr) {
            return r.Fail(where, "unknown algorithm \"" + name.get<std::string>() + "\" of family " +
                                     std::string(FamilyName(family)));
        }
        out.push_back(name.get<std::string>());
    }
    return true;
}

const char* const kKinds[] = {"convention", "known_flaw", "rounding", "unexplained"};

bool IsKind(const json& kind)
{
    return kind.is_string() &&
           std::find(std::begin(kKinds), std::end(kKinds), kind.get<std::string>()) != std::end(kKinds);
}

/// "plugins": {algorithm: {"hit": bool, "explain": kind}} for algorithms of the scene's plugins,
/// which are not known until they load: a name must only not be a built-in one.
bool ReadPluginOutcomes(Reader& r, const json& plugins, const std::string& path, Family family,
                        std::vector<PluginExpectation>& out)
{
    if (!plugins.is_object()) {
        return r.Fail(path, "expected an object {plugin algorithm: {\"hit\": true or false}}, got " + TypeOf(plugins));
    }
    for (const auto& [name, outcome] : plugins.items()) {
        const std::string where = path + "." + name;
        if (FindAlgorithm(family, name) != nullptr) {
            return r.Fail(where, "\"" + name + "\" is a built-in algorithm: list it under hit or miss");
        }
        if (!outcome.is_object()) {
            return r.Fail(where,
                          "expected an object {\"hit\": true or false, \"explain\": ...}, got " + TypeOf(outcome));
        }
        r.WarnUnknownKeys(outcome, where, {"hit", "explain"});
        PluginExpectation e{name, false, ""};
        if (!outcome.contains("hit")) {
            return r.Fail(where + ".hit", "missing (true or false)");
        }
        if (!r.Bool(outcome, "hit", where + ".", e.hit)) {
            return false;
        }
        if (const auto explain = outcome.find("explain"); explain != outcome.end()) {
            if (!IsKind(*explain)) {
                return r.Fail(where + ".explain", "expected one of convention, known_flaw, rounding, unexplained");
            }
            e.explain = explain->get<std::string>();
        }
        out.push_back(std::move(e));
    }
    return true;
}

bool ReadOne(Reader& r, const json& item, const std::string& path, const Scene& scene, LessonExpectation& e)
{
    if (!item.is_object()) {
        return r.Fail(path, "expected an object, got " + TypeOf(item));
    }
    r.WarnUnknownKeys(item, path, {"pair", "hit", "miss", "t_enter", "t_exit", "depth", "explain", "plugins"});
    const auto pair = item.find("pair");
    if (pair == item.end() || !pair->is_array() || pair->size() != 2 || !(*pair)[0].is_string() ||
        !(*pair)[1].is_string()) {
        return r.Fail(path + ".pair", "expected two shape names, [\"ray\", \"box\"]");
    }
    e.a = (*pair)[0].get<std::string>();
    e.b = (*pair)[1].get<std::string>();
    std::string message;
    const SceneShape* a = ShapeNamed(scene, e.a, message);
    const SceneShape* b = a != nullptr ? ShapeNamed(scene, e.b, message) : nullptr;
    if (b == nullptr) {
        return r.Fail(path + ".pair", message);
    }
    const std::optional<Family> family = FamilyForTypes(ShapeTypeName(a->shape), ShapeTypeName(b->shape));
    if (!family) {
        return r.Fail(path + ".pair", std::string("no family compares a ") + ShapeTypeName(a->shape) + " and a " +
                                          ShapeTypeName(b->shape));
    }
    const std::string prefix = path + ".";
    if (!ReadNames(r, item, "hit", prefix, *family, e.hit) || !ReadNames(r, item, "miss", prefix, *family, e.miss)) {
        return false;
    }
    for (auto [key, value] : {std::pair{"t_enter", &e.tEnter}, {"t_exit", &e.tExit}, {"depth", &e.depth}}) {
        if (item.contains(key)) {
            double v = 0;
            if (!r.Number(item, key, prefix, v)) {
                return false;
            }
            *value = v;
        }
    }
    if (const auto explain = item.find("explain"); explain != item.end()) {
        if (!explain->is_object()) {
            return r.Fail(prefix + "explain", "expected an object {algorithm: explanation}, got " + TypeOf(*explain));
        }
        for (const auto& [name, kind] : explain->items()) {
            const std::string where = prefix + "explain." + name;
            if (FindAlgorithm(*family, name) == nullptr) {
                return r.Fail(where,
                              "unknown algorithm \"" + name + "\" of family " + std::string(FamilyName(*family)));
            }
            if (!IsKind(kind)) {
                return r.Fail(where, "expected one of convention, known_flaw, rounding, unexplained");
            }
            e.explain.emplace_back(name, kind.get<std::string>());
        }
    }
    if (const auto plugins = item.find("plugins"); plugins != item.end()) {
        return ReadPluginOutcomes(r, *plugins, prefix + "plugins", *family, e.plugins);
    }
    return true;
}

} // namespace

bool ReadExpectations(Reader& r, const json& expect, Scene& scene)
{
    if (!expect.is_array()) {
        return r.Fail("expect", "expected an array, got " + TypeOf(expect));
    }
    for (size_t i = 0; i < expect.size(); ++i) {
        LessonExpectation e;
        if (!ReadOne(r, expect[i], "expect[" + std::to_string(i) + "]", scene, e)) {
            return false;
        }
        scene.expect.push_back(std::move(e));
    }
    return true;
}

ordered_json ExpectationsToJson(const std::vector<LessonExpectation>& expect)
{
    ordered_json out = ordered_json::array();
    for (const LessonExpectation& e : expect) {
        ordered_json item;
        item["pair"] = {e.a, e.b};
        if (!e.hit.empty()) {
            item["hit"] = e.hit;
        }
        if (!e.miss.empty()) {
            item["miss"] = e.miss;
        }
        for (auto [key, value] : {std::pair{"t_enter", &e.tEnter}, {"t_exit", &e.tExit}, {"depth", &e.depth}}) {
            if (*value) {
                item[key] = **value;
            }
        }
        if (!e.explain.empty()) {
            ordered_json explain = ordered_json::object();
            for (const auto& [name, kind] : e.explain) {
                explain[name] = kind;
            }
            item["explain"] = std::move(explain);
        }
        if (!e.plugins.empty()) {
            ordered_json plugins = ordered_json::object();
            for (const PluginExpectation& p : e.plugins) {
                plugins[p.algorithm]["hit"] = p.hit;
                if (!p.explain.empty()) {
                    plugins[p.algorithm]["explain"] = p.explain;
                }
            }
            item["plugins"] = std::move(plugins);
        }
        out.push_back(std::move(item));
    }
    return out;
}

} // namespace detail

} // namespace hitlab
