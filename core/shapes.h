// Shapes of the query protocol (../docs/protocol.md), templated on the scalar.
// Plain aggregates: every algorithm takes them by const reference.
#pragma once

#include <glm/vec3.hpp>

#include <array>
#include <optional>
#include <variant>

namespace hitlab {

template <typename T>
using Vec3 = glm::vec<3, T, glm::defaultp>;

/// Points origin + t * direction, t >= 0. direction need not be unit length.
template <typename T>
struct Ray {
    Vec3<T> origin{0};
    Vec3<T> direction{1, 0, 0};
    friend bool operator==(const Ray&, const Ray&) = default;
};

/// Points start + t * (end - start), 0 <= t <= 1. start == end is a point.
template <typename T>
struct Segment {
    Vec3<T> start{0};
    Vec3<T> end{1, 0, 0};
    friend bool operator==(const Segment&, const Segment&) = default;
};

/// Points x with dot(normal, x) == distance; normal nonzero, need not be unit.
template <typename T>
struct Plane {
    Vec3<T> normal{0, 1, 0};
    T distance = 0;
    friend bool operator==(const Plane&, const Plane&) = default;
};

/// Closed box, min <= max on every axis (min == max is a flat box).
template <typename T>
struct Aabb {
    Vec3<T> min{-1};
    Vec3<T> max{1};
    friend bool operator==(const Aabb&, const Aabb&) = default;
};

/// Closed ball, radius >= 0.
template <typename T>
struct Sphere {
    Vec3<T> center{0};
    T radius = 1;
    friend bool operator==(const Sphere&, const Sphere&) = default;
};

/// Closed oriented box: local point p maps to center + p.x*axes[0] + p.y*axes[1] + p.z*axes[2],
/// with |p.i| <= halfExtents.i. axes are orthonormal (validated within 1e-4 on input).
template <typename T>
struct Obb {
    Vec3<T> center{0};
    Vec3<T> halfExtents{1};
    std::array<Vec3<T>, 3> axes{Vec3<T>{1, 0, 0}, Vec3<T>{0, 1, 0}, Vec3<T>{0, 0, 1}};
    friend bool operator==(const Obb&, const Obb&) = default;
};

/// A point (the point families ask whether it lies in the closed solid b).
template <typename T>
struct Point {
    Vec3<T> position{0};
    friend bool operator==(const Point&, const Point&) = default;
};

/// Any shape of the protocol, in double (the precision of input files and of the scene).
using Shape =
    std::variant<Ray<double>, Segment<double>, Plane<double>, Aabb<double>, Sphere<double>, Obb<double>, Point<double>>;
/// How many types of shape there are (tables indexed by Shape::index()).
inline constexpr std::size_t kShapeTypes = std::variant_size_v<Shape>;

/// Converts a shape to another scalar (rounding to nearest when narrowing).
template <typename U, typename T>
Ray<U> ShapeCast(const Ray<T>& r)
{
    return {Vec3<U>(r.origin), Vec3<U>(r.direction)};
}
template <typename U, typename T>
Segment<U> ShapeCast(const Segment<T>& s)
{
    return {Vec3<U>(s.start), Vec3<U>(s.end)};
}
template <typename U, typename T>
Plane<U> ShapeCast(const Plane<T>& p)
{
    return {Vec3<U>(p.normal), static_cast<U>(p.distance)};
}
template <typename U, typename T>
Aabb<U> ShapeCast(const Aabb<T>& b)
{
    return {Vec3<U>(b.min), Vec3<U>(b.max)};
}
template <typename U, typename T>
Sphere<U> ShapeCast(const Sphere<T>& s)
{
    return {Vec3<U>(s.center), static_cast<U>(s.radius)};
}
template <typename U, typename T>
Obb<U> ShapeCast(const Obb<T>& o)
{
    return {Vec3<U>(o.center), Vec3<U>(o.halfExtents), {Vec3<U>(o.axes[0]), Vec3<U>(o.axes[1]), Vec3<U>(o.axes[2])}};
}

template <typename U, typename T>
Point<U> ShapeCast(const Point<T>& p)
{
    return {Vec3<U>(p.position)};
}

/// The protocol's type name of a shape ("ray", "aabb", ...).
const char* ShapeTypeName(const Shape& shape);

/// Where a shape sits: a box's or oriented box's centre, a sphere's centre, a ray's origin, a
/// segment's midpoint; nullopt for a plane (it has no centre).
std::optional<glm::dvec3> ShapeCenter(const Shape& shape);

/// The line a cast runs along: points origin + t * direction. A ray's own origin and direction; a
/// segment's start and end - start, so that t in [0, 1] spans the segment.
struct CastLine {
    glm::dvec3 origin{0};
    glm::dvec3 direction{0};
};
/// The cast line of a ray or a segment; nullopt for the other shapes.
std::optional<CastLine> CastLineOf(const Shape& shape);

} // namespace hitlab
