// Built-in scenes and render views.
#include "scenes.h"

#include "core/demo_scene.h"
#include "core/pair_cull.h"

#include <glm/geometric.hpp>

#include <random>
#include <string>

namespace hitlab {

Scene MakeStressScene()
{
    Scene scene;
    scene.title = "Stress: 1,000 solids, 100 rays";
    std::mt19937 rng(1234);
    std::uniform_real_distribution<double> jitter(-0.3, 0.3), size(0.2, 0.45), unit(-1.0, 1.0), hue(0.0, 1.0);
    for (int i = 0; i < 1000; ++i) {
        // a 10 x 10 x 10 lattice with 2.5 units between cells
        const glm::dvec3 cell{double(i % 10), double((i / 10) % 10), double(i / 100)};
        const glm::dvec3 c = (cell - 4.5) * 2.5 + glm::dvec3(jitter(rng), jitter(rng), jitter(rng));
        SceneShape s;
        const float h = float(hue(rng));
        s.color = {0.35f + 0.5f * h, 0.5f, 0.95f - 0.5f * h, 1.0f};
        if (i % 2 == 0) {
            const glm::dvec3 half{size(rng), size(rng), size(rng)};
            s.shape = Aabb<double>{c - half, c + half};
            s.name = "box " + std::to_string(i / 2 + 1);
        } else {
            s.shape = Sphere<double>{c, size(rng)};
            s.name = "sphere " + std::to_string(i / 2 + 1);
        }
        scene.Add(std::move(s));
    }
    for (int i = 0; i < 100; ++i) {
        SceneShape s;
        s.color = {1.0f, 0.75f, 0.2f, 1.0f};
        const glm::dvec3 origin{unit(rng) * 14.0, unit(rng) * 14.0, 16.0};
        const glm::dvec3 toward{unit(rng) * 8.0, unit(rng) * 8.0, unit(rng) * 8.0};
        s.shape = Ray<double>{origin, glm::normalize(toward - origin)};
        s.name = "ray " + std::to_string(i + 1);
        scene.Add(std::move(s));
    }
    scene.SetSolidPairsEnabled(false); // 500,000 overlap pairs would dwarf the ray casts studied here
    scene.camera.target = {0.0, 0.0, 0.0};
    scene.camera.distance = 48.0;
    return scene;
}

std::optional<Scene> OpenScene(const std::string& name, const SceneLoader& loader, IoError& error,
                               LoadProgress* progress)
{
    if (name.empty() || name == "demo") {
        return MakeDemoScene();
    }
    if (name == "stress") {
        return MakeStressScene();
    }
    if (!loader) {
        error = {name, "cannot open: scene files are not supported in this build (built-in scenes: demo, stress)"};
        return std::nullopt;
    }
    return loader(name, error, progress);
}

std::string LimitSolidPairsForWindow(Scene& scene)
{
    if (!scene.SolidPairsEnabled()) {
        return {};
    }
    const QueryList counted = ListQueries(scene, {.cullSolidPairs = false, .limit = 0}); // counts, lists nothing
    if (counted.solidPairs <= kWindowSolidPairs) {
        return {};
    }
    scene.SetSolidPairsEnabled(false);
    return "This scene has " + std::to_string(counted.solidPairs) +
           " pairs of solids, more than the window evaluates (" + std::to_string(kWindowSolidPairs) +
           "): pairs of solids are off, and the " + std::to_string(counted.casts) +
           " ray and segment casts are shown. `hitlab report` culls the pairs by their bounds and reports the rest. "
           "Saving this scene writes \"solid_pairs\": false.";
}

bool ShapeBounds(const Shape& shape, glm::dvec3& min, glm::dvec3& max)
{
    switch (KindOf(shape)) {
    case ShapeKind::Aabb: {
        const auto& box = std::get<Aabb<double>>(shape);
        min = box.min;
        max = box.max;
        return true;
    }
    case ShapeKind::Obb: {
        const auto& obb = std::get<Obb<double>>(shape);
        const glm::dvec3 r = ObbAxisHalfWidths(obb);
        min = obb.center - r;
        max = obb.center + r;
        return true;
    }
    case ShapeKind::Sphere: {
        const auto& sphere = std::get<Sphere<double>>(shape);
        min = sphere.center - sphere.radius;
        max = sphere.center + sphere.radius;
        return true;
    }
    case ShapeKind::Ray: {
        const auto& ray = std::get<Ray<double>>(shape);
        min = glm::min(ray.origin, ray.origin + ray.direction);
        max = glm::max(ray.origin, ray.origin + ray.direction);
        return true;
    }
    case ShapeKind::Segment: {
        const auto& seg = std::get<Segment<double>>(shape);
        min = glm::min(seg.start, seg.end);
        max = glm::max(seg.start, seg.end);
        return true;
    }
    case ShapeKind::Point:
        min = std::get<Point<double>>(shape).position;
        max = min;
        return true;
    case ShapeKind::Triangle: {
        const auto& v = std::get<Triangle<double>>(shape).vertices;
        min = glm::min(v[0], glm::min(v[1], v[2]));
        max = glm::max(v[0], glm::max(v[1], v[2]));
        return true;
    }
    case ShapeKind::Mesh: {
        const auto& mesh = std::get<Mesh<double>>(shape);
        if (mesh.TriangleCount() == 0) {
            return false;
        }
        min = mesh.data->boundsMin;
        max = mesh.data->boundsMax;
        return true;
    }
    case ShapeKind::Convex: {
        const auto& convex = std::get<Convex<double>>(shape);
        if (convex.PointCount() == 0) {
            return false;
        }
        min = convex.data->boundsMin;
        max = convex.data->boundsMax;
        return true;
    }
    case ShapeKind::Plane:
        return false;
    }
    UnknownShapeKind(KindOf(shape));
}

bool SceneBounds(const Scene& scene, glm::dvec3& min, glm::dvec3& max)
{
    bool any = false;
    for (const SceneShape& s : scene.Shapes()) {
        glm::dvec3 lo, hi;
        if (!s.visible || !ShapeBounds(s.shape, lo, hi)) {
            continue;
        }
        min = any ? glm::min(min, lo) : lo;
        max = any ? glm::max(max, hi) : hi;
        any = true;
    }
    return any;
}

std::optional<Camera> CameraForView(const Scene& scene, const std::string& view, glm::dvec2 size)
{
    Camera camera = CameraFromState(scene.camera, size);
    if (view == "persp") {
        camera.orthographic = false;
        camera.view2d = false;
        return camera;
    }
    if (view == "front" || view == "right" || view == "top") {
        SetStandardView(camera, view == "front"   ? StandardView::Front
                                : view == "right" ? StandardView::Right
                                                  : StandardView::Top);
        camera.orthographic = true;
    } else if (view == "2d") {
        camera.view2d = true;
    } else {
        return std::nullopt;
    }
    glm::dvec3 lo, hi;
    if (SceneBounds(scene, lo, hi)) {
        Frame(camera, lo, hi);
    }
    return camera;
}

} // namespace hitlab
