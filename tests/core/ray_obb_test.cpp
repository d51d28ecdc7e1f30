// Tests of core/ray_obb.h: `local_slab` (reference) and the published `obb_slab`.
#include "core/ray_obb.h"

#include "core/algorithm.h"
#include "core/ray_aabb.h"
#include "support/cases.h"

#include <glm/gtx/euler_angles.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

template <typename T>
class RayObbTest : public ::testing::Test {
};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(RayObbTest, Scalars);

using Axes = std::array<glm::dvec3, 3>;
const Axes kIdentity{glm::dvec3{1, 0, 0}, glm::dvec3{0, 1, 0}, glm::dvec3{0, 0, 1}};
const Axes kQuarterTurnZ{glm::dvec3{0, 1, 0}, glm::dvec3{-1, 0, 0}, glm::dvec3{0, 0, 1}};
const Axes kPermuted{glm::dvec3{0, 1, 0}, glm::dvec3{0, 0, -1}, glm::dvec3{-1, 0, 0}};

template <typename T>
Obb<T> MakeObb(glm::dvec3 center, glm::dvec3 half, const Axes& axes)
{
    return {Vec3<T>(center), Vec3<T>(half), {Vec3<T>(axes[0]), Vec3<T>(axes[1]), Vec3<T>(axes[2])}};
}

// ---- reference: hand-checked cases ----

struct ObbCase {
    const char* name;
    glm::dvec3 origin, direction, center, half;
    Axes axes;
    bool hit;
    double tEnter, tExit;
    bool hasNormal;
    glm::dvec3 normal; // world space
};

const ObbCase kReferenceCases[] = {
    {"QuarterTurnEntersThroughWorldMinusYFace",
     {1, -5, 3},
     {0, 1, 0},
     {1, 2, 3},
     {2, 1, 0.5},
     kQuarterTurnZ,
     true,
     5,
     9,
     true,
     {0, -1, 0}},
    {"QuarterTurnRayAlongFaceHits",
     {0, -1, 3},
     {0, 1, 0},
     {1, 2, 3},
     {2, 1, 0.5},
     kQuarterTurnZ,
     true,
     1,
     5,
     true,
     {0, -1, 0}},
    {"QuarterTurnEntersThroughWorldPlusXFace",
     {5, 2, 3},
     {-2, 0, 0},
     {1, 2, 3},
     {2, 1, 0.5},
     kQuarterTurnZ,
     true,
     1.5,
     2.5,
     true,
     {1, 0, 0}},
    {"QuarterTurnBesideMisses", {0, -5, 4}, {0, 1, 0}, {1, 2, 3}, {2, 1, 0.5}, kQuarterTurnZ, false, 0, 0, false, {}},
    {"OriginInsideHitsAtZeroWithoutNormal",
     {1, 2, 3},
     {1, 1, 0},
     {1, 2, 3},
     {2, 1, 0.5},
     kQuarterTurnZ,
     true,
     0,
     1,
     false,
     {}},
    {"PermutedAxesGrazingCorner",
     {-1, 1, -1},
     {1, -1, 1},
     {0.5, 0.5, 0.5},
     {0.5, 0.5, 0.5},
     kPermuted,
     true,
     1,
     1,
     true,
     {0, 0, -1}},
    {"NegativeZeroDirectionOnSlabBoundary",
     {-1, 0, 0.5},
     {1, -0.0, -0.0},
     {0.5, 0.5, 0.5},
     {0.5, 0.5, 0.5},
     kIdentity,
     true,
     1,
     2,
     true,
     {-1, 0, 0}},
    {"FlatBoxHitsWithEqualEnterAndExit",
     {0.5, -1, 0.5},
     {0, 1, 0},
     {0.5, 0.5, 0.5},
     {0.5, 0, 0.5},
     kIdentity,
     true,
     1.5,
     1.5,
     true,
     {0, -1, 0}},
    {"BoxBehindMisses", {0, 5, 0}, {0, 1, 0}, {0, 0, 0}, {2, 1, 1}, kQuarterTurnZ, false, 0, 0, false, {}},
};

TYPED_TEST(RayObbTest, ReferenceHandCheckedCases)
{
    using T = TypeParam;
    for (const ObbCase& c : kReferenceCases) {
        SCOPED_TRACE(c.name);
        const Ray<T> ray{Vec3<T>(c.origin), Vec3<T>(c.direction)};
        const Obb<T> box = MakeObb<T>(c.center, c.half, c.axes);
        Trace trace;
        const CastResult<T> r = RayObbLocalSlab(ray, box, &trace);
        EXPECT_EQ(r.hit, c.hit);
        EXPECT_GE(trace.decidingStep, 0);
        EXPECT_EQ(trace.verdict.rfind(c.hit ? "hit" : "miss", 0), 0u) << trace.verdict;
        // the transformed ray, then the allowed range and one slab step per box axis
        ASSERT_GE(trace.steps.size(), 5u);
        for (int axis = 0; axis < 3; ++axis) {
            const auto* slab = std::get_if<SlabPart>(&trace.steps[size_t(2 + axis)].part);
            ASSERT_NE(slab, nullptr);
            EXPECT_EQ(slab->axis, axis);
        }
        if (!c.hit) {
            continue;
        }
        EXPECT_EQ(r.tEnter, T(c.tEnter));
        EXPECT_EQ(r.tExit, T(c.tExit));
        EXPECT_FALSE(std::signbit(r.tEnter));
        EXPECT_EQ(r.point, ray.origin + T(c.tEnter) * ray.direction);
        ASSERT_EQ(r.hasNormal, c.hasNormal);
        if (c.hasNormal) {
            EXPECT_EQ(glm::dvec3(r.normal), c.normal);
        }
        // the entry drawn in world space
        const auto* entry = std::get_if<PointPart>(&trace.steps.back().part);
        ASSERT_NE(entry, nullptr);
        EXPECT_EQ(entry->point, glm::dvec3(r.point));
    }
}

TYPED_TEST(RayObbTest, IdentityAxesMatchRayAabbExactly)
{
    using T = TypeParam;
    std::mt19937 rng(31);
    std::uniform_int_distribution<int> u(-32, 32);
    std::uniform_int_distribution<int> h(0, 16);
    int hits = 0;
    for (int i = 0; i < 5000; ++i) {
        const Vec3<T> c = Vec3<T>(T(u(rng)), T(u(rng)), T(u(rng))) / T(8);
        const Vec3<T> half = Vec3<T>(T(h(rng)), T(h(rng)), T(h(rng))) / T(8);
        // aimed near the box, grid values throughout
        const Vec3<T> origin = Vec3<T>(T(u(rng)), T(u(rng)), T(u(rng))) / T(4);
        const Vec3<T> aim = Vec3<T>(T(u(rng)), T(u(rng)), T(u(rng))) / T(32);
        Ray<T> ray{origin, c + aim - origin};
        if (i % 4 == 0) {
            ray.direction[i % 3] = T(0); // parallel axes too
        }
        if (ray.direction == Vec3<T>(0)) {
            continue;
        }
        const CastResult<T> a = RayObbLocalSlab(ray, MakeObb<T>(glm::dvec3(c), glm::dvec3(half), kIdentity));
        const CastResult<T> b = RayAabbSlab(ray, Aabb<T>{c - half, c + half});
        ASSERT_EQ(a.hit, b.hit) << i;
        if (a.hit) {
            ++hits;
            EXPECT_EQ(a.tEnter, b.tEnter) << i;
            EXPECT_EQ(a.tExit, b.tExit) << i;
            EXPECT_EQ(a.hasNormal, b.hasNormal) << i;
            if (a.hasNormal) {
                EXPECT_EQ(a.normal, b.normal) << i;
            }
        }
    }
    EXPECT_GT(hits, 300);
}

// ---- public cases ----

TEST(RayObbPublic, ReferenceAndObbSlabMatchEveryPublicCase)
{
    const auto cases = test::LoadCases(Family::RayObb);
    ASSERT_EQ(cases.size(), 5u);
    const AlgorithmInfo& ref = ReferenceAlgorithm(Family::RayObb);
    EXPECT_EQ(ref.name, "local_slab");
    const AlgorithmInfo* published = FindAlgorithm(Family::RayObb, "obb_slab");
    ASSERT_NE(published, nullptr);
    for (const AlgorithmInfo* algo : {&ref, published}) {
        for (const auto& c : cases) {
            ASSERT_TRUE(c.query.has_value()) << c.parseError;
            for (Precision p : {Precision::Float, Precision::Double}) {
                SCOPED_TRACE(::testing::Message() << algo->name << " case " << c.id << " (" << c.kind << ") "
                                                  << (p == Precision::Float ? "float" : "double"));
                Trace trace;
                const Result r = hitlab::Run(*algo, *c.query, p, &trace);
                EXPECT_EQ(r.hit, c.expect.hit);
                EXPECT_FALSE(trace.verdict.empty());
                if (!c.expect.hit) {
                    continue;
                }
                if (c.expect.exact && c.expect.tExact) {
                    EXPECT_EQ(r.tEnter, *c.expect.tEnter);
                    EXPECT_EQ(r.tExit, *c.expect.tExit);
                } else {
                    // rotation_deg: axes from cos and sin, so t is right up to their rounding
                    const double tol = p == Precision::Float ? 1e-5 : 1e-12;
                    EXPECT_NEAR(r.tEnter, *c.expect.tEnter, tol * (1 + *c.expect.tEnter));
                    EXPECT_NEAR(r.tExit, *c.expect.tExit, tol * (1 + *c.expect.tExit));
                }
            }
        }
    }
}

// ---- obb_slab (published): conventions and flaw ----

TYPED_TEST(RayObbTest, ObbSlabOriginInsideHitsAtZero)
{
    using T = TypeParam;
    const CastResult<T> r = RayObbSlab(Ray<T>{{1, 2, 3}, {1, 1, 0}}, MakeObb<T>({1, 2, 3}, {2, 1, 0.5}, kQuarterTurnZ));
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(0));
    EXPECT_EQ(r.tExit, T(1));
    EXPECT_FALSE(r.hasNormal);
}

TYPED_TEST(RayObbTest, ObbSlabMissesBeyondMaxDistance)
{
    using T = TypeParam;
    const Ray<T> ray{{0, 0, 0}, {1, 0, 0}};
    const Obb<T> far = MakeObb<T>({200000, 0, 0}, {1, 1, 1}, kQuarterTurnZ);
    EXPECT_FALSE(RayObbSlab(ray, far).hit);
    const CastResult<T> ref = RayObbLocalSlab(ray, far);
    EXPECT_TRUE(ref.hit);
    EXPECT_EQ(ref.tEnter, T(199999));
    // a box straddling the limit is clipped to it
    const CastResult<T> straddle = RayObbSlab(ray, MakeObb<T>({100000, 0, 0}, {1, 1, 1}, kIdentity));
    EXPECT_TRUE(straddle.hit);
    EXPECT_EQ(straddle.tExit, T(100000));
    EXPECT_EQ(FindAlgorithm(Family::RayObb, "obb_slab")->ConventionValue("t_range"), "t <= max distance");
}

TYPED_TEST(RayObbTest, ObbSlabFlawNearParallelRayMissesBoxItEnters)
{
    using T = TypeParam;
    // |dir.y| = 2^-10 <= 0.001: taken as parallel, and the origin (y = 1 + 2^-7) is outside the y slab.
    // The ray really enters through the top face at t = 8 (x = 0) and leaves at t = 9 (x = 1).
    const Ray<T> ray{{-8, 1.0078125, 0}, {1, -0.0009765625, 0}};
    const Obb<T> box = MakeObb<T>({0, 0, 0}, {1, 1, 1}, kIdentity);
    const CastResult<T> ref = RayObbLocalSlab(ray, box);
    EXPECT_TRUE(ref.hit);
    EXPECT_EQ(ref.tEnter, T(8));
    EXPECT_EQ(ref.tExit, T(9));
    EXPECT_EQ(ref.normal, Vec3<T>(0, 1, 0));
    Trace trace;
    EXPECT_FALSE(RayObbSlab(ray, box, &trace).hit);
    EXPECT_NE(trace.verdict.find("parallel"), std::string::npos) << trace.verdict;
}

TYPED_TEST(RayObbTest, ObbSlabFlawNearParallelRayHitsBoxItPasses)
{
    using T = TypeParam;
    // origin inside the y slab, drifting out of it at t = 8 (x = -8), before the x slab starts at t = 15
    const Ray<T> ray{{-16, 0.9921875, 0}, {1, 0.0009765625, 0}};
    const Obb<T> box = MakeObb<T>({0, 0, 0}, {1, 1, 1}, kIdentity);
    EXPECT_FALSE(RayObbLocalSlab(ray, box).hit);
    const CastResult<T> r = RayObbSlab(ray, box);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(15));
}

// ---- seeded differential test: a long double oracle ----

/// The exact slab answer in long double from the same (rounded) inputs, with the margin to the
/// hit/miss boundary in t units.
struct Oracle {
    bool hit;
    long double tEnter, tExit, margin;
};

template <typename T>
Oracle LongDoubleSlab(const Ray<T>& ray, const Obb<T>& box)
{
    using L = long double;
    L lo = 0, hi = std::numeric_limits<L>::infinity();
    for (int i = 0; i < 3; ++i) {
        const auto& a = box.axes[size_t(i)];
        L o = 0, d = 0;
        for (int k = 0; k < 3; ++k) {
            o += (L(ray.origin[k]) - L(box.center[k])) * L(a[k]);
            d += L(ray.direction[k]) * L(a[k]);
        }
        const L h = box.halfExtents[i];
        L t0 = (-h - o) / d, t1 = (h - o) / d;
        if (t0 > t1) {
            std::swap(t0, t1);
        }
        lo = std::max(lo, t0);
        hi = std::min(hi, t1);
    }
    return {lo <= hi, lo, hi, std::fabs(hi - lo)};
}

template <typename T>
Obb<T> RandomObb(std::mt19937& rng)
{
    std::uniform_real_distribution<double> angle(-180, 180);
    std::uniform_real_distribution<double> u(-2, 2);
    std::uniform_real_distribution<double> half(0.1, 2);
    const glm::dmat4 m =
        glm::eulerAngleXYZ(glm::radians(angle(rng)), glm::radians(angle(rng)), glm::radians(angle(rng)));
    return {Vec3<T>(T(u(rng)), T(u(rng)), T(u(rng))),
            Vec3<T>(T(half(rng)), T(half(rng)), T(half(rng))),
            {Vec3<T>(glm::dvec3(m[0])), Vec3<T>(glm::dvec3(m[1])), Vec3<T>(glm::dvec3(m[2]))}};
}

/// A ray from a random origin aimed at a random point near the box (about half of them hit),
/// with a direction of random length.
template <typename T>
Ray<T> AimedRay(std::mt19937& rng, const Obb<T>& box)
{
    std::uniform_real_distribution<double> u(-6, 6);
    std::uniform_real_distribution<double> local(-1.6, 1.6);
    std::uniform_real_distribution<double> length(0.25, 4);
    const glm::dvec3 origin(u(rng), u(rng), u(rng));
    glm::dvec3 target(box.center);
    for (int i = 0; i < 3; ++i) {
        target += local(rng) * double(box.halfExtents[i]) * glm::dvec3(box.axes[size_t(i)]);
    }
    return {Vec3<T>(origin), Vec3<T>((target - origin) * length(rng))};
}

TYPED_TEST(RayObbTest, AlgorithmsAgreeWithLongDoubleOracleAwayFromBoundaries)
{
    using T = TypeParam;
    const double tol = std::is_same_v<T, float> ? 1e-5 : 1e-13;
    std::mt19937 rng(77);
    int compared = 0, hits = 0, slabCompared = 0;
    for (int i = 0; i < 20000; ++i) {
        const Obb<T> box = RandomObb<T>(rng);
        const Ray<T> ray = AimedRay(rng, box);
        const Oracle o = LongDoubleSlab(ray, box);
        // away from the boundary: a clear gap or overlap, the exit not near t = 0
        if (o.margin < 1e-3L || (o.hit && o.tExit < 1e-3L)) {
            continue;
        }
        ++compared;
        const CastResult<T> r = RayObbLocalSlab(ray, box);
        ASSERT_EQ(r.hit, o.hit) << i;
        if (o.hit) {
            ++hits;
            EXPECT_NEAR(double(r.tEnter), double(o.tEnter), tol * 100 * (1 + double(o.tEnter))) << i;
            EXPECT_NEAR(double(r.tExit), double(o.tExit), tol * 100 * (1 + double(o.tExit))) << i;
        }
        // obb_slab agrees too where its epsilon and limit do not apply
        bool nearParallel = false;
        for (int k = 0; k < 3; ++k) {
            nearParallel |= std::fabs(glm::dot(glm::dvec3(ray.direction), glm::dvec3(box.axes[size_t(k)]))) < 2e-3;
        }
        if (!nearParallel && (!o.hit || o.tExit < 1e4L)) {
            ++slabCompared;
            const CastResult<T> s = RayObbSlab(ray, box);
            ASSERT_EQ(s.hit, o.hit) << i;
            if (o.hit) {
                EXPECT_NEAR(double(s.tEnter), double(o.tEnter), tol * 100 * (1 + double(o.tEnter))) << i;
            }
        }
    }
    EXPECT_GT(compared, 15000);
    EXPECT_GT(hits, 2000);
    EXPECT_GT(slabCompared, 14000);
}

// ---- properties ----

TYPED_TEST(RayObbTest, TranslationByPowerOfTwoOffsetsIsExact)
{
    using T = TypeParam;
    std::mt19937 rng(41);
    std::uniform_int_distribution<int> u(-64, 64);
    std::uniform_int_distribution<int> shift(-16, 16);
    const Axes axesChoices[] = {kIdentity, kQuarterTurnZ, kPermuted};
    int hits = 0;
    for (int i = 0; i < 5000; ++i) {
        const Vec3<T> c = Vec3<T>(T(u(rng)), T(u(rng)), T(u(rng))) / T(16);
        const Vec3<T> half = glm::abs(Vec3<T>(T(u(rng)), T(u(rng)), T(u(rng)))) / T(16);
        const Obb<T> box = MakeObb<T>(glm::dvec3(c), glm::dvec3(half), axesChoices[i % 3]);
        const Vec3<T> origin = Vec3<T>(T(u(rng)), T(u(rng)), T(u(rng))) / T(8);
        const Ray<T> ray{origin, c + Vec3<T>(T(u(rng)), T(u(rng)), T(u(rng))) / T(32) - origin};
        if (ray.direction == Vec3<T>(0)) {
            continue;
        }
        const Vec3<T> offset = Vec3<T>(T(shift(rng)), T(shift(rng)), T(shift(rng))) * T(64);
        Obb<T> moved = box;
        moved.center += offset;
        const CastResult<T> a = RayObbLocalSlab(ray, box);
        const CastResult<T> b = RayObbLocalSlab(Ray<T>{ray.origin + offset, ray.direction}, moved);
        ASSERT_EQ(a.hit, b.hit) << i;
        if (a.hit) {
            ++hits;
            EXPECT_EQ(a.tEnter, b.tEnter) << i;
            EXPECT_EQ(a.tExit, b.tExit) << i;
            EXPECT_EQ(a.normal, b.normal) << i;
        }
    }
    EXPECT_GT(hits, 300);
}

TYPED_TEST(RayObbTest, ReorderingTheBoxAxesKeepsTheAnswer)
{
    using T = TypeParam;
    std::mt19937 rng(43);
    int hits = 0;
    for (int i = 0; i < 5000; ++i) {
        const Obb<T> box = RandomObb<T>(rng);
        const Ray<T> ray = AimedRay(rng, box);
        // the same solid described with its axes in another order
        const Obb<T> reordered{box.center,
                               Vec3<T>(box.halfExtents.z, box.halfExtents.x, box.halfExtents.y),
                               {box.axes[2], box.axes[0], box.axes[1]}};
        const CastResult<T> a = RayObbLocalSlab(ray, box);
        const CastResult<T> b = RayObbLocalSlab(ray, reordered);
        ASSERT_EQ(a.hit, b.hit) << i;
        if (a.hit) {
            ++hits;
            EXPECT_EQ(a.tEnter, b.tEnter) << i;
            EXPECT_EQ(a.tExit, b.tExit) << i;
        }
    }
    EXPECT_GT(hits, 500);
}

TEST(RayObbProperty, FloatAgreesWithDoubleAwayFromBoundaries)
{
    std::mt19937 rng(47);
    int compared = 0;
    for (int i = 0; i < 20000; ++i) {
        const Obb<float> bf = RandomObb<float>(rng);
        const Ray<float> rf = AimedRay(rng, bf);
        const Oracle o = LongDoubleSlab(rf, bf);
        if (o.margin < 1e-3L || (o.hit && o.tExit < 1e-3L)) {
            continue;
        }
        ++compared;
        const CastResult<float> f = RayObbLocalSlab(rf, bf);
        const CastResult<double> d = RayObbLocalSlab(ShapeCast<double>(rf), ShapeCast<double>(bf));
        ASSERT_EQ(f.hit, d.hit) << i;
        if (d.hit) {
            EXPECT_NEAR(f.tEnter, d.tEnter, 1e-3 * (1 + d.tEnter)) << i;
            EXPECT_NEAR(f.tExit, d.tExit, 1e-3 * (1 + d.tExit)) << i;
        }
    }
    EXPECT_GT(compared, 15000);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
