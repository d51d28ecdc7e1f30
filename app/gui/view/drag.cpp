// Drag and handle math.
#include "drag.h"

#include "core/algorithm.h"

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>

namespace hitlab {

Plane<double> DragPlane(const Camera& camera, const glm::dvec3& anchor, AxisLock lock)
{
    const glm::dvec3 forward = Basis(camera).forward;
    glm::dvec3 normal = forward;
    if (lock != AxisLock::None) {
        glm::dvec3 axis(0.0);
        axis[static_cast<int>(lock)] = 1.0;
        // the plane holding the axis whose normal is closest to the view direction
        const glm::dvec3 n = glm::cross(axis, glm::cross(forward, axis));
        if (glm::dot(n, n) > 1e-8) {
            normal = glm::normalize(n);
        }
    }
    return Plane<double>{normal, glm::dot(normal, anchor)};
}

std::optional<glm::dvec3> DragPoint(const Camera& camera, glm::dvec2 cursor, const Plane<double>& plane)
{
    const Ray<double> ray = ScreenRay(camera, cursor);
    const Result r = Run(ReferenceAlgorithm(Family::RayPlane), Query{Family::RayPlane, ray, plane}, Precision::Double);
    if (!r.hit) {
        return std::nullopt;
    }
    return r.point;
}

glm::dvec3 ConstrainDelta(glm::dvec3 delta, AxisLock lock, double snap)
{
    if (lock != AxisLock::None) {
        const int axis = static_cast<int>(lock);
        const double along = delta[axis];
        delta = glm::dvec3(0.0);
        delta[axis] = along;
    }
    if (snap > 0.0) {
        delta = glm::round(delta / snap) * snap;
    }
    return delta;
}

std::optional<glm::dvec3> DragDelta(const Camera& camera, const glm::dvec3& anchor, AxisLock lock, glm::dvec2 from,
                                    glm::dvec2 to, double snap)
{
    const Plane<double> plane = DragPlane(camera, anchor, lock);
    const auto p0 = DragPoint(camera, from, plane);
    const auto p1 = DragPoint(camera, to, plane);
    if (!p0 || !p1) {
        return std::nullopt;
    }
    return ConstrainDelta(*p1 - *p0, lock, snap);
}

Shape Translate(const Shape& shape, const glm::dvec3& d) { return Translated(shape, d); }

double PlaneHandleLength(const Camera& camera, const glm::dvec3& anchor)
{
    double depth = camera.distance;
    if (!IsOrthographic(camera)) {
        depth = std::max(glm::dot(anchor - EyePosition(camera), Basis(camera).forward), camera.distance * 0.05);
    }
    return 70.0 * WorldPerPixel(camera) * depth / camera.distance;
}

namespace {

/// A convex shape's point handles (up to kConvexPointHandles points) and its scale handle.
void ConvexHandles(const Convex<double>& convex, std::vector<Handle>& out)
{
    for (size_t i = 0; convex.PointCount() <= kConvexPointHandles && i < convex.PointCount(); ++i) {
        const glm::dvec3& p = convex.data->points[i];
        out.push_back(Handle{HandleKind::ConvexPoint, int(i), p, p});
    }
    if (convex.PointCount() > 0 && convex.data->boundsMax != convex.data->boundsMin) {
        const glm::dvec3 c = (convex.data->boundsMin + convex.data->boundsMax) * 0.5;
        // beyond the corner, so that it does not sit on a point's handle
        out.push_back(Handle{HandleKind::ConvexScale, 0, c + (convex.data->boundsMax - c) * 1.25, c});
    }
}

} // namespace

std::vector<Handle> HandlesOf(const Shape& shape, const Camera& camera)
{
    std::vector<Handle> out;
    switch (KindOf(shape)) {
    case ShapeKind::Aabb: {
        const auto& box = std::get<Aabb<double>>(shape);
        const glm::dvec3 c = (box.min + box.max) * 0.5;
        for (int i = 0; i < 8; ++i) {
            const glm::dvec3 p{(i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y,
                               (i & 4) ? box.max.z : box.min.z};
            out.push_back(Handle{HandleKind::BoxCorner, i, p, p});
        }
        // in 2D mode the z faces' handles would sit on the centre, where a drag should move the box
        for (int f = 0; f < (camera.view2d ? 4 : 6); ++f) {
            glm::dvec3 p = c;
            p[f / 2] = (f % 2) ? box.max[f / 2] : box.min[f / 2];
            out.push_back(Handle{HandleKind::BoxFace, f, p, c});
        }
        break;
    }
    case ShapeKind::Sphere: {
        const auto& sphere = std::get<Sphere<double>>(shape);
        const glm::dvec3 p = sphere.center + Basis(camera).right * sphere.radius;
        out.push_back(Handle{HandleKind::SphereRadius, 0, p, sphere.center});
        break;
    }
    case ShapeKind::Ray: {
        const auto& ray = std::get<Ray<double>>(shape);
        out.push_back(Handle{HandleKind::RayOrigin, 0, ray.origin, ray.origin});
        out.push_back(Handle{HandleKind::RayTip, 0, ray.origin + ray.direction, ray.origin});
        break;
    }
    case ShapeKind::Segment: {
        const auto& seg = std::get<Segment<double>>(shape);
        out.push_back(Handle{HandleKind::SegmentStart, 0, seg.start, seg.start});
        out.push_back(Handle{HandleKind::SegmentEnd, 0, seg.end, seg.end});
        break;
    }
    case ShapeKind::Plane: {
        const auto& plane = std::get<Plane<double>>(shape);
        const double n2 = glm::dot(plane.normal, plane.normal);
        if (n2 > 0.0) {
            const glm::dvec3 anchor = plane.normal * (plane.distance / n2);
            const glm::dvec3 tip = anchor + plane.normal / std::sqrt(n2) * PlaneHandleLength(camera, anchor);
            out.push_back(Handle{HandleKind::PlaneNormal, 0, tip, anchor});
        }
        break;
    }
    case ShapeKind::Triangle: {
        const auto& v = std::get<Triangle<double>>(shape).vertices;
        for (int i = 0; i < 3; ++i) {
            out.push_back(Handle{HandleKind::TriangleVertex, i, v[size_t(i)], v[size_t(i)]});
        }
        break;
    }
    case ShapeKind::Mesh: {
        const auto& mesh = std::get<Mesh<double>>(shape);
        if (mesh.TriangleCount() > 0 && mesh.data->boundsMax != mesh.data->boundsMin) {
            const glm::dvec3 c = (mesh.data->boundsMin + mesh.data->boundsMax) * 0.5;
            out.push_back(Handle{HandleKind::MeshScale, 0, mesh.data->boundsMax, c});
        }
        break;
    }
    case ShapeKind::Convex:
        ConvexHandles(std::get<Convex<double>>(shape), out);
        break;
    case ShapeKind::Obb:   // moved and turned with the gizmo (viewport.cpp), not by handles
    case ShapeKind::Point: // moved as a whole
        break;
    }
    return out;
}

namespace {

/// A triangle's vertex handle, a convex shape's point handle, or a mesh's or convex shape's scale
/// handle moved to `to`.
template <typename Refuse>
Shape ApplySurfaceHandle(const Shape& start, const Handle& h, const glm::dvec3& to, Refuse&& refuse)
{
    if (h.kind == HandleKind::TriangleVertex) {
        Triangle<double> t = std::get<Triangle<double>>(start);
        t.vertices[size_t(h.index)] = to;
        return t;
    }
    if (h.kind == HandleKind::ConvexPoint) {
        std::vector<glm::dvec3> points = std::get<Convex<double>>(start).data->points;
        points[size_t(h.index)] = to;
        return Convex<double>{MakeConvexData(std::move(points))};
    }
    const glm::dvec3 c = h.toward;
    const double from = glm::length(h.position - c);
    const double k = from > 0 ? glm::length(to - c) / from : 1.0;
    if (!(k > 1e-6) || !std::isfinite(k)) {
        refuse("a shape cannot be scaled to nothing (the size is kept)");
        return start;
    }
    const auto scale = [&](const glm::dvec3& p) { return c + (p - c) * k; };
    if (h.kind == HandleKind::ConvexScale) {
        return Convex<double>{MovedConvexData(*std::get<Convex<double>>(start).data, scale)};
    }
    Mesh<double> m = std::get<Mesh<double>>(start);
    m.data = MovedMeshData(*m.data, scale);
    return m;
}

/// The plane turned about anchor so that its normal points at `to` (|normal| and the anchor on the
/// plane kept; unchanged when `to` is the anchor).
Plane<double> TurnedPlane(Plane<double> p, const glm::dvec3& anchor, const glm::dvec3& to)
{
    const glm::dvec3 n = to - anchor;
    if (glm::dot(n, n) > 1e-12) {
        p.normal = glm::normalize(n) * glm::length(p.normal);
        p.distance = glm::dot(p.normal, anchor);
    }
    return p;
}

} // namespace

Shape ApplyHandle(const Shape& start, const Handle& h, const glm::dvec3& delta, std::string* refused)
{
    if (refused != nullptr) {
        refused->clear();
    }
    auto refuse = [refused](const char* why) {
        if (refused != nullptr) {
            *refused = why;
        }
    };
    const glm::dvec3 to = h.position + delta;
    switch (h.kind) {
    case HandleKind::BoxCorner: {
        Aabb<double> box = std::get<Aabb<double>>(start);
        const glm::dvec3 opposite{(h.index & 1) ? box.min.x : box.max.x, (h.index & 2) ? box.min.y : box.max.y,
                                  (h.index & 4) ? box.min.z : box.max.z};
        return Aabb<double>{glm::min(opposite, to), glm::max(opposite, to)};
    }
    case HandleKind::BoxFace: {
        Aabb<double> box = std::get<Aabb<double>>(start);
        const int axis = h.index / 2;
        const double moved = to[axis];
        // a face dragged past the opposite one flips over it
        if (h.index % 2) {
            box.max[axis] = std::max(moved, box.min[axis]);
            box.min[axis] = std::min(moved, box.min[axis]);
        } else {
            box.min[axis] = std::min(moved, box.max[axis]);
            box.max[axis] = std::max(moved, box.max[axis]);
        }
        return box;
    }
    case HandleKind::SphereRadius: {
        Sphere<double> s = std::get<Sphere<double>>(start);
        s.radius = glm::length(to - s.center);
        return s;
    }
    case HandleKind::RayOrigin: {
        Ray<double> r = std::get<Ray<double>>(start);
        const glm::dvec3 tip = r.origin + r.direction;
        r.origin = to;
        if (tip != to) {
            r.direction = tip - to;
        } else {
            refuse("a ray needs a non-zero direction: the origin cannot sit on the tip (the direction is kept)");
        }
        return r;
    }
    case HandleKind::RayTip: {
        Ray<double> r = std::get<Ray<double>>(start);
        if (to != r.origin) {
            r.direction = to - r.origin;
        } else {
            refuse("a ray needs a non-zero direction: the tip cannot sit on the origin (the direction is kept)");
        }
        return r;
    }
    case HandleKind::SegmentStart:
    case HandleKind::SegmentEnd: {
        Segment<double> s = std::get<Segment<double>>(start);
        (h.kind == HandleKind::SegmentStart ? s.start : s.end) = to;
        return s;
    }
    case HandleKind::PlaneNormal:
        return TurnedPlane(std::get<Plane<double>>(start), h.toward, to);
    case HandleKind::TriangleVertex:
    case HandleKind::MeshScale:
    case HandleKind::ConvexPoint:
    case HandleKind::ConvexScale:
        return ApplySurfaceHandle(start, h, to, refuse);
    }
    return start;
}

Obb<double> Rotate(const Obb<double>& box, const glm::dvec3& axis, double angleRad)
{
    const glm::dmat4 r = glm::rotate(glm::dmat4(1.0), angleRad, axis);
    Obb<double> out = box;
    for (auto& a : out.axes) {
        a = glm::normalize(glm::dvec3(r * glm::dvec4(a, 0.0)));
    }
    return out;
}

std::optional<glm::dvec3> RotationCenter(const Shape& shape)
{
    switch (KindOf(shape)) {
    case ShapeKind::Obb:
        return std::get<Obb<double>>(shape).center;
    case ShapeKind::Triangle: {
        const auto& v = std::get<Triangle<double>>(shape).vertices;
        return (v[0] + v[1] + v[2]) / 3.0;
    }
    case ShapeKind::Mesh: {
        const auto& mesh = std::get<Mesh<double>>(shape);
        if (mesh.TriangleCount() == 0) {
            return std::nullopt;
        }
        return (mesh.data->boundsMin + mesh.data->boundsMax) * 0.5;
    }
    case ShapeKind::Convex: {
        const auto& convex = std::get<Convex<double>>(shape);
        if (convex.PointCount() == 0) {
            return std::nullopt;
        }
        return (convex.data->boundsMin + convex.data->boundsMax) * 0.5;
    }
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Aabb:
    case ShapeKind::Sphere:
    case ShapeKind::Point:
        return std::nullopt;
    }
    return std::nullopt;
}

Shape Rotated(const Shape& shape, const glm::dvec3& axis, double angleRad)
{
    const std::optional<glm::dvec3> center = RotationCenter(shape);
    if (!center) {
        return shape;
    }
    const glm::dmat3 r(glm::rotate(glm::dmat4(1.0), angleRad, axis));
    const auto turn = [&](const glm::dvec3& p) { return *center + r * (p - *center); };
    switch (KindOf(shape)) {
    case ShapeKind::Obb:
        return Rotate(std::get<Obb<double>>(shape), axis, angleRad);
    case ShapeKind::Triangle: {
        Triangle<double> t = std::get<Triangle<double>>(shape);
        for (auto& v : t.vertices) {
            v = turn(v);
        }
        return t;
    }
    case ShapeKind::Mesh:
        return Mesh<double>{MovedMeshData(*std::get<Mesh<double>>(shape).data, turn)};
    case ShapeKind::Convex:
        return Convex<double>{MovedConvexData(*std::get<Convex<double>>(shape).data, turn)};
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Aabb:
    case ShapeKind::Sphere:
    case ShapeKind::Point:
        return shape;
    }
    return shape;
}

} // namespace hitlab
