// obb_obb: two oriented boxes. The reference 15-axis separating-axis test; the published
// vertex / edge test is in obb_obb_published.h.
#pragma once

#include "outcome_text.h"
#include "result.h"
#include "scale.h"
#include "trace.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <variant>

namespace hitlab {

namespace detail {

/// RTCD 4.4.1's EPSILON, added to |R| on the edge-edge axes so that a near-null cross product of
/// two parallel edges cannot separate by rounding noise: 8 ulp of 1 (float ~1e-6, as in RTCD).
template <typename T>
inline constexpr T kObbEpsilon = T(8) * std::numeric_limits<T>::epsilon();

/// Edge-edge axes with |Ai x Bj|^2 below this are too close to null to give a depth.
template <typename T>
inline constexpr T kObbParallelSq = T(64) * std::numeric_limits<T>::epsilon();

/// Label of SAT axis index 0..14: "A0".."A2", "B0".."B2", then "A0 x B0", "A0 x B1", ... "A2 x B2".
inline std::string ObbAxisLabel(int index)
{
    if (index < 3) {
        return "A" + std::to_string(index);
    }
    if (index < 6) {
        return "B" + std::to_string(index - 3);
    }
    return "A" + std::to_string((index - 6) / 3) + " x B" + std::to_string((index - 6) % 3);
}

/// World vector of SAT axis index 0..14 (edge-edge axes unnormalised).
template <typename T>
Vec3<T> ObbAxisVector(const Obb<T>& a, const Obb<T>& b, int index)
{
    if (index < 3) {
        return a.axes[static_cast<size_t>(index)];
    }
    if (index < 6) {
        return b.axes[static_cast<size_t>(index - 3)];
    }
    return glm::cross(a.axes[static_cast<size_t>((index - 6) / 3)], b.axes[static_cast<size_t>((index - 6) % 3)]);
}

/// ObbObbSat's fast path is used when the largest of |cb - ca| (per axis) and the half extents
/// lies in [kObbScaleMin, kObbScaleMax]: no projection, sum or quotient can overflow, and what
/// underflows is negligible. float [2^-94, 2^96], double [2^-961, 2^992].
template <typename T>
inline constexpr T kObbScaleMin = sizeof(T) == 4 ? T(0x1p-94) : T(0x1p-961);
template <typename T>
inline constexpr T kObbScaleMax = sizeof(T) == 4 ? T(0x1p96) : T(0x1p992);

/// One candidate axis of the separating axis test, in world units, for its trace step.
struct SatAxisValues {
    double ra, rb, distance, overlap, slack, lengthSq;
    double reach; ///< ra + rb + slack (summed in the algorithm's precision)
};

/// The trace step of one candidate axis (ObbObbSatCore); decides the trace when it separates.
template <typename T>
void TraceSatAxis(Trace& trace, const Obb<T>& a, const Obb<T>& b, int index, const SatAxisValues& v, bool separating,
                  bool usable)
{
    AxisPart part;
    part.label = ObbAxisLabel(index);
    part.axis = glm::dvec3(ObbAxisVector(a, b, index));
    part.ra = v.ra;
    part.rb = v.rb;
    part.distance = v.distance;
    part.overlap = v.overlap;
    part.separating = separating;
    std::string caption = separating ? Format("%s: |distance| %g > ra + rb = %g: separating axis", part.label.c_str(),
                                              part.distance, v.reach)
                                     : Format("%s: |distance| %g <= ra + rb = %g%s", part.label.c_str(), part.distance,
                                              v.reach, usable ? "" : " (near-parallel edges: no depth)");
    trace.Add(std::move(caption),
              {{"ra", part.ra},
               {"rb", part.rb},
               {"distance", part.distance},
               {"epsilon_slack", v.slack},
               {"axis_length_sq", v.lengthSq}},
              std::move(part));
    if (separating) {
        trace.DecideLast();
        trace.verdict = Format("miss: the boxes are separated along %s%s", ObbAxisLabel(index).c_str(),
                               index >= 6 ? " (an edge-edge axis)" : "");
    }
}

/// The last trace step when no axis separates: the chosen axis (bestStep's) and b's push-out
/// (from its centre to the centre moved by depth along the normal).
inline void TraceSatOverlap(Trace& trace, int bestStep, int bestIndex, double depth, const glm::dvec3& bCenter,
                            const glm::dvec3& pushedCenter, const glm::dvec3& normal = glm::dvec3(0.0))
{
    if (auto* part = std::get_if<AxisPart>(&trace.steps[static_cast<size_t>(bestStep)].part)) {
        part->chosen = true;
    }
    const std::string label = ObbAxisLabel(bestIndex);
    trace.Add(Format("no separating axis; least overlap on %s: depth %g", label.c_str(), depth), {{"depth", depth}},
              SegmentPart{"push-out of b", bCenter, pushedCenter, true});
    trace.DecideLast();
    trace.verdict =
        depth == 0.0
            ? Format("hit: the boxes touch (no axis separates; least overlap 0 on %s)", label.c_str())
            : Format("hit: no axis separates the boxes; b moves out by %g along %s%s", depth, label.c_str(),
                     normal == glm::dvec3(0.0) ? "" : (" (" + NormalConventionText(normal, depth) + ")").c_str());
}

/// b's axes in a's frame (R[i][j] = Ai . Bj, and |R|) and the centre difference in a's frame.
template <typename T>
struct SatFrame {
    T R[3][3], absR[3][3];
    T t[3];
};

template <typename T>
[[gnu::always_inline]] inline SatFrame<T> MakeSatFrame(const Obb<T>& a, const Obb<T>& b, const Vec3<T>& dWorld)
{
    SatFrame<T> f;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            f.R[i][j] = glm::dot(a.axes[static_cast<size_t>(i)], b.axes[static_cast<size_t>(j)]);
            f.absR[i][j] = std::abs(f.R[i][j]);
        }
    }
    f.t[0] = glm::dot(dWorld, a.axes[0]);
    f.t[1] = glm::dot(dWorld, a.axes[1]);
    f.t[2] = glm::dot(dWorld, a.axes[2]);
    return f;
}

/// The candidate axes tested so far: the least overlap among the usable ones, and on a
/// separation the separating axis in `out`.
template <typename T>
struct SatSearch {
    const Obb<T>& a;
    const Obb<T>& b;
    Trace* trace;
    double unit; ///< world units per length unit (trace values only)
    OverlapResult<T>& out;
    T bestOverlap = std::numeric_limits<T>::infinity();
    int bestIndex = -1;
    int bestStep = -1;

    /// One candidate axis; true when it separates.
    [[gnu::always_inline]] bool Test(int index, T signedDist, T ra, T rb, T slack, T lenSq)
    {
        const T dist = std::abs(signedDist);
        const bool separating = !(dist <= ra + rb + slack); // NaN separates
        const bool usable = lenSq >= kObbParallelSq<T>;
        T overlap = ra + rb - dist;
        if (!separating && usable) {
            if (lenSq != T(1)) {
                overlap /= std::sqrt(lenSq);
            }
            // the first usable axis always sets the index: a face axis is usable, so the
            // index is valid whenever no axis separates (even when every overlap is inf)
            if (bestIndex < 0 || overlap < bestOverlap) {
                bestOverlap = overlap;
                bestIndex = index;
                bestStep = trace != nullptr ? static_cast<int>(trace->steps.size()) : -1;
            }
        }
        if (trace != nullptr) [[unlikely]] {
            TraceSatAxis(*trace, a, b, index,
                         SatAxisValues{double(ra) * unit, double(rb) * unit, double(dist) * unit,
                                       double(overlap) * unit, double(slack) * unit, double(lenSq),
                                       double(ra + rb + slack) * unit},
                         separating, usable);
        }
        if (separating) {
            Vec3<T> axis = ObbAxisVector(a, b, index);
            out.separatingAxis = signedDist < T(0) ? -axis : axis;
            out.hasSeparatingAxis = true;
        }
        return separating;
    }
};

/// The six face axes, a's (L = Ai) then b's (L = Bj); true at the first that separates.
template <typename T>
[[gnu::always_inline]] inline bool SatFaceAxesSeparate(SatSearch<T>& search, const SatFrame<T>& f, const Vec3<T>& ea,
                                                       const Vec3<T>& eb)
{
    for (int i = 0; i < 3; ++i) {
        const T rb = eb.x * f.absR[i][0] + eb.y * f.absR[i][1] + eb.z * f.absR[i][2];
        if (search.Test(i, f.t[i], ea[i], rb, T(0), T(1))) {
            return true;
        }
    }
    for (int j = 0; j < 3; ++j) {
        const T ra = ea.x * f.absR[0][j] + ea.y * f.absR[1][j] + ea.z * f.absR[2][j];
        const T signedDist = f.t[0] * f.R[0][j] + f.t[1] * f.R[1][j] + f.t[2] * f.R[2][j];
        if (search.Test(3 + j, signedDist, ra, eb[j], T(0), T(1))) {
            return true;
        }
    }
    return false;
}

/// The nine edge-edge axes L = Ai x Bj, in a's frame (0, -R[i2][j], R[i1][j]) rotated to index i;
/// true at the first that separates.
template <typename T>
[[gnu::always_inline]] inline bool SatEdgeAxesSeparate(SatSearch<T>& search, const SatFrame<T>& f, const Vec3<T>& ea,
                                                       const Vec3<T>& eb)
{
    const T eps = kObbEpsilon<T>;
    for (int i = 0; i < 3; ++i) {
        const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
        for (int j = 0; j < 3; ++j) {
            const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            const T ra = ea[i1] * f.absR[i2][j] + ea[i2] * f.absR[i1][j];
            const T rb = eb[j1] * f.absR[i][j2] + eb[j2] * f.absR[i][j1];
            const T signedDist = f.t[i2] * f.R[i1][j] - f.t[i1] * f.R[i2][j];
            // RTCD's |R| + epsilon, summed out of the products
            const T slack = eps * (ea[i1] + ea[i2] + eb[j1] + eb[j2]);
            const T lenSq = f.R[i1][j] * f.R[i1][j] + f.R[i2][j] * f.R[i2][j];
            if (search.Test(6 + 3 * i + j, signedDist, ra, rb, slack, lenSq)) {
                return true;
            }
        }
    }
    return false;
}

/// ObbObbSat on lengths in units of 2^k: ea, eb the half extents and dWorld = cb - ca, all scaled
/// by 2^-k; a and b give the axes (and the trace its geometry). depth is scaled back.
template <typename T>
[[gnu::always_inline]] inline OverlapResult<T> ObbObbSatCore(const Obb<T>& a, const Obb<T>& b, const Vec3<T>& ea,
                                                             const Vec3<T>& eb, const Vec3<T>& dWorld, int k,
                                                             Trace* trace)
{
    const SatFrame<T> frame = MakeSatFrame(a, b, dWorld);
    OverlapResult<T> out;
    // trace values in world units
    SatSearch<T> search{a, b, trace, trace != nullptr ? std::ldexp(1.0, k) : 1.0, out};
    if (SatFaceAxesSeparate(search, frame, ea, eb) || SatEdgeAxesSeparate(search, frame, ea, eb)) {
        return out;
    }

    // no separating axis: overlap; depth and normal from the least overlap
    out.hit = true;
    const T depth = (search.bestOverlap > T(0) ? search.bestOverlap : T(0)) + T(0);
    out.depth = k == 0 ? depth : std::ldexp(depth, k); // +inf when beyond the range
    Vec3<T> n = ObbAxisVector(a, b, search.bestIndex);
    if (search.bestIndex >= 6) {
        n = glm::normalize(n);
    }
    out.normal = glm::dot(n, dWorld) < T(0) ? -n : n;

    if (trace != nullptr) [[unlikely]] {
        TraceSatOverlap(*trace, search.bestStep, search.bestIndex, double(out.depth), glm::dvec3(b.center),
                        glm::dvec3(b.center + out.depth * out.normal), glm::dvec3(out.normal));
    }
    return out;
}

/// ObbObbSat outside the fast range: on finite inputs, cb - ca (halved when it overflows) and the
/// half extents scaled by one power of two so that the largest lies in [1, 2); NaN or infinite
/// inputs go to the core unscaled (NaN misses).
template <typename T>
[[gnu::cold, gnu::noinline]] OverlapResult<T> ObbObbSatScaled(const Obb<T>& a, const Obb<T>& b, Trace* trace);
extern template OverlapResult<float> ObbObbSatScaled<float>(const Obb<float>&, const Obb<float>&, Trace*);
extern template OverlapResult<double> ObbObbSatScaled<double>(const Obb<double>&, const Obb<double>&, Trace*);

} // namespace detail

/// Reference. The 15-axis separating-axis test of Gottschalk, Lin & Manocha, "OBBTree" (SIGGRAPH
/// 1996), as in Ericson, Real-Time Collision Detection (2005) 4.4.1 (TestOBBOBB): the face axes of
/// a (A0..A2) and b (B0..B2), then the nine edge-edge axes Ai x Bj, worked in a's frame.
///
/// - Closed boxes: an axis separates only when |distance| > ra + rb, so touching boxes hit (depth 0).
/// - RTCD's epsilon is added to |R| on the edge-edge axes only, where it stops the near-null cross
///   product of parallel edges from separating by rounding noise. The face axes use |R| exactly:
///   there the epsilon would only inflate ra + rb (by ~3e-6 for unit boxes with permuted axes) and
///   turn small-gap misses into hits. So the verdict is exact for axis-aligned and signed-permutation
///   axes with representable centres and extents; for general rotations the edge-edge axes are
///   conservative by epsilon times the extents.
/// - Every finite input: when the largest of |cb - ca| (per axis) and the half extents lies
///   outside [2^-961, 2^992] (float [2^-94, 2^96]), so that a projection, a sum or a quotient
///   could overflow or underflow, the lengths are first scaled by one power of two (exact) and the
///   depth scaled back: the verdict is the one of unbounded range, depth +inf when beyond the range.
///   Whatever the inputs (infinities included), the axis of least overlap is a valid index.
/// - miss: separatingAxis is the world vector of the first separating axis in the order above
///   (unit for face axes, the unnormalised cross product for edge axes), pointing from a to b.
/// - hit: depth is the least overlap over the axes, each normalised (overlap / |L|); edge-edge
///   axes whose cross product is near null (|L|^2 < 64 ulp) give no depth (their parallel edges
///   are covered by face axes). Ties keep the first axis in the order above. depth >= 0 (an
///   edge axis inside its epsilon counts as touching). normal: that axis as a unit world vector,
///   pointing from a's centre towards b's (its own direction when the centres project equal).
///   No contact point.
/// - NaN anywhere gives a miss. trace: one AxisPart per axis tested (early exit at the first
///   separating axis, which decides), then the chosen axis on a hit.
template <typename T>
OverlapResult<T> ObbObbSat(const Obb<T>& a, const Obb<T>& b, Trace* trace = nullptr)
{
    const Vec3<T> d = b.center - a.center;
    const Vec3<T> m = glm::max(glm::abs(d), glm::max(a.halfExtents, b.halfExtents));
    const T largest = std::max(std::max(m.x, m.y), m.z);
    if (!detail::NonNegativeInRange(largest, detail::kObbScaleMin<T>, detail::kObbScaleMax<T>)) [[unlikely]] {
        return detail::ObbObbSatScaled(a, b, trace);
    }
    return detail::ObbObbSatCore(a, b, a.halfExtents, b.halfExtents, d, 0, trace);
}

} // namespace hitlab
