// ray_triangle: a ray (or segment) against a closed, two-sided triangle. The watertight reference
// (exact verdict on every finite input) and Moller-Trumbore as it is commonly copied; the other
// published tests are in ray_triangle_published.h.
//
// Per-triangle tests for callers with their own loop (ray_mesh's hierarchy): the functions named
// ...Triangle(ray, v0, v1, v2, tMax, out) take the ray, the triangle's three vertices and an upper
// bound on t, and return whether the ray hits with t <= tMax; on a hit they fill out.hit, tEnter,
// tExit, u, v, hasUv, front and hasFront (not point or normal: FillTrianglePointAndNormal does).
// They are templated on float and double, inline, and take no trace. The published tests'
// per-triangle forms (BaldwinWeberTriangle, PluckerTriangle, HavelHeroutTriangle) are in
// ray_triangle_published.h; they fill point and normal too.
#pragma once

#include "result.h"
#include "trace.h"

#include <glm/geometric.hpp>

#include <cmath>
#include <limits>
#include <type_traits>

namespace hitlab {

namespace detail {

/// The exact solver's input: the ray o + t d with d = dh + dl (dl = 0 for a ray; a segment passes
/// dh = end and dl = -start, as every quantity the solver signs is linear in d), the vertices, and
/// whether t is bounded by 1 (a segment). Doubles: a float input is exact in them.
struct ExactTriangleQuery {
    glm::dvec3 o{0}, dh{0}, dl{0};
    glm::dvec3 v[3]{};
    bool segment = false;
};

/// The exact solver's answer: the verdict is exact; t, u, v are rounded from exact numerators and
/// denominators (within about 2 ulps of double), or, in the plane of the triangle, computed from
/// the exact crossing times.
struct ExactTriangleAnswer {
    bool hit = false;
    bool hasFront = false, front = false;
    bool inPlane = false;    ///< the ray lies in the triangle's plane (n != 0, n.d == 0, origin on it)
    bool degenerate = false; ///< the vertices are collinear or coincide (n == 0)
    bool parallel = false;   ///< n.d == 0 with the origin off the plane (a miss)
    int zeroEdges = 0;       ///< on a hit through the interior's closure: bit i set when edge function i is 0
    double tEnter = 0, tExit = 0, u = 0, v = 0;
    double det = 0, uN = 0, vN = 0, wN = 0, tN = 0; ///< the exact values rounded (trace)
};

/// The exact solution (core/ray_triangle_exact.cpp): signs of the Moller-Trumbore numerators
/// det = e1.(d x e2), u det, v det, w det = det - u det - v det, t det, each a sum of products of
/// three inputs computed exactly in a wide fixed-point integer (any finite double, subnormals and
/// the largest included); degenerate triangles and rays in the plane by exact 2D predicates.
ExactTriangleAnswer SolveTriangleExactly(const ExactTriangleQuery& q);

/// What the declared flaws' triangle words check (core/flaw_condition.cpp), from the exact solver
/// on the query as given (doubles): the line through an edge or a vertex, back facing, in the
/// plane, a degenerate triangle, |n.d| and the area.
struct TriangleFacts {
    bool hit = false;          ///< the exact verdict
    bool edgeOrVertex = false; ///< it hits on an edge or a vertex (in the plane and degenerate: always)
    bool backFacing = false;   ///< n.d >= 0, n = (v1 - v0) x (v2 - v0)
    bool inPlane = false;      ///< the ray lies in the plane of a non-degenerate triangle
    bool degenerate = false;   ///< collinear or coincident vertices
    double determinant = 0;    ///< |n.d|, the exact value rounded
    double area = 0;           ///< |n| / 2
};
TriangleFacts TriangleFactsOf(const ExactTriangleQuery& q);

/// The fast path's values, in double: the Moller-Trumbore numerators from the rounded edges.
struct TriangleFastValues {
    double det = 0, uN = 0, vN = 0, tN = 0;
    double sm = 0, em = 0, dm = 0; ///< the largest components of o - v0, the edges and d
    double t = 0, u = 0, v = 0;    ///< the quotients, on a hit
};

/// True when no numerator is smaller than its terms' largest magnitudes divided by factor (the
/// products of the largest components of o - v0, the edges and d bound the terms of det, u det,
/// v det and t det). factor 1: the fast path's values are good to a few units; 2^8: long double
/// keeps them.
inline bool CancelsWithin(const TriangleFastValues& f, double factor)
{
    const double adet = std::fabs(f.det), ee = f.em * f.em;
    return f.sm * f.dm * f.em <= factor * adet && f.dm * ee <= factor * adet && f.sm * ee <= factor * std::fabs(f.tN);
}

/// The numerators of a double hit recomputed in long double (x86-64: 64-bit significands; when they
/// cancel by at most 2^8) or else in double-double from the exact differences (the fast path's are
/// rounded from once-rounded differences: far from the triangle or at a grazing angle t, u and v
/// would lose digits). False when even double-double cancels too far (the exact solver is then
/// used). Out of line (core/ray_triangle_exact.cpp).
[[gnu::noinline]] bool RefineTriangleValues(const ExactTriangleQuery& q, TriangleFastValues& f);

/// The refinements' last step: numerators good to about 2^-100 of their terms are kept (into f)
/// while none cancels beyond 2^-40 of them; false otherwise (the exact solver's case).
bool KeepRefinedNumerators(TriangleFastValues& f, double det, double uN, double vN, double tN);

/// Whether this CPU has fused multiply-add for RefineTriangleWithFma (checked once).
bool CpuRefinesWithFma();

/// The same refinement with exact products by fused multiply-add (core/ray_triangle_fma.cpp; call
/// only where CpuRefinesWithFma): exact differences, each product's rounding error recovered and
/// summed, about 2^-100 of the terms as in double-double; false beyond a 2^-40 cancellation.
bool RefineTriangleWithFma(const glm::dvec3& o, const glm::dvec3& dh, const glm::dvec3& dl, const glm::dvec3& v0,
                           const glm::dvec3& v1, const glm::dvec3& v2, TriangleFastValues& f);

/// A double hit's values refined: RefineTriangleWithFma where the CPU has FMA, else
/// RefineTriangleValues. Not cold: the fast path's values are refined on most hits (on the bench's,
/// 98%; CancelsWithin). The inputs by reference (no query built), f in and out.
[[gnu::noinline]] bool RefineDoubleHit(const glm::dvec3& o, const glm::dvec3& dh, const glm::dvec3& dl,
                                       const glm::dvec3& v0, const glm::dvec3& v1, const glm::dvec3& v2,
                                       TriangleFastValues& f);

enum class TriangleFast { Hit, Miss, Unsure };

/// max(|a.x|, |a.y|, |a.z|) without std::fmax's library call (a NaN may be dropped: the callers'
/// comparisons of the NaN values they compute fail anyway).
inline double MaxAbs3(const glm::dvec3& a)
{
    const double x = std::fabs(a.x), y = std::fabs(a.y), z = std::fabs(a.z);
    const double m = x > y ? x : y;
    return m > z ? m : z;
}

/// The watertight test's fast path, in double whatever the input precision: e1 = v1 - v0,
/// e2 = v2 - v0, s = o - v0 (each rounded once), det = e1.(d x e2), uN = s.(d x e2),
/// vN = d.(s x e1), tN = e2.(s x e1), wN = det - uN - vN. Each is certified against a bound on its
/// rounding error (2^-45 times the product of the largest components of its three factors, four
/// times the worst case of a dot product of crosses of once-rounded inputs; wN adds the bounds of
/// its terms and its two subtractions): Hit or Miss when the certified signs decide, Unsure (the
/// exact solver decides) when a sign that matters is within its bound of zero or a magnitude lies
/// outside [2^-300, 2^300] (where products could underflow or overflow). segment: t <= 1 too.
/// out receives the values on every verdict (the traces show them on a miss too).
///
/// Every value is computed before any sign is tested, and the tests are combined without early
/// exits: a ray misses most triangles it meets, at one of several tests in no predictable order,
/// and the mispredicted exits cost more than the arithmetic they skipped (a copy of the bench's
/// ray_triangle loop in double, the refinement left out: 40 ns a test with Moller-Trumbore's early
/// exits, 24 without; docs/benchmarks.md).
[[gnu::always_inline]] inline TriangleFast WatertightFast(const glm::dvec3& o, const glm::dvec3& d,
                                                          const glm::dvec3& v0, const glm::dvec3& v1,
                                                          const glm::dvec3& v2, bool segment, TriangleFastValues& out)
{
    const glm::dvec3 e1 = v1 - v0, e2 = v2 - v0, s = o - v0;
    const double em1 = MaxAbs3(e1), em2 = MaxAbs3(e2);
    const double sm = MaxAbs3(s), em = em1 > em2 ? em1 : em2, dm = MaxAbs3(d);
    const glm::dvec3 p = glm::cross(d, e2), q = glm::cross(s, e1);
    const double det = glm::dot(e1, p);
    // the numerators with det's sign taken out (sigma u det = |det| u); copysign, not a comparison,
    // which GCC made a branch taken half the time (det = 0 is never decided here)
    const double sigma = std::copysign(1.0, det), adet = std::fabs(det);
    const double u = sigma * glm::dot(s, p), v = sigma * glm::dot(d, q), t = sigma * glm::dot(e2, q);
    const double w = adet - u - v;
    out = {det, sigma * u, sigma * v, sigma * t, sm, em, dm};
    const double bDet = 0x1p-45 * dm * em * em, bUv = 0x1p-45 * sm * dm * em, bT = 0x1p-45 * sm * em * em;
    const double bW = bDet + 2 * bUv + 0x1p-50 * (adet + std::fabs(u) + std::fabs(v));
    // NaN fails these too; |det| within its bound: near parallel, in the plane, degenerate
    constexpr double lo = 0x1p-300, hi = 0x1p300;
    const bool decided = (sm >= lo) & (sm <= hi) & (em >= lo) & (em <= hi) & (dm >= lo) & (dm <= hi) & (adet > bDet);
    // u < 0; u > 1 (then v + w < 0); v < 0; w < 0; t < 0
    bool miss =
        (u < -bUv) | (u - adet > bUv + bDet + 0x1p-51 * (std::fabs(u) + adet)) | (v < -bUv) | (w < -bW) | (t < -bT);
    bool sure = (u > bUv) & (v > bUv) & (w > bW) & (t > bT);
    if (segment) { // t <= 1: adet - t >= 0
        const double bEnd = bDet + bT + 0x1p-51 * (adet + std::fabs(t));
        const double rest = adet - t;
        miss |= rest < -bEnd;
        sure &= rest > bEnd;
    }
    if (decided & sure) {
        return TriangleFast::Hit;
    }
    return decided & miss ? TriangleFast::Miss : TriangleFast::Unsure;
}

/// Fills a hit of the exact solver into out (t rounded to T; front, u, v as the answer has them).
template <typename T>
inline void FillExactTriangleHit(const ExactTriangleAnswer& a, CastResult<T>& out)
{
    out.hit = true;
    out.tEnter = T(a.tEnter) + T(0);
    out.tExit = T(a.tExit) + T(0);
    out.u = T(a.u);
    out.v = T(a.v);
    out.hasUv = true;
    out.hasFront = a.hasFront;
    out.front = a.front;
}

template <typename T>
inline ExactTriangleQuery ExactQueryOf(const Vec3<T>& o, const Vec3<T>& dh, const Vec3<T>& dl, const Vec3<T>& v0,
                                       const Vec3<T>& v1, const Vec3<T>& v2, bool segment)
{
    ExactTriangleQuery q;
    q.o = glm::dvec3(o);
    q.dh = glm::dvec3(dh);
    q.dl = glm::dvec3(dl);
    q.v[0] = glm::dvec3(v0);
    q.v[1] = glm::dvec3(v1);
    q.v[2] = glm::dvec3(v2);
    q.segment = segment;
    return q;
}

/// The exact solver's answer for WatertightLine (out of line, returned by value: the hot path keeps
/// no room for the query, and its result never escapes to a call, so it needs no zeroing in memory).
template <typename T>
[[gnu::cold, gnu::noinline]] ExactTriangleAnswer WatertightExactly(const Vec3<T>& o, const Vec3<T>& dh,
                                                                   const Vec3<T>& dl, const Vec3<T>& v0,
                                                                   const Vec3<T>& v1, const Vec3<T>& v2, bool segment)
{
    return SolveTriangleExactly(ExactQueryOf(o, dh, dl, v0, v1, v2, segment));
}

/// The watertight test on the line o + t (dh + dl): the fast path, else the exact solver (cold).
/// tMax bounds t as computed. Fills out as the per-triangle functions do; answer (may be null)
/// receives the exact answer when the exact solver ran, and fast its values when the fast path did.
template <typename T>
[[gnu::always_inline]] inline bool WatertightLine(const Vec3<T>& o, const Vec3<T>& dh, const Vec3<T>& dl,
                                                  const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& v2, bool segment,
                                                  T tMax, CastResult<T>& out, ExactTriangleAnswer* answer = nullptr,
                                                  TriangleFastValues* fast = nullptr)
{
    TriangleFastValues f;
    const glm::dvec3 d = segment ? glm::dvec3(dh) + glm::dvec3(dl) : glm::dvec3(dh);
    const TriangleFast verdict =
        WatertightFast(glm::dvec3(o), d, glm::dvec3(v0), glm::dvec3(v1), glm::dvec3(v2), segment, f);
    bool refined = true;
    if (verdict == TriangleFast::Hit) [[likely]] {
        const double inv = 1.0 / f.det;
        f.t = f.tN * inv;
        f.u = f.uN * inv;
        f.v = f.vN * inv;
        if constexpr (std::is_same_v<T, double>) {
            // double: the values from rounded differences are good to a few units only where no
            // numerator is smaller than its terms' largest magnitudes (the triangle near the origin
            // beside its size, not grazing); otherwise they are recomputed from exact differences
            if (!CancelsWithin(f, 1)) {
                refined = RefineDoubleHit(o, dh, dl, v0, v1, v2, f);
            }
        }
    }
    if (verdict == TriangleFast::Hit && refined) [[likely]] {
        const T t = T(f.t) + T(0);
        if (fast != nullptr) {
            *fast = f;
        }
        if (!(t <= tMax)) {
            return false;
        }
        out.hit = true;
        out.tEnter = t;
        out.tExit = t;
        out.u = T(f.u);
        out.v = T(f.v);
        out.hasUv = true;
        out.hasFront = true;
        out.front = f.det > 0; // det = -n.d
        return true;
    }
    if (verdict == TriangleFast::Miss) [[likely]] {
        if (fast != nullptr) {
            *fast = f;
        }
        return false;
    }
    const ExactTriangleAnswer a = WatertightExactly(o, dh, dl, v0, v1, v2, segment);
    if (answer != nullptr) {
        *answer = a;
    }
    if (!a.hit || !(T(a.tEnter) <= tMax)) {
        return false;
    }
    FillExactTriangleHit(a, out);
    return true;
}

/// The unit winding normal (v1 - v0) x (v2 - v0) / |...|, computed on the edges scaled by a power
/// of two (no overflow or underflow); false when the triangle is degenerate (as computed).
template <typename T>
inline bool UnitWindingNormal(const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& v2, Vec3<T>& n)
{
    glm::dvec3 e1 = glm::dvec3(v1) - glm::dvec3(v0), e2 = glm::dvec3(v2) - glm::dvec3(v0);
    {
        // the common case: |n|^2 far from overflow and underflow
        const glm::dvec3 c = glm::cross(e1, e2);
        const double cc = glm::dot(c, c);
        if (cc >= 0x1p-900 && cc <= 0x1p900) [[likely]] {
            n = Vec3<T>(c / std::sqrt(cc));
            return true;
        }
    }
    if (!std::isfinite(MaxAbs3(e1)) || !std::isfinite(MaxAbs3(e2))) {
        e1 = 0.5 * glm::dvec3(v1) - 0.5 * glm::dvec3(v0);
        e2 = 0.5 * glm::dvec3(v2) - 0.5 * glm::dvec3(v0);
    }
    const double m1 = MaxAbs3(e1), m2 = MaxAbs3(e2), m = m1 > m2 ? m1 : m2;
    if (!(m > 0) || !std::isfinite(m)) {
        return false;
    }
    const int e = std::ilogb(m);
    const glm::dvec3 c = glm::cross(glm::dvec3(std::ldexp(e1.x, -e), std::ldexp(e1.y, -e), std::ldexp(e1.z, -e)),
                                    glm::dvec3(std::ldexp(e2.x, -e), std::ldexp(e2.y, -e), std::ldexp(e2.z, -e)));
    const double len = glm::length(c);
    if (!(len > 0)) {
        return false;
    }
    n = Vec3<T>(c / len);
    return true;
}

} // namespace detail

/// Per-triangle: the watertight reference (see RayTriangleWatertight). Hit with t <= tMax. Always
/// inlined: GCC kept it a call, which took a quarter of a double test's time (a copy of the bench's
/// ray_triangle loop in double: 49 ns a test through the call, 37 with it inlined).
template <typename T>
[[gnu::always_inline]] inline bool WatertightTriangle(const Ray<T>& ray, const Vec3<T>& v0, const Vec3<T>& v1,
                                                      const Vec3<T>& v2, T tMax, CastResult<T>& out)
{
    return detail::WatertightLine(ray.origin, ray.direction, Vec3<T>(0), v0, v1, v2, false, tMax, out);
}

/// The epsilon of Moller-Trumbore's listing (the paper's #define EPSILON 0.000001), used on the
/// determinant and on t; the same value in double (as most double copies keep it).
template <typename T>
inline constexpr T kMollerTrumboreEpsilon = T(0.000001);

/// Per-triangle: Moller-Trumbore as commonly copied (see RayTriangleMollerTrumbore). cull: the
/// back-face-culling form. Hit with t <= tMax.
template <typename T>
inline bool MollerTrumboreTriangle(const Ray<T>& ray, const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& v2, T tMax,
                                   CastResult<T>& out, bool cull = false)
{
    constexpr T eps = kMollerTrumboreEpsilon<T>;
    const Vec3<T> edge1 = v1 - v0, edge2 = v2 - v0;
    const Vec3<T> pvec = glm::cross(ray.direction, edge2);
    const T det = glm::dot(edge1, pvec);
    const Vec3<T> tvec = ray.origin - v0;
    T u, v, t;
    if (cull) {
        // the paper's TEST_CULL branch: unnormalised bounds against det, one division at the end
        if (det < eps) {
            return false;
        }
        u = glm::dot(tvec, pvec);
        if (u < T(0) || u > det) {
            return false;
        }
        const Vec3<T> qvec = glm::cross(tvec, edge1);
        v = glm::dot(ray.direction, qvec);
        if (v < T(0) || u + v > det) {
            return false;
        }
        t = glm::dot(edge2, qvec);
        const T invDet = T(1) / det;
        t *= invDet;
        u *= invDet;
        v *= invDet;
    } else {
        if (det > -eps && det < eps) {
            return false;
        }
        const T invDet = T(1) / det;
        u = glm::dot(tvec, pvec) * invDet;
        if (u < T(0) || u > T(1)) {
            return false;
        }
        const Vec3<T> qvec = glm::cross(tvec, edge1);
        v = glm::dot(ray.direction, qvec) * invDet;
        if (v < T(0) || u + v > T(1)) {
            return false;
        }
        t = glm::dot(edge2, qvec) * invDet;
    }
    // the copies' "t > EPSILON: a ray hit, not a line hit" (the paper leaves t's sign to the caller)
    if (!(t > eps) || !(t <= tMax)) {
        return false;
    }
    out.hit = true;
    out.tEnter = t;
    out.tExit = t;
    out.u = u;
    out.v = v;
    out.hasUv = true;
    out.hasFront = true;
    out.front = det > T(0);
    return true;
}

/// The point at tEnter and the unit winding normal of a triangle hit (hasNormal false when the
/// triangle is degenerate).
template <typename T>
inline void FillTrianglePointAndNormal(const Ray<T>& ray, const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& v2,
                                       CastResult<T>& r)
{
    r.point = ray.origin + r.tEnter * ray.direction;
    r.hasNormal = detail::UnitWindingNormal(v0, v1, v2, r.normal);
}

namespace detail {
/// The traces (core/ray_triangle.cpp, cold): the watertight test's numerators, how they were
/// decided (certified fast values or the exact solver), and the verdict; Moller-Trumbore's steps.
/// noun: "ray" or "segment".
template <typename T>
[[gnu::cold, gnu::noinline]] void
TraceWatertight(Trace& trace, const Vec3<T>& o, const Vec3<T>& d, const Triangle<T>& tri, const CastResult<T>& r,
                const TriangleFastValues* fast, const ExactTriangleAnswer* exact, const char* noun);
template <typename T>
[[gnu::cold, gnu::noinline]] void TraceMollerTrumbore(Trace& trace, const Ray<T>& ray, const Triangle<T>& tri,
                                                      const CastResult<T>& r, bool cull, T tMax);
} // namespace detail

/// Reference. The watertight ray/triangle test of Woop, Benthin and Wald, "Watertight Ray/Triangle
/// Intersection" (JCGT 2(1), 2013), in its intent: every sign that decides the verdict is exact, so
/// a ray through an edge or a vertex shared by two triangles hits at least one of them (here: each
/// closed triangle it touches), and the verdict is the exact one on every finite input. Rather than
/// their shear to ray space with a double-precision fallback when an edge function is 0, the
/// Moller-Trumbore numerators (det = e1.(d x e2) = -n.d and u, v, w, t times det) are computed in
/// double with a certified error bound (detail::WatertightFast), and, when a sign is within its
/// bound of zero or a magnitude is out of range, exactly (detail::SolveTriangleExactly).
///
/// - Closed, two-sided triangle; t >= 0. tEnter == tExit except for a ray in the triangle's plane,
///   which hits when it crosses the triangle, [tEnter, tExit] the part inside (hasFront false).
/// - u, v: barycentrics of the point at tEnter (point = (1-u-v) v0 + u v1 + v v2); front: n.d < 0
///   with n = (v1 - v0) x (v2 - v0); normal: n / |n| (not flipped), absent for a degenerate triangle.
/// - A degenerate triangle (collinear or coincident vertices) is the segment or point it spans:
///   u, v are the weights of the segment's end vertices at the hit (the middle vertex 0), 0 and 0
///   for a point; no normal, no front.
/// - NaN or infinite input: a miss. A zero direction: a miss.
template <typename T>
CastResult<T> RayTriangleWatertight(const Ray<T>& ray, const Triangle<T>& tri, Trace* trace = nullptr)
{
    CastResult<T> r;
    const auto& v = tri.vertices;
    if (trace == nullptr) [[likely]] {
        if (WatertightTriangle(ray, v[0], v[1], v[2], std::numeric_limits<T>::infinity(), r)) {
            FillTrianglePointAndNormal(ray, v[0], v[1], v[2], r);
        }
        return r;
    }
    detail::ExactTriangleAnswer exact;
    detail::TriangleFastValues fast;
    exact.det = std::numeric_limits<double>::quiet_NaN(); // marks "not run"
    if (detail::WatertightLine(ray.origin, ray.direction, Vec3<T>(0), v[0], v[1], v[2], false,
                               std::numeric_limits<T>::infinity(), r, &exact, &fast)) {
        FillTrianglePointAndNormal(ray, v[0], v[1], v[2], r);
    }
    const bool ranExact = !std::isnan(exact.det);
    detail::TraceWatertight<T>(*trace, ray.origin, ray.direction, tri, r, ranExact ? nullptr : &fast,
                               ranExact ? &exact : nullptr, "ray");
    return r;
}

/// Moller and Trumbore, "Fast, Minimum Storage Ray/Triangle Intersection" (JGT 2(1), 1997), as it
/// is commonly copied (the paper's non-culling branch and Wikipedia's listing): edge1, edge2,
/// pvec = d x edge2, det = edge1.pvec; miss when -EPSILON < det < EPSILON (EPSILON = 1e-6, float and
/// double); u = tvec.pvec / det outside [0, 1] misses, v = d.qvec / det < 0 or u + v > 1 misses;
/// t = edge2.qvec / det, a hit when t > EPSILON.
///
/// Flaws: the absolute EPSILON on det loses small triangles and rays at a grazing angle (|det| =
/// |n.d| below 1e-6, a triangle of side 1e-3 with a unit direction), rays in the plane and
/// degenerate triangles always; the rounding of u and v slips rays through the edge shared by two
/// triangles (each computes its own u, v); hits within t <= 1e-6 of the origin are lost.
template <typename T>
CastResult<T> RayTriangleMollerTrumbore(const Ray<T>& ray, const Triangle<T>& tri, Trace* trace = nullptr)
{
    CastResult<T> r;
    const auto& v = tri.vertices;
    if (MollerTrumboreTriangle(ray, v[0], v[1], v[2], std::numeric_limits<T>::infinity(), r, false)) {
        FillTrianglePointAndNormal(ray, v[0], v[1], v[2], r);
    }
    if (trace != nullptr) [[unlikely]] {
        detail::TraceMollerTrumbore<T>(*trace, ray, tri, r, false, std::numeric_limits<T>::infinity());
    }
    return r;
}

/// The paper's back-face-culling form (TEST_CULL): det < EPSILON misses (back faces, rays in the
/// plane, small triangles), then u in [0, det], v >= 0 and u + v <= det unnormalised, one division
/// at the end; t > EPSILON as in the two-sided copies.
template <typename T>
CastResult<T> RayTriangleMollerTrumboreCull(const Ray<T>& ray, const Triangle<T>& tri, Trace* trace = nullptr)
{
    CastResult<T> r;
    const auto& v = tri.vertices;
    if (MollerTrumboreTriangle(ray, v[0], v[1], v[2], std::numeric_limits<T>::infinity(), r, true)) {
        FillTrianglePointAndNormal(ray, v[0], v[1], v[2], r);
    }
    if (trace != nullptr) [[unlikely]] {
        detail::TraceMollerTrumbore<T>(*trace, ray, tri, r, true, std::numeric_limits<T>::infinity());
    }
    return r;
}

} // namespace hitlab
