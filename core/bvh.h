// The bounding volume hierarchy over a mesh's triangles (ray_mesh's acceleration structure):
// built once per precision with binned SAH, flattened into an array of nodes, and its ray/box test,
// which never misses a box the ray touches (so that a watertight triangle test stays watertight
// behind it).
#pragma once

#include "mesh.h"
#include "shapes.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

namespace hitlab {

/// One node of the flattened hierarchy. Its box contains its triangles' vertices exactly (min and
/// max of the T vertices, no rounding).
template <typename T>
struct BvhNode {
    Aabb<T> box;
    std::uint32_t index = 0; ///< inner: the first child (the second is index + 1); leaf: first position in `order`
    std::uint32_t count = 0; ///< leaf: its triangle count (1 to kBvhLeafSize); inner: 0
};

/// Most triangles in a leaf.
inline constexpr std::uint32_t kBvhLeafSize = 4;
/// Bins per axis of the SAH split search.
inline constexpr int kBvhBins = 16;

/// A mesh's hierarchy in one precision: nodes[0] is the root (none for a mesh without
/// triangles); a leaf's triangles are order[index] ... order[index + count - 1].
struct MeshBvh {
    std::vector<BvhNode<float>> floatNodes;   ///< the float hierarchy (over MeshData::floatVertices)
    std::vector<BvhNode<double>> doubleNodes; ///< the double hierarchy (over MeshData::vertices)
    std::vector<std::uint32_t> order;         ///< triangle indices, leaf by leaf
    /// The corners of triangle order[i] at i (in the hierarchy's precision): a leaf reads its
    /// triangles from one place instead of through the indices.
    std::vector<std::array<Vec3<float>, 3>> floatCorners;
    std::vector<std::array<Vec3<double>, 3>> doubleCorners;
    int depth = 0; ///< the most nodes on a path from the root to a leaf

    template <typename T>
    const std::vector<BvhNode<T>>& Nodes() const
    {
        if constexpr (sizeof(T) == 4) {
            return floatNodes;
        } else {
            return doubleNodes;
        }
    }
    template <typename T>
    std::vector<BvhNode<T>>& Nodes()
    {
        if constexpr (sizeof(T) == 4) {
            return floatNodes;
        } else {
            return doubleNodes;
        }
    }
    template <typename T>
    const std::vector<std::array<Vec3<T>, 3>>& Corners() const
    {
        if constexpr (sizeof(T) == 4) {
            return floatCorners;
        } else {
            return doubleCorners;
        }
    }
    template <typename T>
    std::vector<std::array<Vec3<T>, 3>>& Corners()
    {
        if constexpr (sizeof(T) == 4) {
            return floatCorners;
        } else {
            return doubleCorners;
        }
    }
};

/// Builds the hierarchy of triangles over vertices (in T: the node bounds are exact in T). Binned
/// SAH (kBvhBins bins on each axis, the cheapest split of the three; Wald 2007, "On fast
/// Construction of SAH-based Bounding Volume Hierarchies"), leaves of at most kBvhLeafSize
/// triangles; nodes of 16 triangles or fewer, and nodes below depth 40, are split at the median
/// centroid of their widest axis (so the depth stays below 64).
/// Preconditions: every index is below vertices.size(), finite vertices.
template <typename T>
std::shared_ptr<const MeshBvh> BuildBvh(const std::vector<Vec3<T>>& vertices,
                                        const std::vector<std::array<std::uint32_t, 3>>& triangles);
extern template std::shared_ptr<const MeshBvh> BuildBvh<float>(const std::vector<Vec3<float>>&,
                                                               const std::vector<std::array<std::uint32_t, 3>>&);
extern template std::shared_ptr<const MeshBvh> BuildBvh<double>(const std::vector<Vec3<double>>&,
                                                                const std::vector<std::array<std::uint32_t, 3>>&);

/// The mesh's hierarchy in a precision (double over vertices, float over floatVertices), built on
/// first use and kept in the MeshData (thread-safe: std::call_once).
const MeshBvh& BvhOf(const MeshData& mesh, bool doublePrecision);

/// A ray prepared for box tests: the reciprocal direction and which axes are parallel.
template <typename T>
struct BvhRay {
    Vec3<T> origin{0};
    Vec3<T> inverse{0};
    bool negative[3]{};
    bool parallel[3]{}; ///< direction component +-0: the slab is all t or none, decided exactly
    bool skip[3]{};     ///< the reciprocal overflowed (a tiny component): the slab is not tested

    explicit BvhRay(const Ray<T>& ray) : origin(ray.origin)
    {
        for (int a = 0; a < 3; ++a) {
            const T d = ray.direction[a];
            parallel[a] = d == T(0);
            inverse[a] = parallel[a] ? T(0) : T(1) / d;
            skip[a] = !parallel[a] && !std::isfinite(inverse[a]);
            negative[a] = std::signbit(d);
        }
    }
};

/// Whether the ray can touch the closed box at some t in [tMin, tMax] (0 <= tMin <= tMax; tMax may
/// be infinite), and the entry tNear (rounded; for ordering only). Conservative: never false when
/// the exact ray meets the box in that range, sometimes true when it misses by a few ulps. Each
/// slab t = (plane - origin) * inverse carries three roundings (at most (1 + u)^3 relative, u the
/// unit roundoff), so the exit is widened by 16 u and one smallest subnormal before the comparison
/// (Ize 2013, "Robust BVH Ray Traversal", with a wider margin); parallel axes are exact (origin
/// inside the slab, bounds included), an axis whose reciprocal overflows is left out (which only
/// widens the slab). NaN input: a slab with NaN is ignored (the triangle test decides).
template <typename T>
[[gnu::always_inline]] inline bool BvhBoxHit(const BvhRay<T>& r, const Aabb<T>& box, T tMin, T tMax, T& tNear)
{
    constexpr T kWiden = T(1) + T(16) * std::numeric_limits<T>::epsilon() / T(2);
    T tn = tMin, tf = tMax;
    tNear = tMin;
    for (int a = 0; a < 3; ++a) {
        if (r.parallel[a]) {
            if (r.origin[a] < box.min[a] || r.origin[a] > box.max[a]) {
                return false;
            }
            continue;
        }
        const T t0 = (box.min[a] - r.origin[a]) * r.inverse[a];
        const T t1 = (box.max[a] - r.origin[a]) * r.inverse[a];
        const T enter = r.negative[a] ? t1 : t0, exit = r.negative[a] ? t0 : t1;
        tn = r.skip[a] || !(enter > tn) ? tn : enter;
        tf = r.skip[a] || !(exit < tf) ? tf : exit;
    }
    tNear = tn;
    return tn <= tf * kWiden + std::numeric_limits<T>::denorm_min();
}

} // namespace hitlab
