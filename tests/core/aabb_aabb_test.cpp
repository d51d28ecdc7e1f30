// Tests of core/aabb_aabb.h: the reference interval test and the published centre / half-size test.
#include "core/aabb_aabb.h"

#include "core/algorithm.h"
#include "support/overlap_oracle.h"

#include <gtest/gtest.h>

#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

template <typename T>
class AabbAabbTest : public ::testing::Test {
};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(AabbAabbTest, Scalars);

template <typename T>
Aabb<T> Box(glm::dvec3 lo, glm::dvec3 hi)
{
    return ShapeCast<T>(Aabb<double>{lo, hi});
}

template <typename T>
Vec3<T> V(double x, double y, double z)
{
    return Vec3<T>(T(x), T(y), T(z));
}

// ---- interval (reference): hand-checked cases ----

struct IntervalCase {
    const char* name;
    glm::dvec3 aMin, aMax, bMin, bMax;
    bool hit;
    double depth;
    glm::dvec3 normal;     // hits
    glm::dvec3 contact;    // hits
    glm::dvec3 separating; // misses
};

const IntervalCase kIntervalCases[] = {
    {"TouchingFacesHitWithDepthZeroAndNormalPlusX",
     {0, 0, 0},
     {1, 1, 1},
     {1, 0, 0},
     {2, 1, 1},
     true,
     0,
     {1, 0, 0},
     {1, 0.5, 0.5},
     {}},
    {"TouchingCornersHitAndPickTheLowestAxis",
     {0, 0, 0},
     {1, 1, 1},
     {1, 1, 1},
     {2, 2, 2},
     true,
     0,
     {1, 0, 0},
     {1, 1, 1},
     {}},
    {"TouchingFromBelowGivesNormalMinusY",
     {0, 0, 0},
     {1, 1, 1},
     {0, -1, 0},
     {1, 0, 1},
     true,
     0,
     {0, -1, 0},
     {0.5, 0, 0.5},
     {}},
    {"SmallGapMissesAlongPlusX", {0, 0, 0}, {1, 1, 1}, {1.0009765625, 0, 0}, {2, 1, 1}, false, 0, {}, {}, {1, 0, 0}},
    {"SeparatedBelowReportsMinusY", {0, 0, 0}, {1, 1, 1}, {0, -3, 0}, {1, -0.5, 1}, false, 0, {}, {}, {0, -1, 0}},
    {"FirstDisjointAxisIsReported", {0, 0, 0}, {1, 1, 1}, {0, 5, -5}, {1, 6, -4}, false, 0, {}, {}, {0, 1, 0}},
    // a = [0, 4]^3, b = [1, 2] x [1, 3] x [1, 2]: x pushes 3 / 2, y 3 / 3, z 3 / 2 -> x wins, b moves -x
    {"ContainmentDepthIsPushOutNotIntervalLength",
     {0, 0, 0},
     {4, 4, 4},
     {1, 1, 1},
     {2, 3, 2},
     true,
     2,
     {-1, 0, 0},
     {1.5, 2, 1.5},
     {}},
    {"CrossingBoxesPushOutAlongZ",
     {-4, -0.5, -0.5},
     {4, 0.5, 0.5},
     {-0.5, -4, -1},
     {0.5, 4, 1},
     true,
     1.5,
     {0, 0, 1},
     {0, 0, 0},
     {}},
    {"ConcentricBoxesTieGivesPlusX",
     {0, 0, 0},
     {2, 2, 2},
     {0.5, 0.5, 0.5},
     {1.5, 1.5, 1.5},
     true,
     1.5,
     {1, 0, 0},
     {1, 1, 1},
     {}},
    {"PartialOverlapMovesBTowardsItsSide",
     {0, 0, 0},
     {2, 2, 2},
     {1.5, 0.25, 0.25},
     {3, 1.75, 1.75},
     true,
     0.5,
     {1, 0, 0},
     {1.75, 1, 1},
     {}},
    {"FlatBoxOnFaceHits",
     {0, 0, 0},
     {1, 1, 1},
     {0.25, 1, 0.25},
     {0.75, 1, 0.75},
     true,
     0,
     {0, 1, 0},
     {0.5, 1, 0.5},
     {}},
    {"IdenticalBoxesDepthIsFullWidth",
     {0, 0, 0},
     {1, 2, 3},
     {0, 0, 0},
     {1, 2, 3},
     true,
     1,
     {1, 0, 0},
     {0.5, 1, 1.5},
     {}},
};

TYPED_TEST(AabbAabbTest, IntervalHandCheckedCases)
{
    using T = TypeParam;
    for (const IntervalCase& c : kIntervalCases) {
        SCOPED_TRACE(c.name);
        const OverlapResult<T> r = AabbAabbInterval(Box<T>(c.aMin, c.aMax), Box<T>(c.bMin, c.bMax));
        ASSERT_EQ(r.hit, c.hit);
        if (c.hit) {
            EXPECT_EQ(r.depth, T(c.depth));
            EXPECT_EQ(r.normal, Vec3<T>(c.normal));
            EXPECT_EQ(r.contact, Vec3<T>(c.contact));
            EXPECT_FALSE(r.hasSeparatingAxis);
        } else {
            EXPECT_TRUE(r.hasSeparatingAxis);
            EXPECT_EQ(r.separatingAxis, Vec3<T>(c.separating));
        }
    }
}

TYPED_TEST(AabbAabbTest, IntervalNanMisses)
{
    using T = TypeParam;
    const T nan = std::numeric_limits<T>::quiet_NaN();
    EXPECT_FALSE(
        AabbAabbInterval(Aabb<T>{V<T>(0, 0, 0), V<T>(1, 1, 1)}, Aabb<T>{Vec3<T>(nan, 0, 0), V<T>(1, 1, 1)}).hit);
    EXPECT_FALSE(
        AabbAabbCenterExtent(Aabb<T>{V<T>(0, 0, 0), V<T>(1, 1, 1)}, Aabb<T>{Vec3<T>(0, 0, nan), V<T>(1, 1, 1)}).hit);
}

TYPED_TEST(AabbAabbTest, IntervalDepthZeroIsPositiveZero)
{
    using T = TypeParam;
    const OverlapResult<T> r = AabbAabbInterval(Box<T>({0, 0, 0}, {1, 1, 1}), Box<T>({1, 0, 0}, {2, 1, 1}));
    ASSERT_TRUE(r.hit);
    EXPECT_FALSE(std::signbit(r.depth));
}

TYPED_TEST(AabbAabbTest, IntervalTraceMarksTheSeparatingAxisAsDeciding)
{
    using T = TypeParam;
    Trace trace;
    const OverlapResult<T> r = AabbAabbInterval(Box<T>({0, 0, 0}, {1, 1, 1}), Box<T>({0, 2, 0}, {1, 3, 1}), &trace);
    ASSERT_FALSE(r.hit);
    ASSERT_EQ(trace.steps.size(), 2u); // x tested, y separates: early exit
    EXPECT_EQ(trace.decidingStep, 1);
    const auto* part = std::get_if<AxisPart>(&trace.steps[1].part);
    ASSERT_NE(part, nullptr);
    EXPECT_EQ(part->label, "y");
    EXPECT_TRUE(part->separating);
    EXPECT_EQ(part->overlap, -1.0);
    EXPECT_FALSE(trace.verdict.empty());
}

TYPED_TEST(AabbAabbTest, IntervalTraceMarksTheChosenAxis)
{
    using T = TypeParam;
    Trace trace;
    const OverlapResult<T> r = AabbAabbInterval(Box<T>({0, 0, 0}, {4, 4, 4}), Box<T>({1, 1, 1}, {2, 3, 2}), &trace);
    ASSERT_TRUE(r.hit);
    ASSERT_EQ(trace.steps.size(), 4u);
    EXPECT_EQ(trace.decidingStep, 3);
    for (int axis = 0; axis < 3; ++axis) {
        const auto* part = std::get_if<AxisPart>(&trace.steps[static_cast<size_t>(axis)].part);
        ASSERT_NE(part, nullptr);
        EXPECT_EQ(part->chosen, axis == 0);
    }
    EXPECT_EQ(std::get<AxisPart>(trace.steps[1].part).overlap, 3.0);
}

// ---- public cases ----

TEST(AabbAabbPublic, ReferenceMatchesEveryCaseInFloatAndDouble)
{
    const auto cases = test::LoadPublicCases("aabb_aabb");
    ASSERT_GE(cases.size(), 5u);
    const AlgorithmInfo& ref = ReferenceAlgorithm(Family::AabbAabb);
    EXPECT_EQ(ref.name, "interval");
    test::ForEachCaseInBothPrecisions(
        cases, [&](const test::PublicCase& c, Precision p) { test::ExpectHitAndExactDepth(ref, c, p); });
}

TEST(AabbAabbPublic, CenterExtentCountsTouchingAsSeparate)
{
    const AlgorithmInfo* info = FindAlgorithm(Family::AabbAabb, "center_extent");
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->ConventionValue("touching"), "separate");
    EXPECT_EQ(ReferenceAlgorithm(Family::AabbAabb).ConventionValue("touching"), "overlap");
    for (const auto& c : test::LoadPublicCases("aabb_aabb")) {
        for (Precision p : {Precision::Float, Precision::Double}) {
            SCOPED_TRACE(testing::Message() << "case " << c.id << " (" << c.kind << ")");
            const Result r = hitlab::Run(*info, c.query, p);
            // touching cases (depth 0) are separate; the others agree with the exact answer
            EXPECT_EQ(r.hit, c.hit && c.depth > 0);
            if (r.hit) {
                EXPECT_EQ(r.depth, c.depth);
            }
        }
    }
}

// ---- center_extent (published) ----

TYPED_TEST(AabbAabbTest, CenterExtentTouchingFacesAreSeparate)
{
    using T = TypeParam;
    Trace trace;
    const OverlapResult<T> r = AabbAabbCenterExtent(Box<T>({0, 0, 0}, {1, 1, 1}), Box<T>({1, 0, 0}, {2, 1, 1}), &trace);
    EXPECT_FALSE(r.hit);
    EXPECT_EQ(trace.decidingStep, 0);
    EXPECT_TRUE(AabbAabbInterval(Box<T>({0, 0, 0}, {1, 1, 1}), Box<T>({1, 0, 0}, {2, 1, 1})).hit);
}

TYPED_TEST(AabbAabbTest, CenterExtentContainmentDepthMatchesReferenceNotIntervalLength)
{
    using T = TypeParam;
    // public case 30: the interval overlap length along x is 1, the push-out 2; the six face
    // distances of a give the push-out too, so both algorithms say 2 (-x).
    const Aabb<T> a = Box<T>({0, 0, 0}, {4, 4, 4});
    const Aabb<T> b = Box<T>({1, 1, 1}, {2, 3, 2});
    const OverlapResult<T> pub = AabbAabbCenterExtent(a, b);
    const OverlapResult<T> ref = AabbAabbInterval(a, b);
    ASSERT_TRUE(pub.hit);
    EXPECT_EQ(pub.depth, T(2));
    EXPECT_EQ(pub.depth, ref.depth);
    EXPECT_EQ(pub.normal, V<T>(-1, 0, 0));
    EXPECT_EQ(pub.normal, ref.normal);
    // the listing's contact: midpoint of the centres (2, 2, 2) and (1.5, 2, 1.5)
    EXPECT_EQ(pub.contact, V<T>(1.75, 2, 1.75));
}

TYPED_TEST(AabbAabbTest, CenterExtentConcentricTiePicksMinusAxisWhereReferencePicksPlus)
{
    using T = TypeParam;
    const Aabb<T> a = Box<T>({-4, -0.5, -0.5}, {4, 0.5, 0.5});
    const Aabb<T> b = Box<T>({-0.5, -4, -1}, {0.5, 4, 1});
    const OverlapResult<T> pub = AabbAabbCenterExtent(a, b);
    const OverlapResult<T> ref = AabbAabbInterval(a, b);
    ASSERT_TRUE(pub.hit);
    EXPECT_EQ(pub.depth, T(1.5));
    EXPECT_EQ(pub.normal, V<T>(0, 0, -1)); // first of the face order -z, +z
    EXPECT_EQ(ref.normal, V<T>(0, 0, 1));  // reference: concentric -> +axis
}

TYPED_TEST(AabbAabbTest, CenterExtentContactCanLieOutsideTheOverlap)
{
    using T = TypeParam;
    const Aabb<T> a = Box<T>({0, 0, 0}, {1, 1, 1});
    const Aabb<T> b = Box<T>({-10, 0, 0}, {0.5, 1, 1});
    const OverlapResult<T> pub = AabbAabbCenterExtent(a, b);
    const OverlapResult<T> ref = AabbAabbInterval(a, b);
    ASSERT_TRUE(pub.hit);
    EXPECT_EQ(pub.contact.x, T(-2.125)); // midpoint of 0.5 and -4.75: not in a
    EXPECT_LT(pub.contact.x, a.min.x);
    EXPECT_EQ(ref.contact.x, T(0.25)); // centre of the overlap [0, 0.5]
}

// ---- seeded differential test against the exact integer oracle ----

TEST(AabbAabbDifferential, ReferenceMatchesExactOracleOnGridInputs)
{
    std::mt19937_64 rng(20240602);
    int hits = 0, touching = 0;
    for (int i = 0; i < 20000; ++i) {
        // coarse grids make touching and shared faces common
        const int bits = i % 3 == 0 ? 1 : (i % 3 == 1 ? 4 : test::kGridBits);
        const Aabb<double> a = test::RandomGridAabb(rng, 3, 2, bits);
        const Aabb<double> b = test::RandomGridAabb(rng, 3, 2, bits);
        const bool exact = test::AabbAabbExact(a, b);
        const double exactDepth = std::ldexp(double(test::AabbAabbDepthGrid(a, b)), -test::kGridBits);
        const OverlapResult<double> rd = AabbAabbInterval(a, b);
        const OverlapResult<float> rf = AabbAabbInterval(ShapeCast<float>(a), ShapeCast<float>(b));
        ASSERT_EQ(rd.hit, exact) << i;
        ASSERT_EQ(rf.hit, exact) << i;
        if (exact) {
            ++hits;
            touching += exactDepth == 0 ? 1 : 0;
            EXPECT_EQ(rd.depth, exactDepth) << i;
            EXPECT_NEAR(rf.depth, exactDepth, 4e-6) << i;
            // contact lies in both boxes
            for (int k = 0; k < 3; ++k) {
                EXPECT_TRUE(rd.contact[k] >= a.min[k] && rd.contact[k] <= a.max[k]) << i;
                EXPECT_TRUE(rd.contact[k] >= b.min[k] && rd.contact[k] <= b.max[k]) << i;
            }
            // b moved by depth along the normal only touches a
            const glm::dvec3 shift = rd.depth * rd.normal;
            const Aabb<double> moved{b.min + shift, b.max + shift};
            EXPECT_EQ(test::AabbAabbDepthGrid(a, moved), 0) << i;
        }
    }
    EXPECT_GT(hits, 2000);
    EXPECT_GT(touching, 100);
}

// ---- seeded properties ----

TEST(AabbAabbProperties, TranslationByPowersOfTwoChangesNothing)
{
    std::mt19937_64 rng(7);
    for (int i = 0; i < 5000; ++i) {
        const Aabb<double> a = test::RandomGridAabb(rng, 2, 2, 12);
        const Aabb<double> b = test::RandomGridAabb(rng, 2, 2, 12);
        const glm::dvec3 offset(std::ldexp(1.0, int(i % 5)), -std::ldexp(1.0, int(i % 3)), 0.5);
        for (int p = 0; p < 2; ++p) {
            const auto check = [&](auto tag) {
                using T = decltype(tag);
                const Aabb<T> a0 = ShapeCast<T>(a), b0 = ShapeCast<T>(b);
                const Aabb<T> a1{a0.min + Vec3<T>(offset), a0.max + Vec3<T>(offset)};
                const Aabb<T> b1{b0.min + Vec3<T>(offset), b0.max + Vec3<T>(offset)};
                const OverlapResult<T> r0 = AabbAabbInterval(a0, b0), r1 = AabbAabbInterval(a1, b1);
                ASSERT_EQ(r0.hit, r1.hit) << i;
                EXPECT_EQ(r0.depth, r1.depth) << i;
                EXPECT_EQ(r0.normal, r1.normal) << i;
                if (r0.hit) {
                    EXPECT_EQ(r0.contact + Vec3<T>(offset), r1.contact) << i;
                }
                EXPECT_EQ(r0.separatingAxis, r1.separatingAxis) << i;
            };
            p == 0 ? check(0.0f) : check(0.0);
        }
    }
}

TEST(AabbAabbProperties, AxisPermutationAndSwapKeepHitAndDepth)
{
    std::mt19937_64 rng(11);
    const int perm[3] = {2, 0, 1};
    for (int i = 0; i < 5000; ++i) {
        const Aabb<double> a = test::RandomGridAabb(rng, 2, 2, i % 2 ? 2 : 12);
        const Aabb<double> b = test::RandomGridAabb(rng, 2, 2, i % 2 ? 2 : 12);
        Aabb<double> pa, pb;
        for (int k = 0; k < 3; ++k) {
            pa.min[perm[k]] = a.min[k];
            pa.max[perm[k]] = a.max[k];
            pb.min[perm[k]] = b.min[k];
            pb.max[perm[k]] = b.max[k];
        }
        const OverlapResult<double> r = AabbAabbInterval(a, b);
        const OverlapResult<double> rp = AabbAabbInterval(pa, pb);
        const OverlapResult<double> rs = AabbAabbInterval(b, a);
        ASSERT_EQ(r.hit, rp.hit) << i;
        ASSERT_EQ(r.hit, rs.hit) << i;
        if (!r.hit) {
            continue;
        }
        EXPECT_EQ(r.depth, rp.depth) << i;
        EXPECT_EQ(r.depth, rs.depth) << i;
        // the normal follows when the least push-out is unique (no axis or side tie)
        int ties = 0;
        for (int k = 0; k < 3; ++k) {
            ties += (a.max[k] - b.min[k] == r.depth) + (b.max[k] - a.min[k] == r.depth);
        }
        if (ties == 1) {
            for (int k = 0; k < 3; ++k) {
                EXPECT_EQ(rp.normal[perm[k]], r.normal[k]) << i;
            }
            EXPECT_EQ(rs.normal, -r.normal) << i;
        }
    }
}

TEST(AabbAabbProperties, FloatAgreesWithDoubleAwayFromBoundaries)
{
    std::mt19937_64 rng(13);
    std::uniform_real_distribution<double> u(-3, 3), h(0, 2);
    int compared = 0;
    for (int i = 0; i < 20000; ++i) {
        // arbitrary doubles: rounding to float moves each coordinate by at most ~2e-7
        const glm::dvec3 ca(u(rng), u(rng), u(rng)), cb(u(rng), u(rng), u(rng));
        const glm::dvec3 ha(h(rng), h(rng), h(rng)), hb(h(rng), h(rng), h(rng));
        const Aabb<double> a{ca - ha, ca + ha}, b{cb - hb, cb + hb};
        const OverlapResult<double> rd = AabbAabbInterval(a, b);
        double margin = std::numeric_limits<double>::infinity();
        for (int k = 0; k < 3; ++k) {
            margin = std::min({margin, std::abs(a.max[k] - b.min[k]), std::abs(b.max[k] - a.min[k])});
        }
        if (margin < 1e-5) {
            continue;
        }
        ++compared;
        const OverlapResult<float> rf = AabbAabbInterval(ShapeCast<float>(a), ShapeCast<float>(b));
        ASSERT_EQ(rf.hit, rd.hit) << i;
        if (rd.hit) {
            EXPECT_NEAR(rf.depth, rd.depth, 2e-6) << i;
        }
    }
    EXPECT_GT(compared, 19000);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
