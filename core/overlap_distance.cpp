// The overlap families' distances for their references.
#include "overlap_distance.h"

#include "convex_hull.h"
#include "triangle_exact.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace hitlab {

namespace detail::gap {

ConvexHull BoxHull(const glm::dvec3& center, const std::array<glm::dvec3, 3>& half)
{
    std::vector<glm::dvec3> corners;
    for (int k = 0; k < 8; ++k) {
        glm::dvec3 v = center;
        for (int i = 0; i < 3; ++i) {
            v += ((k >> i) & 1 ? 1.0 : -1.0) * half[size_t(i)];
        }
        corners.push_back(v);
    }
    return BuildConvexHull(corners);
}

ConvexHull AabbHull(const Aabb<double>& box)
{
    std::vector<glm::dvec3> corners;
    for (int k = 0; k < 8; ++k) {
        corners.push_back(
            {(k & 1) ? box.max.x : box.min.x, (k & 2) ? box.max.y : box.min.y, (k & 4) ? box.max.z : box.min.z});
    }
    return BuildConvexHull(corners);
}

ConvexHull ObbHull(const Obb<double>& box)
{
    std::array<glm::dvec3, 3> half;
    for (int i = 0; i < 3; ++i) {
        half[size_t(i)] = box.axes[size_t(i)] * box.halfExtents[i];
    }
    return BoxHull(box.center, half);
}

ConvexHull TriangleHull(const Triangle<double>& t)
{
    return BuildConvexHull({t.vertices[0], t.vertices[1], t.vertices[2]});
}

/// A ball's point nearest to q (outside it), and |q - c| - r - shrink in double-double.
ClosestPair BallTo(const glm::dvec3& c, double r, const glm::dvec3& q, double shrink)
{
    xp::DD sq;
    for (int i = 0; i < 3; ++i) {
        const xp::DD g = tx::DifferenceDD(q[i], c[i]);
        sq = xp::Add(sq, xp::Mul(g, g));
    }
    const double d = glm::length(q - c);
    const glm::dvec3 onBall = d > 0 ? c + (q - c) * (r / d) : c;
    double radii, radiiLo;
    xp::TwoSum(r, shrink, radii, radiiLo);
    return {xp::Add(xp::Sqrt(sq), xp::Neg(xp::Normalized(radii, radiiLo))).hi, onBall, q};
}

} // namespace detail::gap

ClosestPair AabbAabbGap(const Aabb<double>& a, const Aabb<double>& b)
{
    ClosestPair c;
    detail::xp::DD sq;
    for (int i = 0; i < 3; ++i) {
        if (b.min[i] > a.max[i]) {
            c.a[i] = a.max[i];
            c.b[i] = b.min[i];
        } else if (a.min[i] > b.max[i]) {
            c.a[i] = a.min[i];
            c.b[i] = b.max[i];
        } else {
            c.a[i] = c.b[i] = std::max(a.min[i], b.min[i]); // in both intervals
        }
        const detail::xp::DD g = detail::tx::DifferenceDD(c.b[i], c.a[i]);
        sq = detail::xp::Add(sq, detail::xp::Mul(g, g));
    }
    c.distance = detail::xp::Sqrt(sq).hi;
    return c;
}

ClosestPair SphereAabbGap(const Sphere<double>& s, const Aabb<double>& box)
{
    return detail::gap::BallTo(s.center, s.radius, glm::clamp(s.center, box.min, box.max), 0);
}

ClosestPair SphereSphereGap(const Sphere<double>& a, const Sphere<double>& b)
{
    ClosestPair c = detail::gap::BallTo(a.center, a.radius, b.center, b.radius);
    const ClosestPair back = detail::gap::BallTo(b.center, b.radius, a.center, a.radius);
    c.b = back.a;
    return c;
}

ClosestPair ObbObbGap(const Obb<double>& a, const Obb<double>& b)
{
    return HullDistance(detail::gap::ObbHull(a), detail::gap::ObbHull(b));
}

ClosestPair AabbTriangleGap(const Aabb<double>& a, const Triangle<double>& b)
{
    return HullDistance(detail::gap::AabbHull(a), detail::gap::TriangleHull(b));
}

ClosestPair SphereTriangleGap(const Sphere<double>& s, const Triangle<double>& t)
{
    ClosestPair c = HullDistance(BuildConvexHull({s.center}), detail::gap::TriangleHull(t), s.radius);
    const double d = glm::length(c.b - s.center);
    c.a = d > 0 ? s.center + (c.b - s.center) * (s.radius / d) : s.center;
    return c;
}

ClosestPair TriangleTriangleGap(const Triangle<double>& a, const Triangle<double>& b)
{
    return HullDistance(detail::gap::TriangleHull(a), detail::gap::TriangleHull(b));
}

} // namespace hitlab
