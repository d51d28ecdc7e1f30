// The distance between the two solids of an overlap query that miss, with a pair of points
// realising it (docs/protocol.md, "distance"), in double, for every overlap family's reference:
// closed forms for boxes and spheres, the hull feature pairs (core/convex_distance.h) for oriented
// boxes and triangles. Callers decide the verdict first: these assume the solids are apart.
#pragma once

#include "convex_distance.h"
#include "shapes.h"

namespace hitlab {

/// Each per-axis gap is one rounded difference, the distance the rounded root of their rounded
/// squares: within 2 ulp.
ClosestPair AabbAabbGap(const Aabb<double>& a, const Aabb<double>& b);
/// |c - q| - r with q the centre clamped to the box (a the sphere's point towards q, b = q).
ClosestPair SphereAabbGap(const Sphere<double>& s, const Aabb<double>& box);
/// |cb - ca| - ra - rb along the line of centres.
ClosestPair SphereSphereGap(const Sphere<double>& a, const Sphere<double>& b);
/// The hulls of the boxes' corners (each corner rounded once: a few ulps of the coordinates).
ClosestPair ObbObbGap(const Obb<double>& a, const Obb<double>& b);
ClosestPair AabbTriangleGap(const Aabb<double>& a, const Triangle<double>& b);
/// |c - q| - r with q the triangle's closest point to the centre.
ClosestPair SphereTriangleGap(const Sphere<double>& s, const Triangle<double>& t);
ClosestPair TriangleTriangleGap(const Triangle<double>& a, const Triangle<double>& b);

} // namespace hitlab
