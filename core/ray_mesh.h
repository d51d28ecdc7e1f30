// ray_mesh: a ray's closest hit on a mesh (a set of closed triangles), through the mesh's
// hierarchy (core/bvh.h) or over every triangle, with any per-triangle ray test. The mesh's
// answer is the union of its triangles': it is watertight exactly when the triangle test is,
// since the box test never loses a box the ray touches.
#pragma once

#include "bvh.h"
#include "bvh_traverse.h"
#include "ray_triangle.h"
#include "result.h"
#include "shapes.h"
#include "trace.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace hitlab {

// A per-triangle ray test as ray_mesh calls it: test(ray, v0, v1, v2, tMax, out) -> hit, filling
// out's tEnter, tExit (> tEnter only for a ray in the triangle's plane), point, u, v, front. It
// must report hits with tEnter <= tMax inclusive (ties decide the triangle index).

/// The watertight reference as a per-triangle test (core/ray_triangle.h). Exact in its verdict, so
/// the hierarchy may skip the triangles BvhBlockMisses proves missed (kExactVerdict).
struct WatertightTest {
    static constexpr bool kExactVerdict = true;

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

/// The lanes of a leaf's block to run the triangle test on: its count's, less those BvhBlockMisses
/// proves missed when the test is exact in its verdict (a test that may err keeps every lane, so
/// that its errors show mesh-wide).
template <typename T, typename TriangleTest>
[[gnu::always_inline]] inline int BvhLanesToTest(const BvhWideRay<T>& r, const BvhBlock<T>& block, std::uint32_t count)
{
    const int lanes = (1 << count) - 1;
    if constexpr (requires { std::remove_cvref_t<TriangleTest>::kExactVerdict; }) {
        if (std::remove_cvref_t<TriangleTest>::kExactVerdict && r.sieve) [[likely]] {
            return lanes & ~BvhBlockMisses(r, block);
        }
    }
    return lanes;
}

/// The largest t over the triangles hit, at least `from`, through the wide hierarchy: children
/// visited farthest exit first, those that end before the largest exit found so far skipped.
template <typename T, bool kSimple, typename TriangleTest>
T BvhFarthestWide(const MeshBvh& bvh, const Ray<T>& ray, const BvhWideRay<T>& r, TriangleTest& test, T from,
                  MeshCastStats* stats)
{
    const auto& nodes = bvh.template Wide<T>();
    const auto& blocks = bvh.template Blocks<T>();
    constexpr T kInf = std::numeric_limits<T>::infinity();
    constexpr T kWiden = T(1) + T(16) * std::numeric_limits<T>::epsilon() / T(2);
    BvhVisit<T> stack[kBvhStackSize]; // keys: minus the exit
    int top = 0;
    stack[top++] = {0, 0, -kInf};
    while (top > 0) {
        const BvhVisit<T> visit = stack[--top];
        if (-visit.key * kWiden + std::numeric_limits<T>::denorm_min() < from) {
            continue;
        }
        if (visit.count > 0) {
            if (stats != nullptr) [[unlikely]] {
                stats->triangles += visit.count;
            }
            const BvhBlock<T>& block = blocks[visit.index];
            for (int lanes = BvhLanesToTest<T, TriangleTest>(r, block, visit.count); lanes != 0; lanes &= lanes - 1) {
                const int i = __builtin_ctz(unsigned(lanes));
                CastResult<T> c;
                if (test(ray, block.Corner(i, 0), block.Corner(i, 1), block.Corner(i, 2), kInf, c) && c.tExit > from) {
                    from = c.tExit;
                }
            }
            continue;
        }
        const BvhWideNode<T>& node = nodes[visit.index];
        if (stats != nullptr) [[unlikely]] {
            stats->boxes += std::uint64_t(__builtin_popcount(node.valid));
        }
        simd::V4<T> tNear, tFar;
        const int hits = BvhWideHit<T, kSimple>(r, node, from, kInf, tNear, tFar);
        if (hits != 0) {
            BvhPushByKey(node, hits, simd::Splat<T>(T(0)) - tFar, nodes.data(), blocks.data(), stack, top);
        }
    }
    return from;
}

/// BvhClosestHit's walk of the wide hierarchy (its contract), into best. A node with one child hit
/// goes straight on to it; with more, the nearest is taken from the top of the stack.
template <typename T, bool kSimple, typename TriangleTest>
void BvhClosestWide(const MeshBvh& bvh, const Ray<T>& ray, const BvhWideRay<T>& r, TriangleTest& test,
                    CastResult<T>& best, MeshCastStats* stats)
{
    const auto& nodes = bvh.template Wide<T>();
    const auto& blocks = bvh.template Blocks<T>();
    constexpr T kInf = std::numeric_limits<T>::infinity();
    constexpr T kWiden = T(1) + T(16) * std::numeric_limits<T>::epsilon() / T(2);
    BvhVisit<T> stack[kBvhStackSize]; // keys: the entry
    int top = 0;
    BvhVisit<T> visit{0, 0, T(0)};
    while (true) {
        if (visit.count == 0) {
            const BvhWideNode<T>& node = nodes[visit.index];
            if (stats != nullptr) [[unlikely]] {
                stats->boxes += std::uint64_t(__builtin_popcount(node.valid));
            }
            simd::V4<T> tNear, tFar;
            const int hits = BvhWideHit<T, kSimple>(r, node, T(0), best.hit ? best.tEnter : kInf, tNear, tFar);
            if (hits != 0 && (hits & (hits - 1)) == 0) {
                const int i = __builtin_ctz(unsigned(hits));
                visit = {node.child[i], node.count[i], tNear[i]};
                continue;
            }
            if (hits != 0) {
                BvhPushByKey(node, hits, tNear, nodes.data(), blocks.data(), stack, top);
            }
        } else {
            if (stats != nullptr) [[unlikely]] {
                stats->triangles += visit.count;
            }
            const BvhBlock<T>& block = blocks[visit.index];
            for (int lanes = BvhLanesToTest<T, TriangleTest>(r, block, visit.count); lanes != 0; lanes &= lanes - 1) {
                const int i = __builtin_ctz(unsigned(lanes));
                CastResult<T> c;
                if (test(ray, block.Corner(i, 0), block.Corner(i, 1), block.Corner(i, 2), best.hit ? best.tEnter : kInf,
                         c)) {
                    KeepClosest(c, block.id[i], best);
                }
            }
        }
        // the nearest pending child not entered beyond the closest hit, even with the box test's margin
        const T limit = best.hit ? best.tEnter * kWiden + std::numeric_limits<T>::denorm_min() : kInf;
        do {
            if (top == 0) {
                return;
            }
            visit = stack[--top];
        } while (visit.key > limit);
    }
}

/// The farthest exit through the wide hierarchy (BvhFarthestWide for the ray's kind of axes).
template <typename T, typename TriangleTest>
T BvhFarthestExit(const MeshBvh& bvh, const Ray<T>& ray, TriangleTest&& test, T from, MeshCastStats* stats)
{
    const BvhWideRay<T> r(ray);
    return r.simple ? BvhFarthestWide<T, true>(bvh, ray, r, test, from, stats)
                    : BvhFarthestWide<T, false>(bvh, ray, r, test, from, stats);
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
    if (bvh.template Wide<T>().empty() || detail::RayHasNaN(ray)) {
        return best;
    }
    const BvhWideRay<T> r(ray);
    if (r.simple) [[likely]] {
        detail::BvhClosestWide<T, true>(bvh, ray, r, test, best, stats);
    } else {
        detail::BvhClosestWide<T, false>(bvh, ray, r, test, best, stats);
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
