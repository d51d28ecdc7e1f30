// The watertight test's exact solver, shared by its two files (core/ray_triangle_exact.cpp, and
// core/ray_triangle_point.cpp for zero-length segments and degenerate triangles' spans).
#pragma once

#include "ray_triangle.h"

namespace hitlab::detail {

namespace tri_exact {
/// A degenerate triangle's span: the first axis its vertices differ on (-1: a point), and its
/// vertices of least and greatest coordinate there (core/ray_triangle_point.cpp).
struct DegenerateSpan {
    int axis = -1, ip = 0, iq = 0;
};
DegenerateSpan SpanOf(const ExactTriangleQuery& q);

/// u, v of a point x on the span: its end vertices' weights (the middle vertex 0).
void SetSpanWeights(const ExactTriangleQuery& q, const DegenerateSpan& span, const glm::dvec3& x,
                    ExactTriangleAnswer& a);

/// SolveTriangleExactly on a zero-length segment (start == end, valid input: a point): a hit over
/// [0, 1] when the point lies on the closed triangle, or on the segment or point a degenerate
/// triangle spans; u, v its barycentrics (core/ray_triangle_point.cpp).
ExactTriangleAnswer ZeroLengthSegmentAnswer(const ExactTriangleQuery& q);
} // namespace tri_exact

} // namespace hitlab::detail
