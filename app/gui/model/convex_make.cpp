// New convex shapes: a box's corners and a random cloud (app/gui/model/convex_make.h).
#include "convex_make.h"

#include "core/convex.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <vector>

namespace hitlab {

namespace {

std::vector<glm::dvec3> BoxCorners(const glm::dvec3& center, const glm::dvec3& half,
                                   const std::array<glm::dvec3, 3>& axes)
{
    std::vector<glm::dvec3> corners;
    for (int i = 0; i < 8; ++i) {
        const double sx = i & 1 ? 1.0 : -1.0, sy = i & 2 ? 1.0 : -1.0, sz = i & 4 ? 1.0 : -1.0;
        corners.push_back(center + axes[0] * (sx * half.x) + axes[1] * (sy * half.y) + axes[2] * (sz * half.z));
    }
    return corners;
}

} // namespace

std::optional<Convex<double>> ConvexFromBox(const Shape& shape)
{
    switch (KindOf(shape)) {
    case ShapeKind::Aabb: {
        const auto& box = std::get<Aabb<double>>(shape);
        std::vector<glm::dvec3> corners;
        for (int i = 0; i < 8; ++i) { // exact: each corner's coordinates are the box's own
            corners.emplace_back(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y,
                                 i & 4 ? box.max.z : box.min.z);
        }
        return Convex<double>{MakeConvexData(std::move(corners))};
    }
    case ShapeKind::Obb: {
        const auto& obb = std::get<Obb<double>>(shape);
        return Convex<double>{MakeConvexData(BoxCorners(obb.center, obb.halfExtents, obb.axes))};
    }
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Sphere:
    case ShapeKind::Point:
    case ShapeKind::Triangle:
    case ShapeKind::Mesh:
    case ShapeKind::Convex:
        return std::nullopt;
    }
    UnknownShapeKind(KindOf(shape));
}

Convex<double> RandomConvexCloud(const glm::dvec3& center, double radius, int count, std::uint64_t seed)
{
    const int n = std::clamp(count, kMinCloudPoints, kMaxCloudPoints);
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<glm::dvec3> points;
    points.reserve(std::size_t(n));
    while (std::ssize(points) < n) {
        const glm::dvec3 d(normal(rng), normal(rng), normal(rng));
        const double length = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
        if (length == 0) {
            continue;
        }
        // a uniform point in the ball: a uniform direction, the radius as the cube root of a uniform
        points.push_back(center + d * (radius * std::cbrt(unit(rng)) / length));
    }
    return Convex<double>{MakeConvexData(std::move(points))};
}

} // namespace hitlab
