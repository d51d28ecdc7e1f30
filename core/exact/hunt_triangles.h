// The hunt's draws for the triangle and mesh families (hunt_triangles.cpp, hunt_meshes.cpp):
// triangles of every kind that breaks triangle code, their vertices, edge points and inside points
// in dyadic numbers, and one draw per family.
#pragma once

#include "hunt_draw.h"

namespace hitlab::hunt::draw {

/// A triangle of one kind: 0 grid, 1 right triangle on an axis plane, 2 tiny (2^-10 .. 2^-40),
/// 3 sliver, 4 far (offset by 2^16 .. 2^50), 5 degenerate (collinear or coincident vertices).
Triangle<double> DrawTriangle(Rng& rng, int kind);

/// A point of t: feature 0 a vertex, 1 a point of an edge (v_i + s (v_j - v_i), s = k / 8), 2 a
/// point by dyadic barycentrics (inside or on its boundary). Exact when t's numbers are short.
dvec3 TrianglePoint(Rng& rng, const Triangle<double>& t, int feature);

/// ray_triangle (segment false) or segment_triangle: rays aimed at vertices, edge points and inside
/// points, rays in the plane, origins on the triangle, segments ending on it.
Query DrawTriangleCast(Rng& rng, bool segment, const char** what);
Query DrawAabbTriangle(Rng& rng, const char** what);
Query DrawSphereTriangle(Rng& rng, const char** what);
Query DrawTriangleTriangle(Rng& rng, const char** what);

/// ray_mesh on small meshes (2 to 8 triangles: a fan around a vertex, a quad split on its diagonal,
/// a tetrahedron, triangles sharing a pool of vertices): rays through the shared vertices and
/// edges, rays in a face's plane, coordinates far from the origin.
Query DrawRayMesh(Rng& rng, const char** what);

} // namespace hitlab::hunt::draw
