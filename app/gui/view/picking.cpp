// Picking with the reference algorithms.
#include "picking.h"

#include "core/algorithm.h"

#include <glm/geometric.hpp>

#include <limits>

namespace hitlab {

std::optional<Result> CastReference(const Ray<double>& ray, const Shape& shape)
{
    Family family;
    if (std::holds_alternative<Aabb<double>>(shape)) {
        family = Family::RayAabb;
    } else if (std::holds_alternative<Sphere<double>>(shape)) {
        family = Family::RaySphere;
    } else if (std::holds_alternative<Obb<double>>(shape)) {
        family = Family::RayObb;
    } else if (std::holds_alternative<Plane<double>>(shape)) {
        family = Family::RayPlane;
    } else {
        return std::nullopt;
    }
    return Run(ReferenceAlgorithm(family), Query{family, ray, shape}, Precision::Double);
}

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
        if (const auto* r = std::get_if<Ray<double>>(&s.shape)) {
            const double len = glm::length(r->direction);
            a = r->origin;
            b = r->origin + (len > 0.0 ? r->direction / len : glm::dvec3(0.0)) * farLength;
        } else if (const auto* seg = std::get_if<Segment<double>>(&s.shape)) {
            a = seg->start;
            b = seg->end;
        } else if (const auto* point = std::get_if<Point<double>>(&s.shape)) {
            a = point->position; // picked like a line of zero length: within a few pixels of its marker
            b = point->position;
        } else {
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
