// Tests of the panels' GL-free logic (app/gui/panels) on the lesson scenes: the slab number line
// and its sentences, the Results table rows and their disagreement explanations, the Algorithms
// panel's lists and settings edits, the Inspector's validation and rotations, and ulps.
#include "app/gui/model/algorithms_model.h"
#include "app/gui/model/lessons.h"
#include "app/gui/model/number_line.h"
#include "app/gui/model/query_model.h"
#include "app/gui/model/results_model.h"
#include "app/gui/model/shape_edit.h"

#include "core/io/scene_file.h"
#include "core/scene_eval.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;
const fs::path kScenes = fs::path(HITLAB_TEST_DATA) / ".." / ".." / "assets" / "scenes";

Scene Lesson(const std::string& file)
{
    SceneLoad load = LoadSceneFile((kScenes / file).string());
    EXPECT_TRUE(load.Ok()) << load.error;
    return load.Ok() ? std::move(*load.scene) : Scene{};
}

/// The trace of the scene's only (first) query under the family's drawn algorithm.
Trace FirstTrace(const Scene& scene, SceneQuery* query = nullptr)
{
    const std::vector<SceneQuery> queries = scene.Queries();
    EXPECT_FALSE(queries.empty());
    if (queries.empty()) {
        return {};
    }
    if (query != nullptr) {
        *query = queries.front();
    }
    return SceneEvaluator::TraceOf(scene, queries.front(), *scene.Settings(queries.front().family).drawn);
}

const NumberLineRow* RowOfAxis(const NumberLineLayout& layout, int axis)
{
    for (const NumberLineRow& row : layout.rows) {
        if (row.axis == axis) {
            return &row;
        }
    }
    return nullptr;
}

// ---- number line ----

TEST(NumberLine, SlabMissLessonPlacesBothSlabsAndSaysWhyItMisses)
{
    const Scene scene = Lesson("slab-2d-miss.json");
    const Trace trace = FirstTrace(scene);
    ASSERT_TRUE(IsSlabTrace(trace));
    const NumberLineLayout layout = LayOutNumberLine(trace, *FindAlgorithm(Family::RayAabb, "slab"), -1);
    const NumberLineRow* x = RowOfAxis(layout, 0);
    const NumberLineRow* y = RowOfAxis(layout, 1);
    ASSERT_NE(x, nullptr);
    ASSERT_NE(y, nullptr);
    // the lesson's numbers: x slab [0.25, 0.75], y slab [1, 3] (exact in float)
    EXPECT_EQ(x->tNear, 0.25);
    EXPECT_EQ(x->tFar, 0.75);
    EXPECT_EQ(y->tNear, 1.0);
    EXPECT_EQ(y->tFar, 3.0);
    // positions: ordered as the t values, inside the line, the same map for every row
    EXPECT_LT(x->nearX, x->farX);
    EXPECT_LT(x->farX, y->nearX);
    EXPECT_LT(y->nearX, y->farX);
    EXPECT_GT(x->nearX, layout.X(0.0));
    EXPECT_LE(y->farX, 1.0f);
    EXPECT_FLOAT_EQ(x->nearX, float((0.25 - layout.tMin) / (layout.tMax - layout.tMin)));
    EXPECT_TRUE(layout.empty);
    EXPECT_EQ(layout.sentence, "miss: the ray leaves the x slab at t = 0.75 before it enters the y slab at t = 1");
    // allowed range t >= 0: from 0 to the right end
    EXPECT_EQ(layout.allowedLo, 0.0);
    EXPECT_TRUE(std::isinf(layout.allowedHi));
    EXPECT_EQ(layout.allowedHiX, 1.0f);
}

TEST(NumberLine, SteppingShowsOnlyTheSlabsSoFar)
{
    const Scene scene = Lesson("slab-2d-miss.json");
    const Trace trace = FirstTrace(scene);
    const AlgorithmInfo& slab = *FindAlgorithm(Family::RayAabb, "slab");
    const NumberLineLayout all = LayOutNumberLine(trace, slab, -1);
    ASSERT_GE(all.rows.size(), 2u);
    const NumberLineLayout first = LayOutNumberLine(trace, slab, all.rows.front().step);
    ASSERT_EQ(first.rows.size(), 1u);
    EXPECT_EQ(first.rows.front().axis, all.rows.front().axis);
    // the line does not rescale while stepping
    EXPECT_EQ(first.tMin, all.tMin);
    EXPECT_EQ(first.tMax, all.tMax);
    EXPECT_FALSE(first.empty) << first.sentence;
    EXPECT_NE(first.sentence.find("slab"), std::string::npos);
}

TEST(NumberLine, SlabHitLessonEndsWithTheRunningInterval)
{
    const Scene scene = Lesson("slab-2d-hit.json");
    const Trace trace = FirstTrace(scene);
    const NumberLineLayout layout = LayOutNumberLine(trace, *scene.Settings(Family::RayAabb).drawn, -1);
    ASSERT_FALSE(layout.rows.empty());
    EXPECT_FALSE(layout.empty);
    const NumberLineRow& last = layout.rows.back();
    EXPECT_LE(last.tEnter, last.tExit);
    EXPECT_LE(last.enterX, last.exitX);
    EXPECT_NE(layout.sentence.find("inside every slab so far for t in"), std::string::npos) << layout.sentence;
}

TEST(NumberLine, ParallelSlabIsLabelledAndSpansTheLine)
{
    const Scene scene = Lesson("slab-2d-miss.json"); // direction (4, 1, 0): z is parallel, origin inside
    const NumberLineLayout layout = LayOutNumberLine(FirstTrace(scene), *FindAlgorithm(Family::RayAabb, "slab"), -1);
    const NumberLineRow* z = RowOfAxis(layout, 2);
    ASSERT_NE(z, nullptr);
    EXPECT_TRUE(z->parallel);
    EXPECT_TRUE(z->originInside);
    EXPECT_EQ(z->label, "z slab: parallel, inside");
    EXPECT_EQ(z->nearX, 0.0f);
    EXPECT_EQ(z->farX, 1.0f);
}

TEST(NumberLine, SlabListingOnTheHitLessonSaysItsParallelTestRejectsAnOriginInside)
{
    // slab_listing on (2, 1, 0) against x, y in [1, 3], z in [-0.5, 0.5]: x [0.5, 1.5], y [1, 3],
    // then z is parallel with the origin z = 0 inside, and the swapped test rejects it. The running
    // interval [1, 1.5] is not empty by its numbers: the line must not say "1 > 1.5" or "outside".
    const Scene scene = Lesson("slab-2d-hit.json");
    const std::vector<SceneQuery> queries = scene.Queries();
    ASSERT_FALSE(queries.empty());
    const AlgorithmInfo& listing = *FindAlgorithm(Family::RayAabb, "slab_listing");
    const Trace trace = SceneEvaluator::TraceOf(scene, queries.front(), listing);
    const NumberLineLayout layout = LayOutNumberLine(trace, listing, -1);
    const NumberLineRow* z = RowOfAxis(layout, 2);
    ASSERT_NE(z, nullptr);
    EXPECT_TRUE(z->parallel);
    EXPECT_TRUE(z->originInside);
    EXPECT_TRUE(z->rejected);
    EXPECT_TRUE(z->empty);
    EXPECT_EQ(z->label, "z slab: parallel, inside, rejected");
    EXPECT_EQ(z->interval, "rejected: parallel test");
    EXPECT_EQ(z->tEnter, 1.0);
    EXPECT_EQ(z->tExit, 1.5);
    const NumberLineRow* y = RowOfAxis(layout, 1);
    ASSERT_NE(y, nullptr);
    EXPECT_EQ(y->interval, "[1, 1.5]");
    EXPECT_EQ(layout.sentence, "miss: the ray is parallel to the z slab with its origin inside it, but the method's "
                               "parallel test rejects it");
    ASSERT_GE(layout.decidingRow, 0);
    EXPECT_EQ(layout.rows[size_t(layout.decidingRow)].step, trace.decidingStep);
}

TEST(NumberLine, MissSentenceAndDecidingMarkerAgreeOnEveryStressRay)
{
    // every missing ray/box query of the stress scene under the reference: the number line's
    // sentence is the trace's verdict, its first empty row is the step marked deciding, and a
    // sentence that says "before it enters" never names an exit behind the origin
    SceneLoad load = LoadSceneFile((kScenes / "stress.json").string());
    ASSERT_TRUE(load.Ok()) << load.error;
    const Scene& scene = *load.scene;
    const AlgorithmInfo& slab = *FindAlgorithm(Family::RayAabb, "slab");
    int misses = 0;
    for (const SceneQuery& q : scene.Queries()) {
        if (q.family != Family::RayAabb || misses >= 400) {
            continue;
        }
        const Trace trace = SceneEvaluator::TraceOf(scene, q, slab);
        if (trace.verdict.rfind("miss", 0) != 0) {
            continue;
        }
        ++misses;
        const NumberLineLayout layout = LayOutNumberLine(trace, slab, -1);
        ASSERT_GE(layout.decidingRow, 0) << trace.verdict;
        const NumberLineRow& row = layout.rows[size_t(layout.decidingRow)];
        EXPECT_EQ(row.step, trace.decidingStep) << trace.verdict;
        EXPECT_EQ(layout.sentence, trace.verdict);
        if (trace.verdict.find("before it enters") != std::string::npos &&
            trace.verdict.find("leaves the") != std::string::npos) {
            EXPECT_GE(row.tExit, 0.0) << trace.verdict;
        }
    }
    EXPECT_GT(misses, 100);
}

TEST(InspectorTyping, TypedNumbersApplyWholeOrNotAtAll)
{
    const TypedNumbers ok = ParseTypedNumbers("1, -2.5 0.1", 3);
    EXPECT_EQ(ok.error, "");
    EXPECT_EQ(ok.values, (std::vector<double>{1.0, -2.5, 0.1}));
    // what a half-typed 1e400 must never leave behind: the whole value is refused, with why
    EXPECT_EQ(ParseTypedNumbers("1e400, 0, 0", 3).error, "1e400 is too large for a double");
    EXPECT_TRUE(ParseTypedNumbers("1e400, 0, 0", 3).values.empty());
    EXPECT_EQ(ParseTypedNumbers("0 1e39 0", 3).error,
              "1e39 overflows float (at most 3.40282347e+38): the families run in float by default");
    EXPECT_EQ(ParseTypedNumbers("-3.4e38", 1).values, std::vector<double>{-3.4e38});
    EXPECT_EQ(ParseTypedNumbers("1, 2", 3).error, "expected 3 numbers, got 2");
    EXPECT_EQ(ParseTypedNumbers("", 1).error, "expected 1 number, got 0");
    EXPECT_EQ(ParseTypedNumbers("1, x, 3", 3).error, "\"x\" is not a number");
    EXPECT_EQ(ParseTypedNumbers("nan", 1).error, "\"nan\" is not a number");
    EXPECT_EQ(ParseTypedNumbers("inf", 1).error, "inf is too large for a double");
}

TEST(InspectorTyping, FieldsShowEveryDigit)
{
    // a drag or a file can give any double: the text to type over keeps it (not "%.6g")
    const double values[3] = {0.1, 1.0 / 3.0, 1234567.125};
    EXPECT_EQ(TypedNumbersText(values, 3), "0.1, 0.3333333333333333, 1234567.125");
}

TEST(Wording, CountsAreSingularForOne)
{
    EXPECT_EQ(CountText(1, "query", "queries"), "1 query");
    EXPECT_EQ(CountText(0, "query", "queries"), "0 queries");
    EXPECT_EQ(CountText(2, "shape", "shapes"), "2 shapes");
}

TEST(NumberLine, SegmentAllowsOnlyZeroToOne)
{
    const Scene scene = Lesson("segment-ends-on-face.json");
    SceneQuery q{};
    const Trace trace = FirstTrace(scene, &q);
    ASSERT_EQ(q.family, Family::SegmentAabb);
    const NumberLineLayout layout = LayOutNumberLine(trace, *scene.Settings(q.family).drawn, -1);
    EXPECT_EQ(layout.allowedLo, 0.0);
    EXPECT_EQ(layout.allowedHi, 1.0);
    EXPECT_LT(layout.allowedHiX, 1.0f);
    EXPECT_LE(layout.tMin, 0.0);
    EXPECT_GE(layout.tMax, 1.0);
}

TEST(NumberLine, ShortNumbersReadBack)
{
    EXPECT_EQ(ShortNumber(0.25), "0.25");
    EXPECT_EQ(ShortNumber(1.0), "1");
    EXPECT_EQ(ShortNumber(-3.5), "-3.5");
    EXPECT_EQ(ShortNumber(std::numeric_limits<double>::infinity()), "inf");
    EXPECT_EQ(ShortNumber(double(0.1f)), "0.1"); // 6 digits at most: the tables show more
}

// ---- results table ----

TEST(ResultsTable, EveryLessonHasOneRowPerQueryAndOneCellPerEnabledAlgorithm)
{
    for (const LessonEntry& lesson : ListLessons(kScenes.string())) {
        SCOPED_TRACE(lesson.path);
        const Scene scene = Lesson(fs::path(lesson.path).filename().string());
        SceneEvaluator eval;
        eval.Evaluate(scene);
        const std::vector<ResultsTable> tables = BuildResultsTables(scene, eval);
        size_t rows = 0;
        for (const ResultsTable& t : tables) {
            rows += t.rows.size();
            EXPECT_EQ(t.columns, scene.Settings(t.family).enabled);
            for (const ResultRow& row : t.rows) {
                ASSERT_EQ(row.cells.size(), t.columns.size());
                const QueryEvaluation* qe = eval.Find(row.query.a, row.query.b);
                ASSERT_NE(qe, nullptr);
                EXPECT_EQ(row.disagree, !qe->comparison.agree);
                EXPECT_EQ(row.mark.empty(), !row.disagree);
                EXPECT_EQ(row.symbol.empty(), !row.disagree);
                for (const ResultCell& cell : row.cells) {
                    EXPECT_EQ(cell.differs, cell.fields != 0);
                    EXPECT_EQ(cell.fields == kFieldHit, cell.hit != qe->Reference().hit);
                    EXPECT_EQ(cell.text.starts_with("hit"), cell.hit);
                    if (cell.differs) { // the tooltip names each algorithm that differs
                        EXPECT_NE(row.tooltip.find(std::string(cell.algorithm->name) + ":"), std::string::npos);
                    }
                }
            }
        }
        EXPECT_EQ(rows, eval.Queries().size());
    }
}

TEST(ResultsTable, RayFromInsideShowsTheConventionDisagreement)
{
    const Scene scene = Lesson("ray-from-inside.json");
    SceneEvaluator eval;
    eval.Evaluate(scene);
    const std::vector<ResultsTable> tables = BuildResultsTables(scene, eval, true);
    ASSERT_FALSE(tables.empty());
    bool sawConvention = false;
    for (const ResultsTable& t : tables) {
        EXPECT_EQ(t.rows.empty(), t.disagreements == 0); // sphere_aabb agrees here: its table has no rows
        for (const ResultRow& row : t.rows) {
            EXPECT_TRUE(row.disagree); // the filter keeps disagreements only
            for (const ResultCell& cell : row.cells) {
                if (cell.explanation == Explanation::Convention) {
                    sawConvention = true;
                    EXPECT_FALSE(cell.reason.empty());
                    EXPECT_NE(row.tooltip.find("convention"), std::string::npos) << row.tooltip;
                }
            }
        }
    }
    EXPECT_TRUE(sawConvention);
}

TEST(ResultsTable, AValueDisagreementIsMarkedWithTheFieldsThatDiffer)
{
    // ray-from-inside.json, ray from the centre vs box: slab_signs and slab_listing hit like the
    // reference but report the entry behind the origin (t_enter -0.78125, and its point)
    const Scene scene = Lesson("ray-from-inside.json");
    SceneEvaluator eval;
    eval.Evaluate(scene);
    bool sawBox = false;
    for (const ResultsTable& t : BuildResultsTables(scene, eval, true)) {
        if (t.family != Family::RayAabb) {
            continue;
        }
        ASSERT_EQ(t.rows.size(), 1u);
        const ResultRow& row = t.rows[0];
        sawBox = true;
        EXPECT_EQ(row.worst, Explanation::Convention);
        EXPECT_EQ(row.symbol, "! t_enter, point");
        for (const ResultCell& cell : row.cells) {
            if (cell.algorithm->name == "slab_signs") {
                EXPECT_TRUE(cell.hit);
                EXPECT_TRUE(cell.differs);
                EXPECT_EQ(cell.fields, kFieldTEnter | kFieldPoint);
                EXPECT_EQ(cell.explanation, Explanation::Convention);
            }
        }
        EXPECT_NE(row.tooltip.find("slab_signs: hit  t -0.78125 - convention (t_enter, point)"), std::string::npos)
            << row.tooltip;
    }
    EXPECT_TRUE(sawBox);
    EXPECT_EQ(DifferenceMark(Explanation::Rounding, kFieldTEnter), "~ t_enter");
    EXPECT_EQ(DifferenceMark(Explanation::Unexplained, kFieldHit), "!!");
    EXPECT_EQ(DifferenceMark(Explanation::None, kFieldTEnter), "");
}

TEST(ResultsTable, SomeLessonsDisagreeAndAgreeingLessonsSayAllAgree)
{
    int disagreeing = 0;
    for (const LessonEntry& lesson : ListLessons(kScenes.string())) {
        const Scene scene = Lesson(fs::path(lesson.path).filename().string());
        SceneEvaluator eval;
        eval.Evaluate(scene);
        for (const ResultsTable& t : BuildResultsTables(scene, eval)) {
            disagreeing += t.disagreements > 0 ? 1 : 0;
            for (const ResultRow& row : t.rows) {
                if (!row.disagree) {
                    EXPECT_NE(row.tooltip.find("Every enabled algorithm agrees."), std::string::npos);
                }
            }
        }
    }
    EXPECT_GE(disagreeing, 5); // the lesson library is about disagreements
}

TEST(ResultsTable, CellTextCarriesTheKeyNumber)
{
    const AlgorithmInfo& slab = *FindAlgorithm(Family::RayAabb, "slab");
    Result r;
    EXPECT_EQ(CellText(r, slab), "miss");
    r.hit = true;
    r.tEnter = 0.5;
    EXPECT_EQ(CellText(r, slab), "hit  t 0.5");
    const AlgorithmInfo& overlap = ReferenceAlgorithm(Family::AabbAabb);
    r.depth = 0.25;
    EXPECT_EQ(CellText(r, overlap), "hit  d 0.25");
}

// ---- algorithms panel ----

TEST(AlgorithmList, ListsTheFamiliesTheSceneQueries)
{
    const Scene scene = Lesson("slab-2d-miss.json");
    SceneEvaluator eval;
    eval.Evaluate(scene);
    const std::vector<FamilyEntry> families = BuildAlgorithmList(scene, eval);
    ASSERT_EQ(families.size(), 1u);
    EXPECT_EQ(families[0].family, Family::RayAabb);
    EXPECT_EQ(families[0].queries, 1);
    EXPECT_EQ(families[0].algorithms.size(), AlgorithmsOf(Family::RayAabb).size());
    int drawn = 0;
    for (const AlgorithmEntry& a : families[0].algorithms) {
        drawn += a.drawn ? 1 : 0;
        EXPECT_TRUE(a.enabled); // the lesson runs "all"
    }
    EXPECT_EQ(drawn, 1);
    EXPECT_TRUE(families[0].algorithms[0].drawn); // "draw": "slab", the reference
}

TEST(AlgorithmList, TurningOffTheDrawnAlgorithmDrawsTheNextAndTheLastStaysOn)
{
    const FamilySettings all = DefaultSettings(Family::RaySphere);
    ASSERT_GE(all.enabled.size(), 2u);
    const FamilySettings off = WithEnabled(all, *all.drawn, false);
    EXPECT_EQ(off.enabled.size(), all.enabled.size() - 1);
    EXPECT_EQ(off.drawn, off.enabled.front());
    EXPECT_NE(off.drawn, all.drawn);
    // down to one: it cannot be turned off
    FamilySettings one = all;
    one.enabled = {all.enabled[1]};
    one.drawn = all.enabled[1];
    EXPECT_EQ(WithEnabled(one, *all.enabled[1], false).enabled, one.enabled);
    // drawing a disabled algorithm turns it on, in registry order
    const FamilySettings drawn = WithDrawn(one, *all.enabled[0]);
    EXPECT_EQ(drawn.drawn, all.enabled[0]);
    ASSERT_EQ(drawn.enabled.size(), 2u);
    EXPECT_EQ(drawn.enabled[0], all.enabled[0]);
}

TEST(AlgorithmList, TooltipHasSummarySourceAndConventions)
{
    for (const AlgorithmInfo& info : Algorithms()) {
        const std::string text = AlgorithmTooltip(info);
        EXPECT_NE(text.find(std::string(info.summary)), std::string::npos);
        EXPECT_NE(text.find("Source: " + std::string(info.source)), std::string::npos);
        for (const Convention& c : info.conventions) {
            EXPECT_NE(text.find(std::string(c.key) + ": " + std::string(c.value)), std::string::npos);
        }
    }
}

// ---- inspector ----

TEST(ShapeEdit, RefusesInvalidValuesWithTheProtocolsMessage)
{
    EXPECT_EQ(ValidateShape(Sphere<double>{{0, 0, 0}, 1.0}), "");
    EXPECT_EQ(ValidateShape(Sphere<double>{{0, 0, 0}, -1.0}), "radius: must be >= 0, got -1");
    EXPECT_NE(ValidateShape(Aabb<double>{{0, 2, 0}, {1, 1, 1}}).find("min[1]: must be <= max[1]"), std::string::npos);
    EXPECT_NE(ValidateShape(Ray<double>{{0, 0, 0}, {0, 0, 0}}).find("must be nonzero"), std::string::npos);
    EXPECT_NE(ValidateShape(Plane<double>{{0, 0, 0}, 1.0}).find("must be nonzero"), std::string::npos);
    EXPECT_NE(ValidateShape(Sphere<double>{{std::nan(""), 0, 0}, 1.0}), "");
    EXPECT_EQ(ValidateShape(Aabb<double>{{1, 1, 1}, {1, 1, 1}}), ""); // a flat box is valid
    Obb<double> skew;
    skew.axes[0] = {1, 0.1, 0};
    EXPECT_NE(ValidateShape(skew).find("orthonormal"), std::string::npos);
}

TEST(ShapeEdit, RotationDegreesRoundTrip)
{
    Obb<double> box;
    EXPECT_EQ(ObbRotationDegrees(box), glm::dvec3(0.0));
    const Obb<double> turned = WithRotationDegrees(box, {30.0, 45.0, 60.0});
    EXPECT_EQ(ValidateShape(turned), "");
    const glm::dvec3 back = ObbRotationDegrees(turned);
    EXPECT_NEAR(back.x, 30.0, 1e-9);
    EXPECT_NEAR(back.y, 45.0, 1e-9);
    EXPECT_NEAR(back.z, 60.0, 1e-9);
    // a quarter turn about z: x goes to y
    const Obb<double> quarter = WithRotationDegrees(box, {0.0, 0.0, 90.0});
    EXPECT_NEAR(quarter.axes[0].y, 1.0, 1e-15);
    EXPECT_NEAR(quarter.axes[0].x, 0.0, 1e-15);
}

// ---- family comparison in ulps ----

TEST(Ulps, CountsRepresentableValuesBetween)
{
    EXPECT_EQ(UlpDistance(1.0, 1.0, Precision::Double), 0);
    EXPECT_EQ(UlpDistance(std::nextafter(1.0, 2.0), 1.0, Precision::Double), 1);
    EXPECT_EQ(UlpDistance(1.0, std::nextafter(1.0, 2.0), Precision::Double), -1);
    EXPECT_EQ(UlpDistance(double(std::nextafter(1.0f, 2.0f)), 1.0, Precision::Float), 1);
    EXPECT_EQ(UlpDistance(0.0, -0.0, Precision::Float), 0);
    const double tiny = double(std::numeric_limits<float>::denorm_min());
    EXPECT_EQ(UlpDistance(tiny, -tiny, Precision::Float), 2);
    EXPECT_FALSE(UlpDistance(std::numeric_limits<double>::infinity(), 1.0, Precision::Double).has_value());
    EXPECT_FALSE(UlpDistance(1e300, 1.0, Precision::Float).has_value());
}

TEST(FamilyTable, EveryAlgorithmAgainstTheReference)
{
    const Scene scene = Lesson("slab-2d-hit.json");
    SceneQuery q{};
    FirstTrace(scene, &q);
    const FamilyTable table = BuildFamilyTable(scene, q, Precision::Float);
    ASSERT_EQ(table.rows.size(), AlgorithmsOf(q.family).size());
    EXPECT_EQ(table.firstHeader, "t_enter");
    EXPECT_TRUE(table.rows[0].info->reference);
    EXPECT_EQ(table.rows[0].firstUlps, "0");
    EXPECT_FALSE(table.rows[0].first.empty());
    for (const FamilyRow& row : table.rows) {
        if (row.hit && !row.first.empty() && !row.differs) {
            EXPECT_FALSE(row.firstUlps.empty()) << row.info->name;
        }
    }
}

TEST(QueryInspector, FamilyTableAddsTheExternalAlgorithmsAfterTheBuiltIns)
{
    // slab-2d-hit.json: the reference hits; an external algorithm that answered a miss is wrong
    // against the exact answer, one that crashed shows its status as its verdict
    const Scene scene = Lesson("slab-2d-hit.json");
    SceneQuery q{};
    FirstTrace(scene, &q);
    AlgorithmInfo missing = ReferenceAlgorithm(q.family), crashing = missing;
    missing.name = "mine";
    missing.reference = false;
    crashing.name = "mine_crashing";
    crashing.reference = false;
    const std::string file = "my_plugin.so";
    const std::vector<ExternalOutcome> external = {
        {&missing, &file, "plugin", ExternalStatus::Answered, "", Result{}},
        {&crashing, &file, "plugin", ExternalStatus::Crashed, "killed by signal 11 (Segmentation fault)", Result{}}};
    const FamilyTable plain = BuildFamilyTable(scene, q, Precision::Float);
    const FamilyTable table = BuildFamilyTable(scene, q, Precision::Float, external);
    const std::size_t builtIn = AlgorithmsOf(q.family).size();
    ASSERT_EQ(plain.rows.size(), builtIn);
    ASSERT_EQ(table.rows.size(), builtIn + 2);
    for (std::size_t i = 0; i < builtIn; ++i) { // the built-in rows as without them
        EXPECT_EQ(table.rows[i].info, plain.rows[i].info);
        EXPECT_EQ(table.rows[i].verdict, plain.rows[i].verdict);
        EXPECT_FALSE(table.rows[i].external);
    }
    const FamilyRow& mine = table.rows[builtIn];
    EXPECT_EQ(mine.info, &missing);
    EXPECT_TRUE(mine.external);
    EXPECT_EQ(mine.verdict, "miss");
    EXPECT_TRUE(mine.wrongVsExact);
    EXPECT_TRUE(mine.differs);
    EXPECT_EQ(mine.fields, kFieldHit);
    const FamilyRow& crashed = table.rows[builtIn + 1];
    EXPECT_TRUE(crashed.external);
    EXPECT_EQ(crashed.verdict, "crashed");
    EXPECT_TRUE(crashed.wrongVsExact);
    EXPECT_EQ(crashed.explanation, Explanation::Unexplained);
    EXPECT_EQ(crashed.reason.rfind("crashed: killed by signal 11 (Segmentation fault)", 0), 0u) << crashed.reason;
    EXPECT_EQ(crashed.first, "");
}

TEST(Lessons, ListedByTitle)
{
    const std::vector<LessonEntry> lessons = ListLessons(kScenes.string());
    EXPECT_GE(lessons.size(), 10u);
    for (size_t i = 1; i < lessons.size(); ++i) {
        EXPECT_LE(lessons[i - 1].title, lessons[i].title);
    }
    EXPECT_TRUE(std::any_of(lessons.begin(), lessons.end(),
                            [](const LessonEntry& l) { return l.title == "The slab method in 2D: a miss"; }));
}

std::string FileName(const LessonEntry& lesson) { return fs::path(lesson.path).filename().string(); }

TEST(Course, ListsEveryLessonOfTheLibraryOnceInTeachingOrder)
{
    const Course course = LoadCourse(kScenes.string());
    ASSERT_EQ(course.error, "");
    ASSERT_GE(course.lessons.size(), 22u);
    // every scene of the library but the performance scene is a lesson of the course, once
    std::set<std::string> library, listed;
    for (const LessonEntry& lesson : ListLessons(kScenes.string())) {
        if (FileName(lesson) != "stress.json") {
            library.insert(FileName(lesson));
        }
    }
    for (const LessonEntry& lesson : course.lessons) {
        EXPECT_TRUE(listed.insert(FileName(lesson)).second) << FileName(lesson) << " twice";
        EXPECT_FALSE(lesson.title.empty());
        EXPECT_NE(lesson.title, FileName(lesson)) << "every lesson has a title";
    }
    EXPECT_EQ(listed, library);
    EXPECT_EQ(course.lessons.size(), library.size());
    // the teaching order: the slab method (2D, parallel rays, origin inside, box behind, edges
    // and corners), then ray/sphere, then boxes and separating axes; other lessons may sit between
    const char* const kOrder[] = {"slab-2d-miss.json",       "slab-2d-hit.json",       "slab-parallel-ray.json",
                                  "ray-from-inside.json",    "box-behind-ray.json",    "ray-through-edge.json",
                                  "ray-through-corner.json", "ray-sphere-basics.json", "ray-sphere-precision.json",
                                  "aabb-overlap.json",       "obb-plus-sign.json",     "obb-crossed-edges.json",
                                  "obb-edge-edge.json"};
    int last = -1;
    for (const char* file : kOrder) {
        const int at = course.IndexOf((kScenes / file).string());
        EXPECT_GT(at, last) << file;
        last = at;
    }
}

TEST(Course, NextFromTheFirstVisitsEveryLessonOnceAndPreviousWalksBack)
{
    const Course course = LoadCourse(kScenes.string());
    ASSERT_EQ(course.error, "");
    ASSERT_FALSE(course.lessons.empty());
    std::vector<std::string> forward{course.lessons.front().path};
    while (const LessonEntry* next = course.Next(forward.back())) {
        ASSERT_LE(forward.size(), course.lessons.size()) << "Next loops";
        forward.push_back(next->path);
    }
    ASSERT_EQ(forward.size(), course.lessons.size());
    EXPECT_EQ(std::set<std::string>(forward.begin(), forward.end()).size(), forward.size()) << "a lesson twice";
    for (size_t i = 0; i < forward.size(); ++i) {
        EXPECT_EQ(forward[i], course.lessons[i].path);
        EXPECT_EQ(course.IndexOf(forward[i]), static_cast<int>(i));
    }
    std::vector<std::string> backward{forward.back()};
    while (const LessonEntry* previous = course.Previous(backward.back())) {
        ASSERT_LE(backward.size(), course.lessons.size()) << "Previous loops";
        backward.push_back(previous->path);
    }
    EXPECT_EQ(std::vector<std::string>(backward.rbegin(), backward.rend()), forward);
    EXPECT_EQ(course.Previous(forward.front()), nullptr);
    EXPECT_EQ(course.Next(forward.back()), nullptr);
    // the same file under another name is the same lesson; a scene outside the course has no neighbours
    const std::string second = FileName(course.lessons[1]);
    EXPECT_EQ(course.IndexOf((kScenes / "." / second).string()), 1);
    EXPECT_EQ(course.IndexOf((kScenes / "stress.json").string()), -1);
    EXPECT_EQ(course.Next((kScenes / "stress.json").string()), nullptr);
    EXPECT_EQ(course.Previous((kScenes / "stress.json").string()), nullptr);
    EXPECT_EQ(course.IndexOf(""), -1);
}

TEST(Course, AProblemOfTheCourseFileNamesTheLineAndKeepsTheLessonsBefore)
{
    const fs::path dir = fs::temp_directory_path() / ("hitlab_course_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    fs::copy_file(kScenes / "slab-2d-miss.json", dir / "a.json", fs::copy_options::overwrite_existing);
    std::ofstream(dir / "broken.json") << "{\"format\": \"hitlab-scene\"";
    auto course = [&](const std::string& text) {
        std::ofstream(dir / kCourseFile) << text;
        return LoadCourse(dir.string());
    };
    const std::string file = (dir / kCourseFile).string();
    Course c = course("# comment\n\n  a.json  \nmissing.json\n");
    EXPECT_EQ(c.lessons.size(), 1u);
    EXPECT_EQ(c.lessons[0].title, "The slab method in 2D: a miss");
    EXPECT_EQ(c.error.rfind(file + ":4: ", 0), 0u) << c.error;
    EXPECT_NE(c.error.find("missing.json: cannot open"), std::string::npos) << c.error;
    c = course("a.json\na.json\n");
    EXPECT_EQ(c.error, file + ":2: a.json is listed twice");
    EXPECT_EQ(c.lessons.size(), 1u);
    c = course("sub/a.json\n");
    EXPECT_EQ(c.error, file + ":1: expected a lesson file name of this directory (NAME.json), got \"sub/a.json\"");
    c = course("broken.json\n");
    EXPECT_EQ(c.error.rfind(file + ":1: ", 0), 0u) << c.error;
    EXPECT_TRUE(c.lessons.empty());
    fs::remove(dir / kCourseFile);
    EXPECT_EQ(LoadCourse(dir.string()).error, file + ": cannot open the course (the lessons in order)");
    fs::remove_all(dir);
}

TEST(ResultsTable, FloatRoundingIsMarkedAsRoundingAsTheReportSaysNotAsUnexplained)
{
    // ray-sphere-precision.json, far ray vs far-away small sphere in float: quadratic and glm hit
    // where the reference misses; both agree with it in double (hitlab report: "2 by rounding")
    const Scene scene = Lesson("ray-sphere-precision.json");
    SceneEvaluator eval;
    eval.Evaluate(scene);
    const std::vector<ResultsTable> tables = BuildResultsTables(scene, eval, true);
    ASSERT_EQ(tables.size(), 1u);
    // two rows: that one, and the tangent ray, where gjk_raycast stops within its float
    // tolerance (core/gjk_raycast.h): rounding as well
    ASSERT_EQ(tables[0].rows.size(), 2u);
    for (const ResultRow& row : tables[0].rows) {
        EXPECT_EQ(row.worst, Explanation::Rounding);
        EXPECT_EQ(row.mark, "rounding");
        EXPECT_FALSE(row.allExplained); // rounding is not a convention or a documented flaw
        EXPECT_NE(row.tooltip.find("float rounding"), std::string::npos);
    }
}

TEST(FamilyTable, AFarDifferenceIsShownAsTheDifferenceNotAsAnUlpCount)
{
    // ray-from-inside.json: the ray starts at the box's centre; slab_signs reports t_enter =
    // -0.78125 (the z slab's near plane behind the origin) where the reference says 0
    const Scene scene = Lesson("ray-from-inside.json");
    const SceneShape* ray = nullptr;
    const SceneShape* box = nullptr;
    for (const SceneShape& s : scene.Shapes()) {
        const std::string type = ShapeTypeName(s.shape);
        if (type == "ray") {
            ray = &s;
        } else if (type == "aabb") {
            box = &s;
        }
    }
    ASSERT_NE(ray, nullptr);
    ASSERT_NE(box, nullptr);
    const FamilyTable table = BuildFamilyTable(scene, SceneQuery{Family::RayAabb, ray->id, box->id}, Precision::Float);
    bool found = false;
    for (const FamilyRow& row : table.rows) {
        if (std::string(row.info->name) == "slab_signs") {
            found = true;
            EXPECT_EQ(row.first, "-0.78125");
            EXPECT_EQ(row.firstUlps, "-0.781 (far)");
            // the same verdict as the reference, another t_enter: a value disagreement, by convention
            EXPECT_TRUE(row.differs);
            EXPECT_EQ(row.fields, kFieldTEnter | kFieldPoint);
            EXPECT_EQ(row.explanation, Explanation::Convention);
            EXPECT_EQ(row.mark, "! t_enter, point");
            EXPECT_NE(row.reason.find("t_range: t > 0"), std::string::npos) << row.reason;
        }
    }
    EXPECT_TRUE(found);
}

TEST(ResultsTable, JudgeRowMarksTheCellsThatAreWrongAgainstTheExactAnswer)
{
    // ray-through-edge.json: both rays meet the unit box exactly on its edge x = 0, y = 0, a hit
    // for the closed box; face_planes misses them (its faces are open at their edges)
    const Scene scene = Lesson("ray-through-edge.json");
    SceneEvaluator eval;
    eval.Evaluate(scene);
    std::vector<ResultsTable> tables = BuildResultsTables(scene, eval);
    ASSERT_EQ(tables.size(), 1u);
    ASSERT_EQ(tables[0].rows.size(), 2u);
    for (size_t i = 0; i < tables[0].rows.size(); ++i) {
        ResultRow& row = tables[0].rows[i];
        EXPECT_FALSE(row.exactHit.has_value()); // judged only when shown
        JudgeRow(scene, eval, tables[0], i, row);
        ASSERT_TRUE(row.exactHit.has_value());
        EXPECT_TRUE(*row.exactHit);
        // judged again with the exact values: the judge agrees with the reference, the marks stay
        EXPECT_TRUE(row.disagree);
        // face_planes' miss; on one of the rays also gjk_raycast's normal at the edge (its last
        // separating direction, a known flaw)
        EXPECT_TRUE(row.symbol == "!" || row.symbol == "! normal") << row.symbol;
        for (size_t c = 0; c < row.cells.size(); ++c) {
            const std::string name(tables[0].columns[c]->name);
            EXPECT_EQ(row.cells[c].wrongVsExact, !row.cells[c].hit) << name;
            if (name == "slab") {
                EXPECT_FALSE(row.cells[c].wrongVsExact);
            }
            if (name == "face_planes") {
                EXPECT_TRUE(row.cells[c].wrongVsExact);
            }
        }
    }
}

TEST(FamilyTable, TheExactAnswerHeadsTheTableAndTheUlpsAreErrorsAgainstIt)
{
    // ray-through-edge.json, the first ray: origin (-1, -1, 0.25), direction (1, 1, 0.25) enters the
    // unit box at t = 1 (the edge) and leaves at t = 2: exact, representable
    const Scene scene = Lesson("ray-through-edge.json");
    SceneEvaluator eval;
    eval.Evaluate(scene);
    const SceneQuery q = eval.Queries().front().query;
    const FamilyTable table = BuildFamilyTable(scene, q, Precision::Float);
    ASSERT_TRUE(table.exact.valid);
    EXPECT_TRUE(table.exact.hit);
    EXPECT_EQ(table.exactFirst, "1");
    EXPECT_EQ(table.exactSecond, "2");
    for (const FamilyRow& row : table.rows) {
        EXPECT_EQ(row.wrongVsExact, !row.hit) << row.info->name;
        if (row.hit && !row.first.empty()) {
            EXPECT_EQ(row.firstUlps, "0") << row.info->name; // t = 1 exactly
            EXPECT_FALSE(row.firstOff);
        }
    }
}

TEST(ResultsTable, LazyTablesMakeTheSameRowsOnDemand)
{
    for (const char* lesson : {"segment-ends-on-face.json", "ray-from-inside.json", "aabb-touching.json"}) {
        SCOPED_TRACE(lesson);
        const Scene scene = Lesson(lesson);
        SceneEvaluator eval;
        eval.Evaluate(scene);
        for (bool filter : {false, true}) {
            const std::vector<ResultsTable> full = BuildResultsTables(scene, eval, filter);
            const std::vector<ResultsTable> lazy = BuildResultsTables(scene, eval, filter, true);
            ASSERT_EQ(full.size(), lazy.size());
            for (size_t t = 0; t < full.size(); ++t) {
                EXPECT_EQ(lazy[t].family, full[t].family);
                EXPECT_EQ(lazy[t].disagreements, full[t].disagreements);
                EXPECT_TRUE(lazy[t].rows.empty());
                ASSERT_EQ(lazy[t].queries, full[t].queries);
                ASSERT_EQ(full[t].rows.size(), full[t].queries.size());
                for (size_t r = 0; r < full[t].rows.size(); ++r) {
                    const ResultRow made = MakeResultRow(scene, eval, lazy[t], r);
                    EXPECT_EQ(made.label, full[t].rows[r].label);
                    EXPECT_EQ(made.tooltip, full[t].rows[r].tooltip);
                    EXPECT_EQ(made.mark, full[t].rows[r].mark);
                    EXPECT_EQ(made.query.a, eval.Queries()[lazy[t].queries[r]].query.a);
                }
            }
        }
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(PairLegend, OverlapPairsGetRolesAndTheNormalConventionCastsNeither)
{
    Scene scene;
    const ShapeId a = scene.Add(SceneShape{0, "thin bar", {1, 0, 0, 1}, true, Obb<double>{}});
    const ShapeId b = scene.Add(SceneShape{0, "flat bar", {1, 0, 0, 1}, true, Obb<double>{}});
    const PairLegend overlap = LegendOf(scene, SceneQuery{Family::ObbObb, a, b});
    EXPECT_EQ(overlap.a, "a: thin bar");
    EXPECT_EQ(overlap.b, "b: flat bar");
    EXPECT_TRUE(overlap.roles);
    EXPECT_EQ(overlap.convention,
              "the normal points from a to b: move b by +depth along it (or a by -depth) to separate them");
    const ShapeId ray = scene.Add(SceneShape{0, "ray", {1, 0, 0, 1}, true, Ray<double>{{0, 0, 0}, {1, 0, 0}}});
    const PairLegend cast = LegendOf(scene, SceneQuery{Family::RayObb, ray, b});
    EXPECT_FALSE(cast.roles);
    EXPECT_EQ(cast.convention, "");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
