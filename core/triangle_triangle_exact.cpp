// triangle_triangle: the exact meeting tests of the reference (segment against triangle and
// against segment, closed, degenerate shapes included) and the contact point they find.
#include "triangle_triangle_exact.h"

#include "triangle_exact.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <tuple>

namespace hitlab::detail::tritri {

namespace {

/// A coordinate on which the triangle's normal is exactly non-zero, -1 when the normal is zero.
int ProjectionAxis(const Verts& t)
{
    for (int m = 0; m < 3; ++m) {
        if (tx::Det2Sign(t[1], t[0], t[2], t[0], (m + 1) % 3, (m + 2) % 3) != 0) {
            return m;
        }
    }
    return -1;
}

/// Whether x lies in the closed box spanned by p and q on coordinates i and j.
bool InSpan2d(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& x, int i, int j)
{
    return std::min(p[i], q[i]) <= x[i] && x[i] <= std::max(p[i], q[i]) && std::min(p[j], q[j]) <= x[j] &&
           x[j] <= std::max(p[j], q[j]);
}

/// The point where pq meets ab in the plane of coordinates i, j (they are known to meet): an
/// endpoint on the other segment, else the crossing of the lines.
glm::dvec3 Meeting2d(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& a, const glm::dvec3& b, int i, int j)
{
    for (const auto& [x, s0, s1] :
         {std::tuple{p, a, b}, std::tuple{q, a, b}, std::tuple{a, p, q}, std::tuple{b, p, q}}) {
        if (tx::Orient2d(s0, s1, x, i, j) == 0 && InSpan2d(s0, s1, x, i, j)) {
            return x;
        }
    }
    const double dp = tx::Det2Value(b, a, p, a, i, j), dq = tx::Det2Value(b, a, q, a, i, j);
    return p + (dp / (dp - dq)) * (q - p);
}

/// Closed 2D segments pq and ab on coordinates i, j (Cormen et al.'s SEGMENTS-INTERSECT).
bool Segments2dMeet(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& a, const glm::dvec3& b, int i, int j)
{
    const int d1 = tx::Orient2d(a, b, p, i, j), d2 = tx::Orient2d(a, b, q, i, j);
    const int d3 = tx::Orient2d(p, q, a, i, j), d4 = tx::Orient2d(p, q, b, i, j);
    if (d1 * d2 < 0 && d3 * d4 < 0) {
        return true;
    }
    return (d1 == 0 && InSpan2d(a, b, p, i, j)) || (d2 == 0 && InSpan2d(a, b, q, i, j)) ||
           (d3 == 0 && InSpan2d(p, q, a, i, j)) || (d4 == 0 && InSpan2d(p, q, b, i, j));
}

/// Whether x lies in the closed non-degenerate triangle t projected on coordinates i, j.
bool InTriangle2d(const Verts& t, const glm::dvec3& x, int i, int j)
{
    const int s0 = tx::Orient2d(t[0], t[1], x, i, j), s1 = tx::Orient2d(t[1], t[2], x, i, j),
              s2 = tx::Orient2d(t[2], t[0], x, i, j);
    return (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0);
}

/// Coplanar pq and a non-degenerate t, projected on coordinates i, j (one to one on their plane).
std::optional<glm::dvec3> SegmentTriangle2d(const glm::dvec3& p, const glm::dvec3& q, const Verts& t, int i, int j)
{
    if (InTriangle2d(t, p, i, j)) {
        return p;
    }
    if (InTriangle2d(t, q, i, j)) {
        return q;
    }
    for (size_t k = 0; k < 3; ++k) {
        if (Segments2dMeet(p, q, t[k], t[(k + 1) % 3], i, j)) {
            return Meeting2d(p, q, t[k], t[(k + 1) % 3], i, j);
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<glm::dvec3> SegmentsMeet(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& a,
                                       const glm::dvec3& b)
{
    if (tx::Orient3d(p, q, a, b) != 0) {
        return std::nullopt; // skew
    }
    // a coordinate plane the four points project onto one to one: one where a normal of their
    // plane is non-zero
    const Verts normals[3] = {{p, q, a}, {p, q, b}, {a, b, p}};
    for (const Verts& t : normals) {
        const int m = ProjectionAxis(t);
        if (m >= 0) {
            const int i = (m + 1) % 3, j = (m + 2) % 3;
            if (!Segments2dMeet(p, q, a, b, i, j)) {
                return std::nullopt;
            }
            return Meeting2d(p, q, a, b, i, j);
        }
    }
    // collinear (or points): compare intervals on a coordinate along which the line runs
    const glm::dvec3 d = p != q ? q - p : b - a;
    if (d == glm::dvec3(0)) {
        return p == a ? std::optional<glm::dvec3>(p) : std::nullopt;
    }
    const glm::dvec3 ad = glm::abs(d);
    const int m = ad.x >= ad.y && ad.x >= ad.z ? 0 : ad.y >= ad.z ? 1 : 2;
    const double lo = std::max(std::min(p[m], q[m]), std::min(a[m], b[m]));
    const double hi = std::min(std::max(p[m], q[m]), std::max(a[m], b[m]));
    if (lo > hi) {
        return std::nullopt;
    }
    for (const glm::dvec3& x : {p, q, a, b}) {
        if (x[m] == lo) {
            return x;
        }
    }
    return p;
}

std::optional<glm::dvec3> SegmentMeetsTriangle(const glm::dvec3& p, const glm::dvec3& q, const Verts& t)
{
    const int m = ProjectionAxis(t);
    if (m < 0) {
        // a degenerate triangle is the union of its edges
        for (size_t k = 0; k < 3; ++k) {
            if (auto x = SegmentsMeet(p, q, t[k], t[(k + 1) % 3])) {
                return x;
            }
        }
        return std::nullopt;
    }
    const int op = tx::Orient3d(t[0], t[1], t[2], p), oq = tx::Orient3d(t[0], t[1], t[2], q);
    if (op * oq > 0) {
        return std::nullopt; // strictly on one side
    }
    if (op == 0 && oq == 0) {
        return SegmentTriangle2d(p, q, t, (m + 1) % 3, (m + 2) % 3);
    }
    // the line crosses the plane once, on the segment: inside when it passes every edge on one side
    const int s0 = tx::Orient3d(p, q, t[0], t[1]), s1 = tx::Orient3d(p, q, t[1], t[2]),
              s2 = tx::Orient3d(p, q, t[2], t[0]);
    if (!((s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0))) {
        return std::nullopt;
    }
    if (op == 0) {
        return p;
    }
    if (oq == 0) {
        return q;
    }
    const double dp = tx::Det3Value(t[1], t[0], t[2], t[0], p, t[0]);
    const double dq = tx::Det3Value(t[1], t[0], t[2], t[0], q, t[0]);
    return p + (dp / (dp - dq)) * (q - p);
}

} // namespace hitlab::detail::tritri
