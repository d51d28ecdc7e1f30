// Tests of core/gjk_raycast.h (van den Bergen's GJK ray cast) against the slab and sphere
// references on hand-worked cases and random rays, and of the GJK flaw words
// (core/flaw_gjk.cpp) and traces.
#include "core/gjk_algorithms.h"

#include "core/algorithm.h"
#include "core/flaw_condition.h"
#include "core/ray_aabb.h"
#include "core/ray_obb.h"
#include "core/ray_sphere.h"
#include "core/rotation.h"

#include <gtest/gtest.h>

#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

template <typename T>
class GjkRayCastTest : public ::testing::Test {
};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(GjkRayCastTest, Scalars);

TYPED_TEST(GjkRayCastTest, HandCasesAgainstTheUnitBox)
{
    using T = TypeParam;
    const Aabb<T> box{Vec3<T>(0), Vec3<T>(1)};
    const T tol = sizeof(T) == 4 ? T(1e-3) : T(1e-6);
    // from x = -1 through the -x face at (0, 0.5, 0.25): t = 1, normal -x
    const CastResult<T> front = GjkRayCast(Ray<T>{Vec3<T>(-1, 0.5, 0.25), Vec3<T>(1, 0, 0)}, box);
    ASSERT_TRUE(front.hit);
    EXPECT_NEAR(front.tEnter, T(1), tol);
    EXPECT_NEAR(front.normal.x, T(-1), tol);
    EXPECT_NEAR(front.point.y, T(0.5), tol);
    // a direction of length 2: t is in its units (0.5)
    const CastResult<T> longer = GjkRayCast(Ray<T>{Vec3<T>(0.5, 3, 0.5), Vec3<T>(0, -4, 0)}, box);
    ASSERT_TRUE(longer.hit);
    EXPECT_NEAR(longer.tEnter, T(0.5), tol);
    EXPECT_NEAR(longer.normal.y, T(1), tol);
    // pointing away, and passing beside: misses
    EXPECT_FALSE(GjkRayCast(Ray<T>{Vec3<T>(-1, 0.5, 0.5), Vec3<T>(-1, 0, 0)}, box).hit);
    EXPECT_FALSE(GjkRayCast(Ray<T>{Vec3<T>(-1, 1.5, 0.5), Vec3<T>(1, 0, 0)}, box).hit);
    // origin inside: t = 0, no normal (origin_inside: hit)
    const CastResult<T> inside = GjkRayCast(Ray<T>{Vec3<T>(0.5, 0.5, 0.5), Vec3<T>(0, 0, 1)}, box);
    ASSERT_TRUE(inside.hit);
    EXPECT_EQ(inside.tEnter, T(0));
    EXPECT_FALSE(inside.hasNormal);
}

TYPED_TEST(GjkRayCastTest, HandCaseAgainstASphere)
{
    using T = TypeParam;
    // sphere of radius 1 at (3, 0, 0), ray along +x from the origin: t = 2, normal -x
    const CastResult<T> r = GjkRayCast(Ray<T>{Vec3<T>(0), Vec3<T>(1, 0, 0)}, Sphere<T>{Vec3<T>(3, 0, 0), T(1)});
    ASSERT_TRUE(r.hit);
    EXPECT_NEAR(double(r.tEnter), 2.0, sizeof(T) == 4 ? 1e-3 : 1e-6);
    EXPECT_NEAR(double(r.normal.x), -1.0, 1e-3);
}

// random rays against random boxes and spheres (double): the same verdict as the slab / quadratic
// references away from grazing, and t within the cast's tolerance
TEST(GjkRayCastAgreement, RandomRaysAgreeWithTheReferences)
{
    std::mt19937_64 rng(2004);
    std::uniform_real_distribution<double> u(-1, 1), h(0.2, 1.0);
    int hits = 0;
    for (int i = 0; i < 3000; ++i) {
        const glm::dvec3 c(u(rng), u(rng), u(rng)), e(h(rng), h(rng), h(rng));
        // aimed near the box: most rays hit, some pass beside it
        const glm::dvec3 origin(u(rng) * 4, u(rng) * 4, u(rng) * 4);
        const Ray<double> ray{origin, c + glm::dvec3(u(rng), u(rng), u(rng)) - origin};
        const Aabb<double> box{c - e, c + e};
        const CastResult<double> slab = RayAabbSlab(ray, box);
        const CastResult<double> gjk = GjkRayCast(ray, box);
        const Sphere<double> ball{c, e.x};
        const CastResult<double> quad = RaySphereQuadraticStable(ray, ball);
        const CastResult<double> gjkBall = GjkRayCast(ray, ball);
        // skip grazing rays: the interval inside is short
        if (!slab.hit || slab.tExit - slab.tEnter > 1e-3) {
            ASSERT_EQ(gjk.hit, slab.hit) << i;
            if (slab.hit) {
                ++hits;
                ASSERT_NEAR(gjk.tEnter, slab.tEnter, 1e-5 * (1 + slab.tEnter)) << i;
            }
        }
        if (!quad.hit || quad.tExit - quad.tEnter > 1e-3) {
            ASSERT_EQ(gjkBall.hit, quad.hit) << i;
            if (quad.hit) {
                ASSERT_NEAR(gjkBall.tEnter, quad.tEnter, 1e-5 * (1 + quad.tEnter)) << i;
            }
        }
    }
    EXPECT_GT(hits, 1000);
}

TEST(GjkTrace, EveryIterationStoresTheSimplexDirectionAndV)
{
    Trace trace;
    // the unit box and a ball beyond its edge x = y = 1: GJK needs several iterations
    GjkEpaOverlap(Aabb<double>{{0, 0, 0}, {1, 1, 1}}, Sphere<double>{{2.5, 2.5, 0.5}, 1}, &trace);
    ASSERT_GE(trace.steps.size(), 3u);
    glm::dvec3 p;
    for (const TraceStep& step : trace.steps) {
        EXPECT_TRUE(ReadTraceVec(step, GjkTraceVec::Direction, p)) << step.caption;
        EXPECT_TRUE(ReadTraceVec(step, GjkTraceVec::V, p)) << step.caption;
        EXPECT_TRUE(ReadTraceVec(step, GjkTraceVec::Simplex0, p)) << step.caption;
    }
    // the last v is near the closest point of a - b: (1, 1, z) - (2.5, 2.5, z) shortened by the
    // radius, x = y = -(1.5 - sqrt(0.5))
    ASSERT_TRUE(ReadTraceVec(trace.steps.back(), GjkTraceVec::V, p));
    EXPECT_NEAR(p.x, -(1.5 - std::sqrt(0.5)), 1e-6);
    EXPECT_NEAR(p.y, p.x, 1e-6);
    EXPECT_NEAR(p.z, 0, 1e-6);
    EXPECT_NE(trace.verdict.find("miss"), std::string::npos);
    const Aabb<double> a{{0, 0, 0}, {1, 1, 1}};
    // EPA's expansions name the face and its distance
    Trace overlap;
    GjkEpaOverlap(a, Aabb<double>{{0.75, 0.125, -0.125}, {1.75, 1.125, 0.875}}, &overlap);
    bool face = false;
    for (const TraceStep& step : overlap.steps) {
        if (ReadTraceVec(step, GjkTraceVec::Face0, p)) {
            face = true;
            EXPECT_TRUE(ReadTraceVec(step, GjkTraceVec::FaceNormal, p));
        }
    }
    EXPECT_TRUE(face);
    Trace mpr;
    MprOverlap(a, Aabb<double>{{0.75, 0.125, -0.125}, {1.75, 1.125, 0.875}}, &mpr);
    ASSERT_FALSE(mpr.steps.empty());
    EXPECT_TRUE(ReadTraceVec(mpr.steps.back(), GjkTraceVec::Portal0, p));
}

FlawCondition Word(const char* text)
{
    std::string error;
    const auto clause = ParseFlawClause(text, &error);
    EXPECT_TRUE(clause) << error;
    return clause->all.front();
}

bool Holds(const char* word, const Query& q, Precision precision)
{
    const Situation situation{};
    const Result reference = hitlab::Run(ReferenceAlgorithm(q.family), q, precision);
    return FlawConditionHolds(Word(word), FlawContext{q, precision, situation, reference});
}

TEST(GjkFlawWords, DecidedByReRunningTheMethod)
{
    const Aabb<double> unit{{0, 0, 0}, {1, 1, 1}};
    // boxes 2^-8 apart, b offset in y and z so that the simplex spans a - b: in float GJK's
    // tolerance (||v||^2 <= 100 ulp max ||w||^2: ~6e-3 here) calls it an overlap, in double not
    const Query nearGap{Family::AabbAabb, unit, Aabb<double>{{1 + 0x1p-8, 0.5, 0.25}, {2, 1.5, 1.25}}};
    EXPECT_TRUE(hitlab::Run(*FindAlgorithm(Family::AabbAabb, "gjk_epa"), nearGap, Precision::Float).hit);
    EXPECT_TRUE(Holds("gjk tolerance", nearGap, Precision::Float));
    EXPECT_FALSE(hitlab::Run(*FindAlgorithm(Family::AabbAabb, "gjk_epa"), nearGap, Precision::Double).hit);
    EXPECT_FALSE(Holds("gjk tolerance", nearGap, Precision::Double));
    // boxes overlapping by a quarter: EPA lands on the face exactly (no tolerance), MPR's portal is
    // that face (depth 0.25 >= the exact depth)
    const Query quarter{Family::AabbAabb, unit, Aabb<double>{{0.75, 0.125, -0.125}, {1.75, 1.125, 0.875}}};
    EXPECT_FALSE(Holds("epa tolerance", quarter, Precision::Double));
    EXPECT_FALSE(Holds("degenerate simplex", quarter, Precision::Double));
    EXPECT_FALSE(Holds("iteration cap", quarter, Precision::Double));
    EXPECT_TRUE(Holds("mpr portal", quarter, Precision::Double));
    EXPECT_FALSE(Holds("mpr epsilon", quarter, Precision::Double));
    // spheres: EPA stops short of the curved boundary within its gap
    const Query balls{Family::SphereSphere, Sphere<double>{{0, 0, 0}, 1}, Sphere<double>{{1, 0.25, 0}, 1}};
    EXPECT_TRUE(Holds("epa tolerance", balls, Precision::Float));
    // coplanar triangles: a flat a - b
    const Query flat{Family::TriangleTriangle, Triangle<double>{{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}}},
                     Triangle<double>{{{{0.25, 0.25, 0}, {2, 0.25, 0}, {0.25, 2, 0}}}}};
    EXPECT_TRUE(Holds("degenerate simplex", flat, Precision::Double));
    // tiny boxes (1e-5) 1e-8 apart: libccd's absolute epsilon decides MPR's first step
    const Query tiny{Family::AabbAabb, Aabb<double>{{0, 0, 0}, {1e-5, 1e-5, 1e-5}},
                     Aabb<double>{{1e-5 + 1e-8, 0, 0}, {2e-5, 1e-5, 1e-5}}};
    EXPECT_TRUE(Holds("mpr epsilon", tiny, Precision::Float));
    EXPECT_FALSE(
        Holds("mpr epsilon", Query{Family::AabbAabb, unit, Aabb<double>{{1.25, 0, 0}, {2, 1, 1}}}, Precision::Float));
    // not a family of the methods: false
    const Query plane{Family::RayPlane, Ray<double>{{0, 0, 0}, {1, 0, 0}}, Plane<double>{{1, 0, 0}, 1}};
    EXPECT_FALSE(Holds("iteration cap", plane, Precision::Double));
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
