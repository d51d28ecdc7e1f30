// The closed convex hull of a set of points (the protocol's `convex` shape), in double, with exact
// orientation predicates (core/triangle_exact.h): a point, a segment, a polygon (its vertices in
// order around its plane) or a polyhedron (outward triangles, its vertices and its edges). Every
// vertex it lists is an extreme point of the set; no triangle is degenerate.
#pragma once

#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <vector>

namespace hitlab {

/// What a hull is: the dimension of the affine span of the points.
enum class HullKind : std::uint8_t {
    Empty,      ///< no points
    Point,      ///< one distinct point: vertices[0]
    Segment,    ///< vertices[0], vertices[1] (the lexicographically smallest and largest point)
    Polygon,    ///< vertices in order, counterclockwise seen from the side `normal` faces
    Polyhedron, ///< triangles wound outward: (b - a) x (c - a) points out of the solid
};

struct ConvexHull {
    HullKind kind = HullKind::Empty;
    std::vector<glm::dvec3> vertices; ///< the extreme points, each once
    /// Polyhedron: outward triangles (a facet of more than three vertices is split into several
    /// coplanar triangles). Polygon: a fan over its vertices, wound counterclockwise around
    /// `normal` (so that it can be drawn). Indices into vertices.
    std::vector<std::array<std::uint32_t, 3>> triangles;
    /// Polyhedron: every edge of its triangles once (smaller index first), diagonals of a facet
    /// split into triangles included; polygon: its boundary; segment: the one edge.
    std::vector<std::array<std::uint32_t, 2>> edges;
    /// Polygon: a unit normal of its plane (rounded; its direction is exact in sign: the vertices
    /// run counterclockwise around it). Otherwise 0.
    glm::dvec3 normal{0};
};

/// The hull of the points (finite doubles; duplicates allowed; a non-finite point gives an empty
/// hull, as no points do). Exact in its combinatorics: which
/// points are vertices, and which triples are faces, are decided with exact predicates. Time:
/// the sort, then per point the faces it sees and their neighbours (found by walking from the
/// previous point): about 2 s for 100,000 points on a sphere (all of them vertices) on this machine.
ConvexHull BuildConvexHull(const std::vector<glm::dvec3>& points);

struct ConvexData; // core/convex.h

/// The hull of a convex shape's points, built on first use and kept in its shared data (one per
/// precision: doublePrecision false hulls the points rounded to float, what a float run sees).
const ConvexHull& HullOf(const ConvexData& data, bool doublePrecision = true);

} // namespace hitlab
