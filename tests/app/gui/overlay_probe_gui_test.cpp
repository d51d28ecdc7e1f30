// Pixel probes on rendered frames for the selection's gizmo and the trace overlays of face-plane
// methods and the expanded-box test (needs a display: run under xvfb-run, label gui). All in the
// 2D view, where the probed lines lie edge-on or in the screen plane.
#include "app/gui/gui.h"
#include "app/gui/view/gizmo.h"
#include "app/gui/view/scenes.h"

#include "render/scene_draw.h"

#include "core/algorithm.h"

#include "support/pixels.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

constexpr int kWidth = 640, kHeight = 400;

/// The greenest of the pixels within 2 columns of p (a thin line's anti-aliased edge may fall between pixels).
Rgb GreenestNear(const RenderedImage& image, glm::dvec2 p)
{
    Rgb best = PixelAt(image, p);
    for (int dx = -2; dx <= 2; ++dx) {
        const Rgb c = PixelAt(image, p + glm::dvec2(dx, 0));
        best = c.g - c.r > best.g - best.r ? c : best;
    }
    return best;
}

SceneShape Named(const char* name, Shape shape, glm::vec4 color)
{
    SceneShape s;
    s.name = name;
    s.color = color;
    s.shape = std::move(shape);
    return s;
}

/// Renders `scene` in the 2D view with `select` selected; the camera in `camera`.
RenderedImage Render2d(const Scene& scene, ShapeId select, Camera& camera)
{
    camera = *CameraForView(scene, "2d", {kWidth, kHeight});
    std::string error;
    auto image = RenderScene(scene, camera, kWidth, kHeight, 1, select, error);
    EXPECT_TRUE(image.has_value()) << error;
    return image ? *image : RenderedImage{};
}

glm::dvec2 Project(const Camera& c, glm::dvec3 p) { return glm::dvec2(*WorldToScreen(c, p)); }

/// A ray along +x through the -x face of the box [1, 2] x [1, 2] x [0, 1] at (1, 1.5, 0.5) (away
/// from the grid's axes), the family drawn by `drawn`.
Scene RayThroughFace(const char* drawn, ShapeId& ray)
{
    Scene scene;
    scene.Add(Named("box", Aabb<double>{{1, 1, 0}, {2, 2, 1}}, {0.3f, 0.5f, 1.0f, 1.0f}));
    ray = scene.Add(Named("ray", Ray<double>{{-1.5, 1.5, 0.5}, {1, 0, 0}}, {1.0f, 0.75f, 0.2f, 1.0f}));
    scene.Settings(Family::RayAabb).drawn = FindAlgorithm(Family::RayAabb, drawn);
    return scene;
}

TEST(OverlayProbe, FacePlanesMarkTheFaceTriedGreenWhenItsPointIsInside)
{
    ShapeId ray = 0;
    Camera camera;
    // face_planes crosses the -x face's plane at (1, 1.5, 0.5), inside the face: the face (edge-on
    // in 2D: the line x = 1 from y = 1 to 2) is outlined in the inside colour
    const Scene withFaces = RayThroughFace("face_planes", ray);
    const RenderedImage faces = Render2d(withFaces, ray, camera);
    const Rgb green = GreenestNear(faces, Project(camera, {1, 1.25, 0.5}));
    EXPECT_GE(green.g, 200) << green.r << "," << green.g << "," << green.b;
    EXPECT_LE(green.r, 130);
    EXPECT_LE(green.b, 150);
    // the slab method draws its x slab plane there instead (red), and no face
    const Scene withSlabs = RayThroughFace("slab", ray);
    const RenderedImage slabs = Render2d(withSlabs, ray, camera);
    const Rgb red = PixelAt(slabs, Project(camera, {1, 1.25, 0.5}));
    EXPECT_GT(red.r, red.g + 60) << red.r << "," << red.g << "," << red.b;
}

TEST(OverlayProbe, ExpandedBoxDrawsTheGrownBox)
{
    Scene scene;
    scene.Add(Named("box", Aabb<double>{{0, 0, 0}, {1, 1, 1}}, {0.3f, 0.5f, 1.0f, 1.0f}));
    const ShapeId sphere = scene.Add(Named("sphere", Sphere<double>{{1.5, 1.5, 0.5}, 0.625}, {0.4f, 0.9f, 0.5f, 1.0f}));
    scene.Settings(Family::SphereAabb).drawn = FindAlgorithm(Family::SphereAabb, "expanded_box");
    Camera camera;
    // the box grown by 0.625: its left edge is the line x = -0.625, far from every other shape
    const RenderedImage grown = Render2d(scene, sphere, camera);
    const Rgb edge = PixelAt(grown, Project(camera, {-0.625, 0.5, 0.5}));
    EXPECT_GE(edge.b, 200) << edge.r << "," << edge.g << "," << edge.b;
    EXPECT_GE(edge.g, 170);
    EXPECT_LE(edge.r, 150);
    // the reference (closest point) draws no grown box: the background there
    scene.Settings(Family::SphereAabb).drawn = FindAlgorithm(Family::SphereAabb, "closest_point");
    const RenderedImage plain = Render2d(scene, sphere, camera);
    const Rgb none = PixelAt(plain, Project(camera, {-0.625, 0.5, 0.5}));
    EXPECT_LE(none.b, 90) << none.r << "," << none.g << "," << none.b;
}

TEST(OverlayProbe, TheSelectionShowsItsMoveArrowsInTheAxisColours)
{
    Scene scene;
    // centred on (1, 1), so that the arrows lie off the grid's axes
    const ShapeId box = scene.Add(Named("box", Aabb<double>{{-1, -1, -0.5}, {3, 3, 0.5}}, {0.3f, 0.5f, 1.0f, 1.0f}));
    Camera camera;
    const RenderedImage selected = Render2d(scene, box, camera);
    // 60 px right of the centre: on the x arrow (22 to 95 px); 60 px up: on the y arrow
    const glm::dvec2 c = Project(camera, {1, 1, 0});
    const Rgb x = PixelAt(selected, c + glm::dvec2(60, 0));
    const Rgb y = PixelAt(selected, c + glm::dvec2(0, -60));
    const glm::vec4 ax = palette::kAxisX, ay = palette::kAxisY;
    EXPECT_NEAR(x.r, int(ax.x * 255.0f + 0.5f), 8) << x.r << "," << x.g << "," << x.b;
    EXPECT_NEAR(x.g, int(ax.y * 255.0f + 0.5f), 8);
    EXPECT_NEAR(y.g, int(ay.y * 255.0f + 0.5f), 8) << y.r << "," << y.g << "," << y.b;
    EXPECT_NEAR(y.r, int(ay.x * 255.0f + 0.5f), 8);
    // unselected: the box's translucent blue there
    const RenderedImage plain = Render2d(scene, 0, camera);
    const Rgb body = PixelAt(plain, c + glm::dvec2(60, 0));
    EXPECT_GT(body.b, body.r + 20) << body.r << "," << body.g << "," << body.b;
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
