// Pixel probes of the dense ray view (needs a display: run under xvfb-run, label gui). A fan of
// 255 x 255 rays from straight in front of the unit box compares slab with slab_listing: the
// middle row and column of rays have a zero direction component, which slab_listing misses. The
// pixel at such a sample's hit point (from core's FanCache, as the viewport draws it) has the
// "only the first algorithm hits" colour; a few cells beside it, the "all hit" green.
#include "app/gui/gui.h"

#include "render/fan_draw.h"

#include "support/pixels.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

constexpr int kWidth = 640, kHeight = 400;

Scene FanAtBox()
{
    Scene scene;
    SceneShape box;
    box.name = "box";
    box.shape = Aabb<double>{{0, 0, 0}, {1, 1, 1}};
    scene.Add(box);
    SceneFan fan;
    fan.origin = {0.5, 0.5, -3};
    fan.target = 1;
    fan.n = 255;
    scene.AddFan(fan);
    scene.Settings(Family::RayAabb).enabled = {FindAlgorithm(Family::RayAabb, "slab"),
                                               FindAlgorithm(Family::RayAabb, "slab_listing")};
    scene.Settings(Family::RayAabb).drawn = scene.Settings(Family::RayAabb).enabled[0];
    scene.camera.target = {0.5, 0.5, 0.0};
    scene.camera.distance = 3.0;
    scene.camera.yawDeg = 20.0;
    scene.camera.pitchDeg = 15.0;
    return scene;
}

TEST(FanProbe, ADisagreeingSampleHasItsColourWhereCorePutIt)
{
    const Scene scene = FanAtBox();
    FanCache cache;
    cache.Update(scene);
    const FanCache::Entry* e = cache.Find(1);
    ASSERT_NE(e, nullptr);
    ASSERT_TRUE(e->error.empty()) << e->error;
    const RayFan& fan = e->fan;
    // a sample of the middle column (only slab hits) well above the centre, and one 4 cells beside it
    const int n = fan.n, i = n / 2, j = n / 2 + 50;
    const FanSample& leak = fan.samples[size_t(j) * size_t(n) + size_t(i)];
    const FanSample& agree = fan.samples[size_t(j) * size_t(n) + size_t(i + 4)];
    ASSERT_EQ(leak.hitMask, 1u) << "slab hits, slab_listing misses";
    ASSERT_EQ(agree.hitMask, 3u);
    EXPECT_EQ(FanSampleColor(fan, leak), fan_palette::kOnlyA);

    const std::optional<Camera> camera = CameraForView(scene, "persp", {kWidth, kHeight});
    ASSERT_TRUE(camera.has_value());
    std::string error;
    const auto image = RenderScene(scene, *camera, kWidth, kHeight, 1, 0, error);
    ASSERT_TRUE(image.has_value()) << error;

    const Rgb orange = PixelAt(*image, glm::dvec2(*WorldToScreen(*camera, {leak.x, leak.y, leak.z})));
    EXPECT_GE(orange.r, 230) << orange.r << "," << orange.g << "," << orange.b;
    EXPECT_NEAR(orange.g, int(fan_palette::kOnlyA.y * 255.0f), 25);
    EXPECT_LE(orange.b, 60);
    const Rgb green = PixelAt(*image, glm::dvec2(*WorldToScreen(*camera, {agree.x, agree.y, agree.z})));
    EXPECT_GT(green.g, green.r + 40) << green.r << "," << green.g << "," << green.b;
    EXPECT_GT(green.g, green.b + 30);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
