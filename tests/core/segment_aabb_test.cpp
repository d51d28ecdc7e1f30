// Tests of core/segment_aabb.h: hand-checked tables, the public cases, conventions, the SAT
// epsilon, seeded properties, and Bullet's btRayAabb (the segment form) as a peer.
#include "core/segment_aabb.h"
#include "core/segment_aabb_published.h"

#include "core/algorithm.h"
#include "support/cases.h"
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

template <typename T>
Segment<T> MakeSegment(const glm::dvec3& start, const glm::dvec3& end)
{
    return {Vec3<T>(start), Vec3<T>(end)};
}

template <typename T>
Aabb<T> MakeBox(const glm::dvec3& lo, const glm::dvec3& hi)
{
    return {Vec3<T>(lo), Vec3<T>(hi)};
}

template <typename T>
class SegmentAabbTest : public ::testing::Test {
};
TYPED_TEST_SUITE(SegmentAabbTest, Scalars);

struct SegmentCase {
    const char* name;
    glm::dvec3 start, end, lo, hi;
    bool hit;
    double tEnter, tExit;
    glm::dvec3 normal; ///< (0,0,0): no normal expected
};

const glm::dvec3 kZero(0), kOne(1);
const SegmentCase kSegmentCases[] = {
    {"EndingExactlyOnFaceHits", {-1, 0.5, 0.5}, {0, 0.5, 0.5}, kZero, kOne, true, 1, 1, {-1, 0, 0}},
    {"StoppingShortOfFaceMisses", {-1, 0.5, 0.5}, {-0.0009765625, 0.5, 0.5}, kZero, kOne, false, 0, 0, kZero},
    {"AlongEdgeHits", {-1, 0, 0}, {3, 0, 0}, kZero, kOne, true, 0.25, 0.5, {-1, 0, 0}},
    {"NegativeZeroDeltaOnSlabBoundaryHits", {0, -1, 0.5}, {-0.0, 1, 0.5}, kZero, kOne, true, 0.5, 1, {0, -1, 0}},
    {"CrossingTheBox", {-1, 0.5, 0.5}, {3, 0.5, 0.5}, kZero, kOne, true, 0.25, 0.5, {-1, 0, 0}},
    {"ReversedCrossingEntersMaxFace", {3, 0.5, 0.5}, {-1, 0.5, 0.5}, kZero, kOne, true, 0.5, 0.75, {1, 0, 0}},
    {"InsideEntirelyHitsZeroToOne", {0.25, 0.25, 0.25}, {0.75, 0.5, 0.25}, kZero, kOne, true, 0, 1, kZero},
    {"StartInsideLeaves", {0.5, 0.5, 0.5}, {2.5, 0.5, 0.5}, kZero, kOne, true, 0, 0.25, kZero},
    {"StartOnFacePointingOutHitsAtZero", {0, 0.5, 0.5}, {-1, 0.5, 0.5}, kZero, kOne, true, 0, 0, kZero},
    {"BoxBeyondTheEndMisses", {-3, 0.5, 0.5}, {-1, 0.5, 0.5}, kZero, kOne, false, 0, 0, kZero},
    {"BoxBeforeTheStartMisses", {2, 0.5, 0.5}, {3, 0.5, 0.5}, kZero, kOne, false, 0, 0, kZero},
    {"GrazingCornerHits", {-1, 1, -1}, {1, -1, 1}, kZero, kOne, true, 0.5, 0.5, {-1, 0, 0}},
    {"ZeroLengthInsideHitsZeroToOne", {0.5, 0.25, 0.75}, {0.5, 0.25, 0.75}, kZero, kOne, true, 0, 1, kZero},
    {"ZeroLengthOnCornerHits", {1, 1, 0}, {1, 1, 0}, kZero, kOne, true, 0, 1, kZero},
    {"ZeroLengthOutsideMisses", {1.0009765625, 0.5, 0.5}, {1.0009765625, 0.5, 0.5}, kZero, kOne, false, 0, 0, kZero},
    {"ZeroLengthInFlatBoxHits", {0.5, 0.5, 0.5}, {0.5, 0.5, 0.5}, {0, 0.5, 0}, {1, 0.5, 1}, true, 0, 1, kZero},
    {"ThroughFlatBox", {0.5, -1, 0.5}, {0.5, 3, 0.5}, {0, 0.5, 0}, {1, 0.5, 1}, true, 0.375, 0.375, {0, -1, 0}},
};

TYPED_TEST(SegmentAabbTest, ReferenceTable)
{
    using T = TypeParam;
    for (const SegmentCase& c : kSegmentCases) {
        SCOPED_TRACE(c.name);
        Trace trace;
        const CastResult<T> r = SegmentAabbSegmentSlab(MakeSegment<T>(c.start, c.end), MakeBox<T>(c.lo, c.hi), &trace);
        ASSERT_EQ(r.hit, c.hit);
        EXPECT_FALSE(trace.verdict.empty());
        EXPECT_GE(trace.decidingStep, 0);
        if (!c.hit) {
            EXPECT_NE(trace.verdict.find("segment"), std::string::npos) << trace.verdict;
            continue;
        }
        EXPECT_EQ(r.tEnter, T(c.tEnter));
        EXPECT_EQ(r.tExit, T(c.tExit));
        EXPECT_FALSE(std::signbit(r.tEnter));
        EXPECT_EQ(r.hasNormal, c.normal != kZero);
        if (r.hasNormal) {
            EXPECT_EQ(r.normal, Vec3<T>(c.normal));
        }
        EXPECT_EQ(r.point, Vec3<T>(c.start) + T(c.tEnter) * (Vec3<T>(c.end) - Vec3<T>(c.start)));
    }
}

TYPED_TEST(SegmentAabbTest, SatAgreesOnTheTable)
{
    using T = TypeParam;
    for (const SegmentCase& c : kSegmentCases) {
        SCOPED_TRACE(c.name);
        Trace trace;
        const CastResult<T> r = SegmentAabbSegmentSat(MakeSegment<T>(c.start, c.end), MakeBox<T>(c.lo, c.hi), &trace);
        EXPECT_EQ(r.hit, c.hit);
        EXPECT_FALSE(r.hasNormal);
        ASSERT_GE(trace.decidingStep, 0);
        EXPECT_EQ(trace.verdict.rfind(c.hit ? "hit" : "miss", 0), 0u) << trace.verdict;
        const auto& deciding = std::get<AxisPart>(trace.steps[static_cast<size_t>(trace.decidingStep)].part);
        EXPECT_EQ(deciding.separating, !c.hit);
        EXPECT_EQ(trace.steps.size(), c.hit ? 6u : static_cast<size_t>(trace.decidingStep) + 1);
    }
}

TYPED_TEST(SegmentAabbTest, SatTraceRecordsRadiiAndDistance)
{
    using T = TypeParam;
    // stops 2^-10 short of x = 0: the x axis separates, |m.x| = 1 + 2^-11 > e.x + |d.x| = 0.5 + (0.5 - 2^-11)
    Trace trace;
    const CastResult<T> r = SegmentAabbSegmentSat(MakeSegment<T>({-1, 0.5, 0.5}, {-0.0009765625, 0.5, 0.5}),
                                                  MakeBox<T>(kZero, kOne), &trace);
    EXPECT_FALSE(r.hit);
    ASSERT_EQ(trace.steps.size(), 1u);
    const auto& x = std::get<AxisPart>(trace.steps[0].part);
    EXPECT_EQ(x.label, "x");
    EXPECT_EQ(x.ra, 0.5 - 0x1p-11);
    EXPECT_EQ(x.rb, 0.5);
    EXPECT_EQ(x.distance, 1.0 + 0x1p-11);
    EXPECT_TRUE(x.separating);
    EXPECT_LT(x.overlap, 0);
}

TYPED_TEST(SegmentAabbTest, SatEpsilonMakesNearParallelCornerMissAHit)
{
    using T = TypeParam;
    // the line y + z = 2 + delta passes the box's (y, z) = (1, 1) edge at distance delta / sqrt(2):
    // only the d x x axis separates it, by about delta / 2 < epsilon * (e.y + e.z) = 1e-6
    const double delta = 0x1p-20;
    const Segment<T> s = MakeSegment<T>({0.5, 0.5, 1.5 + delta}, {0.5, 1.5 + delta, 0.5});
    const Aabb<T> box = MakeBox<T>(kZero, kOne);
    EXPECT_FALSE(SegmentAabbSegmentSlab(s, box).hit);
    Trace trace;
    EXPECT_TRUE(SegmentAabbSegmentSat(s, box, &trace).hit);
    ASSERT_EQ(trace.steps.size(), 6u);
    const auto& cross = std::get<AxisPart>(trace.steps[3].part);
    EXPECT_EQ(cross.label, "d x x");
    EXPECT_GT(cross.distance, cross.rb - 1e-6); // inside only thanks to the epsilon
    EXPECT_LE(cross.distance, cross.rb);
    // twice as far (about 2 delta / 2 = 1.9e-6 > 1e-6) the epsilon no longer covers it
    const Segment<T> farther = MakeSegment<T>({0.5, 0.5, 1.5 + 4 * delta}, {0.5, 1.5 + 4 * delta, 0.5});
    EXPECT_FALSE(SegmentAabbSegmentSat(farther, box).hit);
}

// ---- public cases ----

// ---- segment_recast (published) ----

TYPED_TEST(SegmentAabbTest, RecastClipsLikeTheReferenceWhenNoComponentIsBelowItsThreshold)
{
    using T = TypeParam;
    const Aabb<T> box = MakeBox<T>({0, 0, 0}, {1, 1, 1});
    // d = (4, 0, 0): 1 / 4 is exact, t in [1/4, 1/2]; y and z are parallel with the start inside
    Trace trace;
    CastResult<T> r = SegmentAabbRecast(MakeSegment<T>({-1, 0.5, 0.5}, {3, 0.5, 0.5}), box, &trace);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(0.25));
    EXPECT_EQ(r.tExit, T(0.5));
    ASSERT_EQ(trace.steps.size(), 4u); // x, y, z, the verdict
    EXPECT_FALSE(std::get<SlabPart>(trace.steps[0].part).parallel);
    EXPECT_TRUE(std::get<SlabPart>(trace.steps[1].part).parallel);
    EXPECT_EQ(trace.decidingStep, 3);
    // start inside: t from 0; ending exactly on the face x = 0: t_enter == t_exit == 1 (closed)
    r = SegmentAabbRecast(MakeSegment<T>({0.5, 0.5, 0.5}, {2.5, 0.5, 0.5}), box);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(0));
    EXPECT_EQ(r.tExit, T(0.25));
    r = SegmentAabbRecast(MakeSegment<T>({-1, 0.25, 0.5}, {0, 0.5, 0.5}), box);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(1));
    EXPECT_EQ(r.tExit, T(1));
    // stopping 1/1024 short misses, and the x slab decides
    trace.Clear();
    EXPECT_FALSE(SegmentAabbRecast(MakeSegment<T>({-1, 0.25, 0.5}, {-0.0009765625, 0.5, 0.5}), box, &trace).hit);
    EXPECT_EQ(trace.decidingStep, 0);
}

TYPED_TEST(SegmentAabbTest, RecastJudgesAComponentBelowOneMillionthByTheStartPoint)
{
    using T = TypeParam;
    const Aabb<T> box = MakeBox<T>({0, 0, 0}, {1, 1, 1});
    const double e = std::ldexp(1.0, -22); // start and end 2^-22 either side of the plane y = 1
    // short, through the top face: exactly a hit for t in [1/2, 1]; |d.y| = 2^-21 < 1e-6: start above, miss
    const Segment<T> shortSegment = MakeSegment<T>({0.5, 1 + e, 0.5}, {0.5, 1 - e, 0.5});
    EXPECT_TRUE(SegmentAabbSegmentSlab(shortSegment, box).hit);
    Trace trace;
    EXPECT_FALSE(SegmentAabbRecast(shortSegment, box, &trace).hit);
    ASSERT_EQ(trace.steps.size(), 2u); // x parallel and inside, y parallel and outside: decides
    EXPECT_TRUE(std::get<SlabPart>(trace.steps[1].part).rejected);
    EXPECT_EQ(trace.decidingStep, 1);
    EXPECT_EQ(trace.verdict, "miss: |d.y| = 4.76837e-07 is below 1e-6, so the segment counts as parallel to the y "
                             "slab and its start lies outside it");
    // the same segment 2^20 times larger (|d.y| = 0.5) is clipped: t in [1/2, 1]
    const double k = std::ldexp(1.0, 20);
    const CastResult<T> large =
        SegmentAabbRecast(MakeSegment<T>({0.5 * k, (1 + e) * k, 0.5 * k}, {0.5 * k, (1 - e) * k, 0.5 * k}),
                          MakeBox<T>({0, 0, 0}, {k, k, k}));
    ASSERT_TRUE(large.hit);
    EXPECT_EQ(large.tEnter, T(0.5));
    EXPECT_EQ(large.tExit, T(1));
    // long and nearly flat, dipping into the top face at x = 0.5: exactly t in [1/2, 2/3]; Recast misses
    const Segment<T> dipping = MakeSegment<T>({-1, 1 + e, 0.5}, {2, 1 - e, 0.5});
    EXPECT_TRUE(SegmentAabbSegmentSlab(dipping, box).hit);
    EXPECT_FALSE(SegmentAabbRecast(dipping, box).hit);
    // rising through y = 1 at x = -1, above the face over the box (t in [3/4, 1]): a miss; Recast
    // takes y as parallel with the start inside and hits with the x slab's [3/4, 1]
    const Segment<T> rising = MakeSegment<T>({-3, 1 - e, 0.5}, {1, 1 + e, 0.5});
    EXPECT_FALSE(SegmentAabbSegmentSlab(rising, box).hit);
    const CastResult<T> r = SegmentAabbRecast(rising, box);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(0.75));
    EXPECT_EQ(r.tExit, T(1));
    // the threshold: |d.y| = 2^-19 (1.9e-6) is clipped, 2^-20 (9.5e-7) is not
    EXPECT_TRUE(SegmentAabbRecast(MakeSegment<T>({0.5, 1 + 4 * e, 0.5}, {0.5, 1 - 4 * e, 0.5}), box).hit);
    EXPECT_FALSE(SegmentAabbRecast(MakeSegment<T>({0.5, 1 + 2 * e, 0.5}, {0.5, 1 - 2 * e, 0.5}), box).hit);
}

TEST(SegmentAabbPublic, RecastIsPublishedWithItsFlawAndAgreesWithTheCasesItsThresholdDoesNotTouch)
{
    const AlgorithmInfo* info = FindAlgorithm(Family::SegmentAabb, "segment_recast");
    ASSERT_NE(info, nullptr);
    EXPECT_TRUE(info->published);
    EXPECT_FALSE(info->flaw.empty());
    EXPECT_EQ(info->returns, kFieldHit | kFieldTEnter | kFieldTExit);
    const std::vector<test::Case> cases = test::LoadCases(Family::SegmentAabb);
    ASSERT_GE(cases.size(), 4u);
    for (const test::Case& c : cases) {
        const auto& segment = std::get<Segment<double>>(c.query->a);
        const glm::dvec3 d = segment.end - segment.start;
        bool small = false;
        for (int i = 0; i < 3; ++i) {
            small = small || (d[i] != 0 && std::abs(d[i]) < 1e-6);
        }
        if (small) {
            continue;
        }
        SCOPED_TRACE(c.id.dump() + " " + c.kind);
        const Result r = hitlab::Run(*info, *c.query, Precision::Double);
        ASSERT_EQ(r.hit, c.expect.hit);
        if (c.expect.hit) {
            EXPECT_NEAR(r.tEnter, *c.expect.tEnter, 1e-6 * std::max(1.0, std::fabs(*c.expect.tEnter)));
            EXPECT_NEAR(r.tExit, *c.expect.tExit, 1e-6 * std::max(1.0, std::fabs(*c.expect.tExit)));
        }
    }
}

TEST(SegmentAabbPublic, RecastsBatchRunnerGivesTheSingleRunnersResultsInFloatAndDouble)
{
    const AlgorithmInfo* info = FindAlgorithm(Family::SegmentAabb, "segment_recast");
    ASSERT_NE(info, nullptr);
    const double e = std::ldexp(1.0, -22);
    const std::vector<Shape> shapes{Aabb<double>{{0, 0, 0}, {1, 1, 1}},
                                    Segment<double>{{0.5, 1 + e, 0.5}, {0.5, 1 - e, 0.5}}, // Recast: miss
                                    Segment<double>{{-3, 1 - e, 0.5}, {1, 1 + e, 0.5}},    // Recast: hit [3/4, 1]
                                    Segment<double>{{-1, 0.5, 0.5}, {3, 0.5, 0.5}}};       // hit [1/4, 1/2]
    std::vector<FloatShape> floatShapes;
    for (const Shape& shape : shapes) {
        floatShapes.push_back(ToFloat(shape));
    }
    const std::vector<ShapePair> pairs{{1, 0}, {2, 0}, {3, 0}};
    for (Precision precision : {Precision::Float, Precision::Double}) {
        std::vector<PackedResult<float>> floats(precision == Precision::Float ? pairs.size() : 0);
        std::vector<PackedResult<double>> doubles(precision == Precision::Double ? pairs.size() : 0);
        RunBatch(*info, QueryBatch{shapes, floatShapes, pairs}, precision, BatchResults{floats, doubles});
        for (size_t i = 0; i < pairs.size(); ++i) {
            const Result batch = precision == Precision::Float ? Widen(floats[i]) : Widen(doubles[i]);
            const Result one = hitlab::Run(*info, Query{Family::SegmentAabb, shapes[pairs[i].a], shapes[0]}, precision);
            EXPECT_EQ(batch.hit, one.hit) << i;
            EXPECT_EQ(batch.tEnter, one.tEnter) << i;
            EXPECT_EQ(batch.tExit, one.tExit) << i;
        }
        const Result first = precision == Precision::Float ? Widen(floats[0]) : Widen(doubles[0]);
        const Result second = precision == Precision::Float ? Widen(floats[1]) : Widen(doubles[1]);
        EXPECT_FALSE(first.hit);
        ASSERT_TRUE(second.hit);
        EXPECT_EQ(second.tEnter, 0.75);
    }
}

TEST(SegmentAabbPublic, ReferenceMatchesEveryCaseInFloatAndDouble)
{
    const std::vector<test::Case> cases = test::LoadCases(Family::SegmentAabb);
    ASSERT_GE(cases.size(), 4u);
    const AlgorithmInfo& reference = ReferenceAlgorithm(Family::SegmentAabb);
    EXPECT_EQ(reference.name, "segment_slab");
    const AlgorithmInfo* sat = FindAlgorithm(Family::SegmentAabb, "segment_sat");
    ASSERT_NE(sat, nullptr);
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
            // the public cases are axis-aligned or exact: SAT's epsilon never matters there
            Trace satTrace;
            EXPECT_EQ(hitlab::Run(*sat, *c.query, precision, &satTrace).hit, c.expect.hit) << satTrace.verdict;
        }
    }
}

TEST(SegmentAabbConventions, EveryDeclaredConventionHolds)
{
    const auto query = [](const glm::dvec3& s, const glm::dvec3& e) {
        return Query{Family::SegmentAabb, Segment<double>{s, e}, Aabb<double>{kZero, kOne}};
    };
    const auto algorithms = AlgorithmsOf(Family::SegmentAabb);
    ASSERT_EQ(algorithms.size(), 3u); // segment_slab, segment_sat, segment_recast
    for (const AlgorithmInfo* info : algorithms) {
        EXPECT_EQ(info->ConventionValue("t_range"), "0 <= t <= 1");
        ASSERT_EQ(info->ConventionValue("origin_inside"), "hit");
        const std::string_view boundary = info->ConventionValue("boundary");
        ASSERT_TRUE(boundary == "inclusive" || boundary == "conservative");
        for (Precision precision : {Precision::Float, Precision::Double}) {
            SCOPED_TRACE(std::string(info->name));
            EXPECT_TRUE(hitlab::Run(*info, query({0.5, 0.5, 0.5}, {0.75, 0.5, 0.5}), precision).hit); // inside
            EXPECT_TRUE(hitlab::Run(*info, query({-1, 1, -1}, {1, -1, 1}), precision).hit);           // grazing corner
            EXPECT_TRUE(hitlab::Run(*info, query({-1, 0, 0.5}, {2, 0, 0.5}), precision).hit);         // along a face
            EXPECT_FALSE(hitlab::Run(*info, query({-3, 0.5, 0.5}, {-1, 0.5, 0.5}), precision).hit);   // ends before
            EXPECT_FALSE(hitlab::Run(*info, query({2, 0.5, 0.5}, {3, 0.5, 0.5}), precision).hit);     // starts after
            const Result hit = hitlab::Run(*info, query({-1, 0.5, 0.5}, {3, 0.5, 0.5}), precision);
            EXPECT_EQ(hit.hasNormal, (info->returns & kFieldNormal) != 0);
        }
    }
}

// ---- seeded properties ----

test::LineBoxCase GridSegment(std::mt19937_64& rng, bool allowZeroLength)
{
    test::LineBoxCase c = test::RandomGridLineBox(rng, true);
    c.direction *= 4; // components in {0, +-2, +-4, +-8}: long enough to reach the box, still exact
    if (allowZeroLength && rng() % 10 == 0) {
        c.direction = glm::dvec3(0); // a point
    }
    return c; // segment: start = origin, end = origin + direction
}

TYPED_TEST(SegmentAabbTest, TranslationByPowerOfTwoChangesNothing)
{
    using T = TypeParam;
    std::mt19937_64 rng(5150);
    static constexpr double kOffsets[5] = {0, 16, -16, 64, -8};
    int hits = 0;
    for (int i = 0; i < 8000; ++i) {
        const test::LineBoxCase c = GridSegment(rng, true);
        const glm::dvec3 offset(kOffsets[rng() % 5], kOffsets[rng() % 5], kOffsets[rng() % 5]);
        const Segment<T> s = MakeSegment<T>(c.origin, c.origin + c.direction);
        const Segment<T> moved = MakeSegment<T>(c.origin + offset, c.origin + c.direction + offset);
        const Aabb<T> box = MakeBox<T>(c.lo, c.hi);
        const Aabb<T> movedBox = MakeBox<T>(c.lo + offset, c.hi + offset);
        const CastResult<T> a = SegmentAabbSegmentSlab(s, box);
        const CastResult<T> b = SegmentAabbSegmentSlab(moved, movedBox);
        ASSERT_EQ(a.hit, b.hit) << i;
        hits += a.hit ? 1 : 0;
        if (a.hit) {
            EXPECT_EQ(a.tEnter, b.tEnter) << i;
            EXPECT_EQ(a.tExit, b.tExit) << i;
            EXPECT_EQ(a.point + Vec3<T>(offset), b.point) << i;
            EXPECT_EQ(a.normal, b.normal) << i;
        }
        // on the grid the SAT is exact too, and its epsilon is far below the grid step
        EXPECT_EQ(SegmentAabbSegmentSat(s, box).hit, a.hit) << i;
        EXPECT_EQ(SegmentAabbSegmentSat(moved, movedBox).hit, a.hit) << i;
    }
    EXPECT_GT(hits, 300); // not vacuous
}

TYPED_TEST(SegmentAabbTest, AxisPermutationChangesNothing)
{
    using T = TypeParam;
    std::mt19937_64 rng(31337);
    const std::array<std::array<int, 3>, 3> perms{{{1, 2, 0}, {2, 1, 0}, {0, 2, 1}}};
    for (int i = 0; i < 3000; ++i) {
        const test::LineBoxCase c = GridSegment(rng, true);
        const auto& p = perms[static_cast<size_t>(i) % perms.size()];
        const auto permute = [&p](const glm::dvec3& v) { return glm::dvec3(v[p[0]], v[p[1]], v[p[2]]); };
        const CastResult<T> a =
            SegmentAabbSegmentSlab(MakeSegment<T>(c.origin, c.origin + c.direction), MakeBox<T>(c.lo, c.hi));
        const Segment<T> ps = MakeSegment<T>(permute(c.origin), permute(c.origin + c.direction));
        const Aabb<T> pb = MakeBox<T>(permute(c.lo), permute(c.hi));
        const CastResult<T> b = SegmentAabbSegmentSlab(ps, pb);
        ASSERT_EQ(a.hit, b.hit) << i;
        EXPECT_EQ(SegmentAabbSegmentSat(ps, pb).hit, a.hit) << i;
        if (a.hit) {
            EXPECT_EQ(a.tEnter, b.tEnter) << i;
            EXPECT_EQ(a.tExit, b.tExit) << i;
            EXPECT_EQ(Vec3<T>(permute(glm::dvec3(a.point))), b.point) << i;
        }
    }
}

TYPED_TEST(SegmentAabbTest, ReversedSegmentGivesTheSameHitWithTMappedToOneMinusT)
{
    using T = TypeParam;
    std::mt19937_64 rng(8086);
    int hits = 0;
    for (int i = 0; i < 8000; ++i) {
        const test::LineBoxCase c = GridSegment(rng, true);
        const Aabb<T> box = MakeBox<T>(c.lo, c.hi);
        const Segment<T> forward = MakeSegment<T>(c.origin, c.origin + c.direction);
        const Segment<T> backward{forward.end, forward.start};
        const CastResult<T> a = SegmentAabbSegmentSlab(forward, box);
        const CastResult<T> b = SegmentAabbSegmentSlab(backward, box);
        ASSERT_EQ(a.hit, b.hit) << i;
        EXPECT_EQ(SegmentAabbSegmentSat(backward, box).hit, a.hit) << i;
        if (!a.hit) {
            continue;
        }
        ++hits;
        if (forward.start == forward.end) {
            EXPECT_EQ(b.tEnter, T(0));
            EXPECT_EQ(b.tExit, T(1));
            continue;
        }
        // exact on the grid: [tEnter, tExit] maps to [1 - tExit, 1 - tEnter]
        EXPECT_EQ(b.tEnter, T(1) - a.tExit) << i;
        EXPECT_EQ(b.tExit, T(1) - a.tEnter) << i;
    }
    EXPECT_GT(hits, 300); // not vacuous
}

TEST(SegmentAabbProperties, FloatReferenceAgreesWithDoubleAwayFromBoundaries)
{
    std::mt19937_64 rng(2718);
    int compared = 0;
    for (int i = 0; i < 20000; ++i) {
        test::LineBoxCase c = test::RoundTo<float>(test::RandomLineBox(rng, 0.1));
        c.direction *= 0.5; // about half the segments stop before the box
        const glm::dvec3 end = glm::dvec3(glm::vec3(c.origin + c.direction));
        const glm::dvec3 delta = end - c.origin; // what the algorithms compute (exact for these floats in double)
        const test::SlabOracleResult oracle = test::SlabOracle(c.origin, delta, c.lo, c.hi, 0, 1);
        if (oracle.nearBoundary) {
            continue;
        }
        ++compared;
        const CastResult<float> f =
            SegmentAabbSegmentSlab(MakeSegment<float>(c.origin, end), MakeBox<float>(c.lo, c.hi));
        const CastResult<double> d =
            SegmentAabbSegmentSlab(MakeSegment<double>(c.origin, end), MakeBox<double>(c.lo, c.hi));
        ASSERT_EQ(d.hit, oracle.hit) << i;
        ASSERT_EQ(f.hit, d.hit) << i;
        EXPECT_EQ(SegmentAabbSegmentSat(MakeSegment<float>(c.origin, end), MakeBox<float>(c.lo, c.hi)).hit, d.hit) << i;
        if (d.hit) {
            EXPECT_NEAR(f.tEnter, d.tEnter, 1e-5) << i;
            EXPECT_NEAR(f.tExit, d.tExit, 1e-5) << i;
        }
    }
    EXPECT_GT(compared, 18000);
}

// ---- differential: Bullet's btRayAabb (segment rayFrom -> rayTo, btScalar = float) ----

TEST(SegmentAabbDifferential, AgreesWithBulletRayAabbAwayFromBoundaries)
{
    static_assert(sizeof(btScalar) == sizeof(float), "Debian's Bullet is built with float btScalar");
    std::mt19937_64 rng(6502);
    int compared = 0, hits = 0, normals = 0;
    for (int i = 0; i < 20000; ++i) {
        test::LineBoxCase c = test::RoundTo<float>(test::RandomLineBox(rng, 0.1));
        const glm::vec3 start(c.origin);
        const glm::vec3 end(c.origin + c.direction);
        const glm::vec3 lo(c.lo), hi(c.hi);
        // Bullet works on the box centre and half extents, rounded in float: a boundary shift of an
        // ulp, so the oracle's margin (1e-4) must also cover that
        const test::SlabOracleResult oracle =
            test::SlabOracle(glm::dvec3(start), glm::dvec3(end) - glm::dvec3(start), c.lo, c.hi, 0, 1);
        if (oracle.nearBoundary) {
            continue;
        }
        ++compared;
        btScalar param = 1; // in: the largest lambda; out: the entry
        btVector3 normal(0, 0, 0);
        const bool bullet = btRayAabb(btVector3(start.x, start.y, start.z), btVector3(end.x, end.y, end.z),
                                      btVector3(lo.x, lo.y, lo.z), btVector3(hi.x, hi.y, hi.z), param, normal);
        hits += bullet ? 1 : 0;
        const CastResult<float> f = SegmentAabbSegmentSlab(Segment<float>{start, end}, Aabb<float>{lo, hi});
        const CastResult<double> d = SegmentAabbSegmentSlab(MakeSegment<double>(glm::dvec3(start), glm::dvec3(end)),
                                                            MakeBox<double>(c.lo, c.hi));
        ASSERT_EQ(f.hit, bullet) << "case " << i;
        ASSERT_EQ(d.hit, bullet) << "case " << i;
        EXPECT_EQ(SegmentAabbSegmentSat(Segment<float>{start, end}, Aabb<float>{lo, hi}).hit, bullet) << i;
        if (!bullet) {
            continue;
        }
        EXPECT_NEAR(f.tEnter, param, 1e-5) << i;
        // Bullet's hitNormal is the entered face's inward normal (+1 for a min face), zero from inside
        if (f.hasNormal) {
            ++normals;
            EXPECT_EQ(f.normal.x, -normal.x()) << i;
            EXPECT_EQ(f.normal.y, -normal.y()) << i;
            EXPECT_EQ(f.normal.z, -normal.z()) << i;
        } else {
            EXPECT_EQ(f.tEnter, 0.0f) << i;
        }
    }
    EXPECT_GT(compared, 18000);
    EXPECT_GT(hits, compared / 5);
    EXPECT_LT(hits, compared - compared / 5);
    EXPECT_GT(normals, hits / 4);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
