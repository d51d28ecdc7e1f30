// Picking with the reference algorithms.
#include "picking.h"

#include "core/algorithm.h"

#include <glm/geometric.hpp>

#include <limits>

namespace hitlab {

std::optional<Result> CastReference(const Ray<double>& ray, const Shape& shape)
{
    Family family = Family::RayAabb;
    switch (KindOf(shape)) {
    case ShapeKind::Aabb:
        family = Family::RayAabb;
        break;
    case ShapeKind::Sphere:
        family = Family::RaySphere;
        break;
    case ShapeKind::Obb:
        family = Family::RayObb;
        break;
    case ShapeKind::Plane:
        family = Family::RayPlane;
        break;
    case ShapeKind::Triangle:
        family = Family::RayTriangle;
        break;
    case ShapeKind::Mesh:
        family = Family::RayMesh;
        break;
    case ShapeKind::Convex: { // no ray cast takes a convex shape: picked by the box around its points
        const auto& c = std::get<Convex<double>>(shape);
        if (c.PointCount() == 0) {
            return std::nullopt;
        }
        const Aabb<double> bounds{c.data->boundsMin, c.data->boundsMax};
        return Run(ReferenceAlgorithm(Family::RayAabb), Query{Family::RayAabb, ray, bounds}, Precision::Double);
    }
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Point:
        return std::nullopt;
    }
    return Run(ReferenceAlgorithm(family), Query{family, ray, shape}, Precision::Double);
}

namespace {

/// The line a shape is picked by when it is drawn as a line or a marker (a ray to the far plane, a
/// segment, a point as a line of zero length: within a few pixels of its marker); false for the
/// shapes picked by casting the pick ray at them.
bool PickLine(const Shape& shape, double farLength, glm::dvec3& a, glm::dvec3& b)
{
    switch (KindOf(shape)) {
    case ShapeKind::Ray: {
        const auto& r = std::get<Ray<double>>(shape);
        const double len = glm::length(r.direction);
        a = r.origin;
        b = r.origin + (len > 0.0 ? r.direction / len : glm::dvec3(0.0)) * farLength;
        return true;
    }
    case ShapeKind::Segment:
        a = std::get<Segment<double>>(shape).start;
        b = std::get<Segment<double>>(shape).end;
        return true;
    case ShapeKind::Point:
        a = std::get<Point<double>>(shape).position;
        b = a;
        return true;
    case ShapeKind::Plane:
    case ShapeKind::Aabb:
    case ShapeKind::Sphere:
    case ShapeKind::Obb:
    case ShapeKind::Triangle:
    case ShapeKind::Mesh:
    case ShapeKind::Convex:
        return false;
    }
    UnknownShapeKind(KindOf(shape));
}

} // namespace

std::optional<Pick> PickShape(const Scene& scene, const Camera& camera, glm::dvec2 cursor)
{
    const Ray<double> ray = ScreenRay(camera, cursor);
    const double farLength = ClipRange(camera).y * 0.5;
    std::optional<Pick> line, solid, plane;
    for (const SceneShape& s : scene.Shapes()) {
        if (!s.visible) {
            continue;
        }
        glm::dvec3 a, b;
        if (!PickLine(s.shape, farLength, a, b)) {
            const std::optional<Result> hit = CastReference(ray, s.shape);
            if (!hit || !hit->hit) {
                continue;
            }
            auto& best = std::holds_alternative<Plane<double>>(s.shape) ? plane : solid;
            if (!best || hit->tEnter < best->t) {
                best = Pick{s.id, hit->tEnter, 0.0, ray.origin + ray.direction * hit->tEnter};
            }
            continue;
        }
        const auto projected = ProjectSegment(camera, a, b);
        if (!projected) {
            continue;
        }
        const double d = ScreenDistanceToSegment(cursor, projected->first, projected->second);
        if (d <= kLinePickPixels && (!line || d < line->screenDistance)) {
            line = Pick{s.id, 0.0, d, a};
        }
    }
    return line ? line : solid ? solid : plane;
}

} // namespace hitlab
