// Box2D 2.4 as a HitLab plugin (docs/plugins.md, "Engine peers"): b2AABB::RayCast, the 2D slab test
// of Box2D's broad phase, for the 2D lessons (everything in a plane z = const). Box2D computes in
// float (b2Vec2): a double query is rounded to float first and the result widened.
#include "hitlab/plugin.h"

#include <box2d/b2_collision.h>

#include <cfloat>
#include <cstddef>

namespace {

/// The error code for a ray that leaves its plane z = const: Box2D is 2D.
constexpr int32_t kNotPlanar = 2;

/// b2AABB::RayCast over the ray's projection on the xy plane: p1 = origin, p2 = origin + direction,
/// maxFraction = FLT_MAX, so the fraction is t in units of the direction. The z axis is not Box2D's:
/// a ray with a z component is an error, one whose plane misses the box's z range a miss.
void RayCast(const hitlab_query_f& q, hitlab_result_f& r)
{
    const hitlab_ray_f& ray = q.a.ray;
    const hitlab_aabb_f& box = q.b.aabb;
    if (ray.direction[2] != 0) {
        r.error = kNotPlanar;
        return;
    }
    if (ray.origin[2] < box.min[2] || box.max[2] < ray.origin[2]) {
        return; // parallel to the z slab and outside it
    }
    b2AABB aabb;
    aabb.lowerBound.Set(box.min[0], box.min[1]);
    aabb.upperBound.Set(box.max[0], box.max[1]);
    b2RayCastInput input;
    input.p1.Set(ray.origin[0], ray.origin[1]);
    input.p2.Set(ray.origin[0] + ray.direction[0], ray.origin[1] + ray.direction[1]);
    input.maxFraction = FLT_MAX;
    b2RayCastOutput output;
    if (!aabb.RayCast(&output, input)) {
        return;
    }
    const b2Vec2 d = input.p2 - input.p1;
    r.hit = 1;
    r.t_enter = output.fraction;
    r.point[0] = input.p1.x + output.fraction * d.x;
    r.point[1] = input.p1.y + output.fraction * d.y;
    r.point[2] = ray.origin[2];
    r.normal[0] = output.normal.x;
    r.normal[1] = output.normal.y;
    r.has_normal = 1;
}

void BatchF(const hitlab_query_f* queries, hitlab_result_f* results, size_t count)
{
    for (size_t i = 0; i < count; ++i) {
        RayCast(queries[i], results[i]);
    }
}

/// A double query: rounded to float (Box2D has no double build), answered, widened.
void BatchD(const hitlab_query_d* queries, hitlab_result_d* results, size_t count)
{
    for (size_t i = 0; i < count; ++i) {
        hitlab_query_f q{};
        for (int k = 0; k < 3; ++k) {
            q.a.ray.origin[k] = float(queries[i].a.ray.origin[k]);
            q.a.ray.direction[k] = float(queries[i].a.ray.direction[k]);
            q.b.aabb.min[k] = float(queries[i].b.aabb.min[k]);
            q.b.aabb.max[k] = float(queries[i].b.aabb.max[k]);
        }
        hitlab_result_f r{};
        RayCast(q, r);
        hitlab_result_d& out = results[i];
        out.hit = r.hit;
        out.error = r.error;
        out.has_normal = r.has_normal;
        out.t_enter = r.t_enter;
        for (int k = 0; k < 3; ++k) {
            out.point[k] = r.point[k];
            out.normal[k] = r.normal[k];
        }
    }
}

const hitlab_convention kConventions[] = {
    {"origin_inside", "miss"},
    {"boundary", "inclusive"},
    {"t_range", "t >= 0"},
    {"direction", "any"},
    {"parallel", "|component| < FLT_EPSILON counts as parallel"},
    {"dimensions", "2 (the xy plane; a ray with a z component is an error)"},
    {"precision", "float (b2Vec2)"},
    {"flaw_when", "epsilon 1.2e-7"},
};

const hitlab_algorithm kAlgorithms[] = {
    {"box2d_raycast", "ray_aabb", "Box2D b2AABB::RayCast",
     "Box2D's slab test in 2D (the broad phase's ray cast, after Real-Time Collision Detection 5.3.3) on "
     "the ray's xy projection, with maxFraction = FLT_MAX: the entry fraction and the entered edge's normal; "
     "a ray starting inside the box misses.",
     "Box2D 2.4.1 (Debian libbox2d-dev), b2AABB::RayCast", 0, kConventions, 8, "hit t_enter point normal",
     "it computes in float, with the direction recomputed as p2 - p1 in float, and takes a direction "
     "component below FLT_EPSILON (1.19e-7) in magnitude as parallel: such rays are decided by the origin alone",
     BatchF, BatchD, nullptr, nullptr},
};

const hitlab_plugin kPlugin = {HITLAB_PLUGIN_ABI_VERSION, "Box2D", kAlgorithms, 1, nullptr, nullptr, nullptr};

} // namespace

extern "C" HITLAB_PLUGIN_EXPORT const hitlab_plugin* hitlab_plugin_v1(void) { return &kPlugin; }
