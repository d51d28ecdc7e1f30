// Tests of core/ray_plane.h: the reference `plane` and the published `plane_one_sided`.
#include "core/ray_plane.h"

#include "core/algorithm.h"
#include "support/case_count.h"
#include "support/cases.h"
#include "support/previous_reference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

template <typename T>
class RayPlaneTest : public ::testing::Test {
};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(RayPlaneTest, Scalars);

// ---- reference: hand-checked cases ----

struct PlaneCase {
    const char* name;
    glm::dvec3 origin, direction, normal;
    double distance;
    bool hit;
    double t;             // when hit
    glm::dvec3 normalOut; // expected unit normal facing the ray
};

const PlaneCase kReferenceCases[] = {
    {"NonUnitNormalHitsAtOne", {0, 0, 0}, {1, 0, 0}, {2, 0, 0}, 2, true, 1, {-1, 0, 0}},
    {"RayLyingInPlaneHitsAtZero", {0, 1, 0}, {1, 0, 0}, {0, 1, 0}, 1, true, 0, {0, 1, 0}},
    {"ParallelRayOffPlaneMisses", {0, 0, 0}, {1, 0, 0}, {0, 1, 0}, 1, false, 0, {}},
    {"OriginOnPlanePointingAwayHitsAtZero", {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, 1, true, 0, {-1, 0, 0}},
    {"OriginOnPlanePointingInHitsAtZero", {1, 0, 0}, {-1, 0, 0}, {1, 0, 0}, 1, true, 0, {1, 0, 0}},
    {"PlaneBehindMisses", {0, 2, 0}, {0, 1, 0}, {0, 1, 0}, 1, false, 0, {}},
    {"BackSideHitGetsNormalAgainstRay", {0, 0, 0}, {0, 1, 0}, {0, 1, 0}, 1, true, 1, {0, -1, 0}},
    {"FrontSideHitGetsPlaneNormal", {0, 3, 0}, {0, -1, 0}, {0, 1, 0}, 1, true, 2, {0, 1, 0}},
    {"NonUnitDirectionGivesTInItsUnits", {0, 3, 0}, {0, -4, 0}, {0, 1, 0}, 1, true, 0.5, {0, 1, 0}},
    {"NegativeZeroDirectionParallelOffPlaneMisses", {0, 0, 0}, {1, -0.0, -0.0}, {0, 1, 0}, 1, false, 0, {}},
    {"NegativeZeroDirectionInPlaneHitsAtZero", {0, 1, 0}, {1, -0.0, 0}, {0, 1, 0}, 1, true, 0, {0, 1, 0}},
    {"ObliqueRayDyadicT",
     {0.5, -1, 2},
     {1, 2, -1},
     {1, 1, 1},
     4,
     true,
     1.25,
     {-0.5773502691896258, -0.5773502691896258, -0.5773502691896258}},
};

TYPED_TEST(RayPlaneTest, ReferenceHandCheckedCases)
{
    using T = TypeParam;
    for (const PlaneCase& c : kReferenceCases) {
        SCOPED_TRACE(c.name);
        const Ray<T> ray{Vec3<T>(c.origin), Vec3<T>(c.direction)};
        const Plane<T> plane{Vec3<T>(c.normal), T(c.distance)};
        Trace trace;
        const CastResult<T> r = RayPlanePlane(ray, plane, &trace);
        EXPECT_EQ(r.hit, c.hit);
        EXPECT_FALSE(trace.verdict.empty());
        EXPECT_GE(trace.decidingStep, 0);
        EXPECT_EQ(trace.verdict.rfind(c.hit ? "hit" : "miss", 0), 0u) << trace.verdict;
        if (!c.hit) {
            continue;
        }
        EXPECT_EQ(r.tEnter, T(c.t));
        EXPECT_EQ(r.tExit, T(c.t));
        EXPECT_FALSE(std::signbit(r.tEnter));
        const Vec3<T> point = ray.origin + T(c.t) * ray.direction;
        EXPECT_EQ(r.point, point);
        ASSERT_TRUE(r.hasNormal);
        for (int i = 0; i < 3; ++i) {
            EXPECT_NEAR(double(r.normal[i]), c.normalOut[i], 1e-6);
        }
    }
}

TEST(RayPlanePublic, ReferenceMatchesEveryPublicCase)
{
    const auto cases = test::LoadCases(Family::RayPlane);
    ASSERT_EQ(cases.size(), 4u);
    const AlgorithmInfo* info = FindAlgorithm(Family::RayPlane, "plane");
    ASSERT_NE(info, nullptr);
    EXPECT_TRUE(info->reference);
    EXPECT_EQ(&ReferenceAlgorithm(Family::RayPlane), info);
    for (const auto& c : cases) {
        ASSERT_TRUE(c.query.has_value()) << c.parseError;
        for (Precision p : {Precision::Float, Precision::Double}) {
            SCOPED_TRACE(::testing::Message() << "case " << c.id.dump() << " (" << c.kind << ") "
                                              << (p == Precision::Float ? "float" : "double"));
            Trace trace;
            const Result r = hitlab::Run(*info, *c.query, p, &trace);
            EXPECT_EQ(r.hit, c.expect.hit);
            if (c.expect.hit) {
                EXPECT_EQ(r.tEnter, *c.expect.tEnter);
                EXPECT_EQ(r.tExit, *c.expect.tExit);
            }
        }
    }
}

// ---- plane_one_sided: conventions and flaw ----

TYPED_TEST(RayPlaneTest, OneSidedHitsFrontFaceLikeReference)
{
    using T = TypeParam;
    const Ray<T> ray{{0, 3, 0}, {0, -1, 0}};
    const Plane<T> plane{{0, 1, 0}, 1};
    Trace trace;
    const CastResult<T> r = RayPlaneOneSided(ray, plane, &trace);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(2));
    EXPECT_EQ(r.point, Vec3<T>(0, 1, 0));
    EXPECT_EQ(r.normal, Vec3<T>(0, 1, 0));
    EXPECT_EQ(trace.verdict.rfind("hit", 0), 0u);
}

TYPED_TEST(RayPlaneTest, OneSidedMissesBackFacingPlane)
{
    using T = TypeParam;
    // the reference hits the back of the plane at t = 1
    const Ray<T> ray{{0, 0, 0}, {0, 1, 0}};
    const Plane<T> plane{{0, 1, 0}, 1};
    ASSERT_TRUE(RayPlanePlane(ray, plane).hit);
    Trace trace;
    EXPECT_FALSE(RayPlaneOneSided(ray, plane, &trace).hit);
    EXPECT_NE(trace.verdict.find("does not face"), std::string::npos) << trace.verdict;
}

TYPED_TEST(RayPlaneTest, OneSidedMissesBeyondMaxDistance)
{
    using T = TypeParam;
    const Plane<T> plane{{0, 1, 0}, 0};
    // t = 10000 is the last accepted distance, t = 10000.5 and 20000 are beyond it
    EXPECT_TRUE(RayPlaneOneSided(Ray<T>{{0, 10000, 0}, {0, -1, 0}}, plane).hit);
    EXPECT_FALSE(RayPlaneOneSided(Ray<T>{{0, 10000.5, 0}, {0, -1, 0}}, plane).hit);
    const Ray<T> far{{0, 20000, 0}, {0, -1, 0}};
    EXPECT_FALSE(RayPlaneOneSided(far, plane).hit);
    const CastResult<T> ref = RayPlanePlane(far, plane);
    EXPECT_TRUE(ref.hit);
    EXPECT_EQ(ref.tEnter, T(20000));
}

TYPED_TEST(RayPlaneTest, OneSidedMissesRayLyingInPlaneAndPlaneBehind)
{
    using T = TypeParam;
    EXPECT_FALSE(RayPlaneOneSided(Ray<T>{{0, 1, 0}, {1, 0, 0}}, Plane<T>{{0, 1, 0}, 1}).hit);
    // front-facing but behind: t = -1
    EXPECT_FALSE(RayPlaneOneSided(Ray<T>{{0, 0, 0}, {0, -1, 0}}, Plane<T>{{0, 1, 0}, 1}).hit);
    // origin on a front-facing plane: t = 0 counts
    const CastResult<T> on = RayPlaneOneSided(Ray<T>{{0, 1, 0}, {0, -1, 0}}, Plane<T>{{0, 1, 0}, 1});
    EXPECT_TRUE(on.hit);
    EXPECT_EQ(on.tEnter, T(0));
    EXPECT_FALSE(std::signbit(on.tEnter));
}

TYPED_TEST(RayPlaneTest, OneSidedFlawShortNormalTurnsSteepHitIntoMiss)
{
    using T = TypeParam;
    // n = (0, 2^-24, 0): n.dir = -2^-24 is above -1e-6, although the ray goes straight at the plane
    const T tiny = std::ldexp(T(1), -24);
    const Ray<T> ray{{0, 1, 0}, {0, -1, 0}};
    const Plane<T> plane{{0, tiny, 0}, 0};
    const CastResult<T> ref = RayPlanePlane(ray, plane);
    EXPECT_TRUE(ref.hit);
    EXPECT_EQ(ref.tEnter, T(1));
    EXPECT_EQ(ref.normal, Vec3<T>(0, 1, 0));
    EXPECT_FALSE(RayPlaneOneSided(ray, plane).hit);
}

TEST(RayPlaneRegistry, DeclaredConventions)
{
    const AlgorithmInfo* oneSided = FindAlgorithm(Family::RayPlane, "plane_one_sided");
    ASSERT_NE(oneSided, nullptr);
    EXPECT_TRUE(oneSided->published);
    EXPECT_FALSE(oneSided->flaw.empty());
    EXPECT_EQ(oneSided->ConventionValue("facing"), "front only");
    EXPECT_EQ(oneSided->ConventionValue("t_range"), "t <= max distance");
    const AlgorithmInfo& ref = ReferenceAlgorithm(Family::RayPlane);
    EXPECT_EQ(ref.name, "plane");
    EXPECT_EQ(ref.ConventionValue("origin_inside"), "hit");
    EXPECT_EQ(ref.ConventionValue("facing"), "both");
    for (const AlgorithmInfo* info : AlgorithmsOf(Family::RayPlane)) {
        EXPECT_FALSE(info->ConventionValue("origin_inside").empty()) << info->name;
        EXPECT_FALSE(info->ConventionValue("boundary").empty()) << info->name;
        EXPECT_FALSE(info->ConventionValue("t_range").empty()) << info->name;
    }
}

// ---- seeded properties and the differential test ----

/// Small dyadic values: every sum and product below stays exact in float.
template <typename T>
Vec3<T> GridVec(std::mt19937& rng, int range, int denominator)
{
    std::uniform_int_distribution<int> u(-range, range);
    return Vec3<T>(T(u(rng)), T(u(rng)), T(u(rng))) / T(denominator);
}

TYPED_TEST(RayPlaneTest, TranslationByPowerOfTwoOffsetsIsExact)
{
    using T = TypeParam;
    std::mt19937 rng(12);
    std::uniform_int_distribution<int> shift(-16, 16);
    int hits = 0;
    for (int i = 0; i < 2000; ++i) {
        const Vec3<T> n = GridVec<T>(rng, 4, 1);
        if (n == Vec3<T>(0)) {
            continue;
        }
        const Ray<T> ray{GridVec<T>(rng, 64, 16), GridVec<T>(rng, 8, 4)};
        if (ray.direction == Vec3<T>(0)) {
            continue;
        }
        const Plane<T> plane{n, T(std::uniform_int_distribution<int>(-64, 64)(rng)) / T(16)};
        const Vec3<T> offset = Vec3<T>(T(shift(rng)), T(shift(rng)), T(shift(rng))) * T(64);
        const Ray<T> moved{ray.origin + offset, ray.direction};
        const Plane<T> movedPlane{n, plane.distance + glm::dot(n, offset)};
        const CastResult<T> a = RayPlanePlane(ray, plane);
        const CastResult<T> b = RayPlanePlane(moved, movedPlane);
        ASSERT_EQ(a.hit, b.hit) << i;
        if (a.hit) {
            ++hits;
            EXPECT_EQ(a.tEnter, b.tEnter) << i;
            // the point is rounded after adding the offset: equal up to rounding at the offset's magnitude
            for (int k = 0; k < 3; ++k) {
                EXPECT_NEAR(double(a.point[k] + offset[k]), double(b.point[k]),
                            1e-5 * (2048 + std::fabs(double(a.point[k]))))
                    << i;
            }
        }
    }
    EXPECT_GT(hits, 500);
}

TYPED_TEST(RayPlaneTest, ReferenceAgreesWithLongDoubleOracle)
{
    using T = TypeParam;
    const double tol = std::is_same_v<T, float> ? 1e-5 : 1e-13;
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(-10, 10);
    int compared = 0, hits = 0;
    for (int i = 0; i < 20000; ++i) {
        const Ray<T> ray{Vec3<T>(T(u(rng)), T(u(rng)), T(u(rng))), Vec3<T>(T(u(rng)), T(u(rng)), T(u(rng)))};
        const Plane<T> plane{Vec3<T>(T(u(rng)), T(u(rng)), T(u(rng))), T(u(rng))};
        // oracle: the same T inputs in long double
        using L = long double;
        const L denom = L(plane.normal.x) * ray.direction.x + L(plane.normal.y) * ray.direction.y +
                        L(plane.normal.z) * ray.direction.z;
        const L num = L(plane.distance) - (L(plane.normal.x) * ray.origin.x + L(plane.normal.y) * ray.origin.y +
                                           L(plane.normal.z) * ray.origin.z);
        const L t = num / denom;
        const L scale = L(glm::length(glm::dvec3(plane.normal))) * L(glm::length(glm::dvec3(ray.direction)));
        // away from the boundaries: not nearly parallel, t not near 0
        if (std::fabs(denom) < 1e-2L * scale || std::fabs(t) < 1e-2L) {
            continue;
        }
        ++compared;
        const CastResult<T> r = RayPlanePlane(ray, plane);
        ASSERT_EQ(r.hit, t >= 0) << i;
        if (r.hit) {
            ++hits;
            EXPECT_NEAR(double(r.tEnter), double(t), tol * (1 + std::fabs(double(t))) * 100) << i;
        }
    }
    EXPECT_GT(compared, 15000);
    EXPECT_GT(hits, 5000);
}

TEST(RayPlaneProperty, FloatAgreesWithDoubleAwayFromBoundaries)
{
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> u(-10, 10);
    int compared = 0;
    for (int i = 0; i < 20000; ++i) {
        const Ray<float> rf{Vec3<float>(u(rng), u(rng), u(rng)), Vec3<float>(u(rng), u(rng), u(rng))};
        const Plane<float> pf{Vec3<float>(u(rng), u(rng), u(rng)), float(u(rng))};
        const CastResult<double> d = RayPlanePlane(ShapeCast<double>(rf), ShapeCast<double>(pf));
        const double cosine =
            std::fabs(glm::dot(glm::normalize(glm::dvec3(pf.normal)), glm::normalize(glm::dvec3(rf.direction))));
        const double t = (pf.distance - glm::dot(glm::dvec3(pf.normal), glm::dvec3(rf.origin))) /
                         glm::dot(glm::dvec3(pf.normal), glm::dvec3(rf.direction));
        if (cosine < 1e-2 || std::fabs(t) < 1e-2) {
            continue;
        }
        ++compared;
        const CastResult<float> f = RayPlanePlane(rf, pf);
        ASSERT_EQ(f.hit, d.hit) << i;
        if (d.hit) {
            EXPECT_NEAR(f.tEnter, d.tEnter, 1e-3 * (1 + d.tEnter)) << i;
        }
    }
    EXPECT_GT(compared, 15000);
}

// ---- plane: the trace moved out of line; results and traces as before, bit for bit ----

template <typename T>
class PlaneEquivalenceTest : public ::testing::Test {
};
using PlaneScalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(PlaneEquivalenceTest, PlaneScalars);

TYPED_TEST(PlaneEquivalenceTest, SameResultsAndTracesAsThePreviousVersion)
{
    using T = TypeParam;
    using previous::EquivalenceScalar;
    std::mt19937_64 rng(20261122);
    const int caseCount = test::CaseCount(1000000, 100000);
    int hits = 0, onPlane = 0, compared = 0, carefulCases = 0;
    for (int i = 0; i < caseCount; ++i) {
        Ray<T> ray;
        Plane<T> plane;
        for (int a = 0; a < 3; ++a) {
            ray.origin[a] = EquivalenceScalar<T>(rng);
            ray.direction[a] = rng() % 4 == 0 ? (rng() % 2 ? T(0) : T(-0.0)) : EquivalenceScalar<T>(rng);
            plane.normal[a] = rng() % 4 == 0 ? T(0) : EquivalenceScalar<T>(rng);
        }
        // the origin on the plane, or an arbitrary distance
        plane.distance = rng() % 4 == 0 ? glm::dot(plane.normal, ray.origin) : EquivalenceScalar<T>(rng);
        const bool withTrace = i % 31 == 0;
        Trace gotTrace, wantTrace;
        const CastResult<T> got = RayPlanePlane(ray, plane, withTrace ? &gotTrace : nullptr);
        const CastResult<T> want = previous::RayPlanePlane(ray, plane, withTrace ? &wantTrace : nullptr);
        // The previous version, bit for bit, wherever the current one does not go wide (an origin on
        // the plane, a parallel ray, an extreme: detail::RayPlaneWide, tested in extreme_cast_test and
        // tests/app/extreme_eval_check.py).
        const T denom = glm::dot(plane.normal, ray.direction);
        const T num = plane.distance - glm::dot(plane.normal, ray.origin);
        const T t = num / denom;
        const T length2 = glm::dot(plane.normal, plane.normal);
        const bool ordinary = std::min(std::fabs(num), std::fabs(denom)) >= detail::kWellScaledMin<T> &&
                              length2 >= detail::kWellScaledMin<T> && length2 <= std::numeric_limits<T>::max() &&
                              std::fabs(t) >= std::numeric_limits<T>::min() &&
                              std::fabs(t) <= std::numeric_limits<T>::max();
        // cancellation in num or denom goes to the careful path (judged against the exact judge in
        // tests/core/exact/reference_accuracy_test.cpp)
        const bool careful = ordinary && detail::PlaneNeedsCare(ray, plane, denom, num, t);
        carefulCases += careful ? 1 : 0;
        if (ordinary && !careful) {
            ++compared;
            ASSERT_EQ(previous::ResultDifference(got, want), "") << "case " << i;
            if (withTrace) {
                ASSERT_EQ(previous::TraceDifference(gotTrace, wantTrace), "") << "case " << i;
            }
        } else if (num == T(0) && denom != T(0) && std::isfinite(denom) &&
                   detail::AccurateDotPlus<detail::Wide<T>>(detail::Wide<T>(plane.distance),
                                                            detail::Widened(plane.normal),
                                                            detail::Widened(-ray.origin)) == 0) {
            // on the plane in T and by the wide path's accurate sum: a hit at t = 0 as before
            ++onPlane;
            ASSERT_TRUE(got.hit) << "case " << i;
            ASSERT_EQ(got.tEnter, T(0)) << "case " << i;
        }
        hits += want.hit ? 1 : 0;
    }
    EXPECT_GT(hits, caseCount / 10);
    EXPECT_LT(hits, caseCount - caseCount / 10);
    EXPECT_GT(compared, caseCount / 10);
    EXPECT_GT(carefulCases, 0);
    EXPECT_GT(onPlane, caseCount / 50);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
