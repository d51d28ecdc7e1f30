// The distance between two hulls: the closest points of every feature pair, the least kept.
#include "convex_distance.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hitlab {

glm::dvec3 ClosestOnSegment(const glm::dvec3& x, const glm::dvec3& p, const glm::dvec3& q)
{
    const glm::dvec3 d = q - p;
    const double dd = glm::dot(d, d);
    if (dd == 0) {
        return p;
    }
    const double t = glm::dot(x - p, d) / dd;
    if (t <= 0) {
        return p;
    }
    if (t >= 1) {
        return q;
    }
    return p + t * d;
}

glm::dvec3 ClosestOnTriangle(const glm::dvec3& x, const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c)
{
    // the projection onto the plane when it falls inside (the three edge sides agree with the
    // normal), else the closest of the three edges
    const glm::dvec3 n = glm::cross(b - a, c - a);
    const double nn = glm::dot(n, n);
    if (nn > 0) {
        const glm::dvec3 y = x - n * (glm::dot(n, x - a) / nn);
        if (glm::dot(n, glm::cross(b - a, y - a)) >= 0 && glm::dot(n, glm::cross(c - b, y - b)) >= 0 &&
            glm::dot(n, glm::cross(a - c, y - c)) >= 0) {
            return y;
        }
    }
    glm::dvec3 best = ClosestOnSegment(x, a, b);
    double bestSq = glm::dot(best - x, best - x);
    for (const glm::dvec3 e : {ClosestOnSegment(x, b, c), ClosestOnSegment(x, c, a)}) {
        const double sq = glm::dot(e - x, e - x);
        if (sq < bestSq) {
            best = e;
            bestSq = sq;
        }
    }
    return best;
}

namespace detail::cvxd {

/// Keeps (x, y) in best when it is closer.
void Keep(ClosestPair& best, const glm::dvec3& x, const glm::dvec3& y)
{
    const double d = glm::length(x - y);
    if (d < best.distance) {
        best = {d, x, y};
    }
}

} // namespace detail::cvxd

ClosestPair ClosestOfSegments(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& r, const glm::dvec3& s)
{
    // the least of |p + u d1 - r - v d2| over the unit square: at the interior critical point when
    // it lies inside, else on the boundary (an end of one segment against the other segment)
    ClosestPair best{std::numeric_limits<double>::infinity(), p, r};
    detail::cvxd::Keep(best, p, ClosestOnSegment(p, r, s));
    detail::cvxd::Keep(best, q, ClosestOnSegment(q, r, s));
    detail::cvxd::Keep(best, ClosestOnSegment(r, p, q), r);
    detail::cvxd::Keep(best, ClosestOnSegment(s, p, q), s);
    const glm::dvec3 d1 = q - p, d2 = s - r, w = p - r;
    const double a = glm::dot(d1, d1), b = glm::dot(d1, d2), e = glm::dot(d2, d2);
    const double c = glm::dot(d1, w), f = glm::dot(d2, w);
    const double det = a * e - b * b;
    if (a > 0 && e > 0 && det > 0) {
        const double u = (b * f - c * e) / det, v = (a * f - b * c) / det;
        if (u > 0 && u < 1 && v > 0 && v < 1) {
            detail::cvxd::Keep(best, p + u * d1, r + v * d2);
        }
    }
    return best;
}

namespace detail::cvxd {

/// Every vertex of `from` against every feature of `to` (vertices, edges, triangles).
void VerticesAgainst(const ConvexHull& from, const ConvexHull& to, bool swap, ClosestPair& best)
{
    for (const glm::dvec3& x : from.vertices) {
        const auto keep = [&](const glm::dvec3& y) { swap ? Keep(best, y, x) : Keep(best, x, y); };
        for (const glm::dvec3& y : to.vertices) {
            keep(y);
        }
        for (const auto& e : to.edges) {
            keep(ClosestOnSegment(x, to.vertices[e[0]], to.vertices[e[1]]));
        }
        for (const auto& t : to.triangles) {
            keep(ClosestOnTriangle(x, to.vertices[t[0]], to.vertices[t[1]], to.vertices[t[2]]));
        }
    }
}

} // namespace detail::cvxd

ClosestPair HullDistance(const ConvexHull& a, const ConvexHull& b)
{
    ClosestPair best{std::numeric_limits<double>::infinity(), glm::dvec3(0), glm::dvec3(0)};
    detail::cvxd::VerticesAgainst(a, b, false, best);
    detail::cvxd::VerticesAgainst(b, a, true, best);
    for (const auto& e : a.edges) {
        for (const auto& f : b.edges) {
            const ClosestPair c =
                ClosestOfSegments(a.vertices[e[0]], a.vertices[e[1]], b.vertices[f[0]], b.vertices[f[1]]);
            if (c.distance < best.distance) {
                best = c;
            }
        }
    }
    return best;
}

} // namespace hitlab
