// The hunt's per-family query distributions: the configurations where each family's code breaks
// (origins on faces, edges and corners, axis-parallel rays with +-0, rays aimed at edges and
// corners, tangent rays, touching solids, crossed bars, spheres near box corners), with dyadic
// numbers so that those configurations are exact.
#include "hunt_draw.h"

#include <cmath>

namespace hitlab::hunt::draw {

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
    case 3: {
        const dvec3 step = GridV(rng) * 0.25; // drawn first (hunt_detail.h, "draws")
        s.center = Feature(rng, box.min, box.max, 2) + step;
        break;
    }
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

} // namespace hitlab::hunt::draw

namespace hitlab::hunt::draw {

Query DrawPointAabb(Rng& rng, const char** what)
{
    static const char* const kNames[] = {"random point and box", "point on a face", "point on an edge",
                                         "point on a corner",    "point inside",    "point just outside a face"};
    const int k = rng.Int(0, 5);
    *what = kNames[k];
    const Aabb<double> box = GridBox(rng);
    if (k == 0) {
        return {Family::PointAabb, Point<double>{RandV(rng)}, RandomBox(rng)};
    }
    Point<double> p{Feature(rng, box.min, box.max, k <= 3 ? k : 0)};
    if (k == 5) {
        const int axis = rng.Int(0, 2);
        const bool high = rng.Chance(0.5);
        const double bound = high ? box.max[axis] : box.min[axis];
        p.position[axis] = std::nextafter(bound, high ? INFINITY : -INFINITY);
    }
    return {Family::PointAabb, p, box};
}

Query DrawPointSphere(Rng& rng, const char** what)
{
    static const char* const kNames[] = {"random point and sphere", "point on the sphere (3-4-5)",
                                         "point on the sphere along an axis", "point inside",
                                         "point at the centre, zero radius"};
    const int k = rng.Int(0, 4);
    *what = kNames[k];
    Sphere<double> s{GridV(rng), Size(rng)};
    Point<double> p{GridV(rng)};
    dvec3 unit(0);
    unit[rng.Int(0, 2)] = rng.Chance(0.5) ? 1 : -1;
    switch (k) {
    case 0:
        s = {RandV(rng), rng.Uniform(0, 3)};
        p.position = RandV(rng);
        break;
    case 1: {
        const double k5 = rng.Int(1, 4) * 0.5;
        s.radius = 5 * k5 + rng.Int(-1, 1) * 0x1p-20;
        p.position = s.center + Pythagorean(rng, k5);
        break;
    }
    case 2:
        p.position = s.center + unit * s.radius;
        break;
    case 3:
        p.position = s.center + unit * (s.radius * 0.5);
        break;
    default:
        s.radius = 0;
        p.position = s.center;
        break;
    }
    return {Family::PointSphere, p, s};
}

Query DrawPointObb(Rng& rng, const char** what)
{
    static const char* const kNames[] = {"random point and obb", "point on a face", "point on an edge",
                                         "point on a corner", "point inside"};
    const int k = rng.Int(0, 4);
    *what = kNames[k];
    const Obb<double> box = DrawObb(rng, k == 0);
    if (k == 0) {
        return {Family::PointObb, Point<double>{RandV(rng)}, box};
    }
    const dvec3 local = Feature(rng, -box.halfExtents, box.halfExtents, k < 4 ? k : 0);
    return {Family::PointObb, Point<double>{ToWorld(box, local)}, box};
}

} // namespace hitlab::hunt::draw
