// The watertight ray/triangle test's exact solver: every sign from a sum of products of at most
// three doubles, computed exactly in a fixed-point integer wide enough for any finite doubles.
#include "ray_triangle_exact.h"

#include "exact_sum.h"
#include "expansion.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>

namespace hitlab::detail {

namespace tri_exact {

/// The exact query with its direction's two parts; Dir(f) calls f on each nonzero part (every
/// quantity linear in d is the sum of its values on the parts).
struct Line {
    const ExactTriangleQuery& q;
    glm::dvec3 d; ///< dh + dl rounded (values only)
    template <typename F>
    void Dir(F&& f) const
    {
        f(q.dh);
        if (q.dl != glm::dvec3(0)) {
            f(q.dl);
        }
    }
};

} // namespace tri_exact

namespace tri_exact {

/// A crossing of the line with one edge [p, q] (or the degenerate triangle's segment), in the
/// plane that drops axis k: whether it exists at t >= 0 (and t <= 1 for segments), and its t.
struct Crossing {
    bool valid = false;
    double t0 = 0, t1 = 0;     ///< the crossing's t (a collinear edge: the t of its two ends, ordered)
    bool reachesStart = false; ///< segments: some point of the crossing has t <= 1 (exact)
};

/// t of a point x on the line (collinear with it), along the direction's largest axis a, and the
/// exact signs of t and of t - 1 (segments).
double CollinearT(const Line& l, const glm::dvec3& x, int a, int& sign, int& signMinusOne)
{
    ExactSum s;
    s.Add1(x[a]);
    s.Add1(l.q.o[a], true);
    const int sd = l.d[a] > 0 ? 1 : -1; // the rounded sum has the exact sum's sign
    sign = s.Sign() * sd;
    s.Add1(l.q.dh[a], true);
    s.Add1(l.q.dl[a], true);
    signMinusOne = s.Sign() * sd;
    return (x[a] - l.q.o[a]) / l.d[a];
}

int LargestAxis(const glm::dvec3& v)
{
    const glm::dvec3 a = glm::abs(v);
    return a.x >= a.y && a.x >= a.z ? 0 : (a.y >= a.z ? 1 : 2);
}

/// The line against the closed segment [p, q] (p != q) lying in its plane, in the plane dropping
/// axis k (where that plane's normal has a nonzero k component).
Crossing CrossEdge(const Line& l, const glm::dvec3& p, const glm::dvec3& q, int k)
{
    const glm::dvec3& o = l.q.o;
    Crossing c;
    ExactSum den; // cross2(d, q - p)
    l.Dir([&](const glm::dvec3& d) {
        AddCross(den, d, q, k);
        AddCross(den, d, p, k, true);
    });
    ExactSum alpha; // cross2(p - o, q - p) = (p x q - o x q + o x p)_k
    AddCross(alpha, p, q, k);
    AddCross(alpha, o, q, k, true);
    AddCross(alpha, o, p, k);
    const int sDen = den.Sign();
    if (sDen == 0) {
        if (alpha.Sign() != 0) {
            return c; // parallel, off the edge's line
        }
        const int a = LargestAxis(l.d);
        int sp, sq, sp1, sq1;
        const double tp = CollinearT(l, p, a, sp, sp1), tq = CollinearT(l, q, a, sq, sq1);
        c.valid = sp >= 0 || sq >= 0;
        c.t0 = std::min(tp, tq);
        c.t1 = std::max(tp, tq);
        c.reachesStart = sp1 <= 0 || sq1 <= 0 || (sp < 0) != (sq < 0);
        return c;
    }
    // s = cross2(o - p, d) / -den in [0, 1]; 1 - s = cross2(q - o, d) / -den
    ExactSum sNum, rest;
    l.Dir([&](const glm::dvec3& d) {
        AddCross(sNum, o, d, k);
        AddCross(sNum, p, d, k, true);
        AddCross(rest, q, d, k);
        AddCross(rest, o, d, k, true);
    });
    const bool inEdge = sNum.Sign() * -sDen >= 0 && rest.Sign() * -sDen >= 0;
    const bool ahead = alpha.Sign() * sDen >= 0;
    if (!inEdge || !ahead) {
        return c;
    }
    c.valid = true;
    c.t0 = c.t1 = Ratio(alpha, den);
    ExactSum beyond = alpha; // t - 1 = (alpha - den) / den
    beyond.Add(den, true);
    c.reachesStart = beyond.Sign() * sDen <= 0;
    return c;
}

/// Adds a crossing to the running [tEnter, tExit] and the hit flag. A segment's crossings beyond
/// its end (t > 1) still bound tExit (clipped to 1 later), but do not make a hit.
void Merge(const Crossing& c, bool segment, ExactTriangleAnswer& a, bool& any, bool& anyExit)
{
    if (!c.valid) {
        return;
    }
    a.tExit = anyExit ? std::max(a.tExit, c.t1) : c.t1;
    anyExit = true;
    if (segment && !c.reachesStart) {
        return;
    }
    const double t0 = std::max(c.t0, 0.0);
    a.tEnter = any ? std::min(a.tEnter, t0) : t0;
    any = true;
}

/// Barycentrics of the point x in the plane dropping axis k (nk = n_k), clamped to the triangle.
void Barycentrics(const ExactTriangleQuery& q, const glm::dvec3& x, int k, double nk, ExactTriangleAnswer& a)
{
    const int i = (k + 1) % 3, j = (k + 2) % 3;
    const glm::dvec3 e1 = q.v[1] - q.v[0], e2 = q.v[2] - q.v[0], r = x - q.v[0];
    double u = (r[i] * e2[j] - r[j] * e2[i]) / nk;
    double v = (e1[i] * r[j] - e1[j] * r[i]) / nk;
    u = std::clamp(u, 0.0, 1.0);
    v = std::clamp(v, 0.0, 1.0 - u);
    a.u = u;
    a.v = v;
}

/// The ray in the triangle's plane (n != 0, n_k != 0): inside at t = 0, or crossing an edge.
void SolveInPlane(const Line& l, int k, double nk, int sk, ExactTriangleAnswer& a)
{
    const ExactTriangleQuery& q = l.q;
    a.inPlane = true;
    bool inside = true;
    bool any = false, anyExit = false;
    for (int e = 0; e < 3; ++e) {
        const glm::dvec3& p = q.v[e];
        const glm::dvec3& r = q.v[(e + 1) % 3];
        ExactSum orient; // orient2d(p, r, o) = (p x r + r x o + o x p)_k
        AddCross(orient, p, r, k);
        AddCross(orient, r, q.o, k);
        AddCross(orient, q.o, p, k);
        inside = inside && orient.Sign() * sk >= 0;
        Merge(CrossEdge(l, p, r, k), q.segment, a, any, anyExit);
    }
    if (inside) {
        a.tEnter = 0;
        a.tExit = anyExit ? std::max(a.tExit, 0.0) : 0.0;
        any = true;
    }
    a.hit = any;
    if (a.hit) {
        if (q.segment) {
            a.tExit = std::min(a.tExit, 1.0);
        }
        Barycentrics(q, q.o + a.tEnter * l.d, k, nk, a);
    }
}

/// A degenerate triangle whose vertices coincide: the point P, on the line when (P - o) x d == 0.
void SolvePoint(const Line& l, ExactTriangleAnswer& a)
{
    const ExactTriangleQuery& q = l.q;
    const glm::dvec3& o = q.o;
    const glm::dvec3& p = q.v[0];
    for (int k = 0; k < 3; ++k) {
        ExactSum c;
        l.Dir([&](const glm::dvec3& d) {
            AddCross(c, p, d, k);
            AddCross(c, o, d, k, true);
        });
        if (c.Sign() != 0) {
            return;
        }
    }
    int s, s1;
    const double t = CollinearT(l, p, LargestAxis(l.d), s, s1);
    a.hit = s >= 0 && (!q.segment || s1 <= 0);
    a.tEnter = a.tExit = std::max(t, 0.0) + 0.0;
}

/// A degenerate triangle: the point or segment its vertices span.
void SolveDegenerate(const Line& l, ExactTriangleAnswer& a)
{
    const ExactTriangleQuery& q = l.q;
    a.degenerate = true;
    const DegenerateSpan span = SpanOf(q);
    const glm::dvec3& o = q.o;
    if (span.axis < 0) {
        SolvePoint(l, a);
        return;
    }
    const glm::dvec3 &p = q.v[span.ip], &r = q.v[span.iq];
    // the plane of the line and the segment: m = d x (r - p); coplanar when det[d, p - o, r - o] == 0
    ExactSum m[3];
    ExactSum vol;
    l.Dir([&](const glm::dvec3& d) {
        for (int k = 0; k < 3; ++k) {
            AddCross(m[k], d, r, k);
            AddCross(m[k], d, p, k, true);
        }
        AddDet(vol, d, p, r);
        AddDet(vol, d, p, o, true);
        AddDet(vol, d, o, r, true);
    });
    if (vol.Sign() != 0) {
        return;
    }
    int k = -1;
    double best = -1;
    for (int c = 0; c < 3; ++c) {
        const double mc = std::fabs(m[c].ToDouble());
        if (m[c].Sign() != 0 && mc > best) {
            best = mc;
            k = c;
        }
    }
    Crossing c;
    if (k < 0) {
        // the line is parallel to the segment: on its line when (p - o) x d == 0
        for (int kk = 0; kk < 3; ++kk) {
            ExactSum x;
            l.Dir([&](const glm::dvec3& d) {
                AddCross(x, p, d, kk);
                AddCross(x, o, d, kk, true);
            });
            if (x.Sign() != 0) {
                return;
            }
        }
        k = 0; // unused by the collinear branch of CrossEdge (den == 0, alpha == 0 on every axis)
    }
    c = CrossEdge(l, p, r, k);
    bool any = false, anyExit = false;
    Merge(c, q.segment, a, any, anyExit);
    a.hit = any;
    if (!a.hit) {
        return;
    }
    if (q.segment) {
        a.tExit = std::min(a.tExit, 1.0);
    }
    SetSpanWeights(q, span, o + a.tEnter * l.d, a); // at the entry
}

} // namespace tri_exact

namespace tri_exact {

using xp::DD;

struct DVec {
    DD x, y, z;
};

DVec Exact(double a, double b) // a + b as a double-double, exactly
{
    DD r;
    xp::TwoSum(a, b, r.hi, r.lo);
    return {r, {}, {}};
}

DVec Difference(const glm::dvec3& a, const glm::dvec3& b) // a - b exactly
{
    return {Exact(a.x, -b.x).x, Exact(a.y, -b.y).x, Exact(a.z, -b.z).x};
}

DD Sub(DD a, DD b) { return xp::Add(a, xp::Neg(b)); }

DVec Cross(const DVec& a, const DVec& b)
{
    return {Sub(xp::Mul(a.y, b.z), xp::Mul(a.z, b.y)), Sub(xp::Mul(a.z, b.x), xp::Mul(a.x, b.z)),
            Sub(xp::Mul(a.x, b.y), xp::Mul(a.y, b.x))};
}

DD Dot(const DVec& a, const DVec& b)
{
    return xp::Add(xp::Add(xp::Mul(a.x, b.x), xp::Mul(a.y, b.y)), xp::Mul(a.z, b.z));
}

} // namespace tri_exact

namespace tri_exact {

/// The numerators in long double (64-bit significand on x86-64: 11 bits beyond double), enough
/// for a cancellation up to 2^8 (within: no numerator's terms exceed 2^8 times its value).
bool RefineInLongDouble(const ExactTriangleQuery& q, TriangleFastValues& f, bool within)
{
    using L = long double;
    if (!within || std::numeric_limits<L>::digits < 64) {
        return false;
    }
    using LV = glm::vec<3, L, glm::defaultp>;
    const LV v0(q.v[0]), e1 = LV(q.v[1]) - v0, e2 = LV(q.v[2]) - v0, s = LV(q.o) - v0;
    const LV d = LV(q.dh) + LV(q.dl);
    const LV p = glm::cross(d, e2), c = glm::cross(s, e1);
    const L det = glm::dot(e1, p), uN = glm::dot(s, p), vN = glm::dot(d, c), tN = glm::dot(e2, c);
    // one division: each product with the reciprocal is within 2^-62 of the quotient (a
    // two-thousandth of a double's unit) before the rounding to double
    const L inv = L(1) / det;
    f.t = double(tN * inv);
    f.u = double(uN * inv);
    f.v = double(vN * inv);
    return true;
}

} // namespace tri_exact

bool KeepRefinedNumerators(TriangleFastValues& f, double det, double uN, double vN, double tN)
{
    constexpr double keep = 0x1p-40;
    const double ee = f.em * f.em;
    if (std::fabs(det) < keep * f.dm * ee || std::fabs(tN) < keep * f.sm * ee ||
        std::fabs(det) < keep * f.sm * f.dm * f.em) {
        return false;
    }
    f.det = det;
    f.uN = uN;
    f.vN = vN;
    f.tN = tN;
    return true;
}

bool RefineTriangleValues(const ExactTriangleQuery& q, TriangleFastValues& f)
{
    using namespace tri_exact;
    if (RefineInLongDouble(q, f, CancelsWithin(f, 0x1p8))) { // long double's margin
        return true;
    }
    const DVec e1 = Difference(q.v[1], q.v[0]), e2 = Difference(q.v[2], q.v[0]), s = Difference(q.o, q.v[0]);
    const DVec d = {Exact(q.dh.x, q.dl.x).x, Exact(q.dh.y, q.dl.y).x, Exact(q.dh.z, q.dl.z).x};
    const DVec p = Cross(d, e2), c = Cross(s, e1);
    const DD det = Dot(e1, p), uN = Dot(s, p), vN = Dot(d, c), tN = Dot(e2, c);
    if (!KeepRefinedNumerators(f, det.hi, uN.hi, vN.hi, tN.hi)) {
        return false;
    }
    f.t = xp::DivToDouble(tN, det);
    f.u = xp::DivToDouble(uN, det);
    f.v = xp::DivToDouble(vN, det);
    return true;
}

namespace tri_exact {

bool AllFiniteInputs(const ExactTriangleQuery& q)
{
    for (const glm::dvec3& x : {q.o, q.dh, q.dl, q.v[0], q.v[1], q.v[2]}) {
        if (!std::isfinite(x.x) || !std::isfinite(x.y) || !std::isfinite(x.z)) {
            return false;
        }
    }
    return true;
}

} // namespace tri_exact

ExactTriangleAnswer SolveTriangleExactly(const ExactTriangleQuery& q)
{
    using namespace tri_exact;
    ExactTriangleAnswer a;
    const glm::dvec3 d = q.dh + q.dl;
    if (!AllFiniteInputs(q)) {
        return a; // NaN or infinity: a miss
    }
    const Line l{q, d};
    const glm::dvec3 &v0 = q.v[0], &v1 = q.v[1], &v2 = q.v[2], &o = q.o;
    ExactSum det, uN, vN, tN;
    l.Dir([&](const glm::dvec3& dd) {
        AddDet(det, v1, dd, v2);
        AddDet(det, v1, dd, v0, true);
        AddDet(det, v0, dd, v2, true);
        AddDet(uN, o, dd, v2);
        AddDet(uN, o, dd, v0, true);
        AddDet(uN, v0, dd, v2, true);
        AddDet(vN, dd, o, v1);
        AddDet(vN, dd, o, v0, true);
        AddDet(vN, dd, v0, v1, true);
    });
    AddDet(tN, v2, o, v1);
    AddDet(tN, v0, o, v1, true);
    AddDet(tN, v2, v0, v1, true);
    AddDet(tN, v2, o, v0, true);
    ExactSum wN = det;
    wN.Add(uN, true);
    wN.Add(vN, true);
    a.det = det.ToDouble();
    a.uN = uN.ToDouble();
    a.vN = vN.ToDouble();
    a.wN = wN.ToDouble();
    a.tN = tN.ToDouble();
    const int sd = det.Sign();
    if (sd != 0) {
        const int su = uN.Sign() * sd, sv = vN.Sign() * sd, sw = wN.Sign() * sd, st = tN.Sign() * sd;
        a.hasFront = true;
        a.front = sd > 0;
        ExactSum rest = det; // segments: t <= 1, det - tN of det's sign
        rest.Add(tN, true);
        a.hit = su >= 0 && sv >= 0 && sw >= 0 && st >= 0 && (!q.segment || rest.Sign() * sd >= 0);
        if (a.hit) {
            a.zeroEdges = (sw == 0 ? 1 : 0) | (su == 0 ? 2 : 0) | (sv == 0 ? 4 : 0);
            a.tEnter = a.tExit = Ratio(tN, det) + 0.0;
            a.u = Ratio(uN, det);
            a.v = Ratio(vN, det);
        }
        return a;
    }
    if (d == glm::dvec3(0)) { // a ray's zero direction (invalid): a miss; a zero-length segment: a point
        return q.segment ? ZeroLengthSegmentAnswer(q) : a;
    }
    // n.d == 0: n = v0 x v1 + v1 x v2 + v2 x v0, exactly
    int k = -1, sk = 0;
    double best = -1, nk = 0;
    for (int c = 0; c < 3; ++c) {
        ExactSum n;
        AddCross(n, v0, v1, c);
        AddCross(n, v1, v2, c);
        AddCross(n, v2, v0, c);
        const double nc = n.ToDouble();
        if (n.Sign() != 0 && std::fabs(nc) > best) {
            best = std::fabs(nc);
            k = c;
            sk = n.Sign();
            nk = nc;
        }
    }
    if (k < 0) {
        SolveDegenerate(l, a);
        return a;
    }
    if (tN.Sign() != 0) {
        a.parallel = true; // tN = (o - v0).n: the origin is off the plane
        return a;
    }
    SolveInPlane(l, k, nk, sk, a);
    return a;
}

TriangleFacts TriangleFactsOf(const ExactTriangleQuery& q)
{
    const ExactTriangleAnswer a = SolveTriangleExactly(q);
    TriangleFacts f;
    f.hit = a.hit;
    f.edgeOrVertex = a.hit && (a.zeroEdges != 0 || a.inPlane || a.degenerate);
    f.backFacing = a.det <= 0; // det = -n.d, its sign exact
    f.inPlane = a.inPlane;
    f.degenerate = a.degenerate;
    f.determinant = std::fabs(a.det);
    Vec3<double> n;
    glm::dvec3 e1 = q.v[1] - q.v[0], e2 = q.v[2] - q.v[0];
    const double m1 = MaxAbs3(e1), m2 = MaxAbs3(e2), m = m1 > m2 ? m1 : m2;
    if (m > 0 && std::isfinite(m)) {
        // |e1 x e2| / 2 on edges scaled to [1, 2): no overflow or underflow, then scaled back
        const int e = std::ilogb(m);
        e1 = glm::dvec3(std::ldexp(e1.x, -e), std::ldexp(e1.y, -e), std::ldexp(e1.z, -e));
        e2 = glm::dvec3(std::ldexp(e2.x, -e), std::ldexp(e2.y, -e), std::ldexp(e2.z, -e));
        n = glm::cross(e1, e2);
        f.area = std::ldexp(0.5 * std::sqrt(glm::dot(n, n)), 2 * e);
    } else if (!std::isfinite(m)) {
        f.area = INFINITY;
    }
    return f;
}

} // namespace hitlab::detail
