// sphere_sphere registration, and the reference's rescaled slow path.
#include "sphere_sphere.h"

#include "algorithm.h"
#include "overlap_distance.h"

#include <limits>

namespace hitlab {

namespace detail {

template <typename T>
OverlapResult<T> SphereSphereScaled(const Sphere<T>& a, const Sphere<T>& b, Trace* trace)
{
    // the true difference and radius sum are d * 2^ed and s * 2^es (halved when they overflow)
    int ed = 0;
    const Vec3<T> d = SafeDifference(b.center, a.center, ed);
    int es = 0;
    T s = a.radius + b.radius;
    if (!std::isfinite(s)) {
        s = T(0.5) * a.radius + T(0.5) * b.radius;
        es = 1;
    }
    OverlapResult<T> out;
    const int k = LargestExponent(s, es, d, ed);
    if (k == std::numeric_limits<int>::min()) {
        // two zero-radius spheres on the same point
        out.hit = true;
        out.normal = Vec3<T>(1, 0, 0);
        out.contact = a.center;
        if (trace != nullptr) [[unlikely]] {
            trace->Add("same centre, both radii 0", {}, PointPart{"contact", glm::dvec3(a.center), true});
            trace->DecideLast();
            trace->verdict = "hit: two points on the same spot (depth 0)";
        }
        return out;
    }
    // in units of 2^k the larger of |d| and s lies in [1, 2): the squares cannot overflow, and
    // what underflows is below 2^-1000 of them
    const Vec3<T> ds = Ldexp(d, ed - k);
    const T ss = std::ldexp(s, es - k);
    const T distSq = ds.x * ds.x + ds.y * ds.y + ds.z * ds.z;
    const T radiusSumSq = ss * ss;
    out.hit = distSq <= radiusSumSq;
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("in units of 2^%d (squares out of range otherwise): |cb - ca|^2 = %g %s (ra + rb)^2 = %g", k,
                          double(distSq), out.hit ? "<=" : ">", double(radiusSumSq)),
                   {{"scale_exponent", double(k)}, {"dist_sq", double(distSq)}, {"radius_sum_sq", double(radiusSumSq)}},
                   SegmentPart{"centre to centre", glm::dvec3(a.center), glm::dvec3(b.center), out.hit});
        trace->DecideLast();
        if (!out.hit) {
            trace->verdict = Format("miss: the centres are %g apart, more than the radius sum %g",
                                    std::ldexp(std::sqrt(double(distSq)), k), std::ldexp(double(ss), k));
        }
    }
    if (!out.hit) {
        return out;
    }
    const T dist = std::sqrt(distSq);
    out.depth = std::ldexp(ss - dist, k) + T(0);
    out.normal = dist > T(0) ? ds / dist : Vec3<T>(1, 0, 0);
    // the overlap's midpoint along the normal, in units of 2^k, as in the fast path
    const T ra = std::ldexp(a.radius, -k), rb = std::ldexp(b.radius, -k);
    const T lo = -ra > dist - rb ? -ra : dist - rb;
    const T hi = ra < dist + rb ? ra : dist + rb;
    const Vec3<T> offset = (T(0.5) * lo + T(0.5) * hi) * out.normal;
    // scaling a's centre down is exact but for bits negligible beside 2^k; scaling it up could overflow
    out.contact = k > 0 ? Ldexp(Ldexp(a.center, -k) + offset, k) : a.center + Ldexp(offset, k);
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("depth = ra + rb - |cb - ca| = %g%s", double(out.depth),
                          dist > T(0) ? "" : " (coincident centres: normal +x)"),
                   {{"dist", std::ldexp(double(dist), k)}, {"depth", double(out.depth)}},
                   PointPart{"contact", glm::dvec3(out.contact), true});
        trace->verdict = out.depth == T(0) ? "hit: the spheres touch (depth 0)"
                                           : Format("hit: the spheres overlap by %g", double(out.depth));
    }
    return out;
}

template OverlapResult<float> SphereSphereScaled<float>(const Sphere<float>&, const Sphere<float>&, Trace*);
template OverlapResult<double> SphereSphereScaled<double>(const Sphere<double>&, const Sphere<double>&, Trace*);

} // namespace detail

void RegisterSphereSphere(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "distance",
        .family = Family::SphereSphere,
        .title = "Squared centre distance (reference)",
        .summary = "Compares the squared distance of the centres with the squared radius sum (touching counts); "
                   "coincident centres get the normal +x.",
        .source = "Ericson, Real-Time Collision Detection (2005) 4.3.1",
        .reference = true,
        .published = false,
        .conventions = {{"touching", "overlap"}},
        .returns = kOverlapFields | kDistanceFields,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Sphere, Sphere>([](const auto& a, const auto& b, Trace* t) {
            return WithDistance(SphereSphereDistance(a, b, t), a, b, SphereSphereGap);
        }),
    });
}

} // namespace hitlab
