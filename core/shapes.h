// Shapes of the query protocol (../docs/protocol.md), templated on the scalar.
// Plain aggregates: every algorithm takes them by const reference.
#pragma once

#include "convex.h"
#include "mesh.h"

#include <glm/vec3.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <type_traits>
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

/// The closed triangle v0 v1 v2, two-sided. Collinear or coincident vertices are valid: the
/// triangle is then the segment or point they span. Its winding normal is (v1 - v0) x (v2 - v0).
template <typename T>
struct Triangle {
    std::array<Vec3<T>, 3> vertices{Vec3<T>{0, 0, 0}, Vec3<T>{1, 0, 0}, Vec3<T>{0, 1, 0}};
    friend bool operator==(const Triangle&, const Triangle&) = default;
};

/// A set of closed triangles (a surface, not a solid), sharing its data (core/mesh.h). Mesh<float>
/// reads the data's float vertices, Mesh<double> its vertices: converting a mesh between
/// precisions copies a pointer. A default Mesh has no data and no triangles.
template <typename T>
struct Mesh {
    std::shared_ptr<const MeshData> data;

    std::size_t TriangleCount() const { return data ? data->triangles.size() : 0; }
    /// The vertices in T (the float copy for T = float).
    const std::vector<Vec3<T>>& Vertices() const
    {
        if constexpr (std::is_same_v<T, float>) {
            return data->floatVertices;
        } else {
            return data->vertices;
        }
    }
    /// Triangle i, its vertices in T. Precondition: i < TriangleCount().
    Triangle<T> TriangleAt(std::size_t i) const
    {
        const auto& v = Vertices();
        const auto& t = data->triangles[i];
        return {{v[t[0]], v[t[1]], v[t[2]]}};
    }
    friend bool operator==(const Mesh& a, const Mesh& b)
    {
        return a.data == b.data || (a.data && b.data && SameMeshGeometry(*a.data, *b.data));
    }
};

/// The closed convex hull of its points (a point, segment, polygon or polyhedron), sharing its data
/// (core/convex.h) as a mesh does: Convex<float> reads the float copy of the points. A default
/// Convex has no data; DefaultConvex() is a unit cube's corners.
template <typename T>
struct Convex {
    std::shared_ptr<const ConvexData> data;

    std::size_t PointCount() const { return data ? data->points.size() : 0; }
    /// The points in T (the float copy for T = float).
    const std::vector<Vec3<T>>& Points() const
    {
        if constexpr (std::is_same_v<T, float>) {
            return data->floatPoints;
        } else {
            return data->points;
        }
    }
    friend bool operator==(const Convex& a, const Convex& b)
    {
        return a.data == b.data || (a.data && b.data && a.data->points == b.data->points);
    }
};

/// Any shape of the protocol, in double (the precision of input files and of the scene).
using Shape = std::variant<Ray<double>, Segment<double>, Plane<double>, Aabb<double>, Sphere<double>, Obb<double>,
                           Point<double>, Triangle<double>, Mesh<double>, Convex<double>>;
/// How many types of shape there are (tables indexed by Shape::index()).
inline constexpr std::size_t kShapeTypes = std::variant_size_v<Shape>;

/// The kind of a Shape, one enumerator per alternative in the variant's order. Each question about
/// a shape (its name, centre, bounds, how it is read, drawn, moved...) is one `switch (KindOf(s))`
/// that lists every kind and has no `default:`, as Box2D's b2ComputeShapeAABB (src/shape.c) is one
/// complete switch: with -Wswitch (in -Wall) and -Werror, a kind added here is a compile error at
/// every switch that must handle it. A place that means one type alone ("is this a ray?") keeps
/// std::get_if; scripts/check-source rejects a chain of get_if / holds_alternative / is_same_v over
/// several shape types on one value, and `.index()` on a shape outside this header.
/// docs/architecture.md, "Adding a shape", lists the places.
enum class ShapeKind : std::uint8_t { Ray, Segment, Plane, Aabb, Sphere, Obb, Point, Triangle, Mesh, Convex };

/// Every kind, in enum (and variant) order.
inline constexpr std::array<ShapeKind, 10> kShapeKinds{
    ShapeKind::Ray, ShapeKind::Segment, ShapeKind::Plane,    ShapeKind::Aabb, ShapeKind::Sphere,
    ShapeKind::Obb, ShapeKind::Point,   ShapeKind::Triangle, ShapeKind::Mesh, ShapeKind::Convex};

/// The Shape alternative of a kind.
template <ShapeKind K>
using ShapeOf = std::variant_alternative_t<static_cast<std::size_t>(K), Shape>;

static_assert(kShapeKinds.size() == std::variant_size_v<Shape>, "every Shape alternative has one ShapeKind");
static_assert(std::is_same_v<ShapeOf<ShapeKind::Ray>, Ray<double>> &&
                  std::is_same_v<ShapeOf<ShapeKind::Segment>, Segment<double>> &&
                  std::is_same_v<ShapeOf<ShapeKind::Plane>, Plane<double>> &&
                  std::is_same_v<ShapeOf<ShapeKind::Aabb>, Aabb<double>> &&
                  std::is_same_v<ShapeOf<ShapeKind::Sphere>, Sphere<double>> &&
                  std::is_same_v<ShapeOf<ShapeKind::Obb>, Obb<double>> &&
                  std::is_same_v<ShapeOf<ShapeKind::Point>, Point<double>> &&
                  std::is_same_v<ShapeOf<ShapeKind::Triangle>, Triangle<double>> &&
                  std::is_same_v<ShapeOf<ShapeKind::Mesh>, Mesh<double>> &&
                  std::is_same_v<ShapeOf<ShapeKind::Convex>, Convex<double>>,
              "ShapeKind's enumerators follow Shape's alternatives, in order");
static_assert(
    [] {
        for (std::size_t i = 0; i < kShapeKinds.size(); ++i) {
            if (kShapeKinds[i] != static_cast<ShapeKind>(i)) {
                return false;
            }
        }
        return true;
    }(),
    "kShapeKinds lists every kind in enum order");

/// The kind of a shape (the only place that reads the variant's index).
inline ShapeKind KindOf(const Shape& shape) { return static_cast<ShapeKind>(shape.index()); }
/// The kind as an index into a table with one entry per kind (kShapeKinds.size() entries).
inline std::size_t KindIndex(const Shape& shape) { return static_cast<std::size_t>(KindOf(shape)); }

/// A shape of the kind with its members' defaults (a unit box, a ray along +x, ...).
Shape DefaultShape(ShapeKind kind);

/// Called after a switch that returns from every kind, where only a value outside the enum can
/// arrive (memory corruption): prints the value and aborts.
[[noreturn]] void UnknownShapeKind(ShapeKind kind);

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

template <typename U, typename T>
Triangle<U> ShapeCast(const Triangle<T>& t)
{
    return {{Vec3<U>(t.vertices[0]), Vec3<U>(t.vertices[1]), Vec3<U>(t.vertices[2])}};
}

/// The same data: Mesh<float> reads its float vertices, made once when the mesh was.
template <typename U, typename T>
Mesh<U> ShapeCast(const Mesh<T>& m)
{
    return {m.data};
}

/// The same data: Convex<float> reads its float points, made once when the shape was.
template <typename U, typename T>
Convex<U> ShapeCast(const Convex<T>& c)
{
    return {c.data};
}

/// The protocol's type name of a kind ("ray", "aabb", ...).
const char* ShapeKindName(ShapeKind kind);
/// The protocol's type name of a shape ("ray", "aabb", ...).
const char* ShapeTypeName(const Shape& shape);
/// The kind a protocol type name names; nullopt for any other text.
std::optional<ShapeKind> ShapeKindFromName(std::string_view name);
/// The kind in words for people: "box" for an aabb, "oriented box" for an obb, else the type name.
const char* ShapeKindNoun(ShapeKind kind);

/// The shape moved by d: every point p of it becomes p + d (a plane's distance grows by normal . d;
/// directions, sizes and axes are unchanged).
Shape Translated(const Shape& shape, const glm::dvec3& d);

/// An oriented box's half widths along x, y and z: |axes| * halfExtents, the half size of the
/// axis-aligned box around it.
glm::dvec3 ObbAxisHalfWidths(const Obb<double>& obb);

/// Where a shape sits: a box's or oriented box's centre, a sphere's centre, a ray's origin, a
/// segment's midpoint, a triangle's centroid, the centre of a mesh's or convex shape's bounding box; nullopt for a
/// plane (it has no centre).
std::optional<glm::dvec3> ShapeCenter(const Shape& shape);

/// The line a cast runs along: points origin + t * direction. A ray's own origin and direction; a
/// segment's start and end - start, so that t in [0, 1] spans the segment.
struct CastLine {
    glm::dvec3 origin{0};
    glm::dvec3 direction{0};
};
/// The cast line of a ray or a segment; nullopt for the other shapes.
std::optional<CastLine> CastLineOf(const Shape& shape);

/// A mesh of the two triangles of the unit square in z = 0, (0,0,0) (1,0,0) (1,1,0) (0,1,0).
Mesh<double> DefaultMesh();
/// The eight corners of the cube [-0.5, 0.5]^3.
Convex<double> DefaultConvex();

namespace detail {

/// ForEachShapeNumber's convex case: the points' numbers (changed in a copy of the shared data
/// when the shape is not const).
template <typename C, typename Vec>
void ForEachConvexNumber(C& convex, Vec& vec)
{
    if (!convex.data) {
        return;
    }
    if constexpr (std::is_const_v<C>) {
        for (const auto& p : convex.data->points) {
            vec(p);
        }
    } else { // shared and immutable, as a mesh's data
        convex.data = MovedConvexData(*convex.data, [&vec](glm::dvec3 p) {
            vec(p);
            return p;
        });
    }
}

} // namespace detail

/// Calls fn(number) on every number of the shape, in member order (a ray's origin then direction,
/// x, y, z; a plane's normal then distance; an obb's centre, half extents, then its axes when
/// withAxes; a triangle's vertices; a mesh's vertices; a convex shape's points). S is Shape (fn gets double&) or const
/// Shape (fn gets const double&); a mesh's and a convex shape's numbers are changed in a copy of
/// their data, through a temporary: the reference fn gets is valid only during the call (keep no
/// pointer to it; core/exact/hunt_numbers.cpp copies their points instead).
template <typename S, typename Fn>
requires std::is_same_v<std::remove_const_t<S>, Shape>
void ForEachShapeNumber(S& shape, bool withAxes, Fn&& fn)
{
    auto vec = [&fn](auto& v) {
        fn(v.x);
        fn(v.y);
        fn(v.z);
    };
    switch (KindOf(shape)) {
    case ShapeKind::Ray: {
        auto& x = std::get<Ray<double>>(shape);
        vec(x.origin);
        vec(x.direction);
        return;
    }
    case ShapeKind::Segment: {
        auto& x = std::get<Segment<double>>(shape);
        vec(x.start);
        vec(x.end);
        return;
    }
    case ShapeKind::Plane: {
        auto& x = std::get<Plane<double>>(shape);
        vec(x.normal);
        fn(x.distance);
        return;
    }
    case ShapeKind::Aabb: {
        auto& x = std::get<Aabb<double>>(shape);
        vec(x.min);
        vec(x.max);
        return;
    }
    case ShapeKind::Sphere: {
        auto& x = std::get<Sphere<double>>(shape);
        vec(x.center);
        fn(x.radius);
        return;
    }
    case ShapeKind::Obb: {
        auto& x = std::get<Obb<double>>(shape);
        vec(x.center);
        vec(x.halfExtents);
        if (withAxes) {
            for (auto& axis : x.axes) {
                vec(axis);
            }
        }
        return;
    }
    case ShapeKind::Point:
        vec(std::get<Point<double>>(shape).position);
        return;
    case ShapeKind::Triangle:
        for (auto& v : std::get<Triangle<double>>(shape).vertices) {
            vec(v);
        }
        return;
    case ShapeKind::Mesh: {
        auto& mesh = std::get<Mesh<double>>(shape);
        if (!mesh.data) {
            return;
        }
        if constexpr (std::is_const_v<S>) {
            for (const auto& v : mesh.data->vertices) {
                vec(v);
            }
        } else { // the data is shared and immutable: the numbers are changed in a copy
            mesh.data = MovedMeshData(*mesh.data, [&vec](glm::dvec3 v) {
                vec(v);
                return v;
            });
        }
        return;
    }
    case ShapeKind::Convex:
        detail::ForEachConvexNumber(std::get<Convex<double>>(shape), vec);
        return;
    }
}

} // namespace hitlab
