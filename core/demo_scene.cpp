// The built-in demo scene.
#include "demo_scene.h"

#include <glm/gtx/euler_angles.hpp>

namespace hitlab {

namespace {

SceneShape Named(std::string name, glm::vec4 color, Shape shape)
{
    SceneShape s;
    s.name = std::move(name);
    s.color = color;
    s.shape = std::move(shape);
    return s;
}

} // namespace

Scene MakeDemoScene()
{
    Scene scene;
    scene.title = "HitLab demo";
    scene.description =
        "Drag any shape and watch every algorithm's answer change. The **ray along the face** grazes the box: "
        "the reference slab method counts the boundary, the widely copied face-plane test does not. The "
        "**sphere** sits near the box corner where the expanded-box shortcut reports a false overlap.";
    const glm::vec4 box{0.35f, 0.55f, 0.95f, 1.0f};
    const glm::vec4 ray{1.0f, 0.75f, 0.2f, 1.0f};
    const glm::vec4 sphere{0.4f, 0.85f, 0.45f, 1.0f};
    const glm::vec4 obb{0.85f, 0.45f, 0.85f, 1.0f};
    scene.Add(Named("box", box, Aabb<double>{{0, 0, 0}, {1, 1, 1}}));
    scene.Add(Named("ray along the face", ray, Ray<double>{{-2, 0, 0.5}, {1, 0, 0}}));
    scene.Add(Named("ray from inside", {1.0f, 0.45f, 0.3f, 1.0f}, Ray<double>{{0.5, 0.5, 0.5}, {0.25, 1, 0.5}}));
    scene.Add(Named("segment", {0.95f, 0.95f, 0.5f, 1.0f}, Segment<double>{{-1.5, 1.5, 0.25}, {0.5, 0.5, 0.25}}));
    scene.Add(Named("sphere near the corner", sphere, Sphere<double>{{1.5, 1.5, 1.5}, 0.75}));
    Obb<double> bar{{4, 0.5, 0}, {1.5, 0.25, 0.25}};
    Obb<double> cross{{4, 0.5, 0}, {0.125, 1.5, 0.5}};
    const glm::dmat4 r = glm::eulerAngleXYZ(0.0, 0.0, glm::radians(20.0));
    for (int i = 0; i < 3; ++i) {
        bar.axes[static_cast<size_t>(i)] = glm::dvec3(r[i]);
        cross.axes[static_cast<size_t>(i)] = glm::dvec3(r[i]);
    }
    scene.Add(Named("bar", obb, bar));
    scene.Add(Named("cross bar", {0.95f, 0.55f, 0.7f, 1.0f}, cross));
    scene.Add(Named("ground plane", {0.6f, 0.6f, 0.6f, 1.0f}, Plane<double>{{0, 1, 0}, -1}));
    scene.camera.target = {1.5, 0.5, 0.5};
    scene.camera.distance = 9.0;
    return scene;
}

} // namespace hitlab
