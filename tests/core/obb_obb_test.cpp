// Tests of core/obb_obb.h (the reference 15-axis SAT) and core/obb_obb_published.h (vertex / edge).
#include "core/obb_obb.h"
#include "core/obb_obb_published.h"

#include "core/aabb_aabb.h"
#include "core/algorithm.h"
#include "support/overlap_oracle.h"

#include <gtest/gtest.h>

#include <glm/gtx/euler_angles.hpp>

#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

template <typename T>
class ObbObbTest : public ::testing::Test {
};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(ObbObbTest, Scalars);

using Axes = std::array<glm::dvec3, 3>;
const Axes kIdentity{glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 1)};
const Axes kQuarterTurnZ{glm::dvec3(0, 1, 0), glm::dvec3(-1, 0, 0), glm::dvec3(0, 0, 1)};

template <typename T>
Obb<T> MakeObb(glm::dvec3 center, glm::dvec3 half, const Axes& axes)
{
    return ShapeCast<T>(Obb<double>{center, half, axes});
}

/// The protocol's rotation_deg: columns of Rx * Ry * Rz.
Axes FromDegrees(double rx, double ry, double rz)
{
    const glm::dmat4 m = glm::eulerAngleXYZ(glm::radians(rx), glm::radians(ry), glm::radians(rz));
    return {glm::dvec3(m[0]), glm::dvec3(m[1]), glm::dvec3(m[2])};
}

/// Rotation about z by `degrees`.
Axes AboutZ(double degrees)
{
    const double c = std::cos(glm::radians(degrees)), s = std::sin(glm::radians(degrees));
    return {glm::dvec3(c, s, 0), glm::dvec3(-s, c, 0), glm::dvec3(0, 0, 1)};
}

// ---- sat (reference) ----

TYPED_TEST(ObbObbTest, SatTouchingFacesWithPermutedAxesHitWithDepthZero)
{
    using T = TypeParam;
    // public case 41
    const OverlapResult<T> r =
        ObbObbSat(MakeObb<T>({0, 0, 0}, {1, 1, 1}, kIdentity), MakeObb<T>({2, 0, 0}, {1, 1, 1}, kQuarterTurnZ));
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.depth, T(0));
    EXPECT_EQ(r.normal, Vec3<T>(1, 0, 0));
}

TYPED_TEST(ObbObbTest, SatSmallGapsWithPermutedAxesMissDespiteTheEpsilon)
{
    using T = TypeParam;
    // public case 42 has a gap of 2^-10; the epsilon must not swallow much smaller gaps either
    for (int exponent : {10, 16, 20}) {
        SCOPED_TRACE(exponent);
        const double x = 2 + std::ldexp(1.0, -exponent);
        const OverlapResult<T> r =
            ObbObbSat(MakeObb<T>({0, 0, 0}, {1, 1, 1}, kIdentity), MakeObb<T>({x, 0, 0}, {1, 1, 1}, kQuarterTurnZ));
        EXPECT_FALSE(r.hit);
        EXPECT_TRUE(r.hasSeparatingAxis);
        EXPECT_EQ(r.separatingAxis, Vec3<T>(1, 0, 0));
    }
}

TYPED_TEST(ObbObbTest, SatSeparatedBelowReportsAxisPointingFromAToB)
{
    using T = TypeParam;
    const OverlapResult<T> r =
        ObbObbSat(MakeObb<T>({0, 0, 0}, {1, 1, 1}, kIdentity), MakeObb<T>({0, -3, 0}, {1, 0.5, 1}, kQuarterTurnZ));
    ASSERT_FALSE(r.hit);
    EXPECT_EQ(r.separatingAxis, Vec3<T>(0, -1, 0));
}

TYPED_TEST(ObbObbTest, SatPlusSignCrossingHitsWithDepthFromTheThinAxis)
{
    using T = TypeParam;
    // public case 40: depth 1.5 along z (a's A2 face axis comes first among the ties)
    Trace trace;
    const OverlapResult<T> r = ObbObbSat(MakeObb<T>({0, 0, 0}, {4, 0.5, 0.5}, kIdentity),
                                         MakeObb<T>({0, 0, 0}, {0.25, 4, 1}, kIdentity), &trace);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.depth, T(1.5));
    EXPECT_EQ(r.normal, Vec3<T>(0, 0, 1));
    // every one of the 15 axes is recorded, then the conclusion
    ASSERT_EQ(trace.steps.size(), 16u);
    EXPECT_EQ(trace.decidingStep, 15);
    int chosen = 0;
    for (int i = 0; i < 15; ++i) {
        const auto* part = std::get_if<AxisPart>(&trace.steps[static_cast<size_t>(i)].part);
        ASSERT_NE(part, nullptr);
        EXPECT_EQ(part->label, detail::ObbAxisLabel(i));
        EXPECT_FALSE(part->separating);
        chosen += part->chosen ? 1 : 0;
    }
    EXPECT_EQ(chosen, 1);
    EXPECT_TRUE(std::get<AxisPart>(trace.steps[2].part).chosen);
    EXPECT_EQ(std::get<AxisPart>(trace.steps[2].part).ra, 0.5);
    EXPECT_EQ(std::get<AxisPart>(trace.steps[2].part).rb, 1.0);
}

TYPED_TEST(ObbObbTest, SatEarlyExitIsTheDecidingStep)
{
    using T = TypeParam;
    Trace trace;
    const OverlapResult<T> r =
        ObbObbSat(MakeObb<T>({0, 0, 0}, {1, 1, 1}, kIdentity), MakeObb<T>({0, 0, 5}, {1, 1, 1}, kIdentity), &trace);
    ASSERT_FALSE(r.hit);
    ASSERT_EQ(trace.steps.size(), 3u); // A0, A1 overlap; A2 separates
    EXPECT_EQ(trace.decidingStep, 2);
    EXPECT_TRUE(std::get<AxisPart>(trace.steps[2].part).separating);
    EXPECT_EQ(std::get<AxisPart>(trace.steps[2].part).distance, 5.0);
}

TYPED_TEST(ObbObbTest, SatFindsTheEdgeEdgeAxisWhenNoFaceAxisSeparates)
{
    using T = TypeParam;
    // Two unit cubes turned 45 degrees so that edges face each other crosswise: a about z (an
    // edge along z at x = sqrt(2)), b about y (an edge along y at x = -sqrt(2) from its centre).
    // With the centres 2 sqrt(2) + 0.01 apart along x, no face axis separates them (the nearest,
    // a's diagonal face axes, would need 3.83); only A2 x B1 = -x does.
    const double s = std::sqrt(0.5);
    const Axes aAxes{glm::dvec3(s, s, 0), glm::dvec3(-s, s, 0), glm::dvec3(0, 0, 1)};
    const Axes bAxes{glm::dvec3(s, 0, -s), glm::dvec3(0, 1, 0), glm::dvec3(s, 0, s)};
    const Obb<T> a = MakeObb<T>({0, 0, 0}, {1, 1, 1}, aAxes);
    const Obb<T> bFar = MakeObb<T>({2 * std::sqrt(2.0) + 0.01, 0, 0}, {1, 1, 1}, bAxes);
    const Obb<T> bNear = MakeObb<T>({2 * std::sqrt(2.0) - 0.01, 0, 0}, {1, 1, 1}, bAxes);
    Trace trace;
    const OverlapResult<T> far = ObbObbSat(a, bFar, &trace);
    EXPECT_FALSE(far.hit);
    ASSERT_GE(trace.decidingStep, 0);
    const auto& part = std::get<AxisPart>(trace.steps[static_cast<size_t>(trace.decidingStep)].part);
    EXPECT_EQ(part.label, "A2 x B1");
    EXPECT_NEAR(double(far.separatingAxis.x), 1.0, 1e-6); // cross(z, y) = -x, turned to point from a to b
    EXPECT_TRUE(ObbObbSat(a, bNear).hit);
}

TYPED_TEST(ObbObbTest, SatNanMisses)
{
    using T = TypeParam;
    Obb<T> b = MakeObb<T>({0, 0, 0}, {1, 1, 1}, kIdentity);
    b.center.y = std::numeric_limits<T>::quiet_NaN();
    EXPECT_FALSE(ObbObbSat(MakeObb<T>({0, 0, 0}, {1, 1, 1}, kIdentity), b).hit);
    EXPECT_FALSE(ObbObbVertexEdge(MakeObb<T>({0, 0, 0}, {1, 1, 1}, kIdentity), b).hit);
}

// ---- public cases ----

TEST(ObbObbPublic, SatMatchesEveryCaseInFloatAndDouble)
{
    const auto cases = test::LoadPublicCases("obb_obb");
    ASSERT_GE(cases.size(), 6u);
    const AlgorithmInfo& ref = ReferenceAlgorithm(Family::ObbObb);
    EXPECT_EQ(ref.name, "sat");
    EXPECT_EQ(ref.ConventionValue("touching"), "overlap");
    test::ForEachCaseInBothPrecisions(cases, [&](const test::PublicCase& c, Precision p) {
        Trace trace;
        const Result r = hitlab::Run(ref, c.query, p, &trace);
        ASSERT_EQ(r.hit, c.hit);
        if (c.hit && c.depthExact) {
            EXPECT_EQ(r.depth, c.depth);
        } else if (c.hit) {
            EXPECT_NEAR(r.depth, c.depth, p == Precision::Float ? 1e-5 : 1e-12);
        }
        if (c.id == 45) {
            // separated only by an edge-edge axis
            const auto& part = std::get<AxisPart>(trace.steps[static_cast<size_t>(trace.decidingStep)].part);
            EXPECT_NE(part.label.find(" x "), std::string::npos) << part.label;
        }
    });
}

TEST(ObbObbPublic, VertexEdgeMissesThePlusSignCrossingsAndAgreesElsewhere)
{
    const AlgorithmInfo* info = FindAlgorithm(Family::ObbObb, "vertex_edge");
    ASSERT_NE(info, nullptr);
    EXPECT_TRUE(info->published);
    EXPECT_EQ(info->ConventionValue("touching"), "overlap");
    test::ForEachCaseInBothPrecisions(test::LoadPublicCases("obb_obb"), [&](const test::PublicCase& c, Precision p) {
        // 40 and 44 are crossings with no vertex inside and only a's edges piercing b
        const bool flawed = c.id == 40 || c.id == 44;
        EXPECT_EQ(hitlab::Run(*info, c.query, p).hit, flawed ? false : c.hit);
    });
}

// ---- sat_faces (published) ----

TYPED_TEST(ObbObbTest, SatFacesReportsCubesEdgeToEdgeAsOverlappingWhereSatFindsTheEdgeAxis)
{
    using T = TypeParam;
    // a turned 45 degrees about z reaches x = sqrt 2 with its edge along z; b turned 45 degrees
    // about y starts at x = 3.125 - sqrt 2 with its edge along y: 0.297 apart, separated only by
    // z x y (the x axis). On a's face normals (1, +-1, 0) / sqrt 2 and b's (1, 0, -+1) / sqrt 2 the
    // centres are 3.125 / sqrt 2 = 2.21 apart and the radii sum to 1 + 1/2 + 1/2 + 1 / sqrt 2 = 2.71.
    const Obb<T> a = MakeObb<T>({0, 0, 0}, {1, 1, 1}, AboutZ(45));
    const Obb<T> b = MakeObb<T>({3.125, 0, 0}, {1, 1, 1}, FromDegrees(0, 45, 0));
    const OverlapResult<T> sat = ObbObbSat(a, b);
    EXPECT_FALSE(sat.hit);
    ASSERT_TRUE(sat.hasSeparatingAxis);
    EXPECT_NEAR(double(sat.separatingAxis.x), 1.0, 1e-6);
    Trace trace;
    const OverlapResult<T> faces = ObbObbSatFaces(a, b, &trace);
    EXPECT_TRUE(faces.hit);
    EXPECT_FALSE(faces.hasSeparatingAxis);
    // six face-axis steps (A0..A2, B0..B2), none separating, then the closing step, which decides
    ASSERT_EQ(trace.steps.size(), 7u);
    for (int i = 0; i < 6; ++i) {
        const auto* axis = std::get_if<AxisPart>(&trace.steps[static_cast<size_t>(i)].part);
        ASSERT_NE(axis, nullptr);
        EXPECT_EQ(axis->label, detail::ObbAxisLabel(i));
        EXPECT_FALSE(axis->separating);
    }
    EXPECT_EQ(trace.decidingStep, 6);
    EXPECT_EQ(trace.verdict, "hit: none of the 6 face axes separates the boxes (the edge-edge axes are not tested)");
}

TYPED_TEST(ObbObbTest, SatFacesSeparatesOnTheSameFaceAxisAsSat)
{
    using T = TypeParam;
    // axis-aligned unit boxes 3 apart on y: A1 separates, pointing from a to b
    const Obb<T> a = MakeObb<T>({0, 0, 0}, {1, 1, 1}, kIdentity);
    const Obb<T> b = MakeObb<T>({0, 3, 0}, {1, 1, 1}, kQuarterTurnZ);
    Trace trace;
    const OverlapResult<T> faces = ObbObbSatFaces(a, b, &trace);
    EXPECT_FALSE(faces.hit);
    ASSERT_TRUE(faces.hasSeparatingAxis);
    EXPECT_EQ(faces.separatingAxis, Vec3<T>(0, 1, 0));
    EXPECT_EQ(faces.separatingAxis, ObbObbSat(a, b).separatingAxis);
    ASSERT_EQ(trace.steps.size(), 2u); // A0 overlaps, A1 separates and decides
    EXPECT_EQ(trace.decidingStep, 1);
    EXPECT_EQ(trace.verdict, "miss: the boxes are separated along A1");
    // touching faces overlap (closed boxes), as in sat
    EXPECT_TRUE(ObbObbSatFaces(a, MakeObb<T>({2, 0, 0}, {1, 1, 1}, kQuarterTurnZ)).hit);
    // NaN separates
    EXPECT_FALSE(ObbObbSatFaces(a, MakeObb<T>({std::nan(""), 0, 0}, {1, 1, 1}, kIdentity)).hit);
}

TEST(ObbObbPublic, SatFacesDiffersFromEveryCaseOnlyWhereAnEdgeAxisSeparates)
{
    const AlgorithmInfo* info = FindAlgorithm(Family::ObbObb, "sat_faces");
    ASSERT_NE(info, nullptr);
    EXPECT_TRUE(info->published);
    EXPECT_FALSE(info->flaw.empty());
    EXPECT_EQ(info->returns, kFieldHit | kFieldSeparatingAxis);
    int flawed = 0;
    for (const auto& c : test::LoadPublicCases("obb_obb")) {
        const auto& a = std::get<Obb<double>>(c.query.a);
        const auto& b = std::get<Obb<double>>(c.query.b);
        Trace trace;
        const OverlapResult<double> sat = ObbObbSat(a, b, &trace);
        const auto* deciding = trace.decidingStep >= 0
                                   ? std::get_if<AxisPart>(&trace.steps[static_cast<size_t>(trace.decidingStep)].part)
                                   : nullptr;
        const bool edgeSeparates = !sat.hit && deciding != nullptr && deciding->label.find(" x ") != std::string::npos;
        flawed += edgeSeparates ? 1 : 0;
        SCOPED_TRACE(testing::Message() << "case " << c.id << " (" << c.kind << ")");
        EXPECT_EQ(hitlab::Run(*info, c.query, Precision::Double).hit, edgeSeparates ? true : c.hit);
    }
    EXPECT_GE(flawed, 1); // public case 45 at least
}

TEST(ObbObbPublic, SatFacesBatchRunnerGivesTheSingleRunnersResultsInFloatAndDouble)
{
    const AlgorithmInfo* info = FindAlgorithm(Family::ObbObb, "sat_faces");
    ASSERT_NE(info, nullptr);
    const std::vector<Shape> shapes{Obb<double>{{0, 0, 0}, {1, 1, 1}, AboutZ(45)},
                                    Obb<double>{{3.125, 0, 0}, {1, 1, 1}, FromDegrees(0, 45, 0)}, // false hit
                                    Obb<double>{{0, 3, 0}, {1, 1, 1}, kIdentity}};                // apart on y
    std::vector<FloatShape> floatShapes;
    for (const Shape& shape : shapes) {
        floatShapes.push_back(ToFloat(shape));
    }
    const std::vector<ShapePair> pairs{{0, 1}, {0, 2}};
    for (Precision precision : {Precision::Float, Precision::Double}) {
        std::vector<PackedResult<float>> floats(precision == Precision::Float ? pairs.size() : 0);
        std::vector<PackedResult<double>> doubles(precision == Precision::Double ? pairs.size() : 0);
        RunBatch(*info, QueryBatch{shapes, floatShapes, pairs}, precision, BatchResults{floats, doubles});
        for (size_t i = 0; i < pairs.size(); ++i) {
            const Result batch = precision == Precision::Float ? Widen(floats[i]) : Widen(doubles[i]);
            const Result one =
                hitlab::Run(*info, Query{Family::ObbObb, shapes[pairs[i].a], shapes[pairs[i].b]}, precision);
            EXPECT_EQ(batch.hit, one.hit) << i;
            EXPECT_EQ(batch.hasSeparatingAxis, one.hasSeparatingAxis) << i;
            EXPECT_EQ(batch.separatingAxis, one.separatingAxis) << i;
        }
        EXPECT_TRUE(precision == Precision::Float ? Widen(floats[0]).hit : Widen(doubles[0]).hit);
        EXPECT_FALSE(precision == Precision::Float ? Widen(floats[1]).hit : Widen(doubles[1]).hit);
    }
}

TEST(ObbObbProperties, SatFacesNeverMissesWhatSatHits)
{
    // leaving axes out can only turn misses into hits
    std::mt19937_64 rng(13);
    std::uniform_real_distribution<double> u(-2, 2), h(0.1, 1.5), angle(0, 360);
    int falseHits = 0;
    for (int i = 0; i < 20000; ++i) {
        const Obb<double> a{
            {u(rng), u(rng), u(rng)}, {h(rng), h(rng), h(rng)}, FromDegrees(angle(rng), angle(rng), angle(rng))};
        const Obb<double> b{
            {u(rng), u(rng), u(rng)}, {h(rng), h(rng), h(rng)}, FromDegrees(angle(rng), angle(rng), angle(rng))};
        const bool sat = ObbObbSat(a, b).hit, faces = ObbObbSatFaces(a, b).hit;
        EXPECT_TRUE(!sat || faces);
        falseHits += !sat && faces ? 1 : 0;
    }
    EXPECT_GT(falseHits, 0); // the flaw shows on random rotations
}

// ---- vertex_edge (published) ----

TYPED_TEST(ObbObbTest, VertexEdgeMissesAPlusSignCrossingButFindsItWithAAndBSwapped)
{
    using T = TypeParam;
    const Obb<T> bar = MakeObb<T>({0, 0, 0}, {4, 0.5, 0.5}, kIdentity);
    const Obb<T> slab = MakeObb<T>({0, 0, 0}, {0.25, 4, 1}, kIdentity);
    Trace trace;
    EXPECT_FALSE(ObbObbVertexEdge(bar, slab, &trace).hit);
    EXPECT_TRUE(ObbObbSat(bar, slab).hit);
    // 16 vertices, the pre-test, 12 edges of b, the conclusion
    ASSERT_EQ(trace.steps.size(), 16u + 1u + 12u + 1u);
    for (int v = 0; v < 16; ++v) {
        const auto* point = std::get_if<PointPart>(&trace.steps[static_cast<size_t>(v)].part);
        ASSERT_NE(point, nullptr);
        EXPECT_FALSE(point->flag);
    }
    for (int e = 17; e < 29; ++e) {
        const auto* segment = std::get_if<SegmentPart>(&trace.steps[static_cast<size_t>(e)].part);
        ASSERT_NE(segment, nullptr);
        EXPECT_FALSE(segment->flag);
    }
    Trace swapped;
    const OverlapResult<T> r = ObbObbVertexEdge(slab, bar, &swapped);
    ASSERT_TRUE(r.hit);
    const auto* segment = std::get_if<SegmentPart>(&swapped.steps[static_cast<size_t>(swapped.decidingStep)].part);
    ASSERT_NE(segment, nullptr);
    EXPECT_TRUE(segment->flag);
    // the bar's first edge (y = z = -0.5) enters the slab through its face x = -0.25
    EXPECT_EQ(r.contact, Vec3<T>(T(-0.25), T(-0.5), T(-0.5)));
    EXPECT_TRUE(detail::ObbContains(slab, r.contact));
    EXPECT_TRUE(detail::ObbContains(bar, r.contact));
}

TYPED_TEST(ObbObbTest, VertexEdgeMissesARotatedPlusSignCrossing)
{
    using T = TypeParam;
    // b turned 30 degrees about z: still a crossing with no vertex inside and only a's edges piercing b
    const Obb<T> a = MakeObb<T>({0, 0, 0}, {4, 0.5, 0.5}, kIdentity);
    const Obb<T> b = MakeObb<T>({0, 0, 0}, {0.25, 4, 1}, AboutZ(30));
    EXPECT_FALSE(ObbObbVertexEdge(a, b).hit);
    const OverlapResult<T> sat = ObbObbSat(a, b);
    ASSERT_TRUE(sat.hit);
    EXPECT_NEAR(double(sat.depth), 1.5, 1e-5); // push b out along z: 0.5 + 1
    EXPECT_TRUE(ObbObbVertexEdge(b, a).hit);
}

TYPED_TEST(ObbObbTest, VertexEdgeFindsAContainedVertexFirst)
{
    using T = TypeParam;
    Trace trace;
    const OverlapResult<T> r = ObbObbVertexEdge(MakeObb<T>({0, 0, 0}, {2, 2, 2}, kIdentity),
                                                MakeObb<T>({1.5, 1.5, 1.5}, {1, 1, 1}, AboutZ(45)), &trace);
    ASSERT_TRUE(r.hit);
    EXPECT_LT(trace.decidingStep, 16);
    const auto& point = std::get<PointPart>(trace.steps[static_cast<size_t>(trace.decidingStep)].part);
    EXPECT_TRUE(point.flag);
    EXPECT_EQ(Vec3<T>(point.point), r.contact);
}

TYPED_TEST(ObbObbTest, VertexEdgeCountsTouchingAsOverlapAndPassesTheWorldBoundsFalsePositiveToTheEdges)
{
    using T = TypeParam;
    EXPECT_TRUE(
        ObbObbVertexEdge(MakeObb<T>({0, 0, 0}, {1, 1, 1}, kIdentity), MakeObb<T>({2, 0, 0}, {1, 1, 1}, kQuarterTurnZ))
            .hit);
    // public case 43: the world bounding boxes overlap, the edges decide the miss
    Trace trace;
    EXPECT_FALSE(ObbObbVertexEdge(MakeObb<T>({0, 0, 0}, {1, 1, 1}, kIdentity),
                                  MakeObb<T>({2.25, 2.25, 0}, {1, 1, 1}, FromDegrees(0, 0, 45)), &trace)
                     .hit);
    ASSERT_EQ(trace.steps.size(), 30u);
    EXPECT_EQ(trace.steps[16].caption, "world bounding boxes overlap");
    // far apart: the pre-test decides
    Trace far;
    EXPECT_FALSE(ObbObbVertexEdge(MakeObb<T>({0, 0, 0}, {1, 1, 1}, kIdentity),
                                  MakeObb<T>({5, 0, 0}, {1, 1, 1}, AboutZ(10)), &far)
                     .hit);
    EXPECT_EQ(far.decidingStep, 16);
}

// ---- differential: signed-permutation boxes against the exact AABB oracle ----

TEST(ObbObbDifferential, SatIsExactForSignedPermutationAxesOnGridInputs)
{
    std::mt19937_64 rng(1996);
    std::uniform_int_distribution<int> pick(0, 5), coin(0, 1);
    const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int hits = 0, touching = 0;
    for (int i = 0; i < 20000; ++i) {
        const int bits = i % 2 ? 1 : 16;
        auto randomObb = [&](Aabb<double>& world) {
            Obb<double> box;
            box.center = test::RandomGridVec(rng, 3, bits);
            box.halfExtents = glm::abs(test::RandomGridVec(rng, 2, bits));
            const int* p = perms[pick(rng)];
            glm::dvec3 worldHalf(0);
            for (int k = 0; k < 3; ++k) {
                glm::dvec3 axis(0);
                axis[p[k]] = coin(rng) ? 1.0 : -1.0;
                box.axes[static_cast<size_t>(k)] = axis;
                worldHalf[p[k]] = box.halfExtents[k];
            }
            world = {box.center - worldHalf, box.center + worldHalf};
            return box;
        };
        Aabb<double> wa, wb;
        const Obb<double> a = randomObb(wa);
        const Obb<double> b = randomObb(wb);
        const bool exact = test::AabbAabbExact(wa, wb);
        const double depth = std::ldexp(double(test::AabbAabbDepthGrid(wa, wb)), -test::kGridBits);
        const OverlapResult<double> rd = ObbObbSat(a, b);
        const OverlapResult<float> rf = ObbObbSat(ShapeCast<float>(a), ShapeCast<float>(b));
        ASSERT_EQ(rd.hit, exact) << i;
        ASSERT_EQ(rf.hit, exact) << i;
        if (exact) {
            ++hits;
            touching += depth == 0 ? 1 : 0;
            EXPECT_EQ(rd.depth, depth) << i;
            EXPECT_EQ(double(rf.depth), depth) << i;
            EXPECT_EQ(AabbAabbInterval(wa, wb).depth, rd.depth) << i;
        }
    }
    EXPECT_GT(hits, 3000);
    EXPECT_GT(touching, 100);
}

// ---- differential: random rotations against the long-double projection oracle ----

TEST(ObbObbDifferential, SatAgreesWithTheProjectionOracleOnRandomRotations)
{
    std::mt19937_64 rng(2005);
    std::uniform_real_distribution<double> u(-2.5, 2.5), h(0.05, 1.5);
    int hits = 0, edgeDecided = 0, flawMisses = 0;
    for (int i = 0; i < 20000; ++i) {
        const Obb<double> a{glm::dvec3(u(rng), u(rng), u(rng)), glm::dvec3(h(rng), h(rng), h(rng)),
                            test::RandomAxes(rng)};
        const Obb<double> b{glm::dvec3(u(rng), u(rng), u(rng)), glm::dvec3(h(rng), h(rng), h(rng)),
                            test::RandomAxes(rng)};
        const test::ObbOracle oracle = test::ObbObbOracle(a, b);
        Trace trace;
        const OverlapResult<double> rd = ObbObbSat(a, b, &trace);
        if (std::abs(double(oracle.margin)) > 1e-9) {
            ASSERT_EQ(rd.hit, oracle.hit) << i << " margin " << double(oracle.margin);
        }
        const Obb<float> af = ShapeCast<float>(a), bf = ShapeCast<float>(b);
        const test::ObbOracle oracleF = test::ObbObbOracle(af, bf);
        const OverlapResult<float> rf = ObbObbSat(af, bf);
        if (std::abs(double(oracleF.margin)) > 1e-4) {
            ASSERT_EQ(rf.hit, oracleF.hit) << i;
        }
        // vertex_edge never reports a false overlap; it does miss some true ones
        const bool vertexEdge = ObbObbVertexEdge(a, b).hit;
        if (oracle.margin > 1e-9) {
            EXPECT_FALSE(vertexEdge) << i;
        }
        flawMisses += (oracle.margin < -1e-9 && !vertexEdge) ? 1 : 0;
        if (!rd.hit) {
            edgeDecided +=
                std::get<AxisPart>(trace.steps[static_cast<size_t>(trace.decidingStep)].part).label.size() > 2;
            EXPECT_TRUE(rd.hasSeparatingAxis);
            continue;
        }
        if (!oracle.hit) {
            continue;
        }
        ++hits;
        EXPECT_NEAR(rd.depth, double(oracle.depth), 1e-9) << i;
        if (std::abs(double(oracleF.margin)) > 1e-4 && oracleF.hit) {
            EXPECT_NEAR(rf.depth, double(oracleF.depth), 2e-5) << i;
        }
        // moving b by depth along the normal leaves the boxes touching
        Obb<double> moved = b;
        moved.center += rd.depth * rd.normal;
        EXPECT_NEAR(double(test::ObbObbOracle(a, moved).margin), 0.0, 1e-9) << i;
    }
    EXPECT_GT(hits, 2000);
    EXPECT_GT(edgeDecided, 20);
    EXPECT_GT(flawMisses, 0);
}

// ---- seeded properties ----

TEST(ObbObbProperties, TranslationByPowersOfTwoChangesNothing)
{
    std::mt19937_64 rng(64);
    for (int i = 0; i < 5000; ++i) {
        const Obb<double> a{test::RandomGridVec(rng, 2, 10), glm::abs(test::RandomGridVec(rng, 1.5, 10)),
                            test::RandomAxes(rng)};
        const Obb<double> b{test::RandomGridVec(rng, 2, 10), glm::abs(test::RandomGridVec(rng, 1.5, 10)),
                            test::RandomAxes(rng)};
        const glm::dvec3 offset(std::ldexp(1.0, i % 5), -std::ldexp(1.0, i % 3), 0.25);
        const auto check = [&](auto tag) {
            using T = decltype(tag);
            const Obb<T> a0 = ShapeCast<T>(a), b0 = ShapeCast<T>(b);
            Obb<T> a1 = a0, b1 = b0;
            a1.center += Vec3<T>(offset);
            b1.center += Vec3<T>(offset);
            const OverlapResult<T> r0 = ObbObbSat(a0, b0), r1 = ObbObbSat(a1, b1);
            ASSERT_EQ(r0.hit, r1.hit) << i;
            EXPECT_EQ(r0.depth, r1.depth) << i;
            EXPECT_EQ(r0.normal, r1.normal) << i;
            EXPECT_EQ(r0.separatingAxis, r1.separatingAxis) << i;
            EXPECT_EQ(ObbObbVertexEdge(a0, b0).hit, ObbObbVertexEdge(a1, b1).hit) << i;
        };
        check(0.0f);
        check(0.0);
    }
}

TEST(ObbObbProperties, SwappingAndRelabellingAxesKeepHitAndDepth)
{
    std::mt19937_64 rng(77);
    std::uniform_real_distribution<double> u(-2, 2), h(0.1, 1.5);
    for (int i = 0; i < 5000; ++i) {
        const Obb<double> a{glm::dvec3(u(rng), u(rng), u(rng)), glm::dvec3(h(rng), h(rng), h(rng)),
                            test::RandomAxes(rng)};
        const Obb<double> b{glm::dvec3(u(rng), u(rng), u(rng)), glm::dvec3(h(rng), h(rng), h(rng)),
                            test::RandomAxes(rng)};
        if (std::abs(double(test::ObbObbOracle(a, b).margin)) < 1e-9) {
            continue;
        }
        // the same box with its axes listed in another order (and one flipped)
        Obb<double> relabelled = b;
        relabelled.axes = {b.axes[2], -b.axes[0], b.axes[1]};
        relabelled.halfExtents = {b.halfExtents.z, b.halfExtents.x, b.halfExtents.y};
        const OverlapResult<double> r = ObbObbSat(a, b);
        const OverlapResult<double> rs = ObbObbSat(b, a);
        const OverlapResult<double> rr = ObbObbSat(a, relabelled);
        ASSERT_EQ(r.hit, rs.hit) << i;
        ASSERT_EQ(r.hit, rr.hit) << i;
        if (r.hit) {
            EXPECT_NEAR(r.depth, rs.depth, 1e-12) << i;
            EXPECT_NEAR(r.depth, rr.depth, 1e-12) << i;
            // a moved by depth along b's normal, seen from b: the same touching contact
            EXPECT_NEAR(glm::dot(r.normal, rs.normal), -1.0, 1e-9) << i;
        }
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
