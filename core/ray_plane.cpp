// ray_plane registration.
#include "ray_plane.h"

#include "algorithm.h"

#include <cmath>

namespace hitlab {

namespace detail {

template <typename T, typename U>
void TracePlane(Trace& trace, U denom, U num, U t, const CastResult<T>& r)
{
    trace.Add(Format("denominator n.dir = %g", double(denom)), {{"n_dot_dir", double(denom)}});
    trace.Add(Format("numerator distance - n.o = %g", double(num)), {{"numerator", double(num)}});
    if (num == U(0)) {
        trace.Add("the origin lies on the plane: t = 0", {{"t", 0.0}},
                  PointPart{"hit point", glm::dvec3(r.point), true});
        trace.verdict = denom == U(0) ? "hit: the ray lies in the plane, so it touches it at t = 0"
                                      : "hit: the origin lies on the plane, so the ray touches it at t = 0";
    } else if (denom == U(0)) {
        trace.Add("parallel: n.dir = 0 and the origin is off the plane");
        trace.verdict = "miss: the ray is parallel to the plane and starts off it";
    } else if (r.hit) {
        trace.Add(Format("t = numerator / denominator = %g", double(t)), {{"t", double(t)}},
                  PointPart{"hit point", glm::dvec3(r.point), true});
        trace.verdict = Format("hit: the ray crosses the plane at t = %g", double(r.tEnter));
    } else {
        trace.Add(Format("t = numerator / denominator = %g < 0", double(t)), {{"t", double(t)}});
        trace.verdict = Format("miss: the plane is behind the origin (t = %g < 0)", double(t));
    }
    trace.DecideLast();
}

template void TracePlane<float, float>(Trace&, float, float, float, const CastResult<float>&);
template void TracePlane<double, double>(Trace&, double, double, double, const CastResult<double>&);
template void TracePlane<float, double>(Trace&, double, double, double, const CastResult<float>&);
template void TracePlane<double, long double>(Trace&, long double, long double, long double,
                                              const CastResult<double>&);

template <typename T>
Vec3<T> UnitWide(const Vec3<T>& n)
{
    using W = Wide<T>;
    const WideVec3<T> w = Widened(n);
    const W length = std::sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
    return Vec3<T>(T(w[0] / length), T(w[1] / length), T(w[2] / length));
}

template Vec3<float> UnitWide<float>(const Vec3<float>&);
template Vec3<double> UnitWide<double>(const Vec3<double>&);

template <typename T>
CastResult<T> RayPlaneWide(const Ray<T>& ray, const Plane<T>& plane, Trace* trace)
{
    using W = Wide<T>;
    const WideVec3<T> n = Widened(plane.normal), o = Widened(ray.origin), d = Widened(ray.direction);
    // n.dir and n.o: every product exact for float (in double), rounded once for double
    const W denom = n[0] * d[0] + n[1] * d[1] + n[2] * d[2];
    const W num = W(plane.distance) - (n[0] * o[0] + n[1] * o[1] + n[2] * o[2]);
    CastResult<T> r;
    W t = 0;
    if (num == W(0)) {
        // origin on the plane
        r.hit = true;
    } else if (denom != W(0)) {
        // nonzero / nonzero never underflows to 0 in W: t > 0 is "num and denom of one sign" (NaN: miss)
        t = num / denom;
        r.hit = t > W(0);
    }
    if (r.hit) {
        r.tEnter = T(t) + T(0); // -0 -> +0
        r.tExit = r.tEnter;
        r.point = PointAtWide(ray.origin, ray.direction, t);
        const Vec3<T> unit = UnitWide(plane.normal);
        r.normal = denom > W(0) ? -unit : unit;
        r.hasNormal = true;
    }
    if (trace != nullptr) [[unlikely]] {
        TracePlane<T, W>(*trace, denom, num, t, r);
    }
    return r;
}

template CastResult<float> RayPlaneWide<float>(const Ray<float>&, const Plane<float>&, Trace*);
template CastResult<double> RayPlaneWide<double>(const Ray<double>&, const Plane<double>&, Trace*);

} // namespace detail

void RegisterRayPlane(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "plane",
        .family = Family::RayPlane,
        .title = "Plane equation (reference)",
        .summary = "t = (distance - n.o) / (n.dir) for either side of the plane; an origin on the plane hits at t = 0 "
                   "(a ray lying in the plane included), a parallel ray off it misses.",
        .source = "Ericson, Real-Time Collision Detection (2005) 5.3.1",
        .reference = true,
        .published = false,
        .conventions = {{"origin_inside", "hit"}, {"boundary", "inclusive"}, {"t_range", "t >= 0"},
                        {"direction", "any"}, {"parallel", "handled"}, {"facing", "both"}},
        .returns = kCastFields,
        .flaw = "",
        .run = MakeRun<Ray, Plane>([](const auto& a, const auto& b, Trace* t) { return RayPlanePlane(a, b, t); }),
    });
    out.push_back({
        .name = "plane_one_sided",
        .family = Family::RayPlane,
        .title = "One-sided plane test (published)",
        .summary = "The tutorial test that accepts a plane only when its normal faces the ray (n.dir < -1e-6) and "
                   "the hit lies within 0 <= t <= 10000.",
        .source = "Scratchapixel, \"Ray-Plane and Ray-Disk Intersection\" (intersectPlane), normal facing the ray",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "hit"}, {"boundary", "inclusive"}, {"t_range", "t <= max distance"},
                        {"direction", "any"}, {"parallel", "miss"}, {"facing", "front only"}},
        .returns = kCastFields,
        .flaw = "Back faces and rays lying in the plane miss, and the absolute 1e-6 threshold on the unnormalised "
                "n.dir turns steep hits into misses when the normal or direction is short.",
        .run = MakeRun<Ray, Plane>([](const auto& a, const auto& b, Trace* t) { return RayPlaneOneSided(a, b, t); }),
    });
}

} // namespace hitlab
