// ray_sphere: a ray against a closed ball. The reference (Ray Tracing Gems' stable quadratic)
// and the textbook quadratic; the published listings and glm are in ray_sphere_published.h.
#pragma once

#include "result.h"
#include "scale.h"
#include "slab.h"
#include "trace.h"

#include <glm/geometric.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace hitlab {

namespace detail {

/// A hit of the quadratic methods from the roots t0 <= t1 (t1 >= 0): t clipped to t >= 0. Origin
/// inside (t0 < 0 <= t1) hits with tEnter = 0 and no normal; normal (point - c) / r otherwise (r > 0).
template <typename T>
void FillSphereHit(CastResult<T>& r, const Ray<T>& ray, const Sphere<T>& sphere, T t0, T t1)
{
    r.tEnter = (t0 > T(0) ? t0 : T(0)) + T(0); // -0 -> +0
    r.tExit = t1 + T(0);
    r.point = ray.origin + r.tEnter * ray.direction;
    if (t0 >= T(0) && sphere.radius > T(0)) {
        r.normal = (r.point - sphere.center) / sphere.radius;
        r.hasNormal = true;
    }
}

/// Shared ending of the quadratic methods: the roots t0 <= t1 of the line (disc >= 0) clipped to t >= 0.
template <typename T>
CastResult<T> SphereRootsToResult(const Ray<T>& ray, const Sphere<T>& sphere, bool real, T t0, T t1)
{
    CastResult<T> r;
    r.hit = real && t1 >= T(0);
    if (r.hit) {
        FillSphereHit(r, ray, sphere, t0, t1);
    }
    return r;
}

/// Trace ending of the quadratic methods: the roots step and the verdict (t0, t1 widened, in units
/// of the direction).
template <typename T>
void TraceSphereRoots(Trace& trace, const CastResult<T>& r, bool real, double t0, double t1)
{
    if (!real) {
        trace.verdict = "miss: the line passes the centre farther than the radius (discriminant < 0)";
        return;
    }
    trace.Add(Format("roots t0 = %g, t1 = %g", double(t0), double(t1)), {{"t0", double(t0)}, {"t1", double(t1)}},
              PointPart{"entry", glm::dvec3(r.point), r.hit});
    trace.DecideLast();
    if (!r.hit) {
        trace.verdict =
            Format("miss: the sphere is behind the origin (both roots %g and %g are < 0)", double(t0), double(t1));
    } else if (t0 < 0.0 && t1 == 0.0) {
        trace.verdict = Format("hit: the origin is on the sphere's surface and the ray points out: it leaves at once "
                               "(t0 = %g < 0, t1 = 0)",
                               double(t0));
    } else if (t0 == 0.0 && t1 > 0.0) {
        trace.verdict =
            Format("hit: the origin is on the sphere's surface: enters at t = 0, leaves at t = %g", double(r.tExit));
    } else if (t0 < 0.0) {
        trace.verdict = Format("hit: the origin is inside the sphere (t0 = %g < 0); the ray leaves it at t = %g",
                               double(t0), double(r.tExit));
    } else if (t0 == t1) {
        trace.verdict =
            Format("hit: the computed roots are equal (discriminant 0): the method takes the ray as tangent, "
                   "touching at t = %g (enters and leaves at once)",
                   double(r.tEnter));
    } else {
        trace.verdict = Format("hit: the ray enters at t = %g and leaves at t = %g", double(r.tEnter), double(r.tExit));
    }
}

/// 2^a and 2^b with a + b = the exponent below which a quotient of T rounds to zero: a positive
/// quotient x / y rounds to +0 exactly when x <= y * 2^-(a + b) (half the smallest subnormal, the tie
/// rounding to even), i.e. when x * 2^a * 2^b <= y, both products exact (or +inf, when x / y cannot
/// round to zero). float: 2^-150; double: 2^-1075.
/// The signed integer of T's size (its sign bit is T's: b < 0 or b == -0).
template <typename T>
using SignedBits = std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>;

template <typename T>
inline constexpr T kQuotientZeroScaleA = sizeof(T) == 4 ? T(0x1p75) : T(0x1p538);
template <typename T>
inline constexpr T kQuotientZeroScaleB = sizeof(T) == 4 ? T(0x1p75) : T(0x1p537);

/// Whether x[i] <= y[i] in some lane and e is not NaN, as vector compares and one lane-mask read
/// (GCC would turn a chain of scalar comparisons into branches).
template <typename T>
inline bool AnyLessEqualUnlessNaN(const simd::V4<T>& x, const simd::V4<T>& y, T e)
{
    const simd::V4<T> ev = simd::Splat<T>(e);
    return simd::LaneBits<T>((x <= y) & (ev == ev)) != 0;
}

/// The stable roots of RaySphereQuadraticStable (q != 0: t = c / q and q / a, ordered; q == 0: the
/// line touches the sphere at the origin, t0 = t1 = 0).
template <typename T>
inline void StableSphereRoots(T a, T c, T q, T& t0, T& t1)
{
    t0 = 0;
    t1 = 0;
    if (q != T(0)) {
        const T ta = c / q;
        const T tb = q / a;
        t0 = ta < tb ? ta : tb;
        t1 = ta < tb ? tb : ta;
    }
}

/// What RaySphereQuadraticStable computes from f = o - c, d and r (a = d.d, ff = f.f, rr = r^2
/// given): the intermediate values and the verdict; on a hit the roots are
/// StableSphereRoots(a, c, copysign(absQ, -b)).
template <typename T>
struct StableSphereSolution {
    T b, c, ll, disc, absQ;
    Vec3<T> l;
    bool hit;
};

/// RaySphereQuadraticStable's arithmetic (see its comment), on lengths that may have been scaled.
template <typename T>
[[gnu::always_inline]] inline StableSphereSolution<T> SolveStableSphere(const Vec3<T>& f, const Vec3<T>& d, T a, T ff,
                                                                        T rr)
{
    StableSphereSolution<T> s;
    s.b = glm::dot(f, d);
    s.c = ff - rr;
    // perpendicular from the centre to the line
    s.l = f - (s.b / a) * d;
    s.ll = glm::dot(s.l, s.l);
    s.disc = a * (rr - s.ll);
    // |q| = |b| + sqrt(disc) and q = -sign(b) |q| (q carries the sign of -b: no cancellation);
    // |q| is NaN exactly when disc < 0 or NaN
    s.absQ = std::abs(s.b) + simd::Sqrt(s.disc);
    // the verdict from signs: b's sign bit, c <= 0, c / |q| or |q| / a rounding to -0,
    // unless |c| - |q| is NaN (disc < 0 or NaN, c NaN, c and q infinite)
    constexpr T sa = kQuotientZeroScaleA<T>, sb = kQuotientZeroScaleB<T>;
    using V = simd::V4<T>;
    s.hit = AnyLessEqualUnlessNaN<T>(V{std::copysign(T(1), s.b), s.c, s.c * sa * sb, s.absQ * sa * sb},
                                     V{T(-1), T(0), s.absQ, a}, std::abs(s.c) - s.absQ);
    return s;
}

/// RaySphereQuadraticStable's fast path is used when a = d.d and max(f.f, r^2) lie in
/// [kStableSphereMin, kStableSphereMax]: no product, square or discriminant overflows, and what
/// underflows is negligible. float [2^-50, 2^62], double [2^-400, 2^500].
template <typename T>
inline constexpr T kStableSphereMin = sizeof(T) == 4 ? T(0x1p-50) : T(0x1p-400);
template <typename T>
inline constexpr T kStableSphereMax = sizeof(T) == 4 ? T(0x1p62) : T(0x1p500);

/// Whether the stable quadratic's rounding could move t by more than about an ulp of the scale or
/// decide the verdict wrongly, so that RaySphereStableScaled must solve the query carefully: the
/// discriminant within a sixteenth of a r^2 (plus its rounding, 4 epsilon of a |f|^2) of zero
/// (near tangency, or a near miss: the half chord under a quarter of r), or, with the centre
/// behind (b >= 0, where the origin's side decides the verdict), c = |f|^2 - r^2 within its
/// rounding (16 epsilon of |f|^2 + r^2) of zero. A handful of products and comparisons.
template <typename T>
[[gnu::always_inline]] inline bool SphereNeedsCare(const StableSphereSolution<T>& s, T a, T ff, T rr)
{
    constexpr T u = std::numeric_limits<T>::epsilon();
    return std::abs(s.disc) <= a * (T(0.0625) * rr + T(4) * u * ff) ||
           (std::abs(s.c) <= T(16) * u * (ff + rr) && !std::signbit(s.b));
}

/// The careful solution: a, b, c and disc = b^2 - a c of the scaled query computed exactly (double
/// expansions, f = o - c exact as two parts), so the verdict is the exact one, and the roots from
/// them in double-double, rounded once to T (within an ulp of the exact roots).
struct CarefulSphere {
    bool hit = false;
    double a = 0, b = 0, c = 0, disc = 0; ///< the exact values, rounded (for the trace)
    double t0 = 0, t1 = 0;                ///< the roots when disc >= 0 (double-double, rounded to double)
};

/// The careful solution for f = (o - c) 2^(ef - p), d 2^-q and r 2^-p (finite; no product of four of
/// these lengths overflows a double, as RaySphereStableScaled's scaling ensures).
template <typename T>
CarefulSphere SolveSphereCarefully(const Ray<T>& ray, const Sphere<T>& sphere, int ef, int p, int q);
extern template CarefulSphere SolveSphereCarefully<float>(const Ray<float>&, const Sphere<float>&, int, int, int);
extern template CarefulSphere SolveSphereCarefully<double>(const Ray<double>&, const Sphere<double>&, int, int, int);

/// RaySphereQuadraticStable's trace (out of line and cold): its steps, and the roots as it
/// computes them on a hit (computed here for a miss with disc >= 0, which shows them). The values
/// are in units of 2^posExp (lengths) and t in units of 2^tExp (both 0 on the fast path). careful
/// (may be null): the careful solution that replaced them.
template <typename T>
[[gnu::cold, gnu::noinline]] void TraceStableSphere(Trace& trace, const Sphere<T>& sphere, T a,
                                                    const StableSphereSolution<T>& s, T rr, const CastResult<T>& r,
                                                    int posExp, int tExp, const CarefulSphere* careful);
extern template void TraceStableSphere<float>(Trace&, const Sphere<float>&, float, const StableSphereSolution<float>&,
                                              float, const CastResult<float>&, int, int, const CarefulSphere*);
extern template void TraceStableSphere<double>(Trace&, const Sphere<double>&, double,
                                               const StableSphereSolution<double>&, double, const CastResult<double>&,
                                               int, int, const CarefulSphere*);

/// RaySphereQuadraticStable outside the fast range or ill-conditioned (SphereNeedsCare): on finite
/// inputs, f (halved when o - c overflows) and r scaled by one power of two 2^-P so that the larger
/// of |f| and r lies in [1, 2), d by 2^-Q so that its largest component does; then t = t' 2^(P - Q).
/// When the scaled query needs care, SolveSphereCarefully decides it. NaN or infinite inputs are
/// solved unscaled (the verdict the roots give).
template <typename T>
[[gnu::cold, gnu::noinline]] CastResult<T> RaySphereStableScaled(const Ray<T>& ray, const Sphere<T>& sphere,
                                                                 Trace* trace);
extern template CastResult<float> RaySphereStableScaled<float>(const Ray<float>&, const Sphere<float>&, Trace*);
extern template CastResult<double> RaySphereStableScaled<double>(const Ray<double>&, const Sphere<double>&, Trace*);

} // namespace detail

/// Reference. Ray Tracing Gems ch. 7, "Precision Improvements for Ray/Sphere Intersection"
/// (Haines, Guenther, Akenine-Moeller 2019): with f = o - c, a = d.d, b = f.d (half the textbook b)
/// and c = f.f - r^2, the discriminant b^2 - a c is taken as a (r^2 - |l|^2), l = f - (b/a) d the
/// perpendicular from the centre to the line (no cancellation of two large squares far from the
/// origin); then q = -(b + sign(b) sqrt(disc)), t0 = c / q, t1 = q / a (no cancellation in -b +- root).
///
/// - Closed ball, t >= 0: a tangent ray hits with tEnter == tExit; the origin inside (or on the
///   surface pointing out) hits with tEnter = 0 and no normal; a zero radius is a point.
/// - direction need not be unit; t is in units of it. Exact when f, a, b, b/a, l, c and the roots are
///   representable (integers and small binary fractions with a power-of-two a, a tangent ray).
/// - normal: (point - c) / r at the entry (none when r == 0 or the origin is inside). NaN gives a miss.
/// - Every finite input: when d.d or max(|f|^2, r^2) lies outside [2^-400, 2^500] (float
///   [2^-50, 2^62]), so that a square, a product or the discriminant could overflow or underflow,
///   f and r are first scaled by one power of two and d by another (both exact), and t scaled back:
///   the verdict is the one of unbounded range, t +inf when beyond the range.
/// - Ill-conditioned queries (detail::SphereNeedsCare: near tangency or a near miss, the origin on
///   the surface with the centre behind) are solved carefully (detail::SolveSphereCarefully: a, b,
///   c and the discriminant in double-double, exactly where that is not enough): the verdict is
///   the exact one and t within 4 ulps of max(|t|, the query's scale) on every finite input
///   (docs/protocol.md, "The references' accuracy"; tests/core/exact/reference_accuracy_test.cpp).
///
/// Speed: the verdict (disc >= 0 and the larger root t1 = max(c / q, q / a) >= 0) is decided from
/// signs before dividing, with no branch; the roots are divided for hits only. It is the verdict the
/// roots give, for every input (NaN and infinities included). |q| = |b| + sqrt(disc) exactly (a sum
/// of like signs; rounding is symmetric) and q = copysign(|q|, -b); disc >= 0 implies b is not NaN
/// and a > 0 (a == 0 makes disc NaN). With ta = c / q and tb = q / a:
/// - q == 0: t0 = t1 = 0, a hit (0 <= a).
/// - q > 0 (b's sign bit set): tb >= +0, or NaN only when |q| = a = inf, where ta = c / q = +-0: a hit.
/// - q < 0, c <= 0 (origin inside or on the surface): ta >= 0 (+-0 included) >= tb: a hit.
/// - q < 0, c > 0 (centre behind, origin outside): ta and tb are negative or -0, and -0 >= 0, so it
///   hits exactly when one rounds to -0: c / |q| does when c * 2^150 <= |q| (half the smallest
///   subnormal, the tie rounding to even; 2^1075 for double; two exact scalings, +inf only when
///   the quotient cannot round to 0), which also covers |q| = inf; |q| / a likewise, and a = inf.
/// - ta is NaN (c NaN, or c and q infinite) only on misses; with disc < 0 or NaN (|q| is NaN) these
///   are exactly the cases where |c| - |q| is NaN, which turns every comparison off.
template <typename T>
CastResult<T> RaySphereQuadraticStable(const Ray<T>& ray, const Sphere<T>& sphere, Trace* trace = nullptr)
{
    const Vec3<T>& d = ray.direction;
    const Vec3<T> f = ray.origin - sphere.center;
    const T a = glm::dot(d, d);
    const T ff = glm::dot(f, f);
    const T rr = sphere.radius * sphere.radius;
    // out of the fast range (overflow, significant underflow, NaN): rescale
    const T largest = ff > rr ? ff : rr;
    constexpr T lo = detail::kStableSphereMin<T>, hi = detail::kStableSphereMax<T>;
    if (!(detail::NonNegativeInRange(a, lo, hi) && detail::NonNegativeInRange(largest, lo, hi))) [[unlikely]] {
        return detail::RaySphereStableScaled(ray, sphere, trace);
    }
    const detail::StableSphereSolution<T> s = detail::SolveStableSphere(f, d, a, ff, rr);
    // ill-conditioned (near tangency, the origin near the surface): solved carefully there
    if (detail::SphereNeedsCare(s, a, ff, rr)) [[unlikely]] {
        return detail::RaySphereStableScaled(ray, sphere, trace);
    }
    CastResult<T> r;
    r.hit = s.hit;
    if (s.hit) {
        T t0, t1;
        detail::StableSphereRoots(a, s.c, std::copysign(s.absQ, -s.b), t0, t1);
        detail::FillSphereHit(r, ray, sphere, t0, t1);
    }
    if (trace != nullptr) [[unlikely]] {
        detail::TraceStableSphere<T>(*trace, sphere, a, s, rr, r, 0, 0, nullptr);
    }
    return r;
}

/// The textbook quadratic: a = d.d, b = 2 f.d, c = f.f - r^2 (f = o - c), disc = b^2 - 4ac,
/// t = (-b -+ sqrt(disc)) / 2a. Same conventions as the reference (closed ball, t >= 0, origin inside
/// hits at t = 0, any direction), but far from the origin b^2 and 4ac are two large, nearly equal
/// numbers: their difference loses the hit or moves t (a unit sphere 10^4 away in float), and
/// -b + sqrt(disc) cancels for the far root. Exact on small integer inputs (the tangent case included).
template <typename T>
CastResult<T> RaySphereQuadratic(const Ray<T>& ray, const Sphere<T>& sphere, Trace* trace = nullptr)
{
    const Vec3<T>& d = ray.direction;
    const Vec3<T> f = ray.origin - sphere.center;
    const T a = glm::dot(d, d);
    const T b = T(2) * glm::dot(f, d);
    const T c = glm::dot(f, f) - sphere.radius * sphere.radius;
    const T disc = b * b - T(4) * a * c;
    const bool real = disc >= T(0); // NaN -> miss
    T t0 = 0, t1 = 0;
    if (real) {
        const T root = std::sqrt(disc);
        t0 = (-b - root) / (T(2) * a);
        t1 = (-b + root) / (T(2) * a);
    }
    const CastResult<T> r = detail::SphereRootsToResult(ray, sphere, real, t0, t1);

    if (trace != nullptr) [[unlikely]] {
        trace->Add(
            Format("f = o - c; a = d.d = %g, b = 2 f.d = %g, c = f.f - r^2 = %g", double(a), double(b), double(c)),
            {{"a", double(a)}, {"b", double(b)}, {"c", double(c)}});
        // for display: the vertex of the parabola is where the centre projects onto the line
        const double tMid = -double(b) / (2.0 * double(a));
        const glm::dvec3 foot = glm::dvec3(ray.origin) + tMid * glm::dvec3(d);
        trace->Add(Format("projection of the centre onto the line at t = -b / 2a = %g", tMid), {{"t_projection", tMid}},
                   PointPart{"projection of the centre", foot, real});
        trace->Add(Format("discriminant b^2 - 4ac = %g - %g = %g", double(b * b), double(T(4) * a * c), double(disc)),
                   {{"b_sq", double(b * b)}, {"four_ac", double(T(4) * a * c)}, {"discriminant", double(disc)}},
                   SegmentPart{"perpendicular distance vs radius", glm::dvec3(sphere.center), foot, real});
        if (!real) {
            trace->DecideLast();
        }
        detail::TraceSphereRoots(*trace, r, real, t0, t1);
    }
    return r;
}

} // namespace hitlab
