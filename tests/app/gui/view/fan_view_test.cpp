// Tests of app/gui/view/fan_view.h without GL: picking a fan's origin on screen, dragging it (live
// changes, one undo step, Esc restores), recomputation only while something changes, and where
// a new fan starts.
#include "app/gui/view/fan_view.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

Scene BoxAndFan()
{
    Scene scene;
    SceneShape box;
    box.name = "box";
    box.shape = Aabb<double>{{0, 0, 0}, {1, 1, 1}};
    scene.Add(box);
    SceneFan fan;
    fan.name = "fan";
    fan.origin = {0.5, 0.5, -3};
    fan.target = 1;
    fan.n = 16;
    scene.AddFan(fan);
    return scene;
}

Camera Front()
{
    CameraState state;
    state.target = {0.5, 0.5, -3};
    state.distance = 8;
    state.yawDeg = 0;
    state.pitchDeg = 0;
    return CameraFromState(state, {800, 600});
}

TEST(FanView, PicksTheOriginWithinNinePixels)
{
    Scene scene = BoxAndFan();
    const Camera camera = Front();
    const glm::dvec2 at = glm::dvec2(*WorldToScreen(camera, scene.Fans()[0].origin));
    EXPECT_EQ(FanView::Pick(scene, camera, at), 1u);
    EXPECT_EQ(FanView::Pick(scene, camera, at + glm::dvec2(6, 6)), 1u); // 8.5 px away
    EXPECT_EQ(FanView::Pick(scene, camera, at + glm::dvec2(7, 6)), 0u); // 9.2 px away
    SceneFan off = scene.Fans()[0];
    off.enabled = false;
    scene.ReplaceFan(off);
    EXPECT_EQ(FanView::Pick(scene, camera, at), 0u); // a disabled fan is not drawn, not picked
}

TEST(FanView, DragIsLiveAndOneUndoStep)
{
    Scene scene = BoxAndFan();
    History history;
    FanView view;
    view.Update(scene);
    EXPECT_EQ(view.Cache().Computations(), 1u);
    const Camera camera = Front();
    const glm::dvec2 at = glm::dvec2(*WorldToScreen(camera, scene.Fans()[0].origin));
    view.BeginDrag(scene, 1, at);
    EXPECT_TRUE(view.Dragging());
    EXPECT_EQ(view.selected, 1u);
    for (int i = 1; i <= 4; ++i) {
        view.ContinueDrag(scene, camera, at + glm::dvec2(10.0 * i, 0.0), AxisLock::None, 0.0);
        view.Update(scene); // recomputed live, once per move
    }
    EXPECT_EQ(view.Cache().Computations(), 5u);
    view.Update(scene);
    EXPECT_EQ(view.Cache().Computations(), 5u); // nothing moved since
    // 40 pixels to the right on screen: along the camera's right, in the plane facing the camera
    const glm::dvec3 moved = scene.Fans()[0].origin;
    const glm::dvec3 delta = moved - glm::dvec3(0.5, 0.5, -3);
    EXPECT_GT(glm::dot(delta, Basis(camera).right), 0.1);
    EXPECT_NEAR(glm::dot(delta, Basis(camera).up), 0.0, 1e-9);
    EXPECT_NEAR(glm::dot(delta, Basis(camera).forward), 0.0, 1e-9);
    EXPECT_NEAR(glm::length(glm::dvec2(*WorldToScreen(camera, moved)) - (at + glm::dvec2(40, 0))), 0.0, 1e-6);
    std::string message;
    view.EndDrag(scene, history, false, message);
    EXPECT_FALSE(view.Dragging());
    EXPECT_EQ(message, "moved fan");
    EXPECT_EQ(scene.Fans()[0].origin, moved);
    EXPECT_EQ(history.UndoLabel(), "Move fan");
    ASSERT_TRUE(history.Undo(scene));
    EXPECT_EQ(scene.Fans()[0].origin, glm::dvec3(0.5, 0.5, -3));
    EXPECT_FALSE(history.CanUndo()); // the whole drag was one step

    // Esc: back where it was, nothing in the history
    ASSERT_TRUE(history.Redo(scene));
    history.Clear();
    view.BeginDrag(scene, 1, at);
    view.ContinueDrag(scene, camera, at + glm::dvec2(0.0, 40.0), AxisLock::None, 0.0);
    EXPECT_NE(scene.Fans()[0].origin, moved);
    view.EndDrag(scene, history, true, message);
    EXPECT_EQ(message, "drag cancelled");
    EXPECT_EQ(scene.Fans()[0].origin, moved);
    EXPECT_FALSE(history.CanUndo());
}

TEST(FanView, NewFanOriginIsInFrontOfTheTargetTowardsTheCamera)
{
    CameraState far;
    far.distance = 50;
    const Camera camera = CameraFromState(far, {800, 600});
    const glm::dvec3 o = NewFanOrigin(Aabb<double>{{0, 0, 0}, {2, 2, 2}}, camera);
    const glm::dvec3 forward = Basis(camera).forward;
    EXPECT_NEAR(glm::length(o - glm::dvec3(1, 1, 1)), 5.0, 1e-9);
    EXPECT_NEAR(glm::dot(glm::normalize(glm::dvec3(1, 1, 1) - o), forward), 1.0, 1e-9);
    // the eye closer than 5 units: the origin stays in front of it
    CameraState near;
    near.target = {0, 0, 0};
    near.distance = 2;
    const Camera close = CameraFromState(near, {800, 600});
    const glm::dvec3 p = NewFanOrigin(Sphere<double>{{0, 0, 0}, 1}, close);
    EXPECT_NEAR(glm::length(p), 1.2, 1e-9);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
