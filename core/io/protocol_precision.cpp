// Whether a shape can be evaluated meaningfully in float: numbers that fit, directions and normals
// that stay nonzero when rounded (CheckPrecision, core/io/protocol.h).
#include "protocol.h"
#include "protocol_detail.h"

#include <cmath>

namespace hitlab {

namespace {

// ---- precision ----

IoError FitsFloat(const std::string& path, double v)
{
    if (std::isfinite(static_cast<float>(v))) {
        return {};
    }
    return {path, NumberText(v) +
                      " overflows float (largest 3.4028235e+38), so a float answer would be meaningless; use "
                      "\"precision\": \"double\""};
}

IoError FitsFloat(const std::string& path, const glm::dvec3& v)
{
    for (int i = 0; i < 3; ++i) {
        if (IoError e = FitsFloat(path + "[" + std::to_string(i) + "]", v[i]); !e.what.empty()) {
            return e;
        }
    }
    return {};
}

IoError NonZeroInFloat(const std::string& path, const glm::dvec3& v)
{
    if (glm::vec3(v) != glm::vec3(0)) {
        return {};
    }
    return {path, VecText(v) + " rounds to zero in float, so a float answer would be meaningless; use \"precision\": "
                               "\"double\""};
}

} // namespace

IoError CheckPrecision(const Shape& shape, Precision precision, const std::string& path)
{
    if (precision == Precision::Double) {
        return {};
    }
    IoError e;
    auto fits = [&](const char* key, const auto& value) {
        if (e.what.empty()) {
            e = FitsFloat(path + "." + key, value);
        }
    };
    switch (KindOf(shape)) {
    case ShapeKind::Ray: {
        const auto& ray = std::get<Ray<double>>(shape);
        fits("origin", ray.origin);
        fits("direction", ray.direction);
        return e.what.empty() ? NonZeroInFloat(path + ".direction", ray.direction) : e;
    }
    case ShapeKind::Segment: {
        const auto& segment = std::get<Segment<double>>(shape);
        fits("start", segment.start);
        fits("end", segment.end);
        return e;
    }
    case ShapeKind::Plane: {
        const auto& plane = std::get<Plane<double>>(shape);
        fits("normal", plane.normal);
        fits("distance", plane.distance);
        return e.what.empty() ? NonZeroInFloat(path + ".normal", plane.normal) : e;
    }
    case ShapeKind::Aabb: {
        const auto& box = std::get<Aabb<double>>(shape);
        fits("min", box.min);
        fits("max", box.max);
        return e;
    }
    case ShapeKind::Sphere: {
        const auto& sphere = std::get<Sphere<double>>(shape);
        fits("center", sphere.center);
        fits("radius", sphere.radius);
        return e;
    }
    case ShapeKind::Obb: {
        const auto& obb = std::get<Obb<double>>(shape);
        fits("center", obb.center);
        fits("half_extents", obb.halfExtents); // axes are unit vectors: they always fit
        return e;
    }
    case ShapeKind::Point:
        fits("position", std::get<Point<double>>(shape).position);
        return e;
    case ShapeKind::Triangle: {
        const auto& v = std::get<Triangle<double>>(shape).vertices;
        for (size_t i = 0; i < 3 && e.what.empty(); ++i) {
            e = FitsFloat(path + ".vertices[" + std::to_string(i) + "]", v[i]);
        }
        return e;
    }
    case ShapeKind::Mesh: {
        const auto& mesh = std::get<Mesh<double>>(shape);
        const size_t n = mesh.data ? mesh.data->vertices.size() : 0;
        for (size_t i = 0; i < n && e.what.empty(); ++i) {
            e = FitsFloat(path + ".vertices[" + std::to_string(i) + "]", mesh.data->vertices[i]);
        }
        return e;
    }
    case ShapeKind::Convex: {
        const auto& convex = std::get<Convex<double>>(shape);
        for (size_t i = 0; i < convex.PointCount() && e.what.empty(); ++i) {
            e = FitsFloat(path + ".points[" + std::to_string(i) + "]", convex.data->points[i]);
        }
        return e;
    }
    }
    UnknownShapeKind(KindOf(shape));
}

} // namespace hitlab
