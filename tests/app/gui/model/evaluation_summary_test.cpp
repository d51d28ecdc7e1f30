// What the window counts once per evaluation (app/gui/model/evaluation_summary.h): disagreements, the
// queries with a result overlay, the queries per family. No window.
#include "app/gui/model/evaluation_summary.h"
#include "app/gui/model/external_session.h"
#include "app/gui/model/results_model.h"

#include "core/io/scene_file.h"
#include "support/x13_scene.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// A ray from (-5, -0.5, -0.25) along (1, 0.1, 0.05) (no zero component, so no algorithm's parallel
/// convention applies), a box it hits around the origin (entering at x = -1, y = -0.1, z = -0.05)
/// and a box 10 above it.
struct RayAndTwoBoxes {
    Scene scene;
    ShapeId ray = 0, hitBox = 0, missBox = 0;
    explicit RayAndTwoBoxes(glm::dvec3 origin = {-5.0, -0.5, -0.25}, glm::dvec3 direction = {1.0, 0.1, 0.05})
    {
        ray = scene.Add({0, "ray", {1, 1, 1, 1}, true, Ray<double>{origin, direction}});
        hitBox = scene.Add({0, "hit", {1, 1, 1, 1}, true, Aabb<double>{{-1.0, -1.0, -1.0}, {1.0, 1.0, 1.0}}});
        missBox = scene.Add({0, "miss", {1, 1, 1, 1}, true, Aabb<double>{{-1.0, 9.0, -1.0}, {1.0, 11.0, 1.0}}});
    }
};

TEST(EvaluationSummary, CountsTheQueriesAndListsOnlyTheHitAsDrawable)
{
    RayAndTwoBoxes s;
    SceneEvaluator evaluation;
    evaluation.Evaluate(s.scene);
    EvaluationSummary summary;
    summary.Update(s.scene, evaluation);
    EXPECT_EQ(summary.Disagreements(), 0u);
    EXPECT_EQ(summary.Counts()[size_t(Family::RayAabb)], 2);
    EXPECT_EQ(summary.Counts()[size_t(Family::AabbAabb)], 1); // the two boxes, apart: a miss
    // every algorithm misses the high box and the box pair: only the hit has an overlay
    ASSERT_EQ(summary.Drawable().size(), 1u);
    const SceneQuery& drawn = evaluation.Queries()[summary.Drawable()[0]].query;
    EXPECT_EQ(drawn.family, Family::RayAabb);
    EXPECT_EQ(drawn.b, s.hitBox);
}

TEST(EvaluationSummary, RecountsOnlyForANewEvaluation)
{
    RayAndTwoBoxes s;
    SceneEvaluator evaluation;
    evaluation.Evaluate(s.scene);
    EvaluationSummary summary;
    summary.Update(s.scene, evaluation);
    // the ray moves onto the high box's level: the next evaluation hits it instead
    SceneShape moved = *s.scene.Find(s.ray);
    moved.shape = Ray<double>{{-5.0, 9.5, -0.25}, {1.0, 0.1, 0.05}}; // enters at y = 9.9
    s.scene.Replace(moved);
    summary.Update(s.scene, evaluation); // same evaluation: same lists
    ASSERT_EQ(summary.Drawable().size(), 1u);
    EXPECT_EQ(evaluation.Queries()[summary.Drawable()[0]].query.b, s.hitBox);
    evaluation.Update(s.scene);
    summary.Update(s.scene, evaluation);
    ASSERT_EQ(summary.Drawable().size(), 1u);
    EXPECT_EQ(evaluation.Queries()[summary.Drawable()[0]].query.b, s.missBox);
}

// A moved shape recounts only its queries (SceneEvaluator::RecomputedSince), and the counts, the
// flags and the drawable list are those a full count of the new evaluation gives. The axis-aligned
// ray (0 in y and z) makes slab_listing's parallel miss a disagreement when it grazes a face.
TEST(EvaluationSummary, AMovedShapeRecountsItsQueriesToWhatAFullCountGives)
{
    RayAndTwoBoxes s({-5.0, 0.5, 0.5}, {1.0, 0.0, 0.0});
    SceneEvaluator evaluation;
    evaluation.Evaluate(s.scene);
    EvaluationSummary summary;
    summary.Update(s.scene, evaluation);
    ASSERT_EQ(summary.Drawable().size(), 1u);
    const std::uint64_t before = evaluation.Generation();
    // the hit box moves up so that the ray runs along its bottom face (y = 0.5): slab_listing's
    // parallel test misses it, the others hit; then far away: every algorithm misses
    for (const double y : {0.5, 100.0}) {
        SCOPED_TRACE("box at y " + std::to_string(y));
        SceneShape moved = *s.scene.Find(s.hitBox);
        moved.shape = Aabb<double>{{-1.0, y, -1.0}, {1.0, y + 2.0, 1.0}};
        s.scene.Replace(moved);
        const std::uint64_t previous = evaluation.Generation();
        ASSERT_EQ(evaluation.Update(s.scene), 2u); // ray x box, box x box
        const std::vector<size_t>* step = evaluation.RecomputedSince(previous);
        ASSERT_NE(step, nullptr);
        EXPECT_EQ(step->size(), 2u);
        summary.Update(s.scene, evaluation);
        EvaluationSummary full;
        full.Update(s.scene, evaluation);
        EXPECT_EQ(summary.Disagreements(), full.Disagreements());
        EXPECT_EQ(summary.Disagreements(Family::RayAabb), full.Disagreements(Family::RayAabb));
        EXPECT_EQ(summary.Drawable(), full.Drawable());
        for (size_t i = 0; i < evaluation.Queries().size(); ++i) {
            EXPECT_EQ(summary.Disagrees(i), full.Disagrees(i)) << "query " << i;
        }
    }
    EXPECT_EQ(summary.Disagreements(), 0u);
    EXPECT_TRUE(summary.Drawable().empty());
    EXPECT_EQ(evaluation.RecomputedSince(before), nullptr); // two steps ago: count everything
}

TEST(EvaluationSummary, AnAxisAlignedRayCountsSlabListingsParallelMissAsADisagreement)
{
    // along +x the y and z components are zero: slab_listing's declared flaw (parallel: miss)
    // misses the box every other ray_aabb algorithm hits
    RayAndTwoBoxes s({-5.0, 0.0, 0.0}, {1.0, 0.0, 0.0});
    SceneEvaluator evaluation;
    evaluation.Evaluate(s.scene);
    EvaluationSummary summary;
    summary.Update(s.scene, evaluation);
    EXPECT_EQ(summary.Disagreements(), 1u);
    ASSERT_EQ(summary.Drawable().size(), 1u); // the disagreement; the high box is missed by all
    EXPECT_EQ(evaluation.Queries()[summary.Drawable()[0]].query.b, s.hitBox);
}

TEST(EvaluationSummary, CountsThePluginsFailuresAndOtherVerdictsAsTheResultsTableDoes)
{
    // x13: slab alone runs, and hits both rays (the box [15, 17] x [-1, 1]^2 lies ahead of both);
    // the misbehaving plugin crashes on the ray from x = 13 and misses the one from x = 0. The
    // status box said "0 with disagreement" (built-in verdicts only) where the Results table
    // listed 2: now both read QueryDisagrees.
    setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("hitlab_evaluation_summary_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const SceneLoad load = LoadSceneFile(test::WriteX13Scene(dir, R"(["slab"])"));
    ASSERT_TRUE(load.Ok()) << load.error.what;
    const Scene& scene = *load.scene;
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    ExternalSession session;
    ASSERT_TRUE(session.Add({true, (std::filesystem::path(HITLAB_PLUGIN_DIR) / "misbehave.so").string()}));
    EvaluationSummary summary;
    summary.Update(scene, evaluation, &session); // nothing asked yet: the built-in slab alone agrees with itself
    EXPECT_EQ(summary.Disagreements(), 0u);
    session.Update(scene, evaluation, 0.0, true); // ask and publish
    summary.Update(scene, evaluation, &session);  // the same evaluation, new answers: recounted
    EXPECT_EQ(summary.Disagreements(), 2u);
    EXPECT_EQ(summary.Disagreements(Family::RayAabb), 2);
    EXPECT_EQ(summary.Disagreements(Family::AabbAabb), 0);
    const std::vector<ResultsTable> tables = BuildResultsTables(scene, evaluation, false, true, &session);
    ASSERT_EQ(tables.size(), 1u);
    EXPECT_EQ(tables[0].disagreements, summary.Disagreements(Family::RayAabb));
    const std::vector<ResultsTable> shown = BuildResultsTables(scene, evaluation, true, false, &session);
    ASSERT_EQ(shown.size(), 1u);
    ASSERT_EQ(shown[0].rows.size(), 2u); // the rows "disagreements only" lists
    EXPECT_EQ(shown[0].rows[0].cells.back().failure, "crashed");
    EXPECT_EQ(shown[0].rows[1].cells.back().text, "miss");
    summary.Update(scene, evaluation); // without the session: the built-in count again
    EXPECT_EQ(summary.Disagreements(), 0u);
    std::filesystem::remove_all(dir);
}

TEST(EvaluationSummary, CountsAPluginsValueDifferenceAsTheResultsRowMarksIt)
{
    // slab_exit hits where the reference hits but reports the exit, t = 6, as t_enter (the
    // reference enters at x = -1, t = 4): the same verdict, another value. Its Results row is marked
    // (t_enter differs); the count and the "disagreements only" filter say so too, where comparing
    // verdicts alone said 0.
    setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
    RayAndTwoBoxes s;
    SceneEvaluator evaluation;
    evaluation.Evaluate(s.scene);
    ExternalSession session;
    ASSERT_TRUE(session.Add({true, HITLAB_SLAB_EXIT_PLUGIN}));
    session.Update(s.scene, evaluation, 0.0, true);
    const QueryEvaluation* hit = evaluation.Find(s.ray, s.hitBox);
    ASSERT_NE(hit, nullptr);
    ASSERT_EQ(session.Outcomes(hit->query).size(), 1u);
    EXPECT_EQ(session.Outcomes(hit->query)[0].result.tEnter, 6.0);
    EXPECT_EQ(hit->Reference().tEnter, 4.0);
    EvaluationSummary summary;
    summary.Update(s.scene, evaluation, &session);
    EXPECT_EQ(summary.Disagreements(), 1u); // the hit box; both miss the high box
    EXPECT_EQ(summary.Disagreements(Family::RayAabb), 1);
    const std::vector<ResultsTable> shown = BuildResultsTables(s.scene, evaluation, true, false, &session);
    ASSERT_EQ(shown.size(), 2u); // ray_aabb and aabb_aabb (the two boxes), in protocol order
    ASSERT_EQ(shown[0].rows.size(), 1u);
    EXPECT_TRUE(shown[0].rows[0].disagree);
    EXPECT_NE(shown[0].rows[0].symbol.find("t_enter"), std::string::npos) << shown[0].rows[0].symbol;
    EXPECT_EQ(shown[0].disagreements, 1);
    EXPECT_TRUE(shown[1].rows.empty());
}

TEST(EvaluationSummary, APluginsAlgorithmWithoutTheFloatFunctionIsNotAskedAndCountsNothing)
{
    // the scene is float; slab_double_only has run_d only: not asked (its cells empty, drawn "-"),
    // where asking it made every float query of its plugin an error, slab_both's answers included
    setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
    RayAndTwoBoxes s;
    SceneEvaluator evaluation;
    evaluation.Evaluate(s.scene);
    ExternalSession session;
    ASSERT_TRUE(session.Add({true, HITLAB_DOUBLE_ONLY_PLUGIN}));
    session.Update(s.scene, evaluation, 0.0, true);
    EvaluationSummary summary;
    summary.Update(s.scene, evaluation, &session);
    EXPECT_EQ(summary.Disagreements(), 0u);
    const std::vector<ResultsTable> tables = BuildResultsTables(s.scene, evaluation, false, false, &session);
    ASSERT_EQ(tables.size(), 2u);
    const ResultsTable& rays = tables[0];
    ASSERT_EQ(rays.columns.size(), rays.builtinColumns + 2);
    EXPECT_EQ(rays.columns[rays.builtinColumns]->name, "slab_double_only");
    ASSERT_EQ(rays.rows.size(), 2u);
    for (const ResultRow& row : rays.rows) {
        EXPECT_EQ(row.cells[rays.builtinColumns].text, "");
        EXPECT_EQ(row.cells[rays.builtinColumns].failure, "");
        EXPECT_FALSE(row.disagree);
    }
    const bool firstIsHit = rays.rows[0].query.b == s.hitBox;
    EXPECT_EQ(rays.rows[firstIsHit ? 0 : 1].cells[rays.builtinColumns + 1].text, "hit  t 4"); // slab_both
    EXPECT_EQ(rays.rows[firstIsHit ? 1 : 0].cells[rays.builtinColumns + 1].text, "miss");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
