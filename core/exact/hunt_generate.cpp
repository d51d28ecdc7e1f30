// The hunt's query distributions: per family, the configurations where intersection code breaks
// (origins on faces, edges and corners, axis-parallel rays with +-0, rays aimed at edges and
// corners, tangent rays, touching solids, crossed bars, spheres near box corners, huge and tiny
// scales), with dyadic numbers so that those configurations are exact.
#include "hunt_detail.h"

#include <glm/glm.hpp>

#include <cmath>

namespace hitlab::hunt {

Rng::Rng(std::uint64_t seed)
{
    // splitmix64 expands the seed
    for (std::uint64_t& s : m_s) {
        seed += 0x9E3779B97F4A7C15ull;
        std::uint64_t z = seed;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        s = z ^ (z >> 31);
    }
}

namespace {

using glm::dvec3;

/// n uniform choices 0..n-1 from 16 random bits (multiply-shift).
int Pick16(std::uint64_t bits, int n) { return int(((bits & 0xffff) * std::uint64_t(n)) >> 16); }

/// A dyadic coordinate: mostly halves (12 in 20), some integers (4 in 20), some k/1024. One draw
/// gives every candidate and the choice, and the choice is a select, not a branch: random
/// branches mispredict half the time, and the hunt draws millions of these a second.
double Grid(Rng& rng)
{
    const std::uint64_t r = rng.Next();
    const int k = Pick16(r >> 48, 20);
    const double half = (Pick16(r, 17) - 8) * 0.5;
    const double whole = Pick16(r >> 16, 13) - 6;
    const double fine = (Pick16(r >> 32, 8193) - 4096) / 1024.0;
    return k < 12 ? half : k < 16 ? whole : fine;
}
dvec3 GridV(Rng& rng) { return {Grid(rng), Grid(rng), Grid(rng)}; }
dvec3 RandV(Rng& rng) { return {rng.Uniform(-4, 4), rng.Uniform(-4, 4), rng.Uniform(-4, 4)}; }
/// A size >= 0: sometimes 0 (flat), mostly simple.
double Size(Rng& rng)
{
    const int k = rng.Int(0, 19);
    return k == 0 ? 0.0 : k < 14 ? rng.Int(1, 8) * 0.5 : rng.Int(1, 4096) / 1024.0;
}
double Zero(Rng& rng) { return rng.Chance(0.5) ? 0.0 : -0.0; }

dvec3 NonZero(dvec3 d, Rng& rng)
{
    if (d.x == 0 && d.y == 0 && d.z == 0) {
        d[rng.Int(0, 2)] = rng.Chance(0.5) ? 1 : -1;
    }
    return d;
}

/// Axis-parallel: one component +-(1 or a size), the others +0 or -0.
dvec3 AxisDir(Rng& rng)
{
    dvec3 d{Zero(rng), Zero(rng), Zero(rng)};
    d[rng.Int(0, 2)] = (rng.Chance(0.5) ? 1 : -1) * (rng.Chance(0.5) ? 1 : Size(rng) + 0.5);
    return d;
}

/// A grid direction with one or two components replaced by +0 or -0.
dvec3 ZeroSome(Rng& rng)
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
dvec3 Feature(Rng& rng, const dvec3& lo, const dvec3& hi, int fixed)
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
Ray<double> BoxRay(Rng& rng, const dvec3& lo, const dvec3& hi, const char** what)
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

Aabb<double> GridBox(Rng& rng)
{
    const dvec3 lo = GridV(rng);
    return {lo, lo + dvec3(Size(rng), Size(rng), Size(rng))};
}

Aabb<double> RandomBox(Rng& rng)
{
    const dvec3 p = RandV(rng), q = RandV(rng);
    return {glm::min(p, q), glm::max(p, q)};
}

/// Axes: a signed permutation, a rotation by a 3-4-5 angle about an axis (rounded, nearly
/// orthonormal), or a random rotation.
std::array<dvec3, 3> DrawAxes(Rng& rng, bool allowRandom)
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

Obb<double> DrawObb(Rng& rng, bool allowRandom)
{
    Obb<double> o;
    o.center = GridV(rng);
    o.halfExtents = {Size(rng), Size(rng), Size(rng)};
    o.axes = DrawAxes(rng, allowRandom);
    return o;
}

dvec3 ToWorld(const Obb<double>& o, const dvec3& p)
{
    return o.center + p.x * o.axes[0] + p.y * o.axes[1] + p.z * o.axes[2];
}
dvec3 DirToWorld(const Obb<double>& o, const dvec3& d) { return d.x * o.axes[0] + d.y * o.axes[1] + d.z * o.axes[2]; }

/// A unit-free 3-4-5 offset of length 5 * k along a random pair of axes (exact distance).
dvec3 Pythagorean(Rng& rng, double k)
{
    dvec3 v(0);
    const int i = rng.Int(0, 2), j = (i + rng.Int(1, 2)) % 3;
    v[i] = 3 * k * (rng.Chance(0.5) ? 1 : -1);
    v[j] = 4 * k * (rng.Chance(0.5) ? 1 : -1);
    return v;
}

Query DrawRayAabb(Rng& rng, bool segment, const char** what)
{
    Query q;
    q.family = segment ? Family::SegmentAabb : Family::RayAabb;
    if (rng.Chance(0.1)) {
        *what = "random ray and box";
        q.a = Ray<double>{RandV(rng), NonZero(RandV(rng), rng)};
        q.b = RandomBox(rng);
    } else {
        const Aabb<double> box = GridBox(rng);
        q.a = BoxRay(rng, box.min, box.max, what);
        q.b = box;
    }
    if (segment) {
        const auto r = std::get<Ray<double>>(q.a);
        const double len = std::ldexp(1.0, rng.Int(-2, 2));
        q.a = Segment<double>{r.origin, r.origin + r.direction * len};
    }
    return q;
}

Query DrawRayObb(Rng& rng, const char** what)
{
    Obb<double> box = DrawObb(rng, true);
    Query q{Family::RayObb, Ray<double>{}, box};
    if (rng.Chance(0.1)) {
        *what = "random ray and obb";
        q.a = Ray<double>{RandV(rng), NonZero(RandV(rng), rng)};
        return q;
    }
    const Ray<double> local = BoxRay(rng, -box.halfExtents, box.halfExtents, what);
    q.a = Ray<double>{ToWorld(box, local.origin), NonZero(DirToWorld(box, local.direction), rng)};
    return q;
}

Query DrawRayPlane(Rng& rng, const char** what)
{
    static const char* const kNames[] = {"random ray and plane",   "origin on the plane",
                                         "ray lying in the plane", "ray parallel to the plane",
                                         "ray toward the plane",   "ray away from the plane"};
    const int k = rng.Int(0, 5);
    *what = kNames[k];
    Plane<double> plane;
    plane.normal = rng.Chance(0.5) ? AxisDir(rng) : NonZero(GridV(rng), rng);
    const dvec3 p = GridV(rng); // a point of the plane
    plane.distance = glm::dot(plane.normal, p);
    const dvec3 inPlane = glm::cross(plane.normal, NonZero(GridV(rng), rng));
    Ray<double> ray{GridV(rng) * 2.0, NonZero(GridV(rng), rng)};
    switch (k) {
    case 0:
        ray = {RandV(rng), NonZero(RandV(rng), rng)};
        plane = {NonZero(RandV(rng), rng), rng.Uniform(-4, 4)};
        break;
    case 1:
        ray.origin = p + inPlane * 0.5;
        break;
    case 2:
        ray = {p + inPlane, NonZero(inPlane * 0.25, rng)};
        break;
    case 3:
        ray.direction = NonZero(inPlane, rng);
        break;
    case 4:
        ray.direction = p - ray.origin;
        break;
    default:
        ray.direction = ray.origin - p;
        break;
    }
    ray.direction = NonZero(ray.direction, rng);
    return {Family::RayPlane, ray, plane};
}

Query DrawRaySphere(Rng& rng, const char** what)
{
    static const char* const kNames[] = {"random ray and sphere",   "tangent ray",
                                         "origin on the surface",   "origin inside",
                                         "ray aimed at the centre", "grid ray, zero radius"};
    const int k = rng.Int(0, 5);
    *what = kNames[k];
    Sphere<double> s{GridV(rng), Size(rng)};
    Ray<double> ray{GridV(rng) * 2.0, NonZero(GridV(rng), rng)};
    const int axis = rng.Int(0, 2);
    dvec3 e(0);
    e[axis] = rng.Chance(0.5) ? 1 : -1;
    dvec3 w(0);
    w[(axis + 1) % 3] = rng.Chance(0.5) ? 1 : -1;
    switch (k) {
    case 0:
        s = {RandV(rng), rng.Uniform(0, 3)};
        ray = {RandV(rng), NonZero(RandV(rng), rng)};
        break;
    case 1:
        ray = {s.center + s.radius * e + w * double(rng.Int(-6, 6)), w * Size(rng) + w};
        break;
    case 2: {
        const double k5 = rng.Int(1, 4) * 0.5;
        s.radius = 5 * k5;
        ray.origin = s.center + (rng.Chance(0.5) ? Pythagorean(rng, k5) : s.radius * e);
        break;
    }
    case 3:
        ray.origin = s.center + e * (s.radius * 0.5);
        break;
    case 4:
        ray.direction = NonZero(s.center - ray.origin, rng);
        break;
    default:
        s.radius = 0;
        ray.direction = NonZero(s.center - ray.origin, rng);
        break;
    }
    if (rng.Chance(0.3)) {
        ray.direction *= std::ldexp(1.0, rng.Int(-3, 3)); // non-unit directions
    }
    return {Family::RaySphere, ray, s};
}

Query DrawAabbAabb(Rng& rng, const char** what)
{
    static const char* const kNames[] = {
        "random boxes",   "boxes touching on a face",       "boxes touching at a corner",
        "box inside box", "boxes separated by a small gap", "grid boxes"};
    const int k = rng.Int(0, 5);
    *what = kNames[k];
    Aabb<double> a = GridBox(rng), b = GridBox(rng);
    const int axis = rng.Int(0, 2);
    const dvec3 size = b.max - b.min;
    switch (k) {
    case 0:
        a = RandomBox(rng);
        b = RandomBox(rng);
        break;
    case 1:
        b.min[axis] = a.max[axis];
        b.max[axis] = b.min[axis] + size[axis];
        break;
    case 2:
        b.min = a.max;
        b.max = b.min + size;
        break;
    case 3:
        b = {a.min + (a.max - a.min) * 0.25, a.max - (a.max - a.min) * 0.25};
        break;
    case 4:
        b.min[axis] = a.max[axis] + 0x1p-10;
        b.max[axis] = b.min[axis] + size[axis];
        break;
    default:
        break;
    }
    return {Family::AabbAabb, a, b};
}

Query DrawSphereAabb(Rng& rng, const char** what)
{
    static const char* const kNames[] = {"random sphere and box", "sphere touching a face",
                                         "sphere near a corner",  "sphere near an edge",
                                         "centre inside the box", "sphere on the corner diagonal"};
    const int k = rng.Int(0, 5);
    *what = kNames[k];
    const Aabb<double> box = GridBox(rng);
    Sphere<double> s{GridV(rng), Size(rng)};
    const dvec3 corner = Feature(rng, box.min, box.max, 3);
    switch (k) {
    case 0:
        s = {RandV(rng), rng.Uniform(0, 3)};
        return {Family::SphereAabb, s, RandomBox(rng)};
    case 1: {
        const int axis = rng.Int(0, 2);
        s.center = Feature(rng, box.min, box.max, 1);
        s.center[axis] = rng.Chance(0.5) ? box.min[axis] - s.radius : box.max[axis] + s.radius;
        break;
    }
    case 2: {
        // outward from a corner by a 3-4-5 offset or the diagonal, radius near the distance
        const dvec3 out = glm::sign(corner - (box.min + box.max) * 0.5);
        const double k5 = rng.Int(1, 3) * 0.25;
        s.center = corner + glm::abs(Pythagorean(rng, k5)) * out;
        s.radius = 5 * k5 + rng.Int(-2, 2) * 0x1p-8;
        break;
    }
    case 3:
        s.center = Feature(rng, box.min, box.max, 2) + GridV(rng) * 0.25;
        break;
    case 4:
        s.center = Feature(rng, box.min, box.max, 0);
        break;
    default: {
        const dvec3 out = glm::sign(corner - (box.min + box.max) * 0.5);
        const double d = rng.Int(1, 8) * 0.25;
        s.center = corner + out * d;         // distance d * sqrt(3) from the corner
        s.radius = d * rng.Int(4, 7) * 0.25; // between d and 1.75 d
        break;
    }
    }
    return {Family::SphereAabb, s, box};
}

Query DrawSphereSphere(Rng& rng, const char** what)
{
    static const char* const kNames[] = {"random spheres", "touching spheres (3-4-5)", "touching along an axis",
                                         "grid spheres", "zero radius"};
    const int k = rng.Int(0, 4);
    *what = kNames[k];
    Sphere<double> a{GridV(rng), Size(rng)}, b{GridV(rng), Size(rng)};
    switch (k) {
    case 0:
        a = {RandV(rng), rng.Uniform(0, 3)};
        b = {RandV(rng), rng.Uniform(0, 3)};
        break;
    case 1: {
        const double k5 = rng.Int(1, 4) * 0.5;
        b.center = a.center + Pythagorean(rng, k5);
        a.radius = rng.Int(0, 10) * 0.5 * k5;
        b.radius = 5 * k5 - a.radius + rng.Int(-1, 1) * 0x1p-10;
        b.radius = b.radius < 0 ? 0 : b.radius;
        break;
    }
    case 2:
        b.center = a.center + AxisDir(rng) * 0.0 + dvec3(a.radius + b.radius, 0, 0);
        break;
    case 3:
        break;
    default:
        a.radius = 0;
        break;
    }
    return {Family::SphereSphere, a, b};
}

Query DrawObbObb(Rng& rng, const char** what)
{
    static const char* const kNames[] = {"random obbs", "crossed bars", "obbs touching on a face", "grid obbs",
                                         "edge against edge"};
    const int k = rng.Int(0, 4);
    *what = kNames[k];
    Obb<double> a = DrawObb(rng, k == 0), b = DrawObb(rng, k == 0);
    switch (k) {
    case 1: {
        // two bars crossed like a plus sign, offset so that sometimes only edges meet
        const int i = rng.Int(0, 2), j = (i + rng.Int(1, 2)) % 3;
        a.halfExtents = dvec3(0.25 * rng.Int(1, 3));
        b.halfExtents = dvec3(0.25 * rng.Int(1, 3));
        a.halfExtents[i] = rng.Int(2, 6);
        b.halfExtents[j] = rng.Int(2, 6);
        b.center = a.center + GridV(rng) * 0.125;
        break;
    }
    case 2: {
        a.axes = b.axes = DrawAxes(rng, false);
        const int i = rng.Int(0, 2);
        b.center = a.center + a.axes[i] * (a.halfExtents[i] + b.halfExtents[i]);
        break;
    }
    case 4: {
        // b rotated 45 degrees about a's axis (rounded axes), centred so its edge meets a's edge
        const int i = rng.Int(0, 2), j = (i + 1) % 3, l = (i + 2) % 3;
        a.axes = {dvec3{1, 0, 0}, dvec3{0, 1, 0}, dvec3{0, 0, 1}};
        const double h = std::sqrt(0.5);
        b.axes = a.axes;
        b.axes[j] = h * (a.axes[j] + a.axes[l]);
        b.axes[l] = h * (a.axes[l] - a.axes[j]);
        b.center = a.center + (a.axes[j] + a.axes[l]) * (rng.Int(2, 6) * 0.5);
        break;
    }
    default:
        break;
    }
    return {Family::ObbObb, a, b};
}

/// Multiplies every position and size by 2^k (exact): very large and very small scales.
void Scale(Query& q, double s)
{
    auto scaleShape = [s](Shape& shape) {
        std::visit(
            [s](auto& x) {
                using X = std::decay_t<decltype(x)>;
                if constexpr (std::is_same_v<X, Ray<double>>) {
                    x.origin *= s;
                } else if constexpr (std::is_same_v<X, Segment<double>>) {
                    x.start *= s;
                    x.end *= s;
                } else if constexpr (std::is_same_v<X, Plane<double>>) {
                    x.distance *= s;
                } else if constexpr (std::is_same_v<X, Aabb<double>>) {
                    x.min *= s;
                    x.max *= s;
                } else if constexpr (std::is_same_v<X, Sphere<double>>) {
                    x.center *= s;
                    x.radius *= s;
                } else {
                    x.center *= s;
                    x.halfExtents *= s;
                }
            },
            shape);
    };
    scaleShape(q.a);
    scaleShape(q.b);
}

/// Every number of a shape (positions, sizes, directions; not obb axes), for perturbing.
template <typename Fn>
void ForEachNumber(Shape& shape, Fn&& fn)
{
    std::visit(
        [&fn](auto& x) {
            using X = std::decay_t<decltype(x)>;
            auto each = [&fn](dvec3& v) {
                for (int i = 0; i < 3; ++i) {
                    fn(v[i]);
                }
            };
            if constexpr (std::is_same_v<X, Ray<double>>) {
                each(x.origin);
                each(x.direction);
            } else if constexpr (std::is_same_v<X, Segment<double>>) {
                each(x.start);
                each(x.end);
            } else if constexpr (std::is_same_v<X, Plane<double>>) {
                each(x.normal);
                fn(x.distance);
            } else if constexpr (std::is_same_v<X, Aabb<double>>) {
                each(x.min);
                each(x.max);
            } else if constexpr (std::is_same_v<X, Sphere<double>>) {
                each(x.center);
                fn(x.radius);
            } else {
                each(x.center);
                each(x.halfExtents);
            }
        },
        shape);
}

/// Restores validity after a perturbation: min <= max, sizes >= 0, nonzero directions.
void Repair(Query& q, Rng& rng)
{
    for (Shape* shape : {&q.a, &q.b}) {
        if (auto* b = std::get_if<Aabb<double>>(shape)) {
            const dvec3 lo = glm::min(b->min, b->max), hi = glm::max(b->min, b->max);
            *b = {lo, hi};
        } else if (auto* s = std::get_if<Sphere<double>>(shape)) {
            s->radius = std::fabs(s->radius);
        } else if (auto* o = std::get_if<Obb<double>>(shape)) {
            o->halfExtents = glm::abs(o->halfExtents);
        } else if (auto* r = std::get_if<Ray<double>>(shape)) {
            r->direction = NonZero(r->direction, rng);
        } else if (auto* p = std::get_if<Plane<double>>(shape)) {
            p->normal = NonZero(p->normal, rng);
        }
    }
}

} // namespace

Query RoundToFloat(const Query& query)
{
    Query q = query;
    for (Shape* shape : {&q.a, &q.b}) {
        ForEachNumber(*shape, [](double& x) { x = double(float(x)); });
        if (auto* o = std::get_if<Obb<double>>(shape)) {
            for (dvec3& a : o->axes) {
                a = dvec3(glm::vec3(a));
            }
        }
    }
    return q;
}

Query Draw(Family family, Rng& rng, Precision precision, const std::optional<Query>& around, const char** distribution)
{
    Query q;
    if (around && around->family == family && rng.Chance(0.3)) {
        // around the seed pair: each number moved by a random relative amount, or snapped to the grid
        *distribution = "around the seed pair";
        q = *around;
        const int mode = rng.Int(0, 2);
        for (Shape* shape : {&q.a, &q.b}) {
            ForEachNumber(*shape, [&](double& x) {
                if (rng.Chance(0.5)) {
                    x = mode == 0   ? x * (1 + rng.Uniform(-1, 1) * std::ldexp(1.0, -rng.Int(1, 30)))
                        : mode == 1 ? std::round(x * 4) / 4
                                    : x + rng.Int(-4, 4) * 0.25;
                }
            });
        }
        Repair(q, rng);
    } else {
        switch (family) {
        case Family::RayAabb:
            q = DrawRayAabb(rng, false, distribution);
            break;
        case Family::SegmentAabb:
            q = DrawRayAabb(rng, true, distribution);
            break;
        case Family::RayPlane:
            q = DrawRayPlane(rng, distribution);
            break;
        case Family::RaySphere:
            q = DrawRaySphere(rng, distribution);
            break;
        case Family::RayObb:
            q = DrawRayObb(rng, distribution);
            break;
        case Family::AabbAabb:
            q = DrawAabbAabb(rng, distribution);
            break;
        case Family::SphereAabb:
            q = DrawSphereAabb(rng, distribution);
            break;
        case Family::SphereSphere:
            q = DrawSphereSphere(rng, distribution);
            break;
        case Family::ObbObb:
            q = DrawObbObb(rng, distribution);
            break;
        }
    }
    if (rng.Chance(0.1)) {
        // very large or very small: powers of two keep every configuration exact
        const int range = precision == Precision::Float ? 20 : 60;
        Scale(q, std::ldexp(1.0, rng.Chance(0.5) ? rng.Int(8, range) : -rng.Int(8, range)));
    }
    return precision == Precision::Float ? RoundToFloat(q) : q;
}

void DrawBoxes(Rng& rng, std::span<Aabb<float>> boxes)
{
    for (Aabb<float>& box : boxes) {
        const int k = rng.Int(0, 9);
        // a small grid of halves so that boxes share planes with each other and with the rays
        glm::vec3 lo(float(rng.Int(-4, 3)) * 0.5f, float(rng.Int(-4, 3)) * 0.5f, float(rng.Int(-4, 3)) * 0.5f);
        glm::vec3 size(float(rng.Int(0, 4)) * 0.5f, float(rng.Int(0, 4)) * 0.5f, float(rng.Int(0, 4)) * 0.5f);
        if (k == 0) {
            lo = glm::vec3(RandV(rng));
            size = glm::vec3(glm::abs(RandV(rng)));
        }
        box = {lo, lo + size};
    }
}

Ray<float> DrawRay(Rng& rng, const char** distribution)
{
    static const char* const kNames[] = {"grid ray", "origin on grid planes, axis-parallel (+-0)",
                                         "origin on grid planes, zero components", "ray aimed at a grid corner",
                                         "random ray"};
    const int k = rng.Int(0, 4);
    *distribution = kNames[k];
    const dvec3 o(rng.Int(-6, 6) * 0.5, rng.Int(-6, 6) * 0.5, rng.Int(-6, 6) * 0.5);
    dvec3 d = GridV(rng);
    switch (k) {
    case 1:
        d = AxisDir(rng);
        break;
    case 2:
        d = ZeroSome(rng);
        break;
    case 3:
        d = dvec3(rng.Int(-4, 4) * 0.5, rng.Int(-4, 4) * 0.5, rng.Int(-4, 4) * 0.5) - o;
        break;
    case 4:
        return {glm::vec3(RandV(rng)), glm::vec3(NonZero(RandV(rng), rng))};
    default:
        break;
    }
    return {glm::vec3(o), glm::vec3(NonZero(d, rng))};
}

} // namespace hitlab::hunt
