// ray_mesh: a ray's closest hit on a mesh (a set of closed triangles), through the mesh's
// hierarchy (core/bvh.h) or over every triangle, with any per-triangle ray test. The mesh's
// answer is the union of its triangles': it is watertight exactly when the triangle test is,
// since the box test never loses a box the ray touches.
#pragma once

#include "bvh.h"
#include "ray_triangle.h"
#include "result.h"
#include "shapes.h"
#include "trace.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace hitlab {

// A per-triangle ray test as ray_mesh calls it: test(ray, v0, v1, v2, tMax, out) -> hit, filling
// out's tEnter, tExit (> tEnter only for a ray in the triangle's plane), point, u, v, front. It
// must report hits with tEnter <= tMax inclusive (ties decide the triangle index).

/// The watertight reference as a per-triangle test (core/ray_triangle.h).
struct WatertightTest {
    template <typename T>
    bool operator()(const Ray<T>& ray, const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& v2, T tMax,
                    CastResult<T>& out) const
    {
        return WatertightTriangle(ray, v0, v1, v2, tMax, out);
    }
};

/// Moller-Trumbore as commonly copied (two-sided, or the back-face-culling form) per triangle.
template <bool kCull>
struct MollerTrumboreTest {
    template <typename T>
    bool operator()(const Ray<T>& ray, const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& v2, T tMax,
                    CastResult<T>& out) const
    {
        return MollerTrumboreTriangle(ray, v0, v1, v2, tMax, out, kCull);
    }
};

/// A ray_triangle algorithm of the form Fn{}(ray, triangle) -> CastResult as a per-triangle test
/// (a hit with tEnter <= tMax).
template <typename Fn>
struct WholeTriangleTest {
    template <typename T>
    bool operator()(const Ray<T>& ray, const Vec3<T>& v0, const Vec3<T>& v1, const Vec3<T>& v2, T tMax,
                    CastResult<T>& out) const
    {
        out = Fn{}(ray, Triangle<T>{{v0, v1, v2}});
        return out.hit && out.tEnter <= tMax;
    }
};

/// What a cast through the hierarchy did (for its trace): box tests and triangle tests.
struct MeshCastStats {
    std::uint64_t boxes = 0;
    std::uint64_t triangles = 0;
};

namespace detail {

/// A mesh cast's trace (ray_mesh.cpp, cold): the structure, the tests made to find the closest
/// hit and the farthest exit, and the verdict. bvh is null for the brute force.
template <typename T>
[[gnu::cold, gnu::noinline]] void TraceRayMesh(Trace& trace, const MeshBvh* bvh, std::size_t triangleCount,
                                               const MeshCastStats& closest, const MeshCastStats& farthest,
                                               const CastResult<T>& r);
extern template void TraceRayMesh<float>(Trace&, const MeshBvh*, std::size_t, const MeshCastStats&,
                                         const MeshCastStats&, const CastResult<float>&);
extern template void TraceRayMesh<double>(Trace&, const MeshBvh*, std::size_t, const MeshCastStats&,
                                          const MeshCastStats&, const CastResult<double>&);

template <typename T>
bool RayHasNaN(const Ray<T>& ray)
{
    for (int a = 0; a < 3; ++a) {
        if (std::isnan(ray.origin[a]) || std::isnan(ray.direction[a])) {
            return true;
        }
    }
    return false;
}

/// Keeps triangle `index`'s hit c when it is closer than best, or as close with a lower index.
template <typename T>
inline void KeepClosest(const CastResult<T>& c, std::uint32_t index, CastResult<T>& best)
{
    if (!best.hit || c.tEnter < best.tEnter || (c.tEnter == best.tEnter && index < best.triangle)) {
        best = c;
        best.hit = true;
        best.hasTriangle = true;
        best.triangle = index;
    }
}

/// The largest t over the triangles hit, at least `from`, through the hierarchy: boxes that
/// end before the largest exit found so far are skipped.
template <typename T, typename TriangleTest>
T BvhFarthestExit(const MeshBvh& bvh, const Ray<T>& ray, TriangleTest&& test, T from, MeshCastStats* stats)
{
    const auto& nodes = bvh.template Nodes<T>();
    const auto& corners = bvh.template Corners<T>();
    const BvhRay<T> r(ray);
    constexpr T kInf = std::numeric_limits<T>::infinity();
    std::uint32_t stack[128];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const BvhNode<T>& node = nodes[stack[--top]];
        T tNear;
        if (stats != nullptr) [[unlikely]] {
            ++stats->boxes;
            stats->triangles += node.count;
        }
        if (!BvhBoxHit(r, node.box, from, kInf, tNear)) {
            continue;
        }
        if (node.count == 0) {
            stack[top++] = node.index;
            stack[top++] = node.index + 1;
            continue;
        }
        for (std::uint32_t i = node.index; i < node.index + node.count; ++i) {
            const auto& v = corners[i];
            CastResult<T> c;
            if (test(ray, v[0], v[1], v[2], kInf, c) && c.tExit > from) {
                from = c.tExit;
            }
        }
    }
    return from;
}

} // namespace detail

/// The closest hit of the ray on a mesh through its hierarchy bvh (in T, BvhOf): the
/// triangle test's result for the triangle hit at the smallest tEnter (the lowest index among
/// those hit there), with hasTriangle and triangle set; tExit is that triangle's. Children are
/// visited nearer first; a box entered beyond the closest hit so far is skipped (with the box
/// test's margin, so that ties are still found). A NaN in the ray, or a mesh without triangles, misses.
template <typename T, typename TriangleTest>
CastResult<T> BvhClosestHit(const MeshBvh& bvh, const Ray<T>& ray, TriangleTest&& test, MeshCastStats* stats = nullptr)
{
    CastResult<T> best;
    const auto& nodes = bvh.template Nodes<T>();
    if (nodes.empty() || detail::RayHasNaN(ray)) {
        return best;
    }
    const auto& corners = bvh.template Corners<T>();
    const BvhRay<T> r(ray);
    constexpr T kInf = std::numeric_limits<T>::infinity();
    constexpr T kWiden = T(1) + T(16) * std::numeric_limits<T>::epsilon() / T(2);
    struct Entry {
        std::uint32_t node;
        T tNear;
    };
    Entry stack[128];
    int top = 0;
    T tNear;
    if (BvhBoxHit(r, nodes[0].box, T(0), kInf, tNear)) {
        stack[top++] = {0, tNear};
    }
    while (top > 0) {
        const Entry entry = stack[--top];
        const T tMax = best.hit ? best.tEnter : kInf;
        if (best.hit && entry.tNear > tMax * kWiden + std::numeric_limits<T>::denorm_min()) {
            continue;
        }
        const BvhNode<T>& node = nodes[entry.node];
        if (stats != nullptr) [[unlikely]] {
            stats->boxes += node.count == 0 ? 2 : 0;
            stats->triangles += node.count;
        }
        if (node.count > 0) {
            for (std::uint32_t i = node.index; i < node.index + node.count; ++i) {
                const auto& v = corners[i];
                CastResult<T> c;
                if (test(ray, v[0], v[1], v[2], best.hit ? best.tEnter : kInf, c)) {
                    const std::uint32_t index = bvh.order[i];
                    detail::KeepClosest(c, index, best);
                }
            }
            continue;
        }
        // both children, the nearer pushed last so that it is visited first
        T tLeft, tRight;
        const bool left = BvhBoxHit(r, nodes[node.index].box, T(0), tMax, tLeft);
        const bool right = BvhBoxHit(r, nodes[node.index + 1].box, T(0), tMax, tRight);
        if (left && right && tLeft <= tRight) {
            stack[top++] = {node.index + 1, tRight};
            stack[top++] = {node.index, tLeft};
        } else if (left && right) {
            stack[top++] = {node.index, tLeft};
            stack[top++] = {node.index + 1, tRight};
        } else if (left || right) {
            stack[top++] = left ? Entry{node.index, tLeft} : Entry{node.index + 1, tRight};
        }
    }
    return best;
}

/// ray_mesh's answer through the hierarchy: BvhClosestHit, then tExit the largest t of any
/// triangle hit (a second traversal that skips boxes ending before it), the point origin + tEnter *
/// direction, and the normal the triangle's unit winding normal (FillTrianglePointAndNormal,
/// core/ray_triangle.h: hasNormal false for a degenerate triangle).
template <typename T, typename TriangleTest>
CastResult<T> RayMeshThroughBvh(const Ray<T>& ray, const Mesh<T>& mesh, TriangleTest&& test, Trace* trace = nullptr)
{
    if (mesh.TriangleCount() == 0) {
        if (trace != nullptr) [[unlikely]] {
            detail::TraceRayMesh<T>(*trace, nullptr, 0, {}, {}, {});
        }
        return {};
    }
    const MeshBvh& bvh = BvhOf(*mesh.data, sizeof(T) == 8);
    MeshCastStats closest, farthest;
    CastResult<T> r = BvhClosestHit(bvh, ray, test, trace != nullptr ? &closest : nullptr);
    if (r.hit) {
        r.tExit = detail::BvhFarthestExit(bvh, ray, test, r.tExit, trace != nullptr ? &farthest : nullptr);
        const Triangle<T> tri = mesh.TriangleAt(r.triangle);
        FillTrianglePointAndNormal(ray, tri.vertices[0], tri.vertices[1], tri.vertices[2], r);
    }
    if (trace != nullptr) [[unlikely]] {
        detail::TraceRayMesh<T>(*trace, &bvh, mesh.TriangleCount(), closest, farthest, r);
    }
    return r;
}

/// ray_mesh's answer over every triangle in index order, without a hierarchy (the same contract as
/// RayMeshThroughBvh).
template <typename T, typename TriangleTest>
CastResult<T> RayMeshBruteForce(const Ray<T>& ray, const Mesh<T>& mesh, TriangleTest&& test, Trace* trace = nullptr)
{
    CastResult<T> best;
    if (mesh.TriangleCount() == 0 || detail::RayHasNaN(ray)) {
        if (trace != nullptr) [[unlikely]] {
            detail::TraceRayMesh<T>(*trace, nullptr, mesh.TriangleCount(), {}, {}, best);
        }
        return best;
    }
    constexpr T kInf = std::numeric_limits<T>::infinity();
    const auto& vertices = mesh.Vertices();
    T exit = -kInf;
    for (std::uint32_t i = 0; i < mesh.TriangleCount(); ++i) {
        const auto& t = mesh.data->triangles[i];
        CastResult<T> c;
        if (test(ray, vertices[t[0]], vertices[t[1]], vertices[t[2]], kInf, c)) {
            detail::KeepClosest(c, i, best);
            exit = c.tExit > exit ? c.tExit : exit;
        }
    }
    if (best.hit) {
        best.tExit = exit;
        const Triangle<T> tri = mesh.TriangleAt(best.triangle);
        FillTrianglePointAndNormal(ray, tri.vertices[0], tri.vertices[1], tri.vertices[2], best);
    }
    if (trace != nullptr) [[unlikely]] {
        detail::TraceRayMesh<T>(*trace, nullptr, mesh.TriangleCount(), {0, mesh.TriangleCount()}, {}, best);
    }
    return best;
}

} // namespace hitlab
