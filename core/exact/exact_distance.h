// The exact judge's distances (docs/protocol.md, "distance"): the Euclidean distance between the
// two solids of an overlap query that miss, 0 on a hit. Squared distances are exact rationals;
// the distance is their square root (exact when a rational square, else 256 bits, whose nearest
// double is within an ulp), minus the radii for spheres. Internal to hitlab_exact.
#pragma once

#include "exact.h"
#include "exact_triangle_geometry.h"

#include <cstdint>
#include <vector>

namespace hitlab::exact {

/// A convex polytope in exact numbers: its vertices, and the edges and triangles whose union is
/// its boundary (a solid) or itself (flat).
struct ExactPolytope {
    std::vector<V3<Q>> vertices;
    std::vector<std::array<std::uint32_t, 2>> edges;
    std::vector<std::array<std::uint32_t, 3>> triangles;
};

/// The squared distance between two closed segments (either may be a point), exactly.
Q SegmentSegmentDistance2(const V3<Q>& p, const V3<Q>& q, const V3<Q>& r, const V3<Q>& s);

/// The squared distance between two disjoint polytopes: the least over their feature pairs.
Q PolytopeDistance2(const ExactPolytope& a, const ExactPolytope& b);

/// The polytope of a convex shape's points (its hull's combinatorics, decided exactly in double).
ExactPolytope ConvexPolytope(const std::vector<glm::dvec3>& points);

/// Fills r.distance (r.hit and r.family set) for an overlap family: 0 on a hit, else the distance.
void SetExactDistance(ExactResult& r, const Query& query);

} // namespace hitlab::exact
