// sphere_sphere: two spheres. The reference squared-distance test.
#pragma once

#include "result.h"
#include "trace.h"

#include <cmath>

namespace hitlab {

/// Reference. Overlap when |cb - ca|^2 <= (ra + rb)^2 (closed: touching spheres hit with depth 0);
/// Ericson, Real-Time Collision Detection (2005) 4.3.1.
///
/// - Exact when the differences, squares and sums are representable; otherwise within rounding
///   of the boundary. Two zero-radius spheres are a point test: they hit only on the same point.
///   Squares that underflow to 0 or overflow to infinity are outside the exact range.
/// - depth = ra + rb - |cb - ca|; normal = (cb - ca) / |cb - ca|, from a towards b. Coincident
///   centres (|cb - ca|^2 == 0) get the normal +x.
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
    OverlapResult<T> out;
    out.hit = distSq <= radiusSumSq;
    if (radiusSum == T(0)) {
        // two points: the squared distance of nearby points can underflow to 0
        out.hit = d.x == T(0) && d.y == T(0) && d.z == T(0);
    }

    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("|cb - ca|^2 = %g %s (ra + rb)^2 = %g", double(distSq), out.hit ? "<=" : ">",
                          double(radiusSumSq)),
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

    const T dist = std::sqrt(distSq);
    out.depth = radiusSum - dist + T(0);
    // coincident centres: documented normal +x
    out.normal = dist > T(0) ? d / dist : Vec3<T>(1, 0, 0);
    // midpoint of the overlap of [-ra, ra] and [dist - rb, dist + rb] along the normal from ca
    const T lo = -a.radius > dist - b.radius ? -a.radius : dist - b.radius;
    const T hi = a.radius < dist + b.radius ? a.radius : dist + b.radius;
    out.contact = a.center + (T(0.5) * lo + T(0.5) * hi) * out.normal;

    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("depth = ra + rb - |cb - ca| = %g%s", double(out.depth), dist > T(0) ? "" : " (coincident centres: normal +x)"),
                   {{"dist", double(dist)}, {"depth", double(out.depth)}},
                   PointPart{"contact", glm::dvec3(out.contact), true});
        trace->verdict = out.depth == T(0) ? "hit: the spheres touch (depth 0)"
                                           : Format("hit: the spheres overlap by %g", double(out.depth));
    }
    return out;
}

} // namespace hitlab
