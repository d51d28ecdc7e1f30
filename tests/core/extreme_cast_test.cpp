// The cast references (ray_aabb slab, segment_aabb segment_slab, ray_obb local_slab, ray_plane
// plane) and the exact judge on every finite input: hand-checked cases for each overflow and
// underflow that used to give a wrong answer or crash the judge, then seeded generated cases (the
// ordinary boundary configurations scaled by powers of two from the subnormals to the largest
// finite values, subnormal directions, world-bounds boxes) judged by JudgeExact, in float and double.
#include "core/exact/exact.h"
#include "core/ray_aabb.h"
#include "core/ray_obb.h"
#include "core/ray_plane.h"
#include "core/segment_aabb.h"

#include <glm/glm.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <utility>

namespace hitlab {
namespace HITLAB_UNITY_ID {

template <typename T>
class ExtremeCastTest : public ::testing::Test {
};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(ExtremeCastTest, Scalars);

template <typename T>
constexpr T kMax = std::numeric_limits<T>::max();
template <typename T>
constexpr T kTiny = std::numeric_limits<T>::denorm_min();
template <typename T>
constexpr T kInf = std::numeric_limits<T>::infinity();
/// 2^(max_exponent - 1): the largest power of two (2^127, 2^1023).
template <typename T>
const T kTop = std::ldexp(T(1), std::numeric_limits<T>::max_exponent - 1);

// ---- ray_aabb slab ----

TYPED_TEST(ExtremeCastTest, SlabHitsWhenPlaneMinusOriginOverflows)
{
    using T = TypeParam;
    // lo - o = 2^max_exponent overflows; t = 2^max_exponent / 2 is the largest power of two
    const Ray<T> ray{{-kTop<T>, 0, 0}, {2, 0, 0}};
    const Aabb<T> box{{kTop<T>, -1, -1}, {T(1.5) * kTop<T>, 1, 1}};
    const CastResult<T> r = RayAabbSlab(ray, box);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, kTop<T>);
    EXPECT_EQ(r.tExit, T(1.25) * kTop<T>);
    EXPECT_EQ(r.point, Vec3<T>(kTop<T>, 0, 0));
    EXPECT_TRUE(r.hasNormal);
    EXPECT_EQ(r.normal, Vec3<T>(-1, 0, 0));
}

TYPED_TEST(ExtremeCastTest, SlabMissesABoxOneSubnormalBehindTheOrigin)
{
    using T = TypeParam;
    // t_far = -denorm_min / 2 rounds to -0: the box must not become a hit at t = 0
    const Aabb<T> box{{-1, -1, -1}, {-kTiny<T>, 1, 1}};
    EXPECT_FALSE(RayAabbSlab(Ray<T>{{0, 0, 0}, {2, 0, 0}}, box).hit);
    EXPECT_FALSE(RayAabbSlab(Ray<T>{{0, 0, 0}, {1, 0, 0}}, box).hit);
    // the mirror image, and the box touching the origin (a real hit at t = 0)
    EXPECT_FALSE(RayAabbSlab(Ray<T>{{0, 0, 0}, {-2, 0, 0}}, Aabb<T>{{kTiny<T>, -1, -1}, {1, 1, 1}}).hit);
    const CastResult<T> touching = RayAabbSlab(Ray<T>{{0, 0, 0}, {2, 0, 0}}, Aabb<T>{{-1, -1, -1}, {0, 1, 1}});
    ASSERT_TRUE(touching.hit);
    EXPECT_EQ(touching.tEnter, T(0));
    EXPECT_EQ(touching.tExit, T(0));
}

TYPED_TEST(ExtremeCastTest, SlabWithATinyDirectionHitsAFarBoxAtInfinity)
{
    using T = TypeParam;
    // t = 1 / denorm_min is beyond T's range: a hit whose t rounds to +inf
    const CastResult<T> r = RayAabbSlab(Ray<T>{{0, 0, 0}, {kTiny<T>, 0, 0}}, Aabb<T>{{1, -1, -1}, {2, 1, 1}});
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, kInf<T>);
    EXPECT_EQ(r.tExit, kInf<T>);
    EXPECT_EQ(r.point, Vec3<T>(1, 0, 0));
    EXPECT_EQ(r.normal, Vec3<T>(-1, 0, 0));
    // and still misses a box it passes beside (y slab empty), whatever its t
    EXPECT_FALSE(RayAabbSlab(Ray<T>{{0, 2, 0}, {kTiny<T>, 0, 0}}, Aabb<T>{{1, -1, -1}, {2, 1, 1}}).hit);
}

TYPED_TEST(ExtremeCastTest, SlabOrdersTwoQuotientsThatBothOverflow)
{
    using T = TypeParam;
    // x enters at 2 / tiny, y leaves at 1 / tiny: both beyond T's range, and y leaves first
    const Ray<T> ray{{0, 0, 0}, {kTiny<T>, kTiny<T>, 0}};
    EXPECT_FALSE(RayAabbSlab(ray, Aabb<T>{{2, -1, -1}, {3, 1, 1}}).hit);
    EXPECT_TRUE(RayAabbSlab(ray, Aabb<T>{{1, -1, -1}, {3, 1, 1}}).hit);
}

TYPED_TEST(ExtremeCastTest, SlabWorldBoxWithAShortDirection)
{
    using T = TypeParam;
    // (max - 0) / 0.5 is beyond the range: t_exit = +inf, the origin inside
    const Aabb<T> world{Vec3<T>(-kMax<T>), Vec3<T>(kMax<T>)};
    const CastResult<T> r = RayAabbSlab(Ray<T>{{0, 0, 0}, {T(0.5), 0, 0}}, world);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(0));
    EXPECT_EQ(r.tExit, kInf<T>);
    EXPECT_FALSE(r.hasNormal);
}

TYPED_TEST(ExtremeCastTest, SlabTraceOfTheWidePathIsTheSlabTrace)
{
    using T = TypeParam;
    Trace trace;
    const CastResult<T> r = RayAabbSlab(Ray<T>{{0, 0, 0}, {2, 0, 0}}, Aabb<T>{{-1, -1, -1}, {-kTiny<T>, 1, 1}}, &trace);
    EXPECT_FALSE(r.hit);
    ASSERT_EQ(trace.steps.size(), 5u); // the allowed range, x, y, z, the verdict
    EXPECT_EQ(trace.verdict.rfind("miss: the box is behind the ray", 0), 0u) << trace.verdict;
}

// ---- segment_aabb segment_slab ----

TYPED_TEST(ExtremeCastTest, SegmentWhoseEndMinusStartOverflowsKeepsItsT)
{
    using T = TypeParam;
    // end - start = 2 max overflows; the box at 0 is crossed half way
    const Segment<T> s{{-kMax<T>, 0, 0}, {kMax<T>, 0, 0}};
    const CastResult<T> r = SegmentAabbSegmentSlab(s, Aabb<T>{{0, -1, -1}, {kTop<T>, 1, 1}});
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(0.5));
    // (2^(emax-1) + max) / (2 max) = 0.75 + a quarter ulp: 0.75
    EXPECT_EQ(r.tExit, T(0.75));
    EXPECT_EQ(r.point, Vec3<T>(0, 0, 0));
    EXPECT_EQ(r.normal, Vec3<T>(-1, 0, 0));
    // a box beyond the end is missed, one behind the start too
    EXPECT_FALSE(SegmentAabbSegmentSlab(Segment<T>{{-kMax<T>, 0, 0}, {kTop<T>, 0, 0}},
                                        Aabb<T>{{T(1.5) * kTop<T>, -1, -1}, {kMax<T>, 1, 1}})
                     .hit);
}

TYPED_TEST(ExtremeCastTest, ZeroLengthSegmentAtTheExtremes)
{
    using T = TypeParam;
    const Aabb<T> box{{-kMax<T>, -kTiny<T>, 0}, {kMax<T>, kTiny<T>, kTiny<T>}};
    const Segment<T> point{{kMax<T>, kTiny<T>, 0}, {kMax<T>, kTiny<T>, 0}};
    const CastResult<T> inside = SegmentAabbSegmentSlab(point, box);
    ASSERT_TRUE(inside.hit);
    EXPECT_EQ(inside.tEnter, T(0));
    EXPECT_EQ(inside.tExit, T(1));
    EXPECT_FALSE(SegmentAabbSegmentSlab(Segment<T>{{kMax<T>, 2 * kTiny<T>, 0}, {kMax<T>, 2 * kTiny<T>, 0}}, box).hit);
}

// ---- ray_obb local_slab ----

TYPED_TEST(ExtremeCastTest, ObbWhoseOriginMinusCenterOverflows)
{
    using T = TypeParam;
    // o - c = -2^(emax + 1) overflows; enter at (2^emax - 2^(emax-2) + 2^emax) / 2
    Obb<T> box;
    box.center = {kTop<T>, 0, 0};
    box.halfExtents = {kTop<T> / 4, 1, 1};
    box.axes = {Vec3<T>(1, 0, 0), Vec3<T>(0, 1, 0), Vec3<T>(0, 0, 1)};
    const CastResult<T> r = RayObbLocalSlab(Ray<T>{{-kTop<T>, 0, 0}, {2, 0, 0}}, box);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(0.875) * kTop<T>);
    EXPECT_EQ(r.tExit, T(1.125) * kTop<T>);
    EXPECT_EQ(r.point, Vec3<T>(T(0.75) * kTop<T>, 0, 0));
    EXPECT_EQ(r.normal, Vec3<T>(-1, 0, 0));
    // with a unit direction the exit is beyond the range
    const CastResult<T> unit = RayObbLocalSlab(Ray<T>{{-kTop<T>, 0, 0}, {1, 0, 0}}, box);
    ASSERT_TRUE(unit.hit);
    EXPECT_EQ(unit.tEnter, T(1.75) * kTop<T>);
    EXPECT_EQ(unit.tExit, kInf<T>);
}

TYPED_TEST(ExtremeCastTest, ObbPermutedAxesWithATinyDirection)
{
    using T = TypeParam;
    // local x is world y (flipped), so the box spans world y in [3, 5]; t = 3 / tiny overflows
    Obb<T> box;
    box.center = {0, 4, 0};
    box.halfExtents = {1, 2, 2};
    box.axes = {Vec3<T>(0, -1, 0), Vec3<T>(0, 0, 1), Vec3<T>(1, 0, 0)};
    const CastResult<T> r = RayObbLocalSlab(Ray<T>{{0, 0, 0}, {0, kTiny<T>, 0}}, box);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, kInf<T>);
    EXPECT_EQ(r.point, Vec3<T>(0, 3, 0));
    EXPECT_EQ(r.normal, Vec3<T>(0, -1, 0));
    // a flat box one subnormal behind the origin: t = -tiny / 2 rounds to -0 in T, still a miss
    box.center = {0, -kTiny<T>, 0};
    box.halfExtents = {0, 2, 2};
    EXPECT_FALSE(RayObbLocalSlab(Ray<T>{{0, 0, 0}, {0, 2, 0}}, box).hit);
    box.center = {0, 0, 0};
    const CastResult<T> touching = RayObbLocalSlab(Ray<T>{{0, 0, 0}, {0, 2, 0}}, box);
    ASSERT_TRUE(touching.hit);
    EXPECT_EQ(touching.tEnter, T(0));
}

// ---- ray_plane plane ----

TYPED_TEST(ExtremeCastTest, PlaneWhoseDotProductOverflowsToInfMinusInf)
{
    using T = TypeParam;
    // n.o = 2 max - 2 max: inf - inf in T; exactly 0, so the origin is on the plane
    const Plane<T> plane{{2, 2, 0}, 0};
    const CastResult<T> on = RayPlanePlane(Ray<T>{{kMax<T>, -kMax<T>, 0}, {1, 0, 0}}, plane);
    ASSERT_TRUE(on.hit);
    EXPECT_EQ(on.tEnter, T(0));
    EXPECT_EQ(on.point, Vec3<T>(kMax<T>, -kMax<T>, 0));
    // n.o = 2 max - max = max: num = -max, denom = -2, t = max / 2
    const CastResult<T> off = RayPlanePlane(Ray<T>{{kMax<T>, -kMax<T> / 2, 0}, {-1, 0, 0}}, plane);
    ASSERT_TRUE(off.hit);
    EXPECT_EQ(off.tEnter, kMax<T> / 2);
    EXPECT_EQ(off.point, Vec3<T>(kMax<T> / 2, -kMax<T> / 2, 0));
    const T s = T(0.70710678118654752440);
    EXPECT_NEAR(off.normal.x, s, std::numeric_limits<T>::epsilon());
    EXPECT_NEAR(off.normal.y, s, std::numeric_limits<T>::epsilon());
    EXPECT_EQ(off.normal.z, T(0));
}

TYPED_TEST(ExtremeCastTest, PlaneWhoseDotProductUnderflowsIsNotUnderTheOrigin)
{
    using T = TypeParam;
    // n.o = 2^(2e) underflows to 0 in T; the origin is 2^e in front of the plane, not on it
    const int e = std::numeric_limits<T>::min_exponent * 3 / 4;
    const T small = std::ldexp(T(1), e);
    const Plane<T> plane{{small, 0, 0}, 0};
    EXPECT_FALSE(RayPlanePlane(Ray<T>{{small, 0, 0}, {1, 0, 0}}, plane).hit);
    const CastResult<T> r = RayPlanePlane(Ray<T>{{small, 0, 0}, {-1, 0, 0}}, plane);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, small);
    EXPECT_EQ(r.point, Vec3<T>(0, 0, 0));
    EXPECT_EQ(r.normal, Vec3<T>(1, 0, 0));
}

TYPED_TEST(ExtremeCastTest, PlaneFarAwayWithATinyDirection)
{
    using T = TypeParam;
    // t = (max / 2) / 2^-20: beyond the range; the hit point is the plane's
    const Ray<T> slow{{0, 1, 0}, {std::ldexp(T(1), -20), 0, 0}};
    const CastResult<T> r = RayPlanePlane(slow, Plane<T>{{1, 0, 0}, kMax<T> / 2});
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, kInf<T>);
    EXPECT_EQ(r.point, Vec3<T>(kMax<T> / 2, 1, 0));
    EXPECT_EQ(r.normal, Vec3<T>(-1, 0, 0));
    // behind: the tiny negative t is a miss
    EXPECT_FALSE(RayPlanePlane(Ray<T>{{0, 0, 0}, {kMax<T>, 0, 0}}, Plane<T>{{1, 0, 0}, -kTiny<T>}).hit);
}

TYPED_TEST(ExtremeCastTest, PlaneNormalWhoseSquaredLengthUnderOrOverflows)
{
    using T = TypeParam;
    const T tiny = std::ldexp(T(1), std::numeric_limits<T>::min_exponent * 3 / 4); // tiny^2 underflows
    // parallel and off the plane (num = -tiny underflows nothing; n.dir = 0)
    EXPECT_FALSE(RayPlanePlane(Ray<T>{{-1, 0, 1}, {1, 0, 0}}, Plane<T>{{0, 0, tiny}, 0}).hit);
    // lying in it
    EXPECT_TRUE(RayPlanePlane(Ray<T>{{-1, 0, 0}, {1, 0, 0}}, Plane<T>{{0, 0, tiny}, 0}).hit);
    const CastResult<T> flat = RayPlanePlane(Ray<T>{{0, 0, -1}, {0, 0, 1}}, Plane<T>{{0, 0, tiny}, 0});
    ASSERT_TRUE(flat.hit);
    EXPECT_EQ(flat.tEnter, T(1));
    EXPECT_EQ(flat.normal, Vec3<T>(0, 0, -1));
    // (3, 4, 0) 2^(emax - 3): |n|^2 overflows, the unit normal is (0.6, 0.8, 0) within an ulp
    const T big = std::ldexp(T(1), std::numeric_limits<T>::max_exponent - 3);
    const CastResult<T> large = RayPlanePlane(Ray<T>{{0, 0, 0}, {1, 0, 0}}, Plane<T>{{3 * big, 4 * big, 0}, 3 * big});
    ASSERT_TRUE(large.hit);
    EXPECT_EQ(large.tEnter, T(1));
    EXPECT_NEAR(large.normal.x, T(-0.6), 2 * std::numeric_limits<T>::epsilon());
    EXPECT_NEAR(large.normal.y, T(-0.8), 2 * std::numeric_limits<T>::epsilon());
    EXPECT_EQ(large.normal.z, T(0));
}

// ---- generated: boundary configurations at every scale, judged exactly ----

/// Powers of two and small integers, seeded: the scales favour both ends of T's exponent range.
template <typename T>
class Generator {
public:
    explicit Generator(std::uint64_t seed) : m_rng(seed) {}

    int Int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }
    bool Chance(int percent) { return Int(0, 99) < percent; }

    /// An exponent e such that a 4-bit integer times 2^e is a T: near the subnormal end, near the
    /// overflow end, or anywhere between.
    int Exponent()
    {
        constexpr int lo = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits; // 2^lo: denorm_min
        constexpr int hi = std::numeric_limits<T>::max_exponent - 5;
        switch (Int(0, 3)) {
        case 0:
            return Int(lo, lo + 12);
        case 1:
            return Int(hi - 12, hi);
        case 2:
            return Int(-4, 4);
        default:
            return Int(lo, hi);
        }
    }

    /// v 2^e, with a zero of either sign for v = 0.
    T Scaled(int v, int e) { return v == 0 ? (Chance(50) ? T(0) : T(-0.0)) : std::ldexp(T(v), e); }

    /// One ulp up or down, now and then (one ulp inside or outside a face).
    T Nudge(T x)
    {
        switch (Int(0, 3)) {
        case 0:
            return std::nextafter(x, kInf<T>);
        case 1:
            return std::nextafter(x, -kInf<T>);
        default:
            return x;
        }
    }

    /// A direction of small integers times 2^e, not all zero; powerOfTwo: each component 0 or
    /// +-2^k (exact quotients, so that a one-ulp nudge is all that separates a hit from a miss).
    Vec3<T> Direction(int e, bool powerOfTwo = false)
    {
        static constexpr int kPowers[] = {-2, -1, 1, 2};
        Vec3<T> d;
        int v[3];
        do {
            for (int& c : v) {
                c = Chance(30) ? 0 : powerOfTwo ? kPowers[Int(0, 3)] : Int(-3, 3);
            }
        } while (v[0] == 0 && v[1] == 0 && v[2] == 0);
        for (int i = 0; i < 3; ++i) {
            d[i] = Scaled(v[i], e);
        }
        return d;
    }

    /// A box of integer bounds (flat on an axis now and then), a point on its boundary or inside
    /// it (a corner, an edge, a face), and a line through that point at integer steps.
    struct Setup {
        int lo[3], hi[3], target[3];
    };
    Setup Box()
    {
        Setup s;
        for (int i = 0; i < 3; ++i) {
            s.lo[i] = Int(-4, 3);
            s.hi[i] = s.lo[i] + (Chance(15) ? 0 : Int(1, 3));
            const int pick = Int(0, 2);
            s.target[i] = pick == 0 ? s.lo[i] : pick == 1 ? s.hi[i] : Int(s.lo[i] - 1, s.hi[i] + 1);
        }
        return s;
    }

private:
    std::mt19937_64 m_rng;
};

/// a - b is exact in T (TwoSum's error is 0, no overflow): a one-ulp nudge is kept only where every
/// difference the reference forms stays exact, so that the exact verdict is the reference's to give.
template <typename T>
bool ExactDifference(T a, T b)
{
    const T sum = a - b;
    const T bb = sum - a;
    return std::isfinite(sum) && (a - (sum - bb)) + (-b - bb) == T(0);
}

/// What a run found, so that a generator that stopped producing a kind of case fails the test.
struct Tally {
    int cases = 0, hits = 0, beyondRange = 0, belowNormal = 0;
};

/// Runs every algorithm of the query's family in precision (none may crash; UBSan watches), and
/// checks the reference against the exact judge: the same hit, t_enter and t_exit within ulps (of
/// T), or +-inf exactly when the exact value rounds beyond T's range.
template <typename T>
void Judge(const Query& query, Tally& tally, const std::string& what, double ulps = 1)
{
    const Precision precision = sizeof(T) == 4 ? Precision::Float : Precision::Double;
    const ExactResult exact = JudgeExact(query);
    ASSERT_TRUE(exact.valid) << what;
    const auto fast = FastVerdict(query);
    if (fast) {
        ASSERT_EQ(*fast, exact.hit) << what;
    }
    const AlgorithmInfo* reference = nullptr;
    for (const AlgorithmInfo* info : AlgorithmsOf(query.family)) {
        Trace trace;
        const Result r = Run(*info, query, precision, tally.cases % 16 == 0 ? &trace : nullptr);
        if (info->reference) {
            reference = info;
            ASSERT_EQ(r.hit, exact.hit) << what << "\nexact: " << DescribeExact(exact);
            if (!r.hit) {
                continue;
            }
            const std::pair<const ExactValue*, double> values[2] = {{&exact.tEnter, r.tEnter}, {&exact.tExit, r.tExit}};
            for (const auto& [want, got] : values) {
                const T rounded = T(want->value);
                if (!std::isfinite(rounded)) {
                    ++tally.beyondRange;
                    ASSERT_EQ(got, double(rounded)) << what << "\nexact: " << DescribeExact(exact);
                } else {
                    tally.belowNormal += rounded != T(0) && std::fabs(rounded) < std::numeric_limits<T>::min();
                    ASSERT_LE(UlpError(want->value, got, precision), ulps)
                        << what << "\nexact: " << DescribeExact(exact) << "\ngot " << got;
                }
            }
            // the point lies on the solid's side of the cast: finite, or infinite only with t
            if (std::isfinite(r.tEnter)) {
                for (int i = 0; i < 3; ++i) {
                    ASSERT_FALSE(std::isnan(r.point[i])) << what;
                }
            }
        }
    }
    ASSERT_NE(reference, nullptr);
    ++tally.cases;
    tally.hits += exact.hit ? 1 : 0;
}

template <typename T>
std::string Describe(const char* family, const Vec3<T>& a, const Vec3<T>& b, const Vec3<T>& c, const Vec3<T>& d)
{
    return Format("%s: (%a, %a, %a) (%a, %a, %a) / (%a, %a, %a) (%a, %a, %a)", family, double(a.x), double(a.y),
                  double(a.z), double(b.x), double(b.y), double(b.z), double(c.x), double(c.y), double(c.z),
                  double(d.x), double(d.y), double(d.z));
}

constexpr int kGenerated = 6000;

TYPED_TEST(ExtremeCastTest, GeneratedRayAabbMatchesTheExactJudge)
{
    using T = TypeParam;
    Generator<T> g(0x5eed0001 + sizeof(T));
    Tally tally;
    for (int n = 0; n < kGenerated; ++n) {
        const int e = g.Exponent(), j = g.Exponent();
        const auto s = g.Box();
        Aabb<T> box;
        Ray<T> ray;
        // a one-ulp nudge of the origin goes with exact quotients (else rounding may tie them)
        const bool nudge = g.Chance(40);
        ray.direction = g.Direction(j, nudge);
        const int m = g.Int(-2, 3);
        for (int i = 0; i < 3; ++i) {
            box.min[i] = g.Scaled(s.lo[i], e);
            box.max[i] = g.Scaled(s.hi[i], e);
            // through the target at t = m (in units of 2^(e-j)), or from anywhere
            const int v = g.Chance(70) ? s.target[i] - m * int(std::ldexp(ray.direction[i], -j)) : g.Int(-15, 15);
            ray.origin[i] = nudge ? g.Nudge(g.Scaled(v, e)) : g.Scaled(v, e);
            if (!ExactDifference(box.min[i], ray.origin[i]) || !ExactDifference(box.max[i], ray.origin[i])) {
                ray.origin[i] = g.Scaled(v, e);
            }
        }
        // the world: max - o is rounded (the verdict is a hit all the same), t within 2 ulps
        const bool world = g.Chance(10);
        if (world) {
            box = {Vec3<T>(-kMax<T>), Vec3<T>(kMax<T>)};
        }
        const Query q{Family::RayAabb, ShapeCast<double>(ray), ShapeCast<double>(box)};
        Judge<T>(q, tally, Describe("ray_aabb", ray.origin, ray.direction, box.min, box.max), world ? 2 : 1);
        if (::testing::Test::HasFatalFailure()) {
            return;
        }
    }
    EXPECT_GT(tally.hits, kGenerated / 5);
    EXPECT_LT(tally.hits, kGenerated - kGenerated / 5);
    EXPECT_GT(tally.beyondRange, kGenerated / 50);
    EXPECT_GT(tally.belowNormal, kGenerated / 200);
}

TYPED_TEST(ExtremeCastTest, GeneratedSegmentAabbMatchesTheExactJudge)
{
    using T = TypeParam;
    Generator<T> g(0x5eed0002 + sizeof(T));
    Tally tally;
    for (int n = 0; n < kGenerated; ++n) {
        // from near one end of the range to near the other now and then: end - start overflows (at
        // the top scales, where every difference is exact in the wide type)
        const bool across = g.Chance(10);
        const int e = across ? std::numeric_limits<T>::max_exponent - g.Int(5, 17) : g.Exponent();
        const auto s = g.Box();
        Aabb<T> box;
        Segment<T> seg;
        // through the target at t = m / steps, or a zero-length segment
        // (a nudged start goes with end - start of powers of two: exact quotients)
        const bool nudge = g.Chance(40);
        const int steps = nudge ? g.Int(0, 2) : g.Int(0, 3), m = g.Int(-1, 4);
        int d[3];
        for (int i = 0; i < 3; ++i) {
            static constexpr int kPowers[] = {0, -2, -1, 1, 2};
            d[i] = steps == 0 ? 0 : nudge ? kPowers[g.Int(0, 4)] : g.Int(-3, 3);
            box.min[i] = g.Scaled(s.lo[i], e);
            box.max[i] = g.Scaled(s.hi[i], e);
            seg.start[i] = g.Scaled(s.target[i] - m * d[i], e);
            seg.start[i] = nudge ? g.Nudge(seg.start[i]) : seg.start[i];
            seg.end[i] = g.Scaled(s.target[i] + (steps - m) * d[i], e);
            if (across && g.Chance(50)) {
                seg.start[i] = -kMax<T>;
                seg.end[i] = g.Chance(70) ? kMax<T> : seg.end[i];
            }
            if (!ExactDifference(seg.end[i], seg.start[i]) || !ExactDifference(box.min[i], seg.start[i]) ||
                !ExactDifference(box.max[i], seg.start[i])) {
                seg.start[i] = seg.start[i] == -kMax<T> ? seg.start[i] : g.Scaled(s.target[i] - m * d[i], e);
            }
        }
        const Query q{Family::SegmentAabb, ShapeCast<double>(seg), ShapeCast<double>(box)};
        Judge<T>(q, tally, Describe("segment_aabb", seg.start, seg.end, box.min, box.max));
        if (::testing::Test::HasFatalFailure()) {
            return;
        }
    }
    EXPECT_GT(tally.hits, kGenerated / 5);
    EXPECT_LT(tally.hits, kGenerated - kGenerated / 5);
}

TYPED_TEST(ExtremeCastTest, GeneratedRayObbWithPermutedAxesMatchesTheExactJudge)
{
    using T = TypeParam;
    Generator<T> g(0x5eed0003 + sizeof(T));
    Tally tally;
    for (int n = 0; n < kGenerated; ++n) {
        const int e = g.Exponent(), j = g.Exponent();
        // a signed permutation of x, y, z as the box's axes
        int perm[3] = {0, 1, 2};
        std::swap(perm[0], perm[g.Int(0, 2)]);
        std::swap(perm[1], perm[g.Int(1, 2)]);
        Obb<T> box;
        int center[3], half[3], local[3];
        for (int i = 0; i < 3; ++i) {
            center[i] = g.Int(-4, 4);
            half[i] = g.Chance(15) ? 0 : g.Int(1, 3);
            box.axes[i] = Vec3<T>(0);
            box.axes[i][perm[i]] = g.Chance(50) ? T(1) : T(-1);
            box.halfExtents[i] = g.Scaled(half[i], e);
            const int pick = g.Int(0, 2);
            local[i] = pick == 0 ? -half[i] : pick == 1 ? half[i] : g.Int(-half[i] - 1, half[i] + 1);
        }
        Ray<T> ray;
        const bool nudge = g.Chance(40);
        ray.direction = g.Direction(j, nudge);
        const int m = g.Int(-2, 3);
        for (int k = 0; k < 3; ++k) {
            // world coordinate k of the target: center + sum local_i axes_i
            int target = center[k];
            for (int i = 0; i < 3; ++i) {
                target += local[i] * int(box.axes[i][k]);
            }
            box.center[k] = g.Scaled(center[k], e);
            const int v = g.Chance(70) ? target - m * int(std::ldexp(ray.direction[k], -j)) : g.Int(-15, 15);
            ray.origin[k] = nudge ? g.Nudge(g.Scaled(v, e)) : g.Scaled(v, e);
            // o - c, and the local planes minus that, exact (else no nudge)
            const T rel = ray.origin[k] - box.center[k];
            bool exact = ExactDifference(ray.origin[k], box.center[k]);
            for (int i = 0; i < 3 && exact; ++i) {
                if (box.axes[i][k] != T(0)) {
                    exact = ExactDifference(box.halfExtents[i], rel) && ExactDifference(-box.halfExtents[i], rel) &&
                            ExactDifference(box.halfExtents[i], -rel) && ExactDifference(-box.halfExtents[i], -rel);
                }
            }
            if (!exact) {
                ray.origin[k] = g.Scaled(v, e);
            }
        }
        const Query q{Family::RayObb, ShapeCast<double>(ray), ShapeCast<double>(box)};
        Judge<T>(q, tally,
                 Describe("ray_obb", ray.origin, ray.direction, box.center, box.halfExtents) +
                     Format(" axes %d %d %d", perm[0], perm[1], perm[2]));
        if (::testing::Test::HasFatalFailure()) {
            return;
        }
    }
    EXPECT_GT(tally.hits, kGenerated / 5);
    EXPECT_LT(tally.hits, kGenerated - kGenerated / 5);
    EXPECT_GT(tally.beyondRange, kGenerated / 50);
}

TYPED_TEST(ExtremeCastTest, GeneratedRayPlaneMatchesTheExactJudge)
{
    using T = TypeParam;
    constexpr int lo = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits;
    constexpr int hi = std::numeric_limits<T>::max_exponent - 8;
    Generator<T> g(0x5eed0004 + sizeof(T));
    Tally tally;
    for (int n = 0; n < kGenerated; ++n) {
        // positions 2^e, the normal 2^a, the distance 2^(a+e): all three must be T scales
        const int e = g.Exponent(), j = g.Exponent();
        int a = g.Exponent();
        if (a + e < lo || a + e > hi) {
            a = std::clamp(a, lo - e, hi - e);
            if (a < lo || a > hi) {
                continue;
            }
        }
        Plane<T> plane;
        plane.normal = g.Direction(a);
        Ray<T> ray;
        ray.direction = g.Direction(j);
        int no = 0;
        for (int i = 0; i < 3; ++i) {
            const int v = g.Int(-6, 6);
            ray.origin[i] = g.Scaled(v, e);
            no += v * int(std::ldexp(plane.normal[i], -a));
        }
        // the origin on the plane, one step off it, or anywhere
        const int pick = g.Int(0, 2);
        plane.distance = g.Scaled(pick == 0 ? no : pick == 1 ? no + g.Int(-1, 1) : g.Int(-20, 20), a + e);
        const Query q{Family::RayPlane, ShapeCast<double>(ray), ShapeCast<double>(plane)};
        const std::string what =
            Describe("ray_plane", ray.origin, ray.direction, plane.normal, Vec3<T>(plane.distance));
        Judge<T>(q, tally, what);
        if (::testing::Test::HasFatalFailure()) {
            return;
        }
        // the unit normal, turned against the ray, whatever the normal's scale
        const CastResult<T> r = RayPlanePlane(ray, plane);
        if (r.hit) {
            const glm::dvec3 normalInts = glm::ldexp(glm::dvec3(plane.normal), glm::ivec3(-a));
            const glm::dvec3 dirInts = glm::ldexp(glm::dvec3(ray.direction), glm::ivec3(-j));
            const glm::dvec3 unit = glm::normalize(normalInts);
            const double side = glm::dot(normalInts, dirInts) > 0 ? -1 : 1; // exact: small integers
            for (int i = 0; i < 3; ++i) {
                ASSERT_NEAR(double(r.normal[i]), side * unit[i], 2 * std::numeric_limits<T>::epsilon()) << what;
            }
        }
    }
    EXPECT_GT(tally.cases, kGenerated / 2);
    EXPECT_GT(tally.hits, tally.cases / 5);
    EXPECT_LT(tally.hits, tally.cases - tally.cases / 5);
    EXPECT_GT(tally.beyondRange, tally.cases / 50);
}

// ---- the exact judge ----

Query RayBox(glm::dvec3 o, glm::dvec3 d, glm::dvec3 lo, glm::dvec3 hi)
{
    return {Family::RayAabb, Ray<double>{o, d}, Aabb<double>{lo, hi}};
}

TEST(ExtremeExactJudge, TBeyondTheDoubleRangeIsInfinityNotACrash)
{
    // the world box hit by a short direction: t_exit = 2 max
    const ExactResult world = JudgeExact(RayBox({0, 0, 0}, {0.5, 0, 0}, glm::dvec3(-DBL_MAX), glm::dvec3(DBL_MAX)));
    ASSERT_TRUE(world.hit);
    EXPECT_EQ(world.tEnter.value, 0);
    EXPECT_EQ(world.tExit.value, INFINITY);
    EXPECT_TRUE(world.exactT);
    EXPECT_EQ(ExactHit(RayBox({0, 0, 0}, {0.5, 0, 0}, glm::dvec3(-DBL_MAX), glm::dvec3(DBL_MAX))), true);
    // a subnormal direction component: t = 1 / 2^-1074
    const ExactResult sub = JudgeExact(RayBox({0, 0, 0}, {0x1p-1074, 0, 0}, {1, -1, -1}, {2, 1, 1}));
    ASSERT_TRUE(sub.hit);
    EXPECT_EQ(sub.tEnter.value, INFINITY);
    EXPECT_EQ(sub.tExit.value, INFINITY);
    // 2^1074
    EXPECT_EQ(sub.tEnter.text, "20240225330731061835249534671891730704955664976414211835690135802743033956799534"
                               "68919603837014371244951870778643168119113898087373857934768670133999407385099215"
                               "17424276566361364466907742093216341239767678472745068562007483424692698618103355"
                               "64915955634081005651235876955233341461523050253218632750864600626330770774109349"
                               "4784");
    // a plane 1e300 away, direction 1e-10; and its negative: behind
    const Query plane{Family::RayPlane, Ray<double>{{0, 0, 0}, {1e-10, 0, 0}}, Plane<double>{{1, 0, 0}, 1e300}};
    const ExactResult far = JudgeExact(plane);
    ASSERT_TRUE(far.hit);
    EXPECT_EQ(far.tEnter.value, INFINITY);
    const Query behind{Family::RayPlane, Ray<double>{{0, 0, 0}, {-1e-10, 0, 0}}, Plane<double>{{1, 0, 0}, 1e300}};
    EXPECT_FALSE(JudgeExact(behind).hit);
    // negative infinity for a t that is not clamped (none of the casts has one): UlpError at inf
    EXPECT_EQ(UlpError(INFINITY, INFINITY, Precision::Double), 0);
}

TEST(ExtremeExactJudge, NearestRoundsAtTheOverflowThreshold)
{
    // t = (max + ulp/2) exactly is the tie between max and 2^1024: to even, +inf; just below: max
    const double halfUlp = 0x1p970;
    // segment of direction 1 from 0: t = plane position; the box [x, x] with x = max is exact
    const ExactResult atMax = JudgeExact(RayBox({0, 0, 0}, {1, 0, 0}, {DBL_MAX, 0, 0}, {DBL_MAX, 0, 0}));
    ASSERT_TRUE(atMax.hit);
    EXPECT_EQ(atMax.tEnter.value, DBL_MAX);
    // (max + ulp/2) = (max / 2 + ulp/4) / 0.5
    const ExactResult tie =
        JudgeExact(RayBox({-halfUlp / 2, 0, 0}, {0.5, 0, 0}, {DBL_MAX / 2, 0, 0}, {DBL_MAX / 2, 0, 0}));
    ASSERT_TRUE(tie.hit);
    EXPECT_EQ(tie.tEnter.value, INFINITY);
    const ExactResult below =
        JudgeExact(RayBox({-halfUlp / 4, 0, 0}, {0.5, 0, 0}, {DBL_MAX / 2, 0, 0}, {DBL_MAX / 2, 0, 0}));
    ASSERT_TRUE(below.hit);
    EXPECT_EQ(below.tEnter.value, DBL_MAX);
    // the smallest subnormals: t = 2^-1074 and 2^-1073 exactly
    const ExactResult sub = JudgeExact(RayBox({0, 0, 0}, {2, 0, 0}, {0x1p-1073, 0, 0}, {0x1p-1072, 0, 0}));
    ASSERT_TRUE(sub.hit);
    EXPECT_EQ(sub.tEnter.value, 0x1p-1074);
    EXPECT_EQ(sub.tExit.value, 0x1p-1073);
    // 2^-1075 is a tie between 0 and 2^-1074: to even, 0; 3 2^-1076 rounds up to 2^-1074
    const ExactResult tiny = JudgeExact(RayBox({0, 0, 0}, {2, 0, 0}, {0x1p-1074, 0, 0}, {0x1p-1074, 0, 0}));
    ASSERT_TRUE(tiny.hit);
    EXPECT_EQ(tiny.tEnter.value, 0);
    // 1 / 2^1075
    EXPECT_EQ(tiny.tEnter.text, "1/"
                                "40480450661462123670499069343783461409911329952828423671380271605486067913599069"
                                "37839207674028742489903741557286336238227796174747715869537340267998814770198430"
                                "34848553132722728933815484186432682479535356945490137124014966849385397236206711"
                                "29831911268162011302471753910466682923046100506437265501729201252661541548218698"
                                "9568");
    const ExactResult up = JudgeExact(RayBox({0, 0, 0}, {4, 0, 0}, {0x1p-1074, 0, 0}, {0x3p-1074, 0, 0}));
    ASSERT_TRUE(up.hit);
    EXPECT_EQ(up.tEnter.value, 0);
    EXPECT_EQ(up.tExit.value, 0x1p-1074);
}

TEST(ExtremeExactJudge, FastVerdictIsNeverWrongAtTheExtremes)
{
    // overflowing intervals must give "unknown", never a wrong verdict
    const Query queries[] = {
        RayBox({-DBL_MAX, 0, 0}, {DBL_MAX, 0, 0}, {DBL_MAX, -1, -1}, {DBL_MAX, 1, 1}),
        RayBox({0, 0, 0}, {0x1p-1074, 0x1p-1074, 0}, {2, -1, -1}, {3, 1, 1}),
        RayBox({0, 0, 0}, {0x1p-1074, 0x1p-1074, 0}, {1, -1, -1}, {3, 1, 1}),
        RayBox({0, 0, 0}, {3, 0, 0}, {-1, -1, -1}, {-0x1p-1074, 1, 1}),
        RayBox({0x1p-1074, 0x1p-1074, 0}, {0x1p-1074, -0x1p-1074, 0}, {0, 0, 0}, {0x1p-1073, 0x1p-1073, 0}),
        {Family::RayPlane, Ray<double>{{DBL_MAX, -DBL_MAX, 0}, {1, 0, 0}}, Plane<double>{{2, 2, 0}, 0}},
        {Family::RayPlane, Ray<double>{{0x1p-600, 0, 0}, {1, 0, 0}}, Plane<double>{{0x1p-600, 0, 0}, 0}},
        {Family::SegmentAabb, Segment<double>{{-DBL_MAX, 0, 0}, {DBL_MAX, 0, 0}},
         Aabb<double>{{DBL_MAX, -1, -1}, {DBL_MAX, 1, 1}}},
    };
    for (const Query& q : queries) {
        const ExactResult exact = JudgeExact(q);
        const auto fast = FastVerdict(q);
        if (fast) {
            EXPECT_EQ(*fast, exact.hit);
        }
        EXPECT_EQ(ExactHit(q), exact.hit);
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
