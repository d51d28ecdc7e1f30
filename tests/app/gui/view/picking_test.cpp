// Picking and drag math (app/gui/view/picking.h, drag.h): which shape is under the cursor, the drag
// plane, axis locks, snapping, and what each handle does. No GL.
#include "app/gui/view/drag.h"
#include "app/gui/view/picking.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>
#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

SceneShape Make(Shape shape, bool visible = true)
{
    SceneShape s;
    s.shape = std::move(shape);
    s.visible = visible;
    return s;
}

Camera Front(bool ortho = false)
{
    Camera c;
    c.target = {0, 0, 0};
    c.distance = 10;
    c.viewport = {800, 600};
    c.orthographic = ortho;
    SetStandardView(c, StandardView::Front);
    return c;
}

glm::dvec2 Screen(const Camera& c, glm::dvec3 p) { return glm::dvec2(*WorldToScreen(c, p)); }

TEST(Picking, NearestSolidWins)
{
    Scene scene;
    const ShapeId far = scene.Add(Make(Sphere<double>{{0, 0, -3}, 1.0}));
    const ShapeId near = scene.Add(Make(Aabb<double>{{-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5}}));
    const Camera c = Front();
    const auto pick = PickShape(scene, c, {400, 300});
    ASSERT_TRUE(pick.has_value());
    EXPECT_EQ(pick->id, near);
    // the box's front face is at z = 0.5, the eye at z = 10
    EXPECT_NEAR(pick->t, 9.5, 1e-9);
    EXPECT_NEAR(pick->point.z, 0.5, 1e-9);
    // beside the box but on the sphere
    const auto side = PickShape(scene, c, Screen(c, {0, 0.8, -3}));
    ASSERT_TRUE(side.has_value());
    EXPECT_EQ(side->id, far);
}

TEST(Picking, LinesWinWithinAFewPixelsEvenOverASolid)
{
    Scene scene;
    scene.Add(Make(Aabb<double>{{-1, -1, -1}, {1, 1, 1}}));
    const ShapeId ray = scene.Add(Make(Ray<double>{{-5, 0.2, 2}, {1, 0, 0}}));
    const ShapeId seg = scene.Add(Make(Segment<double>{{-3, -2, 0}, {3, -2, 0}}));
    const Camera c = Front(true);
    const glm::dvec2 onRay = Screen(c, {0, 0.2, 2});
    EXPECT_EQ(PickShape(scene, c, onRay + glm::dvec2(0, 5))->id, ray);
    const glm::dvec2 onSeg = Screen(c, {1, -2, 0});
    EXPECT_EQ(PickShape(scene, c, onSeg + glm::dvec2(0, -4))->id, seg);
    // too far from the line: the box under the cursor instead
    EXPECT_NE(PickShape(scene, c, onRay + glm::dvec2(0, 12))->id, ray);
    // a ray is picked only in front of its origin
    EXPECT_FALSE(PickShape(scene, c, Screen(c, {-7, 0.2, 2})).has_value());
}

TEST(Picking, PlanesOnlyWhenNothingElseAndHiddenNever)
{
    Scene scene;
    const ShapeId plane = scene.Add(Make(Plane<double>{{0, 0, 1}, -5}));
    const ShapeId hidden = scene.Add(Make(Sphere<double>{{0, 0, 0}, 1}, false));
    const ShapeId box = scene.Add(Make(Aabb<double>{{2, 2, -8}, {3, 3, -7}}));
    const Camera c = Front();
    EXPECT_EQ(PickShape(scene, c, {400, 300})->id, plane);
    EXPECT_NE(PickShape(scene, c, {400, 300})->id, hidden);
    // the box lies behind the plane, yet solids come before planes
    EXPECT_EQ(PickShape(scene, c, Screen(c, {2.5, 2.5, -7}))->id, box);
    Scene empty;
    EXPECT_FALSE(PickShape(empty, c, {400, 300}).has_value());
}

TEST(Drag, FacingPlaneFollowsTheCursorAtTheAnchorsDepth)
{
    for (bool ortho : {false, true}) {
        const Camera c = Front(ortho);
        const glm::dvec3 anchor{1, 1, 2};
        const Plane<double> plane = DragPlane(c, anchor, AxisLock::None);
        const glm::dvec2 s = Screen(c, anchor);
        const auto p0 = DragPoint(c, s, plane);
        ASSERT_TRUE(p0.has_value());
        EXPECT_NEAR(glm::length(*p0 - anchor), 0.0, 1e-9);
        const auto p1 = DragPoint(c, s + glm::dvec2(100, 0), plane);
        const glm::dvec3 delta = *p1 - *p0;
        // 100 pixels right at the anchor's depth, in the z = 2 plane
        const double depth = ortho ? c.distance : c.distance - 2.0;
        EXPECT_NEAR(delta.x, 100.0 * WorldPerPixel(c) * depth / c.distance, 1e-9);
        EXPECT_NEAR(delta.y, 0.0, 1e-9);
        EXPECT_NEAR(delta.z, 0.0, 1e-9);
    }
}

TEST(Drag, AxisLockMovesAlongTheAxisOnly)
{
    Camera c = Front();
    c.yawDeg = 30;
    c.pitchDeg = 20;
    const glm::dvec3 anchor{0, 0, 0};
    const Plane<double> plane = DragPlane(c, anchor, AxisLock::Y);
    EXPECT_NEAR(plane.normal.y, 0.0, 1e-12); // the plane holds the y axis
    const auto p0 = DragPoint(c, Screen(c, anchor), plane);
    const auto p1 = DragPoint(c, Screen(c, anchor) + glm::dvec2(40, -60), plane);
    const glm::dvec3 d = ConstrainDelta(*p1 - *p0, AxisLock::Y, 0.0);
    EXPECT_EQ(d.x, 0.0);
    EXPECT_EQ(d.z, 0.0);
    EXPECT_GT(d.y, 0.0);
    // the y axis seen end-on (top view) still gives a plane
    SetStandardView(c, StandardView::Top);
    EXPECT_GT(glm::length(DragPlane(c, anchor, AxisLock::Y).normal), 0.5);
}

TEST(Drag, SnapRoundsToTheStep)
{
    const glm::dvec3 d = ConstrainDelta({0.26, -0.74, 0.1}, AxisLock::None, 0.5);
    EXPECT_EQ(d, glm::dvec3(0.5, -0.5, 0.0));
}

TEST(Drag, TranslateMovesEveryShapeType)
{
    const glm::dvec3 d{1, 2, 3};
    EXPECT_EQ(std::get<Aabb<double>>(Translate(Aabb<double>{{0, 0, 0}, {1, 1, 1}}, d)).min, d);
    EXPECT_EQ(std::get<Ray<double>>(Translate(Ray<double>{{0, 0, 0}, {1, 0, 0}}, d)).direction, glm::dvec3(1, 0, 0));
    EXPECT_EQ(std::get<Segment<double>>(Translate(Segment<double>{{0, 0, 0}, {1, 0, 0}}, d)).end, glm::dvec3(2, 2, 3));
    // a plane moves only along its normal
    EXPECT_EQ(std::get<Plane<double>>(Translate(Plane<double>{{0, 2, 0}, 1}, d)).distance, 5.0);
}

TEST(Handles, BoxCornerPastTheOppositeCornerFlipsTheBox)
{
    const Aabb<double> box{{0, 0, 0}, {1, 1, 1}};
    const auto handles = HandlesOf(box, Front());
    ASSERT_EQ(handles.size(), 14u); // 8 corners, 6 faces
    Camera flat = Front();
    flat.view2d = true;
    EXPECT_EQ(HandlesOf(box, flat).size(), 12u); // no z faces: they would sit on the centre
    const Handle& maxCorner = handles[7];
    EXPECT_EQ(maxCorner.position, glm::dvec3(1, 1, 1));
    const auto moved = std::get<Aabb<double>>(ApplyHandle(box, maxCorner, {-2, 0.5, 0}));
    EXPECT_EQ(moved.min, glm::dvec3(-1, 0, 0));
    EXPECT_EQ(moved.max, glm::dvec3(0, 1.5, 1));
    const Handle& plusY = handles[8 + 3];
    EXPECT_EQ(plusY.kind, HandleKind::BoxFace);
    const auto taller = std::get<Aabb<double>>(ApplyHandle(box, plusY, {5, 1, 5}));
    EXPECT_EQ(taller.min, glm::dvec3(0, 0, 0));
    EXPECT_EQ(taller.max, glm::dvec3(1, 2, 1));
}

TEST(Handles, RayOriginMovesAndTheTipStays)
{
    const Ray<double> ray{{0, 0, 0}, {2, 0, 0}};
    const auto handles = HandlesOf(ray, Front());
    ASSERT_EQ(handles.size(), 2u);
    const auto moved = std::get<Ray<double>>(ApplyHandle(ray, handles[0], {0, 1, 0}));
    EXPECT_EQ(moved.origin, glm::dvec3(0, 1, 0));
    EXPECT_EQ(moved.origin + moved.direction, glm::dvec3(2, 0, 0));
    const auto turned = std::get<Ray<double>>(ApplyHandle(ray, handles[1], {0, 3, 0}));
    EXPECT_EQ(turned.origin, glm::dvec3(0, 0, 0));
    EXPECT_EQ(turned.direction, glm::dvec3(2, 3, 0));
}

TEST(Handles, RayTipOntoTheOriginIsRefusedWithAReason)
{
    const Ray<double> ray{{0, 0, 0}, {2, 0, 0}};
    const auto handles = HandlesOf(ray, Front());
    ASSERT_EQ(handles.size(), 2u);
    std::string refused = "stale";
    const auto kept = std::get<Ray<double>>(ApplyHandle(ray, handles[1], {-2, 0, 0}, &refused));
    EXPECT_EQ(kept.direction, glm::dvec3(2, 0, 0));
    EXPECT_EQ(refused, "a ray needs a non-zero direction: the tip cannot sit on the origin (the direction is kept)");
    ApplyHandle(ray, handles[0], {2, 0, 0}, &refused); // the origin onto the tip
    EXPECT_EQ(refused, "a ray needs a non-zero direction: the origin cannot sit on the tip (the direction is kept)");
    ApplyHandle(ray, handles[1], {0, 3, 0}, &refused); // a valid move clears it
    EXPECT_EQ(refused, "");
}

TEST(Handles, SphereRadiusAndPlaneNormal)
{
    const Camera c = Front();
    const Sphere<double> sphere{{1, 1, 1}, 0.5};
    const auto hs = HandlesOf(sphere, c);
    const auto bigger = std::get<Sphere<double>>(ApplyHandle(sphere, hs[0], {0.5, 0, 0}));
    EXPECT_DOUBLE_EQ(bigger.radius, 1.0);

    const Plane<double> plane{{0, 2, 0}, 2}; // y = 1
    const auto hp = HandlesOf(plane, c);
    ASSERT_EQ(hp.size(), 1u);
    const double len = glm::length(hp[0].position - hp[0].toward);
    const auto tilted = std::get<Plane<double>>(ApplyHandle(plane, hp[0], {len, -len, 0}));
    // the normal now points along +x, its length kept, and the anchor (0, 1, 0) stays on the plane
    EXPECT_NEAR(tilted.normal.x, 2.0, 1e-9);
    EXPECT_NEAR(tilted.normal.y, 0.0, 1e-9);
    EXPECT_NEAR(glm::dot(tilted.normal, glm::dvec3(0, 1, 0)) - tilted.distance, 0.0, 1e-12);
}

TEST(Handles, RotateKeepsTheAxesOrthonormal)
{
    Obb<double> box;
    const Obb<double> r = Rotate(box, {0, 0, 1}, glm::radians(90.0));
    EXPECT_NEAR(r.axes[0].y, 1.0, 1e-12);
    EXPECT_NEAR(glm::dot(r.axes[0], r.axes[1]), 0.0, 1e-12);
    EXPECT_EQ(r.center, box.center);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
