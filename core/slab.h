// The reference slab method (Kay & Kajiya 1986; Ericson, Real-Time Collision Detection 5.3.3),
// shared by ray_aabb `slab`, segment_aabb `segment_slab` and ray_obb `local_slab`.
// The three axes are three lanes of one vector: two divisions give every slab's two planes, with
// t = (plane - origin) / direction correctly rounded, so the verdict and t are exact whenever those
// quotients are representable; the fourth lane carries the allowed t range.
#pragma once

#include "result.h"
#include "simd.h"

#include "trace.h"
#include "wide.h"

#include <cmath>
#include <limits>
#include <string>

namespace hitlab {

namespace detail {

/// ClipSlabs' trace: the steps and the verdict, from the quotients it computed (lanes 0-2 of t0
/// and t1; out of line and cold, so that the untraced ClipSlabs inlines into loops). Plain arrays
/// rather than simd::V4, whose type differs between instruction sets (simd.h).
template <typename T>
[[gnu::cold, gnu::noinline]] void TraceClipSlabs(Trace& trace, const Vec3<T>& origin, const Vec3<T>& dir,
                                                 const Vec3<T>& lo, const Vec3<T>& hi, const T (&t0)[3],
                                                 const T (&t1)[3], T tMin, T tMax, const CastResult<T>& r);
extern template void TraceClipSlabs<float>(Trace&, const Vec3<float>&, const Vec3<float>&, const Vec3<float>&,
                                           const Vec3<float>&, const float (&)[3], const float (&)[3], float, float,
                                           const CastResult<float>&);
extern template void TraceClipSlabs<double>(Trace&, const Vec3<double>&, const Vec3<double>&, const Vec3<double>&,
                                            const Vec3<double>&, const double (&)[3], const double (&)[3], double,
                                            double, const CastResult<double>&);

/// diff / d rounded to T: the correctly rounded T quotient when both are T values (then it is the
/// fast path's, bit for bit, subnormal or infinite as IEEE rounds it), else the wide quotient rounded.
template <typename T>
[[gnu::always_inline]] inline T RoundedQuotient(Wide<T> diff, Wide<T> d)
{
    using W = Wide<T>;
    const T diffT = T(diff), dT = T(d);
    return W(diffT) == diff && W(dT) == d ? diffT / dT : T(diff / d);
}

/// ClipSlabsWide's slabs in Wide<T>: each axis's plane crossings and [near, far], and the
/// clipped interval with the slab that sets each end (-1: the allowed range).
template <typename T>
struct WideSlabs {
    Wide<T> t0[3], t1[3], tNear[3], tFar[3];
    bool parallel[3];
    Wide<T> tEnter, tExit;
    int enterAxis = -1, exitAxis = -1;
    bool hit = true; ///< no NaN anywhere (the interval may still be empty)
};

/// The allowed range, then each slab: parallel axes all t or no t, as in ClipSlabs.
template <typename T>
[[gnu::always_inline]] inline WideSlabs<T> ClipWideSlabs(const WideVec3<T>& origin, const WideVec3<T>& dir,
                                                         const Vec3<T>& lo, const Vec3<T>& hi, T tMin, T tMax)
{
    using W = Wide<T>;
    constexpr W kWideInf = std::numeric_limits<W>::infinity();
    WideSlabs<T> s;
    s.tEnter = W(tMin);
    s.tExit = W(tMax);
    for (int axis = 0; axis < 3; ++axis) {
        const W o = origin[axis], d = dir[axis], l = W(lo[axis]), h = W(hi[axis]);
        s.parallel[axis] = d == W(0);
        if (s.parallel[axis]) {
            // every t inside the slab, none outside (the trace's quotients: +-inf as ClipSlabs forms them)
            const bool inside = l <= o && o <= h;
            s.tNear[axis] = inside ? -kWideInf : kWideInf;
            s.tFar[axis] = inside ? kWideInf : -kWideInf;
            s.t0[axis] = l < o ? -kWideInf : kWideInf;
            s.t1[axis] = h < o ? -kWideInf : kWideInf;
        } else {
            s.t0[axis] = (l - o) / d;
            s.t1[axis] = (h - o) / d;
            s.tNear[axis] = s.t0[axis] < s.t1[axis] ? s.t0[axis] : s.t1[axis];
            s.tFar[axis] = s.t0[axis] < s.t1[axis] ? s.t1[axis] : s.t0[axis];
        }
        // NaN (a NaN input) is a miss
        s.hit = s.hit && s.tNear[axis] == s.tNear[axis] && s.tFar[axis] == s.tFar[axis];
        if (s.tNear[axis] > s.tEnter) {
            s.tEnter = s.tNear[axis];
            s.enterAxis = axis;
        }
        if (s.tFar[axis] < s.tExit) {
            s.tExit = s.tFar[axis];
            s.exitAxis = axis;
        }
    }
    return s;
}

/// A hit's reported values from the wide slabs: each t the setting slab's quotient rounded once
/// to T (-0 -> +0), the point as the fast path forms it where that is finite (else in Wide<T>),
/// the entering face.
template <typename T>
[[gnu::always_inline]] inline void FillWideHit(const WideSlabs<T>& s, const WideVec3<T>& origin, const WideVec3<T>& dir,
                                               const Vec3<T>& lo, const Vec3<T>& hi, T tMin, T tMax, CastResult<T>& r)
{
    using W = Wide<T>;
    r.tEnter = tMin;
    if (s.enterAxis >= 0) {
        const W plane = s.tEnter == s.t0[s.enterAxis] ? W(lo[s.enterAxis]) : W(hi[s.enterAxis]);
        r.tEnter = RoundedQuotient<T>(plane - origin[s.enterAxis], dir[s.enterAxis]);
    }
    r.tEnter = r.tEnter + T(0);
    r.tExit = tMax >= std::numeric_limits<T>::max() ? std::numeric_limits<T>::max() : tMax;
    if (s.exitAxis >= 0) {
        const W plane = s.tExit == s.t0[s.exitAxis] ? W(lo[s.exitAxis]) : W(hi[s.exitAxis]);
        r.tExit = RoundedQuotient<T>(plane - origin[s.exitAxis], dir[s.exitAxis]);
    }
    r.tExit = r.tExit + T(0);
    // the point as the fast path forms it where that is finite, else in W
    const Vec3<T> o{T(origin[0]), T(origin[1]), T(origin[2])};
    const Vec3<T> d{T(dir[0]), T(dir[1]), T(dir[2])};
    r.point = o + r.tEnter * d;
    bool exact = std::isfinite(r.point.x) && std::isfinite(r.point.y) && std::isfinite(r.point.z);
    for (int i = 0; i < 3; ++i) {
        exact = exact && W(o[i]) == origin[i] && W(d[i]) == dir[i];
    }
    if (!exact) {
        for (int i = 0; i < 3; ++i) {
            r.point[i] = T(origin[i] + s.tEnter * dir[i]);
        }
    }
    // entering face: the lowest crossing axis whose slab starts at tEnter
    for (int axis = 0; axis < 3 && !r.hasNormal; ++axis) {
        if (!s.parallel[axis] && s.tNear[axis] == s.tEnter) {
            r.normal[axis] = dir[axis] > W(0) ? T(-1) : T(1);
            r.hasNormal = true;
        }
    }
}

/// ClipSlabs in Wide<T>, for the lines whose slab quotients over- or underflow T. origin and dir
/// may lie beyond T's range (a segment's end - start). Same contract as ClipSlabs, with every
/// quotient and comparison in Wide<T>, so the verdict does not depend on how T would round a
/// quotient; the reported tEnter and tExit are RoundedQuotient's, and the point is the fast path's
/// where that is finite (else computed in Wide<T>). When wideEnter is non-null it receives tEnter in
/// Wide<T> on a hit (to place the point elsewhere). Inlined into ClipSlabs' unlikely branch rather
/// than called: a call there would make every caller's loop give up the registers it keeps the ray
/// in (measured: +60% on ray_aabb/slab/float).
template <typename T>
[[gnu::always_inline]] inline CastResult<T> ClipSlabsWide(const WideVec3<T>& origin, const WideVec3<T>& dir,
                                                          const Vec3<T>& lo, const Vec3<T>& hi, T tMin, T tMax,
                                                          Trace* trace, Wide<T>* wideEnter = nullptr)
{
    using W = Wide<T>;
    const WideSlabs<T> s = ClipWideSlabs<T>(origin, dir, lo, hi, tMin, tMax);
    CastResult<T> r;
    r.hit = s.hit && s.tEnter <= s.tExit;
    if (r.hit) {
        FillWideHit<T>(s, origin, dir, lo, hi, tMin, tMax, r);
        if (wideEnter != nullptr) {
            *wideEnter = s.tEnter;
        }
    }
    if (trace != nullptr) [[unlikely]] {
        const Vec3<T> o{T(origin[0]), T(origin[1]), T(origin[2])};
        const Vec3<T> d{T(dir[0]), T(dir[1]), T(dir[2])};
        T q0[3], q1[3];
        for (int axis = 0; axis < 3; ++axis) {
            q0[axis] = s.parallel[axis] ? T(s.t0[axis]) : RoundedQuotient<T>(W(lo[axis]) - origin[axis], dir[axis]);
            q1[axis] = s.parallel[axis] ? T(s.t1[axis]) : RoundedQuotient<T>(W(hi[axis]) - origin[axis], dir[axis]);
        }
        TraceClipSlabs<T>(*trace, o, d, lo, hi, q0, q1, tMin, tMax, r);
    }
    return r;
}

/// ClipSlabs with the bounds lo and hi already loaded as vlo and vhi: lane 3 zero (Load3) when
/// kZeroLane3, else any finite value or NaN (LoadBox).
template <typename T, bool kZeroLane3>
[[gnu::always_inline]] inline CastResult<T>
ClipSlabLanes(const Vec3<T>& origin, const Vec3<T>& dir, const Vec3<T>& lo, const Vec3<T>& hi, const simd::V4<T>& vlo,
              const simd::V4<T>& vhi, T tMin, T tMax, Trace* trace, Wide<T>* wideEnter)
{
    using namespace simd;
    using V = V4<T>;
    using M = M4<T>;
    // Lane 3 is a dummy slab whose quotients are NaN: (0 - 0) / 0 when the bounds' lane 3 is zero,
    // else the direction's lane 3 is made a NaN, whatever the bounds hold there (a few more
    // operations, per ray in a box loop). The clamps below turn it into the allowed range.
    const M xyz = MaskFromBits<T>(7);
    const V o = Load3<T>(origin);
    V d = Load3<T>(dir) + T(0); // -0 -> +0 (see parallel below)
    if constexpr (!kZeroLane3) {
        d = V(M(d) | ~xyz);
    }
    V t0, t1;
    DivideXyz<T>(vlo - o, vhi - o, d, t0, t1);

    // Each slab's [near, far]. Parallel (d = +0): t0 and t1 are -inf, +inf or NaN (0/0, the origin on
    // that plane). Origin strictly inside: [-inf, +inf]; outside: [+inf, +inf] or [-inf, -inf], no t;
    // on a plane: the NaN is the bound the origin lies on, and the operand order below (minps and
    // maxps give the second operand for NaN) keeps it as NaN, which the clamp then drops.
    const V tNear = Min<T>(t1, t0);
    const V tFar = Max<T>(t0, t1);
    // Clamp to the allowed range (NaN -> the bound; the infinite tMax of a ray becomes the largest T).
    // NaN input would be dropped here too, so it is made a miss: a NaN in the ray poisons the
    // lower bound (maxps returns its second operand, NaN), a NaN in the box its lanes of tNear.
    constexpr T kMaxFinite = std::numeric_limits<T>::max();
    const V lower = V(M(Splat<T>(tMin)) | (kZeroLane3 ? Unordered<T>(o, d) : Unordered<T>(o, d) & xyz));
    const V nearC = V(M(Max<T>(tNear, lower)) | Unordered<T>(vlo, vhi));
    const V farC = Min<T>(tFar, Splat<T>(tMax >= kMaxFinite ? kMaxFinite : tMax));
    // Out of T's range, decided in Wide<T> instead: a crossing slab whose exit is infinite (its
    // quotient or its difference overflowed) or below the normal range (an underflowed quotient may
    // have merged with another time, or turned a box behind the origin into one at -0). An infinite
    // entry has an infinite exit; a tiny entry matters only against a tiny exit. Parallel lanes
    // (+-inf or NaN) and lane 3 are ignored.
    // One integer test per lane and one movmsk (AllLanesNormalOr, a single predicted branch); the lanes it skips depend
    // on the direction alone, so a box loop computes them once per ray.
    if (!AllLanesNormalOr<T>(tFar, kZeroLane3 ? d == Splat<T>(0) : (d == Splat<T>(0)) | ~xyz)) [[unlikely]] {
        return ClipSlabsWide<T>(Widened(origin), Widened(dir), lo, hi, tMin, tMax, trace, wideEnter);
    }
    // Latest entry <= earliest exit, every pair compared (false for NaN): the entries of lanes
    // {0,2} and {1,3} reduced, each compared with the earliest exit of all lanes (no exit is NaN
    // after the clamp, so min reduces them in any order).
    const V near2 = Max<T>(nearC, Shuffle<2, 3, 0, 1>(nearC));
    const V far2 = Min<T>(farC, Shuffle<2, 3, 0, 1>(farC));
    const V farAll = Min<T>(far2, Shuffle<1, 0, 3, 2>(far2));

    CastResult<T> r;
    r.hit = LaneBits<T>(near2 <= farAll) == 15;
    if (r.hit) {
        const T tEnter = near2[0] > near2[1] ? near2[0] : near2[1];
        const T tExit = farAll[0];
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
        const T q0[3] = {t0[0], t0[1], t0[2]}, q1[3] = {t1[0], t1[1], t1[2]};
        TraceClipSlabs<T>(*trace, origin, dir, lo, hi, q0, q1, tMin, tMax, r);
    }
    return r;
}

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
///   rounded (a division, not a product with a rounded 1/dir). tExit is at most the largest finite T
///   (a ray whose every axis is parallel stays inside forever). NaN anywhere gives a miss; inputs
///   are otherwise finite.
/// - Extremes: when a crossing slab's exit is infinite (its difference plane - origin or its
///   quotient overflowed) or below T's normal range (an underflow: a box one subnormal behind the
///   origin must not become a hit at t = -0, and two tiny times must not merge), the whole clip is
///   redone in Wide<T> (ClipSlabsWide, in the unlikely branch), so the verdict is exact wherever the
///   differences are, on every finite input (tMin >= 0). An origin exactly on a slab plane that it
///   leaves (exit t = 0) takes that path too, with the same result. Reported t values are the
///   correctly rounded T quotients (0.5 ulp; +inf beyond T's range: a tiny direction still hits a
///   far box) when the difference is a T value, else within 1 ulp. When wideEnter is non-null it
///   receives tEnter in Wide<T> if (and only if) that path was taken and hit.
/// - trace: one step per axis with its slab and the running interval, then the verdict; the step
///   where the interval became empty (where a sequential method exits early) is the deciding one.
///
/// Speed: no branch on the verdict and no scalar work: two vector divisions and about twenty
/// other SSE operations per box (the range check: three integer operations, an or, a movmsk and
/// one never-taken branch; the trace is recorded out of line), so that it inlines into box loops.
/// The box overload loads the bounds whole (simd::LoadBox), which a box loop should prefer.
template <typename T>
[[gnu::always_inline]] inline CastResult<T> ClipSlabs(const Vec3<T>& origin, const Vec3<T>& dir, const Vec3<T>& lo,
                                                      const Vec3<T>& hi, T tMin, T tMax, Trace* trace = nullptr,
                                                      detail::Wide<T>* wideEnter = nullptr)
{
    return detail::ClipSlabLanes<T, true>(origin, dir, lo, hi, simd::Load3<T>(lo), simd::Load3<T>(hi), tMin, tMax,
                                          trace, wideEnter);
}

/// ClipSlabs against a box, its bounds loaded as whole vectors (simd::LoadBox: in double with AVX2
/// one 32-byte load and one load and permute, instead of three loads and two shuffles per bound).
template <typename T>
[[gnu::always_inline]] inline CastResult<T> ClipSlabs(const Vec3<T>& origin, const Vec3<T>& dir, const Aabb<T>& box,
                                                      T tMin, T tMax, Trace* trace = nullptr)
{
    simd::V4<T> lo, hi;
    simd::LoadBox<T>(box, lo, hi);
    return detail::ClipSlabLanes<T, false>(origin, dir, box.min, box.max, lo, hi, tMin, tMax, trace, nullptr);
}

} // namespace hitlab
