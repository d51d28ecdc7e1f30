// Tests of core/exact/exact.h: the exact judge against public.jsonl's rational oracle, hand-made
// cases (non-orthonormal obbs, irrational t, depths), the interval fast path, the reference
// algorithms away from boundaries, and UlpError.
#include "core/exact/exact.h"

#include "core/algorithm.h"

#include "support/case_count.h"
#include "support/cases.h"

#include <glm/glm.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

Query RayBox(glm::dvec3 o, glm::dvec3 d, glm::dvec3 lo, glm::dvec3 hi)
{
    return {Family::RayAabb, Ray<double>{o, d}, Aabb<double>{lo, hi}};
}

TEST(ExactJudge, AgreesWithEveryValidPublicCase)
{
    int checked = 0;
    for (const test::Case& c : test::LoadCases()) {
        if (c.isRaw || c.expect.error || !c.query) {
            continue;
        }
        SCOPED_TRACE(::testing::Message() << "case " << c.id << " (" << c.kind << ")");
        const ExactResult r = JudgeExact(*c.query);
        ASSERT_TRUE(r.valid);
        EXPECT_EQ(r.hit, c.expect.hit);
        EXPECT_EQ(ExactHit(*c.query), c.expect.hit);
        const auto fast = FastVerdict(*c.query);
        if (fast) {
            EXPECT_EQ(*fast, c.expect.hit);
        }
        if (c.expect.tEnter) {
            ASSERT_TRUE(r.hit);
            if (c.expect.tExact) {
                EXPECT_TRUE(r.exactT);
                EXPECT_EQ(r.tEnter.value, *c.expect.tEnter);
                EXPECT_EQ(r.tExit.value, *c.expect.tExit);
            } else {
                EXPECT_NEAR(r.tEnter.value, *c.expect.tEnter, 1e-12 * std::fabs(*c.expect.tEnter));
                EXPECT_NEAR(r.tExit.value, *c.expect.tExit, 1e-12 * std::fabs(*c.expect.tExit));
            }
        }
        if (c.expect.depth) {
            ASSERT_TRUE(r.hit);
            if (c.expect.depthExact) {
                EXPECT_TRUE(r.exactDepth);
                EXPECT_EQ(r.depth.value, *c.expect.depth);
            } else {
                EXPECT_NEAR(r.depth.value, *c.expect.depth, 1e-12);
            }
        }
        ++checked;
    }
    EXPECT_EQ(checked, 45);
}

TEST(ExactJudge, RayAlongTopFaceHitsWithExactRationalT)
{
    const ExactResult r = JudgeExact(RayBox({-1, 1, 0.5}, {3, 0, 0}, {0, 0, 0}, {1, 1, 1}));
    ASSERT_TRUE(r.hit);
    EXPECT_TRUE(r.exactT);
    EXPECT_EQ(r.tEnter.text, "1/3");
    EXPECT_EQ(r.tExit.text, "2/3");
    EXPECT_EQ(r.tEnter.value, 1.0 / 3.0); // the nearest double
    EXPECT_EQ(DescribeExact(r), "hit, t in [1/3, 2/3] (exact)");
}

TEST(ExactJudge, OneUlpPastTheCornerMisses)
{
    // aimed at the corner (1, 1, 1) from (0, 0, 2) but the y component is one ulp too small
    const double y = std::nextafter(1.0, 0.0);
    EXPECT_TRUE(JudgeExact(RayBox({0, 0, 2}, {1, 1, -1}, {1, 1, 1}, {2, 2, 3})).hit);
    EXPECT_FALSE(JudgeExact(RayBox({0, 0, 2}, {1, y, -1}, {1, 1, 1}, {2, 2, 3})).hit);
    EXPECT_FALSE(ExactHit(RayBox({0, 0, 2}, {1, y, -1}, {1, 1, 1}, {2, 2, 3})));
}

TEST(ExactJudge, NegativeZeroDirectionOnFacePlaneHits)
{
    const Query q = RayBox({-1, 0, 0.5}, {1, -0.0, -0.0}, {0, 0, 0}, {1, 1, 1});
    EXPECT_TRUE(JudgeExact(q).hit);
    ASSERT_TRUE(FastVerdict(q).has_value()); // integers stay exact in the interval path
    EXPECT_TRUE(*FastVerdict(q));
}

TEST(ExactJudge, SegmentUsesTheExactDifferenceOfItsEnds)
{
    const Query q{Family::SegmentAabb, Segment<double>{{-1, 0.5, 0.5}, {0.25, 0.5, 0.5}},
                  Aabb<double>{{0, 0, 0}, {1, 1, 1}}};
    const ExactResult r = JudgeExact(q);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter.text, "4/5");
    EXPECT_EQ(r.tExit.text, "1");
}

TEST(ExactJudge, NonOrthonormalObbIsTheParallelepipedOfItsAxes)
{
    // a sheared box: axes (1, 0, 0), (1, 1, 0), (0, 0, 1); the point (1.9, 0.5, 0) is inside
    // (p = (1.4, 0.5, 0)), and (-1.9, 0.5, 0) is not (p.x = -2.4)
    Obb<double> box;
    box.center = {0, 0, 0};
    box.halfExtents = {1.5, 1, 1};
    box.axes = {glm::dvec3{1, 0, 0}, glm::dvec3{1, 1, 0}, glm::dvec3{0, 0, 1}};
    const Query q{Family::RayObb, Ray<double>{{-5, 0.5, 0}, {1, 0, 0}}, box};
    const ExactResult r = JudgeExact(q);
    ASSERT_TRUE(r.hit);
    EXPECT_TRUE(r.exactT);
    EXPECT_EQ(r.tEnter.text, "4"); // at y = 0.5, x = p.x + 0.5 with p.x in [-1.5, 1.5]: x in [-1, 2]
    EXPECT_EQ(r.tExit.text, "7");
    EXPECT_EQ(FastVerdict(q), std::optional<bool>(true));
}

TEST(ExactJudge, TangentRayIsExactAndIrrationalTIsFlagged)
{
    const Query tangent{Family::RaySphere, Ray<double>{{-5, 1, 0}, {1, 0, 0}}, Sphere<double>{{0, 0, 0}, 1}};
    const ExactResult t = JudgeExact(tangent);
    ASSERT_TRUE(t.hit);
    EXPECT_TRUE(t.exactT);
    EXPECT_EQ(t.tEnter.value, 5);
    EXPECT_EQ(t.tExit.value, 5);
    const Query irrational{Family::RaySphere, Ray<double>{{-5, 0, 0}, {1, 0, 0}}, Sphere<double>{{0, 0, 0}, 2}};
    // t = 5 -+ 2: rational; now through y = 1: t = 5 -+ sqrt(3)
    const Query root3{Family::RaySphere, Ray<double>{{-5, 1, 0}, {1, 0, 0}}, Sphere<double>{{0, 0, 0}, 2}};
    EXPECT_TRUE(JudgeExact(irrational).exactT);
    const ExactResult r = JudgeExact(root3);
    ASSERT_TRUE(r.hit);
    EXPECT_FALSE(r.exactT);
    EXPECT_EQ(r.tEnter.value, double(5.0L - std::sqrt(3.0L))); // nearest double of the true value
    EXPECT_EQ(r.tExit.value, double(5.0L + std::sqrt(3.0L)));
    EXPECT_EQ(r.tEnter.text.substr(0, 12), "3.2679491924");
}

TEST(ExactJudge, OverlapDepths)
{
    // spheres: 3-4-5 triangle, depth 2 + 4 - 5 = 1 exactly
    const Query ss{Family::SphereSphere, Sphere<double>{{0, 0, 0}, 2}, Sphere<double>{{3, 4, 0}, 4}};
    const ExactResult a = JudgeExact(ss);
    ASSERT_TRUE(a.hit);
    EXPECT_TRUE(a.exactDepth);
    EXPECT_EQ(a.depth.text, "1");
    // sphere near a box corner at distance sqrt(3): depth 2 - sqrt(3), not rational
    const Query sb{Family::SphereAabb, Sphere<double>{{2, 2, 2}, 2}, Aabb<double>{{0, 0, 0}, {1, 1, 1}}};
    const ExactResult b = JudgeExact(sb);
    ASSERT_TRUE(b.hit);
    EXPECT_FALSE(b.exactDepth);
    EXPECT_EQ(b.depth.value, double(2.0L - std::sqrt(3.0L)));
    // expanded-box false positive: the corner is sqrt(3) * 0.9 > 1.5 away
    const Query miss{Family::SphereAabb, Sphere<double>{{1.9, 1.9, 1.9}, 1.5}, Aabb<double>{{0, 0, 0}, {1, 1, 1}}};
    EXPECT_FALSE(JudgeExact(miss).hit);
    // boxes touching at a corner
    const Query corner{Family::AabbAabb, Aabb<double>{{0, 0, 0}, {1, 1, 1}}, Aabb<double>{{1, 1, 1}, {2, 2, 2}}};
    const ExactResult c = JudgeExact(corner);
    ASSERT_TRUE(c.hit);
    EXPECT_EQ(c.depth.text, "0");
}

TEST(ExactJudge, ObbsSeparatedOnlyByAnEdgeAxis)
{
    // cubes rotated 45 degrees about z and about x, with exact non-unit axes (side sqrt 2)
    Obb<double> a, b;
    a.center = {0, 0, 0};
    a.halfExtents = {0.5, 0.5, 0.5};
    a.axes = {glm::dvec3{1, 1, 0}, glm::dvec3{-1, 1, 0}, glm::dvec3{0, 0, 1}};
    b.halfExtents = {0.5, 0.5, 0.5};
    b.axes = {glm::dvec3{1, 0, 0}, glm::dvec3{0, 1, 1}, glm::dvec3{0, -1, 1}};
    // slide b along (1, 1, 1): convex solids, so the verdict flips exactly once, and the interval
    // path never contradicts the rational one
    bool previous = true;
    int flips = 0;
    for (int k = 0; k <= 40; ++k) {
        b.center = glm::dvec3(k * 0.0625);
        const Query q{Family::ObbObb, a, b};
        const bool hit = JudgeExact(q).hit;
        if (const auto fast = FastVerdict(q)) {
            EXPECT_EQ(*fast, hit) << k;
        }
        flips += hit != previous ? 1 : 0;
        previous = hit;
    }
    EXPECT_EQ(flips, 1);
    EXPECT_FALSE(previous);
}

TEST(ExactJudge, ThePublishedShortcutsDisagreeWithItWhereTheirFlawsSay)
{
    const AlgorithmInfo* recast = FindAlgorithm(Family::SegmentAabb, "segment_recast");
    const AlgorithmInfo* faces = FindAlgorithm(Family::ObbObb, "sat_faces");
    ASSERT_NE(recast, nullptr);
    ASSERT_NE(faces, nullptr);
    // a segment 2^-21 long through the face y = 1 of the unit cube: exactly t in [1/2, 1]; Recast
    // takes its y component (below 1e-6) for parallel and judges it by its start, above the box
    const double e = std::ldexp(1.0, -22);
    const Query segment{Family::SegmentAabb, Segment<double>{{0.5, 1 + e, 0.5}, {0.5, 1 - e, 0.5}},
                        Aabb<double>{{0, 0, 0}, {1, 1, 1}}};
    const ExactResult exactSegment = JudgeExact(segment);
    ASSERT_TRUE(exactSegment.hit);
    EXPECT_EQ(exactSegment.tEnter.text, "1/2");
    EXPECT_EQ(exactSegment.tExit.text, "1");
    for (Precision p : {Precision::Float, Precision::Double}) {
        EXPECT_FALSE(hitlab::Run(*recast, segment, p).hit);
        EXPECT_TRUE(hitlab::Run(ReferenceAlgorithm(Family::SegmentAabb), segment, p).hit);
    }
    // unit cubes turned 45 degrees about z and about y (axes rounded to double: the judge takes
    // them as given), edge to edge along x 3.125 - 2 sqrt 2 = 0.297 apart: only z x y separates them
    const double c = std::sqrt(0.5);
    Obb<double> a, b;
    a.center = {0, 0, 0};
    a.halfExtents = {1, 1, 1};
    a.axes = {glm::dvec3{c, c, 0}, glm::dvec3{-c, c, 0}, glm::dvec3{0, 0, 1}};
    b.center = {3.125, 0, 0};
    b.halfExtents = {1, 1, 1};
    b.axes = {glm::dvec3{c, 0, -c}, glm::dvec3{0, 1, 0}, glm::dvec3{c, 0, c}};
    const Query boxes{Family::ObbObb, a, b};
    EXPECT_FALSE(JudgeExact(boxes).hit);
    EXPECT_TRUE(hitlab::Run(*faces, boxes, Precision::Double).hit);
    EXPECT_FALSE(hitlab::Run(ReferenceAlgorithm(Family::ObbObb), boxes, Precision::Double).hit);
}

TEST(ExactJudge, AgreesWithReferenceAlgorithmsInDoubleOnRandomInputs)
{
    std::mt19937_64 rng(12345);
    std::uniform_real_distribution<double> u(-4, 4);
    auto v = [&] { return glm::dvec3(u(rng), u(rng), u(rng)); };
    auto box = [&] {
        const glm::dvec3 p = v(), q = v();
        return Aabb<double>{glm::min(p, q), glm::max(p, q)};
    };
    auto obb = [&] {
        // a rotation from a random unit quaternion: orthonormal up to rounding
        glm::dvec4 qv(u(rng), u(rng), u(rng), u(rng));
        qv /= std::sqrt(glm::dot(qv, qv));
        const double w = qv.w, x = qv.x, y = qv.y, z = qv.z;
        Obb<double> o;
        o.center = v();
        o.halfExtents = glm::abs(v()) * 0.5;
        o.axes = {glm::dvec3{1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)},
                  glm::dvec3{2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)},
                  glm::dvec3{2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)}};
        return o;
    };
    int hits = 0, checked = 0;
    const int rounds = test::CaseCount(1500, 150);
    for (int i = 0; i < rounds; ++i) {
        for (Family family : AllFamilies()) {
            Query q;
            q.family = family;
            switch (family) {
            case Family::RayAabb:
                q.a = Ray<double>{v(), v()};
                q.b = box();
                break;
            case Family::SegmentAabb:
                q.a = Segment<double>{v(), v()};
                q.b = box();
                break;
            case Family::RayPlane:
                q.a = Ray<double>{v(), v()};
                q.b = Plane<double>{v(), u(rng)};
                break;
            case Family::RaySphere:
                q.a = Ray<double>{v(), v()};
                q.b = Sphere<double>{v(), std::fabs(u(rng))};
                break;
            case Family::RayObb:
                q.a = Ray<double>{v(), v()};
                q.b = obb();
                break;
            case Family::AabbAabb:
                q.a = box();
                q.b = box();
                break;
            case Family::SphereAabb:
                q.a = Sphere<double>{v(), std::fabs(u(rng))};
                q.b = box();
                break;
            case Family::SphereSphere:
                q.a = Sphere<double>{v(), std::fabs(u(rng))};
                q.b = Sphere<double>{v(), 1};
                break;
            case Family::ObbObb:
                q.a = obb();
                q.b = obb();
                break;
            case Family::PointAabb:
                q.a = Point<double>{v()};
                q.b = box();
                break;
            case Family::PointSphere:
                q.a = Point<double>{v()};
                q.b = Sphere<double>{v(), 1 + std::fabs(u(rng))};
                break;
            case Family::PointObb:
                q.a = Point<double>{v()};
                q.b = obb();
                break;
            case Family::RayTriangle:
                q.a = Ray<double>{v(), v()};
                q.b = Triangle<double>{{v(), v(), v()}};
                break;
            case Family::SegmentTriangle:
                q.a = Segment<double>{v(), v()};
                q.b = Triangle<double>{{v(), v(), v()}};
                break;
            case Family::RayMesh:
                q.a = Ray<double>{v(), v()};
                q.b = Mesh<double>{MakeMeshData({v(), v(), v(), v(), v()}, {{{0, 1, 2}}, {{1, 3, 2}}, {{2, 3, 4}}})};
                break;
            case Family::AabbTriangle:
                q.a = box();
                q.b = Triangle<double>{{v(), v(), v()}};
                break;
            case Family::SphereTriangle:
                q.a = Sphere<double>{v(), std::fabs(u(rng))};
                q.b = Triangle<double>{{v(), v(), v()}};
                break;
            case Family::TriangleTriangle:
                q.a = Triangle<double>{{v(), v(), v()}};
                q.b = Triangle<double>{{v(), v(), v()}};
                break;
            case Family::ConvexConvex:
                q.a = Convex<double>{MakeConvexData({v(), v(), v(), v(), v()})};
                q.b = Convex<double>{MakeConvexData({v(), v(), v(), v()})};
                break;
            }
            const Result ref = hitlab::Run(ReferenceAlgorithm(family), q, Precision::Double);
            const ExactResult ex = JudgeExact(q);
            SCOPED_TRACE(::testing::Message() << FamilyName(family) << " #" << i);
            ASSERT_EQ(ref.hit, ex.hit);
            ASSERT_EQ(ExactHit(q), ex.hit);
            if (ex.hit) {
                ++hits;
                if (IsCast(family)) {
                    EXPECT_NEAR(ref.tEnter, ex.tEnter.value, 1e-9 * (1 + std::fabs(ex.tEnter.value)));
                    EXPECT_NEAR(ref.tExit, ex.tExit.value, 1e-9 * (1 + std::fabs(ex.tExit.value)));
                } else {
                    EXPECT_NEAR(ref.depth, ex.depth.value, 1e-9 * (1 + ex.depth.value));
                }
            }
            ++checked;
        }
    }
    EXPECT_GT(hits, checked / 10); // the distribution hits often enough to test t and depth
}

TEST(UlpError, CountsUnitsInTheLastPlaceOfThePrecision)
{
    EXPECT_EQ(UlpError(1.0, 1.0, Precision::Float), 0);
    EXPECT_EQ(UlpError(1.0, 1.0 + 0x1p-23, Precision::Float), 1);
    EXPECT_EQ(UlpError(1.0, 1.0 + 0x1p-52, Precision::Double), 1);
    EXPECT_EQ(UlpError(1.0, 1.0 - 0x1p-53, Precision::Double), 0.5); // the binade of exact sets the unit
    EXPECT_EQ(UlpError(3.0, 3.0 + 3 * 0x1p-22, Precision::Float), 3);
    EXPECT_EQ(UlpError(0.0, 0x1p-149, Precision::Float), 1);
    EXPECT_TRUE(std::isinf(UlpError(1.0, INFINITY, Precision::Double)));
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
