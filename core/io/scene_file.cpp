// Reading scene files: validation with one clear error, unknown keys as warnings. Writing is scene_file_write.cpp.
#include "scene_file.h"

#include "mesh_file.h"

#include "json_text.h"
#include "mesh_file.h"
#include "protocol.h"
#include "scene_reader.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace hitlab {

namespace {

using detail::Reader;
using detail::TypeOf;
using nlohmann::json;
using nlohmann::ordered_json;

/// Deepest nesting a scene file may use (shapes need 5 levels; unknown keys may use more).
constexpr int kMaxSceneDepth = 128;

/// "#rrggbb", "#rrggbbaa", or [r, g, b] / [r, g, b, a] in [0, 1]; quantised to 1/255 so that a
/// save and load give the same colour.
bool ReadColor(Reader& r, const json& v, const std::string& path, glm::vec4& out)
{
    auto quantise = [](double c) { return static_cast<float>(std::lround(c * 255.0)) / 255.0f; };
    if (v.is_string()) {
        const std::string s = v.get<std::string>();
        const bool okLength = s.size() == 7 || s.size() == 9;
        unsigned value[4] = {0, 0, 0, 255};
        if (!okLength || s[0] != '#' || s.find_first_not_of("0123456789abcdefABCDEF", 1) != std::string::npos) {
            return r.Fail(path, "expected a colour \"#rrggbb\" or \"#rrggbbaa\", got \"" + s + "\"");
        }
        for (size_t i = 0; i + 1 < s.size(); i += 2) {
            value[i / 2] = static_cast<unsigned>(std::stoul(s.substr(i + 1, 2), nullptr, 16));
        }
        out = glm::vec4(float(value[0]) / 255.0f, float(value[1]) / 255.0f, float(value[2]) / 255.0f,
                        float(value[3]) / 255.0f);
        return true;
    }
    if (v.is_array() && (v.size() == 3 || v.size() == 4)) {
        glm::vec4 c{1.0f};
        for (size_t i = 0; i < v.size(); ++i) {
            if (!v[i].is_number() || !(v[i].get<double>() >= 0.0 && v[i].get<double>() <= 1.0)) {
                return r.Fail(path + "[" + std::to_string(i) + "]", "expected a number in [0, 1]");
            }
            c[static_cast<int>(i)] = quantise(v[i].get<double>());
        }
        out = c;
        return true;
    }
    return r.Fail(path, "expected a colour \"#rrggbb\" or an array of 3 or 4 numbers in [0, 1], got " + TypeOf(v));
}

/// Thrown by a load's progress steps when LoadProgress::cancel is set; ParseScene turns it into
/// the error "cancelled".
struct LoadCancelled {};

/// The part of LoadProgress::fraction each stage fills.
constexpr float kReadEnd = 0.1f, kParseEnd = 0.6f;

void Report(LoadProgress* progress, float fraction, const char* stage)
{
    if (progress != nullptr) {
        if (progress->cancel.load(std::memory_order_relaxed)) {
            throw LoadCancelled{};
        }
        progress->fraction.store(fraction, std::memory_order_relaxed);
        progress->stage.store(stage, std::memory_order_relaxed);
    }
}

bool ReadShapes(Reader& r, const json& shapes, Scene& scene, LoadProgress* progress)
{
    if (!shapes.is_array()) {
        return r.Fail("shapes", "expected an array of shape objects, got " + TypeOf(shapes));
    }
    ShapeNamer namer(scene); // default names for unnamed shapes, without a scan of the scene per name
    for (size_t i = 0; i < shapes.size(); ++i) {
        if (i % 1024 == 0) {
            Report(progress, kParseEnd + (1.0f - kParseEnd) * float(i) / float(shapes.size()), "reading the shapes");
        }
        const std::string path = "shapes[" + std::to_string(i) + "]";
        const json& item = shapes[i];
        if (!item.is_object()) {
            return r.Fail(path, "expected a shape object, got " + TypeOf(item));
        }
        SceneShape shape;
        json geometry = item;
        for (const char* key : {"id", "name", "color", "visible"}) {
            geometry.erase(key);
        }
        Parsed<Shape> parsed = ParseShape(geometry, path, r.warnings);
        if (!parsed.Ok()) {
            r.error = parsed.error;
            return false;
        }
        shape.shape = std::move(*parsed.value);
        if (const auto id = item.find("id"); id != item.end()) {
            if (!id->is_number_unsigned() || id->get<std::uint64_t>() == 0 || id->get<std::uint64_t>() > 0xffffffffu) {
                return r.Fail(path + ".id", "expected a whole number from 1 to 4294967295");
            }
            shape.id = static_cast<ShapeId>(id->get<std::uint64_t>());
            if (scene.Find(shape.id) != nullptr) {
                return r.Fail(path + ".id", "id " + std::to_string(shape.id) + " is used by an earlier shape");
            }
        } else {
            shape.id = 0; // Scene::Add hands out a free id
        }
        if (!r.String(item, "name", path + ".", shape.name) || !r.Bool(item, "visible", path + ".", shape.visible)) {
            return false;
        }
        if (shape.name.empty()) {
            shape.name = namer.Next(ShapeTypeName(shape.shape));
        } else {
            namer.Take(shape.name);
        }
        if (const auto color = item.find("color");
            color != item.end() && !ReadColor(r, *color, path + ".color", shape.color)) {
            return false;
        }
        scene.Add(std::move(shape));
    }
    return true;
}

bool ReadVec3(Reader& r, const json& object, const char* key, const std::string& path, glm::dvec3& out)
{
    const auto it = object.find(key);
    if (it == object.end()) {
        return true;
    }
    if (!it->is_array() || it->size() != 3) {
        return r.Fail(path + key, "expected an array of 3 numbers");
    }
    for (int i = 0; i < 3; ++i) {
        const json& v = (*it)[static_cast<size_t>(i)];
        if (!v.is_number() || !std::isfinite(v.get<double>())) {
            return r.Fail(path + key + "[" + std::to_string(i) + "]", "expected a finite number, got " + TypeOf(v));
        }
        out[i] = v.get<double>();
    }
    return true;
}

/// "ray_fans": each fan's target must name an earlier-read shape that a fan can aim at.
bool ReadFans(Reader& r, const json& fans, Scene& scene)
{
    if (!fans.is_array()) {
        return r.Fail("ray_fans", "expected an array of ray fan objects, got " + TypeOf(fans));
    }
    for (size_t i = 0; i < fans.size(); ++i) {
        const std::string path = "ray_fans[" + std::to_string(i) + "]";
        const json& item = fans[i];
        if (!item.is_object()) {
            return r.Fail(path, "expected a ray fan object, got " + TypeOf(item));
        }
        r.WarnUnknownKeys(item, path, {"id", "name", "origin", "target", "n", "enabled"});
        SceneFan fan;
        if (const auto id = item.find("id"); id != item.end()) {
            if (!id->is_number_unsigned() || id->get<std::uint64_t>() == 0 || id->get<std::uint64_t>() > 0xffffffffu) {
                return r.Fail(path + ".id", "expected a whole number from 1 to 4294967295");
            }
            fan.id = static_cast<FanId>(id->get<std::uint64_t>());
            if (scene.FindFan(fan.id) != nullptr) {
                return r.Fail(path + ".id", "id " + std::to_string(fan.id) + " is used by an earlier ray fan");
            }
        }
        if (!r.String(item, "name", path + ".", fan.name) || !r.Bool(item, "enabled", path + ".", fan.enabled) ||
            !ReadVec3(r, item, "origin", path + ".", fan.origin)) {
            return false;
        }
        const auto target = item.find("target");
        if (target == item.end()) {
            return r.Fail(path + ".target", "required: the id of the aabb, sphere, obb or plane the fan aims at");
        }
        const SceneShape* shape = target->is_number_unsigned() && target->get<std::uint64_t>() <= 0xffffffffu
                                      ? scene.Find(static_cast<ShapeId>(target->get<std::uint64_t>()))
                                      : nullptr;
        if (shape == nullptr) {
            return r.Fail(path + ".target", "expected the id of a shape of the scene, got " +
                                                (target->is_number() ? target->dump() : TypeOf(*target)));
        }
        if (!IsFanTarget(shape->shape)) {
            return r.Fail(path + ".target", "shape " + std::to_string(shape->id) + " is a " +
                                                ShapeTypeName(shape->shape) +
                                                "; a fan aims at an aabb, sphere, obb or plane");
        }
        fan.target = shape->id;
        if (const auto n = item.find("n"); n != item.end()) {
            if (!n->is_number_integer()) {
                return r.Fail(path + ".n", "expected a whole number, got " + (n->is_number() ? n->dump() : TypeOf(*n)));
            }
            if (n->get<std::int64_t>() < 1 || n->get<std::int64_t>() > 1024) {
                return r.Fail(path + ".n", "must be 1..1024, got " + n->dump());
            }
            fan.n = static_cast<int>(n->get<std::int64_t>());
        }
        if (fan.name.empty()) {
            fan.name = "fan " + std::to_string(scene.Fans().size() + 1);
        }
        scene.AddFan(std::move(fan));
    }
    return true;
}

/// "plugins": an array of non-empty strings without control characters, each named once.
bool ReadPlugins(Reader& r, const nlohmann::json& list, std::vector<std::string>& plugins)
{
    if (!list.is_array()) {
        return r.Fail("plugins", "expected an array of plugin names, got " + TypeOf(list));
    }
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string path = "plugins[" + std::to_string(i) + "]";
        if (!list[i].is_string()) {
            return r.Fail(path, "expected a plugin name (a string), got " + TypeOf(list[i]));
        }
        const std::string name = list[i].get<std::string>();
        if (name.empty() || std::any_of(name.begin(), name.end(), [](char c) { return (unsigned char)c < 0x20; })) {
            return r.Fail(path, "expected a plugin name such as \"bullet\" or a plugin file, got an empty name or "
                                "one with control characters");
        }
        if (std::find(plugins.begin(), plugins.end(), name) != plugins.end()) {
            return r.Fail(path, "the plugin \"" + name + "\" is named twice");
        }
        plugins.push_back(name);
    }
    return true;
}

bool ReadCamera(Reader& r, const json& camera, CameraState& out)
{
    if (!camera.is_object()) {
        return r.Fail("camera", "expected an object, got " + TypeOf(camera));
    }
    r.WarnUnknownKeys(camera, "camera", {"target", "distance", "yaw_deg", "pitch_deg", "projection", "view"});
    std::string projection = out.orthographic ? "orthographic" : "perspective";
    std::string view = out.view2d ? "2d" : "3d";
    if (!ReadVec3(r, camera, "target", "camera.", out.target) ||
        !r.Number(camera, "distance", "camera.", out.distance) || !r.Number(camera, "yaw_deg", "camera.", out.yawDeg) ||
        !r.Number(camera, "pitch_deg", "camera.", out.pitchDeg) ||
        !r.String(camera, "projection", "camera.", projection) || !r.String(camera, "view", "camera.", view)) {
        return false;
    }
    if (!(out.distance > 0)) {
        return r.Fail("camera.distance", "must be > 0");
    }
    if (projection != "perspective" && projection != "orthographic") {
        return r.Fail("camera.projection", "expected \"perspective\" or \"orthographic\", got \"" + projection + "\"");
    }
    if (view != "3d" && view != "2d") {
        return r.Fail("camera.view", "expected \"3d\" or \"2d\", got \"" + view + "\"");
    }
    out.orthographic = projection == "orthographic";
    out.view2d = view == "2d";
    return true;
}

} // namespace

namespace detail {

std::string TypeOf(const json& v)
{
    return v.is_string()    ? "a string"
           : v.is_number()  ? "a number"
           : v.is_boolean() ? "a boolean"
           : v.is_array()   ? "an array"
           : v.is_object()  ? "an object"
                            : "null";
}

} // namespace detail

namespace {

SceneLoad ParseSceneSteps(std::string_view text, const std::string& source, LoadProgress* progress)
{
    SceneLoad load;
    auto fail = [&](IoError error) {
        load.error = Within(source, std::move(error));
        load.warnings.clear();
        return std::move(load);
    };
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        return fail({{}, "the file is empty (expected a JSON scene object)"});
    }
    IoError jsonError;
    Report(progress, kReadEnd, "parsing the JSON");
    std::function<void(std::size_t)> onBytes;
    if (progress != nullptr) {
        onBytes = [progress, size = float(text.size())](std::size_t bytes) {
            Report(progress, kReadEnd + (kParseEnd - kReadEnd) * float(bytes) / size, "parsing the JSON");
        };
    }
    std::optional<json> parsed = detail::ParseJsonDocument(text, kMaxSceneDepth, jsonError, onBytes);
    if (!parsed) {
        return fail(std::move(jsonError));
    }
    const json root = std::move(*parsed);
    if (!root.is_object()) {
        return fail({{}, "expected a JSON object at the top, got " + TypeOf(root)});
    }
    const auto format = root.find("format");
    if (format == root.end() || *format != kSceneFormatName) {
        return fail({"format", std::string("expected \"") + kSceneFormatName + "\" (is this a HitLab scene file?)"});
    }
    const auto version = root.find("version");
    if (version == root.end() || !version->is_number_integer()) {
        return fail({"version", "expected a whole number"});
    }
    if (version->is_number_unsigned() && version->get<std::uint64_t>() > std::uint64_t(kSceneFormatVersion)) {
        return fail({{},
                     "version " + std::to_string(version->get<std::uint64_t>()) +
                         " is newer than this build of HitLab reads (version " + std::to_string(kSceneFormatVersion) +
                         "): update HitLab to open it"});
    }
    if (version->get<std::int64_t>() < 1) {
        return fail({"version", "must be >= 1"});
    }

    Scene scene;
    Reader r{{}, &load.warnings};
    r.WarnUnknownKeys(root, "",
                      {"format", "version", "title", "description", "look", "question", "plugins", "shapes", "ray_fans",
                       "queries", "camera", "expect", "exercises"});
    bool ok = r.String(root, "title", "", scene.title) && r.String(root, "description", "", scene.description) &&
              r.String(root, "look", "", scene.look) && r.String(root, "question", "", scene.question);
    if (ok && root.contains("plugins")) {
        ok = ReadPlugins(r, root["plugins"], scene.plugins);
    }
    if (ok && root.contains("shapes")) {
        ok = ReadShapes(r, root["shapes"], scene, progress);
    }
    if (ok && root.contains("ray_fans")) {
        ok = ReadFans(r, root["ray_fans"], scene);
    }
    if (ok && root.contains("queries")) {
        ok = detail::ReadQueries(r, root["queries"], scene);
    }
    if (ok && root.contains("camera")) {
        ok = ReadCamera(r, root["camera"], scene.camera);
    }
    if (ok && root.contains("expect")) {
        ok = detail::ReadExpectations(r, root["expect"], scene);
    }
    if (ok && root.contains("exercises")) {
        ok = detail::ReadExercises(r, root["exercises"], scene);
    }
    if (!ok) {
        return fail(r.error);
    }
    Report(progress, 1.0f, "read");
    load.scene = std::move(scene);
    return load;
}

SceneLoad LoadSceneFileSteps(const std::string& path, LoadProgress* progress)
{
    SceneLoad load;
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        load.error = {path, std::string("cannot open: ") + std::strerror(errno)};
        return load;
    }
    if (S_ISDIR(info.st_mode)) {
        load.error = {path, "is a directory, not a scene file"};
        return load;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        load.error = {path, std::string("cannot read: ") + std::strerror(errno)};
        return load;
    }
    constexpr std::streamsize kMaxBytes = std::streamsize(256) << 20;
    if (info.st_size > kMaxBytes) {
        load.error = {path, "larger than 256 MiB; not a scene file"};
        return load;
    }
    std::string text;
    text.resize(std::size_t(info.st_size));
    constexpr std::size_t kChunk = std::size_t(1) << 20; // a progress step per MiB read
    std::size_t done = 0;
    while (done < text.size()) {
        in.read(text.data() + done, std::streamsize(std::min(kChunk, text.size() - done)));
        done += std::size_t(in.gcount());
        Report(progress, kReadEnd * float(done) / float(text.size()), "reading the file");
        if (!in) {
            break; // the end came early (the file shrank) or a read error, told below
        }
    }
    text.resize(done);
    if (!in.eof() && !in.bad()) { // a pipe or device (no size), or a file that grew meanwhile
        std::ostringstream rest;
        rest << in.rdbuf();
        text += rest.str();
    }
    if (in.bad()) {
        load.error = {path, std::string("read error: ") + std::strerror(errno)};
        return load;
    }
    // a mesh's "file" is read relative to the scene, each file once however many meshes name it
    const std::filesystem::path base = std::filesystem::path(path).parent_path();
    std::map<std::string, std::shared_ptr<const MeshData>> read;
    const MeshFileReader reader = [&base, &read](const std::string& file, const std::string& key,
                                                 std::shared_ptr<const MeshData>& out) -> IoError {
        if (const auto it = read.find(file); it != read.end()) {
            out = it->second;
            return {};
        }
        IoError error;
        out = ReadMeshFile(base / file, error, file);
        if (!out) {
            return Within(key, error);
        }
        read.emplace(file, out);
        return {};
    };
    const ScopedMeshFileReader scoped(reader);
    return ParseSceneSteps(text, path, progress);
}

} // namespace

SceneLoad ParseScene(std::string_view text, const std::string& source, LoadProgress* progress)
{
    // text has no folder: a mesh's "file" is read as named (absolute, or from the current directory)
    const MeshFileReader reader = [](const std::string& file, const std::string& key,
                                     std::shared_ptr<const MeshData>& out) {
        IoError error;
        out = ReadMeshFile(file, error, file);
        return out ? IoError{} : Within(key, error);
    };
    const ScopedMeshFileReader scoped(reader);
    try {
        return ParseSceneSteps(text, source, progress);
    } catch (const LoadCancelled&) {
        SceneLoad load;
        load.error = {source, "cancelled"};
        return load;
    }
}

SceneLoad LoadSceneFile(const std::string& path, LoadProgress* progress)
{
    try {
        return LoadSceneFileSteps(path, progress);
    } catch (const LoadCancelled&) {
        SceneLoad load;
        load.error = {path, "cancelled"};
        return load;
    }
}

} // namespace hitlab
