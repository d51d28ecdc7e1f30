// convex_convex: two convex hulls of points (the protocol's `convex` shape). The reference
// separating-plane test, exact in its verdict.
#pragma once

#include "convex_distance.h"
#include "convex_hull.h"
#include "result.h"
#include "trace.h"
#include "triangle_triangle_exact.h"

#include <optional>
#include <string>
#include <vector>

namespace hitlab {

namespace detail {

/// The dimension of the affine span of both hulls' vertices together, with the coordinates its
/// plane projects onto one to one (dimension 2) and a coordinate along its line (dimension 1).
struct JointSpan {
    int dimension = 0;
    int i = 0, j = 1;
    int coordinate = 0;
};
JointSpan JointSpanOf(const ConvexHull& a, const ConvexHull& b);

/// The exact verdicts of the lower-dimensional cases: a line through an edge of either hull in
/// their common plane (+1 / -1: b on the left / right of it, 0: none separates), and the intervals
/// along a common line.
int SeparatesInPlane(const ConvexHull& a, const ConvexHull& b, const JointSpan& s);
bool SeparatedOnLine(const ConvexHull& a, const ConvexHull& b, int coordinate);

/// The first candidate plane that separates the hulls exactly (a's face planes, b's, then a plane
/// through each edge of a parallel to each edge of b), or -1; side +1 when b lies above it.
int FirstSeparatingPlane(const ConvexHull& a, const ConvexHull& b, int& side);
/// That plane's unit normal pointing from a towards b, and its label ("a face 2", "a edge 0 x b edge 3").
glm::dvec3 SeparatingNormal(const ConvexHull& a, const ConvexHull& b, int index, int side);
std::string SeparatingLabel(const ConvexHull& a, const ConvexHull& b, int index);

/// The least push-out of b over the non-zero candidate axes: its index (-1 when every axis is zero),
/// depth and unit normal (the way b moves out).
struct LeastPush {
    int index = -1;
    double depth = 0;
    glm::dvec3 normal{0};
};
LeastPush LeastCandidatePush(const ConvexHull& a, const ConvexHull& b, double scale);

/// A point the hulls share, if any (exact): a vertex of one inside the other (a polyhedron), or a
/// point where an edge of one meets a triangle of the other.
std::optional<glm::dvec3> HullsMeetAt(const ConvexHull& a, const ConvexHull& b);
/// The closed triangles whose union is the hull's boundary (a polyhedron), or the hull itself
/// (a polygon's fan, a segment or a point as a degenerate triangle).
std::vector<tritri::Verts> HullPieces(const ConvexHull& h);

/// The reference on two hulls in double, with the distance and closest points (valid when hit is
/// false, or when hit: 0 and the contact).
struct ConvexOverlap {
    OverlapResult<double> r;
    ClosestPair closest;
};
ConvexOverlap ConvexConvexSatHulls(const ConvexHull& a, const ConvexHull& b, Trace* trace);

} // namespace detail

} // namespace hitlab
