// ray_sphere registration.
#include "ray_sphere.h"
#include "ray_sphere_published.h"

#include "algorithm.h"
#include "expansion.h"

#include <algorithm>

#include <limits>

namespace hitlab {

namespace detail {

template <typename T>
void TraceStableSphere(Trace& trace, const Sphere<T>& sphere, T a, const StableSphereSolution<T>& s, T rr,
                       const CastResult<T>& r, int posExp, int tExp, const CarefulSphere* careful)
{
    const T b = s.b, c = s.c, ll = s.ll, disc = s.disc;
    const bool real = disc >= T(0);
    const T q = std::copysign(s.absQ, -b);
    const double tUnit = std::ldexp(1.0, tExp);
    trace.Add(Format("f = o - c; a = d.d = %g, b = f.d = %g, c = f.f - r^2 = %g", double(a), double(b), double(c)),
              {{"a", double(a)}, {"b", double(b)}, {"c", double(c)}});
    const glm::dvec3 foot = glm::dvec3(sphere.center) + std::ldexp(1.0, posExp) * glm::dvec3(s.l);
    const double tProjection = -double(b / a) * tUnit;
    trace.Add(Format("projection of the centre onto the line at t = %g", tProjection), {{"t_projection", tProjection}},
              PointPart{"projection of the centre", foot, real});
    trace.Add(Format("perpendicular distance^2 |l|^2 = %g vs r^2 = %g; discriminant a(r^2 - |l|^2) = %g", double(ll),
                     double(rr), double(disc)),
              {{"perp_dist_sq", double(ll)}, {"radius_sq", double(rr)}, {"discriminant", double(disc)}},
              SegmentPart{"perpendicular distance vs radius", glm::dvec3(sphere.center), foot, real});
    if (careful != nullptr) {
        // the careful solution replaces the rounded one
        const bool exactReal = careful->disc >= 0.0;
        trace.Add(
            Format("ill-conditioned (|disc| or |c| small beside its terms): recomputed exactly, a = %g, b = %g, "
                   "c = %g, discriminant b^2 - a c = %g",
                   careful->a, careful->b, careful->c, careful->disc),
            {{"exact_a", careful->a}, {"exact_b", careful->b}, {"exact_c", careful->c}, {"exact_disc", careful->disc}});
        if (!exactReal) {
            trace.DecideLast();
        }
        TraceSphereRoots(trace, r, exactReal, careful->t0 * tUnit, careful->t1 * tUnit);
        return;
    }
    T t0 = 0, t1 = 0;
    if (!real) {
        trace.DecideLast();
    } else {
        trace.Add(Format("q = -(b + sign(b) sqrt(disc)) = %g", double(q)), {{"q", double(q)}});
        StableSphereRoots(a, c, q, t0, t1);
    }
    TraceSphereRoots(trace, r, real, double(t0) * tUnit, double(t1) * tUnit);
}

template void TraceStableSphere<float>(Trace&, const Sphere<float>&, float, const StableSphereSolution<float>&, float,
                                       const CastResult<float>&, int, int, const CarefulSphere*);
template void TraceStableSphere<double>(Trace&, const Sphere<double>&, double, const StableSphereSolution<double>&,
                                        double, const CastResult<double>&, int, int, const CarefulSphere*);

namespace {

/// a = d.d, b = f.d, c = f.f - r^2 and disc = b^2 - a c in double-double from f = fh + fl (exact
/// parts): each within about 2^-100 of its terms' magnitudes. True when b, c and disc keep over
/// 2^-45 of their terms, so that their signs are certain and each is known to far below an ulp of
/// double; false (exact values needed) otherwise.
bool SphereTermsCheaply(const double (&fh)[3], const double (&fl)[3], const double (&d)[3], double r, xp::DD& a,
                        xp::DD& b, xp::DD& c, xp::DD& disc)
{
    a = b = c = {};
    double bTerms = 0, cTerms = r * r;
    for (int i = 0; i < 3; ++i) {
        xp::DD p;
        xp::TwoProduct(d[i], d[i], p.hi, p.lo);
        a = xp::Add(a, p);
        xp::TwoProduct(fh[i], d[i], p.hi, p.lo);
        p.lo += fl[i] * d[i]; // fl d lies below an ulp of fh d: its rounding is negligible
        b = xp::Add(b, p);
        xp::TwoProduct(fh[i], fh[i], p.hi, p.lo);
        p.lo += 2.0 * fh[i] * fl[i];
        c = xp::Add(c, p);
        bTerms += std::abs(fh[i] * d[i]);
        cTerms += fh[i] * fh[i];
    }
    xp::DD rr;
    xp::TwoProduct(-r, r, rr.hi, rr.lo);
    c = xp::Add(c, rr);
    const xp::DD bb = xp::Mul(b, b), ac = xp::Mul(a, c);
    disc = xp::Add(bb, xp::Neg(ac));
    const double discTerms = bb.hi + std::abs(ac.hi);
    constexpr double keep = 0x1p-45;
    return std::abs(b.hi) > keep * bTerms && std::abs(c.hi) > keep * cTerms && std::abs(disc.hi) > keep * discTerms;
}

/// The same values exactly (double expansions), rounded to double-double: the signs exact.
void SphereTermsExactly(const double (&fh)[3], const double (&fl)[3], const double (&d)[3], double r, xp::DD& A,
                        xp::DD& B, xp::DD& C, xp::DD& D)
{
    using xp::Expansion;
    Expansion a, b, c;
    for (int i = 0; i < 3; ++i) {
        xp::AddProduct(a, d[i], d[i]);
        xp::AddProduct(b, fh[i], d[i]);
        xp::AddProduct(b, fl[i], d[i]);
        xp::AddProduct(c, fh[i], fh[i]);
        xp::AddProduct(c, 2.0 * fh[i], fl[i]);
        xp::AddProduct(c, fl[i], fl[i]);
    }
    xp::AddProduct(c, -r, r);
    xp::Compress(a);
    xp::Compress(b);
    xp::Compress(c);
    // disc = b^2 - a c
    Expansion disc, ac;
    xp::Multiply(disc, b, b);
    xp::Multiply(ac, a, c);
    for (int i = 0; i < ac.n; ++i) {
        ac.c[i] = -ac.c[i];
    }
    xp::Add(disc, ac);
    A = xp::ToDD(a);
    B = xp::ToDD(b);
    C = xp::ToDD(c);
    D = xp::ToDD(disc);
}

} // namespace

template <typename T>
CarefulSphere SolveSphereCarefully(const Ray<T>& ray, const Sphere<T>& sphere, int ef, int p, int q)
{
    // f = fh + fl exactly (TwoSum of the halves when o - c overflows T), then scaled by 2^(ef - p)
    double fh[3], fl[3], d[3];
    const double half = ef == 0 ? 1.0 : 0.5;
    for (int i = 0; i < 3; ++i) {
        xp::TwoSum(half * double(ray.origin[i]), -half * double(sphere.center[i]), fh[i], fl[i]);
        fh[i] = std::ldexp(fh[i], ef - p);
        fl[i] = std::ldexp(fl[i], ef - p);
        d[i] = std::ldexp(double(ray.direction[i]), -q);
    }
    const double r = std::ldexp(double(sphere.radius), -p);
    CarefulSphere out;
    xp::DD A, B, C, D;
    if (!SphereTermsCheaply(fh, fl, d, r, A, B, C, D)) {
        SphereTermsExactly(fh, fl, d, r, A, B, C, D);
    }
    // the judge's verdict: disc >= 0, and the origin inside (c <= 0) or the centre ahead (b < 0)
    out.hit = D.hi >= 0 && (C.hi <= 0 || B.hi < 0);
    out.a = A.hi;
    out.b = B.hi;
    out.c = C.hi;
    out.disc = D.hi;
    if (D.hi >= 0) {
        // |q| = |b| + sqrt(disc), q = -sign(b) |q| (b = 0 counts as positive); t = c / q and q / a
        const xp::DD root = xp::Sqrt(D);
        const xp::DD absQ = xp::Add(B.hi < 0 ? xp::Neg(B) : B, root);
        if (absQ.hi != 0.0) {
            const xp::DD qq = B.hi < 0 ? absQ : xp::Neg(absQ);
            const double ta = xp::Div(C, qq).hi, tb = xp::Div(qq, A).hi;
            out.t0 = std::min(ta, tb);
            out.t1 = std::max(ta, tb);
        }
    }
    return out;
}

template CarefulSphere SolveSphereCarefully<float>(const Ray<float>&, const Sphere<float>&, int, int, int);
template CarefulSphere SolveSphereCarefully<double>(const Ray<double>&, const Sphere<double>&, int, int, int);

template <typename T>
CastResult<T> RaySphereStableScaled(const Ray<T>& ray, const Sphere<T>& sphere, Trace* trace)
{
    CastResult<T> r;
    if (!(AllFinite(ray.origin) && AllFinite(ray.direction) && AllFinite(sphere.center) &&
          std::isfinite(sphere.radius))) {
        // NaN or infinity: nothing to scale; the verdict the roots give
        const Vec3<T> f = ray.origin - sphere.center;
        const T a = glm::dot(ray.direction, ray.direction);
        const T rr = sphere.radius * sphere.radius;
        const StableSphereSolution<T> s = SolveStableSphere(f, ray.direction, a, glm::dot(f, f), rr);
        r.hit = s.hit;
        if (s.hit) {
            T t0, t1;
            StableSphereRoots(a, s.c, std::copysign(s.absQ, -s.b), t0, t1);
            FillSphereHit(r, ray, sphere, t0, t1);
        }
        if (trace != nullptr) [[unlikely]] {
            TraceStableSphere<T>(*trace, sphere, a, s, rr, r, 0, 0, nullptr);
        }
        return r;
    }
    // the true f is f * 2^ef (halved when o - c overflows); lengths in units of 2^p, d in units of 2^q
    int ef = 0;
    const Vec3<T> f = SafeDifference(ray.origin, sphere.center, ef);
    int p = LargestExponent(sphere.radius, 0, f, ef);
    int q = LargestExponent(T(0), 0, ray.direction, 0);
    p = p == std::numeric_limits<int>::min() ? 0 : p; // the origin on a zero-radius sphere
    q = q == std::numeric_limits<int>::min() ? 0 : q; // a zero direction (invalid): a = 0 misses
    const Vec3<T> fs = Ldexp(f, ef - p);
    const Vec3<T> ds = Ldexp(ray.direction, -q);
    const T rs = std::ldexp(sphere.radius, -p);
    const T a = glm::dot(ds, ds);
    const T rr = rs * rs;
    const T ff = glm::dot(fs, fs);
    const StableSphereSolution<T> s = SolveStableSphere(fs, ds, a, ff, rr);
    const bool careful = SphereNeedsCare(s, a, ff, rr);
    CarefulSphere exact;
    T t0 = 0, t1 = 0;
    if (careful) {
        exact = SolveSphereCarefully(ray, sphere, ef, p, q);
        r.hit = exact.hit;
        t0 = T(exact.t0);
        t1 = T(exact.t1);
    } else {
        r.hit = s.hit;
        if (s.hit) {
            StableSphereRoots(a, s.c, std::copysign(s.absQ, -s.b), t0, t1);
        }
    }
    if (r.hit) {
        // t = t' 2^(p - q); the point from the centre in units of 2^p (finite when representable)
        const T tEnter = (t0 > T(0) ? t0 : T(0)) + T(0);
        r.tEnter = std::ldexp(tEnter, p - q);
        r.tExit = std::ldexp(t1, p - q) + T(0);
        const Vec3<T> local = fs + tEnter * ds;
        if (tEnter == T(0)) {
            r.point = ray.origin;
        } else {
            // scaling the centre down is exact but for bits negligible beside 2^p; up could overflow
            r.point = p > 0 ? Ldexp(Ldexp(sphere.center, -p) + local, p) : sphere.center + Ldexp(local, p);
        }
        if (t0 >= T(0) && rs > T(0)) {
            r.normal = local / rs;
            r.hasNormal = true;
        }
    }
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("rescaled (out of range or ill-conditioned): lengths in units of 2^%d, the direction in "
                          "units of 2^%d, t in units of 2^%d",
                          p, q, p - q),
                   {{"length_exponent", double(p)}, {"direction_exponent", double(q)}});
        TraceStableSphere<T>(*trace, sphere, a, s, rr, r, p, p - q, careful ? &exact : nullptr);
    }
    return r;
}

template CastResult<float> RaySphereStableScaled<float>(const Ray<float>&, const Sphere<float>&, Trace*);
template CastResult<double> RaySphereStableScaled<double>(const Ray<double>&, const Sphere<double>&, Trace*);

} // namespace detail

void RegisterRaySphere(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "quadratic_stable",
        .family = Family::RaySphere,
        .title = "Stable quadratic (reference)",
        .summary =
            "Solves |o + t d - c| = r with the discriminant taken from the perpendicular distance to the centre "
            "and the roots as c/q and q/a, so it stays accurate far from the origin and for any direction length.",
        .source = "Haines, Guenther, Akenine-Moeller, \"Precision Improvements for Ray/Sphere Intersection\", "
                  "Ray Tracing Gems (2019) ch. 7",
        .reference = true,
        .published = false,
        .conventions =
            {{"origin_inside", "hit"}, {"boundary", "inclusive"}, {"t_range", "t >= 0"}, {"direction", "any"}},
        .returns = kCastFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Ray, Sphere>(
            [](const auto& a, const auto& b, Trace* t) { return RaySphereQuadraticStable(a, b, t); }),
    });
    out.push_back({
        .name = "quadratic",
        .family = Family::RaySphere,
        .title = "Textbook quadratic",
        .summary = "The b^2 - 4ac discriminant and (-b -+ sqrt) / 2a roots; same conventions as the reference, but "
                   "cancellation far from the origin moves t or loses the hit.",
        .source = "The textbook quadratic formula, e.g. Shirley, Ray Tracing in One Weekend (2016) ch. 5",
        .reference = false,
        .published = false,
        .conventions =
            {{"origin_inside", "hit"}, {"boundary", "inclusive"}, {"t_range", "t >= 0"}, {"direction", "any"}},
        .returns = kCastFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Ray, Sphere>([](const auto& a, const auto& b, Trace* t) { return RaySphereQuadratic(a, b, t); }),
    });
    out.push_back({
        .name = "geometric",
        .family = Family::RaySphere,
        .title = "Geometric solution (published)",
        .summary = "Projects the centre onto the ray, rejects a centre behind it, compares the perpendicular distance "
                   "with the radius and keeps the near hit t0 when 0 <= t0 <= 10000.",
        .source = "Scratchapixel, \"A Minimal Ray-Tracer: Rendering Simple Shapes\", ray-sphere geometric solution",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "miss"},
                        {"boundary", "inclusive"},
                        {"t_range", "t <= max distance"},
                        {"direction", "unit"}},
        .returns = kFieldHit | kFieldTEnter | kFieldTExit | kFieldPoint,
        .flaw = "Assumes a unit direction, so any other length gives a wrong t and can turn a miss into a hit or "
                "a hit into a miss; an origin inside the sphere misses.",
        .flawWhen = {"direction not unit", "origin inside"},
        .run = MakeRun<Ray, Sphere>([](const auto& a, const auto& b, Trace* t) { return RaySphereGeometric(a, b, t); }),
    });
    out.push_back({
        .name = "glm",
        .family = Family::RaySphere,
        .title = "glm::intersectRaySphere",
        .summary = "glm 0.9.9.8's ray/sphere test as shipped: radius squared, a unit direction assumed, one distance "
                   "that must exceed machine epsilon; from inside it returns the exit.",
        .source = "glm 0.9.9.8, gtx/intersect.inl, intersectRaySphere",
        .reference = false,
        .published = false,
        .conventions =
            {{"origin_inside", "hit"}, {"boundary", "inclusive"}, {"t_range", "t > 0"}, {"direction", "unit"}},
        .returns = kFieldHit | kFieldTEnter | kFieldPoint | kFieldNormal,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Ray, Sphere>([](const auto& a, const auto& b, Trace* t) { return RaySphereGlm(a, b, t); }),
    });
}

} // namespace hitlab
