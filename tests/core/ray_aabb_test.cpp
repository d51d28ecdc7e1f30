// Tests of core/ray_aabb.h and core/ray_aabb_published.h: hand-checked tables, the public cases,
// declared conventions, each published flaw, seeded properties, and Bullet's btRayAabb2 as a peer.
#include "core/ray_aabb.h"

#include "core/algorithm.h"
#include "core/ray_aabb_published.h"
#include "support/case_count.h"
#include "support/cases.h"
#include "support/previous_reference.h"
#include "support/slab_oracle.h"

#include <LinearMath/btAabbUtil2.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>
#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using Scalars = ::testing::Types<float, double>;

// ---- the family's algorithms as templates, in registry order ----

enum Algo { kSlab, kBranchless, kSigns, kRobust, kFacePlanes, kSixFaces, kListing, kAlgoCount };
constexpr std::array<const char*, kAlgoCount> kAlgoNames = {
    "slab", "slab_branchless", "slab_signs", "slab_robust", "face_planes", "six_faces", "slab_listing"};
/// The GJK ray cast (core/gjk_raycast.h), registered after the slab family's own.
constexpr const char* kGjkRayCast = "gjk_raycast";

template <typename T>
CastResult<T> RunAlgo(int algo, const Ray<T>& ray, const Aabb<T>& box, Trace* trace = nullptr)
{
    switch (algo) {
    case kSlab:
        return RayAabbSlab(ray, box, trace);
    case kBranchless:
        return RayAabbSlabBranchless(ray, box, trace);
    case kSigns:
        return RayAabbSlabSigns(ray, box, trace);
    case kRobust:
        return RayAabbSlabRobust(ray, box, trace);
    case kFacePlanes:
        return RayAabbFacePlanes(ray, box, trace);
    case kSixFaces:
        return RayAabbSixFaces(ray, box, trace);
    default:
        return RayAabbSlabListing(ray, box, trace);
    }
}

template <typename T>
Ray<T> MakeRay(const glm::dvec3& o, const glm::dvec3& d)
{
    return {Vec3<T>(o), Vec3<T>(d)};
}

template <typename T>
Aabb<T> MakeBox(const glm::dvec3& lo, const glm::dvec3& hi)
{
    return {Vec3<T>(lo), Vec3<T>(hi)};
}

Query MakeQuery(const glm::dvec3& o, const glm::dvec3& d, const glm::dvec3& lo = glm::dvec3(0),
                const glm::dvec3& hi = glm::dvec3(1))
{
    return Query{Family::RayAabb, Ray<double>{o, d}, Aabb<double>{lo, hi}};
}

template <typename T>
class RayAabbTest : public ::testing::Test {
};
TYPED_TEST_SUITE(RayAabbTest, Scalars);

// ---- the reference, hand-checked ----

struct ReferenceCase {
    const char* name;
    glm::dvec3 origin, direction, lo, hi;
    bool hit;
    double tEnter, tExit;
    glm::dvec3 normal; ///< (0,0,0): no normal expected
};

const glm::dvec3 kZero(0), kOne(1);
const ReferenceCase kReferenceCases[] = {
    {"ParallelRayOnMinFaceHits", {-1, 0, 0.5}, {1, 0, 0}, kZero, kOne, true, 1, 2, {-1, 0, 0}},
    {"NegativeZeroOnSlabBoundaryHits", {-1, 0, 0.5}, {1, -0.0, -0.0}, kZero, kOne, true, 1, 2, {-1, 0, 0}},
    {"ParallelRayOnMaxFaceHits", {-1, 1, 1}, {1, 0, -0.0}, kZero, kOne, true, 1, 2, {-1, 0, 0}},
    {"ParallelRayJustOutsideMisses", {-1, 1.0009765625, 0.5}, {1, 0, 0}, kZero, kOne, false, 0, 0, kZero},
    {"GrazingEdgeHitsWithEqualEnterAndExit", {-1, 1, 0.5}, {1, -1, 0}, kZero, kOne, true, 1, 1, {-1, 0, 0}},
    {"GrazingCornerHits", {-1, 1, -1}, {1, -1, 1}, kZero, kOne, true, 1, 1, {-1, 0, 0}},
    {"CornerEntryPicksLowestAxisNormal", {-1, -1, -1}, {1, 1, 1}, kZero, kOne, true, 1, 2, {-1, 0, 0}},
    {"OriginInsideHitsAtZeroWithoutNormal", {0.5, 0.5, 0.5}, {1, 2, 4}, kZero, kOne, true, 0, 0.125, kZero},
    {"OriginOnSurfacePointingOutHitsAtZero", {0, 0.5, 0.5}, {-1, 0, 0}, kZero, kOne, true, 0, 0, kZero},
    {"OriginOnSurfacePointingInHasEntryNormal", {0, 0.5, 0.5}, {1, 0, 0}, kZero, kOne, true, 0, 1, {-1, 0, 0}},
    {"BoxBehindRayMisses", {3, 0.5, 0.5}, {1, 0, 0}, kZero, kOne, false, 0, 0, kZero},
    {"FlatBoxHitsWithEqualEnterAndExit",
     {0.5, -1, 0.5},
     {0, 1, 0},
     {0, 0.5, 0},
     {1, 0.5, 1},
     true,
     1.5,
     1.5,
     {0, -1, 0}},
    {"NonUnitDirectionGivesTInItsUnits", {-2, 0.5, 0.5}, {4, 0, 0}, kZero, kOne, true, 0.5, 0.75, {-1, 0, 0}},
    {"NegativeDirectionEntersMaxFace", {2, 0.5, 0.5}, {-1, 0, 0}, kZero, kOne, true, 1, 2, {1, 0, 0}},
    {"LeavesYSlabBeforeEnteringXSlabMisses", {-1, 0.5, 0.5}, {1, 1, 0}, kZero, kOne, false, 0, 0, kZero},
    {"TinyDirectionStaysExact", {-1, 0.5, 0.5}, {0x1p-20, 0, 0}, kZero, kOne, true, 0x1p20, 0x1p21, {-1, 0, 0}},
};

TYPED_TEST(RayAabbTest, ReferenceTable)
{
    using T = TypeParam;
    for (const ReferenceCase& c : kReferenceCases) {
        SCOPED_TRACE(c.name);
        Trace trace;
        const CastResult<T> r = RayAabbSlab(MakeRay<T>(c.origin, c.direction), MakeBox<T>(c.lo, c.hi), &trace);
        ASSERT_EQ(r.hit, c.hit);
        EXPECT_FALSE(trace.verdict.empty());
        EXPECT_GE(trace.decidingStep, 0);
        if (!c.hit) {
            continue;
        }
        EXPECT_EQ(r.tEnter, T(c.tEnter));
        EXPECT_EQ(r.tExit, T(c.tExit));
        EXPECT_FALSE(std::signbit(r.tEnter)); // -0 reported as +0
        EXPECT_EQ(r.point, Vec3<T>(c.origin) + T(c.tEnter) * Vec3<T>(c.direction));
        EXPECT_EQ(r.hasNormal, c.normal != kZero);
        if (r.hasNormal) {
            EXPECT_EQ(r.normal, Vec3<T>(c.normal));
        }
    }
}

TYPED_TEST(RayAabbTest, ReferenceMissTraceDecidesWhereTheIntervalEmpties)
{
    using T = TypeParam;
    // x slab [1, 2], y slab [-0.5, 0.5]: empty after the y step (step 0 is the allowed range)
    Trace trace;
    const CastResult<T> r = RayAabbSlab(MakeRay<T>({-1, 0.5, 0.5}, {1, 1, 0}), MakeBox<T>(kZero, kOne), &trace);
    EXPECT_FALSE(r.hit);
    ASSERT_EQ(trace.steps.size(), 5u);
    EXPECT_EQ(trace.decidingStep, 2);
    const auto& part = std::get<SlabPart>(trace.steps[2].part);
    EXPECT_EQ(part.axis, 1);
    EXPECT_EQ(part.tNear, -0.5);
    EXPECT_EQ(part.tFar, 0.5);
    EXPECT_NE(trace.verdict.find("leaves the y slab"), std::string::npos) << trace.verdict;
}

// ---- every algorithm on cases made for its conventions and flaws ----

struct VariantCase {
    const char* name;
    glm::dvec3 origin, direction, lo, hi;
    std::array<bool, kAlgoCount> hit; ///< slab, branchless, signs, robust, face_planes, six_faces, listing
};

const VariantCase kVariantCases[] = {
    {"ObliqueRayThroughFace", {-1, 0.25, 0.5}, {2, 0.5, 0.25}, kZero, kOne, {1, 1, 1, 1, 1, 1, 1}},
    {"MissesBesideBox", {-1, 2, 0.5}, {1, 0.25, 0.25}, kZero, kOne, {0, 0, 0, 0, 0, 0, 0}},
    // slab_listing: every axis-parallel ray misses (swapped parallel test)
    {"AxisParallelRayThroughMiddle", {-1, 0.5, 0.5}, {1, 0, 0}, kZero, kOne, {1, 1, 1, 1, 1, 1, 0}},
    // face_planes and six_faces: origin inside misses
    {"OriginInside", {0.5, 0.5, 0.5}, {1, 2, 4}, kZero, kOne, {1, 1, 1, 1, 0, 0, 1}},
    // slab_listing: no test that the box is ahead
    {"BoxBehindRay", {2, 2, 2}, {1, 1, 1}, kZero, kOne, {0, 0, 0, 0, 0, 0, 1}},
    // face_planes: strict face test misses an entry exactly through an edge
    {"EntersThroughEdge", {-1, -1, 0.5}, {1, 1, 0.25}, kZero, kOne, {1, 1, 1, 1, 0, 1, 1}},
    {"GrazingEdgeWithZeroComponent", {-1, 1, 0.5}, {1, -1, 0}, kZero, kOne, {1, 1, 1, 1, 0, 1, 0}},
    // slab_listing: t0 == t1 misses (strict <)
    {"GrazingCorner", {-1, 1, -1}, {1, -1, 1}, kZero, kOne, {1, 1, 1, 1, 0, 1, 0}},
    // branchless and signs drop the y NaN; face_planes: along a face misses
    {"RayAlongMinFace", {-1, 0, 0.5}, {1, 0, 0}, kZero, kOne, {1, 1, 1, 1, 0, 1, 0}},
    // slab_robust: -0 with the origin on a face plane: no swap of a NaN pair, -inf exit
    {"RayAlongMinFaceNegativeZero", {-1, 0, 0.5}, {1, -0.0, -0.0}, kZero, kOne, {1, 1, 1, 0, 0, 1, 0}},
    {"RayAlongMaxFaceNegativeZero", {-1, 1, 0.5}, {1, -0.0, -0.0}, kZero, kOne, {1, 1, 1, 0, 0, 1, 0}},
    // slab_signs: the NaN of 0 * inf on the x slab survives to the final test
    {"XParallelRayOnXFacePlane", {0, -1, 0.5}, {0, 1, 0}, kZero, kOne, {1, 1, 0, 1, 0, 1, 0}},
    {"XParallelRayOnXFacePlaneNegativeZero", {1, -1, 0.5}, {-0.0, 1, 0}, kZero, kOne, {1, 1, 0, 0, 0, 1, 0}},
    // slab_signs: t > 0 (tmax == 0 misses); slab_listing: any t
    {"OriginOnSurfacePointingOut", {0, 0.5, 0.5}, {-1, 0.25, 0.25}, kZero, kOne, {1, 1, 0, 1, 0, 0, 1}},
    // face_planes: t > 0; six_faces: t >= 0
    {"OriginOnSurfacePointingIn", {0, 0.5, 0.5}, {1, 0.25, 0.25}, kZero, kOne, {1, 1, 1, 1, 0, 1, 1}},
    {"FlatBoxAxisParallelRay", {0.5, -1, 0.5}, {0, 1, 0}, {0, 0.5, 0}, {1, 0.5, 1}, {1, 1, 1, 1, 1, 1, 0}},
    // slab_listing's one exception: a box flat on the zero axis with the origin in its plane
    {"FlatBoxInPlaneOfZeroComponent", {-1, 0.25, 0.5}, {2, 1, 0}, {0, 0, 0.5}, {1, 1, 0.5}, {1, 1, 1, 1, 0, 1, 1}},
};

TYPED_TEST(RayAabbTest, EveryAlgorithmOnCasesMadeForItsConventionsAndFlaws)
{
    using T = TypeParam;
    for (const VariantCase& c : kVariantCases) {
        for (int algo = 0; algo < kAlgoCount; ++algo) {
            SCOPED_TRACE(std::string(c.name) + " / " + kAlgoNames[static_cast<size_t>(algo)]);
            const Ray<T> ray = MakeRay<T>(c.origin, c.direction);
            const Aabb<T> box = MakeBox<T>(c.lo, c.hi);
            Trace trace;
            const CastResult<T> traced = RunAlgo(algo, ray, box, &trace);
            const CastResult<T> plain = RunAlgo<T>(algo, ray, box);
            EXPECT_EQ(plain.hit, c.hit[static_cast<size_t>(algo)]);
            // the trace records, it does not change the answer
            EXPECT_EQ(traced.hit, plain.hit);
            EXPECT_TRUE(traced.tEnter == plain.tEnter ||
                        (traced.tEnter != traced.tEnter && plain.tEnter != plain.tEnter));
            EXPECT_FALSE(trace.verdict.empty());
            EXPECT_EQ(trace.verdict.rfind(plain.hit ? "hit" : "miss", 0), 0u) << trace.verdict;
            EXPECT_GE(trace.decidingStep, 0);
            EXPECT_LT(trace.decidingStep, static_cast<int>(trace.steps.size()));
        }
    }
}

TYPED_TEST(RayAabbTest, PublishedTValuesOnAHit)
{
    using T = TypeParam;
    const Aabb<T> box = MakeBox<T>(kZero, kOne);
    // enters -x at t = 0.5 (point (0, 0.5, 0.625)), exits +x at t = 1
    const Ray<T> ray = MakeRay<T>({-1, 0.25, 0.5}, {2, 0.5, 0.25});
    for (int algo = 0; algo < kAlgoCount; ++algo) {
        SCOPED_TRACE(kAlgoNames[static_cast<size_t>(algo)]);
        const CastResult<T> r = RunAlgo<T>(algo, ray, box);
        ASSERT_TRUE(r.hit);
        EXPECT_EQ(r.tEnter, T(0.5));
        EXPECT_EQ(r.point, Vec3<T>(0, 0.5, 0.625));
        if (algo == kFacePlanes || algo == kSixFaces) {
            EXPECT_EQ(r.normal, Vec3<T>(-1, 0, 0));
        } else if (algo == kRobust) {
            EXPECT_EQ(r.tExit, RobustExitScale<T>()); // 1 widened
        } else {
            EXPECT_EQ(r.tExit, T(1));
        }
    }
    // the unclamped variants report a negative entry from inside; the clamped ones 0
    const Ray<T> inside = MakeRay<T>({0.5, 0.5, 0.5}, {1, 2, 4});
    EXPECT_EQ(RayAabbSlabSigns(inside, box).tEnter, T(-0.125));
    EXPECT_EQ(RayAabbSlabListing(inside, box).tEnter, T(-0.125));
    EXPECT_EQ(RayAabbSlabBranchless(inside, box).tEnter, T(0));
    EXPECT_EQ(RayAabbSlabRobust(inside, box).tEnter, T(0));
    // slab_listing on a box behind: both t negative
    const CastResult<T> behind = RayAabbSlabListing(MakeRay<T>({2, 2, 2}, {1, 1, 1}), box);
    EXPECT_EQ(behind.tEnter, T(-2));
    EXPECT_EQ(behind.tExit, T(-1));
}

TYPED_TEST(RayAabbTest, SlabRobustWidensTheExitByThreeUlpsAtTwo)
{
    using T = TypeParam;
    // x slab [1, 2]; the y slab starts k ulps after 2. 2 * (1 + 2 gamma(3)) rounds to 2 + 3 ulp.
    const Aabb<T> box = MakeBox<T>(kZero, kOne);
    const T ulp = std::nextafter(T(2), T(3)) - T(2);
    for (int k = 1; k <= 4; ++k) {
        SCOPED_TRACE(k);
        const Ray<T> ray{{T(-1), -(T(2) + T(k) * ulp), T(0.5)}, {T(1), T(1), T(0)}};
        EXPECT_FALSE(RayAabbSlab(ray, box).hit);
        EXPECT_FALSE(RayAabbSlabBranchless(ray, box).hit);
        EXPECT_EQ(RayAabbSlabRobust(ray, box).hit, k <= 3);
    }
    EXPECT_EQ(RobustExitScale<T>(), T(1) + T(3) * std::numeric_limits<T>::epsilon());
}

TYPED_TEST(RayAabbTest, SlabSignsNaNOnXDecidesButOnYIsIgnored)
{
    using T = TypeParam;
    const Aabb<T> box = MakeBox<T>(kZero, kOne);
    // x component 0 with the origin on the x = 0 plane: tmin = 0 * inf = NaN poisons the result
    Trace trace;
    const CastResult<T> onX = RayAabbSlabSigns(MakeRay<T>({0, -1, 0.5}, {0, 1, 0}), box, &trace);
    EXPECT_FALSE(onX.hit);
    ASSERT_FALSE(trace.steps.empty());
    EXPECT_TRUE(std::isnan(std::get<SlabPart>(trace.steps[0].part).tNear));
    EXPECT_EQ(trace.decidingStep, static_cast<int>(trace.steps.size()) - 1); // the final test
    EXPECT_NE(trace.verdict.find("NaN"), std::string::npos) << trace.verdict;
    // the same geometry with the axes swapped: the NaN is on y and is ignored
    const CastResult<T> onY = RayAabbSlabSigns(MakeRay<T>({-1, 0, 0.5}, {1, 0, 0}), box);
    EXPECT_TRUE(onY.hit);
    EXPECT_EQ(onY.tEnter, T(1));
    EXPECT_EQ(onY.tExit, T(2));
    // the reference hits both
    EXPECT_TRUE(RayAabbSlab(MakeRay<T>({0, -1, 0.5}, {0, 1, 0}), box).hit);
}

TYPED_TEST(RayAabbTest, SlabSignsEarlyExitDecidesAtTheYSlab)
{
    using T = TypeParam;
    Trace trace;
    // x slab [1, 2], y slab [-8, -4]: disjoint at the y step
    const CastResult<T> r =
        RayAabbSlabSigns(MakeRay<T>({-1, 2, 0.5}, {1, 0.25, 0.25}), MakeBox<T>(kZero, kOne), &trace);
    EXPECT_FALSE(r.hit);
    ASSERT_EQ(trace.steps.size(), 2u);
    EXPECT_EQ(trace.decidingStep, 1);
    EXPECT_EQ(std::get<SlabPart>(trace.steps[1].part).axis, 1);
    EXPECT_EQ(std::get<SlabPart>(trace.steps[1].part).tNear, -8.0);
}

TYPED_TEST(RayAabbTest, FaceMethodsTraceEachFaceTried)
{
    using T = TypeParam;
    const Aabb<T> box = MakeBox<T>(kZero, kOne);
    const Ray<T> ray = MakeRay<T>({-1, 0.25, 0.5}, {2, 0.5, 0.25});
    Trace faces;
    ASSERT_TRUE(RayAabbFacePlanes(ray, box, &faces).hit);
    ASSERT_EQ(faces.steps.size(), 1u); // -x accepted first
    const auto& first = std::get<FacePart>(faces.steps[0].part);
    EXPECT_EQ(first.face, 0);
    EXPECT_EQ(first.t, 0.5);
    EXPECT_TRUE(first.inside);
    EXPECT_TRUE(first.accepted);
    EXPECT_EQ(faces.decidingStep, 0);

    Trace six;
    ASSERT_TRUE(RayAabbSixFaces(ray, box, &six).hit);
    ASSERT_EQ(six.steps.size(), 6u);
    int accepted = 0;
    for (const TraceStep& step : six.steps) {
        const auto& part = std::get<FacePart>(step.part);
        accepted += part.accepted ? 1 : 0;
        // direction (+, +, +): the max faces are back faces, skipped; -y and -z lie behind (t < 0)
        EXPECT_EQ(part.tested, part.face == 0) << step.caption;
    }
    EXPECT_EQ(accepted, 1);
    EXPECT_EQ(six.decidingStep, 0);

    // through an edge: face_planes tries three faces, none strictly inside
    Trace edge;
    EXPECT_FALSE(RayAabbFacePlanes(MakeRay<T>({-1, -1, 0.5}, {1, 1, 0.25}), box, &edge).hit);
    ASSERT_EQ(edge.steps.size(), 4u);
    EXPECT_FALSE(std::get<FacePart>(edge.steps[0].part).inside);
    EXPECT_EQ(std::get<FacePart>(edge.steps[0].part).point, glm::dvec3(0, 0, 0.75));
}

// ---- public cases ----

TEST(RayAabbPublic, ReferenceMatchesEveryCaseInFloatAndDouble)
{
    const std::vector<test::Case> cases = test::LoadCases(Family::RayAabb);
    ASSERT_GE(cases.size(), 8u);
    const AlgorithmInfo& reference = ReferenceAlgorithm(Family::RayAabb);
    EXPECT_EQ(reference.name, "slab");
    for (const test::Case& c : cases) {
        for (Precision precision : {Precision::Float, Precision::Double}) {
            SCOPED_TRACE(c.id.dump() + " " + c.kind + (precision == Precision::Float ? " float" : " double"));
            Trace trace;
            const Result r = hitlab::Run(reference, *c.query, precision, &trace);
            ASSERT_EQ(r.hit, c.expect.hit) << trace.verdict;
            if (c.expect.hit) {
                ASSERT_TRUE(c.expect.tEnter && c.expect.tExit);
                EXPECT_NEAR(r.tEnter, *c.expect.tEnter, 1e-6 * std::max(1.0, std::fabs(*c.expect.tEnter)));
                EXPECT_NEAR(r.tExit, *c.expect.tExit, 1e-6 * std::max(1.0, std::fabs(*c.expect.tExit)));
            }
            // every other algorithm answers and explains itself
            for (const AlgorithmInfo* info : AlgorithmsOf(Family::RayAabb)) {
                Trace other;
                hitlab::Run(*info, *c.query, precision, &other);
                EXPECT_FALSE(other.verdict.empty()) << info->name;
            }
        }
    }
}

TEST(RayAabbPublic, RegistryFloatRunRoundsTheInputsToFloat)
{
    // 0.1 is not a float: the float run must see float(0.1), and answer what the float template answers
    const Query query = MakeQuery({-0.3, 0.1, 0.3}, {0.7, 0.01, 0.001});
    const CastResult<float> direct =
        RayAabbSlab(MakeRay<float>({-0.3, 0.1, 0.3}, {0.7, 0.01, 0.001}), MakeBox<float>(kZero, kOne));
    const CastResult<double> exact =
        RayAabbSlab(MakeRay<double>({-0.3, 0.1, 0.3}, {0.7, 0.01, 0.001}), MakeBox<double>(kZero, kOne));
    const Result viaRegistry = hitlab::Run(ReferenceAlgorithm(Family::RayAabb), query, Precision::Float);
    ASSERT_TRUE(direct.hit);
    EXPECT_EQ(viaRegistry.tEnter, double(direct.tEnter));
    EXPECT_EQ(viaRegistry.tExit, double(direct.tExit));
    EXPECT_NE(viaRegistry.tEnter, exact.tEnter);
}

// ---- declared conventions ----

TEST(RayAabbConventions, EveryDeclaredConventionHolds)
{
    const Query inside = MakeQuery({0.5, 0.5, 0.5}, {1, 2, 4});
    const Query grazingCorner = MakeQuery({-1, 1, -1}, {1, -1, 1});
    const Query parallel = MakeQuery({-1, 0.5, 0.5}, {1, 0, 0});
    const Query behind = MakeQuery({2, 2, 2}, {1, 1, 1});
    const Query pointingOut = MakeQuery({0, 0.5, 0.5}, {-1, 0.25, 0.25}); // box touches the origin only
    const Query pointingIn = MakeQuery({0, 0.5, 0.5}, {1, 0.25, 0.25});   // enters at t = 0
    const auto algorithms = AlgorithmsOf(Family::RayAabb);
    ASSERT_EQ(algorithms.size(), static_cast<size_t>(kAlgoCount) + 1);
    for (size_t i = 0; i < algorithms.size(); ++i) {
        const AlgorithmInfo& info = *algorithms[i];
        EXPECT_EQ(info.name, i < kAlgoCount ? kAlgoNames[i] : kGjkRayCast);
        const std::string_view originInside = info.ConventionValue("origin_inside");
        const std::string_view boundary = info.ConventionValue("boundary");
        const std::string_view tRange = info.ConventionValue("t_range");
        const std::string_view parallelValue = info.ConventionValue("parallel");
        ASSERT_TRUE(originInside == "hit" || originInside == "miss") << info.name;
        ASSERT_TRUE(boundary == "inclusive" || boundary == "exclusive" || boundary == "conservative") << info.name;
        ASSERT_TRUE(tRange == "t >= 0" || tRange == "t > 0" || tRange == "any t") << info.name;
        ASSERT_TRUE(parallelValue == "handled" || parallelValue == "miss") << info.name;
        EXPECT_EQ(info.published, info.name == "face_planes" || info.name == "six_faces" ||
                                      info.name == "slab_listing" || info.name == kGjkRayCast);
        EXPECT_TRUE(!info.published || !info.flaw.empty()) << info.name;
        EXPECT_EQ(info.reference, i == 0);
        for (Precision precision : {Precision::Float, Precision::Double}) {
            SCOPED_TRACE(std::string(info.name) + (precision == Precision::Float ? " float" : " double"));
            EXPECT_EQ(hitlab::Run(info, inside, precision).hit, originInside == "hit");
            EXPECT_EQ(hitlab::Run(info, grazingCorner, precision).hit, boundary != "exclusive");
            EXPECT_EQ(hitlab::Run(info, parallel, precision).hit, parallelValue == "handled");
            EXPECT_EQ(hitlab::Run(info, behind, precision).hit, tRange == "any t");
            if (originInside == "hit") {
                EXPECT_EQ(hitlab::Run(info, pointingOut, precision).hit, tRange != "t > 0");
            } else {
                EXPECT_EQ(hitlab::Run(info, pointingIn, precision).hit, tRange == "t >= 0");
            }
            const Result hit = hitlab::Run(info, MakeQuery({-1, 0.25, 0.5}, {2, 0.5, 0.25}), precision);
            EXPECT_EQ(hit.hasNormal, (info.returns & kFieldNormal) != 0);
        }
    }
}

// ---- seeded properties ----

template <typename T>
void ExpectSameCast(const CastResult<T>& a, const CastResult<T>& b, const Vec3<T>& offset)
{
    ASSERT_EQ(a.hit, b.hit);
    if (a.hit) {
        EXPECT_EQ(a.tEnter, b.tEnter);
        EXPECT_EQ(a.tExit, b.tExit);
        EXPECT_EQ(a.point + offset, b.point);
        EXPECT_EQ(a.hasNormal, b.hasNormal);
        EXPECT_EQ(a.normal, b.normal);
    }
}

TYPED_TEST(RayAabbTest, TranslationByPowerOfTwoChangesNothing)
{
    using T = TypeParam;
    std::mt19937_64 rng(20240601);
    std::uniform_int_distribution<int> pick(0, 6);
    static constexpr double kOffsets[7] = {0, 8, -8, 16, -32, 64, -64};
    int hits = 0;
    for (int i = 0; i < 3000; ++i) {
        const test::LineBoxCase c = test::RandomGridLineBox(rng, true);
        const glm::dvec3 offset(kOffsets[pick(rng)], kOffsets[pick(rng)], kOffsets[pick(rng)]);
        const Ray<T> ray = MakeRay<T>(c.origin, c.direction);
        const Ray<T> moved = MakeRay<T>(c.origin + offset, c.direction);
        const Aabb<T> box = MakeBox<T>(c.lo, c.hi);
        const Aabb<T> movedBox = MakeBox<T>(c.lo + offset, c.hi + offset);
        for (int algo = 0; algo < kAlgoCount; ++algo) {
            SCOPED_TRACE(std::string(kAlgoNames[static_cast<size_t>(algo)]) + " case " + std::to_string(i));
            const CastResult<T> a = RunAlgo<T>(algo, ray, box);
            ExpectSameCast(a, RunAlgo<T>(algo, moved, movedBox), Vec3<T>(offset));
            hits += a.hit ? 1 : 0;
        }
    }
    EXPECT_GT(hits, 1000); // not vacuous (hits summed over the algorithms)
}

template <typename T>
Vec3<T> Permute(const Vec3<T>& v, const std::array<int, 3>& p)
{
    return {v[p[0]], v[p[1]], v[p[2]]};
}

TYPED_TEST(RayAabbTest, AxisPermutationChangesNothing)
{
    using T = TypeParam;
    std::mt19937_64 rng(77);
    const std::array<std::array<int, 3>, 5> perms{{{1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}}};
    for (int i = 0; i < 3000; ++i) {
        // zero components only for the reference: slab_signs decides x and y/z NaNs differently (by design)
        const bool allowZero = i % 2 == 0;
        const test::LineBoxCase c = test::RandomGridLineBox(rng, allowZero);
        const std::array<int, 3>& p = perms[static_cast<size_t>(i) % perms.size()];
        const Ray<T> ray = MakeRay<T>(c.origin, c.direction);
        const Aabb<T> box = MakeBox<T>(c.lo, c.hi);
        const Ray<T> permuted{Permute(ray.origin, p), Permute(ray.direction, p)};
        const Aabb<T> permutedBox{Permute(box.min, p), Permute(box.max, p)};
        for (int algo = 0; algo < (allowZero ? 1 : kAlgoCount); ++algo) {
            SCOPED_TRACE(std::string(kAlgoNames[static_cast<size_t>(algo)]) + " case " + std::to_string(i));
            const CastResult<T> a = RunAlgo<T>(algo, ray, box);
            const CastResult<T> b = RunAlgo<T>(algo, permuted, permutedBox);
            ASSERT_EQ(a.hit, b.hit);
            if (!a.hit) {
                continue;
            }
            EXPECT_EQ(a.tEnter, b.tEnter);
            EXPECT_EQ(Permute(a.point, p), b.point);
            if (algo == kSlab) {
                EXPECT_EQ(a.tExit, b.tExit);
                EXPECT_EQ(a.hasNormal, b.hasNormal);
            }
            // a normal names a face the entry point lies on (ties at edges may pick another axis)
            if (b.hasNormal) {
                int axis = b.normal.x != 0 ? 0 : b.normal.y != 0 ? 1 : 2;
                EXPECT_EQ(b.point[axis], b.normal[axis] < 0 ? permutedBox.min[axis] : permutedBox.max[axis]);
            }
        }
    }
}

TEST(RayAabbProperties, FloatReferenceAgreesWithDoubleAwayFromBoundaries)
{
    std::mt19937_64 rng(1234);
    int compared = 0;
    for (int i = 0; i < 20000; ++i) {
        const test::LineBoxCase c = test::RoundTo<float>(test::RandomLineBox(rng, 0.1));
        const test::SlabOracleResult oracle =
            test::SlabOracle(c.origin, c.direction, c.lo, c.hi, 0, std::numeric_limits<long double>::infinity());
        if (oracle.nearBoundary) {
            continue;
        }
        ++compared;
        const CastResult<float> f = RayAabbSlab(MakeRay<float>(c.origin, c.direction), MakeBox<float>(c.lo, c.hi));
        const CastResult<double> d = RayAabbSlab(MakeRay<double>(c.origin, c.direction), MakeBox<double>(c.lo, c.hi));
        ASSERT_EQ(f.hit, d.hit) << i;
        ASSERT_EQ(d.hit, oracle.hit) << i;
        if (d.hit) {
            EXPECT_NEAR(f.tEnter, d.tEnter, 1e-5 * std::max(1.0, d.tEnter)) << i;
            EXPECT_NEAR(f.tExit, d.tExit, 1e-5 * std::max(1.0, d.tExit)) << i;
            EXPECT_NEAR(d.tEnter, double(oracle.tEnter), 1e-14 * std::max(1.0, d.tEnter)) << i;
        }
    }
    EXPECT_GT(compared, 18000);
}

TYPED_TEST(RayAabbTest, SlabRobustNeverMissesWhereTheReferenceHits)
{
    using T = TypeParam;
    std::mt19937_64 rng(99);
    int referenceHits = 0, widened = 0;
    for (int i = 0; i < 40000; ++i) {
        test::LineBoxCase c = test::RoundTo<T>(test::RandomLineBox(rng, 0.0));
        if (i % 2 == 1) {
            c = test::AimAtEdge<T>(rng, c); // grazing: where rounding decides
        }
        if (c.direction.x == 0 || c.direction.y == 0 || c.direction.z == 0) {
            continue; // the -0 in-plane miss is a documented flaw, not rounding
        }
        const Ray<T> ray = MakeRay<T>(c.origin, c.direction);
        const Aabb<T> box = MakeBox<T>(c.lo, c.hi);
        const bool reference = RayAabbSlab(ray, box).hit;
        // the double reference is nearer the exact answer than any float method
        const bool referenceDouble =
            RayAabbSlab(MakeRay<double>(c.origin, c.direction), MakeBox<double>(c.lo, c.hi)).hit;
        const bool robust = RayAabbSlabRobust(ray, box).hit;
        referenceHits += reference ? 1 : 0;
        widened += (robust && !reference) ? 1 : 0;
        ASSERT_TRUE(robust || !reference) << "case " << i;
        ASSERT_TRUE(robust || !referenceDouble) << "case " << i;
    }
    EXPECT_GT(referenceHits, 10000);
    // (the widening itself is shown exactly by SlabRobustWidensTheExitByThreeUlpsAtTwo)
    ::testing::Test::RecordProperty("widened", widened);
}

// ---- differential: Bullet's btRayAabb2 (btScalar = float) ----

bool BulletRayAabb2(const test::LineBoxCase& c, float& tMin)
{
    const btVector3 from(float(c.origin.x), float(c.origin.y), float(c.origin.z));
    btVector3 inv;
    unsigned int sign[3];
    for (int axis = 0; axis < 3; ++axis) {
        // as Bullet's callers set it up (btDbvt::rayTest): a zero component gets BT_LARGE_FLOAT
        const float d = float(c.direction[axis]);
        inv[axis] = d == 0.0f ? BT_LARGE_FLOAT : 1.0f / d;
        sign[axis] = inv[axis] < 0.0f ? 1u : 0u;
    }
    const btVector3 bounds[2] = {btVector3(float(c.lo.x), float(c.lo.y), float(c.lo.z)),
                                 btVector3(float(c.hi.x), float(c.hi.y), float(c.hi.z))};
    return btRayAabb2(from, inv, sign, bounds, tMin, 0.0f, BT_LARGE_FLOAT);
}

TEST(RayAabbDifferential, AgreesWithBulletRayAabb2AwayFromBoundaries)
{
    static_assert(sizeof(btScalar) == sizeof(float), "Debian's Bullet is built with float btScalar");
    std::mt19937_64 rng(4242);
    int compared = 0, hits = 0;
    for (int i = 0; i < 20000; ++i) {
        const test::LineBoxCase c = test::RoundTo<float>(test::RandomLineBox(rng, 0.15));
        const test::SlabOracleResult oracle =
            test::SlabOracle(c.origin, c.direction, c.lo, c.hi, 0, std::numeric_limits<long double>::infinity());
        if (oracle.nearBoundary) {
            continue;
        }
        ++compared;
        float bulletT = 0;
        const bool bullet = BulletRayAabb2(c, bulletT);
        hits += bullet ? 1 : 0;
        const Ray<float> rayF = MakeRay<float>(c.origin, c.direction);
        const Aabb<float> boxF = MakeBox<float>(c.lo, c.hi);
        const CastResult<float> f = RayAabbSlab(rayF, boxF);
        const CastResult<double> d = RayAabbSlab(MakeRay<double>(c.origin, c.direction), MakeBox<double>(c.lo, c.hi));
        ASSERT_EQ(f.hit, bullet) << "case " << i;
        ASSERT_EQ(d.hit, bullet) << "case " << i;
        // the non-published slab variants agree too
        EXPECT_EQ(RayAabbSlabBranchless(rayF, boxF).hit, bullet) << i;
        EXPECT_EQ(RayAabbSlabSigns(rayF, boxF).hit, bullet) << i;
        EXPECT_EQ(RayAabbSlabRobust(rayF, boxF).hit, bullet) << i;
        if (bullet && bulletT > 0) { // Bullet's tmin is unclamped
            EXPECT_NEAR(f.tEnter, bulletT, 1e-5 * std::max(1.0f, bulletT)) << i;
        }
    }
    EXPECT_GT(compared, 18000);
    EXPECT_GT(hits, compared / 5);
    EXPECT_LT(hits, compared - compared / 5);
}

// ---- slab_branchless against its previous (scalar-reduction) version, bit for bit ----

template <typename T>
class BranchlessEquivalenceTest : public ::testing::Test {
};
TYPED_TEST_SUITE(BranchlessEquivalenceTest, Scalars);

template <typename T>
std::string DescribeRayBox(const Ray<T>& ray, const Aabb<T>& box)
{
    return Format("o (%a, %a, %a) d (%a, %a, %a) min (%a, %a, %a) max (%a, %a, %a)", double(ray.origin.x),
                  double(ray.origin.y), double(ray.origin.z), double(ray.direction.x), double(ray.direction.y),
                  double(ray.direction.z), double(box.min.x), double(box.min.y), double(box.min.z), double(box.max.x),
                  double(box.max.y), double(box.max.z));
}

TYPED_TEST(BranchlessEquivalenceTest, SameResultsAndTracesAsThePreviousVersion)
{
    using T = TypeParam;
    std::mt19937_64 rng(20261122);
    const int caseCount = test::CaseCount(2000000, 100000);
    int hits = 0, inFacePlane = 0, flat = 0, traced = 0;
    for (int i = 0; i < caseCount; ++i) {
        Ray<T> ray;
        Aabb<T> box;
        bool lying = false;
        for (int a = 0; a < 3; ++a) {
            const unsigned dirKind = unsigned(rng() % 4);
            ray.direction[a] = dirKind == 0 ? T(0) : dirKind == 1 ? T(-0.0) : previous::EquivalenceScalar<T>(rng);
            const T lo = previous::EquivalenceScalar<T>(rng);
            const unsigned shape = unsigned(rng() % 8);
            // flat, arbitrary (maybe inverted), or lo + |x|
            const T hi = shape == 0   ? lo
                         : shape == 1 ? previous::EquivalenceScalar<T>(rng)
                                      : lo + std::abs(previous::EquivalenceScalar<T>(rng));
            box.min[a] = lo;
            box.max[a] = hi;
            flat += shape == 0 ? 1 : 0;
            // the origin on a face plane, inside, or anywhere
            const unsigned where = unsigned(rng() % 5);
            ray.origin[a] = where == 0   ? lo
                            : where == 1 ? hi
                            : where == 2 ? lo + (hi - lo) * T(0.5)
                                         : previous::EquivalenceScalar<T>(rng);
            lying = lying || (ray.direction[a] == T(0) && (ray.origin[a] == lo || ray.origin[a] == hi));
        }
        inFacePlane += lying ? 1 : 0;
        const bool withTrace = i % 61 == 0;
        Trace gotTrace, wantTrace;
        const CastResult<T> got = RayAabbSlabBranchless(ray, box, withTrace ? &gotTrace : nullptr);
        const CastResult<T> want = previous::RayAabbSlabBranchless(ray, box, withTrace ? &wantTrace : nullptr);
        ASSERT_EQ(previous::ResultDifference(got, want), "") << "case " << i << ": " << DescribeRayBox(ray, box);
        // the prepared ray, as a traversal uses it
        const CastResult<T> prepared = RayAabbSlabBranchless(RayInv<T>(ray), box);
        ASSERT_EQ(previous::ResultDifference(prepared, want), "") << "case " << i << ": " << DescribeRayBox(ray, box);
        if (withTrace) {
            ++traced;
            ASSERT_EQ(previous::TraceDifference(gotTrace, wantTrace), "")
                << "case " << i << ": " << DescribeRayBox(ray, box);
        }
        hits += want.hit ? 1 : 0;
    }
    // both outcomes, rays lying in face planes (0 * inf = NaN) and flat boxes all well represented
    EXPECT_GT(hits, caseCount / 20);
    EXPECT_LT(hits, caseCount - caseCount / 20);
    EXPECT_GT(inFacePlane, caseCount / 10);
    EXPECT_GT(flat, caseCount / 10);
    EXPECT_GT(traced, caseCount / 67);
}

TYPED_TEST(BranchlessEquivalenceTest, DetectsADifferentResult)
{
    // the comparison can fail: -0 vs +0, a different hit, a different trace
    using T = TypeParam;
    CastResult<T> a, b;
    a.hit = b.hit = true;
    b.tExit = T(-0.0);
    EXPECT_EQ(previous::ResultDifference(a, b), "tExit");
    b = a;
    b.hit = false;
    EXPECT_EQ(previous::ResultDifference(a, b), "hit");
    const Ray<T> ray{Vec3<T>(-1, T(0.5), T(0.5)), Vec3<T>(1, 0, 0)};
    Trace hitTrace, missTrace;
    RayAabbSlabBranchless(ray, Aabb<T>{Vec3<T>(0), Vec3<T>(1)}, &hitTrace);
    RayAabbSlabBranchless(ray, Aabb<T>{Vec3<T>(0, 2, 0), Vec3<T>(1, 3, 1)}, &missTrace);
    EXPECT_NE(previous::TraceDifference(hitTrace, missTrace), "");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
