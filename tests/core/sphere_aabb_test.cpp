// Tests of core/sphere_aabb.h: the reference closest-point test and the expanded-box shortcut.
#include "core/sphere_aabb.h"

#include "core/algorithm.h"
#include "support/overlap_oracle.h"

#include <gtest/gtest.h>

#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

template <typename T>
class SphereAabbTest : public ::testing::Test {
};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(SphereAabbTest, Scalars);

template <typename T>
Vec3<T> V(double x, double y, double z)
{
    return Vec3<T>(T(x), T(y), T(z));
}

struct ClosestCase {
    const char* name;
    glm::dvec3 center;
    double radius;
    glm::dvec3 boxMin, boxMax;
    bool hit;
    double depth;
    glm::dvec3 normal;
    glm::dvec3 contact;
};

const ClosestCase kClosestCases[] = {
    {"TangentOnFaceHitsWithDepthZero", {2, 0.5, 0.5}, 1, {0, 0, 0}, {1, 1, 1}, true, 0, {-1, 0, 0}, {1, 0.5, 0.5}},
    {"SmallGapBeyondFaceMisses", {2.0009765625, 0.5, 0.5}, 1, {0, 0, 0}, {1, 1, 1}, false, 0, {}, {}},
    {"NearCornerMisses", {1.5, 1.5, 1.5}, 0.75, {0, 0, 0}, {1, 1, 1}, false, 0, {}, {}},
    {"NearEdgeMisses", {1.5, 1.5, 0.5}, 0.625, {0, 0, 0}, {1, 1, 1}, false, 0, {}, {}},
    {"OverlapBeyondFacePushesBoxAway",
     {1.25, 0.5, 0.5},
     0.5,
     {0, 0, 0},
     {1, 1, 1},
     true,
     0.25,
     {-1, 0, 0},
     {1, 0.5, 0.5}},
    {"OverlapBelowPushesBoxUp", {0.5, -0.5, 0.5}, 1, {0, 0, 0}, {1, 1, 1}, true, 0.5, {0, 1, 0}, {0.5, 0, 0.5}},
    {"CentreInsidePushesOutThroughNearestFace",
     {0.25, 0.5, 0.5},
     0.125,
     {0, 0, 0},
     {1, 1, 1},
     true,
     0.375,
     {1, 0, 0},
     {0.25, 0.5, 0.5}},
    {"CentreInsideNearMaxYFace",
     {0.5, 0.875, 0.5},
     0.25,
     {0, 0, 0},
     {1, 1, 1},
     true,
     0.375,
     {0, -1, 0},
     {0.5, 0.875, 0.5}},
    {"CentreAtBoxCentreTieTakesFaceMinusX",
     {0.5, 0.5, 0.5},
     0.25,
     {0, 0, 0},
     {1, 1, 1},
     true,
     0.75,
     {1, 0, 0},
     {0.5, 0.5, 0.5}},
    {"ZeroRadiusOnSurfaceHitsWithDepthZero",
     {1, 0.5, 0.5},
     0,
     {0, 0, 0},
     {1, 1, 1},
     true,
     0,
     {-1, 0, 0},
     {1, 0.5, 0.5}},
    {"CentreOnCornerPushesOutByRadius", {0, 0, 0}, 0.5, {0, 0, 0}, {1, 1, 1}, true, 0.5, {1, 0, 0}, {0, 0, 0}},
    {"FlatBoxTangentFromAbove", {0.5, 1, 0.5}, 0.5, {0, 0.5, 0}, {1, 0.5, 1}, true, 0, {0, -1, 0}, {0.5, 0.5, 0.5}},
    {"ZeroRadiusOffTheBoxMisses", {1.0009765625, 0.5, 0.5}, 0, {0, 0, 0}, {1, 1, 1}, false, 0, {}, {}},
};

TYPED_TEST(SphereAabbTest, ClosestPointHandCheckedCases)
{
    using T = TypeParam;
    for (const ClosestCase& c : kClosestCases) {
        SCOPED_TRACE(c.name);
        const Sphere<T> s{Vec3<T>(c.center), T(c.radius)};
        const Aabb<T> box{Vec3<T>(c.boxMin), Vec3<T>(c.boxMax)};
        const OverlapResult<T> r = SphereAabbClosestPoint(s, box);
        ASSERT_EQ(r.hit, c.hit);
        if (c.hit) {
            EXPECT_EQ(r.depth, T(c.depth));
            EXPECT_FALSE(std::signbit(r.depth));
            EXPECT_EQ(r.normal, Vec3<T>(c.normal));
            EXPECT_EQ(r.contact, Vec3<T>(c.contact));
        }
    }
}

TYPED_TEST(SphereAabbTest, ClosestPointTangentAtCornerHasDiagonalNormal)
{
    using T = TypeParam;
    const OverlapResult<T> r =
        SphereAabbClosestPoint(Sphere<T>{V<T>(2, 3, 3), T(3)}, Aabb<T>{V<T>(0, 0, 0), V<T>(1, 1, 1)});
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.depth, T(0));
    EXPECT_EQ(r.normal, V<T>(-1, -2, -2) / T(3));
    EXPECT_EQ(r.contact, V<T>(1, 1, 1));
}

TYPED_TEST(SphereAabbTest, NanMisses)
{
    using T = TypeParam;
    const T nan = std::numeric_limits<T>::quiet_NaN();
    const Aabb<T> box{V<T>(0, 0, 0), V<T>(1, 1, 1)};
    EXPECT_FALSE(SphereAabbClosestPoint(Sphere<T>{Vec3<T>(nan, 0, 0), T(1)}, box).hit);
    EXPECT_FALSE(SphereAabbClosestPoint(Sphere<T>{V<T>(0.5, 0.5, 0.5), nan}, box).hit);
    EXPECT_FALSE(
        SphereAabbClosestPoint(Sphere<T>{V<T>(0.5, 0.5, 0.5), T(1)}, Aabb<T>{Vec3<T>(0, nan, 0), V<T>(1, 1, 1)}).hit);
    EXPECT_FALSE(
        SphereAabbClosestPoint(Sphere<T>{V<T>(0.5, 0.5, 0.5), T(1)}, Aabb<T>{V<T>(0, 0, 0), Vec3<T>(1, 1, nan)}).hit);
    EXPECT_FALSE(SphereAabbExpandedBox(Sphere<T>{Vec3<T>(0, 0, nan), T(1)}, box).hit);
}

TYPED_TEST(SphereAabbTest, ClosestPointTraceDecidesOnTheDistanceStep)
{
    using T = TypeParam;
    Trace trace;
    const OverlapResult<T> r =
        SphereAabbClosestPoint(Sphere<T>{V<T>(1.5, 1.5, 1.5), T(0.75)}, Aabb<T>{V<T>(0, 0, 0), V<T>(1, 1, 1)}, &trace);
    ASSERT_FALSE(r.hit);
    ASSERT_GE(trace.steps.size(), 4u);
    EXPECT_EQ(trace.decidingStep, 3); // three clamps, then |c - q|^2 against r^2
    EXPECT_EQ(trace.steps[3].values[0].value, 0.75);
    EXPECT_FALSE(trace.verdict.empty());
}

// ---- expanded_box (published) ----

TYPED_TEST(SphereAabbTest, ExpandedBoxReportsTheCornerFalsePositive)
{
    using T = TypeParam;
    // public case 32: the corner region of the grown box lies outside the rounded true region
    const Sphere<T> s{V<T>(1.5, 1.5, 1.5), T(0.75)};
    const Aabb<T> box{V<T>(0, 0, 0), V<T>(1, 1, 1)};
    EXPECT_TRUE(SphereAabbExpandedBox(s, box).hit);
    EXPECT_FALSE(SphereAabbClosestPoint(s, box).hit);
}

TYPED_TEST(SphereAabbTest, ExpandedBoxReportsTheEdgeFalsePositive)
{
    using T = TypeParam;
    const Sphere<T> s{V<T>(1.5, 1.5, 0.5), T(0.625)}; // edge distance sqrt(0.5) > 0.625
    const Aabb<T> box{V<T>(0, 0, 0), V<T>(1, 1, 1)};
    EXPECT_TRUE(SphereAabbExpandedBox(s, box).hit);
    EXPECT_FALSE(SphereAabbClosestPoint(s, box).hit);
}

TYPED_TEST(SphereAabbTest, ExpandedBoxCountsTangentAsOverlapAndMissesBeyond)
{
    using T = TypeParam;
    const Aabb<T> box{V<T>(0, 0, 0), V<T>(1, 1, 1)};
    EXPECT_TRUE(SphereAabbExpandedBox(Sphere<T>{V<T>(2, 0.5, 0.5), T(1)}, box).hit);
    Trace trace;
    EXPECT_FALSE(SphereAabbExpandedBox(Sphere<T>{V<T>(0.5, 2.0009765625, 0.5), T(1)}, box, &trace).hit);
    EXPECT_EQ(trace.decidingStep, 2); // after the grown box (step 0) and x: y is outside the grown interval
}

TYPED_TEST(SphereAabbTest, ExpandedBoxTracesTheGrownBoxFirst)
{
    using T = TypeParam;
    // the corner false positive: the grown box [-0.75, 1.75]^3 holds the centre (1.5, 1.5, 1.5)
    Trace trace;
    const Aabb<T> box{V<T>(0, 0, 0), V<T>(1, 1, 1)};
    EXPECT_TRUE(SphereAabbExpandedBox(Sphere<T>{V<T>(1.5, 1.5, 1.5), T(0.75)}, box, &trace).hit);
    ASSERT_FALSE(trace.steps.empty());
    const auto* grown = std::get_if<BoxPart>(&trace.steps[0].part);
    ASSERT_NE(grown, nullptr);
    EXPECT_EQ(grown->min, glm::dvec3(-0.75));
    EXPECT_EQ(grown->max, glm::dvec3(1.75));
    EXPECT_TRUE(grown->flag);
    // a miss: the centre lies outside it
    Trace miss;
    EXPECT_FALSE(SphereAabbExpandedBox(Sphere<T>{V<T>(3, 0.5, 0.5), T(1)}, box, &miss).hit);
    EXPECT_FALSE(std::get<BoxPart>(miss.steps[0].part).flag);
    EXPECT_EQ(std::get<BoxPart>(miss.steps[0].part).max, glm::dvec3(2));
}

TEST(SphereAabbRegistry, ConventionsAreDeclared)
{
    const AlgorithmInfo& ref = ReferenceAlgorithm(Family::SphereAabb);
    EXPECT_EQ(ref.name, "closest_point");
    EXPECT_EQ(ref.ConventionValue("touching"), "overlap");
    const AlgorithmInfo* expanded = FindAlgorithm(Family::SphereAabb, "expanded_box");
    ASSERT_NE(expanded, nullptr);
    EXPECT_EQ(expanded->ConventionValue("corners"), "expanded box");
    EXPECT_EQ(expanded->ConventionValue("touching"), "overlap");
    EXPECT_TRUE(expanded->published);
    EXPECT_FALSE(expanded->flaw.empty());
}

// ---- public cases ----

TEST(SphereAabbPublic, ReferenceMatchesEveryCaseAndExpandedBoxOnlyMissesCase32)
{
    const auto cases = test::LoadPublicCases("sphere_aabb");
    ASSERT_GE(cases.size(), 5u);
    const AlgorithmInfo& ref = ReferenceAlgorithm(Family::SphereAabb);
    const AlgorithmInfo& expanded = *FindAlgorithm(Family::SphereAabb, "expanded_box");
    test::ForEachCaseInBothPrecisions(cases, [&](const test::PublicCase& c, Precision p) {
        test::ExpectHitAndExactDepth(ref, c, p);
        EXPECT_EQ(hitlab::Run(expanded, c.query, p).hit, c.id == 32 ? true : c.hit);
    });
}

// ---- seeded differential test against the exact integer oracle ----

TEST(SphereAabbDifferential, ReferenceMatchesExactOracleOnGridInputs)
{
    std::mt19937_64 rng(424242);
    int hits = 0, tangent = 0, inside = 0, falsePositives = 0;
    for (int i = 0; i < 30000; ++i) {
        const int bits = i % 3 == 0 ? 1 : (i % 3 == 1 ? 3 : test::kGridBits);
        const Aabb<double> box = test::RandomGridAabb(rng, 2, 2, bits);
        const Sphere<double> s{test::RandomGridVec(rng, 4, bits), std::abs(test::RandomGrid(rng, 2, bits))};
        const std::int64_t excess = test::SphereAabbExcessGrid(s, box);
        const bool exact = excess <= 0;
        const OverlapResult<double> rd = SphereAabbClosestPoint(s, box);
        ASSERT_EQ(rd.hit, exact) << i;
        // float: exact on the coarse grids (every product representable), else away from the boundary
        const OverlapResult<float> rf = SphereAabbClosestPoint(ShapeCast<float>(s), ShapeCast<float>(box));
        if (bits <= 3 || std::abs(std::ldexp(double(excess), -2 * test::kGridBits)) > 1e-4) {
            ASSERT_EQ(rf.hit, exact) << i;
        }
        // expanded_box never misses a true overlap, and its false positives are near edges or corners
        const bool expanded = SphereAabbExpandedBox(s, box).hit;
        ASSERT_TRUE(expanded || !exact) << i;
        if (expanded && !exact) {
            ++falsePositives;
            int outsideAxes = 0;
            for (int k = 0; k < 3; ++k) {
                outsideAxes += (s.center[k] < box.min[k] || s.center[k] > box.max[k]) ? 1 : 0;
            }
            EXPECT_GE(outsideAxes, 2) << i;
        }
        if (!exact) {
            continue;
        }
        ++hits;
        tangent += excess == 0 ? 1 : 0;
        // depth from a plain long-double computation
        long double distSq = 0, nearestFace = INFINITY;
        bool centreInside = true;
        for (int k = 0; k < 3; ++k) {
            const long double c = s.center[k];
            const long double q = std::clamp(c, (long double)box.min[k], (long double)box.max[k]);
            distSq += (c - q) * (c - q);
            centreInside = centreInside && c >= box.min[k] && c <= box.max[k];
            nearestFace = std::min({nearestFace, c - box.min[k], box.max[k] - c});
        }
        const long double depth = centreInside ? s.radius + nearestFace : s.radius - std::sqrt(distSq);
        inside += centreInside ? 1 : 0;
        EXPECT_NEAR(rd.depth, double(depth), 1e-12) << i;
        EXPECT_NEAR(rf.depth, double(depth), 1e-5) << i;
        // moving the box by depth along the normal leaves it touching the ball
        const glm::dvec3 shift = rd.depth * rd.normal;
        const Aabb<double> moved{box.min + shift, box.max + shift};
        long double movedSq = 0;
        for (int k = 0; k < 3; ++k) {
            const long double c = s.center[k];
            const long double q = std::clamp(c, (long double)moved.min[k], (long double)moved.max[k]);
            movedSq += (c - q) * (c - q);
        }
        EXPECT_NEAR(double(std::sqrt(movedSq)), s.radius, 1e-9) << i;
    }
    EXPECT_GT(hits, 3000);
    EXPECT_GT(tangent, 50);
    EXPECT_GT(inside, 500);
    EXPECT_GT(falsePositives, 50);
}

// ---- seeded properties ----

TEST(SphereAabbProperties, TranslationAndAxisPermutation)
{
    std::mt19937_64 rng(99);
    const int perm[3] = {1, 2, 0};
    for (int i = 0; i < 5000; ++i) {
        const int bits = i % 2 ? 2 : 12;
        const Aabb<double> box = test::RandomGridAabb(rng, 2, 2, bits);
        const Sphere<double> s{test::RandomGridVec(rng, 4, bits), std::abs(test::RandomGrid(rng, 2, bits))};
        const glm::dvec3 offset(std::ldexp(1.0, i % 4), -0.25, -std::ldexp(1.0, i % 3));
        const auto check = [&](auto tag) {
            using T = decltype(tag);
            const Sphere<T> s0 = ShapeCast<T>(s);
            const Aabb<T> b0 = ShapeCast<T>(box);
            const Sphere<T> s1{s0.center + Vec3<T>(offset), s0.radius};
            const Aabb<T> b1{b0.min + Vec3<T>(offset), b0.max + Vec3<T>(offset)};
            Sphere<T> sp = s0;
            Aabb<T> bp = b0;
            for (int k = 0; k < 3; ++k) {
                sp.center[perm[k]] = s0.center[k];
                bp.min[perm[k]] = b0.min[k];
                bp.max[perm[k]] = b0.max[k];
            }
            const OverlapResult<T> r0 = SphereAabbClosestPoint(s0, b0);
            const OverlapResult<T> r1 = SphereAabbClosestPoint(s1, b1);
            const OverlapResult<T> rp = SphereAabbClosestPoint(sp, bp);
            ASSERT_EQ(r0.hit, r1.hit) << i;
            // float rounds the squares of 12-bit grid values: permuted sums may differ there
            const bool exactSums = sizeof(T) == sizeof(double) || bits <= 2;
            if (exactSums) {
                ASSERT_EQ(r0.hit, rp.hit) << i;
            }
            if (r0.hit) {
                EXPECT_EQ(r0.depth, r1.depth) << i;
                EXPECT_EQ(r0.normal, r1.normal) << i;
                EXPECT_EQ(r0.contact + Vec3<T>(offset), r1.contact) << i;
                if (exactSums) {
                    EXPECT_EQ(r0.depth, rp.depth) << i;
                }
            }
        };
        check(0.0f);
        check(0.0);
    }
}

TEST(SphereAabbProperties, FloatAgreesWithDoubleAwayFromBoundaries)
{
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> u(-3, 3), h(0, 2);
    int compared = 0;
    for (int i = 0; i < 20000; ++i) {
        const glm::dvec3 c(u(rng), u(rng), u(rng)), half(h(rng), h(rng), h(rng));
        const Aabb<double> box{c - half, c + half};
        const Sphere<double> s{glm::dvec3(u(rng), u(rng), u(rng)), h(rng)};
        long double distSq = 0;
        for (int k = 0; k < 3; ++k) {
            const long double q =
                std::clamp((long double)s.center[k], (long double)box.min[k], (long double)box.max[k]);
            distSq += (s.center[k] - q) * (s.center[k] - q);
        }
        if (std::abs(std::sqrt(distSq) - s.radius) < 1e-5) {
            continue;
        }
        ++compared;
        const OverlapResult<double> rd = SphereAabbClosestPoint(s, box);
        const OverlapResult<float> rf = SphereAabbClosestPoint(ShapeCast<float>(s), ShapeCast<float>(box));
        ASSERT_EQ(rf.hit, rd.hit) << i;
        if (rd.hit) {
            EXPECT_NEAR(rf.depth, rd.depth, 1e-5) << i;
        }
    }
    EXPECT_GT(compared, 19000);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(SphereAabbTrace, ClampStepsCarryBothIntervalsPerAxis)
{
    // the ball at (3, 0.5, 0.5), r = 1, against [0, 1]^3: on x [2, 4] and [0, 1] are 1 apart
    Trace trace;
    SphereAabbClosestPoint(Sphere<double>{{3, 0.5, 0.5}, 1}, Aabb<double>{{0, 0, 0}, {1, 1, 1}}, &trace);
    ASSERT_GE(trace.steps.size(), 3u);
    const auto* x = std::get_if<AxisPart>(&trace.steps[0].part);
    ASSERT_NE(x, nullptr);
    EXPECT_EQ(x->label, "x");
    EXPECT_EQ(x->axis, glm::dvec3(1, 0, 0));
    EXPECT_EQ(x->ra, 1.0);
    EXPECT_EQ(x->rb, 0.5);
    EXPECT_EQ(x->distance, 2.5);
    EXPECT_EQ(x->overlap, -1.0);
    EXPECT_TRUE(x->separating);
    const auto* y = std::get_if<AxisPart>(&trace.steps[1].part);
    ASSERT_NE(y, nullptr);
    EXPECT_EQ(y->distance, 0.0);
    EXPECT_EQ(y->overlap, 1.5);
    EXPECT_FALSE(y->separating);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
