// sphere_sphere: two spheres. The reference squared-distance test.
#pragma once

#include "outcome_text.h"
#include "result.h"
#include "scale.h"
#include "trace.h"

#include <cmath>

namespace hitlab {

namespace detail {

/// SphereSphereDistance's fast path is used when |cb - ca|^2 lies in [kSphereSquareMin, max]: it
/// did not overflow, and what underflowed (at most 2^-1074, float 2^-149, per square) is
/// negligible beside it. float 2^-80, double 2^-900.
template <typename T>
inline constexpr T kSphereSquareMin = sizeof(T) == 4 ? T(0x1p-80) : T(0x1p-900);

/// SphereSphereDistance outside the fast range: the centre difference (halved when it overflows),
/// the radius sum (halved likewise) and the radii scaled by one power of two so that the larger of
/// |cb - ca| and ra + rb lies in [1, 2); the squares then neither overflow nor underflow beyond
/// negligible terms, and depth and contact are scaled back (+inf when beyond the range).
template <typename T>
[[gnu::cold, gnu::noinline]] OverlapResult<T> SphereSphereScaled(const Sphere<T>& a, const Sphere<T>& b, Trace* trace);
extern template OverlapResult<float> SphereSphereScaled<float>(const Sphere<float>&, const Sphere<float>&, Trace*);
extern template OverlapResult<double> SphereSphereScaled<double>(const Sphere<double>&, const Sphere<double>&, Trace*);

} // namespace detail

/// Reference. Overlap when |cb - ca|^2 <= (ra + rb)^2 (closed: touching spheres hit with depth 0);
/// Ericson, Real-Time Collision Detection (2005) 4.3.1.
///
/// - Exact when the differences, squares and sums are representable; otherwise within rounding
///   of the boundary (a relative error of a few ulp in the distance and the radius sum).
/// - Every finite input: when a difference, a sum or a square would overflow, or the squared
///   distance is so small that underflow could matter (below 2^-900, float 2^-80), the lengths are
///   first scaled by one power of two (exact), so the verdict is the one of unbounded range. Two
///   zero-radius spheres are a point test: they hit only on the same point.
/// - depth = ra + rb - |cb - ca| >= 0 (+inf when its exact value is beyond the range); normal =
///   (cb - ca) / |cb - ca|, from a towards b. Coincident centres get the normal +x.
/// - contact: the midpoint of the overlap of the two balls along the line of centres (between
///   a's far point ca + ra n and b's near point cb - rb n, unless one ball contains the other).
/// - NaN gives a miss. trace: the centre distance against the radius sum, then depth and contact.
template <typename T>
OverlapResult<T> SphereSphereDistance(const Sphere<T>& a, const Sphere<T>& b, Trace* trace = nullptr)
{
    const Vec3<T> d = b.center - a.center;
    const T distSq = d.x * d.x + d.y * d.y + d.z * d.z;
    const T radiusSum = a.radius + b.radius;
    const T radiusSumSq = radiusSum * radiusSum;
    // out of the fast range (an overflowing or underflowing distance) on finite inputs: rescale.
    // (ra + rb)^2 may overflow: with a finite distance the hit is then right, and depth = ra + rb -
    // |cb - ca| too (+inf exactly when ra + rb overflows, the true depth being beyond the range)
    if (!detail::NonNegativeInRange(distSq, detail::kSphereSquareMin<T>, std::numeric_limits<T>::max()) &&
        detail::AllFinite(a.center) && detail::AllFinite(b.center) && std::isfinite(a.radius) &&
        std::isfinite(b.radius)) [[unlikely]] {
        return detail::SphereSphereScaled(a, b, trace);
    }
    OverlapResult<T> out;
    out.hit = distSq <= radiusSumSq;

    if (trace != nullptr) [[unlikely]] {
        trace->Add(
            Format("|cb - ca|^2 = %g %s (ra + rb)^2 = %g", double(distSq), out.hit ? "<=" : ">", double(radiusSumSq)),
            {{"dist_sq", double(distSq)}, {"radius_sum", double(radiusSum)}, {"radius_sum_sq", double(radiusSumSq)}},
            SegmentPart{"centre to centre", glm::dvec3(a.center), glm::dvec3(b.center), out.hit});
        trace->DecideLast();
        if (!out.hit) {
            trace->verdict = Format("miss: the centres are %g apart, more than the radius sum %g",
                                    std::sqrt(double(distSq)), double(radiusSum));
        }
    }
    if (!out.hit) {
        return out;
    }

    // sqrt(fl(s * s)) == s, and sqrt is monotone: dist <= radiusSum, so depth >= 0
    const T dist = std::sqrt(distSq);
    out.depth = radiusSum - dist + T(0);
    // coincident centres: documented normal +x
    out.normal = dist > T(0) ? d / dist : Vec3<T>(1, 0, 0);
    // midpoint of the overlap of [-ra, ra] and [dist - rb, dist + rb] along the normal from ca
    const T lo = -a.radius > dist - b.radius ? -a.radius : dist - b.radius;
    const T hi = a.radius < dist + b.radius ? a.radius : dist + b.radius;
    out.contact = a.center + (T(0.5) * lo + T(0.5) * hi) * out.normal;

    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("depth = ra + rb - |cb - ca| = %g%s", double(out.depth),
                          dist > T(0) ? "" : " (coincident centres: normal +x)"),
                   {{"dist", double(dist)}, {"depth", double(out.depth)}},
                   PointPart{"contact", glm::dvec3(out.contact), true});
        trace->verdict = out.depth == T(0)
                             ? "hit: the spheres touch (depth 0)"
                             : Format("hit: the spheres overlap by %g (%s)", double(out.depth),
                                      NormalConventionText(glm::dvec3(out.normal), double(out.depth)).c_str());
    }
    return out;
}

} // namespace hitlab
