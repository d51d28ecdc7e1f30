// The Euclidean distance between two convex polytopes given as hulls (core/convex_hull.h), with a
// pair of points realising it, in double: the least over their feature pairs (vertex-vertex,
// vertex-edge, vertex-triangle, edge-edge) of the closest points of the pair. The overlap
// references fill their `distance` with it (a box or a triangle as the hull of its corners).
#pragma once

#include "convex_hull.h"

#include <glm/vec3.hpp>

namespace hitlab {

/// Two points, one of each solid, and their distance.
struct ClosestPair {
    double distance = 0;
    glm::dvec3 a{0}, b{0};
};

/// The closest pair of two disjoint non-empty hulls. Each closest-point computation is a few
/// rounded operations on the coordinates, so distance is within a few ulps of the coordinates'
/// magnitude of the exact distance (relative accuracy suffers when the solids are far from the
/// origin and close to each other). For hulls that meet, the distance found is tiny but not
/// necessarily 0: callers decide a hit exactly first.
ClosestPair HullDistance(const ConvexHull& a, const ConvexHull& b);

/// The closest point of the closed segment pq (possibly a point) to x.
glm::dvec3 ClosestOnSegment(const glm::dvec3& x, const glm::dvec3& p, const glm::dvec3& q);

/// The closest point of the closed triangle abc (non-degenerate) to x.
glm::dvec3 ClosestOnTriangle(const glm::dvec3& x, const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c);

/// The closest points of the closed segments pq and rs (either possibly a point).
ClosestPair ClosestOfSegments(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& r, const glm::dvec3& s);

} // namespace hitlab
