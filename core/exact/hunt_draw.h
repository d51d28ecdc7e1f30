// The building blocks of the hunt's query distributions (hunt_generate.cpp, hunt_families.cpp):
// dyadic coordinates, sizes, signed zeros, axis-parallel and aimed directions, points on box
// features, oriented boxes. Inline: the hunt draws millions of these a second.
#pragma once

#include "hunt_detail.h"

#include <glm/glm.hpp>

#include <array>
#include <cstdint>

namespace hitlab::hunt::draw {

using glm::dvec3;

/// n uniform choices 0..n-1 from 16 random bits (multiply-shift).
inline int Pick16(std::uint64_t bits, int n) { return int(((bits & 0xffff) * std::uint64_t(n)) >> 16); }

/// A dyadic coordinate: mostly halves (12 in 20), some integers (4 in 20), some k/1024. One draw
/// gives every candidate and the choice, and the choice is a select, not a branch: random
/// branches mispredict half the time, and the hunt draws millions of these a second.
inline double Grid(Rng& rng)
{
    const std::uint64_t r = rng.Next();
    const int k = Pick16(r >> 48, 20);
    const double half = (Pick16(r, 17) - 8) * 0.5;
    const double whole = Pick16(r >> 16, 13) - 6;
    const double fine = (Pick16(r >> 32, 8193) - 4096) / 1024.0;
    return k < 12 ? half : k < 16 ? whole : fine;
}
inline dvec3 GridV(Rng& rng) { return {Grid(rng), Grid(rng), Grid(rng)}; }
inline dvec3 RandV(Rng& rng) { return {rng.Uniform(-4, 4), rng.Uniform(-4, 4), rng.Uniform(-4, 4)}; }
/// A size >= 0: sometimes 0 (flat), mostly simple.
inline double Size(Rng& rng)
{
    const int k = rng.Int(0, 19);
    return k == 0 ? 0.0 : k < 14 ? rng.Int(1, 8) * 0.5 : rng.Int(1, 4096) / 1024.0;
}
inline double Zero(Rng& rng) { return rng.Chance(0.5) ? 0.0 : -0.0; }

inline dvec3 NonZero(dvec3 d, Rng& rng)
{
    if (d.x == 0 && d.y == 0 && d.z == 0) {
        d[rng.Int(0, 2)] = rng.Chance(0.5) ? 1 : -1;
    }
    return d;
}

/// Axis-parallel: one component +-(1 or a size), the others +0 or -0.
inline dvec3 AxisDir(Rng& rng)
{
    dvec3 d{Zero(rng), Zero(rng), Zero(rng)};
    const double sign = rng.Chance(0.5) ? 1 : -1;
    const double length = rng.Chance(0.5) ? 1 : Size(rng) + 0.5;
    d[rng.Int(0, 2)] = sign * length;
    return d;
}

/// A grid direction with one or two components replaced by +0 or -0.
inline dvec3 ZeroSome(Rng& rng)
{
    dvec3 d = GridV(rng);
    const int keep = rng.Int(0, 2);
    for (int i = 0; i < 3; ++i) {
        if (i != keep && rng.Chance(0.6)) {
            d[i] = Zero(rng);
        }
    }
    return NonZero(d, rng);
}

/// A point of the box [lo, hi]: `fixed` axes (chosen at random) on a bound (min or max), the
/// others inside (the middle, or a multiple of an eighth of the side). One draw, selects only.
inline dvec3 Feature(Rng& rng, const dvec3& lo, const dvec3& hi, int fixed)
{
    static constexpr int kOrders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    const std::uint64_t r = rng.Next();
    const int* order = kOrders[Pick16(r >> 48, 6)];
    dvec3 p;
    for (int k = 0; k < 3; ++k) {
        const int i = order[k];
        const std::uint64_t bits = r >> (16 * k); // 16 bits per axis: side, middle, 14 for the eighth
        const double bound = (bits & 1) != 0 ? lo[i] : hi[i];
        const int n = int((((bits >> 2) & 0x3fff) * 9) >> 14); // 0..8
        const double eighth = lo[i] + (hi[i] - lo[i]) * n * 0.125;
        const double inside = (bits & 2) != 0 ? (lo[i] + hi[i]) * 0.5 : eighth;
        p[i] = k < fixed ? bound : inside;
    }
    return p;
}

/// A ray against the box [lo, hi] (local coordinates for obbs): origin and direction kinds.
inline Ray<double> BoxRay(Rng& rng, const dvec3& lo, const dvec3& hi, const char** what)
{
    static const char* const kNames[5][6] = {
        {"origin outside, grid direction", "origin outside, axis-parallel (+-0)", "origin outside, zero components",
         "ray aimed at a corner", "ray aimed at an edge", "ray aimed at a face point"},
        {"origin on a face, grid direction", "origin on a face, axis-parallel (+-0)",
         "origin on a face, zero components", "origin on a face, aimed at a corner",
         "origin on a face, aimed at an edge", "origin on a face, aimed at a face"},
        {"origin on an edge, grid direction", "origin on an edge, axis-parallel (+-0)",
         "origin on an edge, zero components", "origin on an edge, aimed at a corner",
         "origin on an edge, aimed at an edge", "origin on an edge, aimed at a face"},
        {"origin on a corner, grid direction", "origin on a corner, axis-parallel (+-0)",
         "origin on a corner, zero components", "origin on a corner, aimed at a corner",
         "origin on a corner, aimed at an edge", "origin on a corner, aimed at a face"},
        {"origin inside, grid direction", "origin inside, axis-parallel (+-0)", "origin inside, zero components",
         "origin inside, aimed at a corner", "origin inside, aimed at an edge", "origin inside, aimed at a face"}};
    const int ok = rng.Int(0, 4);
    const int dk = rng.Int(0, 5);
    *what = kNames[ok][dk];
    Ray<double> ray;
    ray.origin = ok == 0 ? GridV(rng) * 2.0 : ok == 4 ? Feature(rng, lo, hi, 0) : Feature(rng, lo, hi, ok);
    switch (dk) {
    case 0:
        ray.direction = GridV(rng);
        break;
    case 1:
        ray.direction = AxisDir(rng);
        break;
    case 2:
        ray.direction = ZeroSome(rng);
        break;
    default: {
        // aimed: target - origin is exact on the grid; sometimes scaled by a power of two
        const dvec3 target = Feature(rng, lo, hi, 3 - (dk - 3));
        ray.direction = (target - ray.origin) * std::ldexp(1.0, rng.Int(-2, 2));
        break;
    }
    }
    ray.direction = NonZero(ray.direction, rng);
    return ray;
}

inline Aabb<double> GridBox(Rng& rng)
{
    const dvec3 lo = GridV(rng);
    const double z = Size(rng), y = Size(rng), x = Size(rng); // z first (hunt_detail.h, "draws")
    return {lo, lo + dvec3(x, y, z)};
}

inline Aabb<double> RandomBox(Rng& rng)
{
    const dvec3 p = RandV(rng), q = RandV(rng);
    return {glm::min(p, q), glm::max(p, q)};
}

/// Axes: a signed permutation, a rotation by a 3-4-5 angle about an axis (rounded, nearly
/// orthonormal), or a random rotation.
inline std::array<dvec3, 3> DrawAxes(Rng& rng, bool allowRandom)
{
    std::array<dvec3, 3> axes{dvec3{1, 0, 0}, dvec3{0, 1, 0}, dvec3{0, 0, 1}};
    const int k = rng.Int(0, 9);
    if (k < 6) {
        for (int i = 2; i > 0; --i) {
            std::swap(axes[i], axes[rng.Int(0, i)]);
        }
        for (dvec3& a : axes) {
            a *= rng.Chance(0.5) ? 1.0 : -1.0;
        }
        if (rng.Chance(0.5)) { // keep it right-handed half the time: both are valid boxes
            axes[2] = glm::cross(axes[0], axes[1]);
        }
        return axes;
    }
    if (k < 9 || !allowRandom) {
        const int axis = rng.Int(0, 2);
        const double c = rng.Chance(0.5) ? 0.6 : 0.8, s = (c == 0.6 ? 0.8 : 0.6) * (rng.Chance(0.5) ? 1 : -1);
        const int i = (axis + 1) % 3, j = (axis + 2) % 3;
        axes[i] = dvec3(0);
        axes[j] = dvec3(0);
        axes[i][i] = c;
        axes[i][j] = s;
        axes[j][i] = -s;
        axes[j][j] = c;
        return axes;
    }
    // a random unit quaternion
    double q[4];
    double n = 0;
    for (double& x : q) {
        x = rng.Uniform(-1, 1);
        n += x * x;
    }
    n = std::sqrt(n);
    const double w = q[0] / n, x = q[1] / n, y = q[2] / n, z = q[3] / n;
    axes[0] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)};
    axes[1] = {2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)};
    axes[2] = {2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)};
    return axes;
}

inline Obb<double> DrawObb(Rng& rng, bool allowRandom)
{
    Obb<double> o;
    o.center = GridV(rng);
    o.halfExtents = {Size(rng), Size(rng), Size(rng)};
    o.axes = DrawAxes(rng, allowRandom);
    return o;
}

inline dvec3 ToWorld(const Obb<double>& o, const dvec3& p)
{
    return o.center + p.x * o.axes[0] + p.y * o.axes[1] + p.z * o.axes[2];
}
inline dvec3 DirToWorld(const Obb<double>& o, const dvec3& d)
{
    return d.x * o.axes[0] + d.y * o.axes[1] + d.z * o.axes[2];
}

/// A unit-free 3-4-5 offset of length 5 * k along a random pair of axes (exact distance).
inline dvec3 Pythagorean(Rng& rng, double k)
{
    dvec3 v(0);
    const int i = rng.Int(0, 2), j = (i + rng.Int(1, 2)) % 3;
    v[i] = 3 * k * (rng.Chance(0.5) ? 1 : -1);
    v[j] = 4 * k * (rng.Chance(0.5) ? 1 : -1);
    return v;
}

/// One query of each family from one of its distributions (its name in *what); a segment_aabb
/// query when `segment` (hunt_families.cpp).
Query DrawRayAabb(Rng& rng, bool segment, const char** what);
Query DrawRayObb(Rng& rng, const char** what);
Query DrawRayPlane(Rng& rng, const char** what);
Query DrawRaySphere(Rng& rng, const char** what);
Query DrawAabbAabb(Rng& rng, const char** what);
Query DrawSphereAabb(Rng& rng, const char** what);
Query DrawSphereSphere(Rng& rng, const char** what);
Query DrawObbObb(Rng& rng, const char** what);
Query DrawPointAabb(Rng& rng, const char** what);
Query DrawPointSphere(Rng& rng, const char** what);
Query DrawPointObb(Rng& rng, const char** what);
/// A query of a triangle or mesh family (hunt_triangles.cpp).
Query DrawTriangleFamily(Family family, Rng& rng, const char** what);
/// convex_convex (hunt_convex.cpp): clouds, boxes as convex touching or apart, flat hulls, far clouds.
Query DrawConvexConvex(Rng& rng, const char** what);

} // namespace hitlab::hunt::draw
