// A convex shape's data (the protocol's `convex` shape): the points whose closed convex hull it
// is, shared and immutable like a mesh's (core/mesh.h), with a float copy made once.
#pragma once

#include <glm/vec3.hpp>

#include <cstddef>
#include <memory>
#include <vector>

namespace hitlab {

/// The most points a convex shape may have (the readers reject more with a message): the exact
/// judge's hull and the published methods' support functions visit every point.
inline constexpr std::size_t kMaxConvexPoints = 100000;

/// A convex shape's points (at least one). Made by MakeConvexData, never changed afterwards.
struct ConvexData {
    std::vector<glm::dvec3> points;
    std::vector<glm::vec3> floatPoints;    ///< points rounded to nearest float
    glm::dvec3 boundsMin{0}, boundsMax{0}; ///< the box around the points
};

/// A convex shape's data from its points (floatPoints and the bounds filled here).
/// Precondition: at least one point, at most kMaxConvexPoints (the readers check).
std::shared_ptr<const ConvexData> MakeConvexData(std::vector<glm::dvec3> points);

/// The same shape with every point p replaced by move(p).
template <typename Fn>
std::shared_ptr<const ConvexData> MovedConvexData(const ConvexData& convex, Fn&& move)
{
    std::vector<glm::dvec3> points = convex.points;
    for (glm::dvec3& p : points) {
        p = move(p);
    }
    return MakeConvexData(std::move(points));
}

} // namespace hitlab
