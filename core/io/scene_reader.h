// Internals of the scene file reader shared by its files (scene_file.cpp, scene_file_queries.cpp):
// the reader that collects the first error with its key path and the unknown-key warnings.
#pragma once

#include "error.h"

#include "core/scene.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <string>
#include <vector>

namespace hitlab::detail {

/// What a JSON value is, for messages: "a string", "an array", "null".
std::string TypeOf(const nlohmann::json& v);

/// Collects errors as {key path, message}; the first one wins.
struct Reader {
    IoError error;
    std::vector<std::string>* warnings;

    bool Fail(const std::string& path, const std::string& message)
    {
        if (error.what.empty()) {
            error = {path, message};
        }
        return false;
    }
    void WarnUnknownKeys(const nlohmann::json& object, const std::string& path,
                         std::initializer_list<const char*> known)
    {
        for (const auto& [key, value] : object.items()) {
            bool isKnown = false;
            for (const char* k : known) {
                isKnown = isKnown || key == k;
            }
            if (!isKnown) {
                std::string list;
                for (const char* k : known) {
                    list += (list.empty() ? "" : ", ") + std::string(k);
                }
                warnings->push_back(path + (path.empty() ? "" : ".") + key +
                                    ": unknown key ignored (known keys: " + list + ")");
            }
        }
    }
    bool String(const nlohmann::json& object, const char* key, const std::string& path, std::string& out)
    {
        const auto it = object.find(key);
        if (it == object.end()) {
            return true;
        }
        if (!it->is_string()) {
            return Fail(path + key, "expected a string, got " + TypeOf(*it));
        }
        out = it->get<std::string>();
        return true;
    }
    bool Number(const nlohmann::json& object, const char* key, const std::string& path, double& out)
    {
        const auto it = object.find(key);
        if (it == object.end()) {
            return true;
        }
        if (!it->is_number() || !std::isfinite(it->get<double>())) {
            return Fail(path + key, "expected a finite number, got " + TypeOf(*it));
        }
        out = it->get<double>();
        return true;
    }
    bool Bool(const nlohmann::json& object, const char* key, const std::string& path, bool& out)
    {
        const auto it = object.find(key);
        if (it == object.end()) {
            return true;
        }
        if (!it->is_boolean()) {
            return Fail(path + key, "expected true or false, got " + TypeOf(*it));
        }
        out = it->get<bool>();
        return true;
    }
};

/// The "queries" object: solid_pairs, disabled_pairs, and per family the enabled algorithms, the
/// drawn one and the precision (scene_file_queries.cpp).
bool ReadQueries(Reader& r, const nlohmann::json& queries, Scene& scene);

/// The "expect" array: a lesson's claimed outcomes per query (scene_file_expect.cpp). Shape names
/// must name exactly one shape of the scene, algorithm names an algorithm of the pair's family.
bool ReadExpectations(Reader& r, const nlohmann::json& expect, Scene& scene);
/// The same array written back (only the keys that are set).
nlohmann::ordered_json ExpectationsToJson(const std::vector<LessonExpectation>& expect);

/// The "exercises" array: a lesson's exercises (scene_file_exercises.cpp). The pair must name a
/// query of the scene, the kind fit its family, the model answer have the kind's keys.
bool ReadExercises(Reader& r, const nlohmann::json& exercises, Scene& scene);
/// The same array written back.
nlohmann::ordered_json ExercisesToJson(const std::vector<Exercise>& exercises);

} // namespace hitlab::detail
