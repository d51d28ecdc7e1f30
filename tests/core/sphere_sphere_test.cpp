// Tests of core/sphere_sphere.h: the reference squared-distance test.
#include "core/sphere_sphere.h"

#include "core/algorithm.h"
#include "support/overlap_oracle.h"

#include <gtest/gtest.h>

#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

template <typename T>
class SphereSphereTest : public ::testing::Test {
};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(SphereSphereTest, Scalars);

template <typename T>
Vec3<T> V(double x, double y, double z)
{
    return Vec3<T>(T(x), T(y), T(z));
}

struct DistanceCase {
    const char* name;
    glm::dvec3 ca;
    double ra;
    glm::dvec3 cb;
    double rb;
    bool hit;
    double depth;
    glm::dvec3 normal;
    glm::dvec3 contact;
};

const DistanceCase kDistanceCases[] = {
    {"TouchingAlongXHitWithDepthZero", {0, 0, 0}, 1, {2, 0, 0}, 1, true, 0, {1, 0, 0}, {1, 0, 0}},
    {"SmallGapMisses", {0, 0, 0}, 1, {2.0009765625, 0, 0}, 1, false, 0, {}, {}},
    {"OverlapAlongX", {0, 0, 0}, 1, {1.5, 0, 0}, 1, true, 0.5, {1, 0, 0}, {0.75, 0, 0}},
    {"OverlapAlongMinusZ", {0, 0, 4}, 2, {0, 0, 1}, 2, true, 1, {0, 0, -1}, {0, 0, 2.5}},
    {"ContainedSphereContactStaysInsideBoth", {0, 0, 0}, 10, {2, 0, 0}, 1, true, 9, {1, 0, 0}, {2, 0, 0}},
    {"CoincidentCentresGetNormalPlusX", {1, 1, 1}, 1, {1, 1, 1}, 2, true, 3, {1, 0, 0}, {1, 1, 1}},
    {"ZeroRadiiAtTheSamePointHit", {1, 2, 3}, 0, {1, 2, 3}, 0, true, 0, {1, 0, 0}, {1, 2, 3}},
    {"ZeroRadiiApartMiss", {1, 2, 3}, 0, {1, 2, 3.0009765625}, 0, false, 0, {}, {}},
    {"ZeroRadiusOnSurfaceHits", {0, 0, 0}, 1, {0, 1, 0}, 0, true, 0, {0, 1, 0}, {0, 1, 0}},
};

TYPED_TEST(SphereSphereTest, DistanceHandCheckedCases)
{
    using T = TypeParam;
    for (const DistanceCase& c : kDistanceCases) {
        SCOPED_TRACE(c.name);
        const OverlapResult<T> r =
            SphereSphereDistance(Sphere<T>{Vec3<T>(c.ca), T(c.ra)}, Sphere<T>{Vec3<T>(c.cb), T(c.rb)});
        ASSERT_EQ(r.hit, c.hit);
        if (c.hit) {
            EXPECT_EQ(r.depth, T(c.depth));
            EXPECT_FALSE(std::signbit(r.depth));
            EXPECT_EQ(r.normal, Vec3<T>(c.normal));
            EXPECT_EQ(r.contact, Vec3<T>(c.contact));
        }
    }
}

TYPED_TEST(SphereSphereTest, TouchingAtAPythagoreanDistance)
{
    using T = TypeParam;
    // public case 37: |(3, 4, 0)| = 5 = 2 + 3
    const OverlapResult<T> r = SphereSphereDistance(Sphere<T>{V<T>(0, 0, 0), T(2)}, Sphere<T>{V<T>(3, 4, 0), T(3)});
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.depth, T(0));
    EXPECT_EQ(r.normal, V<T>(3, 4, 0) / T(5));
    EXPECT_NEAR(double(r.contact.x), 1.2, 1e-6);
    EXPECT_NEAR(double(r.contact.y), 1.6, 1e-6);
}

TYPED_TEST(SphereSphereTest, ZeroRadiiAtATinyDistanceMissEvenWhenTheSquareUnderflows)
{
    using T = TypeParam;
    // (1e-30)^2 underflows to 0 in float; two points are compared directly
    const OverlapResult<T> r = SphereSphereDistance(Sphere<T>{V<T>(0, 0, 0), T(0)}, Sphere<T>{V<T>(1e-30, 0, 0), T(0)});
    EXPECT_FALSE(r.hit);
}

TYPED_TEST(SphereSphereTest, NanMisses)
{
    using T = TypeParam;
    const T nan = std::numeric_limits<T>::quiet_NaN();
    EXPECT_FALSE(SphereSphereDistance(Sphere<T>{Vec3<T>(nan, 0, 0), T(1)}, Sphere<T>{V<T>(0, 0, 0), T(1)}).hit);
    EXPECT_FALSE(SphereSphereDistance(Sphere<T>{V<T>(0, 0, 0), nan}, Sphere<T>{V<T>(0, 0, 0), T(1)}).hit);
    EXPECT_FALSE(SphereSphereDistance(Sphere<T>{Vec3<T>(nan, 0, 0), T(0)}, Sphere<T>{V<T>(0, 0, 0), T(0)}).hit);
}

TYPED_TEST(SphereSphereTest, TraceRecordsTheDistanceTest)
{
    using T = TypeParam;
    Trace trace;
    const OverlapResult<T> r =
        SphereSphereDistance(Sphere<T>{V<T>(0, 0, 0), T(1)}, Sphere<T>{V<T>(3, 0, 0), T(1)}, &trace);
    ASSERT_FALSE(r.hit);
    ASSERT_EQ(trace.steps.size(), 1u);
    EXPECT_EQ(trace.decidingStep, 0);
    EXPECT_EQ(trace.steps[0].values[0].value, 9.0);
    EXPECT_EQ(trace.steps[0].values[2].value, 4.0);
    EXPECT_FALSE(trace.verdict.empty());
}

// ---- public cases ----

TEST(SphereSpherePublic, ReferenceMatchesEveryCaseInFloatAndDouble)
{
    const auto cases = test::LoadPublicCases("sphere_sphere");
    ASSERT_GE(cases.size(), 3u);
    const AlgorithmInfo& ref = ReferenceAlgorithm(Family::SphereSphere);
    EXPECT_EQ(ref.name, "distance");
    EXPECT_EQ(ref.ConventionValue("touching"), "overlap");
    test::ForEachCaseInBothPrecisions(
        cases, [&](const test::PublicCase& c, Precision p) { test::ExpectHitAndExactDepth(ref, c, p); });
}

// ---- seeded differential test against the exact integer oracle ----

TEST(SphereSphereDifferential, ReferenceMatchesExactOracleOnGridInputs)
{
    std::mt19937_64 rng(31337);
    int hits = 0, touching = 0;
    for (int i = 0; i < 30000; ++i) {
        const int bits = i % 3 == 0 ? 0 : (i % 3 == 1 ? 2 : test::kGridBits);
        const Sphere<double> a{test::RandomGridVec(rng, 4, bits), std::abs(test::RandomGrid(rng, 3, bits))};
        const Sphere<double> b{test::RandomGridVec(rng, 4, bits), std::abs(test::RandomGrid(rng, 3, bits))};
        const std::int64_t excess = test::SphereSphereExcessGrid(a, b);
        const bool exact = excess <= 0;
        const OverlapResult<double> rd = SphereSphereDistance(a, b);
        ASSERT_EQ(rd.hit, exact) << i;
        const OverlapResult<float> rf = SphereSphereDistance(ShapeCast<float>(a), ShapeCast<float>(b));
        if (bits <= 2 || std::abs(std::ldexp(double(excess), -2 * test::kGridBits)) > 1e-4) {
            ASSERT_EQ(rf.hit, exact) << i;
        }
        if (!exact) {
            continue;
        }
        ++hits;
        touching += excess == 0 ? 1 : 0;
        const glm::dvec3 d = b.center - a.center;
        const long double dist = std::sqrt((long double)d.x * d.x + (long double)d.y * d.y + (long double)d.z * d.z);
        EXPECT_NEAR(rd.depth, double(a.radius + b.radius - dist), 1e-12) << i;
        EXPECT_NEAR(rf.depth, double(a.radius + b.radius - dist), 2e-5) << i;
        // the contact lies in both balls
        EXPECT_LE(glm::length(rd.contact - a.center), a.radius + 1e-12) << i;
        EXPECT_LE(glm::length(rd.contact - b.center), b.radius + 1e-12) << i;
        // moving b by depth along the normal leaves the spheres touching
        const glm::dvec3 moved = b.center + rd.depth * rd.normal;
        EXPECT_NEAR(glm::length(moved - a.center), a.radius + b.radius, 1e-9) << i;
    }
    EXPECT_GT(hits, 3000);
    EXPECT_GT(touching, 30);
}

// ---- seeded properties ----

TEST(SphereSphereProperties, TranslationPermutationAndSwap)
{
    std::mt19937_64 rng(2718);
    const int perm[3] = {2, 0, 1};
    for (int i = 0; i < 5000; ++i) {
        const int bits = i % 2 ? 1 : 12;
        const Sphere<double> a{test::RandomGridVec(rng, 4, bits), std::abs(test::RandomGrid(rng, 3, bits))};
        const Sphere<double> b{test::RandomGridVec(rng, 4, bits), std::abs(test::RandomGrid(rng, 3, bits))};
        const glm::dvec3 offset(-std::ldexp(1.0, i % 4), 0.5, std::ldexp(1.0, i % 3));
        const auto check = [&](auto tag) {
            using T = decltype(tag);
            const Sphere<T> a0 = ShapeCast<T>(a), b0 = ShapeCast<T>(b);
            const Sphere<T> a1{a0.center + Vec3<T>(offset), a0.radius}, b1{b0.center + Vec3<T>(offset), b0.radius};
            Sphere<T> ap = a0, bp = b0;
            for (int k = 0; k < 3; ++k) {
                ap.center[perm[k]] = a0.center[k];
                bp.center[perm[k]] = b0.center[k];
            }
            const OverlapResult<T> r0 = SphereSphereDistance(a0, b0);
            const OverlapResult<T> r1 = SphereSphereDistance(a1, b1);
            const OverlapResult<T> rp = SphereSphereDistance(ap, bp);
            const OverlapResult<T> rs = SphereSphereDistance(b0, a0);
            ASSERT_EQ(r0.hit, r1.hit) << i;
            // float rounds the squares of 12-bit grid values: permuted sums may differ there
            const bool exactSums = sizeof(T) == sizeof(double) || bits <= 2;
            if (exactSums) {
                ASSERT_EQ(r0.hit, rp.hit) << i;
            }
            ASSERT_EQ(r0.hit, rs.hit) << i;
            if (!r0.hit) {
                return;
            }
            EXPECT_EQ(r0.depth, r1.depth) << i;
            EXPECT_EQ(r0.normal, r1.normal) << i;
            EXPECT_EQ(r0.depth, rs.depth) << i;
            if (a0.center != b0.center) {
                EXPECT_EQ(rs.normal, -r0.normal) << i;
            }
            if (exactSums && rp.hit) {
                EXPECT_EQ(r0.depth, rp.depth) << i;
                for (int k = 0; k < 3 && a0.center != b0.center; ++k) {
                    EXPECT_EQ(rp.normal[perm[k]], r0.normal[k]) << i;
                }
            }
        };
        check(0.0f);
        check(0.0);
    }
}

TEST(SphereSphereProperties, FloatAgreesWithDoubleAwayFromBoundaries)
{
    std::mt19937_64 rng(8);
    std::uniform_real_distribution<double> u(-3, 3), h(0, 2);
    int compared = 0;
    for (int i = 0; i < 20000; ++i) {
        const Sphere<double> a{glm::dvec3(u(rng), u(rng), u(rng)), h(rng)};
        const Sphere<double> b{glm::dvec3(u(rng), u(rng), u(rng)), h(rng)};
        if (std::abs(glm::length(b.center - a.center) - (a.radius + b.radius)) < 1e-5) {
            continue;
        }
        ++compared;
        const OverlapResult<double> rd = SphereSphereDistance(a, b);
        const OverlapResult<float> rf = SphereSphereDistance(ShapeCast<float>(a), ShapeCast<float>(b));
        ASSERT_EQ(rf.hit, rd.hit) << i;
        if (rd.hit) {
            EXPECT_NEAR(rf.depth, rd.depth, 1e-5) << i;
        }
    }
    EXPECT_GT(compared, 19000);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
