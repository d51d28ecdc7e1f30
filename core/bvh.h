// The bounding volume hierarchy over a mesh's triangles (ray_mesh's acceleration structure):
// built once per precision with binned SAH, flattened into an array of nodes, and its ray/box test,
// which never misses a box the ray touches (so that a watertight triangle test stays watertight
// behind it).
#pragma once

#include "mesh.h"
#include "shapes.h"
#include "simd.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
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

/// One node of the 4-wide hierarchy the casts traverse (the binary one collapsed: each node takes
/// up to four of a binary node's descendants). Its children's boxes, one coordinate of all four per
/// row (min x, y, z, then max x, y, z), so that one 4-lane slab test covers the four children;
/// exact, as the binary nodes' boxes.
template <typename T>
struct alignas(64) BvhWideNode {
    alignas(16) T bounds[6][4]{};
    std::uint32_t child[4]{}; ///< inner child: its wide node; leaf: its block
    std::uint8_t count[4]{};  ///< 0: inner child; 1 to kBvhLeafSize: a leaf of that many triangles
    std::uint8_t valid = 0;   ///< bit i set when child i exists (at least one, at most four)
};

/// A leaf's triangles (up to kBvhLeafSize), one coordinate of all of them per row (v0.x, v0.y,
/// v0.z, v1.x, ..., v2.z; lane i triangle i), in the hierarchy's precision, and their indices in the
/// mesh: a 4-lane test reads them without indirection. Lanes past the leaf's count are zero.
template <typename T>
struct alignas(16) BvhBlock {
    alignas(16) T v[9][4]{};
    std::uint32_t id[4]{};

    Vec3<T> Corner(int lane, int corner) const
    {
        return {v[3 * corner][lane], v[3 * corner + 1][lane], v[3 * corner + 2][lane]};
    }
};

/// Memory for the hierarchy's large arrays (bvh.cpp): from 4 MiB on, aligned to 2 MiB and, on
/// Linux, advised for transparent huge pages (madvise MADV_HUGEPAGE), so that a cast's scattered
/// reads over tens of megabytes miss the TLB less; below that an ordinary aligned allocation.
/// Throws std::bad_alloc when out of memory.
void* BvhAllocate(std::size_t bytes, std::size_t alignment);
void BvhFree(void* p) noexcept;

template <typename T>
struct BvhAllocator {
    using value_type = T;
    BvhAllocator() = default;
    template <typename U>
    BvhAllocator(const BvhAllocator<U>&) noexcept
    {
    }
    T* allocate(std::size_t n) { return static_cast<T*>(BvhAllocate(n * sizeof(T), alignof(T))); }
    void deallocate(T* p, std::size_t) noexcept { BvhFree(p); }
    template <typename U>
    bool operator==(const BvhAllocator<U>&) const noexcept
    {
        return true;
    }
};

template <typename T>
using BvhArray = std::vector<T, BvhAllocator<T>>;

/// A mesh's hierarchy in one precision: nodes[0] is the root (none for a mesh without
/// triangles); a leaf's triangles are order[index] ... order[index + count - 1]. The wide
/// hierarchy has the same leaves (wide[0] its root).
struct MeshBvh {
    std::vector<BvhNode<float>> floatNodes;   ///< the float hierarchy (over MeshData::floatVertices)
    std::vector<BvhNode<double>> doubleNodes; ///< the double hierarchy (over MeshData::vertices)
    BvhArray<BvhWideNode<float>> floatWide;   ///< floatNodes collapsed to 4 children per node
    BvhArray<BvhWideNode<double>> doubleWide; ///< doubleNodes collapsed
    std::vector<std::uint32_t> order;         ///< triangle indices, leaf by leaf
    /// The wide hierarchy's leaves: a leaf child of a wide node is a block.
    BvhArray<BvhBlock<float>> floatBlocks;
    BvhArray<BvhBlock<double>> doubleBlocks;
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
    const BvhArray<BvhWideNode<T>>& Wide() const
    {
        if constexpr (sizeof(T) == 4) {
            return floatWide;
        } else {
            return doubleWide;
        }
    }
    template <typename T>
    BvhArray<BvhWideNode<T>>& Wide()
    {
        if constexpr (sizeof(T) == 4) {
            return floatWide;
        } else {
            return doubleWide;
        }
    }
    template <typename T>
    const BvhArray<BvhBlock<T>>& Blocks() const
    {
        if constexpr (sizeof(T) == 4) {
            return floatBlocks;
        } else {
            return doubleBlocks;
        }
    }
    template <typename T>
    BvhArray<BvhBlock<T>>& Blocks()
    {
        if constexpr (sizeof(T) == 4) {
            return floatBlocks;
        } else {
            return doubleBlocks;
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

/// Collapses bvh's binary hierarchy in T (its nodes and order built) into its wide nodes and leaf
/// blocks (bvh_collapse.cpp; BuildBvh's last step): wide nodes at the binary nodes that Ylitie,
/// Karras and Laine's dynamic programme picks ("Efficient Incoherent Ray Traversal on GPUs Through
/// Compressed Wide BVHs", 2017: the least summed area of wide nodes, the leaves being fixed).
template <typename T>
void CollapseBvh(MeshBvh& bvh, const std::vector<Vec3<T>>& vertices,
                 const std::vector<std::array<std::uint32_t, 3>>& triangles);
extern template void CollapseBvh<float>(MeshBvh&, const std::vector<Vec3<float>>&,
                                        const std::vector<std::array<std::uint32_t, 3>>&);
extern template void CollapseBvh<double>(MeshBvh&, const std::vector<Vec3<double>>&,
                                         const std::vector<std::array<std::uint32_t, 3>>&);

/// The mesh's hierarchy in a precision (double over vertices, float over floatVertices), built on
/// first use and kept in the MeshData (thread-safe: std::call_once).
const MeshBvh& BvhOf(const MeshData& mesh, bool doublePrecision);

/// A ray prepared for box tests: the reciprocal direction and which axes are parallel, as lanes.
template <typename T>
struct BvhRay {
    Vec3<T> origin{0};
    Vec3<T> inverse{0}; ///< 1 / direction on the tested axes, 0 elsewhere
    simd::V4<T> o, inv;
    simd::M4<T> negative; ///< the axes with a negative direction (the box's max is entered first)
    simd::M4<T> tested;   ///< the axes whose slab times are computed
    simd::M4<T> parallel; ///< direction +-0: the slab is all t or none, decided exactly
    // the remaining axes' reciprocal overflowed (a tiny component): that slab is not tested

    explicit BvhRay(const Ray<T>& ray) : origin(ray.origin)
    {
        int neg = 0, test = 0, par = 0;
        for (int a = 0; a < 3; ++a) {
            const T d = ray.direction[a];
            const T reciprocal = T(1) / d;
            const bool isParallel = d == T(0);
            const bool isTested = !isParallel && std::isfinite(reciprocal);
            inverse[a] = isTested ? reciprocal : T(0);
            neg |= std::signbit(d) ? 1 << a : 0;
            test |= isTested ? 1 << a : 0;
            par |= isParallel ? 1 << a : 0;
        }
        o = simd::Load3<T>(origin);
        inv = simd::Load3<T>(inverse);
        negative = simd::MaskFromBits<T>(neg);
        tested = simd::MaskFromBits<T>(test);
        parallel = simd::MaskFromBits<T>(par);
    }
};

/// Whether the ray can touch the closed box at some t in [tMin, tMax] (0 <= tMin <= tMax; tMax may
/// be infinite), and the entry tNear (rounded; for ordering only). Conservative: never false when
/// the exact ray meets the box in that range, sometimes true when it misses by a few ulps. Each
/// slab t = (plane - origin) * inverse carries three roundings (at most (1 + u)^3 relative, u the
/// unit roundoff), so the exit is widened by 16 u and one smallest subnormal before the comparison
/// (Ize 2013, "Robust BVH Ray Traversal", with a wider margin); parallel axes are exact (origin
/// inside the slab, bounds included), an axis whose reciprocal overflows is left out (which only
/// widens the slab). The three axes are three lanes (core/simd.h). Preconditions: no NaN in the
/// ray or the box.
template <typename T>
[[gnu::always_inline]] inline bool BvhBoxHit(const BvhRay<T>& r, const Aabb<T>& box, T tMin, T tMax, T& tNear)
{
    using V = simd::V4<T>;
    constexpr T kInf = std::numeric_limits<T>::infinity();
    constexpr T kWiden = T(1) + T(16) * std::numeric_limits<T>::epsilon() / T(2);
    V lo, hi;
    simd::LoadBox<T>(box, lo, hi);
    // parallel axes: the origin must lie in the slab
    const bool outside = simd::LaneBits<T>(r.parallel & ~((lo <= r.o) & (r.o <= hi))) != 0;
    const V enter = simd::Select<T>(r.negative, hi, lo), exit = simd::Select<T>(r.negative, lo, hi);
    const V tn = simd::Select<T>(r.tested, (enter - r.o) * r.inv, simd::Splat<T>(-kInf));
    const V tf = simd::Select<T>(r.tested, (exit - r.o) * r.inv, simd::Splat<T>(kInf));
    const T n = std::max(tMin, simd::HorizontalMax<T>(tn));
    const T f = std::min(tMax, simd::HorizontalMin<T>(tf));
    tNear = n;
    return !outside && n <= f * kWiden + std::numeric_limits<T>::denorm_min();
}

} // namespace hitlab
