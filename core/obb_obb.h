// obb_obb: two oriented boxes. The reference 15-axis separating-axis test; the published
// vertex / edge test is in obb_obb_published.h.
#pragma once

#include "result.h"
#include "trace.h"

#include <glm/geometric.hpp>

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
    const Vec3<T>& ea = a.halfExtents;
    const Vec3<T>& eb = b.halfExtents;
    // b's axes in a's frame, and the centre difference in a's frame
    T R[3][3], absR[3][3];
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            R[i][j] = glm::dot(a.axes[static_cast<size_t>(i)], b.axes[static_cast<size_t>(j)]);
            absR[i][j] = std::abs(R[i][j]);
        }
    }
    const Vec3<T> dWorld = b.center - a.center;
    const T t[3] = {glm::dot(dWorld, a.axes[0]), glm::dot(dWorld, a.axes[1]), glm::dot(dWorld, a.axes[2])};

    OverlapResult<T> out;
    T bestOverlap = std::numeric_limits<T>::infinity();
    int bestIndex = -1;
    int bestStep = -1;

    // one candidate axis; true when it separates
    auto testAxis = [&](int index, T signedDist, T ra, T rb, T slack, T lenSq) -> bool {
        const T dist = std::abs(signedDist);
        const bool separating = !(dist <= ra + rb + slack); // NaN separates
        const bool usable = lenSq >= detail::kObbParallelSq<T>;
        T overlap = ra + rb - dist;
        if (!separating && usable) {
            if (lenSq != T(1)) {
                overlap /= std::sqrt(lenSq);
            }
            if (overlap < bestOverlap) {
                bestOverlap = overlap;
                bestIndex = index;
                bestStep = trace != nullptr ? static_cast<int>(trace->steps.size()) : -1;
            }
        }
        if (trace != nullptr) [[unlikely]] {
            AxisPart part;
            part.label = detail::ObbAxisLabel(index);
            part.axis = glm::dvec3(detail::ObbAxisVector(a, b, index));
            part.ra = double(ra);
            part.rb = double(rb);
            part.distance = double(dist);
            part.overlap = double(overlap);
            part.separating = separating;
            std::string caption = separating
                ? Format("%s: |distance| %g > ra + rb = %g: separating axis", part.label.c_str(), part.distance,
                         double(ra + rb + slack))
                : Format("%s: |distance| %g <= ra + rb = %g%s", part.label.c_str(), part.distance,
                         double(ra + rb + slack), usable ? "" : " (near-parallel edges: no depth)");
            trace->Add(std::move(caption),
                       {{"ra", part.ra}, {"rb", part.rb}, {"distance", part.distance}, {"epsilon_slack", double(slack)},
                        {"axis_length_sq", double(lenSq)}},
                       std::move(part));
            if (separating) {
                trace->DecideLast();
                trace->verdict = Format("miss: the boxes are separated along %s%s", detail::ObbAxisLabel(index).c_str(),
                                        index >= 6 ? " (an edge-edge axis)" : "");
            }
        }
        if (separating) {
            Vec3<T> axis = detail::ObbAxisVector(a, b, index);
            out.separatingAxis = signedDist < T(0) ? -axis : axis;
            out.hasSeparatingAxis = true;
        }
        return separating;
    };

    // face axes of a: L = Ai
    for (int i = 0; i < 3; ++i) {
        const T rb = eb.x * absR[i][0] + eb.y * absR[i][1] + eb.z * absR[i][2];
        if (testAxis(i, t[i], ea[i], rb, T(0), T(1))) {
            return out;
        }
    }
    // face axes of b: L = Bj
    for (int j = 0; j < 3; ++j) {
        const T ra = ea.x * absR[0][j] + ea.y * absR[1][j] + ea.z * absR[2][j];
        const T signedDist = t[0] * R[0][j] + t[1] * R[1][j] + t[2] * R[2][j];
        if (testAxis(3 + j, signedDist, ra, eb[j], T(0), T(1))) {
            return out;
        }
    }
    // edge-edge axes: L = Ai x Bj, in a's frame (0, -R[i2][j], R[i1][j]) rotated to index i
    const T eps = detail::kObbEpsilon<T>;
    for (int i = 0; i < 3; ++i) {
        const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
        for (int j = 0; j < 3; ++j) {
            const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            const T ra = ea[i1] * absR[i2][j] + ea[i2] * absR[i1][j];
            const T rb = eb[j1] * absR[i][j2] + eb[j2] * absR[i][j1];
            const T signedDist = t[i2] * R[i1][j] - t[i1] * R[i2][j];
            // RTCD's |R| + epsilon, summed out of the products
            const T slack = eps * (ea[i1] + ea[i2] + eb[j1] + eb[j2]);
            const T lenSq = R[i1][j] * R[i1][j] + R[i2][j] * R[i2][j];
            if (testAxis(6 + 3 * i + j, signedDist, ra, rb, slack, lenSq)) {
                return out;
            }
        }
    }

    // no separating axis: overlap; depth and normal from the least overlap
    out.hit = true;
    out.depth = (bestOverlap > T(0) ? bestOverlap : T(0)) + T(0);
    Vec3<T> n = detail::ObbAxisVector(a, b, bestIndex);
    if (bestIndex >= 6) {
        n = glm::normalize(n);
    }
    out.normal = glm::dot(n, dWorld) < T(0) ? -n : n;

    if (trace != nullptr) [[unlikely]] {
        if (auto* part = std::get_if<AxisPart>(&trace->steps[static_cast<size_t>(bestStep)].part)) {
            part->chosen = true;
        }
        const std::string label = detail::ObbAxisLabel(bestIndex);
        trace->Add(Format("no separating axis; least overlap on %s: depth %g", label.c_str(), double(out.depth)),
                   {{"depth", double(out.depth)}},
                   SegmentPart{"push-out of b", glm::dvec3(b.center), glm::dvec3(b.center + out.depth * out.normal), true});
        trace->DecideLast();
        trace->verdict = out.depth == T(0)
            ? Format("hit: the boxes touch (no axis separates; least overlap 0 on %s)", label.c_str())
            : Format("hit: no axis separates the boxes; b moves out by %g along %s", double(out.depth), label.c_str());
    }
    return out;
}

} // namespace hitlab
