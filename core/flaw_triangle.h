// The triangle families' flaw conditions (core/flaw_condition.h's vocabulary): "degenerate
// triangle", "coplanar", and the plane distances of "epsilon N" for triangle_triangle.
#pragma once

#include "algorithm.h"

#include <vector>

namespace hitlab::detail {

/// "degenerate triangle": a or b is a triangle with collinear or coincident vertices (its winding
/// normal exactly zero).
bool HasDegenerateTriangle(const Query& q);

/// "coplanar": triangle_triangle with all six vertices in one plane (every four of them, exactly).
bool TrianglesCoplanar(const Query& q);

/// triangle_triangle: the six signed distances Moller's listing computes, N . v + d with the
/// unnormalised N = (v1 - v0) x (v2 - v0) of the other triangle and d = -N . v0, in double.
std::vector<double> MollerPlaneDistances(const Query& q);

} // namespace hitlab::detail
