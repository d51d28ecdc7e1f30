// The questions every shape answers, one exhaustive switch over ShapeKind each (core/shapes.h).
#include "shapes.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <cstdio>
#include <cstdlib>

namespace hitlab {

Shape DefaultShape(ShapeKind kind)
{
    switch (kind) {
    case ShapeKind::Ray:
        return Ray<double>{};
    case ShapeKind::Segment:
        return Segment<double>{};
    case ShapeKind::Plane:
        return Plane<double>{};
    case ShapeKind::Aabb:
        return Aabb<double>{};
    case ShapeKind::Sphere:
        return Sphere<double>{};
    case ShapeKind::Obb:
        return Obb<double>{};
    case ShapeKind::Point:
        return Point<double>{};
    case ShapeKind::Triangle:
        return Triangle<double>{};
    case ShapeKind::Mesh:
        return DefaultMesh();
    case ShapeKind::Convex:
        return DefaultConvex();
    }
    UnknownShapeKind(kind);
}

Mesh<double> DefaultMesh()
{
    static const std::shared_ptr<const MeshData> square =
        MakeMeshData({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}, {{{0, 1, 2}}, {{0, 2, 3}}});
    return {square};
}

Convex<double> DefaultConvex()
{
    static const std::shared_ptr<const ConvexData> cube = [] {
        std::vector<glm::dvec3> corners;
        for (int i = 0; i < 8; ++i) {
            corners.emplace_back((i & 1) ? 0.5 : -0.5, (i & 2) ? 0.5 : -0.5, (i & 4) ? 0.5 : -0.5);
        }
        return MakeConvexData(std::move(corners));
    }();
    return {cube};
}

void UnknownShapeKind(ShapeKind kind)
{
    std::fprintf(stderr, "hitlab: internal error: shape kind %d is not a ShapeKind\n", static_cast<int>(kind));
    std::abort();
}

const char* ShapeKindName(ShapeKind kind)
{
    switch (kind) {
    case ShapeKind::Ray:
        return "ray";
    case ShapeKind::Segment:
        return "segment";
    case ShapeKind::Plane:
        return "plane";
    case ShapeKind::Aabb:
        return "aabb";
    case ShapeKind::Sphere:
        return "sphere";
    case ShapeKind::Obb:
        return "obb";
    case ShapeKind::Point:
        return "point";
    case ShapeKind::Triangle:
        return "triangle";
    case ShapeKind::Mesh:
        return "mesh";
    case ShapeKind::Convex:
        return "convex";
    }
    UnknownShapeKind(kind);
}

const char* ShapeTypeName(const Shape& shape) { return ShapeKindName(KindOf(shape)); }

std::optional<ShapeKind> ShapeKindFromName(std::string_view name)
{
    for (ShapeKind kind : kShapeKinds) {
        if (name == ShapeKindName(kind)) {
            return kind;
        }
    }
    return std::nullopt;
}

const char* ShapeKindNoun(ShapeKind kind)
{
    switch (kind) {
    case ShapeKind::Aabb:
        return "box";
    case ShapeKind::Obb:
        return "oriented box";
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Sphere:
    case ShapeKind::Point:
    case ShapeKind::Triangle:
    case ShapeKind::Mesh:
        return ShapeKindName(kind);
    case ShapeKind::Convex:
        return "convex shape";
    }
    UnknownShapeKind(kind);
}

Shape Translated(const Shape& shape, const glm::dvec3& d)
{
    Shape out = shape;
    switch (KindOf(out)) {
    case ShapeKind::Ray:
        std::get<Ray<double>>(out).origin += d;
        break;
    case ShapeKind::Segment: {
        auto& s = std::get<Segment<double>>(out);
        s.start += d;
        s.end += d;
        break;
    }
    case ShapeKind::Plane: {
        auto& p = std::get<Plane<double>>(out);
        p.distance += glm::dot(p.normal, d);
        break;
    }
    case ShapeKind::Aabb: {
        auto& b = std::get<Aabb<double>>(out);
        b.min += d;
        b.max += d;
        break;
    }
    case ShapeKind::Sphere:
        std::get<Sphere<double>>(out).center += d;
        break;
    case ShapeKind::Obb:
        std::get<Obb<double>>(out).center += d;
        break;
    case ShapeKind::Point:
        std::get<Point<double>>(out).position += d;
        break;
    case ShapeKind::Triangle:
        for (auto& v : std::get<Triangle<double>>(out).vertices) {
            v += d;
        }
        break;
    case ShapeKind::Mesh: {
        auto& mesh = std::get<Mesh<double>>(out);
        if (mesh.data) {
            mesh.data = MovedMeshData(*mesh.data, [&d](const glm::dvec3& v) { return v + d; });
        }
        break;
    }
    case ShapeKind::Convex: {
        auto& convex = std::get<Convex<double>>(out);
        if (convex.data) {
            convex.data = MovedConvexData(*convex.data, [&d](const glm::dvec3& p) { return p + d; });
        }
        break;
    }
    }
    return out;
}

glm::dvec3 ObbAxisHalfWidths(const Obb<double>& obb)
{
    return glm::abs(obb.axes[0]) * obb.halfExtents.x + glm::abs(obb.axes[1]) * obb.halfExtents.y +
           glm::abs(obb.axes[2]) * obb.halfExtents.z;
}

std::optional<glm::dvec3> ShapeCenter(const Shape& shape)
{
    switch (KindOf(shape)) {
    case ShapeKind::Ray:
        return std::get<Ray<double>>(shape).origin;
    case ShapeKind::Segment: {
        const auto& s = std::get<Segment<double>>(shape);
        return (s.start + s.end) * 0.5;
    }
    case ShapeKind::Plane:
        return std::nullopt;
    case ShapeKind::Aabb: {
        const auto& b = std::get<Aabb<double>>(shape);
        return (b.min + b.max) * 0.5;
    }
    case ShapeKind::Sphere:
        return std::get<Sphere<double>>(shape).center;
    case ShapeKind::Obb:
        return std::get<Obb<double>>(shape).center;
    case ShapeKind::Point:
        return std::get<Point<double>>(shape).position;
    case ShapeKind::Triangle: {
        const auto& v = std::get<Triangle<double>>(shape).vertices;
        return (v[0] + v[1] + v[2]) / 3.0;
    }
    case ShapeKind::Mesh: {
        const auto& mesh = std::get<Mesh<double>>(shape);
        if (!mesh.data) {
            return std::nullopt;
        }
        return (mesh.data->boundsMin + mesh.data->boundsMax) * 0.5;
    }
    case ShapeKind::Convex: {
        const auto& convex = std::get<Convex<double>>(shape);
        if (!convex.data) {
            return std::nullopt;
        }
        return (convex.data->boundsMin + convex.data->boundsMax) * 0.5;
    }
    }
    UnknownShapeKind(KindOf(shape));
}

std::optional<CastLine> CastLineOf(const Shape& shape)
{
    switch (KindOf(shape)) {
    case ShapeKind::Ray: {
        const auto& r = std::get<Ray<double>>(shape);
        return CastLine{r.origin, r.direction};
    }
    case ShapeKind::Segment: {
        const auto& s = std::get<Segment<double>>(shape);
        return CastLine{s.start, s.end - s.start};
    }
    case ShapeKind::Plane:
    case ShapeKind::Aabb:
    case ShapeKind::Sphere:
    case ShapeKind::Obb:
    case ShapeKind::Point:
    case ShapeKind::Triangle:
    case ShapeKind::Mesh:
    case ShapeKind::Convex:
        return std::nullopt;
    }
    UnknownShapeKind(KindOf(shape));
}

} // namespace hitlab
