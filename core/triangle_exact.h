// Exact signs for the triangle overlap references (aabb_triangle, sphere_triangle,
// triangle_triangle): determinants of coordinate differences, filtered in double with a proven
// error bound and decided with double expansions (core/expansion.h) when the filter cannot.
// Inputs are doubles (a float input is converted exactly); the references scale a query by one
// power of two first (TriangleScaleExponent) so that no product can overflow.
#pragma once

#include "expansion.h"
#include "shapes.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hitlab::detail::tx {

using xp::Expansion;

/// Relative error bound of the filtered determinants: a degree-3 sum of products of differences
/// takes at most 11 rounded operations, so its error is below 12 u of its permanent (the same sum
/// with absolute values); 32 u leaves room for the permanent's own rounding. Plus an absolute
/// 2^-1000 for what underflow can lose.
inline constexpr double kFilterRelative = 32.0 * 0x1p-53;
inline constexpr double kFilterAbsolute = 0x1p-1000;

/// e = a - b exactly.
inline void SetDifference(Expansion& e, double a, double b)
{
    e.n = 0;
    double s, err;
    xp::TwoSum(a, -b, s, err);
    e.Push(err);
    e.Push(s);
}

/// e = -e.
inline void Negate(Expansion& e)
{
    for (int i = 0; i < e.n; ++i) {
        e.c[i] = -e.c[i];
    }
}

/// out = e * f, compressed after each partial product so that the capacity is never reached.
inline void MulCompressed(Expansion& out, const Expansion& e, const Expansion& f)
{
    out.n = 0;
    for (int j = 0; j < f.n; ++j) {
        xp::AddScaled(out, e, f.c[j]);
        xp::Compress(out);
    }
}

/// out += e * f (compressed).
inline void AddMul(Expansion& out, const Expansion& e, const Expansion& f)
{
    Expansion p;
    MulCompressed(p, e, f);
    xp::Add(out, p);
    xp::Compress(out);
}

/// out -= e * f (compressed).
inline void SubMul(Expansion& out, const Expansion& e, const Expansion& f)
{
    Expansion p;
    MulCompressed(p, e, f);
    Negate(p);
    xp::Add(out, p);
    xp::Compress(out);
}

/// A vector of exact values.
struct XVec {
    Expansion c[3];
};

/// out = p - q exactly, per component.
inline void SetDifference(XVec& out, const glm::dvec3& p, const glm::dvec3& q)
{
    for (int i = 0; i < 3; ++i) {
        SetDifference(out.c[i], p[i], q[i]);
    }
}

/// out = a x b exactly.
inline void Cross(XVec& out, const XVec& a, const XVec& b)
{
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        MulCompressed(out.c[i], a.c[j], b.c[k]);
        SubMul(out.c[i], a.c[k], b.c[j]);
    }
}

/// out = a . b exactly.
inline void Dot(Expansion& out, const XVec& a, const XVec& b)
{
    MulCompressed(out, a.c[0], b.c[0]);
    AddMul(out, a.c[1], b.c[1]);
    AddMul(out, a.c[2], b.c[2]);
}

/// Whether every component is exactly zero.
inline bool IsZero(const XVec& v) { return v.c[0].n == 0 && v.c[1].n == 0 && v.c[2].n == 0; }

/// The expansion rounded to double (its compressed sum).
inline double Approx(Expansion e)
{
    const xp::DD d = xp::ToDD(e);
    return d.hi + d.lo;
}

/// The vector's components rounded to double.
inline glm::dvec3 Approx(const XVec& v) { return {Approx(v.c[0]), Approx(v.c[1]), Approx(v.c[2])}; }

/// Det2Sign's exact path.
[[gnu::noinline]] inline int Det2SignExact(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& r,
                                           const glm::dvec3& s, int i, int j)
{
    Expansion eai, eaj, ebi, ebj, out;
    SetDifference(eai, p[i], q[i]);
    SetDifference(eaj, p[j], q[j]);
    SetDifference(ebi, r[i], s[i]);
    SetDifference(ebj, r[j], s[j]);
    MulCompressed(out, eai, ebj);
    SubMul(out, eaj, ebi);
    return out.Sign();
}

/// Det3Sign's exact path.
[[gnu::noinline]] inline int Det3SignExact(const glm::dvec3& a1, const glm::dvec3& a0, const glm::dvec3& b1,
                                           const glm::dvec3& b0, const glm::dvec3& c1, const glm::dvec3& c0)
{
    XVec ea, eb, ec, bc;
    SetDifference(ea, a1, a0);
    SetDifference(eb, b1, b0);
    SetDifference(ec, c1, c0);
    Cross(bc, eb, ec);
    Expansion out;
    Dot(out, ea, bc);
    return out.Sign();
}

/// The sign of (P_i - Q_i)(R_j - S_j) - (P_j - Q_j)(R_i - S_i): the 2D determinant of P - Q and
/// R - S on the coordinates i, j. Exact.
inline int Det2Sign(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& r, const glm::dvec3& s, int i, int j)
{
    const double ai = p[i] - q[i], aj = p[j] - q[j], bi = r[i] - s[i], bj = r[j] - s[j];
    const double l = ai * bj, m = aj * bi;
    const double det = l - m;
    const double bound = kFilterRelative * (std::abs(l) + std::abs(m)) + kFilterAbsolute;
    if (det > bound) {
        return 1;
    }
    if (det < -bound) {
        return -1;
    }
    return Det2SignExact(p, q, r, s, i, j);
}

/// The sign of the 3x3 determinant det(A, B, C) = A . (B x C) with A = a1 - a0, B = b1 - b0,
/// C = c1 - c0. Exact. Orient3d(p, q, r, s) is Det3Sign(q, p, r, p, s, p).
inline int Det3Sign(const glm::dvec3& a1, const glm::dvec3& a0, const glm::dvec3& b1, const glm::dvec3& b0,
                    const glm::dvec3& c1, const glm::dvec3& c0)
{
    const glm::dvec3 a = a1 - a0, b = b1 - b0, c = c1 - c0;
    double det = 0, permanent = 0;
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        const double l = b[j] * c[k], m = b[k] * c[j];
        det += a[i] * (l - m);
        permanent += std::abs(a[i]) * (std::abs(l) + std::abs(m));
    }
    const double bound = kFilterRelative * permanent + kFilterAbsolute;
    if (det > bound) {
        return 1;
    }
    if (det < -bound) {
        return -1;
    }
    return Det3SignExact(a1, a0, b1, b0, c1, c0);
}

/// orient3d: the sign of det(q - p, r - p, s - p) (positive when s lies on the side of the plane
/// p, q, r that (q - p) x (r - p) faces).
inline int Orient3d(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& r, const glm::dvec3& s)
{
    return Det3Sign(q, p, r, p, s, p);
}

/// orient2d on coordinates i, j: the sign of (q - p) x (r - p) there.
inline int Orient2d(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& r, int i, int j)
{
    return Det2Sign(q, p, r, p, i, j);
}

/// a - b in double-double (exact: TwoSum).
inline xp::DD DifferenceDD(double a, double b)
{
    xp::DD d;
    xp::TwoSum(a, -b, d.hi, d.lo);
    return d;
}

/// Det2Value's careful path: the determinant in double-double from exact differences (error
/// about 2^-100 of the products' magnitudes), rounded; in double expansions (exact, then rounded)
/// when that is within its error of 0, so that a determinant that is 0 comes out 0.
[[gnu::noinline]] inline double Det2ValueCareful(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& r,
                                                 const glm::dvec3& s, int i, int j, double permanent)
{
    const xp::DD l = xp::Mul(DifferenceDD(p[i], q[i]), DifferenceDD(r[j], s[j]));
    const xp::DD m = xp::Mul(DifferenceDD(p[j], q[j]), DifferenceDD(r[i], s[i]));
    const xp::DD d = xp::Add(l, xp::Neg(m));
    if (std::abs(d.hi) > 0x1p-90 * permanent + kFilterAbsolute) {
        return d.hi + d.lo;
    }
    Expansion eai, eaj, ebi, ebj, out;
    SetDifference(eai, p[i], q[i]);
    SetDifference(eaj, p[j], q[j]);
    SetDifference(ebi, r[i], s[i]);
    SetDifference(ebj, r[j], s[j]);
    MulCompressed(out, eai, ebj);
    SubMul(out, eaj, ebi);
    return Approx(out);
}

/// Det3Value's careful path: a . (b x c) in double-double from exact differences, rounded; exact
/// (double expansions) when that is within its error of 0.
[[gnu::noinline]] inline double Det3ValueCareful(const glm::dvec3& a1, const glm::dvec3& a0, const glm::dvec3& b1,
                                                 const glm::dvec3& b0, const glm::dvec3& c1, const glm::dvec3& c0,
                                                 double permanent)
{
    xp::DD sum;
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        const xp::DD l = xp::Mul(DifferenceDD(b1[j], b0[j]), DifferenceDD(c1[k], c0[k]));
        const xp::DD m = xp::Mul(DifferenceDD(b1[k], b0[k]), DifferenceDD(c1[j], c0[j]));
        sum = xp::Add(sum, xp::Mul(DifferenceDD(a1[i], a0[i]), xp::Add(l, xp::Neg(m))));
    }
    if (std::abs(sum.hi) > 0x1p-90 * permanent + kFilterAbsolute) {
        return sum.hi + sum.lo;
    }
    XVec ea, eb, ec, bc;
    SetDifference(ea, a1, a0);
    SetDifference(eb, b1, b0);
    SetDifference(ec, c1, c0);
    Cross(bc, eb, ec);
    Expansion out;
    Dot(out, ea, bc);
    return Approx(out);
}

/// The value of Det2Sign's determinant to about 2^-48 relative or within absTolerance,
/// whichever is larger: the double value when its error bound allows, else the double-double
/// value rounded (within about 2^-98 of the products' magnitudes), exact when that is near 0.
inline double Det2Value(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& r, const glm::dvec3& s, int i,
                        int j, double absTolerance = 0)
{
    const double ai = p[i] - q[i], aj = p[j] - q[j], bi = r[i] - s[i], bj = r[j] - s[j];
    const double l = ai * bj, m = aj * bi;
    const double det = l - m;
    if (kFilterRelative * (std::abs(l) + std::abs(m)) + kFilterAbsolute <=
        std::max(std::abs(det) * 0x1p-48, absTolerance)) {
        return det;
    }
    return Det2ValueCareful(p, q, r, s, i, j, std::abs(l) + std::abs(m));
}

/// The value of Det3Sign's determinant to about 2^-48 relative or within absTolerance (the
/// careful path: within about 2^-98 of the products' magnitudes).
inline double Det3Value(const glm::dvec3& a1, const glm::dvec3& a0, const glm::dvec3& b1, const glm::dvec3& b0,
                        const glm::dvec3& c1, const glm::dvec3& c0, double absTolerance = 0)
{
    const glm::dvec3 a = a1 - a0, b = b1 - b0, c = c1 - c0;
    double det = 0, permanent = 0;
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        const double l = b[j] * c[k], m = b[k] * c[j];
        det += a[i] * (l - m);
        permanent += std::abs(a[i]) * (std::abs(l) + std::abs(m));
    }
    if (kFilterRelative * permanent + kFilterAbsolute <= std::max(std::abs(det) * 0x1p-48, absTolerance)) {
        return det;
    }
    return Det3ValueCareful(a1, a0, b1, b0, c1, c0, permanent);
}

/// The power of two by which the references scale a query (2^-k with k returned): 0 when the
/// largest magnitude m of the numbers lies in [2^-100, 2^100] (or all are 0), else -ilogb(m), so
/// that the largest lies in [1, 2) and no product of six differences can overflow.
inline int TriangleScaleExponent(double largest)
{
    if (largest == 0.0 || (largest >= 0x1p-100 && largest <= 0x1p100)) {
        return 0;
    }
    return -std::ilogb(largest);
}

/// The largest magnitude of a vector's components.
inline double LargestOf(const glm::dvec3& v)
{
    return std::fmax(std::fabs(v.x), std::fmax(std::fabs(v.y), std::fabs(v.z)));
}

/// Whether every component is finite.
inline bool FiniteVec(const glm::dvec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

/// v * 2^k per component.
inline glm::dvec3 Scaled(const glm::dvec3& v, int k)
{
    return {std::ldexp(v.x, k), std::ldexp(v.y, k), std::ldexp(v.z, k)};
}

/// The three vertices of a triangle in double.
template <typename T>
std::array<glm::dvec3, 3> VerticesInDouble(const Triangle<T>& t)
{
    return {glm::dvec3(t.vertices[0]), glm::dvec3(t.vertices[1]), glm::dvec3(t.vertices[2])};
}

} // namespace hitlab::detail::tx
