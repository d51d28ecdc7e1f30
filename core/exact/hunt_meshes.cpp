// The hunt's ray_mesh draws: small meshes whose triangles share edges and vertices, and rays
// through exactly those shared points, where a test that is not watertight lets a ray slip through
// the crack between two triangles (issue 24).
#include "hunt_triangles.h"

#include "core/mesh.h"

#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace hitlab::hunt::draw {

namespace {

using Indices = std::vector<std::array<std::uint32_t, 3>>;

/// The eight grid directions around a point in the plane of axes i and j, in angular order.
dvec3 RingDirection(int k, int i, int j)
{
    static constexpr int kRing[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    dvec3 d(0);
    d[i] = kRing[k][0];
    d[j] = kRing[k][1];
    return d;
}

/// A fan of n triangles (3 .. 8) around vertex 0, its ring lifted off the plane or not.
void Fan(Rng& rng, std::vector<dvec3>& v, Indices& t)
{
    const int i = rng.Int(0, 2), j = (i + rng.Int(1, 2)) % 3, up = 3 - i - j;
    const int n = rng.Int(3, 8);
    const double size = Size(rng) + 0.5;
    v.push_back(GridV(rng));
    for (int k = 0; k < (n == 8 ? 8 : n + 1); ++k) {
        dvec3 p = v[0] + RingDirection(k * (n == 8 ? 1 : 8 / (n + 1)) % 8, i, j) * size;
        p[up] += rng.Chance(0.5) ? 0.0 : rng.Int(-2, 2) * 0.5;
        v.push_back(p);
    }
    const std::uint32_t ring = std::uint32_t(v.size() - 1);
    for (std::uint32_t k = 1; k < ring; ++k) {
        t.push_back({0, k, k + 1});
    }
    if (n == 8) {
        t.push_back({0, ring, 1});
    }
}

/// A quad split on one of its diagonals, flat or with one corner raised.
void Quad(Rng& rng, std::vector<dvec3>& v, Indices& t)
{
    const int i = rng.Int(0, 2), j = (i + rng.Int(1, 2)) % 3, up = 3 - i - j;
    const dvec3 o = GridV(rng);
    dvec3 a(0), b(0);
    a[i] = Size(rng) + 0.5;
    b[j] = Size(rng) + 0.5;
    v = {o, o + a, o + a + b, o + b};
    if (rng.Chance(0.3)) {
        v[2][up] += rng.Int(-2, 2) * 0.5;
    }
    t = rng.Chance(0.5) ? Indices{{0, 1, 2}, {0, 2, 3}} : Indices{{0, 1, 3}, {1, 2, 3}};
}

/// A tetrahedron: a corner and three axis legs, faces wound outward.
void Tetrahedron(Rng& rng, std::vector<dvec3>& v, Indices& t)
{
    const dvec3 o = GridV(rng);
    v = {o, o + dvec3(Size(rng) + 0.5, 0, 0), o + dvec3(0, Size(rng) + 0.5, 0), o + dvec3(0, 0, Size(rng) + 0.5)};
    t = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
}

/// 2 .. 8 triangles over a pool of 4 .. 6 grid vertices: shared edges and vertices at random.
void Pool(Rng& rng, std::vector<dvec3>& v, Indices& t)
{
    const int n = rng.Int(4, 6);
    for (int k = 0; k < n; ++k) {
        v.push_back(GridV(rng));
    }
    const int triangles = rng.Int(2, 8);
    for (int k = 0; k < triangles; ++k) {
        t.push_back(
            {std::uint32_t(rng.Int(0, n - 1)), std::uint32_t(rng.Int(0, n - 1)), std::uint32_t(rng.Int(0, n - 1))});
    }
}

} // namespace

Query DrawRayMesh(Rng& rng, const char** what)
{
    static constexpr int kMeshes = 4, kTargets = 4;
    static constexpr const char* kMeshNames[kMeshes] = {"fan around a vertex", "quad split on its diagonal",
                                                        "tetrahedron", "triangles sharing vertices"};
    static constexpr const char* kTargetNames[kTargets] = {"ray through a shared vertex", "ray through a shared edge",
                                                           "ray in a face's plane", "grid ray"};
    static const std::array<std::string, kMeshes* kTargets* 2> kNames = [] {
        std::array<std::string, kMeshes * kTargets * 2> names;
        for (int m = 0; m < kMeshes; ++m) {
            for (int r = 0; r < kTargets; ++r) {
                const std::string base = std::string(kTargetNames[r]) + ", " + kMeshNames[m];
                names[size_t(2 * (m * kTargets + r))] = base;
                names[size_t(2 * (m * kTargets + r) + 1)] = base + ", far from the origin";
            }
        }
        return names;
    }();
    const int mk = rng.Int(0, kMeshes - 1), rk = rng.Int(0, kTargets - 1);
    std::vector<dvec3> v;
    Indices t;
    switch (mk) {
    case 0:
        Fan(rng, v, t);
        break;
    case 1:
        Quad(rng, v, t);
        break;
    case 2:
        Tetrahedron(rng, v, t);
        break;
    default:
        Pool(rng, v, t);
        break;
    }
    // an edge shared by two triangles: the first triangle's first edge (the fan's and the quad's
    // first edge and diagonal are shared; any edge of the tetrahedron is)
    const auto& first = t[size_t(rng.Int(0, int(t.size()) - 1))];
    const int e = rng.Int(0, 2);
    const dvec3 p = v[first[size_t(e)]], q = v[first[size_t(e + 1) % 3]];
    Ray<double> ray{GridV(rng) * 2.0, NonZero(GridV(rng), rng)};
    switch (rk) {
    case 0:
        ray.direction = NonZero(p - ray.origin, rng);
        break;
    case 1:
        ray.direction = NonZero(p + (q - p) * (rng.Int(1, 7) * 0.125) - ray.origin, rng);
        break;
    case 2: { // from beyond the edge pq, through a point of the triangle's plane
        const dvec3 r = v[first[size_t(e + 2) % 3]];
        ray.origin = p * 2.0 - r;
        ray.direction = NonZero(q + (r - q) * (rng.Int(0, 4) * 0.25) - ray.origin, rng);
        break;
    }
    default:
        break;
    }
    const bool far = rng.Chance(0.2);
    if (far) { // offset by 2^k: differences stay exact, coordinates do not stay small
        const double scale = std::ldexp(1.0, rng.Int(16, 50));
        const dvec3 offset = GridV(rng) * scale;
        for (dvec3& x : v) {
            x += offset;
        }
        ray.origin += offset;
    }
    *what = kNames[size_t(2 * (mk * kTargets + rk) + (far ? 1 : 0))].c_str();
    return {Family::RayMesh, ray, Mesh<double>{MakeMeshData(std::move(v), std::move(t))}};
}

} // namespace hitlab::hunt::draw
