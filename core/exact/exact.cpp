// The exact judge: rational verdicts and values (exact_geometry.h over mpq_class), square roots
// to 256 bits, the interval fast path, and ulp errors.
#include "exact.h"

#include "exact_distance.h"
#include "exact_geometry.h"
#include "exact_triangle.h"
#include "exact_values.h"

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace hitlab {

using exact::FromRational;
using exact::FromReal;
using exact::Interval;
using exact::kSqrtBits;
using exact::RationalSqrt;
using exact::Real;
using exact::SqrtExpression;
using exact::V3;

namespace exact {

namespace {

/// 2^1024 - 2^970: the midpoint between DBL_MAX and 2^1024, the least magnitude that rounds to
/// infinity (a tie goes to the even 2^1024, i.e. to inf).
template <typename Q>
const Q& OverflowThreshold()
{
    static const Q threshold = [] {
        mpz_class big = 1;
        big <<= 1024;
        mpz_class half = 1;
        half <<= 970;
        return Q(big - half);
    }();
    return threshold;
}

/// The double nearest q, ties to even, +-inf beyond the double range, as IEEE rounding gives it
/// (mpq_class exact, or a 256-bit mpf_class). GMP's get_d truncates toward zero (and its result
/// beyond the double range is system dependent), so the range is checked first, and then the
/// answer is the truncation or its neighbour away from zero. No double infinity is ever converted
/// back to GMP (that raises SIGFPE).
template <typename Q>
double Nearest(const Q& q)
{
    if (cmp(abs(q), OverflowThreshold<Q>()) >= 0) {
        return sgn(q) < 0 ? -HUGE_VAL : HUGE_VAL;
    }
    const double truncated = q.get_d();
    const double away = std::nextafter(truncated, sgn(q) < 0 ? -DBL_MAX : DBL_MAX);
    if (!std::isfinite(away)) {
        return truncated; // |q| < threshold: DBL_MAX is the nearest
    }
    const Q down = abs(q - Q(truncated));
    const Q up = abs(Q(away) - q);
    const int c = cmp(down, up);
    if (c != 0) {
        return c < 0 ? truncated : away;
    }
    long long bits = 0;
    std::memcpy(&bits, &truncated, sizeof bits);
    return (bits & 1) == 0 ? truncated : away;
}

} // namespace

ExactValue FromRational(const mpq_class& q)
{
    ExactValue v;
    v.value = Nearest(q) + 0.0;
    v.exact = true;
    v.text = q.get_str();
    return v;
}

ExactValue FromReal(const mpf_class& x)
{
    ExactValue v;
    v.value = Nearest(x) + 0.0;
    v.exact = false;
    char buffer[96];
    gmp_snprintf(buffer, sizeof buffer, "%.21Fg", x.get_mpf_t());
    v.text = buffer;
    return v;
}

/// sqrt(q) as a rational when q is a perfect square of rationals (q >= 0, canonical).
std::optional<mpq_class> RationalSqrt(const mpq_class& q)
{
    if (sgn(q) < 0 || mpz_perfect_square_p(q.get_num_mpz_t()) == 0 || mpz_perfect_square_p(q.get_den_mpz_t()) == 0) {
        return std::nullopt;
    }
    mpz_class num, den;
    mpz_sqrt(num.get_mpz_t(), q.get_num_mpz_t());
    mpz_sqrt(den.get_mpz_t(), q.get_den_mpz_t());
    mpq_class r(num, den);
    r.canonicalize();
    return r;
}

mpf_class Real(const mpq_class& q)
{
    mpf_class x(0, kSqrtBits);
    x = q;
    return x;
}

/// (base + sign * sqrt(radicand)) / divisor, exact when the radicand is a rational square.
ExactValue SqrtExpression(const mpq_class& base, int sign, const mpq_class& radicand, const mpq_class& divisor)
{
    if (const auto root = RationalSqrt(radicand)) {
        mpq_class v = (base + sign * *root) / divisor;
        v.canonicalize();
        return FromRational(v);
    }
    mpf_class root(0, kSqrtBits);
    root = sqrt(Real(radicand));
    mpf_class v(0, kSqrtBits);
    if (sgn(base) * sign < 0) {
        // base and sign * root cancel (a tangent ray's far root, a depth r - |d| of touching solids):
        // base + sign * root = (base^2 - radicand) / (base - sign * root), whose numerator is an
        // exact rational and whose denominator adds two numbers of one sign, so the 256 bits stay
        // 256 bits of the result however small it is
        const mpq_class numerator = base * base - radicand;
        v = Real(numerator) / ((Real(base) - sign * root) * Real(divisor));
    } else {
        v = (Real(base) + sign * root) / Real(divisor);
    }
    return FromReal(v);
}

} // namespace exact

namespace {

void SetCast(ExactResult& r, const exact::Clip<mpq_class>& c)
{
    r.hit = c.hit;
    if (c.hit) {
        r.tEnter = FromRational(c.tEnter);
        r.tExit = FromRational(c.tExit);
        r.exactT = true;
    }
}

void JudgeSphereCast(ExactResult& r, const Ray<double>& ray, const Sphere<double>& sphere)
{
    exact::SphereTerms<mpq_class> s;
    r.hit = exact::CastSphere(ray, sphere, &s);
    if (!r.hit) {
        return;
    }
    // t = (-b -+ sqrt(disc)) / a; the origin inside clamps tEnter to 0
    r.tEnter = s.inside ? FromRational(mpq_class(0)) : SqrtExpression(-s.b, -1, s.disc, s.a);
    r.tExit = SqrtExpression(-s.b, +1, s.disc, s.a);
    r.exactT = r.tEnter.exact && r.tExit.exact;
}

void JudgeObbs(ExactResult& r, const Obb<double>& a, const Obb<double>& b)
{
    std::array<V3<mpq_class>, 15> axes;
    std::array<mpq_class, 15> overlaps;
    r.hit = exact::OverlapObbs<mpq_class>(a, b, &axes, &overlaps);
    if (!r.hit) {
        return;
    }
    // depth: least overlap / |L| over the nonzero axes (|L| irrational in general)
    std::optional<mpf_class> best;
    bool bestExact = false;
    mpq_class bestRational;
    for (size_t k = 0; k < axes.size(); ++k) {
        const mpq_class len2 = exact::Dot(axes[k], axes[k]);
        if (sgn(len2) == 0) {
            continue; // parallel edges: no axis
        }
        mpf_class len(0, kSqrtBits);
        len = sqrt(Real(len2));
        mpf_class d(0, kSqrtBits);
        d = Real(overlaps[k]) / len;
        if (!best || d < *best) {
            best = d;
            const auto root = RationalSqrt(len2);
            bestExact = root.has_value();
            if (root) {
                bestRational = overlaps[k] / *root;
                bestRational.canonicalize();
            }
        }
    }
    if (best) {
        r.depth = bestExact ? FromRational(bestRational) : FromReal(*best);
        r.exactDepth = bestExact;
    }
}

void JudgePlaneCast(ExactResult& r, const Ray<double>& ray, const Plane<double>& plane)
{
    mpq_class num, den;
    r.hit = exact::CastPlane(ray, plane, &num, &den);
    if (r.hit) {
        mpq_class t = sgn(den) == 0 ? mpq_class(0) : mpq_class(num / den);
        t.canonicalize();
        r.tEnter = r.tExit = FromRational(t);
        r.exactT = true;
    }
}

/// The least push-out of the box [aMin, aMax] out of [bMin, bMax], exactly: the least over the
/// axes of min(aMax - bMin, bMax - aMin).
mpq_class LeastPushOut(const glm::dvec3& aMin, const glm::dvec3& aMax, const glm::dvec3& bMin, const glm::dvec3& bMax)
{
    mpq_class least;
    for (int i = 0; i < 3; ++i) {
        const mpq_class p1 = mpq_class(aMax[i]) - mpq_class(bMin[i]);
        const mpq_class p2 = mpq_class(bMax[i]) - mpq_class(aMin[i]);
        const mpq_class p = p1 < p2 ? p1 : p2;
        least = i == 0 || p < least ? p : least;
    }
    return least;
}

void JudgeAabbs(ExactResult& r, const Aabb<double>& a, const Aabb<double>& b)
{
    r.hit = exact::OverlapAabbs<mpq_class>(a, b);
    if (r.hit) {
        r.depth = FromRational(LeastPushOut(a.min, a.max, b.min, b.max));
        r.exactDepth = true;
    }
}

void JudgeSphereBox(ExactResult& r, const Sphere<double>& s, const Aabb<double>& box)
{
    const mpq_class d2 = exact::SphereBoxDistance2<mpq_class>(s, box);
    const mpq_class radius(s.radius);
    r.hit = d2 <= radius * radius;
    if (r.hit && sgn(d2) == 0) {
        // centre inside (or on) the box: radius + distance to the nearest face (the centre's push-out)
        r.depth = FromRational(radius + LeastPushOut(s.center, s.center, box.min, box.max));
        r.exactDepth = true;
    } else if (r.hit) {
        r.depth = SqrtExpression(radius, -1, d2, mpq_class(1));
        r.exactDepth = r.depth.exact;
    }
}

void JudgeSpheres(ExactResult& r, const Sphere<double>& a, const Sphere<double>& b)
{
    const V3<mpq_class> delta = exact::Sub(exact::Lift<mpq_class>(b.center), exact::Lift<mpq_class>(a.center));
    const mpq_class d2 = exact::Dot(delta, delta);
    const mpq_class sum = mpq_class(a.radius) + mpq_class(b.radius);
    r.hit = d2 <= sum * sum;
    if (r.hit) {
        r.depth = SqrtExpression(sum, -1, d2, mpq_class(1));
        r.exactDepth = r.depth.exact;
    }
}

/// point_aabb: inside the closed box when min <= p <= max on every axis; depth, the distance to
/// the nearest face.
void JudgePointBox(ExactResult& r, const Point<double>& point, const Aabb<double>& box)
{
    r.hit = exact::PointInAabb<mpq_class>(point, box);
    if (r.hit) {
        r.depth = FromRational(LeastPushOut(point.position, point.position, box.min, box.max));
        r.exactDepth = true;
    }
}

/// point_sphere: inside when |p - c|^2 <= r^2; depth r - |p - c|.
void JudgePointSphere(ExactResult& r, const Point<double>& point, const Sphere<double>& sphere)
{
    const V3<mpq_class> d = exact::Sub(exact::Lift<mpq_class>(point.position), exact::Lift<mpq_class>(sphere.center));
    const mpq_class d2 = exact::Dot(d, d);
    const mpq_class radius(sphere.radius);
    r.hit = d2 <= radius * radius;
    if (r.hit) {
        r.depth = SqrtExpression(radius, -1, d2, mpq_class(1));
        r.exactDepth = r.depth.exact;
    }
}

/// point_obb: the parallelepiped's slabs |n_i . (p - c)| <= h_i |det| (exact_geometry.h); depth,
/// the least distance to a face plane, (h_i |det| - |n_i . (p - c)|) / |n_i|.
void JudgePointObb(ExactResult& r, const Point<double>& point, const Obb<double>& box)
{
    std::array<mpq_class, 3> slack;
    std::array<V3<mpq_class>, 3> normals;
    bool degenerate = false;
    r.hit = exact::PointInObb<mpq_class>(point, box, &degenerate, &slack, &normals);
    if (degenerate) {
        r.valid = false;
        r.note = "the obb's axes are coplanar: it is not a solid";
        r.hit = false;
        return;
    }
    if (!r.hit) {
        return;
    }
    std::optional<mpf_class> best;
    std::optional<mpq_class> bestRational;
    for (size_t i = 0; i < 3; ++i) {
        const mpq_class len2 = exact::Dot(normals[i], normals[i]);
        mpf_class d(0, kSqrtBits);
        d = Real(slack[i]) / sqrt(Real(len2));
        if (!best || d < *best) {
            best = d;
            bestRational.reset();
            if (const auto root = RationalSqrt(len2)) {
                mpq_class q = slack[i] / *root;
                q.canonicalize();
                bestRational = q;
            }
        }
    }
    r.depth = bestRational ? FromRational(*bestRational) : FromReal(*best);
    r.exactDepth = bestRational.has_value();
}

} // namespace

ExactResult JudgeExact(const Query& query)
{
    ExactResult r;
    r.family = query.family;
    switch (query.family) {
    case Family::RayAabb: {
        const auto& ray = std::get<Ray<double>>(query.a);
        SetCast(r, exact::CastAabb(ray.origin, exact::Lift<mpq_class>(ray.direction), std::get<Aabb<double>>(query.b),
                                   false));
        break;
    }
    case Family::SegmentAabb: {
        const auto& s = std::get<Segment<double>>(query.a);
        const V3<mpq_class> delta = exact::Sub(exact::Lift<mpq_class>(s.end), exact::Lift<mpq_class>(s.start));
        SetCast(r, exact::CastAabb(s.start, delta, std::get<Aabb<double>>(query.b), true));
        break;
    }
    case Family::RayPlane:
        JudgePlaneCast(r, std::get<Ray<double>>(query.a), std::get<Plane<double>>(query.b));
        break;
    case Family::RaySphere:
        JudgeSphereCast(r, std::get<Ray<double>>(query.a), std::get<Sphere<double>>(query.b));
        break;
    case Family::RayObb: {
        bool degenerate = false;
        const auto c =
            exact::CastObb<mpq_class>(std::get<Ray<double>>(query.a), std::get<Obb<double>>(query.b), &degenerate);
        if (degenerate) {
            r.valid = false;
            r.note = "the obb's axes are coplanar: it is not a solid";
            break;
        }
        SetCast(r, c);
        break;
    }
    case Family::AabbAabb:
        JudgeAabbs(r, std::get<Aabb<double>>(query.a), std::get<Aabb<double>>(query.b));
        break;
    case Family::SphereAabb:
        JudgeSphereBox(r, std::get<Sphere<double>>(query.a), std::get<Aabb<double>>(query.b));
        break;
    case Family::SphereSphere:
        JudgeSpheres(r, std::get<Sphere<double>>(query.a), std::get<Sphere<double>>(query.b));
        break;
    case Family::ObbObb:
        JudgeObbs(r, std::get<Obb<double>>(query.a), std::get<Obb<double>>(query.b));
        break;
    case Family::PointAabb:
        JudgePointBox(r, std::get<Point<double>>(query.a), std::get<Aabb<double>>(query.b));
        break;
    case Family::PointSphere:
        JudgePointSphere(r, std::get<Point<double>>(query.a), std::get<Sphere<double>>(query.b));
        break;
    case Family::PointObb:
        JudgePointObb(r, std::get<Point<double>>(query.a), std::get<Obb<double>>(query.b));
        break;
    case Family::RayTriangle:
    case Family::SegmentTriangle:
    case Family::RayMesh:
    case Family::AabbTriangle:
    case Family::SphereTriangle:
    case Family::TriangleTriangle:
        exact::JudgeTriangleFamily(r, query);
        break;
    }
    exact::SetExactDistance(r, query);
    return r;
}

namespace {

/// The interval verdict of any query; sets degenerate when an obb's axes are coplanar. Only
/// meaningful when exact::g_uncertain stays false.
bool IntervalHit(const Query& query, bool& degenerate)
{
    switch (query.family) {
    case Family::RayAabb: {
        const auto& ray = std::get<Ray<double>>(query.a);
        return exact::CastAabb(ray.origin, exact::Lift<Interval>(ray.direction), std::get<Aabb<double>>(query.b), false)
            .hit;
    }
    case Family::SegmentAabb: {
        const auto& s = std::get<Segment<double>>(query.a);
        const V3<Interval> delta = exact::Sub(exact::Lift<Interval>(s.end), exact::Lift<Interval>(s.start));
        return exact::CastAabb(s.start, delta, std::get<Aabb<double>>(query.b), true).hit;
    }
    case Family::RayPlane: {
        Interval num, den;
        return exact::CastPlane(std::get<Ray<double>>(query.a), std::get<Plane<double>>(query.b), &num, &den);
    }
    case Family::RaySphere: {
        exact::SphereTerms<Interval> terms;
        return exact::CastSphere(std::get<Ray<double>>(query.a), std::get<Sphere<double>>(query.b), &terms);
    }
    case Family::RayObb:
        return exact::CastObb<Interval>(std::get<Ray<double>>(query.a), std::get<Obb<double>>(query.b), &degenerate)
            .hit;
    case Family::AabbAabb:
        return exact::OverlapAabbs<Interval>(std::get<Aabb<double>>(query.a), std::get<Aabb<double>>(query.b));
    case Family::SphereAabb: {
        const auto& s = std::get<Sphere<double>>(query.a);
        const Interval d2 = exact::SphereBoxDistance2<Interval>(s, std::get<Aabb<double>>(query.b));
        const Interval r(s.radius);
        return exact::Sign(r * r - d2) >= 0;
    }
    case Family::SphereSphere: {
        const auto& a = std::get<Sphere<double>>(query.a);
        const auto& b = std::get<Sphere<double>>(query.b);
        const V3<Interval> delta = exact::Sub(exact::Lift<Interval>(b.center), exact::Lift<Interval>(a.center));
        const Interval sum = Interval(a.radius) + Interval(b.radius);
        return exact::Sign(sum * sum - exact::Dot(delta, delta)) >= 0;
    }
    case Family::ObbObb:
        return exact::OverlapObbs<Interval>(std::get<Obb<double>>(query.a), std::get<Obb<double>>(query.b));
    case Family::PointAabb:
        return exact::PointInAabb<Interval>(std::get<Point<double>>(query.a), std::get<Aabb<double>>(query.b));
    case Family::PointSphere: {
        const auto& s = std::get<Sphere<double>>(query.b);
        const V3<Interval> d = exact::Sub(exact::Lift<Interval>(std::get<Point<double>>(query.a).position),
                                          exact::Lift<Interval>(s.center));
        const Interval r(s.radius);
        return exact::Sign(r * r - exact::Dot(d, d)) >= 0;
    }
    case Family::PointObb:
        return exact::PointInObb<Interval>(std::get<Point<double>>(query.a), std::get<Obb<double>>(query.b),
                                           &degenerate);
    case Family::RayTriangle:
    case Family::SegmentTriangle:
    case Family::RayMesh:
    case Family::AabbTriangle:
    case Family::SphereTriangle:
    case Family::TriangleTriangle:
        return exact::IntervalTriangleHit(query);
    }
    return false;
}

} // namespace

std::optional<bool> FastVerdict(const Query& query)
{
    exact::g_uncertain = false;
    bool degenerate = false;
    const bool hit = IntervalHit(query, degenerate);
    if (degenerate || exact::g_uncertain) {
        return std::nullopt;
    }
    return hit;
}

bool ExactHit(const Query& query)
{
    if (const auto fast = FastVerdict(query)) {
        return *fast;
    }
    return JudgeExact(query).hit;
}

} // namespace hitlab
