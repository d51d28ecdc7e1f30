// Tests of core/slab.h: the branch-free ClipSlabs against a plain per-axis slab loop (the textbook
// form, with the parallel case decided explicitly), on grid inputs full of boundaries.
#include "core/slab.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

template <typename T>
class SlabTest : public ::testing::Test {
};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(SlabTest, Scalars);

/// The textbook slab loop (Ericson, RTCD 5.3.3, closed, with an explicit parallel test), as oracle.
template <typename T>
CastResult<T> PlainSlabs(const Vec3<T>& o, const Vec3<T>& d, const Vec3<T>& lo, const Vec3<T>& hi, T tMin, T tMax)
{
    CastResult<T> r;
    T tEnter = tMin, tExit = tMax;
    int enterAxis = -1;
    for (int axis = 0; axis < 3; ++axis) {
        if (d[axis] == T(0)) {
            if (!(lo[axis] <= o[axis] && o[axis] <= hi[axis])) {
                return r;
            }
            continue;
        }
        const T t0 = (lo[axis] - o[axis]) / d[axis];
        const T t1 = (hi[axis] - o[axis]) / d[axis];
        const T tNear = t0 < t1 ? t0 : t1;
        const T tFar = t0 < t1 ? t1 : t0;
        if (tNear > tEnter) {
            tEnter = tNear;
            enterAxis = axis;
        } else if (tNear == tEnter && enterAxis < 0) {
            enterAxis = axis;
        }
        tExit = tFar < tExit ? tFar : tExit;
    }
    r.hit = tEnter <= tExit;
    if (r.hit) {
        r.tEnter = tEnter + T(0);
        r.tExit = tExit + T(0);
        r.point = o + r.tEnter * d;
        if (enterAxis >= 0) {
            r.normal[enterAxis] = d[enterAxis] > 0 ? T(-1) : T(1);
            r.hasNormal = true;
        }
    }
    return r;
}

template <typename T>
T Grid(std::mt19937& rng)
{
    static const T kValues[] = {T(-2), T(-1), T(-0.5), T(-0.0), T(0), T(0.25), T(0.5), T(1), T(1.5), T(3)};
    return kValues[rng() % 10];
}

TYPED_TEST(SlabTest, AgreesWithThePlainSlabLoopOnGridInputs)
{
    using T = TypeParam;
    std::mt19937 rng(2024);
    int hits = 0;
    for (int i = 0; i < 200000; ++i) {
        Vec3<T> o, d, lo, hi;
        for (int a = 0; a < 3; ++a) {
            o[a] = Grid<T>(rng);
            d[a] = Grid<T>(rng);
            lo[a] = Grid<T>(rng);
            hi[a] = lo[a] + (rng() % 4 == 0 ? T(0) : std::abs(Grid<T>(rng)));
        }
        if (d == Vec3<T>(0)) {
            continue;
        }
        const T tMax = i % 2 ? T(1) : std::numeric_limits<T>::infinity();
        const CastResult<T> want = PlainSlabs(o, d, lo, hi, T(0), tMax);
        const CastResult<T> got = ClipSlabs(o, d, lo, hi, T(0), tMax);
        ASSERT_EQ(got.hit, want.hit) << "case " << i;
        if (want.hit) {
            ++hits;
            ASSERT_EQ(got.tEnter, want.tEnter) << "case " << i;
            ASSERT_FALSE(std::signbit(got.tEnter)) << "case " << i;
            ASSERT_EQ(got.tExit, want.tExit) << "case " << i;
            ASSERT_EQ(got.hasNormal, want.hasNormal) << "case " << i;
            ASSERT_EQ(got.normal, want.normal) << "case " << i;
        }
    }
    EXPECT_GT(hits, 2000); // both outcomes are exercised (about 3% of the cases hit)
}

TYPED_TEST(SlabTest, NaNAnywhereMisses)
{
    using T = TypeParam;
    const T nan = std::numeric_limits<T>::quiet_NaN();
    const Vec3<T> o{-1, 0.5, 0.5}, d{1, 0, 0}, lo{0, 0, 0}, hi{1, 1, 1};
    ASSERT_TRUE(ClipSlabs(o, d, lo, hi, T(0), T(10)).hit);
    for (int which = 0; which < 4; ++which) {
        for (int axis = 0; axis < 3; ++axis) {
            Vec3<T> v[4] = {o, d, lo, hi};
            v[which][axis] = nan;
            EXPECT_FALSE(ClipSlabs(v[0], v[1], v[2], v[3], T(0), T(10)).hit) << "input " << which << " axis " << axis;
        }
    }
}

TYPED_TEST(SlabTest, NaNInABoxLoadedWholeMisses)
{
    // the box overload loads min.x min.y min.z max.x as one vector: max.x is also its lane 3
    using T = TypeParam;
    const T nan = std::numeric_limits<T>::quiet_NaN();
    const Ray<T> ray{{-1, 0.5, 0.5}, {1, 0, 0}};
    const Aabb<T> box{{0, 0, 0}, {1, 1, 1}};
    ASSERT_TRUE(ClipSlabs(ray.origin, ray.direction, box, T(0), T(10)).hit);
    for (int axis = 0; axis < 3; ++axis) {
        Aabb<T> withNaN = box;
        withNaN.min[axis] = nan;
        EXPECT_FALSE(ClipSlabs(ray.origin, ray.direction, withNaN, T(0), T(10)).hit) << "min axis " << axis;
        withNaN = box;
        withNaN.max[axis] = nan;
        EXPECT_FALSE(ClipSlabs(ray.origin, ray.direction, withNaN, T(0), T(10)).hit) << "max axis " << axis;
    }
}

/// A coordinate from ordinary values and the extremes: zeros of both signs, subnormals, the
/// smallest normal, the largest finite, a NaN now and then.
template <typename T>
T ExtremeCoordinate(std::mt19937& rng)
{
    using L = std::numeric_limits<T>;
    const T specials[] = {T(0), -T(0), L::denorm_min(), -L::denorm_min(), L::min(), L::max(), -L::max(), T(0.5), T(-1),
                          T(2), T(3),  L::quiet_NaN()};
    std::uniform_real_distribution<T> unit(T(-2), T(2));
    switch (rng() % 4) {
    case 0:
        return specials[rng() % std::size(specials)];
    case 1:
        return unit(rng) * std::ldexp(T(1), int(rng() % unsigned(2 * L::max_exponent)) - L::max_exponent);
    default:
        return unit(rng);
    }
}

TYPED_TEST(SlabTest, BoxOverloadGivesTheBoundsOverloadsResultsBitForBit)
{
    // the box's bounds loaded whole (lane 3 another coordinate of the box) or one by one (lane 3 zero)
    using T = TypeParam;
    const T inf = std::numeric_limits<T>::infinity();
    std::mt19937 rng(11);
    int hits = 0;
    for (int i = 0; i < 200000; ++i) {
        Ray<T> ray;
        Aabb<T> box;
        for (int axis = 0; axis < 3; ++axis) {
            ray.origin[axis] = ExtremeCoordinate<T>(rng);
            ray.direction[axis] = ExtremeCoordinate<T>(rng);
            const T a = ExtremeCoordinate<T>(rng), b = ExtremeCoordinate<T>(rng);
            box.min[axis] = a < b ? a : b;
            box.max[axis] = a < b ? b : a;
        }
        const CastResult<T> whole = ClipSlabs(ray.origin, ray.direction, box, T(0), inf);
        const CastResult<T> bounds = ClipSlabs(ray.origin, ray.direction, box.min, box.max, T(0), inf);
        ASSERT_EQ(whole.hit, bounds.hit) << i;
        ASSERT_EQ(whole.hasNormal, bounds.hasNormal) << i;
        const T a[] = {whole.tEnter,  whole.tExit,    whole.point.x,  whole.point.y,
                       whole.point.z, whole.normal.x, whole.normal.y, whole.normal.z};
        const T b[] = {bounds.tEnter,  bounds.tExit,    bounds.point.x,  bounds.point.y,
                       bounds.point.z, bounds.normal.x, bounds.normal.y, bounds.normal.z};
        for (int f = 0; f < 8; ++f) {
            ASSERT_EQ(std::memcmp(&a[f], &b[f], sizeof(T)), 0) << i << " field " << f;
        }
        hits += whole.hit ? 1 : 0;
    }
    // both verdicts occur often enough for the comparison to mean something
    EXPECT_GT(hits, 10000);
    EXPECT_LT(hits, 190000);
}

TYPED_TEST(SlabTest, ParallelAxisOutsideMissesEvenWhenTheOtherAxisOverflows)
{
    using T = TypeParam;
    // y parallel with the origin above the box; x crawls so slowly that its t overflows to +inf
    const T tiny = std::numeric_limits<T>::denorm_min();
    const Vec3<T> origin{-1, 2, 0.5}, dir{tiny, 0, 0}, lo{0, 0, 0}, hi{1, 1, 1};
    const CastResult<T> r = ClipSlabs(origin, dir, lo, hi, T(0), std::numeric_limits<T>::infinity());
    EXPECT_FALSE(r.hit);
}

TEST(SlabVerdict, TimesThatPrintAlikeGetTheDigitsThatTellThemApart)
{
    EXPECT_EQ(DistinctDigits(0.5, 0.5), 6);
    EXPECT_EQ(DistinctDigits(0.25, 0.75), 6);
    // the two floats either side of 0.5, 0.4999999702 and 0.5000000596: at 7 digits "0.5" and
    // "0.5000001" (at 6 both read "0.5")
    const double below = double(std::nextafter(0.5f, 0.0f)), above = double(std::nextafter(0.5f, 1.0f));
    EXPECT_EQ(DistinctDigits(above, below), 7);
    EXPECT_EQ(DistinctDigits(1.0, std::nextafter(1.0, 2.0)), 17);

    // the segment leaves x just before t = 0.5 and enters y just after: a miss by two ulps
    SlabPart y;
    y.axis = 1;
    y.tNear = above;
    y.tFar = 1.5;
    y.tEnter = above;
    y.tExit = below;
    y.enterBy = 1;
    y.exitBy = 0;
    EXPECT_EQ(SlabMissSentence(y, "segment", 0.0, 1.0),
              "miss: the segment leaves the x slab at t = 0.5 before it enters the y slab at t = 0.5000001");
    EXPECT_EQ(SlabIntervalText(y), "empty: 0.5000001 > 0.5");
}

/// The slab steps of a trace, in order.
std::vector<SlabPart> SlabSteps(const Trace& trace)
{
    std::vector<SlabPart> out;
    for (const TraceStep& step : trace.steps) {
        if (const auto* slab = std::get_if<SlabPart>(&step.part)) {
            out.push_back(*slab);
        }
    }
    return out;
}

TEST(SlabVerdict, NamesTheSlabsOfTheStepMarkedDeciding)
{
    // x slab [0.5, 1], y slab [2, 3], z slab [0, 0.2]: the running interval empties at y (x's exit
    // 1 before y's entry 2); z's exit 0.2 is the smallest far value but comes after the decision
    Trace trace;
    const CastResult<double> r =
        ClipSlabs<double>({0, 0, 0}, {1, 1, 1}, {0.5, 2, 0}, {1, 3, 0.2}, 0.0, simd::kInf<double>, &trace);
    ASSERT_FALSE(r.hit);
    ASSERT_EQ(trace.decidingStep, 2); // step 0 is the allowed range, then x, y, z
    EXPECT_EQ(std::get<SlabPart>(trace.steps[2].part).axis, 1);
    EXPECT_EQ(trace.verdict, "miss: the ray leaves the x slab at t = 1 before it enters the y slab at t = 2");
    const std::vector<SlabPart> slabs = SlabSteps(trace);
    ASSERT_EQ(slabs.size(), 3u);
    EXPECT_EQ(slabs[0].enterBy, 0);
    EXPECT_EQ(slabs[0].exitBy, 0);
    EXPECT_EQ(slabs[1].enterBy, 1);
    EXPECT_EQ(slabs[1].exitBy, 0);
    EXPECT_EQ(slabs[2].exitBy, 2); // z lowers the exit to 0.2 after the decision
    EXPECT_EQ(SlabIntervalText(slabs[1]), "empty: 2 > 1");
}

TEST(SlabVerdict, ABoxBehindTheRayIsNotBlamedOnALaterSlab)
{
    // x slab [1, 2] ahead, y slab [-3, -2] behind: the box is behind the ray; the line leaves y
    // (t = -2) before it enters x (t = 1), but that is behind the origin, not why it misses
    Trace trace;
    const CastResult<double> r =
        ClipSlabs<double>({0, 0, 0}, {1, 1, 0}, {1, -3, -1}, {2, -2, 1}, 0.0, simd::kInf<double>, &trace);
    ASSERT_FALSE(r.hit);
    EXPECT_EQ(trace.decidingStep, 2);
    EXPECT_EQ(trace.verdict, "miss: the box is behind the ray: it leaves the y slab at t = -2, before t = 0");
}

TEST(SlabVerdict, ParallelOutsideIsRejectedAndSaysSo)
{
    Trace trace;
    ClipSlabs<float>({0, 0, 2}, {1, 1, 0}, {1, 1, -0.5f}, {3, 3, 0.5f}, 0.0f, simd::kInf<float>, &trace);
    const std::vector<SlabPart> slabs = SlabSteps(trace);
    ASSERT_EQ(slabs.size(), 3u);
    EXPECT_TRUE(slabs[2].parallel);
    EXPECT_FALSE(slabs[2].originInside);
    EXPECT_TRUE(slabs[2].rejected);
    EXPECT_EQ(SlabLabel(slabs[2]), "z slab: parallel, outside");
    EXPECT_EQ(SlabIntervalText(slabs[2]), "empty: origin outside");
    EXPECT_EQ(trace.verdict, "miss: the ray is parallel to the z slab and its origin lies outside it");
    EXPECT_EQ(trace.decidingStep, 3);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
