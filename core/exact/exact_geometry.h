// The exact judge's geometry, written once over a number type N (mpq_class: exact; Interval:
// outward-rounded, flags g_uncertain when a sign is not proven). Every decision is a Sign() of a
// polynomial in the inputs, so the rational instantiation is exact and the interval one is
// either certain or flagged. Internal to hitlab_exact.
#pragma once

#include "exact_number.h"

#include "core/shapes.h"

#include <array>
#include <utility>

namespace hitlab::exact {

template <typename N>
using V3 = std::array<N, 3>;

template <typename N>
V3<N> Lift(const glm::dvec3& v)
{
    return {N(v.x), N(v.y), N(v.z)};
}
template <typename N>
V3<N> Sub(const V3<N>& a, const V3<N>& b)
{
    return {N(a[0] - b[0]), N(a[1] - b[1]), N(a[2] - b[2])};
}
template <typename N>
N Dot(const V3<N>& a, const V3<N>& b)
{
    N s = a[0] * b[0];
    s = s + a[1] * b[1];
    s = s + a[2] * b[2];
    return s;
}
template <typename N>
V3<N> Cross(const V3<N>& a, const V3<N>& b)
{
    return {N(a[1] * b[2] - a[2] * b[1]), N(a[2] * b[0] - a[0] * b[2]), N(a[0] * b[1] - a[1] * b[0])};
}

/// One slab of a line: lo <= p + t q <= hi (lo <= hi).
template <typename N>
struct Slab {
    N p, q, lo, hi;
};

/// The line's t interval inside every slab, within [0, inf) (ray) or [0, 1] (segment).
template <typename N>
struct Clip {
    bool hit = false;
    N tEnter, tExit;
    bool bounded = false; ///< tExit is finite (false: the ray stays inside forever; not for boxes)
};

template <typename N>
Clip<N> ClipSlabs(const std::array<Slab<N>, 3>& slabs, bool segment)
{
    Clip<N> c;
    c.tEnter = N(0.0);
    c.tExit = N(1.0);
    c.bounded = segment;
    for (const Slab<N>& s : slabs) {
        const int sq = Sign(s.q);
        if (sq == 0) { // parallel: inside the closed slab or never
            if (Sign(N(s.p - s.lo)) < 0 || Sign(N(s.hi - s.p)) < 0) {
                return c;
            }
            continue;
        }
        N t1 = (s.lo - s.p) / s.q;
        N t2 = (s.hi - s.p) / s.q;
        if (sq < 0) {
            std::swap(t1, t2);
        }
        if (Sign(N(t1 - c.tEnter)) > 0) {
            c.tEnter = t1;
        }
        if (!c.bounded || Sign(N(t2 - c.tExit)) < 0) {
            c.tExit = t2;
            c.bounded = true;
        }
    }
    c.hit = !c.bounded || Sign(N(c.tExit - c.tEnter)) >= 0;
    return c;
}

template <typename N>
Clip<N> CastAabb(const glm::dvec3& origin, const V3<N>& dir, const Aabb<double>& box, bool segment)
{
    std::array<Slab<N>, 3> slabs;
    for (int i = 0; i < 3; ++i) {
        slabs[i] = {N(origin[i]), dir[i], N(box.min[i]), N(box.max[i])};
    }
    return ClipSlabs(slabs, segment);
}

/// The obb as the parallelepiped of its axes as given: face normals n_i = a_j x a_k (cyclic), so
/// that n_i . a_j = 0 for j != i and n_i . a_i = det; |n_i . (x - c)| <= h_i |det| is slab i.
/// det == 0 (coplanar axes) is reported through *degenerate.
template <typename N>
Clip<N> CastObb(const Ray<double>& ray, const Obb<double>& box, bool* degenerate)
{
    const V3<N> a[3] = {Lift<N>(box.axes[0]), Lift<N>(box.axes[1]), Lift<N>(box.axes[2])};
    const V3<N> n[3] = {Cross(a[1], a[2]), Cross(a[2], a[0]), Cross(a[0], a[1])};
    const N det = Dot(n[0], a[0]);
    const int s = Sign(det);
    *degenerate = s == 0;
    if (s == 0) {
        return {};
    }
    const N absDet = s > 0 ? det : N(-det);
    const V3<N> m = Sub(Lift<N>(ray.origin), Lift<N>(box.center));
    const V3<N> d = Lift<N>(ray.direction);
    std::array<Slab<N>, 3> slabs;
    for (int i = 0; i < 3; ++i) {
        const N bound = N(box.halfExtents[i]) * absDet;
        const N p = Dot(n[i], m);
        const N q = Dot(n[i], d);
        slabs[i] = {s > 0 ? p : N(-p), s > 0 ? q : N(-q), N(-bound), bound};
    }
    return ClipSlabs(slabs, false);
}

/// ray_plane: hit when n.d != 0 and t = (distance - n.o) / n.d >= 0, or the ray lies in the plane (t = 0).
template <typename N>
bool CastPlane(const Ray<double>& ray, const Plane<double>& plane, N* num, N* den)
{
    const V3<N> n = Lift<N>(plane.normal);
    *den = Dot(n, Lift<N>(ray.direction));
    *num = N(plane.distance) - Dot(n, Lift<N>(ray.origin));
    const int sd = Sign(*den);
    const int sn = Sign(*num);
    return sd == 0 ? sn == 0 : sn * sd >= 0;
}

/// ray_sphere with m = o - c: a = d.d, b = m.d, c = m.m - r^2, disc = b^2 - a c. Origin inside
/// (c <= 0) hits; otherwise a hit needs b < 0 (centre ahead) and disc >= 0.
template <typename N>
struct SphereTerms {
    N a, b, c, disc;
    bool inside = false;
};

template <typename N>
bool CastSphere(const Ray<double>& ray, const Sphere<double>& sphere, SphereTerms<N>* terms)
{
    const V3<N> m = Sub(Lift<N>(ray.origin), Lift<N>(sphere.center));
    const V3<N> d = Lift<N>(ray.direction);
    const N r(sphere.radius);
    terms->a = Dot(d, d);
    terms->b = Dot(m, d);
    terms->c = Dot(m, m) - r * r;
    terms->disc = terms->b * terms->b - terms->a * terms->c;
    terms->inside = Sign(terms->c) <= 0;
    if (terms->inside) {
        return true;
    }
    return Sign(terms->b) < 0 && Sign(terms->disc) >= 0;
}

template <typename N>
bool OverlapAabbs(const Aabb<double>& a, const Aabb<double>& b)
{
    for (int i = 0; i < 3; ++i) {
        if (Sign(N(N(b.max[i]) - N(a.min[i]))) < 0 || Sign(N(N(a.max[i]) - N(b.min[i]))) < 0) {
            return false;
        }
    }
    return true;
}

/// sphere_aabb: the squared distance from the centre to the box (clamping is exact in double).
template <typename N>
N SphereBoxDistance2(const Sphere<double>& s, const Aabb<double>& box)
{
    N d2(0.0);
    for (int i = 0; i < 3; ++i) {
        const double q = s.center[i] < box.min[i] ? box.min[i] : s.center[i] > box.max[i] ? box.max[i] : s.center[i];
        const N e = N(s.center[i]) - N(q);
        d2 = d2 + e * e;
    }
    return d2;
}

/// point_aabb: min <= p <= max on every axis (a comparison of doubles, exact in any N).
template <typename N>
bool PointInAabb(const Point<double>& point, const Aabb<double>& box)
{
    for (int i = 0; i < 3; ++i) {
        if (Sign(N(N(point.position[i]) - N(box.min[i]))) < 0 || Sign(N(N(box.max[i]) - N(point.position[i]))) < 0) {
            return false;
        }
    }
    return true;
}

/// point_obb: the point in the parallelepiped of the axes as given (CastObb's slabs):
/// |n_i . (p - c)| <= h_i |det| on every axis. slack[i] = h_i |det| - |n_i . (p - c)| and the face
/// normals n_i when asked for (every slack computed then). det == 0 is reported through *degenerate.
template <typename N>
bool PointInObb(const Point<double>& point, const Obb<double>& box, bool* degenerate, std::array<N, 3>* slack = nullptr,
                std::array<V3<N>, 3>* normals = nullptr)
{
    const V3<N> a[3] = {Lift<N>(box.axes[0]), Lift<N>(box.axes[1]), Lift<N>(box.axes[2])};
    const V3<N> n[3] = {Cross(a[1], a[2]), Cross(a[2], a[0]), Cross(a[0], a[1])};
    const N det = Dot(n[0], a[0]);
    const int s = Sign(det);
    *degenerate = s == 0;
    if (s == 0) {
        return false;
    }
    const N absDet = s > 0 ? det : N(-det);
    const V3<N> m = Sub(Lift<N>(point.position), Lift<N>(box.center));
    bool inside = true;
    for (int i = 0; i < 3; ++i) {
        const N room = N(N(box.halfExtents[i]) * absDet) - Abs(Dot(n[i], m));
        if (slack != nullptr) {
            (*slack)[size_t(i)] = room;
            (*normals)[size_t(i)] = n[i];
        }
        if (Sign(room) < 0) {
            inside = false;
            if (slack == nullptr) {
                return false;
            }
        }
    }
    return inside;
}

/// The 15 candidate axes of two parallelepipeds: each one's face normals, then the 9 cross
/// products of edge directions (zero for parallel edges: such an axis never separates).
template <typename N>
std::array<V3<N>, 15> SatAxes(const V3<N> (&a)[3], const V3<N> (&b)[3])
{
    std::array<V3<N>, 15> axes;
    for (int i = 0; i < 3; ++i) {
        axes[i] = Cross(a[(i + 1) % 3], a[(i + 2) % 3]);
        axes[3 + i] = Cross(b[(i + 1) % 3], b[(i + 2) % 3]);
        for (int j = 0; j < 3; ++j) {
            axes[6 + 3 * i + j] = Cross(a[i], b[j]);
        }
    }
    return axes;
}

/// The projection radius of a parallelepiped on L: sum of h_i |a_i . L|.
template <typename N>
N ProjectedRadius(const V3<N> (&axes)[3], const glm::dvec3& half, const V3<N>& l)
{
    N r(0.0);
    for (int i = 0; i < 3; ++i) {
        r = r + N(half[i]) * Abs(Dot(axes[i], l));
    }
    return r;
}

/// obb_obb by the separating axis theorem on the 15 axes: separated when some axis has
/// |T . L| > rA + rB (strict: touching overlaps). overlaps[k] = rA + rB - |T . L| per axis.
template <typename N>
bool OverlapObbs(const Obb<double>& a, const Obb<double>& b, std::array<V3<N>, 15>* axesOut = nullptr,
                 std::array<N, 15>* overlaps = nullptr)
{
    const V3<N> aa[3] = {Lift<N>(a.axes[0]), Lift<N>(a.axes[1]), Lift<N>(a.axes[2])};
    const V3<N> ba[3] = {Lift<N>(b.axes[0]), Lift<N>(b.axes[1]), Lift<N>(b.axes[2])};
    const V3<N> t = Sub(Lift<N>(b.center), Lift<N>(a.center));
    const std::array<V3<N>, 15> axes = SatAxes(aa, ba);
    bool hit = true;
    for (size_t k = 0; k < axes.size(); ++k) {
        const N slack = ProjectedRadius(aa, a.halfExtents, axes[k]) + ProjectedRadius(ba, b.halfExtents, axes[k]) -
                        Abs(Dot(t, axes[k]));
        if (overlaps != nullptr) {
            (*overlaps)[k] = slack;
        }
        if (Sign(slack) < 0) {
            hit = false;
            if (overlaps == nullptr) {
                return false;
            }
        }
    }
    if (axesOut != nullptr) {
        *axesOut = axes;
    }
    return hit;
}

} // namespace hitlab::exact
