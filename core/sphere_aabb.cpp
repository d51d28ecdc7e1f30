// sphere_aabb registration, and the reference's rescaled slow path.
#include "sphere_aabb.h"

#include "algorithm.h"
#include "overlap_distance.h"

namespace hitlab {

namespace detail {

template <typename T>
OverlapResult<T> SphereAabbScaled(const Sphere<T>& sphere, const Aabb<T>& box, const Vec3<T>& q, Trace* trace)
{
    const Vec3<T>& c = sphere.center;
    OverlapResult<T> out;
    // the true q - c is d * 2^ed (halved when it overflows)
    int ed = 0;
    const Vec3<T> d = SafeDifference(q, c, ed);
    if (trace != nullptr) [[unlikely]] {
        TraceSphereClamp(*trace, c, sphere.radius, box, q);
    }
    if (d.x == T(0) && d.y == T(0) && d.z == T(0)) {
        // centre in the box: no square needed
        out.hit = true;
        out.contact = q;
        if (trace != nullptr) [[unlikely]] {
            trace->Add("q == c: the centre is in the box", {},
                       SegmentPart{"centre to closest point", glm::dvec3(c), glm::dvec3(q), true});
            trace->DecideLast();
        }
        SphereAabbInside(out, sphere, box, trace);
        return out;
    }
    // in units of 2^k the larger of |d| and r lies in [1, 2): no overflow, negligible underflow
    const int k = LargestExponent(sphere.radius, 0, d, ed);
    const Vec3<T> ds = Ldexp(d, ed - k);
    const T rs = std::ldexp(sphere.radius, -k);
    const T distSq = ds.x * ds.x + ds.y * ds.y + ds.z * ds.z;
    const T rSq = rs * rs;
    out.hit = distSq <= rSq;
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("in units of 2^%d (squares out of range otherwise): |c - q|^2 = %g %s r^2 = %g", k,
                          double(distSq), out.hit ? "<=" : ">", double(rSq)),
                   {{"scale_exponent", double(k)}, {"dist_sq", double(distSq)}, {"r_sq", double(rSq)}},
                   SegmentPart{"centre to closest point", glm::dvec3(c), glm::dvec3(q), out.hit});
        trace->DecideLast();
        if (!out.hit) {
            trace->verdict = Format("miss: the closest point of the box is %g from the centre, beyond the radius %g",
                                    std::ldexp(std::sqrt(double(distSq)), k), double(sphere.radius));
        }
    }
    if (!out.hit) {
        return out;
    }
    const T dist = std::sqrt(distSq);
    out.depth = std::ldexp(rs - dist, k) + T(0);
    out.normal = ds / dist;
    out.contact = q;
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("centre outside: depth = r - |c - q| = %g", double(out.depth)),
                   {{"dist", std::ldexp(double(dist), k)}, {"depth", double(out.depth)}},
                   PointPart{"contact q", glm::dvec3(q), true});
        trace->verdict = out.depth == T(0) ? "hit: the sphere touches the box (depth 0)"
                                           : Format("hit: the sphere reaches %g into the box", double(out.depth));
    }
    return out;
}

template OverlapResult<float> SphereAabbScaled<float>(const Sphere<float>&, const Aabb<float>&, const Vec3<float>&,
                                                      Trace*);
template OverlapResult<double> SphereAabbScaled<double>(const Sphere<double>&, const Aabb<double>&, const Vec3<double>&,
                                                        Trace*);

} // namespace detail

void RegisterSphereAabb(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "closest_point",
        .family = Family::SphereAabb,
        .title = "Closest point (reference)",
        .summary = "Clamps the centre to the box and compares the squared distance with r^2 (tangent counts); a "
                   "centre inside the box is pushed out through the nearest face.",
        .source = "Arvo, \"A simple method for box-sphere intersection testing\", Graphics Gems (1990); Ericson, "
                  "Real-Time Collision Detection (2005) 5.2.5",
        .reference = true,
        .published = false,
        .conventions = {{"touching", "overlap"}, {"corners", "exact"}},
        .returns = kOverlapFields | kDistanceFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Sphere, Aabb>([](const auto& a, const auto& b, Trace* t) {
            return WithDistance(SphereAabbClosestPoint(a, b, t), a, b, SphereAabbGap);
        }),
    });
    out.push_back({
        .name = "expanded_box",
        .family = Family::SphereAabb,
        .title = "Centre in the box grown by r",
        .summary = "Grows the box by the radius on every side and tests whether the centre lies in it (closed). "
                   "Fills only hit.",
        .source = "The common bounding-box shortcut for sphere-box tests (cf. Ericson, Real-Time Collision "
                  "Detection (2005) 5.2.5, which explains why the rounded region is needed)",
        .reference = false,
        .published = true,
        .conventions = {{"touching", "overlap"}, {"corners", "expanded box"}},
        .returns = kFieldHit,
        .flaw = "The grown box has square corners and edges where the true region is rounded, so spheres near a "
                "corner or an edge of the box are reported as overlapping when they are not.",
        .flawWhen = {"corner or edge region"},
        .run = MakeRun<Sphere, Aabb>(
            [](const auto& a, const auto& b, Trace* t) { return SphereAabbExpandedBox(a, b, t); }),
    });
}

} // namespace hitlab
