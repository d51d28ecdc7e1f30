// The hunt's draws for the triangle families (issue 24): the cases where triangle code fails. Rays
// aimed exactly at an edge (v0 + s (v1 - v0), s dyadic) or a vertex, rays in the triangle's plane,
// segments ending on the triangle, tiny, sliver and degenerate triangles, coordinates offset far
// from the origin by 2^k; boxes, spheres and triangles touching a triangle at its edges and
// vertices, coplanar pairs. The meshes (hunt_meshes.cpp) add shared edges and vertices.
#include "hunt_triangles.h"

#include <array>
#include <cmath>
#include <string>

namespace hitlab::hunt::draw {

namespace {

/// The triangle kinds, named in the distributions.
constexpr int kTriangleKinds = 6;
constexpr const char* kTriangleNames[kTriangleKinds] = {"grid triangle", "right triangle on an axis plane",
                                                        "tiny triangle", "sliver triangle",
                                                        "far triangle",  "degenerate triangle"};

dvec3 Lerp(const dvec3& a, const dvec3& b, double s) { return a + (b - a) * s; }

/// A dyadic fraction k / 8 in [0, 1].
double Eighth(Rng& rng) { return rng.Int(0, 8) * 0.125; }

/// A leg of a right triangle: +-(size + 1/2), the sign drawn first.
double SignedLeg(Rng& rng)
{
    const double sign = rng.Chance(0.5) ? 1 : -1;
    return sign * (Size(rng) + 0.5);
}

} // namespace

Triangle<double> DrawTriangle(Rng& rng, int kind)
{
    const dvec3 a = GridV(rng);
    switch (kind) {
    case 1: { // legs along two axes: its plane is an axis plane, its edges axis-parallel or diagonal
        const int i = rng.Int(0, 2), j = (i + rng.Int(1, 2)) % 3;
        dvec3 b = a, c = a;
        b[i] += SignedLeg(rng);
        c[j] += SignedLeg(rng);
        return {{a, b, c}};
    }
    case 2: { // a grid triangle scaled down by 2^10 .. 2^40 around a grid point
        const double s = std::ldexp(1.0, -rng.Int(10, 40));
        return {{a, a + GridV(rng) * s, a + GridV(rng) * s}};
    }
    case 3: { // a sliver: the third vertex a tiny step off the middle of the long side
        const dvec3 b = a + NonZero(GridV(rng), rng);
        dvec3 off(0);
        off[rng.Int(0, 2)] = std::ldexp(1.0, -rng.Int(8, 40));
        return {{a, b, Lerp(a, b, Eighth(rng)) + off}};
    }
    case 4: { // offset by 2^k: the differences stay exact, the coordinates do not stay small
        const double scale = std::ldexp(1.0, rng.Int(16, 50));
        const dvec3 offset = GridV(rng) * scale;
        return {{a + offset, a + GridV(rng) + offset, a + GridV(rng) + offset}};
    }
    case 5: { // collinear or coincident vertices: a segment or a point
        const dvec3 b = GridV(rng);
        return rng.Chance(0.25) ? Triangle<double>{{a, a, a}}
                                : Triangle<double>{{a, b, Lerp(a, b, rng.Int(-4, 12) * 0.25)}};
    }
    default:
        return {{a, GridV(rng), GridV(rng)}};
    }
}

dvec3 TrianglePoint(Rng& rng, const Triangle<double>& t, int feature)
{
    const auto& v = t.vertices;
    const int i = rng.Int(0, 2);
    switch (feature) {
    case 0: // a vertex
        return v[size_t(i)];
    case 1: // a point of an edge, v_i + s (v_j - v_i) with s = k / 8
        return Lerp(v[size_t(i)], v[size_t(i + 1) % 3], Eighth(rng));
    default: { // a point of the plane by dyadic barycentrics, mostly inside
        const double s = Eighth(rng), r = Eighth(rng) * (1 - s);
        return v[0] + (v[1] - v[0]) * s + (v[2] - v[0]) * r;
    }
    }
}

namespace {

/// 2 p - q for p a point of t's plane (dyadic barycentrics from -1/2 to 3/2 with those of q) and q
/// TrianglePoint(rng, t, feature): q is drawn first (hunt_detail.h, "draws").
dvec3 InPlanePoint(Rng& rng, const Triangle<double>& t, int feature)
{
    const dvec3 q = TrianglePoint(rng, t, feature);
    return TrianglePoint(rng, t, 2) * 2.0 - q;
}

} // namespace

Query DrawTriangleCast(Rng& rng, bool segment, const char** what)
{
    static constexpr int kRayKinds = 6;
    static constexpr const char* kRayNames[kRayKinds] = {"ray aimed at a vertex",        "ray aimed at an edge point",
                                                         "ray aimed at an inside point", "ray in the triangle's plane",
                                                         "origin on the triangle",       "grid ray"};
    static const std::array<std::string, kTriangleKinds* kRayKinds* 2> kNames = [] {
        std::array<std::string, kTriangleKinds * kRayKinds * 2> names;
        for (int t = 0; t < kTriangleKinds; ++t) {
            for (int r = 0; r < kRayKinds; ++r) {
                const std::string base = std::string(kRayNames[r]) + ", " + kTriangleNames[t];
                names[size_t(2 * (t * kRayKinds + r))] = base;
                names[size_t(2 * (t * kRayKinds + r) + 1)] = base + ", segment ending on it";
            }
        }
        return names;
    }();
    const int tk = rng.Int(0, kTriangleKinds - 1), rk = rng.Int(0, kRayKinds - 1);
    const Triangle<double> t = DrawTriangle(rng, tk);
    const dvec3 base = t.vertices[0];
    Ray<double> ray{base + GridV(rng) * 2.0, NonZero(GridV(rng), rng)};
    dvec3 target = ray.origin + ray.direction;
    bool endsOn = false;
    switch (rk) {
    case 0:
    case 1:
    case 2:
        target = TrianglePoint(rng, t, rk);
        ray.direction = NonZero(target - ray.origin, rng);
        endsOn = segment && rng.Chance(0.4);
        break;
    case 3: // two points of the plane (barycentrics from -1/2 to 3/2): the ray lies in it
        ray.origin = InPlanePoint(rng, t, rng.Int(0, 2));
        ray.direction = NonZero(TrianglePoint(rng, t, rng.Int(0, 2)) - ray.origin, rng);
        break;
    case 4:
        ray.origin = TrianglePoint(rng, t, rng.Int(0, 2));
        break;
    default:
        break;
    }
    *what = kNames[size_t(2 * (tk * kRayKinds + rk) + (endsOn ? 1 : 0))].c_str();
    if (!segment) {
        return {Family::RayTriangle, ray, t};
    }
    const dvec3 end = endsOn ? target : ray.origin + ray.direction * std::ldexp(1.0, rng.Int(-2, 2));
    return {Family::SegmentTriangle, Segment<double>{ray.origin, end}, t};
}

Query DrawAabbTriangle(Rng& rng, const char** what)
{
    static constexpr const char* kNames[] = {
        "triangle with a vertex on a box corner", "triangle with a vertex on a box edge",
        "triangle lying on a box face",           "triangle crossing the box",
        "triangle edge along a box edge",         "random box and triangle"};
    const int k = rng.Int(0, 5);
    *what = kNames[k];
    const Aabb<double> box = GridBox(rng);
    Triangle<double> t = DrawTriangle(rng, rng.Int(0, kTriangleKinds - 1));
    switch (k) {
    case 0:
    case 1: { // one vertex on a corner (3 fixed axes) or an edge (2), the others anywhere
        const dvec3 p = Feature(rng, box.min, box.max, 3 - k);
        t.vertices[size_t(rng.Int(0, 2))] = p;
        break;
    }
    case 2: { // every vertex in one face plane
        const int axis = rng.Int(0, 2);
        const double plane = rng.Chance(0.5) ? box.min[axis] : box.max[axis];
        for (dvec3& v : t.vertices) {
            v = GridV(rng);
            v[axis] = plane;
        }
        break;
    }
    case 3: { // through points of the box
        // g is drawn first (hunt_detail.h, "draws")
        const dvec3 g = GridV(rng);
        t.vertices = {Feature(rng, box.min, box.max, 0) * 2.0 - g, Feature(rng, box.min, box.max, 1),
                      Feature(rng, box.min, box.max, 0)};
        break;
    }
    case 4: { // two vertices on one box edge line, the third off it
        const dvec3 p = Feature(rng, box.min, box.max, 2);
        dvec3 q = p;
        const int free = rng.Int(0, 2);
        q[free] += rng.Int(-4, 4) * 0.5;
        t.vertices = {p, q, GridV(rng)};
        break;
    }
    default:
        return {Family::AabbTriangle, RandomBox(rng), Triangle<double>{{RandV(rng), RandV(rng), RandV(rng)}}};
    }
    return {Family::AabbTriangle, box, t};
}

Query DrawSphereTriangle(Rng& rng, const char** what)
{
    static constexpr const char* kNames[] = {"sphere touching a vertex (3-4-5)", "sphere touching an edge point",
                                             "sphere touching the face",         "sphere centre on the triangle",
                                             "grid sphere and triangle",         "random sphere and triangle"};
    const int k = rng.Int(0, 5);
    *what = kNames[k];
    Triangle<double> t = DrawTriangle(rng, rng.Chance(0.5) ? 1 : rng.Int(0, kTriangleKinds - 1));
    Sphere<double> s{GridV(rng), Size(rng)};
    const double nudge = rng.Int(-1, 1) * 0x1p-30;
    switch (k) {
    case 0: { // 3-4-5 from a vertex: touching when the vertex is the nearest point
        const double k5 = rng.Int(1, 4) * 0.5;
        const dvec3 step = Pythagorean(rng, k5); // drawn first (hunt_detail.h, "draws")
        s.center = t.vertices[size_t(rng.Int(0, 2))] + step;
        s.radius = 5 * k5 + nudge;
        break;
    }
    case 1:
    case 2: { // along an axis from a point of the triangle (exact distance on axis-plane triangles)
        const dvec3 p = TrianglePoint(rng, t, k);
        dvec3 e(0);
        e[rng.Int(0, 2)] = rng.Chance(0.5) ? 1 : -1;
        s.radius = Size(rng);
        s.center = p + e * s.radius;
        s.radius = std::fmax(0.0, s.radius + nudge);
        break;
    }
    case 3:
        s.center = TrianglePoint(rng, t, rng.Int(0, 2));
        break;
    case 4:
        break;
    default:
        s = {RandV(rng), rng.Uniform(0, 3)};
        t = Triangle<double>{{RandV(rng), RandV(rng), RandV(rng)}};
        break;
    }
    return {Family::SphereTriangle, s, t};
}

Query DrawTriangleTriangle(Rng& rng, const char** what)
{
    static constexpr const char* kNames[] = {"coplanar triangles",           "vertex on the other's edge",
                                             "vertex on the other's vertex", "triangles crossing",
                                             "edge on the other's plane",    "random triangles"};
    const int k = rng.Int(0, 5);
    *what = kNames[k];
    const Triangle<double> a = DrawTriangle(rng, rng.Int(0, kTriangleKinds - 1));
    Triangle<double> b = DrawTriangle(rng, rng.Int(0, kTriangleKinds - 1));
    switch (k) {
    case 0: // every vertex of b in a's plane, by dyadic barycentrics of a (-1/2 .. 3/2)
        for (dvec3& v : b.vertices) {
            v = InPlanePoint(rng, a, rng.Int(0, 2));
        }
        break;
    case 1:
    case 2:
        b.vertices[size_t(rng.Int(0, 2))] = TrianglePoint(rng, a, 2 - k);
        break;
    case 3: // an edge of b through a point of a
        b.vertices[1] = TrianglePoint(rng, a, 2) * 2.0 - b.vertices[0];
        break;
    case 4: // two vertices of b in a's plane
        b.vertices[0] = TrianglePoint(rng, a, rng.Int(0, 2));
        b.vertices[1] = InPlanePoint(rng, a, 1);
        break;
    default:
        return {Family::TriangleTriangle, Triangle<double>{{RandV(rng), RandV(rng), RandV(rng)}},
                Triangle<double>{{RandV(rng), RandV(rng), RandV(rng)}}};
    }
    return {Family::TriangleTriangle, a, b};
}

Query DrawTriangleFamily(Family family, Rng& rng, const char** what)
{
    switch (family) {
    case Family::RayTriangle:
        return DrawTriangleCast(rng, false, what);
    case Family::SegmentTriangle:
        return DrawTriangleCast(rng, true, what);
    case Family::RayMesh:
        return DrawRayMesh(rng, what);
    case Family::AabbTriangle:
        return DrawAabbTriangle(rng, what);
    case Family::SphereTriangle:
        return DrawSphereTriangle(rng, what);
    case Family::TriangleTriangle:
        return DrawTriangleTriangle(rng, what);
    case Family::RayAabb:
    case Family::SegmentAabb:
    case Family::RayPlane:
    case Family::RaySphere:
    case Family::RayObb:
    case Family::AabbAabb:
    case Family::SphereAabb:
    case Family::SphereSphere:
    case Family::ObbObb:
    case Family::PointAabb:
    case Family::PointSphere:
    case Family::PointObb:
    case Family::ConvexConvex:
        break; // hunt_families.cpp, hunt_convex.cpp
    }
    *what = "not a triangle family";
    return DrawRayAabb(rng, false, what);
}

} // namespace hitlab::hunt::draw
