// GJK's simplex and its subalgorithm: the point of a simplex (1 to 4 points of the Minkowski
// difference) nearest the origin, and the smallest face of the simplex that holds it (Johnson's
// distance subalgorithm in the Voronoi-region form of Ericson, Real-Time Collision Detection
// (2005) 5.1.2, 5.1.5 and 5.1.6 / 9.5.2).
#pragma once

#include "support.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>

namespace hitlab {

/// Up to four points of the Minkowski difference, and the barycentric weights of the point
/// nearest the origin (GjkNearest).
template <typename T>
struct GjkSimplex {
    SupportVertex<T> v[4];
    T lambda[4] = {1, 0, 0, 0};
    int count = 0;

    /// sum lambda_i v_i.w, .a or .b: the nearest point, on a and on b.
    Vec3<T> Point() const { return Combine(&SupportVertex<T>::w); }
    Vec3<T> PointA() const { return Combine(&SupportVertex<T>::a); }
    Vec3<T> PointB() const { return Combine(&SupportVertex<T>::b); }

    Vec3<T> Combine(Vec3<T> SupportVertex<T>::*member) const
    {
        Vec3<T> p(0);
        for (int i = 0; i < count; ++i) {
            p += lambda[i] * (v[i].*member);
        }
        return p;
    }
};

namespace detail {

/// Keeps the listed vertices (indices into s.v, in order) with their weights.
template <typename T>
void GjkKeep(GjkSimplex<T>& s, std::initializer_list<int> keep, std::initializer_list<T> weights)
{
    SupportVertex<T> v[4];
    T w[4] = {};
    int n = 0;
    auto weight = weights.begin();
    for (int i : keep) {
        v[n] = s.v[i];
        w[n] = *weight++;
        ++n;
    }
    for (int i = 0; i < n; ++i) {
        s.v[i] = v[i];
        s.lambda[i] = w[i];
    }
    s.count = n;
}

/// Segment v0 v1: the nearest point's region (a vertex or the segment).
template <typename T>
void GjkNearestSegment(GjkSimplex<T>& s)
{
    const Vec3<T> a = s.v[0].w, b = s.v[1].w;
    const Vec3<T> ab = b - a;
    const T t = -glm::dot(a, ab);
    const T len2 = glm::dot(ab, ab);
    if (t <= T(0) || !(len2 > T(0))) {
        GjkKeep<T>(s, {0}, {T(1)});
    } else if (t >= len2) {
        GjkKeep<T>(s, {1}, {T(1)});
    } else {
        GjkKeep<T>(s, {0, 1}, {T(1) - t / len2, t / len2});
    }
}

/// Triangle v[i] v[j] v[k] (RTCD 5.1.5's Voronoi regions with p = origin): the nearest point's
/// region. A degenerate triangle (no face region: zero area) takes the nearest of its edges.
template <typename T>
void GjkNearestTriangle(GjkSimplex<T>& s, int i, int j, int k)
{
    const Vec3<T> a = s.v[i].w, b = s.v[j].w, c = s.v[k].w;
    const Vec3<T> ab = b - a, ac = c - a;
    const T d1 = -glm::dot(ab, a), d2 = -glm::dot(ac, a);
    if (d1 <= T(0) && d2 <= T(0)) { // vertex a
        return GjkKeep<T>(s, {i}, {T(1)});
    }
    const T d3 = -glm::dot(ab, b), d4 = -glm::dot(ac, b);
    if (d3 >= T(0) && d4 <= d3) { // vertex b
        return GjkKeep<T>(s, {j}, {T(1)});
    }
    const T vc = d1 * d4 - d3 * d2;
    if (vc <= T(0) && d1 >= T(0) && d3 <= T(0)) { // edge ab
        const T t = d1 / (d1 - d3);
        return GjkKeep<T>(s, {i, j}, {T(1) - t, t});
    }
    const T d5 = -glm::dot(ab, c), d6 = -glm::dot(ac, c);
    if (d6 >= T(0) && d5 <= d6) { // vertex c
        return GjkKeep<T>(s, {k}, {T(1)});
    }
    const T vb = d5 * d2 - d1 * d6;
    if (vb <= T(0) && d2 >= T(0) && d6 <= T(0)) { // edge ac
        const T t = d2 / (d2 - d6);
        return GjkKeep<T>(s, {i, k}, {T(1) - t, t});
    }
    const T va = d3 * d6 - d5 * d4;
    if (va <= T(0) && d4 - d3 >= T(0) && d5 - d6 >= T(0)) { // edge bc
        const T t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        return GjkKeep<T>(s, {j, k}, {T(1) - t, t});
    }
    const T sum = va + vb + vc;
    if (!(sum > T(0))) { // degenerate: the nearest edge
        GjkSimplex<T> best;
        T bestD2 = T(0);
        for (int e = 0; e < 3; ++e) {
            GjkSimplex<T> edge;
            edge.count = 2;
            edge.v[0] = s.v[e == 2 ? j : i];
            edge.v[1] = s.v[e == 0 ? j : k];
            GjkNearestSegment(edge);
            const Vec3<T> p = edge.Point();
            if (e == 0 || glm::dot(p, p) < bestD2) {
                best = edge;
                bestD2 = glm::dot(p, p);
            }
        }
        s = best;
        return;
    }
    const T v = vb / sum, w = vc / sum;
    GjkKeep<T>(s, {i, j, k}, {T(1) - v - w, v, w});
}

/// Whether the origin and vertex d lie on opposite sides of the plane a b c, or on it.
template <typename T>
bool GjkOriginOutsideFace(const Vec3<T>& a, const Vec3<T>& b, const Vec3<T>& c, const Vec3<T>& d)
{
    const Vec3<T> n = glm::cross(b - a, c - a);
    const T sideO = -glm::dot(n, a);
    const T sideD = glm::dot(n, d - a);
    return sideO * sideD <= T(0);
}

/// Whether the tetrahedron is flat within rounding: |det| <= 64 ulp of the product of its edge
/// lengths from v0. Its faces' sides are then noise: every face is a candidate.
template <typename T>
bool GjkFlatTetrahedron(const GjkSimplex<T>& s)
{
    const Vec3<T> e1 = s.v[1].w - s.v[0].w, e2 = s.v[2].w - s.v[0].w, e3 = s.v[3].w - s.v[0].w;
    const T det = glm::dot(glm::cross(e1, e2), e3);
    const T scale = glm::length(e1) * glm::length(e2) * glm::length(e3);
    return !(std::abs(det) > T(64) * std::numeric_limits<T>::epsilon() * scale);
}

/// Tetrahedron: the nearest point over the faces the origin lies outside of (RTCD 5.1.6); true
/// when it lies outside none (contained: the simplex keeps its four vertices). A flat
/// tetrahedron (GjkFlatTetrahedron) contains nothing: the nearest point over all four faces.
template <typename T>
bool GjkNearestTetrahedron(GjkSimplex<T>& s)
{
    static constexpr int kFaces[4][4] = {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 3, 1}, {1, 2, 3, 0}};
    GjkSimplex<T> best;
    T bestD2 = T(0);
    bool any = false;
    const bool flat = GjkFlatTetrahedron(s);
    for (const auto& f : kFaces) {
        if (!flat && !GjkOriginOutsideFace(s.v[f[0]].w, s.v[f[1]].w, s.v[f[2]].w, s.v[f[3]].w)) {
            continue;
        }
        GjkSimplex<T> face = s;
        GjkNearestTriangle(face, f[0], f[1], f[2]);
        const Vec3<T> p = face.Point();
        if (!any || glm::dot(p, p) < bestD2) {
            best = face;
            bestD2 = glm::dot(p, p);
            any = true;
        }
    }
    if (!any) {
        return true;
    }
    s = best;
    return false;
}

/// max ||w||^2 over the simplex's points.
template <typename T>
T GjkMaxNormSq(const GjkSimplex<T>& s)
{
    T m = 0;
    for (int i = 0; i < s.count; ++i) {
        m = std::max(m, glm::dot(s.v[i].w, s.v[i].w));
    }
    return m;
}

} // namespace detail

/// Reduces s to the smallest sub-simplex holding its point nearest the origin and sets the
/// weights. True when a tetrahedron contains the origin (then s keeps its four vertices).
template <typename T>
bool GjkNearest(GjkSimplex<T>& s)
{
    switch (s.count) {
    case 1:
        s.lambda[0] = T(1);
        return false;
    case 2:
        detail::GjkNearestSegment(s);
        return false;
    case 3:
        detail::GjkNearestTriangle(s, 0, 1, 2);
        return false;
    default:
        return detail::GjkNearestTetrahedron(s);
    }
}

} // namespace hitlab
