// Scenes the GUI can open without a file (the demo, the performance stress scene), views for
// `hitlab render`, and where scene files come from (a loader plugged in by the caller).
#pragma once

#include "render/camera.h"

#include "core/io/error.h"
#include "core/io/scene_file.h" // LoadProgress
#include "core/scene.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace hitlab {

/// Reads a scene file; returns nullopt and sets error (where: the file, and the key path or line
/// and column inside it) when it cannot. Until a loader is plugged in (the hitlab executable plugs
/// in core/io's), only the built-in scenes open. `progress` (may be null) is updated as it reads
/// and can cancel it (core/io/scene_file.h).
using SceneLoader =
    std::function<std::optional<Scene>(const std::string& path, IoError& error, LoadProgress* progress)>;

/// 500 boxes and 500 spheres on a jittered lattice and 100 rays through them (fixed seed). Pairs
/// of solids are off (Scene::SetSolidPairsEnabled) so the queries are the 100,000 ray casts.
Scene MakeStressScene();

/// "demo" (or empty), "stress", else a file through loader. nullopt with error set on failure
/// (the loader's, or, without a loader, where: the name, what: that only built-in scenes open).
std::optional<Scene> OpenScene(const std::string& name, const SceneLoader& loader, IoError& error,
                               LoadProgress* progress = nullptr);

/// The most pairs of solids the window evaluates: beyond it (20,000 solids make 200 million pairs)
/// every evaluation would list and test them all and run out of memory.
inline constexpr std::uint64_t kWindowSolidPairs = 1'000'000;

/// Turns the scene's pairs of solids off when it has more than kWindowSolidPairs of them, and
/// says so (how many, what is shown instead, and that `hitlab report` culls them by bounds);
/// returns "" and leaves the scene alone otherwise.
std::string LimitSolidPairsForWindow(Scene& scene);

/// Bounds of the visible shapes with extent (planes left out; a ray counts its origin and tip).
/// False when there is none.
bool SceneBounds(const Scene& scene, glm::dvec3& min, glm::dvec3& max);
/// Bounds of one shape (same rules); false for a plane.
bool ShapeBounds(const Shape& shape, glm::dvec3& min, glm::dvec3& max);

/// The camera of `hitlab render --view`: "persp" keeps the scene's camera; "front", "right" and
/// "top" are orthographic standard views and "2d" the 2D mode, each framing the scene.
/// nullopt for an unknown view name.
std::optional<Camera> CameraForView(const Scene& scene, const std::string& view, glm::dvec2 size);

} // namespace hitlab
