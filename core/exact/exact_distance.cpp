// The exact judge's distances: closed forms for boxes and spheres, feature pairs for polytopes.
#include "exact_distance.h"

#include "exact_values.h"

#include "core/convex_hull.h"

namespace hitlab::exact {

namespace {

/// Keeps the smaller in best (unset: anything).
void KeepLeast(std::optional<Q>& best, const Q& d2)
{
    if (!best || d2 < *best) {
        best = d2;
    }
}

/// The box of the parallelepiped center + sum s_i h_i axes_i (s_i = +-1): corner k has s_i = +1
/// where bit i of k is set; 12 edges (corners differing in one bit), 12 triangles (two per face).
ExactPolytope Parallelepiped(const V3<Q>& center, const std::array<V3<Q>, 3>& halfAxes)
{
    ExactPolytope p;
    for (int k = 0; k < 8; ++k) {
        V3<Q> v = center;
        for (int i = 0; i < 3; ++i) {
            const Q s = (k >> i) & 1 ? Q(1) : Q(-1);
            for (int c = 0; c < 3; ++c) {
                v[size_t(c)] += s * halfAxes[size_t(i)][size_t(c)];
            }
        }
        p.vertices.push_back(v);
        for (int i = 0; i < 3; ++i) {
            if (((k >> i) & 1) == 0) {
                p.edges.push_back({std::uint32_t(k), std::uint32_t(k | (1 << i))});
            }
        }
    }
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3, l = (i + 2) % 3;
        for (int side = 0; side < 2; ++side) {
            const std::uint32_t base = std::uint32_t(side << i), bj = 1u << j, bl = 1u << l;
            p.triangles.push_back({base, base | bj, base | bj | bl});
            p.triangles.push_back({base, base | bj | bl, base | bl});
        }
    }
    return p;
}

ExactPolytope BoxPolytope(const Aabb<double>& box)
{
    V3<Q> center;
    std::array<V3<Q>, 3> half{};
    for (int i = 0; i < 3; ++i) {
        center[size_t(i)] = (Q(box.min[i]) + Q(box.max[i])) / 2;
        half[size_t(i)] = {Q(0), Q(0), Q(0)};
        half[size_t(i)][size_t(i)] = (Q(box.max[i]) - Q(box.min[i])) / 2;
    }
    return Parallelepiped(center, half);
}

ExactPolytope ObbPolytope(const Obb<double>& box)
{
    std::array<V3<Q>, 3> half{};
    for (int i = 0; i < 3; ++i) {
        const V3<Q> axis = Lift<Q>(glm::dvec3(box.axes[size_t(i)]));
        for (int c = 0; c < 3; ++c) {
            half[size_t(i)][size_t(c)] = axis[size_t(c)] * Q(box.halfExtents[i]);
        }
    }
    return Parallelepiped(Lift<Q>(box.center), half);
}

ExactPolytope TrianglePolytope(const Triangle<double>& t)
{
    ExactPolytope p;
    for (const auto& v : t.vertices) {
        p.vertices.push_back(Lift<Q>(glm::dvec3(v)));
    }
    p.edges = {{0, 1}, {1, 2}, {2, 0}};
    p.triangles = {{0, 1, 2}};
    return p;
}

/// The distance sqrt(d2) - radius.
ExactValue RootMinus(const Q& d2, const Q& radius) { return SqrtExpression(Q(-radius), 1, d2, Q(1)); }

Q AabbDistance2(const Aabb<double>& a, const Aabb<double>& b)
{
    Q d2(0);
    for (int i = 0; i < 3; ++i) {
        const Q gap = b.min[i] > a.max[i]   ? Q(Q(b.min[i]) - Q(a.max[i]))
                      : a.min[i] > b.max[i] ? Q(Q(a.min[i]) - Q(b.max[i]))
                                            : Q(0);
        d2 += gap * gap;
    }
    return d2;
}

/// The distance of a query that misses, by family; nullopt for a cast.
std::optional<ExactValue> MissDistance(const Query& q)
{
    switch (q.family) {
    case Family::AabbAabb:
        return RootMinus(AabbDistance2(std::get<Aabb<double>>(q.a), std::get<Aabb<double>>(q.b)), Q(0));
    case Family::SphereAabb: {
        const auto& s = std::get<Sphere<double>>(q.a);
        return RootMinus(SphereBoxDistance2<Q>(s, std::get<Aabb<double>>(q.b)), Q(s.radius));
    }
    case Family::SphereSphere: {
        const auto& a = std::get<Sphere<double>>(q.a);
        const auto& b = std::get<Sphere<double>>(q.b);
        const V3<Q> d = Sub(Lift<Q>(b.center), Lift<Q>(a.center));
        return RootMinus(Dot(d, d), Q(Q(a.radius) + Q(b.radius)));
    }
    case Family::ObbObb:
        return RootMinus(
            PolytopeDistance2(ObbPolytope(std::get<Obb<double>>(q.a)), ObbPolytope(std::get<Obb<double>>(q.b))), Q(0));
    case Family::AabbTriangle:
        return RootMinus(PolytopeDistance2(BoxPolytope(std::get<Aabb<double>>(q.a)),
                                           TrianglePolytope(std::get<Triangle<double>>(q.b))),
                         Q(0));
    case Family::SphereTriangle: {
        const auto& s = std::get<Sphere<double>>(q.a);
        return RootMinus(PointTriangleDistance2(Lift<Q>(s.center), LiftTriangle<Q>(std::get<Triangle<double>>(q.b))),
                         Q(s.radius));
    }
    case Family::TriangleTriangle:
        return RootMinus(PolytopeDistance2(TrianglePolytope(std::get<Triangle<double>>(q.a)),
                                           TrianglePolytope(std::get<Triangle<double>>(q.b))),
                         Q(0));
    case Family::RayAabb:
    case Family::SegmentAabb:
    case Family::RayPlane:
    case Family::RaySphere:
    case Family::RayObb:
    case Family::PointAabb:
    case Family::PointSphere:
    case Family::PointObb:
    case Family::RayTriangle:
    case Family::SegmentTriangle:
    case Family::RayMesh:
        break;
    }
    return std::nullopt;
}

} // namespace

Q SegmentSegmentDistance2(const V3<Q>& p, const V3<Q>& q, const V3<Q>& r, const V3<Q>& s)
{
    // the least over the unit square of |w + u d1 - v d2|^2: at the interior critical point when it
    // lies inside, else on an edge of the square (an end of one segment against the other)
    std::optional<Q> best;
    KeepLeast(best, PointSegmentDistance2(p, r, s));
    KeepLeast(best, PointSegmentDistance2(q, r, s));
    KeepLeast(best, PointSegmentDistance2(r, p, q));
    KeepLeast(best, PointSegmentDistance2(s, p, q));
    const V3<Q> d1 = Sub(q, p), d2 = Sub(s, r), w = Sub(p, r);
    const Q a = Dot(d1, d1), b = Dot(d1, d2), e = Dot(d2, d2), c = Dot(d1, w), f = Dot(d2, w);
    const Q det = a * e - b * b;
    if (sgn(det) > 0) {
        const Q u = (b * f - c * e) / det, v = (a * f - b * c) / det;
        if (sgn(u) > 0 && u < 1 && sgn(v) > 0 && v < 1) {
            V3<Q> x;
            for (size_t k = 0; k < 3; ++k) {
                x[k] = w[k] + u * d1[k] - v * d2[k];
            }
            KeepLeast(best, Dot(x, x));
        }
    }
    return *best;
}

Q PolytopeDistance2(const ExactPolytope& a, const ExactPolytope& b)
{
    std::optional<Q> best;
    for (int which = 0; which < 2; ++which) {
        const ExactPolytope &from = which == 0 ? a : b, &to = which == 0 ? b : a;
        for (const V3<Q>& x : from.vertices) {
            for (const V3<Q>& y : to.vertices) {
                const V3<Q> d = Sub(x, y);
                KeepLeast(best, Dot(d, d));
            }
            for (const auto& e : to.edges) {
                KeepLeast(best, PointSegmentDistance2(x, to.vertices[e[0]], to.vertices[e[1]]));
            }
            for (const auto& t : to.triangles) {
                KeepLeast(best,
                          PointTriangleDistance2(x, Tri<Q>{to.vertices[t[0]], to.vertices[t[1]], to.vertices[t[2]]}));
            }
        }
    }
    for (const auto& e : a.edges) {
        for (const auto& f : b.edges) {
            KeepLeast(best,
                      SegmentSegmentDistance2(a.vertices[e[0]], a.vertices[e[1]], b.vertices[f[0]], b.vertices[f[1]]));
        }
    }
    return best ? *best : Q(0);
}

ExactPolytope ConvexPolytope(const std::vector<glm::dvec3>& points)
{
    const ConvexHull h = BuildConvexHull(points);
    ExactPolytope p;
    for (const glm::dvec3& v : h.vertices) {
        p.vertices.push_back(Lift<Q>(v));
    }
    p.edges = h.edges;
    p.triangles = h.triangles;
    return p;
}

void SetExactDistance(ExactResult& r, const Query& query)
{
    if (IsCast(query.family) || !r.valid) {
        return;
    }
    if (r.hit) {
        r.distance = FromRational(Q(0));
        r.hasDistance = true;
        r.exactDistance = true;
        return;
    }
    if (const auto d = MissDistance(query)) {
        r.distance = *d;
        r.hasDistance = true;
        r.exactDistance = d->exact;
    }
}

} // namespace hitlab::exact
