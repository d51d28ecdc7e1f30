// Declared flaws' conditions of oriented boxes: "no vertex inside" and "no face axis separates"
// (obb_obb), checked on the query in double.
#include "flaw_obb.h"

#include <glm/geometric.hpp>

#include <array>
#include <cmath>

namespace hitlab::detail {

namespace {

std::array<glm::dvec3, 8> Corners(const Obb<double>& b)
{
    std::array<glm::dvec3, 8> out;
    for (int i = 0; i < 8; ++i) {
        const glm::dvec3 s((i & 1) != 0 ? 1.0 : -1.0, (i & 2) != 0 ? 1.0 : -1.0, (i & 4) != 0 ? 1.0 : -1.0);
        out[static_cast<size_t>(i)] = b.center + s.x * b.halfExtents.x * b.axes[0] + s.y * b.halfExtents.y * b.axes[1] +
                                      s.z * b.halfExtents.z * b.axes[2];
    }
    return out;
}

bool InsideObb(const glm::dvec3& p, const Obb<double>& b)
{
    for (int i = 0; i < 3; ++i) {
        if (std::abs(glm::dot(p - b.center, b.axes[static_cast<size_t>(i)])) > b.halfExtents[i]) {
            return false;
        }
    }
    return true;
}

} // namespace

bool NoVertexInside(const Query& q)
{
    const auto* a = std::get_if<Obb<double>>(&q.a);
    const auto* b = std::get_if<Obb<double>>(&q.b);
    if (a == nullptr || b == nullptr) {
        return false;
    }
    for (const glm::dvec3& p : Corners(*a)) {
        if (InsideObb(p, *b)) {
            return false;
        }
    }
    for (const glm::dvec3& p : Corners(*b)) {
        if (InsideObb(p, *a)) {
            return false;
        }
    }
    return true;
}

/// The box's half width along a unit axis.
double Radius(const Obb<double>& b, const glm::dvec3& axis)
{
    double r = 0;
    for (int i = 0; i < 3; ++i) {
        r += b.halfExtents[i] * std::abs(glm::dot(b.axes[static_cast<size_t>(i)], axis));
    }
    return r;
}

bool NoFaceAxisSeparates(const Query& q)
{
    const auto* a = std::get_if<Obb<double>>(&q.a);
    const auto* b = std::get_if<Obb<double>>(&q.b);
    if (a == nullptr || b == nullptr) {
        return false;
    }
    const glm::dvec3 t = b->center - a->center;
    for (const Obb<double>* box : {a, b}) {
        for (const glm::dvec3& axis : box->axes) {
            if (std::abs(glm::dot(t, axis)) > Radius(*a, axis) + Radius(*b, axis)) {
                return false;
            }
        }
    }
    return true;
}

} // namespace hitlab::detail
