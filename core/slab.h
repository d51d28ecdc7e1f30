// The reference slab method (Kay & Kajiya 1986; Ericson, Real-Time Collision Detection 5.3.3),
// shared by ray_aabb `slab`, segment_aabb `segment_slab` and ray_obb `local_slab`.
// The three axes are three lanes of one vector: two divisions give every slab's two planes, with
// t = (plane - origin) / direction correctly rounded, so the verdict and t are exact whenever those
// quotients are representable; the fourth lane carries the allowed t range.
#pragma once

#include "result.h"
#include "simd.h"

#include "trace.h"

#include <cmath>
#include <limits>
#include <string>

namespace hitlab {

/// The plain sentence for a slab miss, from each lane's [near, far] (lanes 0-2: x, y, z; lane 3:
/// the allowed range) and which axes are parallel: "miss: the ray leaves the y slab at t = 0.8
/// before it enters the x slab at t = 1.2".
std::string SlabMissVerdict(const double nearLanes[4], const double farLanes[4], const bool parallel[3]);

namespace detail {

/// ClipSlabs' trace: the steps and the verdict, from the quotients it computed (out of line and
/// cold, so that the untraced ClipSlabs inlines into loops).
template <typename T>
[[gnu::cold, gnu::noinline]] void TraceClipSlabs(Trace& trace, const Vec3<T>& origin, const Vec3<T>& dir,
                                                 const Vec3<T>& lo, const Vec3<T>& hi, const simd::V4<T>& t0,
                                                 const simd::V4<T>& t1, T tMin, T tMax, const CastResult<T>& r);
extern template void TraceClipSlabs<float>(Trace&, const Vec3<float>&, const Vec3<float>&, const Vec3<float>&,
                                           const Vec3<float>&, const simd::V4<float>&, const simd::V4<float>&, float,
                                           float, const CastResult<float>&);
extern template void TraceClipSlabs<double>(Trace&, const Vec3<double>&, const Vec3<double>&, const Vec3<double>&,
                                            const Vec3<double>&, const simd::V4<double>&, const simd::V4<double>&,
                                            double, double, const CastResult<double>&);

} // namespace detail

/// Clips the line origin + t * dir against the closed box [lo, hi] and the allowed range [tMin, tMax]
/// (tMin <= tMax).
///
/// - Parallel axes (dir component +0 or -0) are handled exactly: the slab is every t when the
///   origin lies in [lo, hi] on that axis (boundary included), no t otherwise. The 0/0 formed when
///   the origin lies on a slab plane never reaches the verdict.
/// - hit when the clipped interval is non-empty (closed: touching an edge, corner or face hits with
///   tEnter == tExit). tEnter is clamped to tMin, so an origin inside gives tEnter = tMin.
/// - normal: the outward normal of the entering face, from the axis whose slab starts last; ties
///   (edges, corners) pick the lowest axis. None when the entry is clamped by tMin with all slabs
///   already entered before tMin (origin strictly inside along every crossing axis) or on a miss.
/// - dir need not be unit; t is in units of dir, each slab's t = (plane - origin) / dir correctly
///   rounded (a division, not a product with a rounded 1/dir). A t that overflows T counts as
///   beyond every allowed t (tExit is at most the largest finite T). NaN anywhere gives a miss;
///   inputs are otherwise finite.
/// - trace: one step per axis with its slab and the running interval, then the verdict; the step
///   where the interval became empty (where a sequential method exits early) is the deciding one.
///
/// Speed: no branch on the verdict and no scalar work: two vector divisions and about twenty other
/// SSE operations per box (the trace is recorded out of line), so that it inlines into box loops.
template <typename T>
[[gnu::always_inline]] inline CastResult<T> ClipSlabs(const Vec3<T>& origin, const Vec3<T>& dir, const Vec3<T>& lo,
                                                     const Vec3<T>& hi, T tMin, T tMax, Trace* trace = nullptr)
{
    using namespace simd;
    using V = V4<T>;
    using M = M4<T>;
    // Lane 3 is a dummy slab (0 - 0) / 0 = NaN on both sides, which the clamps below turn into the
    // allowed range [tMin, tMax] (and the zero lane costs no shuffle to build).
    const V o = Load3<T>(origin);
    const V d = Load3<T>(dir) + T(0); // -0 -> +0 (see parallel below)
    const V vlo = Load3<T>(lo);
    const V vhi = Load3<T>(hi);
    V t0, t1;
    DivideXyz<T>(vlo - o, vhi - o, d, t0, t1);

    // Each slab's [near, far]. Parallel (d = +0): t0 and t1 are -inf, +inf or NaN (0/0, the origin on
    // that plane). Origin strictly inside: [-inf, +inf]; outside: [+inf, +inf] or [-inf, -inf], no t;
    // on a plane: the NaN is the bound the origin lies on, and the operand order below (minps and
    // maxps give the second operand for NaN) keeps it as NaN, which the clamp then drops.
    const V tNear = Min<T>(t1, t0);
    const V tFar = Max<T>(t0, t1);
    // Clamp to the allowed range (NaN -> the bound); a t that overflowed to +inf is beyond it.
    // NaN input would be dropped here too, so it is made a miss: a NaN in the ray poisons the
    // lower bound (maxps returns its second operand, NaN), a NaN in the box its lanes of tNear.
    constexpr T kMaxFinite = std::numeric_limits<T>::max();
    const V lower = V(M(Splat<T>(tMin)) | Unordered<T>(o, d));
    const V nearC = V(M(Max<T>(tNear, lower)) | Unordered<T>(vlo, vhi));
    const V farC = Min<T>(tFar, Splat<T>(tMax >= kMaxFinite ? kMaxFinite : tMax));
    // Latest entry <= earliest exit, every pair compared (false for NaN): lanes {0,2} and {1,3}
    // reduced first.
    const V near2 = Max<T>(nearC, Shuffle<2, 3, 0, 1>(nearC));
    const V far2 = Min<T>(farC, Shuffle<2, 3, 0, 1>(farC));
    const M overlap =
        (near2 <= far2) & (near2 <= Shuffle<1, 0, 3, 2>(far2));

    CastResult<T> r;
    r.hit = LaneBits<T>(overlap) == 15;
    if (r.hit) {
        const T tEnter = near2[0] > near2[1] ? near2[0] : near2[1];
        const T tExit = far2[0] < far2[1] ? far2[0] : far2[1];
        r.tEnter = tEnter + T(0); // -0 -> +0
        r.tExit = tExit + T(0);
        r.point = origin + r.tEnter * dir;
        // entering face: the first axis whose slab starts at tEnter; none when only tMin clamps.
        // Lane masks rather than a loop and an indexed store, so that an unused normal costs nothing.
        const int entering = LaneBits<T>(~(d == Splat<T>(0)) & (tNear == Splat<T>(tEnter))) & 7;
        const M first = MaskFromBits<T>(entering & -entering);
        const V normal = V(first & M(Select<T>(d > Splat<T>(0), Splat<T>(-1), Splat<T>(1))));
        r.normal = Vec3<T>(normal[0], normal[1], normal[2]);
        r.hasNormal = entering != 0;
    }

    if (trace != nullptr) [[unlikely]] {
        detail::TraceClipSlabs<T>(*trace, origin, dir, lo, hi, t0, t1, tMin, tMax, r);
    }
    return r;
}

} // namespace hitlab
