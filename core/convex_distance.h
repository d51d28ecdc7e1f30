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

/// The closest pair of two disjoint non-empty hulls, and their distance minus `shrink` (a radius:
/// a point hull and shrink r give a sphere's distance). The pair is found in double; its distance
/// is then recomputed in double-double from exact coordinate differences (a point's distance to a
/// point, a line or a plane, or two lines' distance) and rounded once, so it is within about an
/// ulp of the exact distance unless two feature pairs are within rounding of each other (then of
/// either). For hulls that meet the answer is meaningless: callers decide a hit exactly first.
ClosestPair HullDistance(const ConvexHull& a, const ConvexHull& b, double shrink = 0);

/// The closest point of the closed segment pq (possibly a point) to x.
glm::dvec3 ClosestOnSegment(const glm::dvec3& x, const glm::dvec3& p, const glm::dvec3& q);

/// The closest point of the closed triangle abc (non-degenerate) to x.
glm::dvec3 ClosestOnTriangle(const glm::dvec3& x, const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c);

/// The closest points of the closed segments pq and rs (either possibly a point).
ClosestPair ClosestOfSegments(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& r, const glm::dvec3& s);

} // namespace hitlab
