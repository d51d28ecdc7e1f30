// The selection's gizmo (app/gui/view/gizmo.h) and axis drags (drag.h DragDelta): where the move
// arrows and rotate rings lie on screen, which one the cursor picks, the angle a ring drag sweeps,
// and the motion of an axis drag. No GL.
//
// The camera of most tests: looking down -z at the origin from 3 units, a 90 degree field of view
// and a 600 x 600 window, so that the origin's plane shows 6 x 6 units: 0.01 world per pixel,
// the origin at pixel (300, 300), +x to the right, +y up.
#include "app/gui/view/drag.h"
#include "app/gui/view/gizmo.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <numbers>

namespace hitlab {
namespace HITLAB_UNITY_ID {

constexpr double kPi = std::numbers::pi;

Camera Front(bool ortho)
{
    Camera c;
    c.target = {0, 0, 0};
    c.distance = 3;
    c.fovYDeg = 90;
    c.viewport = {600, 600};
    c.orthographic = ortho;
    SetStandardView(c, StandardView::Front);
    return c;
}

glm::dvec2 Screen(const Camera& c, glm::dvec3 p) { return glm::dvec2(*WorldToScreen(c, p)); }

void ExpectScreen(const Camera& c, glm::dvec3 world, glm::dvec2 expected)
{
    const glm::dvec2 s = Screen(c, world);
    EXPECT_NEAR(s.x, expected.x, 1e-9);
    EXPECT_NEAR(s.y, expected.y, 1e-9);
}

TEST(Gizmo, MoveArrowsHaveAConstantScreenLengthAndSkipTheAxisSeenEndOn)
{
    for (const bool ortho : {true, false}) {
        const Camera c = Front(ortho);
        const std::vector<GizmoArrow> arrows = MoveArrows(c, {0, 0, 0});
        // z points at the eye: a dot, left out
        ASSERT_EQ(arrows.size(), 2u);
        EXPECT_EQ(arrows[0].axis, 0);
        EXPECT_EQ(arrows[1].axis, 1);
        // 22 to 95 pixels from the centre, 0.01 world per pixel
        EXPECT_NEAR(glm::length(arrows[0].from - glm::dvec3(0.22, 0, 0)), 0.0, 1e-12);
        EXPECT_NEAR(glm::length(arrows[0].to - glm::dvec3(0.95, 0, 0)), 0.0, 1e-12);
        ExpectScreen(c, arrows[0].from, {322, 300});
        ExpectScreen(c, arrows[0].to, {395, 300});
        ExpectScreen(c, arrows[1].to, {300, 205});
    }
    // twice the marker scale: twice as long
    const std::vector<GizmoArrow> big = MoveArrows(Front(true), {1, 0, 0}, 2.0);
    EXPECT_NEAR(glm::length(big[0].to - glm::dvec3(2.9, 0, 0)), 0.0, 1e-12);
    // perspective: an arrow twice as far away is twice as long in the world
    const std::vector<GizmoArrow> far = MoveArrows(Front(false), {0, 0, -3});
    EXPECT_NEAR(glm::length(far[0].to - glm::dvec3(1.9, 0, -3)), 0.0, 1e-12);
}

TEST(Gizmo, MoveArrowsIn2DModeHaveNoZAndObliqueViewsHaveAllThree)
{
    Camera c = Front(true);
    c.view2d = true;
    const std::vector<GizmoArrow> flat = MoveArrows(c, {0, 0, 0});
    ASSERT_EQ(flat.size(), 2u);
    EXPECT_EQ(flat[1].axis, 1);
    Camera oblique; // the default: yaw 35, pitch 25
    const std::vector<GizmoArrow> all = MoveArrows(oblique, {0, 0, 0});
    ASSERT_EQ(all.size(), 3u);
    EXPECT_EQ(all[2].axis, 2);
}

TEST(Gizmo, PickArrowTakesTheNearestWithinAFewPixelsAndNotTheCentre)
{
    const Camera c = Front(false);
    const std::vector<GizmoArrow> arrows = MoveArrows(c, {0, 0, 0});
    // the x arrow is the screen segment (322, 300)-(395, 300), the y arrow (300, 278)-(300, 205)
    EXPECT_EQ(PickArrow(c, arrows, {360, 304}), 0);
    EXPECT_EQ(PickArrow(c, arrows, {397, 300}), 0);  // just past the tip
    EXPECT_EQ(PickArrow(c, arrows, {360, 307}), -1); // 7 pixels off
    EXPECT_EQ(PickArrow(c, arrows, {303, 250}), 1);
    EXPECT_EQ(PickArrow(c, arrows, {303, 250}, 2.0), -1);
    // the centre and its surroundings belong to the shape: a drag there moves freely
    EXPECT_EQ(PickArrow(c, arrows, {300, 300}), -1);
    EXPECT_EQ(PickArrow(c, arrows, {310, 290}), -1);
    // by the start of the x arrow: hypot(4, 4) = 5.7 px from it, 25.5 px from the y arrow's start
    EXPECT_EQ(PickArrow(c, arrows, {318, 296}), 0);
}

TEST(Gizmo, RotateRingsAreCirclesOfConstantScreenRadiusSkippingEdgeOnOnes)
{
    const Camera c = Front(true);
    // x and y rings are seen edge-on (lines through the centre): only z
    const std::vector<GizmoRing> rings = RotateRings(c, {0, 0, 0});
    ASSERT_EQ(rings.size(), 1u);
    EXPECT_EQ(rings[0].axis, 2);
    ASSERT_EQ(rings[0].points.size(), size_t(kRingSegments));
    for (const glm::dvec3& p : rings[0].points) {
        EXPECT_NEAR(glm::length(Screen(c, p) - glm::dvec2(300, 300)), 105.0, 1e-9);
        EXPECT_EQ(p.z, 0.0);
    }
    Camera oblique;
    EXPECT_EQ(RotateRings(oblique, {0, 0, 0}).size(), 3u);
    oblique.view2d = true;
    const std::vector<GizmoRing> flat = RotateRings(oblique, {0, 0, 0});
    ASSERT_EQ(flat.size(), 1u);
    EXPECT_EQ(flat[0].axis, 2);
}

TEST(Gizmo, PickRingByTheOutlineNotTheInside)
{
    const Camera c = Front(true);
    const std::vector<GizmoRing> rings = RotateRings(c, {0, 0, 0});
    EXPECT_EQ(PickRing(c, rings, {405, 300}), 0); // on the circle, right of the centre
    EXPECT_EQ(PickRing(c, rings, {300, 191}), 0); // 4 px outside its top, (300, 195)
    EXPECT_EQ(PickRing(c, rings, {300, 300}), -1);
    EXPECT_EQ(PickRing(c, rings, {380, 300}), -1);
    // looking down at 30 degrees: the y and z rings are ellipses, the x ring is edge-on
    Camera above = c;
    above.pitchDeg = 30;
    const std::vector<GizmoRing> two = RotateRings(above, {0, 0, 0});
    ASSERT_EQ(two.size(), 2u);
    EXPECT_EQ(two[0].axis, 1);
    EXPECT_EQ(two[1].axis, 2);
    // below the centre: the y ring's point (0, 0, 1.05) at 105 * sin 30 = 52.5 px, the z ring's
    // (0, -1.05, 0) at 105 * cos 30 = 90.9 px
    EXPECT_EQ(PickRing(above, two, {300, 300 + 52.5}), 0);
    EXPECT_EQ(PickRing(above, two, {300, 300 + 105 * std::sqrt(0.75)}), 1);
    EXPECT_EQ(PickRing(above, two, {300, 300 + 71.7}), -1); // half-way between them
}

TEST(Gizmo, RingAngleIsTheSweepAroundTheCentreSignedByTheAxisFacingTheViewer)
{
    const Camera c = Front(true);
    // from right of the centre to above it: a quarter turn counter-clockwise as seen; +z points at
    // the viewer, so +90 degrees about z (which takes +x to +y, as the cursor went)
    EXPECT_NEAR(RingAngle(c, {0, 0, 0}, 2, {400, 300}, {300, 200}), kPi / 2, 1e-12);
    EXPECT_NEAR(RingAngle(c, {0, 0, 0}, 2, {300, 200}, {400, 300}), -kPi / 2, 1e-12);
    // seen from behind (looking along +z) the same sweep turns the other way about +z
    Camera back = c;
    back.yawDeg = 180;
    EXPECT_NEAR(RingAngle(back, {0, 0, 0}, 2, {400, 300}, {300, 200}), -kPi / 2, 1e-12);
    // a cursor on the centre sweeps nothing
    EXPECT_EQ(RingAngle(c, {0, 0, 0}, 2, {300, 300}, {300, 200}), 0.0);
    // around an off-centre box: its projection, (400, 300), is the pivot
    EXPECT_NEAR(RingAngle(c, {1, 0, 0}, 2, {500, 300}, {400, 400}), -kPi / 2, 1e-12);
}

TEST(Gizmo, AxisDragMovesAlongTheAxisOnlyInThePlaneFacingTheCamera)
{
    const Camera c = Front(false);
    // the x arrow: the drag plane holds x and faces the camera (z = 0); the cursor's 65 px to the
    // right and 20 px down meet it at (0.65, -0.2, 0): only the 0.65 along x remains
    const auto dx = DragDelta(c, {0, 0, 0}, AxisLock::X, {300, 300}, {365, 320}, 0.0);
    ASSERT_TRUE(dx.has_value());
    EXPECT_NEAR(dx->x, 0.65, 1e-9);
    EXPECT_EQ(dx->y, 0.0);
    EXPECT_EQ(dx->z, 0.0);
    // snapped to quarters: 0.75
    EXPECT_NEAR(DragDelta(c, {0, 0, 0}, AxisLock::X, {300, 300}, {365, 320}, 0.25)->x, 0.75, 1e-12);
    // unlocked, the same motion moves in the view plane
    const auto free = DragDelta(c, {0, 0, 0}, AxisLock::None, {300, 300}, {365, 320}, 0.0);
    EXPECT_NEAR(free->y, -0.2, 1e-9);
    // looking down at 45 degrees (orthographic): the y arrow's plane holds y and faces the camera
    // as far as it can, the plane z = 0. Moving the cursor up 50 px (0.5 on screen) moves along
    // the foreshortened y axis by 0.5 / cos 45 = 0.7071...
    Camera down = Front(true);
    down.pitchDeg = 45;
    const Plane<double> plane = DragPlane(down, {0, 0, 0}, AxisLock::Y);
    EXPECT_NEAR(std::abs(plane.normal.z), 1.0, 1e-12);
    const auto dy = DragDelta(down, {0, 0, 0}, AxisLock::Y, {300, 300}, {300, 250}, 0.0);
    ASSERT_TRUE(dy.has_value());
    EXPECT_NEAR(dy->y, 0.5 * std::sqrt(2.0), 1e-9);
    EXPECT_EQ(dy->x, 0.0);
    EXPECT_EQ(dy->z, 0.0);
}

TEST(Gizmo, CentreOfEachShapeTypeAndNoneForPlanes)
{
    EXPECT_EQ(*GizmoCenter(Aabb<double>{{0, 0, 0}, {2, 4, 6}}), glm::dvec3(1, 2, 3));
    EXPECT_EQ(*GizmoCenter(Segment<double>{{0, 0, 0}, {2, 0, 0}}), glm::dvec3(1, 0, 0));
    EXPECT_EQ(*GizmoCenter(Ray<double>{{5, 0, 0}, {1, 0, 0}}), glm::dvec3(5, 0, 0));
    EXPECT_FALSE(GizmoCenter(Plane<double>{{0, 1, 0}, 2}).has_value());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
