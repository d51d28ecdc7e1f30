// triangle_triangle: two closed triangles. The reference with an exact verdict and a
// separating-axis depth; the published tests of Moller (1997) and Guigue & Devillers (2003) are
// in triangle_triangle_published.h.
#pragma once

#include "result.h"
#include "trace.h"

#include <string>

namespace hitlab {

namespace detail {

/// Label of triangle_triangle SAT axis index 0..10: "na", "nb" (the normals), then "a0 x b0",
/// "a0 x b1", ..., "a2 x b2" (edge i of a, v(i+1) - v(i), crossed with edge j of b; index
/// 2 + 3 i + j).
std::string TriangleTriangleAxisLabel(int index);

/// TriangleTriangleSat in double (a float query converted exactly, its answer rounded back).
OverlapResult<double> TriangleTriangleSatDouble(const Triangle<double>& a, const Triangle<double>& b, Trace* trace);

} // namespace detail

/// Reference. Two closed triangles (two-sided; a degenerate one is the segment or point it
/// spans) overlap when they share a point; touching counts (depth 0).
///
/// - Exact verdict on every finite input: two closed triangles meet exactly when an edge of one
///   meets the other, and each edge is tested with exact orientation predicates (orient3d for a
///   segment crossing a plane and the line through it against the edges; orient2d in the
///   coordinate plane the triangle projects onto one to one when the segment lies in its plane;
///   segment against segment for a degenerate triangle). A double query whose largest number is
///   outside [2^-100, 2^100] is scaled by one power of two first.
/// - hit: depth = the least overlap over the non-zero candidate axes of the separating-axis
///   test (the two normals and the nine crosses of an edge of a with an edge of b), each divided
///   by |axis|, projections to about 2^-48 relative: the shortest move of b that leaves the
///   two only touching. Coplanar triangles (and any pair with a degenerate one lying in the
///   other's plane) get 0 along the common normal. Ties keep the first axis in index order;
///   normal: that axis, unit, the way b moves out (+axis when both ways are equal). With no
///   non-zero axis (collinear segments, points) depth 0 and a unit vector perpendicular to the
///   segment (+z for points). contact: a point where an edge of one meets the other.
/// - miss: separatingAxis is the first of the 11 axes whose projections are disjoint (exact
///   signs), unit, pointing from a towards b; coplanar triangles apart (separated only by an
///   in-plane axis) report none.
/// - NaN or an infinity anywhere gives a miss without an axis.
/// - trace: the edge tests (early exit at the first edge that meets), then one AxisPart per
///   candidate axis (zero axes skipped; on a miss up to the first separating one).
template <typename T>
[[gnu::noinline]] OverlapResult<T> TriangleTriangleSat(const Triangle<T>& a, const Triangle<T>& b,
                                                       Trace* trace = nullptr);
extern template OverlapResult<float> TriangleTriangleSat<float>(const Triangle<float>&, const Triangle<float>&, Trace*);
extern template OverlapResult<double> TriangleTriangleSat<double>(const Triangle<double>&, const Triangle<double>&,
                                                                  Trace*);

} // namespace hitlab
