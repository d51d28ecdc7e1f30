// The hunt's tolerance near the hit/miss boundary: whether a small move of the solid flips the
// exact verdict.
#include "hunt.h"

#include <glm/glm.hpp>

#include <algorithm>
#include <cmath>

namespace hitlab {

bool NearBoundary(const Query& query, double relative)
{
    double largest = 1;
    for (const Shape* shape : {&query.a, &query.b}) {
        std::visit(
            [&largest](const auto& x) { // every shape is plain doubles
                const auto* p = reinterpret_cast<const double*>(&x);
                for (std::size_t i = 0; i < sizeof x / sizeof(double); ++i) {
                    largest = std::max(largest, std::fabs(p[i]));
                }
            },
            *shape);
    }
    const double delta = relative * largest;
    const bool hit = ExactHit(query);
    auto flips = [&](Shape b) {
        Query q = query;
        q.b = std::move(b);
        return ExactHit(q) != hit;
    };
    const glm::dvec3 axes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    return std::visit(
        [&](const auto& x) -> bool {
            using X = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<X, Plane<double>>) {
                return flips(Plane<double>{x.normal, x.distance + delta}) ||
                       flips(Plane<double>{x.normal, x.distance - delta});
            } else if constexpr (std::is_same_v<X, Aabb<double>>) {
                const glm::dvec3 d(delta);
                if (flips(Aabb<double>{x.min - d, x.max + d})) {
                    return true;
                }
                const glm::dvec3 lo = x.min + d, hi = x.max - d;
                if (lo.x <= hi.x && lo.y <= hi.y && lo.z <= hi.z && flips(Aabb<double>{lo, hi})) {
                    return true;
                }
                for (const glm::dvec3& a : axes) {
                    if (flips(Aabb<double>{x.min + a * delta, x.max + a * delta})) {
                        return true;
                    }
                }
                return false;
            } else if constexpr (std::is_same_v<X, Sphere<double>>) {
                if (flips(Sphere<double>{x.center, x.radius + delta}) ||
                    (x.radius >= delta && flips(Sphere<double>{x.center, x.radius - delta}))) {
                    return true;
                }
                for (const glm::dvec3& a : axes) {
                    if (flips(Sphere<double>{x.center + a * delta, x.radius})) {
                        return true;
                    }
                }
                return false;
            } else if constexpr (std::is_same_v<X, Obb<double>>) {
                const glm::dvec3 d(delta);
                if (flips(Obb<double>{x.center, x.halfExtents + d, x.axes})) {
                    return true;
                }
                const glm::dvec3 h = x.halfExtents - d;
                if (h.x >= 0 && h.y >= 0 && h.z >= 0 && flips(Obb<double>{x.center, h, x.axes})) {
                    return true;
                }
                for (const glm::dvec3& a : axes) {
                    if (flips(Obb<double>{x.center + a * delta, x.halfExtents, x.axes})) {
                        return true;
                    }
                }
                return false;
            } else {
                return false;
            }
        },
        query.b);
}

} // namespace hitlab
