// Camera math (render/camera.h): projection of known points, screen <-> world round trips,
// framing, zoom toward the cursor, near-plane clipping. No GL.
#include "render/camera.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>
#include <gtest/gtest.h>

#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

Camera FrontCamera(bool ortho)
{
    Camera c;
    c.target = {0, 0, 0};
    c.distance = 10.0;
    c.viewport = {800, 600};
    c.orthographic = ortho;
    SetStandardView(c, StandardView::Front);
    return c;
}

glm::dvec3 OnFocalPlane(const Camera& c, glm::dvec2 screen)
{
    const Ray<double> r = ScreenRay(c, screen);
    const glm::dvec3 f = Basis(c).forward;
    const double t = glm::dot(c.target - r.origin, f) / glm::dot(r.direction, f);
    return r.origin + r.direction * t;
}

TEST(Camera, TargetProjectsToTheScreenCentre)
{
    for (bool ortho : {false, true}) {
        const auto p = WorldToScreen(FrontCamera(ortho), {0, 0, 0});
        ASSERT_TRUE(p.has_value());
        EXPECT_NEAR(p->x, 400.0, 1e-9);
        EXPECT_NEAR(p->y, 300.0, 1e-9);
    }
}

TEST(Camera, FrontViewHasXRightAndYUp)
{
    const Camera c = FrontCamera(true);
    const double wpp = WorldPerPixel(c);
    const auto px = WorldToScreen(c, {1, 0, 0});
    const auto py = WorldToScreen(c, {0, 1, 0});
    const auto pz = WorldToScreen(c, {0, 0, 1});
    EXPECT_NEAR(px->x, 400.0 + 1.0 / wpp, 1e-6);
    EXPECT_NEAR(px->y, 300.0, 1e-9);
    EXPECT_NEAR(py->y, 300.0 - 1.0 / wpp, 1e-6);
    // orthographic: depth along the view does not move a point on screen
    EXPECT_NEAR(pz->x, 400.0, 1e-9);
    EXPECT_NEAR(pz->y, 300.0, 1e-9);
}

TEST(Camera, PerspectiveHalfFieldOfViewReachesTheTopEdge)
{
    const Camera c = FrontCamera(false);
    const double h = c.distance * std::tan(glm::radians(c.fovYDeg) * 0.5);
    const auto p = WorldToScreen(c, {0, h, 0});
    EXPECT_NEAR(p->y, 0.0, 1e-9);
    // a point twice as far away at the same height is half way to the edge
    const auto q = WorldToScreen(c, {0, h, -10.0});
    EXPECT_NEAR(q->y, 150.0, 1e-9);
}

TEST(Camera, TopViewLooksDownWithMinusZUp)
{
    Camera c = FrontCamera(true);
    SetStandardView(c, StandardView::Top);
    EXPECT_NEAR(Basis(c).forward.y, -1.0, 1e-12);
    const auto p = WorldToScreen(c, {0, 0, -1});
    EXPECT_LT(p->y, 300.0);
    EXPECT_NEAR(p->x, 400.0, 1e-9);
}

TEST(Camera, RightViewLooksAlongMinusX)
{
    Camera c = FrontCamera(false);
    SetStandardView(c, StandardView::Right);
    EXPECT_NEAR(Basis(c).forward.x, -1.0, 1e-12);
    EXPECT_GT(EyePosition(c).x, 0.0);
}

TEST(Camera, BehindTheEyeDoesNotProject)
{
    const Camera c = FrontCamera(false);
    EXPECT_FALSE(WorldToScreen(c, {0, 0, 20}).has_value());
}

TEST(Camera, ScreenRayRoundTripsThroughWorldToScreen)
{
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> sx(0.0, 800.0), sy(0.0, 600.0), yaw(-180, 180), pitch(-89, 89);
    for (bool ortho : {false, true}) {
        for (int i = 0; i < 200; ++i) {
            Camera c = FrontCamera(ortho);
            c.yawDeg = yaw(rng);
            c.pitchDeg = pitch(rng);
            c.target = {1.5, -2.0, 0.25};
            const glm::dvec2 s{sx(rng), sy(rng)};
            const Ray<double> r = ScreenRay(c, s);
            EXPECT_NEAR(glm::length(r.direction), 1.0, 1e-12);
            for (double t : {1.0, 7.5, 30.0}) {
                const auto back = WorldToScreen(c, r.origin + r.direction * (ortho ? t + 2000.0 : t));
                ASSERT_TRUE(back.has_value());
                EXPECT_NEAR(back->x, s.x, 1e-6);
                EXPECT_NEAR(back->y, s.y, 1e-6);
            }
        }
    }
}

TEST(Camera, OrthographicRayStartsBehindEverythingVisible)
{
    const Camera c = FrontCamera(true);
    const Ray<double> r = ScreenRay(c, {400, 300});
    // a point just in front of the near clip plane lies ahead of the ray origin
    const glm::dvec3 nearPoint = EyePosition(c) + Basis(c).forward * (ClipRange(c).x + 1e-3);
    EXPECT_GT(glm::dot(nearPoint - r.origin, r.direction), 0.0);
}

TEST(Camera, FrameShowsEveryCornerOfTheBox)
{
    for (bool ortho : {false, true}) {
        Camera c = FrontCamera(ortho);
        c.yawDeg = 35;
        c.pitchDeg = 25;
        c.viewport = {400, 900}; // narrow: the horizontal field of view limits
        const glm::dvec3 lo{-3, 1, 2}, hi{5, 2, 4};
        Frame(c, lo, hi);
        EXPECT_EQ(c.target, (lo + hi) * 0.5);
        for (int i = 0; i < 8; ++i) {
            const glm::dvec3 p{(i & 1) ? hi.x : lo.x, (i & 2) ? hi.y : lo.y, (i & 4) ? hi.z : lo.z};
            const auto s = WorldToScreen(c, p);
            ASSERT_TRUE(s.has_value());
            EXPECT_GE(s->x, 0.0);
            EXPECT_LE(s->x, 400.0);
            EXPECT_GE(s->y, 0.0);
            EXPECT_LE(s->y, 900.0);
        }
    }
}

TEST(Camera, ZoomKeepsThePointUnderTheCursor)
{
    for (bool ortho : {false, true}) {
        Camera c = FrontCamera(ortho);
        c.yawDeg = 20;
        c.pitchDeg = 30;
        const glm::dvec2 cursor{620, 140};
        const glm::dvec3 under = OnFocalPlane(c, cursor);
        ZoomAt(c, 0.5, cursor);
        EXPECT_NEAR(c.distance, 5.0, 1e-12);
        const auto s = WorldToScreen(c, under);
        EXPECT_NEAR(s->x, cursor.x, 1e-6);
        EXPECT_NEAR(s->y, cursor.y, 1e-6);
    }
}

TEST(Camera, PanMovesTheSceneWithTheMouse)
{
    Camera c = FrontCamera(false);
    const glm::dvec3 p{0.5, 0.5, 0};
    const auto before = WorldToScreen(c, p);
    Pan(c, {30, -20});
    const auto after = WorldToScreen(c, p);
    EXPECT_NEAR(after->x - before->x, 30.0, 1e-6);
    EXPECT_NEAR(after->y - before->y, -20.0, 1e-6);
}

TEST(Camera, OrbitClampsPitchAndIsOffIn2d)
{
    Camera c = FrontCamera(false);
    Orbit(c, {0, 10000});
    EXPECT_EQ(c.pitchDeg, 90.0);
    c.view2d = true;
    const double yaw = c.yawDeg;
    Orbit(c, {100, 0});
    EXPECT_EQ(c.yawDeg, yaw);
    EXPECT_NEAR(Basis(c).forward.z, -1.0, 1e-12); // 2D looks at the z = 0 plane
    EXPECT_TRUE(IsOrthographic(c));
}

TEST(Camera, ProjectSegmentClipsAtTheNearPlane)
{
    const Camera c = FrontCamera(false);
    // from behind the eye (z = 20) to in front of it: only the front part projects
    const auto s = ProjectSegment(c, {1, 0, 20}, {1, 0, -10});
    ASSERT_TRUE(s.has_value());
    EXPECT_TRUE(std::isfinite(s->first.x));
    EXPECT_GT(s->first.x, 400.0);
    EXPECT_FALSE(ProjectSegment(c, {1, 0, 20}, {1, 0, 30}).has_value());
    EXPECT_NEAR(ScreenDistanceToSegment({5, 5}, {0, 0}, {10, 0}), 5.0, 1e-12);
    EXPECT_NEAR(ScreenDistanceToSegment({-3, 4}, {0, 0}, {10, 0}), 5.0, 1e-12);
}

TEST(Camera, StateRoundTrips)
{
    CameraState s;
    s.target = {1, 2, 3};
    s.distance = 4;
    s.yawDeg = 5;
    s.pitchDeg = 6;
    s.orthographic = true;
    const CameraState back = CameraToState(CameraFromState(s, {100, 100}));
    EXPECT_EQ(back.target, s.target);
    EXPECT_EQ(back.distance, 4.0);
    EXPECT_EQ(back.yawDeg, 5.0);
    EXPECT_TRUE(back.orthographic);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
