// The exact judge of the triangle and mesh families (ray_triangle, segment_triangle, ray_mesh,
// aabb_triangle, sphere_triangle, triangle_triangle). Internal to hitlab_exact.
#pragma once

#include "exact.h"

namespace hitlab::exact {

/// JudgeExact for a query of one of the six families: the verdict, t or depth, and for casts u, v,
/// front and (ray_mesh) the triangle.
void JudgeTriangleFamily(ExactResult& r, const Query& query);

/// The interval verdict of a query of one of the six families; sets g_uncertain when intervals
/// cannot decide it.
bool IntervalTriangleHit(const Query& query);

} // namespace hitlab::exact
