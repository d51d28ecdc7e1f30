// Walking a mesh's 4-wide hierarchy (core/bvh.h) with a ray: the four children's boxes of a node in
// one 4-lane slab test, as conservative as BvhBoxHit (a box the exact ray touches is never
// rejected), then the children hit in order. ray_mesh's closest hit and farthest exit
// (core/ray_mesh.h) run on these.
#pragma once

#include "bvh.h"

#include <cstring>
#include <limits>

namespace hitlab {

/// A ray prepared for 4-wide box tests: origin and reciprocal direction per axis in all lanes, and
/// for each axis the bounds row entered first and the row left last (min or max by the
/// direction's sign). The axes as BvhRay decides them: tested, parallel (+-0: the slab is all t or
/// none, decided exactly), or left out (the reciprocal overflowed: the slab only narrows).
template <typename T>
struct BvhWideRay {
    simd::V4<T> o[3], inv[3];
    int nearRow[3]{}, farRow[3]{};
    int tested = 0, parallel = 0; ///< bit a: axis a
    bool simple = false;          ///< all three axes tested (the common case: no per-axis choice)

    explicit BvhWideRay(const Ray<T>& ray)
    {
        const BvhRay<T> r(ray);
        tested = simd::LaneBits<T>(r.tested) & 7;
        parallel = simd::LaneBits<T>(r.parallel) & 7;
        simple = tested == 7;
        const int negative = simd::LaneBits<T>(r.negative);
        for (int a = 0; a < 3; ++a) {
            o[a] = simd::Splat<T>(r.origin[a]);
            inv[a] = simd::Splat<T>(r.inverse[a]);
            nearRow[a] = (negative >> a & 1) != 0 ? 3 + a : a;
            farRow[a] = (negative >> a & 1) != 0 ? a : 3 + a;
        }
    }
};

namespace detail {

template <typename T>
[[gnu::always_inline]] inline simd::V4<T> BvhRow(const BvhWideNode<T>& node, int row)
{
    simd::V4<T> v;
    static_assert(sizeof(v.part) == 4 * sizeof(T), "four packed lanes");
    std::memcpy(&v.part, node.bounds[row], sizeof(v.part));
    return v;
}

} // namespace detail

/// Which of node's children the ray can touch at some t in [tMin, tMax] (bit i: child i), with
/// each child's entry and exit (rounded; for ordering and pruning only) in tNear and tFar: per
/// lane BvhBoxHit's test and margin (the exit widened by 16 u and the smallest subnormal). A NaN
/// slab time (0 times an infinite difference) leaves that slab out. kSimple: every axis tested
/// (BvhWideRay::simple), else parallel axes need the origin in the slab and untested axes are
/// left out. Preconditions: no NaN in the ray or the boxes, 0 <= tMin <= tMax.
template <typename T, bool kSimple>
[[gnu::always_inline]] inline int BvhWideHit(const BvhWideRay<T>& r, const BvhWideNode<T>& node, T tMin, T tMax,
                                             simd::V4<T>& tNear, simd::V4<T>& tFar)
{
    using V = simd::V4<T>;
    constexpr T kWiden = T(1) + T(16) * std::numeric_limits<T>::epsilon() / T(2);
    V n = simd::Splat<T>(tMin), f = simd::Splat<T>(tMax);
    int outside = 0;
    for (int a = 0; a < 3; ++a) {
        if constexpr (!kSimple) {
            if ((r.tested >> a & 1) == 0) {
                if ((r.parallel >> a & 1) != 0) {
                    const V lo = detail::BvhRow(node, a), hi = detail::BvhRow(node, 3 + a);
                    outside |= simd::LaneBits<T>(~((lo <= r.o[a]) & (r.o[a] <= hi)));
                }
                continue;
            }
        }
        const V tn = (detail::BvhRow(node, r.nearRow[a]) - r.o[a]) * r.inv[a];
        const V tf = (detail::BvhRow(node, r.farRow[a]) - r.o[a]) * r.inv[a];
        n = simd::Max<T>(tn, n); // a NaN slab time gives the second operand: the slab is left out
        f = simd::Min<T>(tf, f);
    }
    tNear = n;
    tFar = f;
    const V reach = f * simd::Splat<T>(kWiden) + std::numeric_limits<T>::denorm_min();
    return simd::LaneBits<T>(n <= reach) & ~outside & node.valid;
}

/// A child to visit: a wide node (count 0) or a leaf's triangles [index, index + count), and the
/// time the traversal orders and prunes it by.
template <typename T>
struct BvhVisit {
    std::uint32_t index;
    std::uint32_t count;
    T key;
};

/// Room for the pending children of a traversal: at most 3 per level below the root, levels below
/// 64 (BuildBvh keeps the binary depth there, and the wide depth is at most the binary one).
inline constexpr int kBvhStackSize = 3 * 64 + 4;

/// Pushes the children in `hits` of node onto stack so that the one of smallest key is on top
/// (keys: a lane each), prefetching their nodes or first triangles.
template <typename T>
[[gnu::always_inline]] inline void BvhPushByKey(const BvhWideNode<T>& node, int hits, const simd::V4<T>& keys,
                                                const BvhWideNode<T>* nodes, const BvhTriangle<T>* leaves,
                                                BvhVisit<T>* stack, int& top)
{
    if ((hits & (hits - 1)) == 0) { // one child
        const int i = __builtin_ctz(unsigned(hits));
        stack[top++] = {node.child[i], node.count[i], keys[i]};
        return;
    }
    // insertion by descending key from the current top: the largest ends deepest; the children's
    // nodes are fetched meanwhile (the nearest is needed next, the others' misses then overlap)
    const int base = top;
    for (; hits != 0; hits &= hits - 1) {
        const int i = __builtin_ctz(unsigned(hits));
        const BvhVisit<T> v{node.child[i], node.count[i], keys[i]};
        if (v.count == 0) {
            const char* line = reinterpret_cast<const char*>(nodes + v.index);
            __builtin_prefetch(line);
            __builtin_prefetch(line + 64);
            if constexpr (sizeof(T) == 8) {
                __builtin_prefetch(line + 128);
                __builtin_prefetch(line + 192);
            }
        } else {
            const char* line = reinterpret_cast<const char*>(leaves + v.index);
            for (std::size_t b = 0; b < v.count * sizeof(BvhTriangle<T>); b += 64) {
                __builtin_prefetch(line + b);
            }
        }
        int j = top++;
        for (; j > base && stack[j - 1].key < v.key; --j) {
            stack[j] = stack[j - 1];
        }
        stack[j] = v;
    }
}

} // namespace hitlab
