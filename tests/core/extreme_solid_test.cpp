// The sphere and box references on every finite input: seeded boundary configurations (tangent
// rays, touching solids, one ulp apart, containment, depth ties) built from small integers and
// scaled by powers of two from the subnormal range to the largest finite values, run through the
// registry in float and double and judged by JudgeExact; then hand-checked cases whose exact
// values lie beyond the range, the obb_obb overflow that used to read axes[-1], and rotation_deg.
//
// Tolerance: the verdict must equal the exact one. A value the judge marks exact (every value of
// these generated cases but the chord lengths of ray_sphere's irrational family) must equal the
// exact value rounded to the precision (+-inf beyond its range). An irrational value must lie within
// kTolUlp ulp (of the precision) of the larger of the exact value and the case's length scale (|f| /
// |d| for t, the radius sum or radius for depth), the tolerance docs/protocol.md states.
#include "core/aabb_aabb.h"
#include "core/algorithm.h"
#include "core/exact/exact.h"
#include "core/obb_obb.h"
#include "core/ray_sphere.h"
#include "core/rotation.h"
#include "core/sphere_aabb.h"
#include "core/sphere_sphere.h"
#include "support/case_count.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <sstream>
#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

constexpr double kTolUlp = 4;
constexpr double kInf = std::numeric_limits<double>::infinity();

// ---- helpers ----

/// x fits T exactly (finite, in range, no rounding).
template <typename T>
bool Fits(double x)
{
    return std::isfinite(x) && std::abs(x) <= double(std::numeric_limits<T>::max()) && double(T(x)) == x;
}

template <typename T>
bool Fits(const glm::dvec3& v)
{
    return Fits<T>(v.x) && Fits<T>(v.y) && Fits<T>(v.z);
}

template <typename T>
bool ShapeFits(const Shape& shape)
{
    return std::visit(
        [](const auto& s) {
            using S = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<S, Ray<double>>) {
                return Fits<T>(s.origin) && Fits<T>(s.direction);
            } else if constexpr (std::is_same_v<S, Aabb<double>>) {
                return Fits<T>(s.min) && Fits<T>(s.max);
            } else if constexpr (std::is_same_v<S, Sphere<double>>) {
                return Fits<T>(s.center) && Fits<T>(s.radius);
            } else if constexpr (std::is_same_v<S, Obb<double>>) {
                return Fits<T>(s.center) && Fits<T>(s.halfExtents);
            } else {
                return false;
            }
        },
        shape);
}

/// The exact value as the precision rounds it: +-inf beyond its range.
template <typename T>
double Rounded(double exact)
{
    if (std::abs(exact) > double(std::numeric_limits<T>::max())) {
        return std::copysign(kInf, exact);
    }
    return double(T(exact));
}

/// The spacing of T at |x| (the subnormal spacing below the normal range).
template <typename T>
double UlpAt(double x)
{
    const T t = T(std::min(std::abs(x), double(std::numeric_limits<T>::max())));
    return double(std::nextafter(t, std::numeric_limits<T>::infinity())) - double(t);
}

/// The T next to x towards +inf or 0 (x itself when it does not fit T: the case is then skipped).
template <typename T>
double NextUp(double x)
{
    return Fits<T>(x) ? double(std::nextafter(T(x), std::numeric_limits<T>::infinity())) : x;
}
template <typename T>
double NextDown(double x)
{
    return Fits<T>(x) ? double(std::nextafter(T(x), T(0))) : x;
}

std::string Describe(const Query& q)
{
    std::ostringstream out;
    out << std::hexfloat << FamilyName(q.family) << ":";
    const auto put = [&out](const Shape& s) {
        std::visit(
            [&out](const auto& v) {
                using S = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<S, Ray<double>>) {
                    out << " ray o(" << v.origin.x << ", " << v.origin.y << ", " << v.origin.z << ") d("
                        << v.direction.x << ", " << v.direction.y << ", " << v.direction.z << ")";
                } else if constexpr (std::is_same_v<S, Aabb<double>>) {
                    out << " aabb [" << v.min.x << ", " << v.min.y << ", " << v.min.z << "] [" << v.max.x << ", "
                        << v.max.y << ", " << v.max.z << "]";
                } else if constexpr (std::is_same_v<S, Sphere<double>>) {
                    out << " sphere c(" << v.center.x << ", " << v.center.y << ", " << v.center.z << ") r " << v.radius;
                } else if constexpr (std::is_same_v<S, Obb<double>>) {
                    out << " obb c(" << v.center.x << ", " << v.center.y << ", " << v.center.z << ") e("
                        << v.halfExtents.x << ", " << v.halfExtents.y << ", " << v.halfExtents.z << ") axes";
                    for (const auto& a : v.axes) {
                        out << " (" << a.x << ", " << a.y << ", " << a.z << ")";
                    }
                }
            },
            s);
    };
    put(q.a);
    put(q.b);
    return out.str();
}

/// Tallies of one run of generated cases.
struct Tally {
    int judged = 0, hits = 0, misses = 0, failures = 0, skipped = 0;
};

/// Empty when the value agrees with the judge's (see the tolerance at the top).
template <typename T>
std::string ValueMismatch(const char* name, double computed, const ExactValue& exact, double scale)
{
    std::ostringstream out;
    out << std::hexfloat;
    if (std::isnan(computed) || computed < 0) {
        out << name << " " << computed << " is negative or NaN";
        return out.str();
    }
    const double want = Rounded<T>(exact.value);
    if (exact.exact) {
        if (computed != want) {
            out << name << " " << computed << " != exact " << want << " (" << exact.text << ")";
        }
        return out.str();
    }
    if (std::isinf(want) || std::isinf(computed)) {
        if (computed != want) {
            out << name << " " << computed << " != " << want;
        }
        return out.str();
    }
    const double tol = kTolUlp * UlpAt<T>(std::max(std::abs(exact.value), scale));
    if (!(std::abs(computed - exact.value) <= tol)) {
        out << name << " " << computed << " vs exact " << exact.value << ": off by more than " << kTolUlp << " ulp";
    }
    return out.str();
}

/// Runs the family's reference in T on q (when q's numbers fit T) and compares it with the judge.
/// scale: the case's length scale for the irrational tolerance (t units for casts).
template <typename T>
void Judge(const Query& q, double scale, Tally& tally)
{
    if (!ShapeFits<T>(q.a) || !ShapeFits<T>(q.b)) {
        ++tally.skipped;
        return;
    }
    const Precision precision = std::is_same_v<T, float> ? Precision::Float : Precision::Double;
    const AlgorithmInfo& reference = ReferenceAlgorithm(q.family);
    Trace trace;
    // every 7th case traced too: the slow paths' traces must not trip either
    const Result got = Run(reference, q, precision, tally.judged % 7 == 0 ? &trace : nullptr);
    const ExactResult exact = JudgeExact(q);
    ++tally.judged;
    (exact.hit ? tally.hits : tally.misses) += 1;
    std::string why;
    if (got.hit != exact.hit) {
        why = std::string("hit ") + (got.hit ? "true" : "false") + ", exact " + (exact.hit ? "true" : "false");
    } else if (got.hit && IsCast(q.family)) {
        why = ValueMismatch<T>("t_enter", got.tEnter, exact.tEnter, scale);
        if (why.empty()) {
            why = ValueMismatch<T>("t_exit", got.tExit, exact.tExit, scale);
        }
    } else if (got.hit) {
        why = ValueMismatch<T>("depth", got.depth, exact.depth, scale);
    }
    if (!why.empty() && ++tally.failures <= 10) {
        ADD_FAILURE() << (std::is_same_v<T, float> ? "float " : "double ") << why << "\n  " << Describe(q);
    }
}

/// Random signed unit world axis (0..5 -> +x, -x, +y, -y, +z, -z).
glm::dvec3 Axis(int k)
{
    glm::dvec3 v(0);
    v[k / 2] = k % 2 == 0 ? 1.0 : -1.0;
    return v;
}

/// Two different signed unit axes u, v and a third w completing them.
struct Frame {
    glm::dvec3 u, v, w;
};

Frame RandomFrame(std::mt19937_64& rng)
{
    const int a = int(rng() % 3), b = (a + 1 + int(rng() % 2)) % 3, c = 3 - a - b;
    const auto sign = [&rng] { return rng() % 2 == 0 ? 1.0 : -1.0; };
    return {sign() * Axis(2 * a), sign() * Axis(2 * b), sign() * Axis(2 * c)};
}

/// A signed permutation matrix's columns: orthonormal axes with exact 0 and +-1 entries.
std::array<glm::dvec3, 3> PermutationAxes(std::mt19937_64& rng)
{
    const Frame f = RandomFrame(rng);
    return {f.u, f.v, f.w};
}

int Uniform(std::mt19937_64& rng, int lo, int hi) { return lo + int(rng() % unsigned(hi - lo + 1)); }

/// An exponent e such that 2^e times numbers up to 2^headroom stays finite in T, and times numbers
/// down to 1 stays at or above T's smallest subnormal 2^-bottom... in the given span.
template <typename T>
int ScaleExponent(std::mt19937_64& rng, int headroom)
{
    const int top = std::numeric_limits<T>::max_exponent - 1 - headroom;                      // float 127 - h
    const int bottom = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits; // -149 / -1074
    switch (rng() % 4) {
    case 0:
        return Uniform(rng, top - 8, top); // near the largest finite values
    case 1:
        return Uniform(rng, bottom, bottom + 12); // subnormal
    default:
        return Uniform(rng, bottom, top);
    }
}

// ---- generated cases, one function per family ----

/// ray_sphere: tangent rays, rays through the centre, Pythagorean chords (exact t), chords with an
/// irrational half length, one-ulp near misses, spheres behind, origins inside; direction lengths
/// 2^q independent of the scale.
template <typename T>
void RaySphereCases(std::mt19937_64& rng, Tally& tally)
{
    const int count = test::CaseCount(4000, 400);
    for (int i = 0; i < count; ++i) {
        const int e = ScaleExponent<T>(rng, 5);
        const double s = std::ldexp(1.0, e);
        const Frame f = RandomFrame(rng);
        const glm::dvec3 centre = s * glm::dvec3(Uniform(rng, -8, 8), Uniform(rng, -8, 8), Uniform(rng, -8, 8));
        const int k = Uniform(rng, -12, 12); // the centre's projection at k s along u from the origin
        double radius = 0, offset = 0;       // perpendicular offset of the line along v
        switch (rng() % 6) {
        case 0:
            radius = Uniform(rng, 0, 6);
            offset = radius;
            break; // tangent
        case 1:
            radius = Uniform(rng, 0, 6);
            offset = 0;
            break; // through the centre
        case 2:
            radius = 5;
            offset = rng() % 2 == 0 ? 3 : 4;
            break; // chord 8 or 6
        case 3:
            radius = 3;
            offset = 1;
            break; // chord 2 sqrt(8)
        case 4:
            radius = Uniform(rng, 1, 6);
            offset = 0;
            break; // (origin may be inside)
        default:
            radius = Uniform(rng, 1, 6);
            offset = -1;
            break; // one ulp outside
        }
        Sphere<double> sphere{centre, radius * s};
        double off = offset * s;
        if (offset < 0) {
            off = NextUp<T>(sphere.radius); // the line passes one ulp beyond the radius
        }
        // the direction: 2^q along u, t of the centre's projection = k s / 2^q in range
        constexpr int qMin = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits;
        constexpr int qMax = std::numeric_limits<T>::max_exponent - 1;
        const int q = std::clamp(Uniform(rng, e - 60, e + 60), qMin, qMax); // a nonzero direction
        const glm::dvec3 direction = std::ldexp(1.0, q) * f.u;
        const glm::dvec3 origin = centre - double(k) * s * f.u + off * f.v;
        const Query query{Family::RaySphere, Ray<double>{origin, direction}, sphere};
        // t scale: |f| / |d|; keep the judged values inside the double range
        const double tScale = std::ldexp(std::abs(double(k)) + radius + 1, e - q);
        if (!(tScale < 0x1p1000 && tScale > 0x1p-1000)) {
            ++tally.skipped;
            continue;
        }
        Judge<T>(query, tScale, tally);
    }
}

/// sphere_sphere: touching along a Pythagorean offset (3, 4, 0) m, overlap by whole units,
/// separated by one ulp of the radius sum, one inside the other, coincident centres; centres near
/// +-max so that the difference overflows.
template <typename T>
void SphereSphereCases(std::mt19937_64& rng, Tally& tally)
{
    const int count = test::CaseCount(4000, 400);
    for (int i = 0; i < count; ++i) {
        const int e = ScaleExponent<T>(rng, 6);
        const double s = std::ldexp(1.0, e);
        const Frame f = RandomFrame(rng);
        // cb - ca = dist * s along a Pythagorean (3, 4) m, or 2 * 40 s along w from centres at
        // -+40 s (near the top of the range that difference overflows)
        const double m = Uniform(rng, 0, 2);
        glm::dvec3 ca = s * glm::dvec3(Uniform(rng, -8, 8), Uniform(rng, -8, 8), Uniform(rng, -8, 8));
        glm::dvec3 cb = ca + s * m * (3.0 * f.u + 4.0 * f.v);
        double dist = 5 * m;
        if (rng() % 4 == 0) {
            ca = -40.0 * s * f.w;
            cb = 40.0 * s * f.w;
            dist = 80;
        }
        const double ra = Uniform(rng, 0, 5) * s * (dist == 80 ? 8 : 1);
        double rb = 0;
        switch (rng() % 5) {
        case 0:
            rb = dist * s - ra;
            break; // touching (or a point)
        case 1:
            rb = dist * s - ra + Uniform(rng, 1, 3) * s;
            break; // overlap by whole units
        case 2:    // one ulp of the sum short of touching (the sum itself exact)
            rb = NextDown<T>(dist * s) - ra;
            break;
        case 3:
            rb = dist * s + ra + Uniform(rng, 0, 2) * s;
            break; // b contains a
        default:
            rb = Uniform(rng, 0, 5) * s;
            break;
        }
        if (rb < 0) {
            rb = 0;
        }
        const Query query{Family::SphereSphere, Sphere<double>{ca, ra}, Sphere<double>{cb, rb}};
        Judge<T>(query, ra + rb, tally);
    }
}

/// sphere_aabb: centres beyond a face by r (tangent) or r + one ulp, beyond an edge by (3, 4) r/5,
/// beyond a corner by (2, 3, 6) r/7 (exact tangents), inside the box (depth ties between faces),
/// subnormal radii.
template <typename T>
void SphereAabbCases(std::mt19937_64& rng, Tally& tally)
{
    const int count = test::CaseCount(4000, 400);
    for (int i = 0; i < count; ++i) {
        const int e = ScaleExponent<T>(rng, 6);
        const double s = std::ldexp(1.0, e);
        const Frame f = RandomFrame(rng);
        const glm::dvec3 lo = s * glm::dvec3(Uniform(rng, -8, 0), Uniform(rng, -8, 0), Uniform(rng, -8, 0));
        const glm::dvec3 hi = lo + s * glm::dvec3(Uniform(rng, 0, 8), Uniform(rng, 0, 8), Uniform(rng, 0, 8));
        const Aabb<double> box{lo, hi};
        // a corner of the box on the +u, +v, +w sides
        glm::dvec3 corner;
        for (int a = 0; a < 3; ++a) {
            const double dir = f.u[a] + f.v[a] + f.w[a];
            corner[a] = dir > 0 ? hi[a] : lo[a];
        }
        const int m = Uniform(rng, 0, 3);
        glm::dvec3 centre;
        double radius = 0;
        switch (rng() % 6) {
        case 0: // beyond a face
            radius = Uniform(rng, 0, 6) * s;
            centre = corner + radius * f.u - s * double(Uniform(rng, 0, 1)) * f.v;
            break;
        case 1: // beyond a face by one ulp more than r
            radius = Uniform(rng, 1, 6) * s;
            centre = corner + NextUp<T>(radius) * f.u;
            break;
        case 2: // beyond an edge, tangent or one ulp short
            radius = 5 * m * s;
            centre = corner + double(m) * s * (3.0 * f.u + 4.0 * f.v);
            if (rng() % 2 == 0) {
                radius = NextDown<T>(radius);
            }
            break;
        case 3: // beyond a corner, tangent or one ulp short
            radius = 7 * m * s;
            centre = corner + double(m) * s * (2.0 * f.u + 3.0 * f.v + 6.0 * f.w);
            if (rng() % 2 == 0) {
                radius = NextDown<T>(radius);
            }
            break;
        case 4: // inside: equal distances to several faces
            radius = Uniform(rng, 0, 4) * s;
            centre = 0.5 * lo + 0.5 * hi;
            break;
        default: // subnormal radius near a face
            radius = std::ldexp(double(Uniform(rng, 0, 7)),
                                std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits);
            centre = corner + radius * f.u;
            break;
        }
        const Query query{Family::SphereAabb, Sphere<double>{centre, radius}, box};
        Judge<T>(query, std::max(radius, s), tally);
    }
}

/// aabb_aabb: touching faces, containment, equal pushes on several axes, boxes spanning +-max so
/// that the pushes overflow (the depth stays in range on another axis).
template <typename T>
void AabbAabbCases(std::mt19937_64& rng, Tally& tally)
{
    const int count = test::CaseCount(4000, 400);
    for (int i = 0; i < count; ++i) {
        const int e = ScaleExponent<T>(rng, 5);
        const double s = std::ldexp(1.0, e);
        Aabb<double> a, b;
        for (int axis = 0; axis < 3; ++axis) {
            const int a0 = Uniform(rng, -8, 8), a1 = a0 + Uniform(rng, 0, 8);
            int b0 = 0, b1 = 0;
            switch (rng() % 4) {
            case 0:
                b0 = a1;
                b1 = b0 + Uniform(rng, 0, 4);
                break; // touching
            case 1:
                b0 = a0 + Uniform(rng, 0, a1 - a0);
                b1 = b0 + Uniform(rng, 0, a1 - b0);
                break; // inside
            case 2:
                b0 = a0 - Uniform(rng, 0, 3);
                b1 = a1 + (a0 - b0);
                break; // concentric
            default:
                b0 = Uniform(rng, -8, 8);
                b1 = b0 + Uniform(rng, 0, 8);
                break;
            }
            a.min[axis] = a0 * s;
            a.max[axis] = a1 * s;
            b.min[axis] = b0 * s;
            b.max[axis] = b1 * s;
        }
        if (rng() % 4 == 0) {
            // one axis spanning the whole range: its pushes overflow, the depth comes from another
            const int axis = int(rng() % 3);
            const double big = std::numeric_limits<T>::max();
            a.min[axis] = -big;
            a.max[axis] = big;
            b.min[axis] = -big;
            b.max[axis] = big;
        }
        const Query query{Family::AabbAabb, a, b};
        if (JudgeExact(query).hit && !(JudgeExact(query).depth.value < 0x1p1000)) {
            ++tally.skipped; // beyond the judge's range: the named tests check those by hand
            continue;
        }
        Judge<T>(query, s, tally);
    }
}

/// obb_obb with signed-permutation axes (so the exact depth is rational): touching, overlapping,
/// one ulp apart, containment, centres far apart so that cb - ca overflows.
template <typename T>
void ObbObbCases(std::mt19937_64& rng, Tally& tally)
{
    const int count = test::CaseCount(3000, 300);
    for (int i = 0; i < count; ++i) {
        const int e = ScaleExponent<T>(rng, 6);
        const double s = std::ldexp(1.0, e);
        Obb<double> a, b;
        a.axes = PermutationAxes(rng);
        b.axes = PermutationAxes(rng);
        a.halfExtents = s * glm::dvec3(Uniform(rng, 0, 6), Uniform(rng, 0, 6), Uniform(rng, 0, 6));
        b.halfExtents = s * glm::dvec3(Uniform(rng, 0, 6), Uniform(rng, 0, 6), Uniform(rng, 0, 6));
        a.center = s * glm::dvec3(Uniform(rng, -8, 8), Uniform(rng, -8, 8), Uniform(rng, -8, 8));
        // b's extent along each world axis (the permutation moves its half extents)
        glm::dvec3 ea(0), eb(0);
        for (int k = 0; k < 3; ++k) {
            ea += a.halfExtents[k] * glm::abs(a.axes[size_t(k)]);
            eb += b.halfExtents[k] * glm::abs(b.axes[size_t(k)]);
        }
        const int axis = int(rng() % 3);
        b.center = a.center + s * glm::dvec3(Uniform(rng, -3, 3), Uniform(rng, -3, 3), Uniform(rng, -3, 3));
        switch (rng() % 4) {
        case 0:
            b.center[axis] = a.center[axis] + ea[axis] + eb[axis];
            break; // touching
        case 1: {  // one ulp of ea + eb apart, when that gap is what cb - ca computes
            const double gap = NextUp<T>(ea[axis] + eb[axis]);
            b.center[axis] = a.center[axis] + gap;
            if (b.center[axis] - a.center[axis] != gap) {
                b.center[axis] = a.center[axis] + ea[axis] + eb[axis];
            }
            break;
        }
        case 2:
            b.center = a.center;
            break; // concentric
        default:
            break;
        }
        if (rng() % 5 == 0) {
            // far apart on a huge scale: cb - ca overflows
            a.center[axis] = -std::numeric_limits<T>::max();
            b.center[axis] = std::numeric_limits<T>::max();
        }
        const Query query{Family::ObbObb, a, b};
        Judge<T>(query, s, tally);
    }
}

template <typename T>
class ExtremeSolidTest : public ::testing::Test {
};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(ExtremeSolidTest, Scalars);

/// Enough cases judged, both verdicts seen, no failure.
void ExpectTally(const Tally& t, int minimum)
{
    ::testing::Test::RecordProperty("judged", t.judged);
    ::testing::Test::RecordProperty("skipped", t.skipped);
    EXPECT_EQ(t.failures, 0);
    EXPECT_GT(t.judged, minimum) << "skipped " << t.skipped;
    EXPECT_GT(t.hits, t.judged / 10);
    EXPECT_GT(t.misses, t.judged / 20);
}

TYPED_TEST(ExtremeSolidTest, RaySphereMatchesTheJudgeFromSubnormalToMax)
{
    std::mt19937_64 rng(0x5eed0001);
    Tally tally;
    RaySphereCases<TypeParam>(rng, tally);
    ExpectTally(tally, test::CaseCount(2000, 200));
}

TYPED_TEST(ExtremeSolidTest, SphereSphereMatchesTheJudgeFromSubnormalToMax)
{
    std::mt19937_64 rng(0x5eed0002);
    Tally tally;
    SphereSphereCases<TypeParam>(rng, tally);
    ExpectTally(tally, test::CaseCount(2000, 200));
}

TYPED_TEST(ExtremeSolidTest, SphereAabbMatchesTheJudgeFromSubnormalToMax)
{
    std::mt19937_64 rng(0x5eed0003);
    Tally tally;
    SphereAabbCases<TypeParam>(rng, tally);
    ExpectTally(tally, test::CaseCount(2000, 200));
}

TYPED_TEST(ExtremeSolidTest, AabbAabbMatchesTheJudgeFromSubnormalToMax)
{
    std::mt19937_64 rng(0x5eed0004);
    Tally tally;
    AabbAabbCases<TypeParam>(rng, tally);
    ExpectTally(tally, test::CaseCount(2000, 200));
}

TYPED_TEST(ExtremeSolidTest, ObbObbPermutedAxesMatchTheJudgeFromSubnormalToMax)
{
    std::mt19937_64 rng(0x5eed0005);
    Tally tally;
    ObbObbCases<TypeParam>(rng, tally);
    ExpectTally(tally, test::CaseCount(1500, 150));
}

// ---- hand-checked cases; values beyond the double range are checked by hand, not by the judge ----

/// Runs the family's reference in T through the registry.
template <typename T>
Result RunReference(const Query& q, Trace* trace = nullptr)
{
    return Run(ReferenceAlgorithm(q.family), q, std::is_same_v<T, float> ? Precision::Float : Precision::Double, trace);
}

TYPED_TEST(ExtremeSolidTest, ObbObbWhereEveryRadiusSumOverflowsPicksAnAxis)
{
    // every ra + rb overflows: the previous version kept the best axis at -1 and read axes[-1]
    // (ASan aborts); the exact depth 2 * max is beyond the range: +inf, normal +x (first axis)
    using T = TypeParam;
    const T big = std::numeric_limits<T>::max();
    const Obb<T> box{Vec3<T>(0), Vec3<T>(big), {Vec3<T>(1, 0, 0), Vec3<T>(0, 1, 0), Vec3<T>(0, 0, 1)}};
    Trace trace;
    const OverlapResult<T> r = ObbObbSat(box, box, &trace);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.depth, std::numeric_limits<T>::infinity());
    EXPECT_EQ(r.normal, Vec3<T>(1, 0, 0));
    EXPECT_EQ(trace.verdict.rfind("hit", 0), 0u) << trace.verdict;
    // the same through the registry, in this precision
    const Query q{Family::ObbObb, ShapeCast<double>(box), ShapeCast<double>(box)};
    const Result viaRun = RunReference<T>(q);
    EXPECT_TRUE(viaRun.hit);
    EXPECT_EQ(viaRun.depth, kInf);
}

TYPED_TEST(ExtremeSolidTest, ObbObbTouchingAcrossAnOverflowingCentreDifference)
{
    // centres at -+3/4 max, half extents 3/4 max: cb - ca = 1.5 max overflows, the boxes touch
    // at x = 0 (depth 0); rotated by a permutation, and one ulp apart they separate
    using T = TypeParam;
    const T h = T(0.75) * std::numeric_limits<T>::max();
    const std::array<Vec3<T>, 3> turned{Vec3<T>(0, 0, 1), Vec3<T>(1, 0, 0), Vec3<T>(0, 1, 0)};
    const Obb<T> a{Vec3<T>(-h, 0, 0), Vec3<T>(1, h, 2), turned}; // extents z 1, x h, y 2
    Obb<T> b{Vec3<T>(h, 0, 0), Vec3<T>(h, 3, 1), {Vec3<T>(1, 0, 0), Vec3<T>(0, 1, 0), Vec3<T>(0, 0, 1)}};
    const OverlapResult<T> touch = ObbObbSat(a, b);
    EXPECT_TRUE(touch.hit);
    EXPECT_EQ(touch.depth, T(0));
    EXPECT_EQ(touch.normal, Vec3<T>(1, 0, 0));
    b.center.x = std::nextafter(h, std::numeric_limits<T>::infinity());
    const OverlapResult<T> apart = ObbObbSat(a, b);
    EXPECT_FALSE(apart.hit);
    EXPECT_EQ(apart.separatingAxis, Vec3<T>(1, 0, 0)); // A1 (world +x): A0 (world z) does not separate
}

TYPED_TEST(ExtremeSolidTest, SphereSphereDepthBeyondTheRangeIsInfinite)
{
    // same centre, both radii max: depth 2 max -> +inf; the normal of coincident centres is +x
    using T = TypeParam;
    const T big = std::numeric_limits<T>::max();
    const Sphere<T> a{Vec3<T>(0), big};
    const OverlapResult<T> r = SphereSphereDistance(a, a);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.depth, std::numeric_limits<T>::infinity());
    EXPECT_EQ(r.normal, Vec3<T>(1, 0, 0));
}

TYPED_TEST(ExtremeSolidTest, SphereSphereTouchingAcrossAnOverflowingDistance)
{
    // centres -+max, radii max: |cb - ca| = 2 max overflows, the spheres touch at the origin
    using T = TypeParam;
    const T big = std::numeric_limits<T>::max();
    const Sphere<T> a{Vec3<T>(-big, 0, 0), big};
    Sphere<T> b{Vec3<T>(big, 0, 0), big};
    Trace trace;
    const OverlapResult<T> r = SphereSphereDistance(a, b, &trace);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.depth, T(0));
    EXPECT_EQ(r.normal, Vec3<T>(1, 0, 0));
    EXPECT_EQ(r.contact, Vec3<T>(0));
    EXPECT_EQ(trace.verdict, "hit: the spheres touch (depth 0)");
    b.radius = std::nextafter(big, T(0));
    EXPECT_FALSE(SphereSphereDistance(a, b).hit);
}

TYPED_TEST(ExtremeSolidTest, SphereSphereSubnormalRadiiAndOffsets)
{
    // (3, 4, 0) and radii 2 + 3 in units of the smallest subnormal: the squares underflow to 0,
    // which made every such pair hit; touching, then one unit apart
    using T = TypeParam;
    const T u = std::numeric_limits<T>::denorm_min();
    const Sphere<T> a{Vec3<T>(0), 2 * u};
    const Sphere<T> b{Vec3<T>(3 * u, 4 * u, 0), 3 * u};
    const OverlapResult<T> touch = SphereSphereDistance(a, b);
    EXPECT_TRUE(touch.hit);
    EXPECT_EQ(touch.depth, T(0));
    EXPECT_EQ(touch.normal, Vec3<T>(T(0.6), T(0.8), 0));
    EXPECT_FALSE(SphereSphereDistance(a, Sphere<T>{Vec3<T>(3 * u, 4 * u, 0), 2 * u}).hit);
}

TYPED_TEST(ExtremeSolidTest, RaySphereHugeAndTinyDirectionLengths)
{
    using T = TypeParam;
    const Sphere<T> unit{Vec3<T>(0), 1};
    // a tangent ray from (-4, 1, 0) along +x with |d| = 2^(max_exponent - 4): a = d.d overflows
    const int big = std::numeric_limits<T>::max_exponent - 4;
    const Ray<T> fast{Vec3<T>(-4, 1, 0), Vec3<T>(std::ldexp(T(1), big), 0, 0)};
    const CastResult<T> tangent = RaySphereQuadraticStable(fast, unit);
    EXPECT_TRUE(tangent.hit);
    EXPECT_EQ(tangent.tEnter, std::ldexp(T(1), 2 - big));
    EXPECT_EQ(tangent.tExit, std::ldexp(T(1), 2 - big));
    EXPECT_EQ(tangent.point, Vec3<T>(0, 1, 0));
    EXPECT_EQ(tangent.normal, Vec3<T>(0, 1, 0));
    // one ulp beyond the radius: a miss
    const Ray<T> beyond{Vec3<T>(-4, std::nextafter(T(1), T(2)), 0), fast.direction};
    EXPECT_FALSE(RaySphereQuadraticStable(beyond, unit).hit);
    // |d| = the smallest subnormal: t = 3 / 2^-1074 is beyond the range, reported +inf; the
    // point is the entry (-1, 0, 0) all the same
    const Ray<T> slow{Vec3<T>(-4, 0, 0), Vec3<T>(std::numeric_limits<T>::denorm_min(), 0, 0)};
    Trace trace;
    const CastResult<T> through = RaySphereQuadraticStable(slow, unit, &trace);
    EXPECT_TRUE(through.hit);
    EXPECT_EQ(through.tEnter, std::numeric_limits<T>::infinity());
    EXPECT_EQ(through.tExit, std::numeric_limits<T>::infinity());
    EXPECT_EQ(through.point, Vec3<T>(-1, 0, 0));
    EXPECT_EQ(through.normal, Vec3<T>(-1, 0, 0));
    EXPECT_FALSE(trace.steps.empty());
}

TYPED_TEST(ExtremeSolidTest, RaySphereAcrossAnOverflowingOriginOffset)
{
    // centre -3/4 max, origin +3/4 max, radius max / 4, direction -4 along x: o - c overflows;
    // t = (1.5 max -+ max / 4) / 4 = 5/16 max and 7/16 max (rational, not representable: within
    // the tolerance of the judge's value)
    using T = TypeParam;
    const double big = std::numeric_limits<T>::max();
    const Query q{Family::RaySphere, Ray<double>{{0.75 * big, 0, 0}, {-4, 0, 0}},
                  Sphere<double>{{-0.75 * big, 0, 0}, 0.25 * big}};
    const Result r = RunReference<T>(q);
    const ExactResult exact = JudgeExact(q);
    ASSERT_TRUE(exact.hit);
    EXPECT_TRUE(r.hit);
    ExactValue tEnter = exact.tEnter, tExit = exact.tExit;
    tEnter.exact = tExit.exact = false;
    EXPECT_EQ(ValueMismatch<T>("t_enter", r.tEnter, tEnter, 0.4375 * big), "");
    EXPECT_EQ(ValueMismatch<T>("t_exit", r.tExit, tExit, 0.4375 * big), "");
    EXPECT_NEAR(r.tEnter / big, 0.3125, 1e-6);
    // behind the origin the same distance away: a miss
    const Query behind{Family::RaySphere, Ray<double>{{0.75 * big, 0, 0}, {4, 0, 0}}, std::get<Sphere<double>>(q.b)};
    EXPECT_FALSE(RunReference<T>(behind).hit);
}

TYPED_TEST(ExtremeSolidTest, SphereAabbDepthBeyondTheRangeIsInfinite)
{
    // centre inside the box [-max, max]^3, radius max: depth r + max -> +inf; nearest face -x
    using T = TypeParam;
    const T big = std::numeric_limits<T>::max();
    const Aabb<T> box{Vec3<T>(-big), Vec3<T>(big)};
    const OverlapResult<T> r = SphereAabbClosestPoint(Sphere<T>{Vec3<T>(0), big}, box);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.depth, std::numeric_limits<T>::infinity());
    EXPECT_EQ(r.normal, Vec3<T>(1, 0, 0));
}

TYPED_TEST(ExtremeSolidTest, SphereAabbAcrossAnOverflowingGap)
{
    // box [-max, -max/2] on x, centre +max on x: q - c = -1.5 max overflows; radius max misses,
    // and a corner at (3, 4, 0) units of the smallest subnormal is touched exactly
    using T = TypeParam;
    const T big = std::numeric_limits<T>::max();
    const Aabb<T> box{Vec3<T>(-big, -1, -1), Vec3<T>(-big / 2, 1, 1)};
    EXPECT_FALSE(SphereAabbClosestPoint(Sphere<T>{Vec3<T>(big, 0, 0), big}, box).hit);
    const T u = std::numeric_limits<T>::denorm_min();
    const Aabb<T> tiny{Vec3<T>(0), Vec3<T>(u)};
    const OverlapResult<T> corner = SphereAabbClosestPoint(Sphere<T>{Vec3<T>(4 * u, 5 * u, u), 5 * u}, tiny);
    EXPECT_TRUE(corner.hit);
    EXPECT_EQ(corner.depth, T(0));
    EXPECT_EQ(corner.normal, Vec3<T>(T(-0.6), T(-0.8), 0));
    EXPECT_FALSE(SphereAabbClosestPoint(Sphere<T>{Vec3<T>(4 * u, 5 * u, u), 4 * u}, tiny).hit);
}

TYPED_TEST(ExtremeSolidTest, AabbAabbDepthBeyondTheRangeIsInfinite)
{
    // identical boxes [-max, max]^3: every push is 2 max -> +inf; concentric: +x; and boxes whose
    // centre sums overflow tie-break without NaN: +x
    using T = TypeParam;
    const T big = std::numeric_limits<T>::max();
    const Aabb<T> all{Vec3<T>(-big), Vec3<T>(big)};
    const OverlapResult<T> r = AabbAabbInterval(all, all);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.depth, std::numeric_limits<T>::infinity());
    EXPECT_EQ(r.normal, Vec3<T>(1, 0, 0));
    EXPECT_EQ(r.contact, Vec3<T>(0));
    const Aabb<T> high{Vec3<T>(big / 2), Vec3<T>(big)};
    const OverlapResult<T> same = AabbAabbInterval(high, high);
    EXPECT_EQ(same.depth, big / 2);
    EXPECT_EQ(same.normal, Vec3<T>(1, 0, 0));
}

TEST(RotationDegrees, ReducedExactlyModulo360)
{
    // 90 + 360 * 2^40 degrees is 90 degrees; 2^60 = 136 (mod 360) since 2^60 = 0 (mod 8) and
    // 2^12 = 1 (mod 45); radians(x) of the unreduced angle would keep only its rounding error
    const auto quarter = AxesFromRotationDegrees({0, 0, 90});
    EXPECT_EQ(AxesFromRotationDegrees({0, 0, 90 + 360 * 0x1p40}), quarter);
    EXPECT_EQ(AxesFromRotationDegrees({0, 0, -270 - 360 * 0x1p45}), AxesFromRotationDegrees({0, 0, -270}));
    EXPECT_EQ(AxesFromRotationDegrees({0x1p60, 0, 0}), AxesFromRotationDegrees({136, 0, 0}));
    EXPECT_NEAR(quarter[0].y, 1.0, 1e-15); // rz = 90: local x maps to world +y
    // the largest finite angle still gives orthonormal axes
    const auto huge = AxesFromRotationDegrees({std::numeric_limits<double>::max(), 1e300, -1e300});
    for (size_t i = 0; i < 3; ++i) {
        EXPECT_NEAR(glm::dot(huge[i], huge[i]), 1.0, 1e-15);
        EXPECT_NEAR(glm::dot(huge[i], huge[(i + 1) % 3]), 0.0, 1e-15);
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
