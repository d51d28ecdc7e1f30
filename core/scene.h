// The scene model: the shapes a person arranges, which pairs are compared with which algorithms,
// and how the scene is viewed. Plain data plus the rules that derive its queries; edits go through
// commands (commands.h), evaluation through SceneEvaluator (scene_eval.h). No GL, no JSON.
#pragma once

#include "algorithm.h"
#include "exercise.h"

#include <glm/vec4.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace hitlab {

using ShapeId = std::uint32_t;

/// A shape of the scene: protocol geometry plus identity and looks.
struct SceneShape {
    ShapeId id = 0; ///< stable, unique within the scene, never reused in a session
    std::string name;
    glm::vec4 color{0.8f, 0.8f, 0.8f, 1.0f}; ///< linear RGBA in [0, 1]
    bool visible = true;
    Shape shape;
};

/// A ray fan of the scene (the dense ray view, core/ray_fan.h): an n x n grid of rays from one
/// origin across a target shape's silhouette. The algorithms compared are the target family's
/// enabled ones (Scene::Settings of ray_<type>), at that family's precision. Not a protocol shape.
using FanId = std::uint32_t;
struct SceneFan {
    FanId id = 0; ///< stable, unique among the scene's fans (its own id space)
    std::string name;
    glm::dvec3 origin{0.0, 0.0, -5.0};
    ShapeId target = 0; ///< an aabb, sphere, obb or plane of the scene
    int n = 128;        ///< rays per side, 1..1024
    bool enabled = true;
    friend bool operator==(const SceneFan&, const SceneFan&) = default;
};

/// Whether a fan can aim at a shape: an aabb, sphere, obb or plane (a ray_<type> family exists).
bool IsFanTarget(const Shape& shape);

/// Which algorithms of a family run, which one the viewport draws, and in what precision.
struct FamilySettings {
    std::vector<const AlgorithmInfo*> enabled; ///< in registry order
    const AlgorithmInfo* drawn = nullptr;      ///< one of enabled (the reference by default)
    Precision precision = Precision::Float;
};

/// How the scene is viewed (the viewport's camera; stored with the scene).
struct CameraState {
    glm::dvec3 target{0.0};
    double distance = 8.0;
    double yawDeg = 35.0;   ///< around +y
    double pitchDeg = 25.0; ///< above the horizon
    bool orthographic = false;
    bool view2d = false; ///< orthographic view of the z = 0 plane
};

/// An unordered pair of shapes, stored as (smaller id, larger id).
struct PairKey {
    ShapeId lo = 0, hi = 0;
    static PairKey Of(ShapeId a, ShapeId b) { return a < b ? PairKey{a, b} : PairKey{b, a}; }
    friend auto operator<=>(const PairKey&, const PairKey&) = default;
};

/// A query the scene derives: the family, which shape is `a` and which is `b` in the protocol's order.
struct SceneQuery {
    Family family;
    ShapeId a, b;
};

/// The family that queries two shape types, with a/b in protocol order; nullopt when none does
/// (ray-ray, plane-box, ...). `swapped` is set when the second argument is the family's `a`.
std::optional<Family> FamilyForTypes(std::string_view typeA, std::string_view typeB, bool* swapped = nullptr);

/// What a lesson says a plugin's algorithm gives on one query (the plugin named by the scene's
/// "plugins"): its verdict and, when it differs from the reference, the report's explanation.
struct PluginExpectation {
    std::string algorithm; ///< the plugin algorithm's name, of the query's family
    bool hit = false;
    std::string explain; ///< "" (agrees with the reference), "convention", "known_flaw", ...

    bool operator==(const PluginExpectation&) const = default;
};

/// What a lesson says one of its queries gives, as data (a scene file's "expect"), so that a test
/// can run the lesson through the report's evaluation and compare: text and program cannot drift.
struct LessonExpectation {
    std::string a, b;                                         ///< the two shapes' names (either order)
    std::vector<std::string> hit, miss;                       ///< algorithms that hit, that miss
    std::optional<double> tEnter, tExit, depth;               ///< the reference algorithm's values
    std::vector<std::pair<std::string, std::string>> explain; ///< algorithm -> why it differs ("known_flaw", ...)
    std::vector<PluginExpectation> plugins;                   ///< the outcomes of the scene's plugins' algorithms

    bool operator==(const LessonExpectation&) const = default;
};

class Scene {
public:
    Scene();

    std::string title;
    std::string description;               ///< Markdown, shown beside a lesson
    std::string look;                      ///< a lesson's "what to look at" (Markdown), shown in its lesson box
    std::string question;                  ///< a lesson's question for the student (Markdown)
    std::vector<LessonExpectation> expect; ///< the outcomes a lesson's text claims, per query
    std::vector<Exercise> exercises;       ///< a lesson's exercises (predict, then reveal: exercise.h)
    /// The plugins a lesson needs (docs/scene-format.md): names of bundled engine plugins
    /// ("bullet") or plugin files, loaded by the window and `hitlab report` with the scene.
    std::vector<std::string> plugins;

    CameraState camera;

    const std::vector<SceneShape>& Shapes() const { return m_shapes; }
    const SceneShape* Find(ShapeId id) const;
    /// Index of a shape in Shapes(), or -1.
    int IndexOf(ShapeId id) const;

    /// Adds a shape; an id of 0 (or one already used) gets a fresh id. Returns the id used.
    ShapeId Add(SceneShape shape, int index = -1);
    /// Removes a shape; returns it (for undo) or nullopt when there is none with that id.
    std::optional<SceneShape> Remove(ShapeId id);
    /// Replaces the shape with the same id (geometry, name, color, visibility). False when absent.
    bool Replace(const SceneShape& shape);

    /// The next id Add would hand out.
    ShapeId NextId() const { return m_nextId; }

    /// Ray fans, in order. Their targets name shapes of the scene (RemoveShapeCommand removes the
    /// fans aimed at the shape it removes, and brings them back on undo).
    const std::vector<SceneFan>& Fans() const { return m_fans; }
    const SceneFan* FindFan(FanId id) const;
    int FanIndexOf(FanId id) const;
    /// Adds a fan at `index` (-1: the end); an id of 0 (or one in use) gets a fresh id. Returns the id used.
    FanId AddFan(SceneFan fan, int index = -1);
    /// Removes a fan; returns it (for undo) or nullopt when there is none with that id.
    std::optional<SceneFan> RemoveFan(FanId id);
    /// Replaces the fan with the same id. False when absent.
    bool ReplaceFan(const SceneFan& fan);
    FanId NextFanId() const { return m_nextFanId; }

    /// Pairs are on by default; a person can turn one off.
    bool IsPairEnabled(ShapeId a, ShapeId b) const { return !m_disabledPairs.contains(PairKey::Of(a, b)); }
    void SetPairEnabled(ShapeId a, ShapeId b, bool enabled);
    const std::set<PairKey>& DisabledPairs() const { return m_disabledPairs; }
    /// Whether pairs of solids (the overlap queries) are compared at all; casts always are. Off in
    /// scenes that study ray casts only (the stress scene), where n solids would make n^2/2 pairs.
    bool SolidPairsEnabled() const { return m_solidPairs; }
    void SetSolidPairsEnabled(bool enabled);

    FamilySettings& Settings(Family family) { return m_settings[static_cast<size_t>(family)]; }
    const FamilySettings& Settings(Family family) const { return m_settings[static_cast<size_t>(family)]; }

    /// Every query the scene evaluates: each ray or segment against each plane, aabb, sphere and obb
    /// that a family covers, and each pair of solids a family covers (when SolidPairsEnabled);
    /// disabled pairs and shapes of no family left out. Order: by the first shape's index, then the second's.
    std::vector<SceneQuery> Queries() const;
    /// The queries that involve one shape (same rules and order).
    std::vector<SceneQuery> QueriesOf(ShapeId id) const;
    /// The protocol query of a scene query (shapes copied).
    Query MakeQuery(const SceneQuery& q) const;

    /// Bumped on every change of a shape's geometry, of the pairs or of the settings; the evaluator
    /// compares these to know what to recompute.
    std::uint64_t Revision(ShapeId id) const;
    /// Revision of Shapes()[index], without looking the id up.
    std::uint64_t RevisionAt(size_t index) const { return m_revisions[index]; }
    std::uint64_t SettingsRevision() const { return m_settingsRevision; }
    void TouchSettings() { m_settingsRevision = ++m_clock; }

private:
    std::vector<SceneShape> m_shapes;
    std::vector<std::uint64_t> m_revisions;               ///< parallel to m_shapes
    std::unordered_map<ShapeId, std::uint32_t> m_indexOf; ///< id -> index in m_shapes (O(1) Find)
    std::set<PairKey> m_disabledPairs;
    bool m_solidPairs = true;
    std::array<FamilySettings, kFamilyCount> m_settings;
    /// Refreshes m_indexOf for the shapes from index `from` on (after an insert or a removal).
    void Reindex(size_t from);

    ShapeId m_nextId = 1;
    std::vector<SceneFan> m_fans;
    FanId m_nextFanId = 1;
    std::uint64_t m_clock = 0;
    std::uint64_t m_settingsRevision = 0;
};

/// Default settings of a family: every algorithm on, the reference drawn, float.
FamilySettings DefaultSettings(Family family);

/// A readable default name for a new shape of a type ("box 3"): the lowest number not taken by a
/// shape of the scene. O(n) in the scene's shapes; ShapeNamer names many in a row.
std::string DefaultShapeName(const Scene& scene, std::string_view type);

/// DefaultShapeName for many new shapes in a row (loading a file of unnamed shapes): the same
/// names, in amortised constant time each. Tell it every name given meanwhile (Take); it holds
/// while names are only added, as when a file is read.
class ShapeNamer {
public:
    /// Starts from the names of the scene's shapes.
    explicit ShapeNamer(const Scene& scene);
    /// A name now taken (a shape added with its own name).
    void Take(const std::string& name) { m_taken.insert(name); }
    /// The lowest free "box N" for the type, taken from now on.
    std::string Next(std::string_view type);

private:
    std::unordered_set<std::string> m_taken;
    std::unordered_map<std::string, int> m_next; ///< per base name, the lowest number that may be free
};

} // namespace hitlab
