// Picking: which shape lies under the cursor. Solids are hit with HitLab's own reference
// algorithms (the picking ray is a core query); rays and segments, which have no area, are
// picked by their distance on screen. Pure math on the scene and the camera, no GL.
#pragma once

#include "render/camera.h"

#include "core/scene.h"

#include <optional>

namespace hitlab {

struct Pick {
    ShapeId id = 0;
    double t = 0.0;              ///< along the picking ray (unit direction), solids and planes
    double screenDistance = 0.0; ///< pixels from the cursor, rays and segments
    glm::dvec3 point{0.0};       ///< where the picking ray meets the shape (lines: a point on them)
};

/// Rays and segments within this many pixels of the cursor are picked first.
inline constexpr double kLinePickPixels = 7.0;

/// The shape under `cursor`: the nearest ray or segment within kLinePickPixels, else the solid
/// (box, sphere, oriented box) with the smallest entry t, else the nearest plane. Hidden shapes
/// are never picked; nullopt when nothing is under the cursor.
std::optional<Pick> PickShape(const Scene& scene, const Camera& camera, glm::dvec2 cursor);

/// The ray cast of a ray against a solid or plane shape by its family's reference algorithm, or
/// nullopt when the shape is not a solid or a plane.
std::optional<Result> CastReference(const Ray<double>& ray, const Shape& shape);

} // namespace hitlab
