// A hunt's query in one line for people: each shape's numbers (DescribeQuery, hunt_detail.h).
#include "hunt_detail.h"

#include "core/text.h"

#include <glm/glm.hpp>

namespace hitlab {

namespace {

using glm::dvec3;

bool AxesAreIdentity(const std::array<dvec3, 3>& axes)
{
    return axes[0] == dvec3(1, 0, 0) && axes[1] == dvec3(0, 1, 0) && axes[2] == dvec3(0, 0, 1);
}

std::string BoxText(const Aabb<double>& x)
{
    if (x.min.x == x.min.y && x.min.x == x.min.z && x.max.x == x.max.y && x.max.x == x.max.z) {
        return "box [" + NumberText(x.min.x) + ", " + NumberText(x.max.x) + "]^3";
    }
    std::string s = "box ";
    for (int i = 0; i < 3; ++i) {
        s += (i > 0 ? " x [" : "[") + NumberText(x.min[i]) + ", " + NumberText(x.max[i]) + "]";
    }
    return s;
}

std::string Describe(const Shape& shape)
{
    switch (KindOf(shape)) {
    case ShapeKind::Ray: {
        const auto& x = std::get<Ray<double>>(shape);
        return "origin " + VecText(x.origin) + ", direction " + VecText(x.direction);
    }
    case ShapeKind::Segment: {
        const auto& x = std::get<Segment<double>>(shape);
        return "segment " + VecText(x.start) + " to " + VecText(x.end);
    }
    case ShapeKind::Plane: {
        const auto& x = std::get<Plane<double>>(shape);
        return "plane normal " + VecText(x.normal) + ", distance " + NumberText(x.distance);
    }
    case ShapeKind::Aabb:
        return BoxText(std::get<Aabb<double>>(shape));
    case ShapeKind::Sphere: {
        const auto& x = std::get<Sphere<double>>(shape);
        return "sphere centre " + VecText(x.center) + ", radius " + NumberText(x.radius);
    }
    case ShapeKind::Obb: {
        const auto& x = std::get<Obb<double>>(shape);
        std::string s = "obb centre " + VecText(x.center) + ", half extents " + VecText(x.halfExtents);
        if (!AxesAreIdentity(x.axes)) {
            s += ", axes " + VecText(x.axes[0]) + " " + VecText(x.axes[1]) + " " + VecText(x.axes[2]);
        }
        return s;
    }
    case ShapeKind::Point:
        return "point " + VecText(std::get<Point<double>>(shape).position);
    case ShapeKind::Triangle: {
        const auto& v = std::get<Triangle<double>>(shape).vertices;
        return "triangle " + VecText(v[0]) + " " + VecText(v[1]) + " " + VecText(v[2]);
    }
    case ShapeKind::Mesh: {
        const auto& m = std::get<Mesh<double>>(shape);
        std::string s = "mesh of " + std::to_string(m.TriangleCount()) + " triangles";
        for (size_t i = 0; i < m.TriangleCount() && i < 4; ++i) {
            const Triangle<double> t = m.TriangleAt(i);
            s += (i == 0 ? ": " : ", ") + VecText(t.vertices[0]) + " " + VecText(t.vertices[1]) + " " +
                 VecText(t.vertices[2]);
        }
        return s + (m.TriangleCount() > 4 ? ", ..." : "");
    }
    case ShapeKind::Convex: {
        const auto& c = std::get<Convex<double>>(shape);
        std::string s = "convex hull of " + std::to_string(c.PointCount()) + " points";
        for (size_t i = 0; i < c.PointCount() && i < 8; ++i) {
            s += (i == 0 ? ": " : " ") + VecText(c.data->points[i]);
        }
        return s + (c.PointCount() > 8 ? " ..." : "");
    }
    }
    UnknownShapeKind(KindOf(shape));
}

} // namespace

std::string DescribeQuery(const Query& query) { return Describe(query.a) + ", " + Describe(query.b); }

} // namespace hitlab
