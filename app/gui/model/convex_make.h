// New convex shapes for the Scene panel's "Add shape" menu (GL-free): a box's eight corners and a
// random cloud of points in a ball.
#pragma once

#include "core/shapes.h"

#include <cstdint>
#include <optional>

namespace hitlab {

/// The eight corners of an axis-aligned or oriented box as a convex shape; nothing for any other shape.
std::optional<Convex<double>> ConvexFromBox(const Shape& shape);

/// The fewest and most points of a random cloud (the panel's field is clamped to these).
inline constexpr int kMinCloudPoints = 1;
inline constexpr int kMaxCloudPoints = 10000;

/// `count` points (clamped to [kMinCloudPoints, kMaxCloudPoints]) drawn uniformly in the ball of
/// `radius` around `center`, from a seeded generator (the same seed gives the same cloud).
Convex<double> RandomConvexCloud(const glm::dvec3& center, double radius, int count, std::uint64_t seed);

} // namespace hitlab
