// Support functions of the solids (aabb, sphere, obb, triangle, convex), for GJK, EPA and MPR (core/gjk.h, core/epa.h,
// core/mpr.h): the point of the closed solid farthest along a direction, an interior point, and the support of the
// Minkowski difference a - b.
#pragma once

#include "shapes.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace hitlab {

/// The point of the box farthest along d: per axis max where d >= 0 (+0 and -0 included), min
/// otherwise. d need not be unit; d = 0 gives the max corner.
template <typename T>
Vec3<T> SupportPoint(const Aabb<T>& box, const Vec3<T>& d)
{
    return {d.x >= T(0) ? box.max.x : box.min.x, d.y >= T(0) ? box.max.y : box.min.y,
            d.z >= T(0) ? box.max.z : box.min.z};
}

/// The point of the ball farthest along d: centre + radius * d / |d|; d = 0 (or |d| underflowing)
/// gives centre + radius * x.
template <typename T>
Vec3<T> SupportPoint(const Sphere<T>& ball, const Vec3<T>& d)
{
    const T len = glm::length(d);
    if (!(len > T(0)) || !std::isfinite(len)) {
        return ball.center + Vec3<T>(ball.radius, 0, 0);
    }
    return ball.center + d * (ball.radius / len);
}

/// The corner of the oriented box farthest along d: per local axis +h where d . axis >= 0.
template <typename T>
Vec3<T> SupportPoint(const Obb<T>& box, const Vec3<T>& d)
{
    Vec3<T> p = box.center;
    for (int i = 0; i < 3; ++i) {
        const Vec3<T>& axis = box.axes[static_cast<size_t>(i)];
        p += glm::dot(d, axis) >= T(0) ? box.halfExtents[i] * axis : -box.halfExtents[i] * axis;
    }
    return p;
}

/// The vertex of the triangle farthest along d (the first of equals).
template <typename T>
Vec3<T> SupportPoint(const Triangle<T>& tri, const Vec3<T>& d)
{
    const auto& v = tri.vertices;
    size_t best = 0;
    T bestDot = glm::dot(v[0], d);
    for (size_t i = 1; i < 3; ++i) {
        const T dot = glm::dot(v[i], d);
        if (dot > bestDot) {
            best = i;
            bestDot = dot;
        }
    }
    return v[best];
}

/// The point of the convex shape farthest along d (the first of equals among its points).
/// Precondition: the shape has data (at least one point).
template <typename T>
Vec3<T> SupportPoint(const Convex<T>& hull, const Vec3<T>& d)
{
    const auto& points = hull.Points();
    size_t best = 0;
    T bestDot = glm::dot(points[0], d);
    for (size_t i = 1; i < points.size(); ++i) {
        const T dot = glm::dot(points[i], d);
        if (dot > bestDot) {
            best = i;
            bestDot = dot;
        }
    }
    return points[best];
}

/// A point inside the solid (its centre; a triangle's centroid): MPR's interior point and GJK's
/// first search direction.
template <typename T>
Vec3<T> InteriorPoint(const Aabb<T>& box)
{
    return T(0.5) * box.min + T(0.5) * box.max;
}
template <typename T>
Vec3<T> InteriorPoint(const Sphere<T>& ball)
{
    return ball.center;
}
template <typename T>
Vec3<T> InteriorPoint(const Obb<T>& box)
{
    return box.center;
}
template <typename T>
Vec3<T> InteriorPoint(const Triangle<T>& tri)
{
    const auto& v = tri.vertices;
    return (v[0] + v[1] + v[2]) / T(3);
}

/// The mean of a convex shape's points (inside their hull).
template <typename T>
Vec3<T> InteriorPoint(const Convex<T>& hull)
{
    Vec3<T> sum(0);
    for (const Vec3<T>& p : hull.Points()) {
        sum += p;
    }
    return sum / T(hull.Points().size());
}

/// A point of the Minkowski difference a - b with the points of a and b it comes from. Left
/// uninitialised by default (EPA's polytope holds 128 of them; its counts say which are set).
template <typename T>
struct SupportVertex {
    Vec3<T> w; ///< a - b
    Vec3<T> a; ///< the point of a
    Vec3<T> b; ///< the point of b
};

/// The support of a - b along d: sA(d) - sB(-d).
template <typename T, typename SA, typename SB>
SupportVertex<T> MinkowskiSupport(const SA& a, const SB& b, const Vec3<T>& d)
{
    SupportVertex<T> s;
    s.a = SupportPoint(a, d);
    s.b = SupportPoint(b, -d);
    s.w = s.a - s.b;
    return s;
}

} // namespace hitlab
