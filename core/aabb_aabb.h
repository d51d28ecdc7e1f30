// aabb_aabb: two axis-aligned boxes. The reference per-axis interval test with the minimum
// translation, and the widely taught centre / half-size test with its six face distances.
#pragma once

#include "outcome_text.h"
#include "result.h"
#include "trace.h"

#include <cmath>
#include <limits>
#include <variant>

namespace hitlab {

namespace detail {

/// The side b is pushed out on along an axis where both push-outs are equal (concentric within
/// rounding): the side of b's centre, compared as sums (half sums when a sum overflows); +1 when
/// the centres are equal.
template <typename T>
[[gnu::always_inline]] inline T ConcentricPushSign(const Aabb<T>& a, const Aabb<T>& b, int axis)
{
    T sumA = a.min[axis] + a.max[axis], sumB = b.min[axis] + b.max[axis];
    if (std::abs(sumA) == std::numeric_limits<T>::infinity() || std::abs(sumB) == std::numeric_limits<T>::infinity()) {
        sumA = T(0.5) * a.min[axis] + T(0.5) * a.max[axis];
        sumB = T(0.5) * b.min[axis] + T(0.5) * b.max[axis];
    }
    return sumB < sumA ? T(-1) : T(1);
}

/// AabbAabbInterval's last step: the chosen axis marked, the depth and the contact.
template <typename T>
[[gnu::cold, gnu::noinline]] void TraceIntervalHit(Trace& trace, const OverlapResult<T>& r, int bestAxis, T bestSign)
{
    if (auto* part = std::get_if<AxisPart>(&trace.steps[static_cast<size_t>(bestAxis)].part)) {
        part->chosen = true;
    }
    trace.Add(
        Format("least push-out along %s%s: depth %g", bestSign > 0 ? "+" : "-", AxisName(bestAxis), double(r.depth)),
        {{"depth", double(r.depth)}}, PointPart{"contact", glm::dvec3(r.contact), true});
    trace.DecideLast();
    // a touching pair is named by the axis it touches on; an overlap says the normal's convention
    trace.verdict = r.depth == T(0) ? Format("hit: the boxes touch on %s (depth 0): they share a face plane, no volume",
                                             AxisName(bestAxis))
                                    : Format("hit: the boxes overlap; b moves out by %g along %s%s (%s)",
                                             double(r.depth), bestSign > 0 ? "+" : "-", AxisName(bestAxis),
                                             NormalConventionText(glm::dvec3(r.normal), double(r.depth)).c_str());
}

} // namespace detail

/// Reference. Per-axis interval overlap of the closed boxes a and b (touching counts, depth 0);
/// Ericson, Real-Time Collision Detection (2005) 4.2.1, with the minimum translation of b.
///
/// - hit when a.min <= b.max and b.min <= a.max on every axis. Compared directly, so exact.
/// - depth: the smallest over the axes of min(a.max - b.min, b.max - a.min), the shortest move of
///   b along a world axis that leaves the boxes only touching. When one interval contains the
///   other this is not the interval overlap length (a = [0, 4], b = [1, 2]: depth 2, not 1).
///   Each push is one correctly rounded difference and rounding is monotone, so depth is the
///   exact depth correctly rounded for every finite input (+inf when it exceeds the range).
/// - normal: the unit world axis of that move, pointing from a towards b (b moves along +normal).
///   Ties between axes pick the lowest axis (x, then y, then z). On an axis where both pushes are
///   equal (concentric intervals) the side is chosen by comparing the centres (sums min + max):
///   -axis when b's centre is below a's, +axis otherwise (so concentric boxes get +axis).
/// - contact: the centre of the overlap region (a point of both boxes).
/// - miss: separatingAxis is the unit world axis of the first axis (x, y, z) whose intervals are
///   disjoint, pointing from a towards b; that axis decides (early exit).
/// - NaN in any coordinate gives a miss.
/// - trace: one AxisPart per axis tested (ra, rb the half sizes, distance between the centres,
///   overlap = the push-out on that axis), then the chosen axis.
template <typename T>
OverlapResult<T> AabbAabbInterval(const Aabb<T>& a, const Aabb<T>& b, Trace* trace = nullptr)
{
    OverlapResult<T> r;
    int bestAxis = -1;
    T bestDepth = 0;
    T bestSign = 1;
    for (int axis = 0; axis < 3; ++axis) {
        // disjoint on this axis: separated (NaN fails both comparisons and separates too)
        const bool overlaps = a.min[axis] <= b.max[axis] && b.min[axis] <= a.max[axis];
        // push-outs: +axis moves b.min to a.max, -axis moves b.max to a.min
        const T pushPlus = a.max[axis] - b.min[axis];
        const T pushMinus = b.max[axis] - a.min[axis];
        T sign = 1;
        if (pushMinus < pushPlus) {
            sign = -1;
        } else if (pushMinus == pushPlus) [[unlikely]] {
            sign = detail::ConcentricPushSign(a, b, axis);
        }
        const T depth = sign > 0 ? pushPlus : pushMinus;
        if (overlaps && (bestAxis < 0 || depth < bestDepth)) {
            bestAxis = axis;
            bestDepth = depth;
            bestSign = sign;
        }

        if (trace != nullptr) [[unlikely]] {
            AxisPart part;
            part.label = AxisName(axis);
            part.axis[axis] = 1;
            part.ra = 0.5 * (double(a.max[axis]) - double(a.min[axis]));
            part.rb = 0.5 * (double(b.max[axis]) - double(b.min[axis]));
            part.distance = 0.5 * std::abs((double(b.min[axis]) + double(b.max[axis])) -
                                           (double(a.min[axis]) + double(a.max[axis])));
            part.overlap = double(depth); // min of the two pushes: negative (the gap) when disjoint
            part.separating = !overlaps;
            trace->Add(overlaps
                           ? Format("%s: intervals overlap; push b by %g along %s%s", AxisName(axis), double(depth),
                                    sign > 0 ? "+" : "-", AxisName(axis))
                           : Format("%s: intervals [%g, %g] and [%g, %g] are disjoint", AxisName(axis),
                                    double(a.min[axis]), double(a.max[axis]), double(b.min[axis]), double(b.max[axis])),
                       {{"a_max - b_min", double(pushPlus)}, {"b_max - a_min", double(pushMinus)}}, std::move(part));
            if (!overlaps) {
                trace->DecideLast();
                trace->verdict = Format("miss: the boxes are separated along %s", AxisName(axis));
            }
        }
        if (!overlaps) {
            // early exit on the first separating axis
            r.separatingAxis = Vec3<T>(0);
            r.separatingAxis[axis] = b.min[axis] > a.max[axis] ? T(1) : T(-1);
            r.hasSeparatingAxis = true;
            return r;
        }
    }

    r.hit = true;
    r.depth = bestDepth + T(0); // -0 -> +0
    r.normal[bestAxis] = bestSign;
    // centre of the overlap region, halves first so it cannot overflow
    for (int axis = 0; axis < 3; ++axis) {
        const T lo = a.min[axis] > b.min[axis] ? a.min[axis] : b.min[axis];
        const T hi = a.max[axis] < b.max[axis] ? a.max[axis] : b.max[axis];
        r.contact[axis] = T(0.5) * lo + T(0.5) * hi;
    }

    if (trace != nullptr) [[unlikely]] {
        detail::TraceIntervalHit(*trace, r, bestAxis, bestSign);
    }
    return r;
}

/// Published: the centre / half-size test as widely taught (the Newcastle University game
/// technologies tutorial "Collision Detection"; the centre-radius form of Ericson RTCD 4.2),
/// with strict comparisons: overlap when |ca - cb| < ha + hb on every axis, so touching boxes
/// are separate. Penetration: the six face distances of a (b.max.x - a.min.x for face -x,
/// a.max.x - b.min.x for face +x, ...), the smallest (first in the order -x, +x, -y, +y, -z, +z
/// on ties) giving depth and normal. Its depth equals the reference's except for ties: on a
/// concentric axis it picks -axis where the reference picks +axis. The listing's contact is
/// simplified to the midpoint of the centres, which need not lie in the overlap.
/// Boxes are first converted to centre and half size, as the listing stores them. NaN misses.
template <typename T>
OverlapResult<T> AabbAabbCenterExtent(const Aabb<T>& a, const Aabb<T>& b, Trace* trace = nullptr)
{
    const Vec3<T> ca = T(0.5) * a.min + T(0.5) * a.max;
    const Vec3<T> ha = T(0.5) * a.max - T(0.5) * a.min;
    const Vec3<T> cb = T(0.5) * b.min + T(0.5) * b.max;
    const Vec3<T> hb = T(0.5) * b.max - T(0.5) * b.min;
    const Vec3<T> delta = cb - ca;
    const Vec3<T> total = ha + hb;

    OverlapResult<T> r;
    // strict: |delta| < total on every axis
    bool overlaps = true;
    int firstSeparated = -1;
    for (int axis = 0; axis < 3; ++axis) {
        const bool axisOverlaps = std::abs(delta[axis]) < total[axis];
        if (!axisOverlaps && firstSeparated < 0) {
            firstSeparated = axis;
        }
        overlaps = overlaps && axisOverlaps;
        if (trace != nullptr) [[unlikely]] {
            AxisPart part;
            part.label = AxisName(axis);
            part.axis[axis] = 1;
            part.ra = double(ha[axis]);
            part.rb = double(hb[axis]);
            part.distance = std::abs(double(delta[axis]));
            part.overlap = double(total[axis]) - part.distance;
            part.separating = !axisOverlaps;
            trace->Add(Format("%s: |cb - ca| = %g %s ha + hb = %g", AxisName(axis), part.distance,
                              axisOverlaps ? "<" : ">=", double(total[axis])),
                       {{"|cb - ca|", part.distance}, {"ha + hb", double(total[axis])}}, std::move(part));
        }
    }
    if (!overlaps) {
        if (trace != nullptr) [[unlikely]] {
            trace->decidingStep = firstSeparated;
            trace->verdict =
                Format("miss: |cb - ca| >= ha + hb along %s (touching counts as separate)", AxisName(firstSeparated));
        }
        return r;
    }

    // the six face distances of a: how far b must move to clear each face
    const Vec3<T> maxA = ca + ha, minA = ca - ha, maxB = cb + hb, minB = cb - hb;
    const T distances[6] = {maxB.x - minA.x, maxA.x - minB.x, maxB.y - minA.y,
                            maxA.y - minB.y, maxB.z - minA.z, maxA.z - minB.z};
    T penetration = std::numeric_limits<T>::max();
    int bestFace = 0;
    for (int face = 0; face < 6; ++face) {
        if (distances[face] < penetration) {
            penetration = distances[face];
            bestFace = face;
        }
    }
    r.hit = true;
    r.depth = penetration;
    r.normal[bestFace / 2] = (bestFace % 2 == 0) ? T(-1) : T(1);
    r.contact = T(0.5) * ca + T(0.5) * cb;

    if (trace != nullptr) [[unlikely]] {
        for (int face = 0; face < 6; ++face) {
            trace->Add(Format("face %s of a: distance %g", FaceName(face), double(distances[face])),
                       {{"distance", double(distances[face])}});
        }
        trace->Add(Format("smallest face distance: %s, depth %g", FaceName(bestFace), double(penetration)),
                   {{"depth", double(penetration)}},
                   PointPart{"contact (centres' midpoint)", glm::dvec3(r.contact), true});
        trace->DecideLast();
        trace->verdict = Format("hit: b moves out through face %s of a by %g", FaceName(bestFace), double(penetration));
    }
    return r;
}

} // namespace hitlab
