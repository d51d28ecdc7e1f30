// Tests of core/scene_eval.h beyond scene_test.cpp: the incremental update and the multi-threaded,
// in-place full evaluation give exactly the results of evaluating each query on its own, pairs of
// solids of the same type included; and the scene's ids stay unique at the end of the id range.
#include "core/scene.h"
#include "core/scene_eval.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <random>
#include <set>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// Bit for bit: +0 and -0 differ, a NaN equals the same NaN.
bool SameBits(double x, double y) { return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y); }
bool SameBits(const glm::dvec3& x, const glm::dvec3& y)
{
    return SameBits(x.x, y.x) && SameBits(x.y, y.y) && SameBits(x.z, y.z);
}

bool SameResult(const Result& x, const Result& y)
{
    return x.hit == y.hit && SameBits(x.tEnter, y.tEnter) && SameBits(x.tExit, y.tExit) && SameBits(x.point, y.point) &&
           SameBits(x.normal, y.normal) && x.hasNormal == y.hasNormal && SameBits(x.depth, y.depth) &&
           SameBits(x.contact, y.contact) && SameBits(x.separatingAxis, y.separatingAxis) &&
           x.hasSeparatingAxis == y.hasSeparatingAxis;
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
        const Comparison full = evaluation.ComparisonOf(qe);
        ExpectSameComparison(full, SceneEvaluator::EvaluateQuery(scene, queries[i]), "query " + std::to_string(i));
        // the summary kept for every query is the full comparison's
        EXPECT_EQ(qe.comparison.agree, full.agree) << "query " << i;
        EXPECT_TRUE(SameResult(qe.Reference(), full.reference)) << "query " << i;
        // and each result against the registry's single-query runner directly
        const Query q = scene.MakeQuery(queries[i]);
        const Precision precision = scene.Settings(q.family).precision;
        for (const AlgorithmOutcome& out : full.outcomes) {
            EXPECT_TRUE(SameResult(qe.ResultOf(out.info), out.result)) << "query " << i << " " << out.info->name;
            EXPECT_TRUE(SameResult(out.result, hitlab::Run(*out.info, q, precision)))
                << "query " << i << " " << out.info->name;
        }
        EXPECT_TRUE(SameResult(qe.Reference(), hitlab::Run(ReferenceAlgorithm(q.family), q, precision)))
            << "query " << i;
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

/// Every shape type of the protocol, so that every family has queries: boxes, spheres and oriented
/// boxes on a small grid (touching and overlapping neighbours), rays and segments through them
/// (some axis-parallel, some starting inside), and planes through grid lines.
Scene MixedScene(int solids, int casts, unsigned seed)
{
    Scene scene;
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> cell(-4, 4), half(1, 4), kind(0, 2);
    for (int i = 0; i < solids; ++i) {
        const glm::dvec3 c{cell(rng) * 0.5, cell(rng) * 0.5, cell(rng) * 0.5};
        const glm::dvec3 h{half(rng) * 0.25, half(rng) * 0.25, half(rng) * 0.25};
        SceneShape s;
        switch (i % 3) {
        case 0:
            s.shape = Aabb<double>{c - h, c + h};
            break;
        case 1:
            s.shape = Sphere<double>{c, h.x};
            break;
        default: // turned about z by the 3-4-5 angle, or axis-aligned
            s.shape = kind(rng) == 0
                          ? Obb<double>{c, h}
                          : Obb<double>{c, h, {glm::dvec3{0.6, 0.8, 0}, glm::dvec3{-0.8, 0.6, 0}, glm::dvec3{0, 0, 1}}};
        }
        scene.Add(std::move(s));
    }
    for (int i = 0; i < casts; ++i) {
        const glm::dvec3 start{cell(rng) * 0.5, cell(rng) * 0.5, cell(rng) * 0.5};
        // every third direction has zero components (parallel to slabs)
        const glm::dvec3 d = i % 3 == 0 ? glm::dvec3{0, 0, cell(rng) < 0 ? -1.0 : 1.0}
                                        : glm::dvec3{cell(rng) * 0.125, cell(rng) * 0.125, half(rng) * 0.5};
        SceneShape s;
        if (i % 2 == 0) {
            s.shape = Ray<double>{start, d};
        } else {
            s.shape = Segment<double>{start, start + 4.0 * d};
        }
        scene.Add(std::move(s));
    }
    SceneShape floor;
    floor.shape = Plane<double>{{0, 1, 0}, -1.0};
    scene.Add(floor);
    SceneShape tilted;
    tilted.shape = Plane<double>{{1, 1, 0}, 0.5};
    scene.Add(tilted);
    // triangles with vertices on a quarter grid (edges shared by neighbours, some flat on a box's
    // face), and a mesh of a quad split on its diagonal
    for (int i = 0; i < 6; ++i) {
        SceneShape t;
        const glm::dvec3 v0{cell(rng) * 0.25, cell(rng) * 0.25, cell(rng) * 0.25};
        t.shape =
            Triangle<double>{{v0, v0 + glm::dvec3(cell(rng) * 0.5, 0, 0.5), v0 + glm::dvec3(0, 1, cell(rng) * 0.25)}};
        scene.Add(std::move(t));
    }
    SceneShape quad;
    quad.shape = Mesh<double>{MakeMeshData({{-1, -1, 0.5}, {1, -1, 0.5}, {1, 1, 0.5}, {-1, 1, 0.5}},
                                           {{{0, 2, 1}}, {{0, 3, 2}}})}; // facing -z: most rays rise into it
    scene.Add(quad);
    for (int i = 0; i < 5; ++i) { // convex clouds on a quarter grid: touching, apart, overlapping
        SceneShape c;
        std::vector<glm::dvec3> points;
        const glm::dvec3 centre{cell(rng) * 0.125, cell(rng) * 0.125, cell(rng) * 0.125};
        for (int k = 0; k < 3 + i; ++k) {
            points.push_back(centre + glm::dvec3(cell(rng) * 0.5, cell(rng) * 0.5, cell(rng) * 0.5));
        }
        c.shape = Convex<double>{MakeConvexData(std::move(points))};
        scene.Add(std::move(c));
    }
    SceneShape fan; // four triangles around the vertex (0, 0, 1)
    fan.shape = Mesh<double>{MakeMeshData({{0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {-1, 0, 0}, {0, -1, 0}},
                                          {{{0, 1, 2}}, {{0, 2, 3}}, {{0, 3, 4}}, {{0, 4, 1}}})};
    scene.Add(fan);
    // points on a quarter grid (many on faces, edges and corners of the solids), and every other
    // one at a solid's centre (a box's, a sphere's, an oriented box's in turn: inside)
    for (int i = 0; i < casts; ++i) {
        SceneShape p;
        const glm::dvec3 grid{cell(rng) * 0.25, cell(rng) * 0.25, cell(rng) * 0.25};
        p.shape = Point<double>{
            i % 2 == 0 || solids == 0 ? grid : *ShapeCenter(scene.Shapes()[static_cast<size_t>(i % solids)].shape)};
        scene.Add(std::move(p));
    }
    return scene;
}

TEST(SceneEvaluation, BatchesGiveEveryAlgorithmsSingleQueryResultBitForBit)
{
    // RunBatch over each family's scene queries against Run on each query, for every algorithm,
    // in float and double: the shapes shared through one table, the queries in scene order.
    const Scene scene = MixedScene(30, 12, 21);
    const std::vector<SceneQuery> queries = scene.Queries();
    std::vector<Shape> shapes;
    std::vector<FloatShape> floatShapes;
    for (const SceneShape& shape : scene.Shapes()) {
        shapes.push_back(shape.shape);
        floatShapes.push_back(ToFloat(shape.shape));
    }
    for (Family family : AllFamilies()) {
        std::vector<ShapePair> pairs;
        std::vector<Query> single;
        for (const SceneQuery& q : queries) {
            if (q.family == family) {
                pairs.push_back(
                    {static_cast<std::uint32_t>(scene.IndexOf(q.a)), static_cast<std::uint32_t>(scene.IndexOf(q.b))});
                single.push_back(scene.MakeQuery(q));
            }
        }
        ASSERT_GE(pairs.size(), 10u) << FamilyName(family);
        const QueryBatch batch{shapes, floatShapes, pairs};
        for (const AlgorithmInfo* info : AlgorithmsOf(family)) {
            for (Precision precision : {Precision::Float, Precision::Double}) {
                std::vector<PackedResult<float>> floats(precision == Precision::Float ? pairs.size() : 0);
                std::vector<PackedResult<double>> doubles(precision == Precision::Double ? pairs.size() : 0);
                RunBatch(*info, batch, precision, BatchResults{floats, doubles});
                int hits = 0;
                for (size_t i = 0; i < pairs.size(); ++i) {
                    const Result out = precision == Precision::Float ? Widen(floats[i]) : Widen(doubles[i]);
                    EXPECT_TRUE(SameResult(out, hitlab::Run(*info, single[i], precision)))
                        << FamilyName(family) << "/" << info->name
                        << (precision == Precision::Float ? " float" : " double") << " query " << i;
                    hits += out.hit ? 1 : 0;
                }
                EXPECT_GT(hits, 0) << FamilyName(family) << "/" << info->name;
            }
        }
    }
}

TEST(SceneEvaluation, EveryFamilyInBothPrecisionsMatchesQueryByQuery)
{
    // the batched evaluation (families interleaved within a chunk, shared shape tables) against
    // each query's own evaluation through Run, with disagreements and their explanations
    Scene scene = MixedScene(45, 20, 5);
    for (Precision precision : {Precision::Float, Precision::Double}) {
        for (Family family : AllFamilies()) {
            scene.Settings(family).precision = precision;
        }
        scene.TouchSettings();
        SceneEvaluator evaluation;
        evaluation.Evaluate(scene);
        ExpectMatchesQueryByQuery(scene, evaluation);
        const bool explained = std::any_of(evaluation.Queries().begin(), evaluation.Queries().end(),
                                           [](const QueryEvaluation& e) { return !e.comparison.agree; });
        EXPECT_TRUE(explained) << "the scene has disagreements to explain";
    }
    // one family in float and the others in double, on the same shapes
    scene.Settings(Family::RayAabb).precision = Precision::Float;
    scene.TouchSettings();
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    ExpectMatchesQueryByQuery(scene, evaluation);
}

TEST(SceneEvaluation, ReevaluatingAfterAPrecisionChangeRewritesEveryResult)
{
    // the second evaluation reuses the first's storage (and scratch): every value that changes
    // (float to double) is rewritten
    Scene scene = MixedScene(24, 10, 8);
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    for (Family family : AllFamilies()) {
        scene.Settings(family).precision = Precision::Double;
    }
    scene.TouchSettings();
    EXPECT_EQ(evaluation.Update(scene), scene.Queries().size());
    ExpectMatchesQueryByQuery(scene, evaluation);
    // and back, with an algorithm turned off (fewer outcomes per query)
    for (Family family : AllFamilies()) {
        scene.Settings(family).precision = Precision::Float;
    }
    scene.Settings(Family::RayAabb).enabled.pop_back();
    scene.TouchSettings();
    evaluation.Update(scene);
    ExpectMatchesQueryByQuery(scene, evaluation);
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

TEST(SceneEvaluation, AnotherSceneWithTheSameIdsAndRevisionsIsEvaluatedFromItsOwnShapes)
{
    // built the same way, so its shapes have the same ids and revisions, at other places
    const Scene first = GridScene(12, 4, 7);
    const Scene second = GridScene(12, 4, 8);
    ASSERT_EQ(first.Shapes().back().id, second.Shapes().back().id);
    ASSERT_EQ(first.RevisionAt(3), second.RevisionAt(3));
    SceneEvaluator evaluation;
    evaluation.Evaluate(first);
    evaluation.Evaluate(second);
    ExpectMatchesQueryByQuery(second, evaluation);
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

/// Every field of two evaluations' comparisons, results bit for bit.
void ExpectIdenticalEvaluations(const SceneEvaluator& x, const SceneEvaluator& y)
{
    ASSERT_EQ(x.Queries().size(), y.Queries().size());
    for (size_t i = 0; i < x.Queries().size(); ++i) {
        const Comparison cx = x.ComparisonOf(x.Queries()[i]);
        const Comparison cy = y.ComparisonOf(y.Queries()[i]);
        EXPECT_EQ(x.Queries()[i].detail == nullptr, y.Queries()[i].detail == nullptr) << i;
        const std::string where = "query " + std::to_string(i);
        ASSERT_EQ(x.Queries()[i].query.a, y.Queries()[i].query.a) << where;
        ASSERT_EQ(x.Queries()[i].query.b, y.Queries()[i].query.b) << where;
        ExpectSameComparison(cx, cy, where);
        EXPECT_EQ(cx.referenceNote, cy.referenceNote) << where;
        EXPECT_EQ(cx.situation.originInside, cy.situation.originInside) << where;
        EXPECT_EQ(cx.situation.boundaryOnly, cy.situation.boundaryOnly) << where;
        EXPECT_EQ(cx.situation.behind, cy.situation.behind) << where;
        EXPECT_EQ(cx.situation.parallelAxis, cy.situation.parallelAxis) << where;
        EXPECT_TRUE(SameBits(cx.situation.margin, cy.situation.margin)) << where;
        EXPECT_TRUE(SameBits(cx.situation.directionLength, cy.situation.directionLength)) << where;
        for (size_t g = 0; g < std::min(cx.groups.size(), cy.groups.size()); ++g) {
            EXPECT_EQ(cx.groups[g].hit, cy.groups[g].hit) << where;
            EXPECT_EQ(cx.groups[g].members, cy.groups[g].members) << where;
        }
        for (size_t k = 0; k < std::min(cx.outcomes.size(), cy.outcomes.size()); ++k) {
            EXPECT_EQ(cx.outcomes[k].differs, cy.outcomes[k].differs) << where;
        }
    }
}

TEST(SceneEvaluation, OneThreadAndSeveralGiveTheSameBits)
{
    // every family, the float ones and (second round) double: 1 thread against 2, 3 and 4
    // (chunks handed out in turn, so each run splits the queries differently)
    Scene scene = MixedScene(45, 30, 11);
    for (int round = 0; round < 2; ++round) {
        SceneEvaluator one;
        one.SetThreads(1);
        const size_t queries = one.Evaluate(scene);
        EXPECT_GT(queries, 4u * 256u);
        size_t disagreeing = 0;
        for (const QueryEvaluation& qe : one.Queries()) {
            disagreeing += qe.comparison.agree ? 0 : 1;
        }
        EXPECT_GT(disagreeing, 0u); // the slow path (Explain with its reasons) is compared too
        for (unsigned threads : {2u, 3u, 4u}) {
            SCOPED_TRACE("threads " + std::to_string(threads) + ", round " + std::to_string(round));
            SceneEvaluator several;
            several.SetThreads(threads);
            EXPECT_EQ(several.Evaluate(scene), queries);
            ExpectIdenticalEvaluations(one, several);
            several.Evaluate(scene); // again, in the storage and on the workers of the first
            ExpectIdenticalEvaluations(one, several);
        }
        for (Family family : AllFamilies()) {
            scene.Settings(family).precision =
                scene.Settings(family).precision == Precision::Float ? Precision::Double : Precision::Float;
        }
        scene.TouchSettings();
    }
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

TEST(SceneEvaluation, TheQueryListFollowsPairsTheSolidPairSwitchAndShapeTypes)
{
    // the evaluator keeps its query list while what Scene::Queries() reads is unchanged: each
    // change here must give the scene's new list
    Scene scene = GridScene(8, 3, 5); // 8 solids (28 pairs) and 3 rays (24 casts)
    SceneEvaluator evaluation;
    ASSERT_EQ(evaluation.Evaluate(scene), 28u + 24u);
    const ShapeId box = scene.Shapes()[0].id, sphere = scene.Shapes()[1].id;
    scene.SetPairEnabled(box, sphere, false);
    evaluation.Update(scene);
    EXPECT_EQ(evaluation.Queries().size(), 51u);
    EXPECT_EQ(evaluation.Find(box, sphere), nullptr);
    ExpectMatchesQueryByQuery(scene, evaluation);
    scene.SetSolidPairsEnabled(false);
    evaluation.Update(scene);
    EXPECT_EQ(evaluation.Queries().size(), 24u);
    ExpectMatchesQueryByQuery(scene, evaluation);
    scene.SetSolidPairsEnabled(true);
    scene.SetPairEnabled(box, sphere, true);
    evaluation.Update(scene);
    EXPECT_EQ(evaluation.Queries().size(), 52u);
    ExpectMatchesQueryByQuery(scene, evaluation);
    // the first box becomes a ray under the same id: its 7 solid pairs and the 3 casts at it give
    // way to 7 casts from it
    SceneShape turned = scene.Shapes()[0];
    turned.shape = Ray<double>{{0.125, 0.25, -4.0}, {0.0, 0.0, 1.0}};
    scene.Replace(turned);
    evaluation.Update(scene);
    EXPECT_EQ(evaluation.Queries().size(), 52u - 7u - 3u + 7u);
    ExpectMatchesQueryByQuery(scene, evaluation);
    // another scene whose shapes have the same ids in the same order, one of another type
    Scene other = GridScene(8, 3, 5);
    evaluation.Evaluate(other);
    EXPECT_EQ(evaluation.Queries().size(), 52u);
    ExpectMatchesQueryByQuery(other, evaluation);
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

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
