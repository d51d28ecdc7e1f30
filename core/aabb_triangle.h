// aabb_triangle: an axis-aligned box (a) against a closed triangle (b). The reference 13-axis
// separating-axis test with exact signs; the published Akenine-Moller test is in
// aabb_triangle_published.h.
#pragma once

#include "result.h"
#include "trace.h"

#include <string>

namespace hitlab {

namespace detail {

/// Label of aabb_triangle SAT axis index 0..12: "x", "y", "z" (the box's faces), "n" (the
/// triangle's normal), then "e0 x X", "e0 x Y", ..., "e2 x Z" (edge j = v(j+1) - v(j) crossed
/// with the box's axis i, index 4 + 3 j + i).
std::string AabbTriangleAxisLabel(int index);

/// AabbTriangleSat in double (a float query is converted exactly, its answer rounded back).
OverlapResult<double> AabbTriangleSatDouble(const Aabb<double>& box, const Triangle<double>& triangle, Trace* trace);

} // namespace detail

/// Reference. The separating-axis test of a box and a triangle on its 13 candidate axes (the
/// box's three face normals, the triangle's normal, the nine crosses of its edges with the box's
/// axes; Akenine-Moller 2001, Ericson, Real-Time Collision Detection (2005) 5.2.9), with every
/// sign decided exactly.
///
/// - Closed shapes: an axis separates only when the projections are disjoint, so touching counts
///   (depth 0). The triangle is two-sided; a degenerate triangle is the segment or point it spans.
/// - Exact verdict on every finite input: each projection comparison is a determinant of
///   coordinate differences (degree 1 to 3), filtered in double with a proven error bound and
///   decided with double expansions otherwise (core/triangle_exact.h). A double query whose
///   largest number is outside [2^-100, 2^100] is scaled by one power of two first (exact
///   unless a number then falls below 2^-1022 beside one near 1, where only bits below 2^-1074
///   are lost). A float query is converted to double exactly.
/// - Axes that are exactly zero (a degenerate triangle's normal, an edge parallel to a box axis,
///   a zero edge) are skipped. The remaining ones stay complete: a segment triangle's edges
///   crossed with the box's axes are exactly the segment/box axes, a point needs only the box's.
/// - hit: depth = the least overlap over the non-zero axes, each divided by |axis| (the
///   projections to about 2^-48 relative, then rounded; +-1 ulp in double), the shortest move of
///   the triangle that leaves the two only touching. Ties keep the first axis in index order.
///   normal: that axis, unit, pointing the way the triangle moves out (from a to b); +axis when
///   both ways are equal. contact: the centroid of the triangle clipped to the box (a point of
///   the overlap, within rounding).
/// - miss: separatingAxis is the first separating axis in index order, unit, pointing from the
///   box towards the triangle.
/// - NaN or an infinity anywhere, or a box with min > max, gives a miss without an axis.
/// - trace: one AxisPart per axis tested (early exit on the first separating axis, which
///   decides; zero axes marked skipped), then the chosen axis and the contact on a hit.
template <typename T>
[[gnu::noinline]] OverlapResult<T> AabbTriangleSat(const Aabb<T>& box, const Triangle<T>& triangle,
                                                   Trace* trace = nullptr);
extern template OverlapResult<float> AabbTriangleSat<float>(const Aabb<float>&, const Triangle<float>&, Trace*);
extern template OverlapResult<double> AabbTriangleSat<double>(const Aabb<double>&, const Triangle<double>&, Trace*);

} // namespace hitlab
