// Walking a mesh's 4-wide hierarchy (core/bvh.h) with a ray: the four children's boxes of a node in
// one 4-lane slab test, as conservative as BvhBoxHit (a box the exact ray touches is never
// rejected), then the children hit in order. ray_mesh's closest hit and farthest exit
// (core/ray_mesh.h) run on these.
#pragma once

#include "bvh.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace hitlab {

/// The constants of BvhBlockMisses in T: its error bound's factor (about 4 times the worst case
/// 42 u), the magnitudes it runs on, and an absolute term for the roundings of subnormal products.
template <typename T>
struct BvhSieve {
    static constexpr T kFactor = sizeof(T) == 4 ? T(0x1p-16) : T(0x1p-45);
    static constexpr T kLow = sizeof(T) == 4 ? T(0x1p-40) : T(0x1p-300);
    static constexpr T kHigh = sizeof(T) == 4 ? T(0x1p40) : T(0x1p300);
    static constexpr T kTiny = sizeof(T) == 4 ? T(0x1p-140) : T(0x1p-1000);
};

/// A ray prepared for 4-wide box tests: origin and reciprocal direction per axis in all lanes, and
/// for each axis the bounds row entered first and the row left last (min or max by the
/// direction's sign). The axes as BvhRay decides them: tested, parallel (+-0: the slab is all t or
/// none, decided exactly), or left out (the reciprocal overflowed: the slab only narrows).
template <typename T>
struct BvhWideRay {
    simd::V4<T> o[3], inv[3], d[3];
    simd::V4<T> dMax; ///< max |d[a]|
    int nearRow[3]{}, farRow[3]{};
    int tested = 0, parallel = 0; ///< bit a: axis a
    bool simple = false;          ///< all three axes tested with a nonzero reciprocal (the common case: no NaN)
    bool sieve = false;           ///< BvhBlockMisses may run: |d| within its range

    [[gnu::always_inline]] explicit BvhWideRay(const Ray<T>& ray)
    {
        // BvhRay's axes, decided per axis without its lane masks
        T m = 0;
        simple = true;
        for (int a = 0; a < 3; ++a) {
            const T da = ray.direction[a];
            const T reciprocal = T(1) / da;
            const bool isParallel = da == T(0);
            const bool isTested = !isParallel && std::isfinite(reciprocal);
            tested |= isTested ? 1 << a : 0;
            parallel |= isParallel ? 1 << a : 0;
            simple = simple && isTested && reciprocal != T(0);
            const bool negative = std::signbit(da);
            o[a] = simd::Splat<T>(ray.origin[a]);
            inv[a] = simd::Splat<T>(isTested ? reciprocal : T(0));
            d[a] = simd::Splat<T>(da);
            nearRow[a] = negative ? 3 + a : a;
            farRow[a] = negative ? a : 3 + a;
            const T magnitude = negative ? -da : da;
            m = magnitude > m ? magnitude : m;
        }
        dMax = simd::Splat<T>(m);
        sieve = m >= BvhSieve<T>::kLow && m <= BvhSieve<T>::kHigh;
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
        if constexpr (kSimple) {
            // no NaN (finite differences or +-inf, times a finite nonzero reciprocal): the entry is
            // the smaller of the two planes' times whatever the direction's sign
            const V t0 = (detail::BvhRow(node, a) - r.o[a]) * r.inv[a];
            const V t1 = (detail::BvhRow(node, 3 + a) - r.o[a]) * r.inv[a];
            n = simd::Max<T>(simd::Min<T>(t0, t1), n);
            f = simd::Min<T>(simd::Max<T>(t0, t1), f);
        } else {
            const V tn = (detail::BvhRow(node, r.nearRow[a]) - r.o[a]) * r.inv[a];
            const V tf = (detail::BvhRow(node, r.farRow[a]) - r.o[a]) * r.inv[a];
            n = simd::Max<T>(tn, n); // a NaN slab time gives the second operand: the slab is left out
            f = simd::Min<T>(tf, f);
        }
    }
    tNear = n;
    tFar = f;
    const V reach = f * simd::Splat<T>(kWiden) + std::numeric_limits<T>::denorm_min();
    return simd::LaneBits<T>(n <= reach) & ~outside & node.valid;
}

namespace detail {

template <typename T>
[[gnu::always_inline]] inline simd::V4<T> BvhAdd(const simd::V4<T>& a, const simd::V4<T>& b)
{
    simd::V4<T> r;
    for (int p = 0; p < simd::kParts<T>; ++p) {
        r.part[p] = a.part[p] + b.part[p];
    }
    return r;
}

template <typename T>
[[gnu::always_inline]] inline simd::V4<T> BvhAbs(const simd::V4<T>& a)
{
    return simd::Max<T>(a, simd::Splat<T>(T(0)) - a);
}

/// d . (a x b) in lanes, as computed (T's roundings).
template <typename T>
[[gnu::always_inline]] inline simd::V4<T> BvhTriple(const simd::V4<T>* d, const simd::V4<T>* a, const simd::V4<T>* b)
{
    const simd::V4<T> x = a[1] * b[2] - a[2] * b[1], y = a[2] * b[0] - a[0] * b[2], z = a[0] * b[1] - a[1] * b[0];
    return BvhAdd<T>(BvhAdd<T>(d[0] * x, d[1] * y), d[2] * z);
}

} // namespace detail

/// The triangles of a block that the ray's line certainly misses (bit i: lane i), for a triangle
/// test exact in its verdict to skip. The line o + t d meets a closed triangle v0 v1 v2 (also one
/// in its plane, or a degenerate one) only if the three volumes d . ((vk - o) x (vk+1 - o)) are all
/// >= 0 or all <= 0 (each the signed area of the triangle's edge k and the line's point, projected
/// along d). Each is computed as d . (A x E), A = vk - o and E = vk+1 - vk rounded once (the same
/// volume exactly, and small beside its error bound only when the line passes close to the edge),
/// in T: an error below 42 u |d| |A| |E| (max norms; u T's unit roundoff; Higham's gamma_7 over
/// six products), so one above kFactor |d| |A| |E| + kTiny and another below minus its bound is a
/// certain miss. Lanes where |A| or |E| lies outside [kLow, kHigh] (products could underflow or
/// overflow; a degenerate edge) are never reported. Requires r.sieve.
template <typename T>
[[gnu::always_inline]] inline int BvhBlockMisses(const BvhWideRay<T>& r, const BvhBlock<T>& block)
{
    using V = simd::V4<T>;
    V p[3][3];
    for (int k = 0; k < 3; ++k) {
        for (int a = 0; a < 3; ++a) {
            std::memcpy(&p[k][a].part, block.v[3 * k + a], sizeof(p[k][a].part));
        }
    }
    const V zero = simd::Splat<T>(T(0)), low = simd::Splat<T>(BvhSieve<T>::kLow),
            high = simd::Splat<T>(BvhSieve<T>::kHigh);
    const V factor = r.dMax * simd::Splat<T>(BvhSieve<T>::kFactor);
    simd::M4<T> inRange = zero == zero, positive = zero > zero, negative = positive;
    for (int k = 0; k < 3; ++k) {
        const int next = k == 2 ? 0 : k + 1;
        V from[3], edge[3];
        for (int a = 0; a < 3; ++a) {
            from[a] = p[k][a] - r.o[a];
            edge[a] = p[next][a] - p[k][a];
        }
        const V mFrom =
            simd::Max<T>(simd::Max<T>(detail::BvhAbs(from[0]), detail::BvhAbs(from[1])), detail::BvhAbs(from[2]));
        const V mEdge =
            simd::Max<T>(simd::Max<T>(detail::BvhAbs(edge[0]), detail::BvhAbs(edge[1])), detail::BvhAbs(edge[2]));
        inRange = inRange & (low <= mFrom) & (mFrom <= high) & (low <= mEdge) & (mEdge <= high);
        const V volume = detail::BvhTriple<T>(r.d, from, edge);
        const V bound = factor * mFrom * mEdge + BvhSieve<T>::kTiny;
        positive = positive | (volume > bound);
        negative = negative | ((zero - volume) > bound);
    }
    return simd::LaneBits<T>(positive & negative & inRange);
}

/// A child to visit: a wide node (count 0) or a leaf's triangles [index, index + count), and the
/// time the traversal orders and prunes it by.
template <typename T>
struct BvhVisit {
    std::uint32_t index;
    std::uint32_t count;
    T key;
};

/// Room for the pending children of a traversal: at most 3 per level (four children hit, one taken
/// at once), and at most 72 levels: the wide depth is at most the binary one, which BuildBvh keeps
/// at 40 SAH levels plus at most 31 median halvings of fewer than 2^32 triangles.
inline constexpr int kBvhStackSize = 3 * 72 + 4;

/// Pushes the children in `hits` of node onto stack so that the one of smallest key is on top
/// (keys: a lane each), prefetching their nodes or first triangles.
template <typename T>
[[gnu::always_inline]] inline void BvhPushByKey(const BvhWideNode<T>& node, int hits, const simd::V4<T>& keys,
                                                const BvhWideNode<T>* nodes, const BvhBlock<T>* blocks,
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
            const char* line = reinterpret_cast<const char*>(blocks + v.index);
            for (std::size_t b = 0; b < sizeof(BvhBlock<T>); b += 64) {
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
