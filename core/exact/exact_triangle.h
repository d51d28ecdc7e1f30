// The exact judge of the triangle and mesh families (ray_triangle, segment_triangle, ray_mesh,
// aabb_triangle, sphere_triangle, triangle_triangle): exact_triangle.cpp dispatches, the casts and
// sphere_triangle live there, the separating-axis overlaps in exact_triangle_overlap.cpp, ray_mesh
// in exact_mesh.cpp. Internal to hitlab_exact.
#pragma once

#include "exact.h"

#include <vector>

namespace hitlab::exact {

/// JudgeExact for a query of one of the six families: the verdict, t or depth, and for casts u, v,
/// front and (ray_mesh) the triangle.
void JudgeTriangleFamily(ExactResult& r, const Query& query);

/// The interval verdict of a query of one of the six families; sets g_uncertain when intervals
/// cannot decide it.
bool IntervalTriangleHit(const Query& query);

/// aabb_triangle and triangle_triangle: the verdict by the separating axis theorem over a complete
/// candidate set (exact_triangle_geometry.h), depth the least overlap / |axis| over its axes.
void JudgeBoxTriangle(ExactResult& r, const Aabb<double>& box, const Triangle<double>& triangle);
void JudgeTriangles(ExactResult& r, const Triangle<double>& a, const Triangle<double>& b);
bool IntervalBoxTriangleHit(const Aabb<double>& box, const Triangle<double>& triangle);
bool IntervalTrianglesHit(const Triangle<double>& a, const Triangle<double>& b);

/// convex_convex: the hulls of the points (core/convex_hull.h: exact combinatorics in double),
/// the verdict by the separating axis theorem over their face normals and edge crosses (the
/// complete flat set when all the points lie in one plane), depth the least overlap / |axis| over
/// the facet axes (0 when flat).
void JudgeConvexes(ExactResult& r, const std::vector<glm::dvec3>& a, const std::vector<glm::dvec3>& b);
bool IntervalConvexesHit(const std::vector<glm::dvec3>& a, const std::vector<glm::dvec3>& b);

/// ray_mesh: the union of the mesh's triangles (docs/protocol.md): t_enter the least over the
/// triangles hit, t_exit the greatest, u, v and front of the lowest-index triangle hit at t_enter.
/// Triangle by triangle, intervals first (bounds, then the cast), exact only where they cannot tell.
void JudgeRayMesh(ExactResult& r, const Ray<double>& ray, const Mesh<double>& mesh);
bool IntervalMeshHit(const Ray<double>& ray, const Mesh<double>& mesh);

/// The cast of a ray (directionOrEnd its direction) or a segment (its end) against one triangle:
/// hit, t, u, v, front and boundaryHit.
void JudgeTriangleCast(ExactResult& r, const glm::dvec3& origin, const glm::dvec3& directionOrEnd, bool segment,
                       const Triangle<double>& triangle);

} // namespace hitlab::exact
