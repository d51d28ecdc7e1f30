// The window's Document (app/gui/model/document.h), without a window: commands change the scene
// and its evaluation, undo restores both, the selection and the focused pair follow removed
// shapes, and a new scene starts afresh. Expected values by hand: a ray from (-5, 0, 0) along +x
// enters the box [-1, 1]^3 at t = 4 and leaves it at t = 6.
#include "app/gui/model/document.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

struct RayAndBox {
    Scene scene;
    ShapeId ray = 0, box = 0;
};

RayAndBox MakeRayAndBox()
{
    RayAndBox r;
    SceneShape ray;
    ray.name = "ray";
    ray.shape = Ray<double>{{-5.0, 0.0, 0.0}, {1.0, 0.0, 0.0}};
    r.ray = r.scene.Add(ray);
    SceneShape box;
    box.name = "box";
    box.shape = Aabb<double>{{-1.0, -1.0, -1.0}, {1.0, 1.0, 1.0}};
    r.box = r.scene.Add(box);
    return r;
}

SceneShape Moved(const Document& doc, ShapeId id, glm::dvec3 lo, glm::dvec3 hi)
{
    SceneShape s = *doc.GetScene().Find(id);
    s.shape = Aabb<double>{lo, hi};
    return s;
}

TEST(Document, ACommandChangesTheEvaluationAndUndoRestoresIt)
{
    RayAndBox r = MakeRayAndBox();
    Document doc(std::move(r.scene));
    ASSERT_EQ(doc.Evaluation().Queries().size(), 1u);
    const QueryEvaluation* q = doc.Evaluation().Find(r.ray, r.box);
    ASSERT_NE(q, nullptr);
    EXPECT_TRUE(q->ReferenceHit());
    EXPECT_EQ(q->Reference().tEnter, 4.0);
    EXPECT_EQ(q->Reference().tExit, 6.0);

    // moved along the ray by 3: entered at 7, left at 9
    ASSERT_TRUE(doc.Execute(ChangeShapeCommand(doc.GetScene(), Moved(doc, r.box, {2, -1, -1}, {4, 1, 1}), "Move")));
    doc.Update();
    q = doc.Evaluation().Find(r.ray, r.box);
    ASSERT_NE(q, nullptr);
    EXPECT_EQ(q->Reference().tEnter, 7.0);
    EXPECT_EQ(q->Reference().tExit, 9.0);
    EXPECT_EQ(doc.GetHistory().UndoLabel(), "Move box");

    // moved off the ray: a miss
    ASSERT_TRUE(doc.Execute(ChangeShapeCommand(doc.GetScene(), Moved(doc, r.box, {2, 5, -1}, {4, 7, 1}), "Move")));
    doc.Update();
    EXPECT_FALSE(doc.Evaluation().Find(r.ray, r.box)->ReferenceHit());

    ASSERT_TRUE(doc.Undo());
    ASSERT_TRUE(doc.Undo());
    doc.Update();
    q = doc.Evaluation().Find(r.ray, r.box);
    ASSERT_NE(q, nullptr);
    EXPECT_TRUE(q->ReferenceHit());
    EXPECT_EQ(q->Reference().tEnter, 4.0);
    EXPECT_EQ(q->Reference().tExit, 6.0);
    EXPECT_FALSE(doc.GetHistory().CanUndo());
    EXPECT_TRUE(doc.Redo());
}

TEST(Document, TheFocusAndTheSelectionFollowARemovedShape)
{
    RayAndBox r = MakeRayAndBox();
    Document doc(std::move(r.scene));
    doc.Focus(SceneQuery{Family::RayAabb, r.ray, r.box});
    EXPECT_EQ(doc.Selected(), r.ray); // the pair's first shape
    doc.focus.step = 2;
    doc.FollowSelection();
    ASSERT_TRUE(doc.focus.focused.has_value());
    EXPECT_EQ(doc.focus.step, 2); // nothing changed: the step stays

    ASSERT_TRUE(doc.Execute(RemoveShapeCommand(r.box)));
    doc.Update();
    doc.FollowSelection();
    EXPECT_FALSE(doc.focus.focused.has_value()); // the pair is gone
    EXPECT_EQ(doc.Selected(), r.ray);            // the ray is still there

    ASSERT_TRUE(doc.Execute(RemoveShapeCommand(r.ray)));
    doc.Update();
    EXPECT_EQ(doc.Selected(), 0u); // the selected shape is gone
    doc.FollowSelection();
    EXPECT_EQ(doc.focus.step, -1); // a new selection (none) starts the trace whole

    // undo brings the ray back, not the selection
    ASSERT_TRUE(doc.Undo());
    doc.Update();
    EXPECT_NE(doc.GetScene().Find(r.ray), nullptr);
    EXPECT_EQ(doc.Selected(), 0u);
}

TEST(Document, ANewSelectionReleasesAFocusedPairItIsNotPartOf)
{
    RayAndBox r = MakeRayAndBox();
    SceneShape other;
    other.name = "other";
    other.shape = Aabb<double>{{10.0, -1.0, -1.0}, {12.0, 1.0, 1.0}};
    const ShapeId third = r.scene.Add(other);
    Document doc(std::move(r.scene));
    doc.Focus(SceneQuery{Family::RayAabb, r.ray, r.box});

    doc.Select(r.box); // part of the focused pair: it stays focused
    doc.FollowSelection();
    ASSERT_TRUE(doc.focus.focused.has_value());
    EXPECT_EQ(doc.focus.focused->b, r.box);

    doc.focus.step = 1;
    doc.Select(third); // not part of it: released, the trace whole
    doc.FollowSelection();
    EXPECT_FALSE(doc.focus.focused.has_value());
    EXPECT_EQ(doc.focus.step, -1);
    EXPECT_EQ(doc.lastSelected, third);
}

TEST(Document, ANewSceneStartsAfresh)
{
    RayAndBox r = MakeRayAndBox();
    Document doc(std::move(r.scene));
    doc.Focus(SceneQuery{Family::RayAabb, r.ray, r.box});
    doc.focus.compare = "smits";
    ASSERT_TRUE(doc.Execute(RemoveShapeCommand(r.box)));
    doc.Update();
    EXPECT_TRUE(doc.Evaluation().Queries().empty());

    doc.SetScene(MakeRayAndBox().scene);
    EXPECT_FALSE(doc.GetHistory().CanUndo());
    EXPECT_EQ(doc.Selected(), 0u);
    EXPECT_EQ(doc.lastSelected, 0u);
    EXPECT_FALSE(doc.focus.focused.has_value());
    EXPECT_EQ(doc.focus.step, -1);
    EXPECT_EQ(doc.focus.compare, "");
    ASSERT_EQ(doc.Evaluation().Queries().size(), 1u);
    EXPECT_EQ(doc.Evaluation().Queries()[0].Reference().tEnter, 4.0);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
