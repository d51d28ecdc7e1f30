// Near the hit/miss boundary: the moves of b that the rounding rule and the hunt's tolerance try.
#include "near_boundary.h"

#include <glm/glm.hpp>

#include <algorithm>
#include <cmath>

namespace hitlab {

namespace {

/// Calls f on every number of the query's shapes (every shape is plain doubles).
template <typename F>
void ForEachNumber(const Query& query, F f)
{
    for (const Shape* shape : {&query.a, &query.b}) {
        std::visit(
            [&f](const auto& x) {
                const auto* p = reinterpret_cast<const double*>(&x);
                for (std::size_t i = 0; i < sizeof x / sizeof(double); ++i) {
                    f(p[i]);
                }
            },
            *shape);
    }
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
    return std::visit(
        [&](const auto& x) -> bool {
            using X = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<X, Plane<double>>) {
                const double shift = delta * glm::length(x.normal);
                return flips(Plane<double>{x.normal, x.distance + shift}) ||
                       flips(Plane<double>{x.normal, x.distance - shift});
            } else if constexpr (std::is_same_v<X, Aabb<double>>) {
                const glm::dvec3 d(delta);
                const glm::dvec3 lo = x.min + d, hi = x.max - d;
                return flips(Aabb<double>{x.min - d, x.max + d}) ||
                       (lo.x <= hi.x && lo.y <= hi.y && lo.z <= hi.z && flips(Aabb<double>{lo, hi})) ||
                       std::any_of(std::begin(kAxes), std::end(kAxes), [&](const glm::dvec3& a) {
                           return flips(Aabb<double>{x.min + a * delta, x.max + a * delta});
                       });
            } else if constexpr (std::is_same_v<X, Sphere<double>>) {
                return flips(Sphere<double>{x.center, x.radius + delta}) ||
                       (x.radius >= delta && flips(Sphere<double>{x.center, x.radius - delta})) ||
                       std::any_of(std::begin(kAxes), std::end(kAxes), [&](const glm::dvec3& a) {
                           return flips(Sphere<double>{x.center + a * delta, x.radius});
                       });
            } else if constexpr (std::is_same_v<X, Obb<double>>) {
                const glm::dvec3 d(delta);
                const glm::dvec3 h = x.halfExtents - d;
                return flips(Obb<double>{x.center, x.halfExtents + d, x.axes}) ||
                       (h.x >= 0 && h.y >= 0 && h.z >= 0 && flips(Obb<double>{x.center, h, x.axes})) ||
                       std::any_of(std::begin(kAxes), std::end(kAxes), [&](const glm::dvec3& a) {
                           return flips(Obb<double>{x.center + a * delta, x.halfExtents, x.axes});
                       });
            } else {
                return false;
            }
        },
        query.b);
}

} // namespace hitlab
