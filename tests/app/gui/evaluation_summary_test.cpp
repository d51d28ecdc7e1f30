// What the window counts once per evaluation (app/gui/evaluation_summary.h): disagreements, the
// queries with a result overlay, the queries per family. No window.
#include "app/gui/evaluation_summary.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace {

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
    summary.Update(evaluation);
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
    summary.Update(evaluation);
    // the ray moves onto the high box's level: the next evaluation hits it instead
    SceneShape moved = *s.scene.Find(s.ray);
    moved.shape = Ray<double>{{-5.0, 9.5, -0.25}, {1.0, 0.1, 0.05}}; // enters at y = 9.9
    s.scene.Replace(moved);
    summary.Update(evaluation); // same evaluation: same lists
    ASSERT_EQ(summary.Drawable().size(), 1u);
    EXPECT_EQ(evaluation.Queries()[summary.Drawable()[0]].query.b, s.hitBox);
    evaluation.Update(s.scene);
    summary.Update(evaluation);
    ASSERT_EQ(summary.Drawable().size(), 1u);
    EXPECT_EQ(evaluation.Queries()[summary.Drawable()[0]].query.b, s.missBox);
}

TEST(EvaluationSummary, AnAxisAlignedRayCountsSlabListingsParallelMissAsADisagreement)
{
    // along +x the y and z components are zero: slab_listing's declared flaw (parallel: miss)
    // misses the box every other ray_aabb algorithm hits
    RayAndTwoBoxes s({-5.0, 0.0, 0.0}, {1.0, 0.0, 0.0});
    SceneEvaluator evaluation;
    evaluation.Evaluate(s.scene);
    EvaluationSummary summary;
    summary.Update(evaluation);
    EXPECT_EQ(summary.Disagreements(), 1u);
    ASSERT_EQ(summary.Drawable().size(), 1u); // the disagreement; the high box is missed by all
    EXPECT_EQ(evaluation.Queries()[summary.Drawable()[0]].query.b, s.hitBox);
}

} // namespace
} // namespace hitlab
