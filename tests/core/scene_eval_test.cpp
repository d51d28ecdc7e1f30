// Tests of core/scene_eval.h beyond scene_test.cpp: the incremental update and the multi-threaded,
// in-place full evaluation give exactly the results of evaluating each query on its own, pairs of
// solids of the same type included; and the scene's ids stay unique at the end of the id range.
#include "core/scene.h"
#include "core/scene_eval.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <limits>
#include <random>
#include <set>

namespace hitlab {
namespace {

bool SameResult(const Result& x, const Result& y)
{
    return x.hit == y.hit && x.tEnter == y.tEnter && x.tExit == y.tExit && x.point == y.point && x.normal == y.normal &&
           x.hasNormal == y.hasNormal && x.depth == y.depth && x.contact == y.contact &&
           x.separatingAxis == y.separatingAxis && x.hasSeparatingAxis == y.hasSeparatingAxis;
}

void ExpectSameComparison(const Comparison& x, const Comparison& y, const std::string& where)
{
    ASSERT_EQ(x.outcomes.size(), y.outcomes.size()) << where;
    EXPECT_TRUE(SameResult(x.reference, y.reference)) << where;
    EXPECT_EQ(x.agree, y.agree) << where;
    EXPECT_EQ(x.allExplained, y.allExplained) << where;
    EXPECT_EQ(x.groups.size(), y.groups.size()) << where;
    for (size_t i = 0; i < x.outcomes.size(); ++i) {
        EXPECT_EQ(x.outcomes[i].info, y.outcomes[i].info) << where;
        EXPECT_TRUE(SameResult(x.outcomes[i].result, y.outcomes[i].result)) << where << " " << x.outcomes[i].info->name;
        EXPECT_EQ(x.outcomes[i].explanation, y.outcomes[i].explanation) << where;
        EXPECT_EQ(x.outcomes[i].reason, y.outcomes[i].reason) << where;
        EXPECT_EQ(x.outcomes[i].group, y.outcomes[i].group) << where;
    }
}

/// Every query of the evaluation against the same query evaluated alone.
void ExpectMatchesQueryByQuery(const Scene& scene, const SceneEvaluator& evaluation)
{
    const std::vector<SceneQuery> queries = scene.Queries();
    ASSERT_EQ(evaluation.Queries().size(), queries.size());
    for (size_t i = 0; i < queries.size(); ++i) {
        const QueryEvaluation& qe = evaluation.Queries()[i];
        ASSERT_EQ(qe.query.a, queries[i].a);
        ASSERT_EQ(qe.query.b, queries[i].b);
        ExpectSameComparison(qe.comparison, SceneEvaluator::EvaluateQuery(scene, queries[i]), "query " + std::to_string(i));
    }
}

/// Boxes, spheres and rays on a small grid with touching and overlapping neighbours (exact
/// binary fractions, so boundary cases and disagreements occur).
Scene GridScene(int solids, int rays, unsigned seed)
{
    Scene scene;
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> cell(-4, 4), half(1, 4);
    for (int i = 0; i < solids; ++i) {
        const glm::dvec3 c{cell(rng) * 0.5, cell(rng) * 0.5, cell(rng) * 0.5};
        SceneShape s;
        if (i % 2 == 0) {
            const glm::dvec3 h{half(rng) * 0.25, half(rng) * 0.25, half(rng) * 0.25};
            s.shape = Aabb<double>{c - h, c + h};
        } else {
            s.shape = Sphere<double>{c, half(rng) * 0.25};
        }
        scene.Add(std::move(s));
    }
    for (int i = 0; i < rays; ++i) {
        SceneShape s;
        s.shape = Ray<double>{{cell(rng) * 0.5, cell(rng) * 0.5, -4.0}, {cell(rng) * 0.125, cell(rng) * 0.125, 1.0}};
        scene.Add(std::move(s));
    }
    return scene;
}

TEST(SceneEvaluation, MovingABoxUpdatesEveryPairItIsIn)
{
    Scene scene = GridScene(12, 4, 7);
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    // the third box is `a` of its pairs with later boxes and `b` of its pairs with earlier ones
    SceneShape moved = scene.Shapes()[4];
    ASSERT_TRUE(std::holds_alternative<Aabb<double>>(moved.shape));
    auto& box = std::get<Aabb<double>>(moved.shape);
    box.min += glm::dvec3(0.5, 0.25, 0);
    box.max += glm::dvec3(0.5, 0.25, 0);
    scene.Replace(moved);
    EXPECT_EQ(evaluation.Update(scene), scene.QueriesOf(moved.id).size());
    ExpectMatchesQueryByQuery(scene, evaluation);
}

TEST(SceneEvaluation, QueriesOfUsesTheSameOrderAsQueries)
{
    const Scene scene = GridScene(10, 3, 11);
    const std::vector<SceneQuery> all = scene.Queries();
    for (const SceneShape& shape : scene.Shapes()) {
        for (const SceneQuery& q : scene.QueriesOf(shape.id)) {
            const bool listed = std::any_of(all.begin(), all.end(), [&](const SceneQuery& x) {
                return x.a == q.a && x.b == q.b && x.family == q.family;
            });
            EXPECT_TRUE(listed) << "query " << q.a << "-" << q.b << " of shape " << shape.id;
        }
    }
}

TEST(SceneEvaluation, ALargeSceneEvaluatedOnThreadsMatchesQueryByQuery)
{
    Scene scene = GridScene(60, 40, 3); // 1770 solid pairs + 2400 casts: above the threading threshold
    SceneEvaluator evaluation;
    EXPECT_GT(evaluation.Evaluate(scene), 4096u);
    ExpectMatchesQueryByQuery(scene, evaluation);
    // a second evaluation reuses the storage and gives the same
    scene.Settings(Family::RayAabb).precision = Precision::Double;
    scene.TouchSettings();
    evaluation.Update(scene);
    ExpectMatchesQueryByQuery(scene, evaluation);
}

TEST(SceneEvaluation, AddingAndRemovingShapesKeepsEveryOtherResult)
{
    Scene scene = GridScene(8, 3, 5);
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    SceneShape extra;
    extra.shape = Sphere<double>{{0.25, 0.25, 0.25}, 0.5};
    const ShapeId id = scene.Add(extra);
    evaluation.Update(scene);
    ExpectMatchesQueryByQuery(scene, evaluation);
    scene.Remove(scene.Shapes()[1].id);
    evaluation.Update(scene);
    ExpectMatchesQueryByQuery(scene, evaluation);
    EXPECT_NE(scene.Find(id), nullptr);
}

TEST(SceneEvaluation, SolidPairsOffLeavesOnlyCasts)
{
    Scene scene = GridScene(8, 3, 9);
    scene.SetSolidPairsEnabled(false);
    for (const SceneQuery& q : scene.Queries()) {
        EXPECT_TRUE(IsCast(q.family));
    }
    EXPECT_EQ(scene.Queries().size(), 8u * 3u);
    for (const SceneShape& s : scene.Shapes()) {
        for (const SceneQuery& q : scene.QueriesOf(s.id)) {
            EXPECT_TRUE(IsCast(q.family));
        }
    }
}

TEST(SceneShapes, IdsStayUniqueAfterTheLargestId)
{
    Scene scene;
    SceneShape s;
    s.id = std::numeric_limits<ShapeId>::max() - 1;
    scene.Add(s);
    s.id = 0;
    std::set<ShapeId> ids;
    for (int i = 0; i < 4; ++i) {
        ids.insert(scene.Add(s));
    }
    ids.insert(std::numeric_limits<ShapeId>::max() - 1);
    EXPECT_EQ(ids.size(), 5u);
    EXPECT_EQ(ids.count(0), 0u);
    for (ShapeId id : ids) {
        EXPECT_NE(scene.Find(id), nullptr) << id;
    }
}

} // namespace
} // namespace hitlab
