// The distance between two hulls: the closest points of every feature pair, the least kept.
#include "convex_distance.h"

#include "triangle_exact.h"

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

using xp::DD;

/// A vector of double-doubles.
struct DV {
    DD c[3];
};

DV Diff(const glm::dvec3& a, const glm::dvec3& b)
{
    return {{tx::DifferenceDD(a.x, b.x), tx::DifferenceDD(a.y, b.y), tx::DifferenceDD(a.z, b.z)}};
}

DD Dot(const DV& a, const DV& b)
{
    return xp::Add(xp::Add(xp::Mul(a.c[0], b.c[0]), xp::Mul(a.c[1], b.c[1])), xp::Mul(a.c[2], b.c[2]));
}

DV Cross(const DV& a, const DV& b)
{
    DV r;
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        r.c[i] = xp::Add(xp::Mul(a.c[j], b.c[k]), xp::Neg(xp::Mul(a.c[k], b.c[j])));
    }
    return r;
}

DD AbsDD(DD a) { return a.hi < 0 ? xp::Neg(a) : a; }

/// The kinds of closest feature pairs: the distance's formula in double-double.
enum class Pair { VertexVertex, VertexEdge, VertexFace, EdgeEdge };

/// A candidate pair: its rough distance and points, and what gives it.
struct Found {
    ClosestPair pair{std::numeric_limits<double>::infinity(), glm::dvec3(0), glm::dvec3(0)};
    Pair kind = Pair::VertexVertex;
    std::array<glm::dvec3, 4> p{};
};

void Offer(Found& best, const glm::dvec3& x, const glm::dvec3& y, bool swap, Pair kind,
           const std::array<glm::dvec3, 4>& p)
{
    const double d = glm::length(x - y);
    if (d < best.pair.distance) {
        best.pair = swap ? ClosestPair{d, y, x} : ClosestPair{d, x, y};
        best.kind = kind;
        best.p = p;
    }
}

/// The winner's distance in double-double from exact differences, rounded: a point's distance to
/// another, to a line, to a plane; the distance between two lines.
DD PolishedDD(const Found& f)
{
    const auto& p = f.p;
    switch (f.kind) {
    case Pair::VertexVertex: {
        const DV w = Diff(p[0], p[1]);
        return xp::Sqrt(Dot(w, w));
    }
    case Pair::VertexEdge: {
        const DV w = Diff(p[0], p[1]), d = Diff(p[2], p[1]);
        const DV c = Cross(w, d);
        return xp::Sqrt(xp::Div(Dot(c, c), Dot(d, d)));
    }
    case Pair::VertexFace:
    case Pair::EdgeEdge: {
        const DV n = f.kind == Pair::VertexFace ? Cross(Diff(p[2], p[1]), Diff(p[3], p[1]))
                                                : Cross(Diff(p[1], p[0]), Diff(p[3], p[2]));
        const DD h = Dot(n, f.kind == Pair::VertexFace ? Diff(p[0], p[1]) : Diff(p[2], p[0]));
        return xp::Div(AbsDD(h), xp::Sqrt(Dot(n, n)));
    }
    }
    return {f.pair.distance, 0};
}

/// Every vertex of `from` against every feature of `to`: vertices, the inside of edges, the
/// inside of triangles (where the point projects into them).
void VerticesAgainst(const ConvexHull& from, const ConvexHull& to, bool swap, Found& best)
{
    for (const glm::dvec3& x : from.vertices) {
        for (const glm::dvec3& y : to.vertices) {
            Offer(best, x, y, swap, Pair::VertexVertex, {x, y});
        }
        for (const auto& e : to.edges) {
            const glm::dvec3 &p = to.vertices[e[0]], &q = to.vertices[e[1]];
            const double t = glm::dot(x - p, q - p) / glm::dot(q - p, q - p);
            if (t > 0 && t < 1) {
                Offer(best, x, p + t * (q - p), swap, Pair::VertexEdge, {x, p, q});
            }
        }
        for (const auto& t : to.triangles) {
            const glm::dvec3 &a = to.vertices[t[0]], &b = to.vertices[t[1]], &c = to.vertices[t[2]];
            const glm::dvec3 n = glm::cross(b - a, c - a);
            const double nn = glm::dot(n, n);
            const glm::dvec3 y = x - n * (glm::dot(n, x - a) / nn);
            if (nn > 0 && glm::dot(n, glm::cross(b - a, y - a)) >= 0 && glm::dot(n, glm::cross(c - b, y - b)) >= 0 &&
                glm::dot(n, glm::cross(a - c, y - c)) >= 0) {
                Offer(best, x, y, swap, Pair::VertexFace, {x, a, b, c});
            }
        }
    }
}

/// Every edge of a against every edge of b where the closest points are inside both.
void EdgesAgainst(const ConvexHull& a, const ConvexHull& b, Found& best)
{
    for (const auto& e : a.edges) {
        for (const auto& f : b.edges) {
            const glm::dvec3 &p = a.vertices[e[0]], &q = a.vertices[e[1]];
            const glm::dvec3 &r = b.vertices[f[0]], &s = b.vertices[f[1]];
            const glm::dvec3 d1 = q - p, d2 = s - r, w = p - r;
            const double aa = glm::dot(d1, d1), bb = glm::dot(d1, d2), ee = glm::dot(d2, d2);
            const double cc = glm::dot(d1, w), ff = glm::dot(d2, w);
            const double det = aa * ee - bb * bb;
            if (det > 0) {
                const double u = (bb * ff - cc * ee) / det, v = (aa * ff - bb * cc) / det;
                if (u > 0 && u < 1 && v > 0 && v < 1) {
                    Offer(best, p + u * d1, r + v * d2, false, Pair::EdgeEdge, {p, q, r, s});
                }
            }
        }
    }
}

} // namespace detail::cvxd

ClosestPair HullDistance(const ConvexHull& a, const ConvexHull& b, double shrink)
{
    detail::cvxd::Found best;
    detail::cvxd::VerticesAgainst(a, b, false, best);
    detail::cvxd::VerticesAgainst(b, a, true, best);
    detail::cvxd::EdgesAgainst(a, b, best);
    ClosestPair out = best.pair;
    out.distance = detail::xp::Add(detail::cvxd::PolishedDD(best), {-shrink, 0}).hi;
    return out;
}

} // namespace hitlab
