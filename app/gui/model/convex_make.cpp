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
        // one draw per statement (a call's arguments are evaluated in an order C++ leaves open), z
        // first: the order GCC on x86-64 used, so a seed keeps its cloud on every compiler
        const double z = normal(rng), y = normal(rng), x = normal(rng);
        const glm::dvec3 d(x, y, z);
        const double length = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
        if (length == 0) {
            continue;
        }
        // a uniform point in the ball: a uniform direction, the radius as the cube root of a uniform
        points.push_back(center + d * (radius * std::cbrt(unit(rng)) / length));
    }
    return Convex<double>{MakeConvexData(std::move(points))};
}

std::optional<Convex<double>> ConvexWithPointAdded(const Convex<double>& convex)
{
    if (!convex.data || convex.data->points.empty() || convex.data->points.size() >= kMaxConvexPoints) {
        return std::nullopt;
    }
    const ConvexData& data = *convex.data;
    std::vector<glm::dvec3> points = data.points;
    glm::dvec3 added = (data.boundsMin + data.boundsMax) * 0.5;
    if (std::find(points.begin(), points.end(), added) != points.end()) {
        const glm::dvec3 size = data.boundsMax - data.boundsMin;
        const double side = std::max({size.x, size.y, size.z});
        added = points.back() + glm::dvec3(side > 0 ? side * 0.1 : 1.0, 0, 0);
    }
    points.push_back(added);
    return Convex<double>{MakeConvexData(std::move(points))};
}

std::optional<Convex<double>> ConvexWithPointRemoved(const Convex<double>& convex, std::size_t index)
{
    if (!convex.data || convex.data->points.size() <= 1 || index >= convex.data->points.size()) {
        return std::nullopt;
    }
    std::vector<glm::dvec3> points = convex.data->points;
    points.erase(points.begin() + std::ptrdiff_t(index));
    return Convex<double>{MakeConvexData(std::move(points))};
}

} // namespace hitlab
