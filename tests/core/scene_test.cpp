// Tests of core/scene.h, core/scene_eval.h and core/commands.h.
#include "core/commands.h"
#include "core/scene.h"
#include "core/scene_eval.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

SceneShape Make(std::string name, Shape shape)
{
    SceneShape s;
    s.name = std::move(name);
    s.shape = std::move(shape);
    return s;
}

// A ray, a segment, a box, a sphere, a plane and an oriented box.
Scene SmallScene()
{
    Scene scene;
    scene.Add(Make("ray", Ray<double>{{-3, 0.5, 0.5}, {1, 0, 0}}));             // id 1
    scene.Add(Make("segment", Segment<double>{{-3, 0.5, 0.5}, {0, 0.5, 0.5}})); // id 2
    scene.Add(Make("box", Aabb<double>{{0, 0, 0}, {1, 1, 1}}));                 // id 3
    scene.Add(Make("sphere", Sphere<double>{{1.5, 0.5, 0.5}, 1}));              // id 4
    scene.Add(Make("plane", Plane<double>{{1, 0, 0}, 4}));                      // id 5
    scene.Add(Make("obb", Obb<double>{{0, 5, 0}}));                             // id 6
    return scene;
}

TEST(SceneQueries, DefaultQueriesPairEveryCastWithEverySolidAFamilyCovers)
{
    const Scene scene = SmallScene();
    const std::vector<SceneQuery> queries = scene.Queries();
    // ray x {box, sphere, plane, obb} = 4; segment x box = 1; box x sphere (sphere_aabb) = 1;
    // box x obb, sphere x obb, plane x solids: no family.
    ASSERT_EQ(queries.size(), 6u);
    EXPECT_EQ(queries[0].family, Family::RayAabb);
    EXPECT_EQ(queries[4].family, Family::SegmentAabb);
    // sphere_aabb puts the sphere first, whatever the scene's order
    EXPECT_EQ(queries[5].family, Family::SphereAabb);
    EXPECT_EQ(queries[5].a, 4u);
    EXPECT_EQ(queries[5].b, 3u);
    EXPECT_EQ(scene.QueriesOf(3).size(), 3u); // ray, segment, sphere
}

// Queries() lists each pair once, the earlier shape's first, in the order of the shapes; QueriesOf
// finds a shape's queries by a scan of every other shape, so the two must list the same queries.
TEST(SceneQueries, QueriesAreEachShapesQueriesWithTheLaterShapesInOrder)
{
    for (const bool solidPairs : {true, false}) {
        Scene scene;
        const Shape kinds[] = {Aabb<double>{},    Ray<double>{}, Sphere<double>{}, Point<double>{},
                               Segment<double>{}, Obb<double>{}, Plane<double>{}};
        for (int i = 0; i < 150; ++i) {
            scene.Add(Make("s", kinds[(i * 5 + i / 7) % 7])); // every type, in no particular order
        }
        scene.SetSolidPairsEnabled(solidPairs);
        scene.SetPairEnabled(scene.Shapes()[1].id, scene.Shapes()[2].id, false);
        std::vector<SceneQuery> expected;
        for (size_t i = 0; i < scene.Shapes().size(); ++i) {
            for (const SceneQuery& q : scene.QueriesOf(scene.Shapes()[i].id)) {
                const ShapeId other = q.a == scene.Shapes()[i].id ? q.b : q.a;
                if (scene.IndexOf(other) > int(i)) {
                    expected.push_back(q);
                }
            }
        }
        const std::vector<SceneQuery> queries = scene.Queries();
        ASSERT_EQ(queries.size(), expected.size()) << "solid pairs " << solidPairs;
        for (size_t k = 0; k < queries.size(); ++k) {
            ASSERT_TRUE(queries[k].family == expected[k].family && queries[k].a == expected[k].a &&
                        queries[k].b == expected[k].b)
                << "query " << k;
        }
    }
}

TEST(SceneQueries, DisabledPairIsLeftOut)
{
    Scene scene = SmallScene();
    scene.SetPairEnabled(3, 1, false);
    EXPECT_FALSE(scene.IsPairEnabled(1, 3));
    EXPECT_EQ(scene.Queries().size(), 5u);
    scene.SetPairEnabled(1, 3, true);
    EXPECT_EQ(scene.Queries().size(), 6u);
}

TEST(SceneShapes, IdsAreStableAndNeverReusedAfterRemoval)
{
    Scene scene = SmallScene();
    ASSERT_TRUE(scene.Remove(6).has_value());
    EXPECT_FALSE(scene.Remove(6).has_value());
    const ShapeId id = scene.Add(Make("again", Sphere<double>{}));
    EXPECT_EQ(id, 7u);
    EXPECT_EQ(scene.IndexOf(id), 5);
}

TEST(SceneShapes, RenameDoesNotChangeTheGeometryRevision)
{
    Scene scene = SmallScene();
    const auto before = scene.Revision(3);
    SceneShape box = *scene.Find(3);
    box.name = "renamed";
    ASSERT_TRUE(scene.Replace(box));
    EXPECT_EQ(scene.Revision(3), before);
    std::get<Aabb<double>>(box.shape).max.x = 2;
    ASSERT_TRUE(scene.Replace(box));
    EXPECT_GT(scene.Revision(3), before);
}

TEST(SceneEvaluation, EvaluatesEveryQueryWithEveryEnabledAlgorithm)
{
    const Scene scene = SmallScene();
    SceneEvaluator evaluator;
    EXPECT_EQ(evaluator.Evaluate(scene), 6u);
    const QueryEvaluation* rayBox = evaluator.Find(1, 3);
    ASSERT_NE(rayBox, nullptr);
    EXPECT_EQ(evaluator.ComparisonOf(*rayBox).outcomes.size(), AlgorithmsOf(Family::RayAabb).size());
    EXPECT_TRUE(rayBox->Reference().hit);
    EXPECT_EQ(rayBox->Reference().tEnter, 3.0);
    EXPECT_EQ(rayBox->Reference().tExit, 4.0);
    // the axis-parallel ray trips the published listing: a disagreement, explained, so its full
    // comparison is kept, and each algorithm's result is its own
    EXPECT_FALSE(rayBox->comparison.agree);
    ASSERT_NE(rayBox->detail, nullptr);
    int missing = 0;
    for (const AlgorithmOutcome& o : evaluator.ComparisonOf(*rayBox).outcomes) {
        EXPECT_EQ(rayBox->ResultOf(o.info).hit, o.result.hit) << o.info->name;
        missing += o.result.hit ? 0 : 1;
    }
    EXPECT_GT(missing, 0);
    // the plane x = 4 is hit at t = 7
    const QueryEvaluation* rayPlane = evaluator.Find(5, 1);
    ASSERT_NE(rayPlane, nullptr);
    EXPECT_EQ(rayPlane->Reference().tEnter, 7.0);
}

TEST(SceneEvaluation, MovingOneShapeRecomputesOnlyItsQueries)
{
    Scene scene = SmallScene();
    SceneEvaluator evaluator;
    evaluator.Evaluate(scene);
    SceneShape sphere = *scene.Find(4);
    std::get<Sphere<double>>(sphere.shape).center = {10, 10, 10};
    scene.Replace(sphere);
    EXPECT_EQ(evaluator.Update(scene), 2u); // ray x sphere, sphere x box
    EXPECT_FALSE(evaluator.Find(1, 4)->Reference().hit);
    EXPECT_FALSE(evaluator.Find(4, 3)->Reference().hit);
    EXPECT_EQ(evaluator.Update(scene), 0u);
}

TEST(SceneEvaluation, SettingsChangeRecomputesEverything)
{
    Scene scene = SmallScene();
    SceneEvaluator evaluator;
    evaluator.Evaluate(scene);
    FamilySettings settings = scene.Settings(Family::RayAabb);
    settings.enabled = {&ReferenceAlgorithm(Family::RayAabb)};
    scene.Settings(Family::RayAabb) = settings;
    scene.TouchSettings();
    EXPECT_EQ(evaluator.Update(scene), 6u);
    EXPECT_EQ(evaluator.ComparisonOf(*evaluator.Find(1, 3)).outcomes.size(), 1u);
    EXPECT_TRUE(evaluator.Find(1, 3)->comparison.agree);
    // the reference alone agrees with itself bit for bit: only the summary is kept
    EXPECT_EQ(evaluator.Find(1, 3)->detail, nullptr);
    EXPECT_EQ(evaluator.Find(1, 3)->ResultOf(&ReferenceAlgorithm(Family::RayAabb)).tEnter, 3.0);
}

TEST(SceneEvaluation, TraceOfTheDrawnAlgorithm)
{
    const Scene scene = SmallScene();
    const SceneQuery q{Family::RayAabb, 1, 3};
    const Trace trace = SceneEvaluator::TraceOf(scene, q, ReferenceAlgorithm(Family::RayAabb));
    EXPECT_FALSE(trace.steps.empty());
    EXPECT_FALSE(trace.verdict.empty());
}

TEST(Commands, UndoRedoOfAddRemoveAndChange)
{
    Scene scene = SmallScene();
    History history;
    ASSERT_TRUE(history.Execute(scene, AddShapeCommand(Make("new box", Aabb<double>{}))));
    EXPECT_EQ(scene.Shapes().size(), 7u);
    const ShapeId added = scene.Shapes().back().id;
    SceneShape moved = *scene.Find(3);
    std::get<Aabb<double>>(moved.shape).min.x = -1;
    ASSERT_TRUE(history.Execute(scene, ChangeShapeCommand(scene, moved, "Move")));
    EXPECT_EQ(history.UndoLabel(), "Move " + moved.name); // the command adds the name: callers pass only the verb
    ASSERT_TRUE(history.Execute(scene, RemoveShapeCommand(2)));
    EXPECT_EQ(scene.Find(2), nullptr);

    ASSERT_TRUE(history.Undo(scene)); // segment back, at its place
    EXPECT_EQ(scene.IndexOf(2), 1);
    ASSERT_TRUE(history.Undo(scene)); // box back
    EXPECT_EQ(std::get<Aabb<double>>(scene.Find(3)->shape).min.x, 0.0);
    ASSERT_TRUE(history.Undo(scene)); // added box gone
    EXPECT_EQ(scene.Find(added), nullptr);
    EXPECT_FALSE(history.Undo(scene));

    ASSERT_TRUE(history.Redo(scene));
    EXPECT_NE(scene.Find(added), nullptr); // same id on redo
    ASSERT_TRUE(history.Redo(scene));
    EXPECT_EQ(std::get<Aabb<double>>(scene.Find(3)->shape).min.x, -1.0);
}

TEST(Commands, ADragMergesIntoOneStep)
{
    Scene scene = SmallScene();
    History history;
    const std::uint64_t drag = 42;
    for (int step = 1; step <= 10; ++step) {
        SceneShape s = *scene.Find(4);
        std::get<Sphere<double>>(s.shape).center.x = 1.5 + step;
        ASSERT_TRUE(history.Execute(scene, ChangeShapeCommand(scene, s, "Move"), drag));
    }
    history.CloseGroup();
    EXPECT_EQ(std::get<Sphere<double>>(scene.Find(4)->shape).center.x, 11.5);
    ASSERT_TRUE(history.Undo(scene));
    EXPECT_EQ(std::get<Sphere<double>>(scene.Find(4)->shape).center.x, 1.5);
    EXPECT_FALSE(history.CanUndo());
}

TEST(Commands, RemovingAShapeRestoresItsDisabledPairsOnUndo)
{
    Scene scene = SmallScene();
    History history;
    scene.SetPairEnabled(1, 3, false);
    ASSERT_TRUE(history.Execute(scene, RemoveShapeCommand(3)));
    ASSERT_TRUE(history.Undo(scene));
    EXPECT_FALSE(scene.IsPairEnabled(1, 3));
}

TEST(Commands, ChangingAVanishedShapeDoesNotApply)
{
    Scene scene = SmallScene();
    History history;
    SceneShape ghost = Make("ghost", Sphere<double>{});
    ghost.id = 99;
    EXPECT_FALSE(history.Execute(scene, ChangeShapeCommand(scene, ghost)));
    EXPECT_FALSE(history.CanUndo());
}

TEST(ShapeNamer, GivesWhatDefaultShapeNameGivesOneAfterAnother)
{
    Scene scene;
    SceneShape named;
    named.name = "box 2"; // taken before any default name
    named.shape = Aabb<double>{};
    scene.Add(named);
    ShapeNamer namer(scene);
    const std::vector<std::string_view> types{"aabb", "aabb", "sphere", "obb", "aabb", "sphere"};
    const std::vector<std::string> expected{"box 1", "box 3", "sphere 1", "oriented box 1", "box 5", "sphere 2"};
    for (size_t i = 0; i < types.size(); ++i) {
        EXPECT_EQ(DefaultShapeName(scene, types[i]), expected[i]) << i; // the scan, as the scene is now
        EXPECT_EQ(namer.Next(types[i]), expected[i]) << i;
        SceneShape shape;
        shape.name = expected[i];
        scene.Add(shape);
        if (i == 1) {
            namer.Take("box 4"); // a shape with its own name in between
            shape.name = "box 4";
            scene.Add(shape);
        }
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(SceneEvaluation, GenerationChangesOnlyWhenResultsMayHaveChanged)
{
    Scene scene = SmallScene();
    SceneEvaluator evaluator;
    evaluator.Evaluate(scene);
    const auto first = evaluator.Generation();
    EXPECT_EQ(evaluator.Update(scene), 0u);
    EXPECT_EQ(evaluator.Generation(), first);
    SceneShape sphere = *scene.Find(4);
    std::get<Sphere<double>>(sphere.shape).radius = 2;
    scene.Replace(sphere);
    evaluator.Update(scene);
    EXPECT_NE(evaluator.Generation(), first);
    // a second evaluator never reuses a generation
    SceneEvaluator other;
    other.Evaluate(scene);
    EXPECT_NE(other.Generation(), evaluator.Generation());
}
} // namespace HITLAB_UNITY_ID
} // namespace hitlab
