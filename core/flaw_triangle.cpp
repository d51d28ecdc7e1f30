// The triangle families' flaw conditions: degenerate triangle, coplanar, Moller's plane distances.
#include "flaw_triangle.h"

#include "triangle_exact.h"

#include <glm/geometric.hpp>

namespace hitlab::detail {

namespace {

/// Whether the triangle's winding normal (v1 - v0) x (v2 - v0) is exactly zero.
bool TriangleIsDegenerate(const Triangle<double>& t)
{
    const auto& v = t.vertices;
    for (int m = 0; m < 3; ++m) {
        if (detail::tx::Det2Sign(v[1], v[0], v[2], v[0], (m + 1) % 3, (m + 2) % 3) != 0) {
            return false;
        }
    }
    return true;
}

} // namespace

/// "degenerate triangle": a or b is a triangle with collinear or coincident vertices.
bool HasDegenerateTriangle(const Query& q)
{
    for (const Shape* s : {&q.a, &q.b}) {
        const auto* t = std::get_if<Triangle<double>>(s);
        if (t != nullptr && TriangleIsDegenerate(*t)) {
            return true;
        }
    }
    return false;
}

/// "coplanar": triangle_triangle with all six vertices in one plane (every four of them, exactly).
bool TrianglesCoplanar(const Query& q)
{
    if (q.family != Family::TriangleTriangle) {
        return false;
    }
    const auto& a = std::get<Triangle<double>>(q.a).vertices;
    const auto& b = std::get<Triangle<double>>(q.b).vertices;
    const glm::dvec3 p[6] = {a[0], a[1], a[2], b[0], b[1], b[2]};
    for (int i = 0; i < 6; ++i) {
        for (int j = i + 1; j < 6; ++j) {
            for (int k = j + 1; k < 6; ++k) {
                for (int l = k + 1; l < 6; ++l) {
                    if (detail::tx::Orient3d(p[i], p[j], p[k], p[l]) != 0) {
                        return false;
                    }
                }
            }
        }
    }
    return true;
}

/// triangle_triangle: the six signed distances Moller's listing computes, N . v + d with the
/// unnormalised N = (v1 - v0) x (v2 - v0) of the other triangle and d = -N . v0, in double.
std::vector<double> MollerPlaneDistances(const Query& q)
{
    const auto& a = std::get<Triangle<double>>(q.a).vertices;
    const auto& b = std::get<Triangle<double>>(q.b).vertices;
    std::vector<double> out;
    for (const auto* pair : {&a, &b}) {
        const auto& t = *pair;
        const auto& other = pair == &a ? b : a;
        const glm::dvec3 n = glm::cross(t[1] - t[0], t[2] - t[0]);
        const double d = -glm::dot(n, t[0]);
        for (const glm::dvec3& v : other) {
            out.push_back(glm::dot(n, v) + d);
        }
    }
    return out;
}

} // namespace hitlab::detail
