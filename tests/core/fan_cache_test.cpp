// Tests of the scene's ray fans (core/scene.h SceneFan), their undoable commands (core/commands.h)
// and FanCache (core/fan_cache.h): a fan is recomputed exactly when an input of its last
// computation changed, never because Update ran again.
#include "core/commands.h"
#include "core/fan_cache.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// A unit box (id 1), a ray (id 2) and a fan (id 1) aimed at the box from z = -5.
Scene BoxAndFan(int n = 16)
{
    Scene scene;
    SceneShape box;
    box.name = "box";
    box.shape = Aabb<double>{{0, 0, 0}, {1, 1, 1}};
    scene.Add(box);
    SceneShape ray;
    ray.name = "ray";
    ray.shape = Ray<double>{{-2, 0.5, 0.5}, {1, 0, 0}};
    scene.Add(ray);
    SceneFan fan;
    fan.name = "fan";
    fan.origin = {0.5, 0.5, -5};
    fan.target = 1;
    fan.n = n;
    scene.AddFan(fan);
    return scene;
}

TEST(SceneFans, AddFindReplaceRemoveKeepIdsAndOrder)
{
    Scene scene = BoxAndFan();
    ASSERT_EQ(scene.Fans().size(), 1u);
    EXPECT_EQ(scene.Fans()[0].id, 1u);
    SceneFan second;
    second.target = 1;
    second.id = 1; // in use: a fresh id
    EXPECT_EQ(scene.AddFan(second), 2u);
    SceneFan first;
    first.id = 7;
    first.target = 1;
    EXPECT_EQ(scene.AddFan(first, 0), 7u);
    ASSERT_EQ(scene.Fans().size(), 3u);
    EXPECT_EQ(scene.Fans()[0].id, 7u);
    EXPECT_EQ(scene.FanIndexOf(2), 2);
    EXPECT_EQ(scene.NextFanId(), 8u);
    SceneFan changed = *scene.FindFan(2);
    changed.n = 300;
    EXPECT_TRUE(scene.ReplaceFan(changed));
    EXPECT_EQ(scene.FindFan(2)->n, 300);
    changed.id = 99;
    EXPECT_FALSE(scene.ReplaceFan(changed));
    EXPECT_EQ(scene.RemoveFan(7)->id, 7u);
    EXPECT_FALSE(scene.RemoveFan(7).has_value());
    EXPECT_EQ(scene.FindFan(7), nullptr);
    EXPECT_TRUE(IsFanTarget(Plane<double>{}));
    EXPECT_FALSE(IsFanTarget(Segment<double>{}));
}

TEST(FanCommands, AddChangeRemoveUndoRedo)
{
    Scene scene = BoxAndFan();
    History history;
    SceneFan fan;
    fan.name = "second fan";
    fan.target = 1;
    ASSERT_TRUE(history.Execute(scene, AddFanCommand(fan)));
    EXPECT_EQ(history.UndoLabel(), "Add second fan");
    ASSERT_EQ(scene.Fans().size(), 2u);
    EXPECT_EQ(scene.Fans()[1].id, 2u);

    // a drag: many changes in one merge group are one undo step
    SceneFan moved = *scene.FindFan(1);
    for (int i = 1; i <= 5; ++i) {
        moved.origin.x = 0.5 + i;
        history.Execute(scene, ChangeFanCommand(scene, moved, "Move"), 42);
    }
    EXPECT_EQ(scene.FindFan(1)->origin.x, 5.5);
    EXPECT_EQ(history.UndoLabel(), "Move fan");
    ASSERT_TRUE(history.Undo(scene));
    EXPECT_EQ(scene.FindFan(1)->origin.x, 0.5);
    ASSERT_TRUE(history.Redo(scene));
    EXPECT_EQ(scene.FindFan(1)->origin.x, 5.5);

    ASSERT_TRUE(history.Execute(scene, RemoveFanCommand(1)));
    EXPECT_EQ(history.UndoLabel(), "Delete fan");
    ASSERT_EQ(scene.Fans().size(), 1u);
    EXPECT_FALSE(history.Execute(scene, RemoveFanCommand(1))); // gone: does not apply
    ASSERT_TRUE(history.Undo(scene));
    ASSERT_EQ(scene.Fans().size(), 2u);
    EXPECT_EQ(scene.Fans()[0].id, 1u); // back at its place
    EXPECT_EQ(scene.Fans()[0].origin.x, 5.5);
    ASSERT_TRUE(history.Undo(scene)); // the move
    ASSERT_TRUE(history.Undo(scene)); // the add
    ASSERT_EQ(scene.Fans().size(), 1u);
}

TEST(FanCommands, RemovingTheTargetRemovesItsFansUntilUndo)
{
    Scene scene = BoxAndFan();
    SceneFan other;
    other.target = 1;
    scene.AddFan(other); // id 2
    History history;
    ASSERT_TRUE(history.Execute(scene, RemoveShapeCommand(1)));
    EXPECT_TRUE(scene.Fans().empty());
    ASSERT_TRUE(history.Undo(scene));
    ASSERT_EQ(scene.Fans().size(), 2u);
    EXPECT_EQ(scene.Fans()[0].id, 1u);
    EXPECT_EQ(scene.Fans()[1].id, 2u);
    ASSERT_TRUE(history.Redo(scene));
    EXPECT_TRUE(scene.Fans().empty());
    // removing another shape leaves the fans alone
    ASSERT_TRUE(history.Undo(scene));
    ASSERT_TRUE(history.Execute(scene, RemoveShapeCommand(2)));
    EXPECT_EQ(scene.Fans().size(), 2u);
}

TEST(FanInputs, FromTheSceneSettingsOrWhyNot)
{
    Scene scene = BoxAndFan();
    FamilySettings settings = scene.Settings(Family::RayAabb);
    settings.enabled = {FindAlgorithm(Family::RayAabb, "slab"), FindAlgorithm(Family::RayAabb, "face_planes")};
    settings.precision = Precision::Double;
    scene.Settings(Family::RayAabb) = settings;
    std::string why;
    const auto in = FanInputsOf(scene, *scene.FindFan(1), &why);
    ASSERT_TRUE(in.has_value()) << why;
    EXPECT_EQ(in->algorithms, settings.enabled);
    EXPECT_EQ(in->precision, Precision::Double);
    EXPECT_EQ(in->n, 16);
    EXPECT_TRUE(std::holds_alternative<Aabb<double>>(in->target));

    SceneFan bad = *scene.FindFan(1);
    bad.target = 2;
    EXPECT_FALSE(FanInputsOf(scene, bad, &why));
    EXPECT_EQ(why, "ray is a ray; a fan aims at an aabb, sphere, obb or plane");
    bad.target = 9;
    EXPECT_FALSE(FanInputsOf(scene, bad, &why));
    EXPECT_EQ(why, "target shape 9 is not in the scene");
    bad.target = 1;
    bad.n = 0;
    EXPECT_FALSE(FanInputsOf(scene, bad, &why));
    EXPECT_EQ(why, "n must be 1..1024, got 0");
    scene.Settings(Family::RayAabb).enabled.clear();
    EXPECT_FALSE(FanInputsOf(scene, *scene.FindFan(1), &why));
    EXPECT_EQ(why, "no ray_aabb algorithm is enabled");
}

TEST(FanCache, RecomputesOnlyWhenAnInputChanged)
{
    Scene scene = BoxAndFan();
    FanCache cache;
    cache.threads = 1;
    EXPECT_EQ(cache.Update(scene), 1);
    const FanCache::Entry* e = cache.Find(1);
    ASSERT_NE(e, nullptr);
    ASSERT_TRUE(e->error.empty()) << e->error;
    EXPECT_EQ(e->fan.samples.size(), 256u);
    EXPECT_EQ(e->stats.allHit + e->stats.allMiss + e->stats.disagree, 256u);
    const std::uint64_t revision = e->revision;

    // nothing changed: no computation, however often Update runs
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(cache.Update(scene), 0);
    }
    EXPECT_EQ(cache.Computations(), 1u);
    EXPECT_EQ(cache.Find(1)->revision, revision);

    // a change of something the fan does not use (another shape, another family) recomputes nothing
    SceneShape ray = *scene.Find(2);
    ray.shape = Ray<double>{{-3, 0.5, 0.5}, {1, 0, 0}};
    scene.Replace(ray);
    scene.Settings(Family::RaySphere).precision = Precision::Double;
    scene.TouchSettings();
    EXPECT_EQ(cache.Update(scene), 0);
    // a renamed target (same value) neither
    SceneShape box = *scene.Find(1);
    box.name = "renamed";
    scene.Replace(box);
    EXPECT_EQ(cache.Update(scene), 0);

    // each input: the target's value, the origin, n, the algorithms, the precision
    box.shape = Aabb<double>{{0, 0, 0}, {2, 1, 1}};
    scene.Replace(box);
    EXPECT_EQ(cache.Update(scene), 1);
    SceneFan fan = *scene.FindFan(1);
    fan.origin.z = -6;
    scene.ReplaceFan(fan);
    EXPECT_EQ(cache.Update(scene), 1);
    fan.n = 8;
    scene.ReplaceFan(fan);
    EXPECT_EQ(cache.Update(scene), 1);
    EXPECT_EQ(cache.Find(1)->fan.samples.size(), 64u);
    scene.Settings(Family::RayAabb).enabled = {FindAlgorithm(Family::RayAabb, "slab")};
    EXPECT_EQ(cache.Update(scene), 1);
    EXPECT_EQ(cache.Find(1)->fan.algorithms.size(), 1u);
    scene.Settings(Family::RayAabb).precision = Precision::Double;
    EXPECT_EQ(cache.Update(scene), 1);
    EXPECT_EQ(cache.Update(scene), 0);
    EXPECT_EQ(cache.Computations(), 6u);
    EXPECT_GT(cache.Find(1)->revision, revision);

    // disabled: kept as it was, not recomputed while its inputs change; enabling catches up
    fan.enabled = false;
    fan.n = 4;
    scene.ReplaceFan(fan);
    EXPECT_EQ(cache.Update(scene), 0);
    EXPECT_EQ(cache.Find(1)->fan.samples.size(), 64u);
    fan.enabled = true;
    scene.ReplaceFan(fan);
    EXPECT_EQ(cache.Update(scene), 1);
    EXPECT_EQ(cache.Find(1)->fan.samples.size(), 16u);

    // a removed fan is forgotten
    scene.RemoveFan(1);
    EXPECT_EQ(cache.Update(scene), 0);
    EXPECT_EQ(cache.Find(1), nullptr);
}

TEST(FanCache, ABrokenFanShowsWhyAndRecoversWhenFixed)
{
    Scene scene = BoxAndFan();
    FanCache cache;
    cache.Update(scene);
    scene.Settings(Family::RayAabb).enabled.clear();
    EXPECT_EQ(cache.Update(scene), 0);
    const FanCache::Entry* e = cache.Find(1);
    EXPECT_EQ(e->error, "no ray_aabb algorithm is enabled");
    EXPECT_TRUE(e->fan.samples.empty());
    const std::uint64_t revision = e->revision;
    EXPECT_EQ(cache.Update(scene), 0);
    EXPECT_EQ(cache.Find(1)->revision, revision); // reported once, not every frame
    scene.Settings(Family::RayAabb) = DefaultSettings(Family::RayAabb);
    EXPECT_EQ(cache.Update(scene), 1);
    EXPECT_TRUE(cache.Find(1)->error.empty());
}

TEST(FanStats, CountsAndMasksOfTwoAlgorithms)
{
    // origin inside the box: slab_branchless (bit 0) hits every ray, six_faces (bit 1) none
    Scene scene = BoxAndFan(4);
    SceneFan fan = *scene.FindFan(1);
    fan.origin = {0.5, 0.25, 0.5};
    scene.ReplaceFan(fan);
    scene.Settings(Family::RayAabb).enabled = {FindAlgorithm(Family::RayAabb, "slab_branchless"),
                                               FindAlgorithm(Family::RayAabb, "six_faces")};
    FanCache cache;
    cache.Update(scene);
    const FanCache::Entry& e = *cache.Find(1);
    EXPECT_EQ(e.stats.allHit, 0u);
    EXPECT_EQ(e.stats.allMiss, 0u);
    EXPECT_EQ(e.stats.disagree, 16u);
    ASSERT_EQ(e.stats.masks.size(), 1u);
    EXPECT_EQ(e.stats.masks[0], (std::pair<std::uint32_t, std::size_t>{1u, 16u}));
    EXPECT_EQ(MaskNames(e.fan, 1u), "slab_branchless");
    EXPECT_EQ(MaskNames(e.fan, 3u), "slab_branchless, six_faces");
    EXPECT_EQ(MaskNames(e.fan, 0u), "none");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
