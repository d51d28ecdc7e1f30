// The distance between the two solids of an overlap query that miss, with a pair of points
// realising it (docs/protocol.md, "distance"), in double, for every overlap family's reference:
// closed forms for boxes and spheres, the hull feature pairs (core/convex_distance.h) for oriented
// boxes and triangles. Callers decide the verdict first: these assume the solids are apart.
#pragma once

#include "convex_distance.h"
#include "result.h"
#include "shapes.h"

#include <algorithm>
#include <cmath>

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

/// A reference's result with its distance fields (docs/protocol.md, "distance"): for a miss the
/// gap (never below 0) and the closest pair, for a touching hit (depth 0) distance 0 and the
/// contact as both points (when the reference has none, the pair gap finds: points of both within
/// rounding); none for a hit with depth > 0 or a non-finite gap (NaN input). gap runs on the
/// shapes in double (a float shape is converted exactly) and its answer is rounded to T.
template <typename T, typename SA, typename SB, typename GapFn>
OverlapResult<T> WithDistance(OverlapResult<T> r, const SA& a, const SB& b, GapFn gap, bool hasContact = true)
{
    if (r.hit && r.depth == T(0) && hasContact) {
        r.hasDistance = true;
        r.distance = T(0);
        r.closestA = r.closestB = r.contact;
        return r;
    }
    if (r.hit && r.depth != T(0)) {
        return r;
    }
    const ClosestPair c = gap(ShapeCast<double>(a), ShapeCast<double>(b));
    if (!std::isfinite(c.distance)) {
        return r;
    }
    r.hasDistance = true;
    r.distance = r.hit ? T(0) : T(std::max(c.distance, 0.0));
    r.closestA = Vec3<T>(c.a);
    r.closestB = Vec3<T>(c.b);
    return r;
}

} // namespace hitlab
