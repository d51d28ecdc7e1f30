// Gizmo geometry and picking.
#include "gizmo.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace hitlab {

double PixelsToWorldAt(const Camera& camera, const glm::dvec3& p, double pixels)
{
    double depth = camera.distance;
    if (!IsOrthographic(camera)) {
        depth = std::max(glm::dot(p - EyePosition(camera), Basis(camera).forward), camera.distance * 0.05);
    }
    return pixels * WorldPerPixel(camera) * depth / camera.distance;
}

std::optional<glm::dvec3> GizmoCenter(const Shape& shape) { return ShapeCenter(shape); }

std::vector<GizmoArrow> MoveArrows(const Camera& camera, const glm::dvec3& center, double scale)
{
    std::vector<GizmoArrow> out;
    const double unit = PixelsToWorldAt(camera, center, scale);
    const glm::dvec3 forward = Basis(camera).forward;
    for (int axis = 0; axis < (camera.view2d ? 2 : 3); ++axis) {
        glm::dvec3 u(0.0);
        u[axis] = 1.0;
        // seen end-on the arrow is a dot on the centre: leave it out
        if (std::sqrt(std::max(0.0, 1.0 - glm::dot(u, forward) * glm::dot(u, forward))) < 0.25) {
            continue;
        }
        out.push_back(GizmoArrow{axis, center + u * (kArrowStartPixels * unit), center + u * (kArrowEndPixels * unit)});
    }
    return out;
}

int PickArrow(const Camera& camera, const std::vector<GizmoArrow>& arrows, glm::dvec2 cursor, double tolerance)
{
    int best = -1;
    double bestDistance = tolerance;
    for (size_t i = 0; i < arrows.size(); ++i) {
        const auto projected = ProjectSegment(camera, arrows[i].from, arrows[i].to);
        if (!projected) {
            continue;
        }
        const double d = ScreenDistanceToSegment(cursor, projected->first, projected->second);
        if (d <= bestDistance) {
            bestDistance = d;
            best = static_cast<int>(i);
        }
    }
    return best;
}

std::vector<GizmoRing> RotateRings(const Camera& camera, const glm::dvec3& center, double scale)
{
    std::vector<GizmoRing> out;
    const double radius = PixelsToWorldAt(camera, center, kRingPixels * scale);
    const glm::dvec3 forward = Basis(camera).forward;
    for (int axis = camera.view2d ? 2 : 0; axis < 3; ++axis) {
        if (std::abs(forward[axis]) < 0.25) {
            continue; // edge-on
        }
        glm::dvec3 u(0.0), v(0.0);
        u[(axis + 1) % 3] = 1.0;
        v[(axis + 2) % 3] = 1.0;
        GizmoRing ring{axis, {}};
        ring.points.reserve(kRingSegments);
        for (int i = 0; i < kRingSegments; ++i) {
            const double a = 2.0 * std::numbers::pi * double(i) / double(kRingSegments);
            ring.points.push_back(center + (u * std::cos(a) + v * std::sin(a)) * radius);
        }
        out.push_back(std::move(ring));
    }
    return out;
}

int PickRing(const Camera& camera, const std::vector<GizmoRing>& rings, glm::dvec2 cursor, double tolerance)
{
    int best = -1;
    double bestDistance = tolerance;
    for (size_t r = 0; r < rings.size(); ++r) {
        const std::vector<glm::dvec3>& p = rings[r].points;
        for (size_t i = 0; i < p.size(); ++i) {
            const auto projected = ProjectSegment(camera, p[i], p[(i + 1) % p.size()]);
            if (!projected) {
                continue;
            }
            const double d = ScreenDistanceToSegment(cursor, projected->first, projected->second);
            if (d <= bestDistance) {
                bestDistance = d;
                best = static_cast<int>(r);
            }
        }
    }
    return best;
}

double RingAngle(const Camera& camera, const glm::dvec3& center, int axis, glm::dvec2 from, glm::dvec2 to)
{
    const auto c = WorldToScreen(camera, center);
    if (!c || axis < 0 || axis > 2) {
        return 0.0;
    }
    const glm::dvec2 a = from - glm::dvec2(*c), b = to - glm::dvec2(*c);
    if (glm::length(a) < 2.0 || glm::length(b) < 2.0) {
        return 0.0;
    }
    // the screen's y grows downwards, so a sweep counter-clockwise as seen has a negative cross product
    const double screenCcw = -std::atan2(a.x * b.y - a.y * b.x, glm::dot(a, b));
    // the axis pointing at the viewer (against forward): counter-clockwise on screen is positive about it
    const glm::dvec3 forward = Basis(camera).forward;
    return forward[axis] <= 0.0 ? screenCcw : -screenCcw;
}

} // namespace hitlab
