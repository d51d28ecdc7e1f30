// Near the hit/miss boundary: the moves of b that the rounding rule and the hunt's tolerance try.
#include "near_boundary.h"

#include <glm/glm.hpp>

#include <algorithm>
#include <cmath>

namespace hitlab {

namespace {

/// Calls f on every number of the query's shapes.
template <typename F>
void ForEachNumber(const Query& query, F f)
{
    ForEachShapeNumber(query.a, true, f);
    ForEachShapeNumber(query.b, true, f);
}

constexpr glm::dvec3 kAxes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

} // namespace

double QueryLargestNumber(const Query& query)
{
    double largest = 1;
    ForEachNumber(query, [&largest](double v) { largest = std::max(largest, std::fabs(v)); });
    return largest;
}

bool InputsExactIn(const Query& query, Precision precision)
{
    bool exact = true;
    if (precision == Precision::Float) {
        ForEachNumber(query, [&exact](double v) { exact = exact && static_cast<double>(static_cast<float>(v)) == v; });
    }
    return exact;
}

bool VerdictFlipsNear(const Query& query, double relative, const std::function<bool(const Query&)>& hit)
{
    const double delta = relative * QueryLargestNumber(query);
    const bool was = hit(query);
    auto flips = [&](Shape b) {
        Query q = query;
        q.b = std::move(b);
        bool finite = true; // a move past the largest double is no move (and no input to judge)
        ForEachNumber(q, [&finite](double v) { finite = finite && std::isfinite(v); });
        return finite && hit(q) != was;
    };
    // b moved by delta along each axis, both ways
    auto moved = [&] {
        return std::any_of(std::begin(kAxes), std::end(kAxes),
                           [&](const glm::dvec3& a) { return flips(Translated(query.b, a * delta)); });
    };
    switch (KindOf(query.b)) {
    case ShapeKind::Plane: {
        const auto& x = std::get<Plane<double>>(query.b);
        const double shift = delta * glm::length(x.normal);
        return flips(Plane<double>{x.normal, x.distance + shift}) || flips(Plane<double>{x.normal, x.distance - shift});
    }
    case ShapeKind::Aabb: {
        const auto& x = std::get<Aabb<double>>(query.b);
        const glm::dvec3 d(delta);
        const glm::dvec3 lo = x.min + d, hi = x.max - d;
        return flips(Aabb<double>{x.min - d, x.max + d}) ||
               (lo.x <= hi.x && lo.y <= hi.y && lo.z <= hi.z && flips(Aabb<double>{lo, hi})) || moved();
    }
    case ShapeKind::Sphere: {
        const auto& x = std::get<Sphere<double>>(query.b);
        return flips(Sphere<double>{x.center, x.radius + delta}) ||
               (x.radius >= delta && flips(Sphere<double>{x.center, x.radius - delta})) || moved();
    }
    case ShapeKind::Obb: {
        const auto& x = std::get<Obb<double>>(query.b);
        const glm::dvec3 d(delta);
        const glm::dvec3 h = x.halfExtents - d;
        return flips(Obb<double>{x.center, x.halfExtents + d, x.axes}) ||
               (h.x >= 0 && h.y >= 0 && h.z >= 0 && flips(Obb<double>{x.center, h, x.axes})) || moved();
    }
    case ShapeKind::Triangle:
    case ShapeKind::Mesh: // no size to grow: moved only
    case ShapeKind::Convex:
        return moved();
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Point:
        return false;
    }
    UnknownShapeKind(KindOf(query.b));
}

} // namespace hitlab
