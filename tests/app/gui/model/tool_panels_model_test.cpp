// The Hunt and Timing panels' GL-free logic (app/gui/model/hunt_model.h, timing_model.h): the
// defaults a scene gives the Hunt panel, the options it makes, a real hunt on the worker thread,
// loading a counterexample into a scene as one undoable step, and the timing session.
#include "app/gui/model/hunt_model.h"
#include "app/gui/model/lessons.h"
#include "app/gui/model/timing_model.h"

#include "core/io/scene_file.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

namespace hitlab {
namespace HITLAB_UNITY_ID {

Scene LoadLesson(const std::string& name)
{
    const SceneLoad load = LoadSceneFile(LessonDirectory() + "/" + name);
    EXPECT_TRUE(load.Ok()) << load.error;
    return load.Ok() ? *load.scene : Scene{};
}

/// The scene's first disagreeing query, as the panels focus it when a lesson opens.
std::optional<SceneQuery> FirstDisagreement(const SceneEvaluator& evaluation)
{
    for (const QueryEvaluation& qe : evaluation.Queries()) {
        if (!qe.comparison.agree) {
            return qe.query;
        }
    }
    return std::nullopt;
}

SceneShape Shape_(Shape shape)
{
    SceneShape s;
    s.shape = std::move(shape);
    return s;
}

TEST(HuntModel, DefaultsComeFromTheFocusedPair)
{
    // ray-through-edge: the ray entering through the edge (2) and the box (1), where face_planes misses
    const Scene scene = LoadLesson("ray-through-edge.json");
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    const std::optional<SceneQuery> focused = FirstDisagreement(evaluation);
    ASSERT_TRUE(focused);
    EXPECT_EQ(focused->a, 2u);
    EXPECT_EQ(focused->b, 1u);
    const HuntChoices c = DefaultHuntChoices(scene, evaluation, focused);
    EXPECT_EQ(c.family, Family::RayAabb);
    EXPECT_EQ(c.a, "face_planes");
    EXPECT_EQ(c.b, "");
    EXPECT_EQ(c.precision, Precision::Float);
    EXPECT_TRUE(c.around);
    EXPECT_EQ(ValidateHuntChoices(c, scene, focused), IoError{});

    const HuntOptions o = MakeHuntOptions(c, scene, focused);
    ASSERT_TRUE(o.around);
    EXPECT_EQ(std::get<Ray<double>>(o.around->a).origin, glm::dvec3(-1, -1, 0.25));
    EXPECT_EQ(std::get<Aabb<double>>(o.around->b).max, glm::dvec3(1, 1, 1));
    EXPECT_EQ(o.a, "face_planes");
    EXPECT_EQ(o.maxCounterexamples, 5u);
    EXPECT_EQ(o.valueUlps, kValueUlps); // values compared by default, as `hitlab hunt`
    EXPECT_EQ(o.threads, 0u);           // one per core, as `hitlab hunt`
    EXPECT_EQ(HuntThreads(o), std::size_t(std::max(1u, std::thread::hardware_concurrency())));
    HuntChoices two = c;
    two.threads = 2;
    EXPECT_EQ(MakeHuntOptions(two, scene, focused).threads, 2u);
    two.threads = kMaxHuntThreads + 1;
    EXPECT_EQ(ValidateHuntChoices(two, scene, focused).where, "threads");
    HuntChoices values = c;
    values.valueUlps = 8;
    EXPECT_EQ(MakeHuntOptions(values, scene, focused).valueUlps, 8.0);
    values.valueUlps = -1;
    EXPECT_EQ(ValidateHuntChoices(values, scene, focused).where, "ulps");

    // another family: its defaults, and no pair of it to hunt around
    const HuntChoices s = DefaultHuntChoices(scene, evaluation, focused, Family::RaySphere);
    EXPECT_EQ(s.family, Family::RaySphere);
    EXPECT_FALSE(s.around);
    EXPECT_EQ(s.a, "quadratic"); // the first after the reference
    EXPECT_FALSE(MakeHuntOptions(s, scene, focused).around);
    // sphere_sphere: its reference, then gjk_epa and mpr (core/gjk_register.cpp): a is the first after it
    EXPECT_EQ(DefaultHuntChoices(scene, evaluation, focused, Family::SphereSphere).a, "gjk_epa");
}

TEST(HuntModel, DefaultsWithoutAFocusedPair)
{
    Scene empty;
    SceneEvaluator none;
    none.Evaluate(empty);
    const HuntChoices c = DefaultHuntChoices(empty, none, std::nullopt);
    EXPECT_EQ(c.family, Family::RayAabb);
    EXPECT_EQ(c.a, "slab_branchless"); // the first algorithm after the reference
    EXPECT_FALSE(c.around);

    // a ray and a sphere: the scene's only family; its drawn algorithm when that is not the reference
    Scene spheres;
    spheres.Add(Shape_(Ray<double>{{-3, 0, 0}, {1, 0, 0}}));
    spheres.Add(Shape_(Sphere<double>{{0, 0, 0}, 1}));
    FamilySettings& settings = spheres.Settings(Family::RaySphere);
    settings.drawn = FindAlgorithm(Family::RaySphere, "glm");
    settings.precision = Precision::Double;
    SceneEvaluator evaluation;
    evaluation.Evaluate(spheres);
    const HuntChoices s = DefaultHuntChoices(spheres, evaluation, std::nullopt);
    EXPECT_EQ(s.family, Family::RaySphere);
    EXPECT_EQ(s.a, "glm");
    EXPECT_EQ(s.precision, Precision::Double);
}

TEST(HuntModel, InvalidChoicesSayWhy)
{
    const Scene scene = LoadLesson("ray-through-edge.json");
    HuntChoices c;
    c.a = "face_planes";
    c.b = "face_planes";
    EXPECT_EQ(ValidateHuntChoices(c, scene, std::nullopt),
              (IoError{"b", "the same algorithm as a: choose another b, or the exact judge"}));
    c.b = "nope";
    EXPECT_NE(ErrorText(ValidateHuntChoices(c, scene, std::nullopt)).find("b: unknown algorithm \"nope\""),
              std::string::npos);
    c.b = "";
    c.maxSeconds = -1;
    EXPECT_EQ(ValidateHuntChoices(c, scene, std::nullopt), (IoError{"seconds", "must be 0 (no limit) or more"}));
    c.maxSeconds = 1;
    c.around = true;
    c.maxCounterexamples = 0;
    EXPECT_EQ(ValidateHuntChoices(c, scene, std::nullopt), (IoError{"max", "ask for at least one counterexample"}));
    c.maxCounterexamples = 1;
    // "around" without a focused pair of the family is ignored, not refused
    EXPECT_EQ(ValidateHuntChoices(c, scene, std::nullopt), IoError{});
    EXPECT_FALSE(MakeHuntOptions(c, scene, std::nullopt).around);
    EXPECT_FALSE(MakeHuntOptions(c, scene, SceneQuery{Family::RaySphere, 2, 1}).around);
    EXPECT_FALSE(MakeHuntOptions(c, scene, SceneQuery{Family::RayAabb, 2, 99}).around); // shape gone
    EXPECT_TRUE(MakeHuntOptions(c, scene, SceneQuery{Family::RayAabb, 2, 1}).around);
}

TEST(HuntModel, FractionIsTheLargerShareOfTheLimits)
{
    HuntOptions o;
    o.maxCases = 1000000;
    o.maxSeconds = 5;
    HuntProgress p;
    p.cases = 250000;
    p.seconds = 1;
    EXPECT_DOUBLE_EQ(HuntFraction(p, o), 0.25);
    p.seconds = 4;
    EXPECT_DOUBLE_EQ(HuntFraction(p, o), 0.8);
    p.cases = 3000000;
    EXPECT_DOUBLE_EQ(HuntFraction(p, o), 1.0);
    o.maxCases = 0;
    o.maxSeconds = 0;
    EXPECT_DOUBLE_EQ(HuntFraction(p, o), -1.0);
}

TEST(HuntModel, HuntFindsACounterexampleAndLoadingItIsOneUndoableStep)
{
    HuntOptions o;
    o.family = Family::RayAabb;
    o.a = "face_planes";
    o.b = ""; // the exact judge
    o.precision = Precision::Double;
    o.maxSeconds = 0.5;
    o.maxCases = 0;
    o.maxCounterexamples = 3;
    HuntSession session;
    ASSERT_EQ(session.Start(o), IoError{});
    EXPECT_TRUE(session.Running());
    EXPECT_TRUE(session.Poll(true));
    EXPECT_FALSE(session.Running());
    ASSERT_TRUE(session.Report());
    ASSERT_FALSE(session.Report()->counterexamples.empty());
    EXPECT_GT(session.Progress().cases, 0u);
    const Counterexample& cx = session.Report()->counterexamples.front();

    // a scene running only the reference, in float: loading turns on face_planes and double
    Scene scene = LoadLesson("ray-through-edge.json");
    FamilySettings only;
    only.enabled = {&ReferenceAlgorithm(Family::RayAabb)};
    only.drawn = only.enabled.front();
    only.precision = Precision::Float;
    scene.Settings(Family::RayAabb) = only;
    History history;
    const std::optional<SceneQuery> pair = LoadCounterexample(scene, history, cx, o);
    ASSERT_TRUE(pair);
    EXPECT_EQ(pair->family, Family::RayAabb);
    EXPECT_EQ(pair->a, 4u);
    EXPECT_EQ(pair->b, 5u);
    ASSERT_EQ(scene.Shapes().size(), 5u);
    EXPECT_EQ(scene.Find(4)->name, "counterexample ray 1");
    EXPECT_EQ(scene.Find(5)->name, "counterexample box 1");
    EXPECT_EQ(std::get<Ray<double>>(scene.Find(4)->shape).origin, std::get<Ray<double>>(cx.query.a).origin);
    EXPECT_EQ(std::get<Aabb<double>>(scene.Find(5)->shape).min, std::get<Aabb<double>>(cx.query.b).min);
    const FamilySettings& after = scene.Settings(Family::RayAabb);
    ASSERT_EQ(after.enabled.size(), 2u);
    EXPECT_EQ(after.enabled[1]->name, "face_planes");
    EXPECT_EQ(after.precision, Precision::Double);
    EXPECT_EQ(history.UndoLabel(), "Load counterexample");

    // the scene evaluates the new pair
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    EXPECT_NE(evaluation.Find(pair->a, pair->b), nullptr);

    // one undo removes both shapes and restores the settings; redo brings them back with their ids
    ASSERT_TRUE(history.Undo(scene));
    EXPECT_EQ(scene.Shapes().size(), 3u);
    EXPECT_EQ(scene.Find(4), nullptr);
    EXPECT_EQ(scene.Find(5), nullptr);
    EXPECT_EQ(scene.Settings(Family::RayAabb).enabled.size(), 1u);
    EXPECT_EQ(scene.Settings(Family::RayAabb).precision, Precision::Float);
    EXPECT_FALSE(history.CanUndo());
    ASSERT_TRUE(history.Redo(scene));
    EXPECT_EQ(scene.Shapes().size(), 5u);
    EXPECT_NE(scene.Find(4), nullptr);
    EXPECT_NE(scene.Find(5), nullptr);

    // loading it again: new ids, the next free names, and no settings change this time
    const std::optional<SceneQuery> again = LoadCounterexample(scene, history, cx, o);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->a, 6u);
    EXPECT_EQ(scene.Find(6)->name, "counterexample ray 2");
    ASSERT_TRUE(history.Undo(scene));
    EXPECT_EQ(scene.Shapes().size(), 5u);
    EXPECT_EQ(scene.Settings(Family::RayAabb).precision, Precision::Double);

    EXPECT_EQ(CounterexampleFileName(o, 2), "ray_aabb-face_planes-exact-1-2.json");
}

TEST(HuntModel, SameTypePairsGetDistinctNames)
{
    Counterexample cx;
    cx.query = {Family::SphereSphere, Sphere<double>{{0, 0, 0}, 1}, Sphere<double>{{2, 0, 0}, 1}};
    HuntOptions o;
    o.family = Family::SphereSphere;
    o.a = std::string(AlgorithmsOf(Family::SphereSphere).back()->name);
    Scene scene;
    History history;
    const std::optional<SceneQuery> pair = LoadCounterexample(scene, history, cx, o);
    ASSERT_TRUE(pair);
    EXPECT_EQ(scene.Find(pair->a)->name, "counterexample sphere 1");
    EXPECT_EQ(scene.Find(pair->b)->name, "counterexample sphere 2");
}

TEST(HuntModel, CancelStopsTheHunt)
{
    // the reference against the exact judge in double, within the protocol's tolerance, finds
    // nothing (10^7 cases were tried): with no limits only Cancel can end it. (slab_signs here made
    // the test flaky: its counterexamples could end the hunt before Cancel.)
    HuntOptions o;
    o.a = "slab";
    o.precision = Precision::Double;
    o.tolerance = 1e-9;
    o.maxSeconds = 0;
    o.maxCases = 0;
    o.maxCounterexamples = 1000000;
    HuntSession session;
    ASSERT_EQ(session.Start(o), IoError{});
    session.Cancel();
    ASSERT_TRUE(session.Poll(true));
    EXPECT_TRUE(session.Report()->cancelled);
    HuntOptions bad = o;
    bad.b = bad.a;
    EXPECT_EQ(session.Start(bad).where, "b");
    EXPECT_FALSE(session.Running());
}

/// A report of a hunt that drew cases, left notJudged of them unjudged (why) and found found.
HuntReport Ran(std::uint64_t cases, std::uint64_t notJudged, std::size_t found, const std::string& why = "")
{
    HuntReport r;
    r.progress.cases = cases;
    r.progress.notJudged = notJudged;
    r.progress.disagreements = found;
    r.counterexamples.resize(found);
    r.notJudgedWhy = why;
    return r;
}

TEST(HuntModel, NoneFoundOnlyWhenEveryDrawnCaseWasJudged)
{
    const std::string why = "the program had not answered them by the time limit plus one answer timeout";
    EXPECT_EQ(HuntOutcomeText(Ran(24512, 0, 0)), "No disagreement found in 24512 cases.");
    EXPECT_EQ(HuntOutcomeText(Ran(64, 55, 0, why)), "Inconclusive: 55 of 64 cases not judged (" + why + ").");
    EXPECT_EQ(HuntOutcomeText(Ran(0, 0, 0)), "Inconclusive: no case was drawn.");
    EXPECT_EQ(HuntOutcomeText(Ran(64, 0, 2)), ""); // the list says what was found
    EXPECT_EQ(HuntOutcomeText(Ran(64, 40, 2, why)), "40 of 64 cases not judged (" + why + ").");

    const nlohmann::json none = HuntReportJson(Ran(24512, 0, 0));
    EXPECT_EQ(none["status"], "none found");
    EXPECT_EQ(none["cases"], 24512);
    EXPECT_EQ(none["judged"], 24512);
    EXPECT_EQ(none["not_judged"], 0);
    EXPECT_EQ(none["not_judged_why"], "");
    const nlohmann::json inconclusive = HuntReportJson(Ran(64, 55, 0, why));
    EXPECT_EQ(inconclusive["status"], "inconclusive");
    EXPECT_EQ(inconclusive["cases"], 64);
    EXPECT_EQ(inconclusive["judged"], 9);
    EXPECT_EQ(inconclusive["not_judged"], 55);
    EXPECT_EQ(inconclusive["not_judged_why"], why);
    EXPECT_EQ(inconclusive["counterexamples"], 0);
    const nlohmann::json found = HuntReportJson(Ran(64, 40, 2, why));
    EXPECT_EQ(found["status"], "found");
    EXPECT_EQ(found["counterexamples"], 2);
    EXPECT_EQ(found["not_judged"], 40);
}

TEST(HuntModel, ABuiltInHuntJudgesEveryCaseItDraws)
{
    // the reference against the exact judge, within the protocol's tolerance: none found, and
    // every case it counts was judged
    HuntOptions o;
    o.a = "slab";
    o.precision = Precision::Double;
    o.tolerance = 1e-9;
    o.maxSeconds = 0;
    o.maxCases = 5000;
    o.threads = 2;
    HuntSession session;
    ASSERT_EQ(session.Start(o), IoError{});
    ASSERT_TRUE(session.Poll(true));
    const HuntReport& report = *session.Report();
    EXPECT_GE(report.progress.cases, 5000u);
    EXPECT_EQ(report.progress.notJudged, 0u);
    EXPECT_EQ(HuntOutcomeText(report), "No disagreement found in " + std::to_string(report.progress.cases) + " cases.");
    EXPECT_EQ(HuntReportJson(report)["status"], "none found");
}

TEST(TimingModel, MeasuresTheScenesFamiliesOnAWorkerThread)
{
    Scene scene;
    scene.Add(Shape_(Ray<double>{{-1, 0.5, 0.5}, {1, 0, 0}}));
    scene.Add(Shape_(Aabb<double>{{0, 0, 0}, {1, 1, 1}}));
    TimingOptions o;
    o.rounds = 2;
    o.workload = 64;
    TimingSession session;
    EXPECT_EQ(session.Start({}, o, 7), "the scene has no queries: add a ray and a box, or two solids");
    EXPECT_FALSE(session.Running());
    ASSERT_EQ(session.Start(SceneQueries(scene), o, 7), "");
    ASSERT_TRUE(session.Poll(true));
    const std::optional<TimingReport>& r = session.Report();
    ASSERT_TRUE(r);
    EXPECT_FALSE(r->cancelled);
    EXPECT_EQ(r->generation, 7u);
    EXPECT_EQ(r->queries, 1u);
    ASSERT_EQ(r->families.size(), 1u);
    EXPECT_EQ(r->families[0].family, Family::RayAabb);
    EXPECT_EQ(r->families[0].algorithms.size(), AlgorithmsOf(Family::RayAabb).size());
    EXPECT_DOUBLE_EQ(session.Progress(), 1.0);

    // cancelled at once: stops early, and says so
    o.rounds = 1000;
    o.workload = 1 << 18;
    ASSERT_EQ(session.Start(SceneQueries(scene), o, 8), "");
    session.Cancel();
    ASSERT_TRUE(session.Poll(true));
    EXPECT_TRUE(session.Report()->cancelled);
}

TEST(TimingModel, BarsAreMediansOverTheSlowest)
{
    FamilyTiming f;
    f.algorithms.resize(3);
    f.algorithms[0].medianNs = 2;
    f.algorithms[1].medianNs = 8;
    f.algorithms[2].medianNs = 1;
    EXPECT_EQ(MedianBars(f), (std::vector<double>{0.25, 1.0, 0.125}));
    for (AlgorithmTiming& a : f.algorithms) {
        a.medianNs = 0;
    }
    EXPECT_EQ(MedianBars(f), (std::vector<double>{0, 0, 0}));
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
