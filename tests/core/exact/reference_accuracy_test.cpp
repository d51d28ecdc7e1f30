// The references' stated accuracy (docs/protocol.md, "The references' accuracy"), proved on seeded
// generated cases against the exact judge in float and double: ordinary cases plus the
// ill-conditioned ones (near tangency, near-parallel faces, origins near the surface, dot products
// that cancel). A value's error is measured in units of eps * max(|exact|, floor): eps the run's
// epsilon (2^-23, 2^-52) and floor the comparison's scale (QueryValueScale: t in units of the
// largest coordinate over |direction|), the unit of the comparison's tolerance (kValueUlps).
// The float cases use float-representable inputs, so the judge sees what the float run sees.
#include "core/compare.h"
#include "core/exact/exact.h"
#include "core/exact/hunt.h"
#include "support/case_count.h"

#include <glm/glm.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace hitlab {
namespace HITLAB_UNITY_ID {

double Eps(Precision precision) { return precision == Precision::Float ? 0x1p-23 : 0x1p-52; }

/// x rounded to the run's precision (what a float run sees). Not inlined: GCC 12 at -O3 drops the
/// round trip double(float(x)) of two vector lanes when it vectorises the three calls below.
[[gnu::noinline]] double Rounded(double x, Precision precision)
{
    return precision == Precision::Float ? double(float(x)) : x;
}

glm::dvec3 Rounded(const glm::dvec3& v, Precision precision)
{
    glm::dvec3 out;
    for (int i = 0; i < 3; ++i) {
        out[i] = Rounded(v[i], precision);
    }
    return out;
}

/// The error of value against exact in units of eps * max(|exact|, floor).
double Units(double value, double exact, double floor, Precision precision)
{
    if (value == exact) {
        return 0;
    }
    if (!std::isfinite(value) || !std::isfinite(exact)) {
        return INFINITY;
    }
    return std::abs(value - exact) / (Eps(precision) * std::max(std::abs(exact), floor));
}

/// The worst case of a run of generated queries.
struct Worst {
    double units = 0;       ///< the largest t (or depth) error
    int wrongVerdicts = 0;  ///< verdicts that differ from the judge's
    int touching = 0;       ///< verdicts that differ within 4 units of touching
    double normalUnits = 0; ///< ray_sphere: the largest normal error (floor: the comparison's normal scale)
    double uvUnits = 0;     ///< triangle casts: the largest u or v error (floor: the barycentric scale)
    int hits = 0;
    std::string where;        ///< the values of the largest error
    std::string verdictWhere; ///< the first query with a wrong verdict
};

std::string Describe(const glm::dvec3& v)
{
    char text[128];
    std::snprintf(text, sizeof text, "[%.17g, %.17g, %.17g]", v.x, v.y, v.z);
    return text;
}

/// The query's shapes, for a failure message.
std::string Describe(const Query& query)
{
    std::string text;
    for (const Shape* shape : {&query.a, &query.b}) {
        std::visit(
            [&](const auto& s) {
                using S = std::decay_t<decltype(s)>;
                if constexpr (std::is_same_v<S, Ray<double>>) {
                    text += "ray " + Describe(s.origin) + " dir " + Describe(s.direction) + "; ";
                } else if constexpr (std::is_same_v<S, Segment<double>>) {
                    text += "segment " + Describe(s.start) + " " + Describe(s.end) + "; ";
                } else if constexpr (std::is_same_v<S, Sphere<double>>) {
                    text += "sphere " + Describe(s.center) + " r " + std::to_string(s.radius) + "; ";
                } else if constexpr (std::is_same_v<S, Aabb<double>>) {
                    text += "aabb " + Describe(s.min) + " " + Describe(s.max) + "; ";
                } else if constexpr (std::is_same_v<S, Obb<double>>) {
                    text += "obb " + Describe(s.center) + " h " + Describe(s.halfExtents) + " axes " +
                            Describe(s.axes[0]) + Describe(s.axes[1]) + Describe(s.axes[2]) + "; ";
                } else if constexpr (std::is_same_v<S, Plane<double>>) {
                    text += "plane " + Describe(s.normal) + " d " + std::to_string(s.distance) + "; ";
                } else if constexpr (std::is_same_v<S, Point<double>>) {
                    text += "point " + Describe(s.position) + "; ";
                } else if constexpr (std::is_same_v<S, Triangle<double>>) {
                    text += "triangle " + Describe(s.vertices[0]) + Describe(s.vertices[1]) + Describe(s.vertices[2]) +
                            "; ";
                } else if constexpr (std::is_same_v<S, Mesh<double>>) {
                    text += "mesh of " + std::to_string(s.TriangleCount()) + " triangles; ";
                } else {
                    text += "convex hull of " + std::to_string(s.PointCount()) + " points; ";
                }
            },
            *shape);
    }
    return text;
}

/// Runs the family's reference on query and folds its error into worst.
void Judge(const Query& query, Precision precision, Worst& worst)
{
    const Result r = Run(ReferenceAlgorithm(query.family), query, precision);
    const ExactResult e = JudgeExact(query);
    ASSERT_TRUE(e.valid) << e.note;
    if (r.hit != e.hit) {
        // the verdict may differ within 4 units of touching: overlaps and containment, the depth
        // (computed or exact) that close to 0; ray casts, the exact verdict flips when b moves by 4
        // eps of the query's largest number (a float origin 1.8e-8 outside an obb's face, moving
        // away, on coordinates near 3, whose local coordinate a float dot product cannot resolve)
        const double floor = QueryValueScale(query).length;
        const bool near = IsCast(query.family) ? NearBoundary(query, 4 * Eps(precision))
                                               : (r.hit ? r.depth : e.depth.value) <= 4 * Eps(precision) * floor;
        if (near) {
            ++worst.touching;
            return;
        }
        if (worst.wrongVerdicts++ == 0) {
            worst.verdictWhere = Describe(query) + (r.hit ? ": hit, exact miss" : ": miss, exact hit");
        }
        return;
    }
    if (!r.hit) {
        return;
    }
    ++worst.hits;
    const ValueScale scale = QueryValueScale(query);
    double units = 0;
    if (IsCast(query.family)) {
        units = std::max(Units(r.tEnter, e.tEnter.value, scale.t, precision),
                         Units(r.tExit, e.tExit.value, scale.t, precision));
        if (e.hasUv && e.hasFront) { // a triangle crossed transversally: its barycentrics too
            worst.uvUnits = std::max({worst.uvUnits, Units(r.u, e.u.value, scale.barycentric, precision),
                                      Units(r.v, e.v.value, scale.barycentric, precision)});
        }
    } else {
        units = Units(r.depth, e.depth.value, scale.length, precision);
    }
    // ray_sphere's normal (point - c) / r against the one at the judge's entry (long double)
    if (query.family == Family::RaySphere && r.hasNormal) {
        const auto& ray = std::get<Ray<double>>(query.a);
        const auto& sphere = std::get<Sphere<double>>(query.b);
        for (int k = 0; k < 3; ++k) {
            const long double p = (long double)ray.origin[k] + (long double)e.tEnter.value * ray.direction[k];
            const double exact = double((p - sphere.center[k]) / sphere.radius);
            worst.normalUnits = std::max(worst.normalUnits, Units(r.normal[k], exact, scale.normal, precision));
        }
    }
    if (units > worst.units) {
        worst.units = units;
        char text[256];
        std::snprintf(text, sizeof text, "t/depth %.17g (exact %.17g, %.17g)",
                      IsCast(query.family) ? r.tEnter : r.depth, IsCast(query.family) ? e.tEnter.value : e.depth.value,
                      e.tExit.value);
        worst.where = text;
    }
}

const char* Name(Precision precision) { return precision == Precision::Float ? "float" : "double"; }

/// A random unit vector.
glm::dvec3 UnitVector(std::mt19937_64& rng)
{
    std::normal_distribution<double> n;
    // z first, one draw a statement: the order GCC gave the constructor's arguments, now the same
    // under every compiler (the older generators' inline glm::dvec3(u(rng), ...) are not)
    const double z = n(rng), y = n(rng), x = n(rng);
    const glm::dvec3 v(x, y, z);
    return v / glm::length(v);
}

/// A unit vector perpendicular to v.
glm::dvec3 Perpendicular(const glm::dvec3& v, std::mt19937_64& rng)
{
    const glm::dvec3 p = glm::cross(v, UnitVector(rng));
    return p / glm::length(p);
}

/// 2^-k with k uniform in [0, kMax]: how close to the boundary a case is.
double Closeness(std::mt19937_64& rng, int kMax) { return std::ldexp(1.0, -int(rng() % uint64_t(kMax + 1))); }

// ---- ray_sphere quadratic_stable ----

/// A ray against a sphere: ordinary, near tangency (impact parameter r (1 -+ 2^-k)), the origin
/// near the surface, far spheres, direction lengths from 2^-20 to 2^20.
Query SphereCase(std::mt19937_64& rng, Precision precision)
{
    std::uniform_real_distribution<double> u(-1, 1);
    const double size = std::ldexp(1.0, int(rng() % 9) - 4);
    const glm::dvec3 center = Rounded(size * 8.0 * glm::dvec3(u(rng), u(rng), u(rng)), precision);
    const double radius = Rounded(size * (0.5 + u(rng) * 0.4), precision);
    const glm::dvec3 dir = UnitVector(rng);
    const glm::dvec3 side = Perpendicular(dir, rng);
    double impact = radius * std::abs(u(rng));
    double back = size * (2 + 30 * std::abs(u(rng)));
    switch (rng() % 4) {
    case 0: // near tangency, in or out
        impact = radius * (1 + (rng() % 2 ? 1 : -1) * Closeness(rng, 50));
        break;
    case 1: // the origin near the surface
        back = std::sqrt(std::max(0.0, radius * radius - impact * impact)) *
               (1 + (rng() % 2 ? 1 : -1) * Closeness(rng, 50));
        break;
    case 2: // a far sphere
        back *= std::ldexp(1.0, int(rng() % 12));
        break;
    default:
        break;
    }
    const glm::dvec3 origin = Rounded(center + impact * side - back * dir * (rng() % 5 ? 1.0 : -1.0), precision);
    const double length = std::ldexp(1.0 + std::abs(u(rng)), int(rng() % 41) - 20);
    const glm::dvec3 direction = Rounded(length * dir, precision);
    return {Family::RaySphere, Ray<double>{origin, direction}, Sphere<double>{center, radius}};
}

// ---- ray_obb local_slab ----

/// A ray against a rotated box (axes a rounded random rotation): ordinary, near-parallel to a face
/// (a local direction component 2^-k of the others), the origin near a face plane, so that the
/// dot products of the frame change cancel.
Query ObbCase(std::mt19937_64& rng, Precision precision)
{
    std::uniform_real_distribution<double> u(-1, 1);
    const double size = std::ldexp(1.0, int(rng() % 7) - 3);
    const glm::dvec3 a0 = UnitVector(rng);
    const glm::dvec3 a1 = Perpendicular(a0, rng);
    const glm::dvec3 a2 = glm::cross(a0, a1);
    const glm::dvec3 axes[3] = {a0, a1, a2};
    const glm::dvec3 h(size * (0.5 + std::abs(u(rng))), size * (0.5 + std::abs(u(rng))),
                       size * (0.5 + std::abs(u(rng))));
    const glm::dvec3 center = size * 4.0 * glm::dvec3(u(rng), u(rng), u(rng));
    // in the box's frame: an origin outside, aimed at a point of the box or near a face
    glm::dvec3 local(u(rng) * 3 * h.x, u(rng) * 3 * h.y, u(rng) * 3 * h.z);
    glm::dvec3 target(u(rng) * h.x, u(rng) * h.y, u(rng) * h.z);
    glm::dvec3 localDir = target - local;
    const int face = int(rng() % 3);
    if (rng() % 3 != 0) {
        // near-parallel to face `face`: that component 2^-k of the direction's length, the origin
        // within 2^-k of the face plane
        const double closeness = Closeness(rng, 40);
        localDir[face] = (rng() % 2 ? 1 : -1) * closeness * glm::length(localDir);
        local[face] = (rng() % 2 ? 1 : -1) * h[face] * (1 + (rng() % 2 ? 1 : -1) * Closeness(rng, 40));
    }
    glm::dvec3 origin = center, direction(0);
    for (int i = 0; i < 3; ++i) {
        origin += local[i] * axes[i];
        direction += localDir[i] * axes[i];
    }
    direction *= std::ldexp(1.0, int(rng() % 21) - 10) / glm::length(direction);
    Obb<double> box{Rounded(center, precision),
                    Rounded(h, precision),
                    {Rounded(a0, precision), Rounded(a1, precision), Rounded(a2, precision)}};
    return {Family::RayObb, Ray<double>{Rounded(origin, precision), Rounded(direction, precision)}, box};
}

// ---- the other references ----

/// A random rotation's axes (orthonormal, rounded later).
std::array<glm::dvec3, 3> RandomAxes(std::mt19937_64& rng)
{
    const glm::dvec3 a0 = UnitVector(rng);
    const glm::dvec3 a1 = Perpendicular(a0, rng);
    return {a0, a1, glm::cross(a0, a1)};
}

/// A box of size about `size` around a random centre.
Aabb<double> RandomBox(std::mt19937_64& rng, double size, Precision precision)
{
    std::uniform_real_distribution<double> u(-1, 1);
    const glm::dvec3 c = size * 4.0 * glm::dvec3(u(rng), u(rng), u(rng));
    const glm::dvec3 h = size * glm::dvec3(0.5 + std::abs(u(rng)), 0.5 + std::abs(u(rng)), 0.5 + std::abs(u(rng)));
    return {Rounded(c - h, precision), Rounded(c + h, precision)};
}

/// A line at an aabb: aimed at a point of it, often near-parallel to a face with the origin near
/// that face's plane.
std::pair<glm::dvec3, glm::dvec3> LineAtBox(std::mt19937_64& rng, const Aabb<double>& box)
{
    std::uniform_real_distribution<double> u(-1, 1);
    const glm::dvec3 c = 0.5 * (box.min + box.max), h = 0.5 * (box.max - box.min);
    glm::dvec3 local(u(rng) * 3 * h.x, u(rng) * 3 * h.y, u(rng) * 3 * h.z);
    glm::dvec3 dir = glm::dvec3(u(rng) * h.x, u(rng) * h.y, u(rng) * h.z) - local;
    if (rng() % 3 != 0) {
        const int face = int(rng() % 3);
        dir[face] = (rng() % 2 ? 1 : -1) * Closeness(rng, 40) * glm::length(dir);
        local[face] = (rng() % 2 ? 1 : -1) * h[face] * (1 + (rng() % 2 ? 1 : -1) * Closeness(rng, 40));
    }
    return {c + local, dir * (std::ldexp(1.0, int(rng() % 21) - 10) / glm::length(dir))};
}

Query AabbRayCase(std::mt19937_64& rng, Precision precision)
{
    const Aabb<double> box = RandomBox(rng, std::ldexp(1.0, int(rng() % 7) - 3), precision);
    const auto [origin, dir] = LineAtBox(rng, box);
    return {Family::RayAabb, Ray<double>{Rounded(origin, precision), Rounded(dir, precision)}, box};
}

Query AabbSegmentCase(std::mt19937_64& rng, Precision precision)
{
    const Aabb<double> box = RandomBox(rng, std::ldexp(1.0, int(rng() % 7) - 3), precision);
    const auto [origin, dir] = LineAtBox(rng, box);
    const double length = glm::length(box.max - box.min) * 4 / glm::length(dir);
    return {Family::SegmentAabb, Segment<double>{Rounded(origin, precision), Rounded(origin + length * dir, precision)},
            box};
}

Query PlaneRayCase(std::mt19937_64& rng, Precision precision)
{
    std::uniform_real_distribution<double> u(-1, 1);
    const double size = std::ldexp(1.0, int(rng() % 9) - 4);
    const glm::dvec3 normal = Rounded(UnitVector(rng) * (0.5 + std::abs(u(rng))), precision);
    const glm::dvec3 onPlane = size * 4.0 * glm::dvec3(u(rng), u(rng), u(rng));
    const double distance = Rounded(glm::dot(normal, onPlane), precision);
    glm::dvec3 dir = UnitVector(rng);
    glm::dvec3 origin = onPlane + size * 8.0 * glm::dvec3(u(rng), u(rng), u(rng));
    if (rng() % 2) {
        // near-parallel, the origin near the plane
        const glm::dvec3 n = normal / glm::length(normal);
        dir = dir - glm::dot(dir, n) * n + (rng() % 2 ? 1 : -1) * Closeness(rng, 40) * n;
        origin = origin - glm::dot(origin - onPlane, n) * n + size * Closeness(rng, 40) * n;
    }
    dir *= std::ldexp(1.0, int(rng() % 21) - 10) / glm::length(dir);
    return {Family::RayPlane, Ray<double>{Rounded(origin, precision), Rounded(dir, precision)},
            Plane<double>{normal, distance}};
}

Query AabbOverlapCase(std::mt19937_64& rng, Precision precision)
{
    const double size = std::ldexp(1.0, int(rng() % 7) - 3);
    const Aabb<double> a = RandomBox(rng, size, precision);
    std::uniform_real_distribution<double> u(-1, 1);
    // b near a: its min at a point near a's max corner, within 2^-k of touching
    const glm::dvec3 h = size * glm::dvec3(0.5 + std::abs(u(rng)), 0.5 + std::abs(u(rng)), 0.5 + std::abs(u(rng)));
    glm::dvec3 lo = a.max - size * glm::dvec3(std::abs(u(rng)), std::abs(u(rng)), std::abs(u(rng)));
    const int axis = int(rng() % 3);
    lo[axis] = a.max[axis] + (rng() % 2 ? 1 : -1) * size * Closeness(rng, 40);
    return {Family::AabbAabb, a, Aabb<double>{Rounded(lo, precision), Rounded(lo + h, precision)}};
}

Query SphereBoxCase(std::mt19937_64& rng, Precision precision)
{
    const double size = std::ldexp(1.0, int(rng() % 7) - 3);
    const Aabb<double> box = RandomBox(rng, size, precision);
    std::uniform_real_distribution<double> u(-1, 1);
    const double radius = Rounded(size * (0.5 + std::abs(u(rng))), precision);
    // the centre off a corner, an edge or a face, at distance r (1 +- 2^-k)
    glm::dvec3 dirOut(0);
    glm::dvec3 foot = 0.5 * (box.min + box.max);
    for (int k = 0; k < 3; ++k) {
        if (rng() % 2) {
            const bool up = rng() % 2;
            foot[k] = up ? box.max[k] : box.min[k];
            dirOut[k] = (up ? 1 : -1) * (0.2 + std::abs(u(rng)));
        } else {
            foot[k] = box.min[k] + (box.max[k] - box.min[k]) * (0.5 + 0.4 * u(rng));
        }
    }
    if (dirOut == glm::dvec3(0)) {
        dirOut.x = 1;
        foot.x = box.max.x;
    }
    dirOut /= glm::length(dirOut);
    const double distance = radius * (1 + (rng() % 2 ? 1 : -1) * Closeness(rng, 40)) * (rng() % 4 ? 1.0 : 0.5);
    return {Family::SphereAabb, Sphere<double>{Rounded(foot + distance * dirOut, precision), radius}, box};
}

Query SphereSphereCase(std::mt19937_64& rng, Precision precision)
{
    std::uniform_real_distribution<double> u(-1, 1);
    const double size = std::ldexp(1.0, int(rng() % 9) - 4);
    const glm::dvec3 c = size * 8.0 * glm::dvec3(u(rng), u(rng), u(rng));
    const double ra = Rounded(size * (0.5 + std::abs(u(rng))), precision);
    const double rb = Rounded(size * (0.5 + std::abs(u(rng))), precision);
    const double distance = (ra + rb) * (1 + (rng() % 2 ? 1 : -1) * Closeness(rng, 40)) * (rng() % 4 ? 1.0 : 0.5);
    return {Family::SphereSphere, Sphere<double>{Rounded(c, precision), ra},
            Sphere<double>{Rounded(c + distance * UnitVector(rng), precision), rb}};
}

Query ObbObbCase(std::mt19937_64& rng, Precision precision)
{
    std::uniform_real_distribution<double> u(-1, 1);
    const double size = std::ldexp(1.0, int(rng() % 7) - 3);
    Obb<double> boxes[2];
    for (Obb<double>& b : boxes) {
        const auto axes = RandomAxes(rng);
        b.halfExtents = Rounded(
            size * glm::dvec3(0.5 + std::abs(u(rng)), 0.5 + std::abs(u(rng)), 0.5 + std::abs(u(rng))), precision);
        b.axes = {Rounded(axes[0], precision), Rounded(axes[1], precision), Rounded(axes[2], precision)};
    }
    const glm::dvec3 c = size * 4.0 * glm::dvec3(u(rng), u(rng), u(rng));
    boxes[0].center = Rounded(c, precision);
    const double reach = glm::length(boxes[0].halfExtents) + glm::length(boxes[1].halfExtents);
    boxes[1].center = Rounded(c + reach * (0.3 + 0.7 * std::abs(u(rng))) * UnitVector(rng), precision);
    return {Family::ObbObb, boxes[0], boxes[1]};
}

Query PointCase(std::mt19937_64& rng, Precision precision)
{
    std::uniform_real_distribution<double> u(-1, 1);
    const double size = std::ldexp(1.0, int(rng() % 7) - 3);
    const int kind = int(rng() % 3);
    if (kind == 0) {
        const Aabb<double> box = RandomBox(rng, size, precision);
        glm::dvec3 p = box.min + (box.max - box.min) * glm::dvec3(std::abs(u(rng)), std::abs(u(rng)), std::abs(u(rng)));
        const int axis = int(rng() % 3);
        p[axis] = box.max[axis] - (box.max[axis] - box.min[axis]) * Closeness(rng, 40);
        return {Family::PointAabb, Point<double>{Rounded(p, precision)}, box};
    }
    const glm::dvec3 c = size * 4.0 * glm::dvec3(u(rng), u(rng), u(rng));
    if (kind == 1) {
        const double r = Rounded(size * (0.5 + std::abs(u(rng))), precision);
        const glm::dvec3 p = c + r * (1 - Closeness(rng, 40) * (rng() % 4 ? 1.0 : 100.0)) * UnitVector(rng);
        return {Family::PointSphere, Point<double>{Rounded(p, precision)}, Sphere<double>{Rounded(c, precision), r}};
    }
    const auto axes = RandomAxes(rng);
    const glm::dvec3 h = size * glm::dvec3(0.5 + std::abs(u(rng)), 0.5 + std::abs(u(rng)), 0.5 + std::abs(u(rng)));
    glm::dvec3 local(u(rng) * h.x, u(rng) * h.y, u(rng) * h.z);
    const int face = int(rng() % 3);
    local[face] = h[face] * (1 - Closeness(rng, 40)) * (rng() % 2 ? 1 : -1);
    const glm::dvec3 p = c + local.x * axes[0] + local.y * axes[1] + local.z * axes[2];
    return {Family::PointObb, Point<double>{Rounded(p, precision)},
            Obb<double>{Rounded(c, precision),
                        Rounded(h, precision),
                        {Rounded(axes[0], precision), Rounded(axes[1], precision), Rounded(axes[2], precision)}}};
}

// ---- ray_triangle, segment_triangle watertight ----

/// A ray or segment aimed at a point of a triangle (inside, or within 2^-k of an edge on either
/// side): triangles of sizes 2^-4 .. 2^4, a quarter of them slivers; origins at 1 to 64 sizes, a
/// third of them grazing (the direction within 2^-k of the plane); a quarter of the cases moved
/// 2^10 .. 2^30 sizes from the origin (float: 2^4 .. 2^12, where the triangle keeps its shape);
/// direction lengths 2^-10 .. 2^10. A segment ends short of the point or beyond it.
Query TriangleCastCase(std::mt19937_64& rng, Precision precision, bool segment)
{
    std::uniform_real_distribution<double> u(-1, 1);
    // a point of [-1, 1]^3, z drawn first (as UnitVector): the same cases under every compiler
    const auto cube = [&] {
        const double z = u(rng), y = u(rng), x = u(rng);
        return glm::dvec3(x, y, z);
    };
    const double size = std::ldexp(1.0, int(rng() % 9) - 4);
    const glm::dvec3 c = size * 4.0 * cube();
    glm::dvec3 v[3] = {c + size * cube(), c + size * cube(), c + size * cube()};
    if (rng() % 4 == 0) { // a sliver: v2 within 2^-k sizes of the line v0 v1
        v[2] = v[0] + (v[1] - v[0]) * std::abs(u(rng)) + size * Closeness(rng, 30) * UnitVector(rng);
    }
    double w1 = std::abs(u(rng)), w2 = std::abs(u(rng)) * (1 - w1);
    if (rng() % 2) { // within 2^-k of an edge, either side
        w2 = (rng() % 2 ? 1 : -1) * Closeness(rng, 40);
    }
    const glm::dvec3 target = v[0] + (v[1] - v[0]) * w1 + (v[2] - v[0]) * w2;
    glm::dvec3 dir = UnitVector(rng);
    if (rng() % 3 == 0) { // grazing
        glm::dvec3 n = glm::cross(v[1] - v[0], v[2] - v[0]);
        n /= glm::length(n);
        dir = dir - glm::dot(dir, n) * n;
        dir = dir / glm::length(dir) + (rng() % 2 ? 1 : -1) * Closeness(rng, 30) * n;
    }
    const double distance = size * std::ldexp(1.0, int(rng() % 7));
    glm::dvec3 origin = target - distance * dir / glm::length(dir);
    if (rng() % 4 == 0) { // float keeps a triangle 2^12 sizes away, double 2^30
        const int far = precision == Precision::Float ? 4 + int(rng() % 9) : 10 + int(rng() % 21);
        const glm::dvec3 offset = size * std::ldexp(1.0, far) * UnitVector(rng);
        origin += offset;
        for (glm::dvec3& x : v) {
            x += offset;
        }
    }
    dir *= std::ldexp(1.0, int(rng() % 21) - 10) / glm::length(dir);
    const Triangle<double> t{{Rounded(v[0], precision), Rounded(v[1], precision), Rounded(v[2], precision)}};
    origin = Rounded(origin, precision);
    dir = Rounded(dir, precision);
    if (!segment) {
        return {Family::RayTriangle, Ray<double>{origin, dir}, t};
    }
    const double reach = distance / glm::length(dir) * (1 + 0.5 * u(rng)); // short of the point or beyond
    return {Family::SegmentTriangle, Segment<double>{origin, Rounded(origin + reach * dir, precision)}, t};
}

Query RayTriangleCase(std::mt19937_64& rng, Precision precision) { return TriangleCastCase(rng, precision, false); }
Query SegmentTriangleCase(std::mt19937_64& rng, Precision precision) { return TriangleCastCase(rng, precision, true); }

void CheckFamily(const std::function<Query(std::mt19937_64&, Precision)>& make, int fullCount, double bound)
{
    const int cases = test::CaseCount(fullCount, 200);
    for (const Precision precision : {Precision::Float, Precision::Double}) {
        std::mt19937_64 rng(20261206);
        Worst worst;
        Family family = Family::RayAabb;
        for (int i = 0; i < cases; ++i) {
            const Query query = make(rng, precision);
            family = query.family;
            Judge(query, precision, worst);
        }
        std::printf("%s %s: %d hits, largest error %.3g eps * max(|exact|, floor), %d wrong verdicts, %d within 4 "
                    "units of touching; %s\n",
                    FamilyName(family).data(), Name(precision), worst.hits, worst.units, worst.wrongVerdicts,
                    worst.touching, worst.where.c_str());
        EXPECT_EQ(worst.wrongVerdicts, 0) << Name(precision) << ": " << worst.verdictWhere;
        if (family == Family::RaySphere) {
            std::printf("  normal: largest error %.3g eps * max(|exact|, normal floor)\n", worst.normalUnits);
            EXPECT_LE(worst.normalUnits, bound) << Name(precision);
        }
        if (family == Family::RayTriangle || family == Family::SegmentTriangle) {
            std::printf("  u, v: largest error %.3g eps * max(|exact|, barycentric floor)\n", worst.uvUnits);
            EXPECT_LE(worst.uvUnits, bound) << Name(precision);
        }
        EXPECT_LE(worst.units, bound) << Name(precision) << ": " << worst.where;
        EXPECT_GT(worst.hits, cases / 4) << Name(precision);
    }
}

TEST(ReferenceAccuracy, RaySphereNearTangencyIsWithinAnUlp)
{
    // the ray from (-3, 0.99999999, 0) along +x against the unit sphere: t = 3 -+ sqrt(1 - y^2) for
    // y the double nearest 0.99999999 (80-digit decimal arithmetic): 2.999858578643761, 3.000141421356239
    const Query query{Family::RaySphere, Ray<double>{{-3, 0.99999999, 0}, {1, 0, 0}}, Sphere<double>{{0, 0, 0}, 1}};
    const Result r = hitlab::Run(ReferenceAlgorithm(Family::RaySphere), query, Precision::Double);
    ASSERT_TRUE(r.hit);
    EXPECT_LE(UlpError(2.999858578643761, r.tEnter, Precision::Double), 1.0) << r.tEnter;
    EXPECT_LE(UlpError(3.000141421356239, r.tExit, Precision::Double), 1.0) << r.tExit;
    const ExactResult e = JudgeExact(query);
    EXPECT_EQ(e.tEnter.value, 2.999858578643761);
    EXPECT_EQ(e.tExit.value, 3.000141421356239);
}

TEST(ReferenceAccuracy, RaySphereGeneratedCases) { CheckFamily(SphereCase, 4000, 4); }

TEST(ReferenceAccuracy, RayObbNearParallelLesson)
{
    // ray-obb-near-parallel.json, float: the ray skimming into the long face; the judge on the
    // float-rounded inputs
    const auto f = [](double x) { return double(float(x)); };
    const Query query{Family::RayObb, Ray<double>{{f(-1.4003), f(0.2004), 0}, {f(0.80048), f(0.59936), 0}},
                      Obb<double>{{0, 0, 0}, {2, 1, 1}, {{{f(0.8), f(0.6), 0}, {f(-0.6), f(0.8), 0}, {0, 0, 1}}}}};
    const ExactResult e = JudgeExact(query);
    const Result r = hitlab::Run(ReferenceAlgorithm(Family::RayObb), query, Precision::Float);
    ASSERT_TRUE(e.hit);
    ASSERT_TRUE(r.hit);
    EXPECT_LE(UlpError(e.tEnter.value, r.tEnter, Precision::Float), 1.0) << r.tEnter << " vs " << e.tEnter.value;
    EXPECT_LE(UlpError(e.tExit.value, r.tExit, Precision::Float), 1.0) << r.tExit << " vs " << e.tExit.value;
}

TEST(ReferenceAccuracy, RayObbGeneratedCases) { CheckFamily(ObbCase, 4000, 4); }

/// A ray along one of a rotated box's (rounded) axes: exactly parallel to the other two slabs in
/// the judge's parallelepiped (n_i . a_j = 0 for j != i), though d . a_i is a rounding residue; the
/// origin within 2^-k of one of those slabs' faces, inside or out.
Query ObbAlongAxisCase(std::mt19937_64& rng, Precision precision)
{
    std::uniform_real_distribution<double> u(-1, 1);
    const auto axes = RandomAxes(rng);
    const Obb<double> box{
        Rounded(glm::dvec3(u(rng), u(rng), u(rng)), precision),
        Rounded(glm::dvec3(1 + std::abs(u(rng)), 1 + std::abs(u(rng)), 1 + std::abs(u(rng))), precision),
        {Rounded(axes[0], precision), Rounded(axes[1], precision), Rounded(axes[2], precision)}};
    const int along = int(rng() % 3), side = (along + 1 + int(rng() % 2)) % 3;
    glm::dvec3 local(u(rng) * box.halfExtents.x, u(rng) * box.halfExtents.y, u(rng) * box.halfExtents.z);
    local[along] = -4 * box.halfExtents[along];
    local[side] = box.halfExtents[side] * (1 + (rng() % 2 ? 1 : -1) * Closeness(rng, 40));
    glm::dvec3 origin = box.center;
    for (int i = 0; i < 3; ++i) {
        origin += local[i] * box.axes[i];
    }
    return {Family::RayObb, Ray<double>{Rounded(origin, precision), box.axes[along]}, box};
}

TEST(ReferenceAccuracy, RayObbAlongAnAxis) { CheckFamily(ObbAlongAxisCase, 2000, 4); }

TEST(ReferenceAccuracy, RayPlaneNearParallel)
{
    // n.dir = -0.6076 + 0.60759 + 2^-40 (exact products -0.6076 and 0.60759, doubles nearest them
    // rounded): the fast sum keeps the rounding of the two large products, 66,858 ulps of t; the
    // exact t = (0 - n.o) / n.dir is 220000.02000938985 (exact rational arithmetic, rounded)
    const Query query{Family::RayPlane, Ray<double>{{1, 2, 3}, {0.98, -6.751, 0x1p-40}},
                      Plane<double>{{-0.62, -0.09, 1}, 0}};
    const ExactResult e = JudgeExact(query);
    EXPECT_EQ(e.tEnter.value, 220000.02000938985);
    const Result r = hitlab::Run(ReferenceAlgorithm(Family::RayPlane), query, Precision::Double);
    ASSERT_TRUE(r.hit);
    EXPECT_LE(UlpError(220000.02000938985, r.tEnter, Precision::Double), 1.0) << r.tEnter;
}

// the references that kept their bound before (generated cases that would catch a regression)
TEST(ReferenceAccuracy, RayPlaneGeneratedCases) { CheckFamily(PlaneRayCase, 4000, 4); }
TEST(ReferenceAccuracy, RayAabbGeneratedCases) { CheckFamily(AabbRayCase, 4000, 4); }
TEST(ReferenceAccuracy, SegmentAabbGeneratedCases) { CheckFamily(AabbSegmentCase, 4000, 4); }
TEST(ReferenceAccuracy, AabbAabbGeneratedCases) { CheckFamily(AabbOverlapCase, 4000, 4); }
TEST(ReferenceAccuracy, SphereAabbGeneratedCases) { CheckFamily(SphereBoxCase, 4000, 4); }
TEST(ReferenceAccuracy, SphereSphereGeneratedCases) { CheckFamily(SphereSphereCase, 4000, 4); }
TEST(ReferenceAccuracy, ObbObbGeneratedCases) { CheckFamily(ObbObbCase, 4000, 4); }
TEST(ReferenceAccuracy, PointFamiliesGeneratedCases) { CheckFamily(PointCase, 4000, 4); }
TEST(ReferenceAccuracy, RayTriangleGeneratedCases) { CheckFamily(RayTriangleCase, 4000, 4); }
TEST(ReferenceAccuracy, SegmentTriangleGeneratedCases) { CheckFamily(SegmentTriangleCase, 4000, 4); }

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(ReferenceAccuracy, RayObbFloatVerdictWithinFourUnitsOfTouching)
{
    // found on aarch64 (its sin and cos draw other boxes): the origin is 1.8e-8 outside the face of
    // axis 1 (local -1.07627024080 against half extent 1.07627022266) and moves away from it. The
    // exact verdict is a miss; a float dot product cannot resolve that local coordinate, so the
    // float reference may say hit, which the bound allows: the verdict flips within 4 units
    const Obb<double> box{{-2.0843701362609863, 0.11468074470758438, -2.1856284141540527},
                          {1.3335881233215332, 1.0762702226638794, 1.0577847957611084},
                          {glm::dvec3{0.84719574451446533, 0.16735917329788208, 0.50423234701156616},
                           glm::dvec3{-0.33206480741500854, 0.90766578912734985, 0.25666281580924988},
                           glm::dvec3{-0.41471958160400391, -0.38488149642944336, 0.82454466819763184}}};
    const Query q{Family::RayObb,
                  Ray<double>{{-2.1752779483795166, -0.88081294298171997, -2.9760894775390625},
                              {619.75018310546875, -266.45919799804688, 770.3798828125}},
                  box};
    EXPECT_FALSE(JudgeExact(q).hit);
    EXPECT_TRUE(NearBoundary(q, 4 * 0x1p-23));
    EXPECT_FALSE(NearBoundary(q, 0x1p-40)); // but not within double's resolution: double decides it
    EXPECT_FALSE(hitlab::Run(ReferenceAlgorithm(Family::RayObb), q, Precision::Double).hit);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
