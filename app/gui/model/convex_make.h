// New convex shapes for the Scene panel's "Add shape" menu (GL-free): a box's eight corners and a
// random cloud of points in a ball.
#pragma once

#include "core/shapes.h"

#include <cstddef>
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

/// The Inspector's "add point": the shape with one more point, the centre of its points' bounds,
/// or, when that is already one of its points (a single point, say), the last point moved along +x
/// by a tenth of the bounds' largest side (by 1 when the bounds are a point). Nothing when the
/// shape has no data or already kMaxConvexPoints points.
std::optional<Convex<double>> ConvexWithPointAdded(const Convex<double>& convex);

/// The Inspector's "remove point": the shape without its point `index`. Nothing when that would
/// leave no point (a convex shape keeps at least one) or `index` is past the last point.
std::optional<Convex<double>> ConvexWithPointRemoved(const Convex<double>& convex, std::size_t index);

} // namespace hitlab
