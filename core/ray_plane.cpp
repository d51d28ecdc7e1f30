// ray_plane registration.
#include "ray_plane.h"
#include "expansion.h"

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
template void TracePlane<double, long double>(Trace&, long double, long double, long double, const CastResult<double>&);

namespace {

/// Whether x is 0 or its magnitude lies in [2^-500, 2^500].
bool InPlaneCarefulRange(double x)
{
    const double m = std::abs(x);
    return m == 0.0 || (m >= 0x1p-500 && m <= 0x1p500);
}

/// n.dir and distance - n.o, cheaply: for float in double (each product exact; the sums within
/// 2^-52 of their terms), for double in double-double (exact products, sums within 2^-104 of their
/// terms). True when both keep over 2^-20 (float) or 2^-45 (double) of their terms, so that their
/// signs are certain and t's relative error is far below an ulp of T; false (exact sums needed)
/// otherwise. sd and sn: their signs.
template <typename T>
bool PlaneSumsCheaply(const Ray<T>& ray, const Plane<T>& plane, xp::DD& d, xp::DD& n, int& sd, int& sn)
{
    double dirTerms = 0, originTerms = std::abs(double(plane.distance));
    for (int k = 0; k < 3; ++k) {
        dirTerms += std::abs(double(plane.normal[k]) * double(ray.direction[k]));
        originTerms += std::abs(double(plane.normal[k]) * double(ray.origin[k]));
    }
    if constexpr (sizeof(T) == 4) {
        double dd = 0, nn = double(plane.distance);
        for (int k = 0; k < 3; ++k) {
            dd += double(plane.normal[k]) * double(ray.direction[k]);
            nn -= double(plane.normal[k]) * double(ray.origin[k]);
        }
        d = {dd, 0};
        n = {nn, 0};
    } else {
        d = {};
        n = {double(plane.distance), 0};
        for (int k = 0; k < 3; ++k) {
            xp::DD p;
            xp::TwoProduct(double(plane.normal[k]), double(ray.direction[k]), p.hi, p.lo);
            d = xp::Add(d, p);
            xp::TwoProduct(-double(plane.normal[k]), double(ray.origin[k]), p.hi, p.lo);
            n = xp::Add(n, p);
        }
    }
    constexpr double keep = sizeof(T) == 4 ? 0x1p-20 : 0x1p-45;
    sd = d.hi > 0 ? 1 : d.hi < 0 ? -1 : 0;
    sn = n.hi > 0 ? 1 : n.hi < 0 ? -1 : 0;
    return std::abs(d.hi) > keep * dirTerms && std::abs(n.hi) > keep * originTerms;
}

} // namespace

template <typename T>
CastResult<T> RayPlaneCareful(const Ray<T>& ray, const Plane<T>& plane, Trace* trace)
{
    bool inRange = InPlaneCarefulRange(double(plane.distance));
    for (int k = 0; k < 3; ++k) {
        inRange = inRange && InPlaneCarefulRange(double(plane.normal[k])) &&
                  InPlaneCarefulRange(double(ray.origin[k])) && InPlaneCarefulRange(double(ray.direction[k]));
    }
    if (!inRange) {
        return RayPlaneWide(ray, plane, trace);
    }
    xp::DD d, n;
    int sd = 0, sn = 0;
    if (!PlaneSumsCheaply(ray, plane, d, n, sd, sn)) {
        // within the cheap sums' rounding of zero: exactly
        xp::Expansion denom, num;
        num.Push(double(plane.distance));
        for (int k = 0; k < 3; ++k) {
            xp::AddProduct(denom, double(plane.normal[k]), double(ray.direction[k]));
            xp::AddProduct(num, -double(plane.normal[k]), double(ray.origin[k]));
        }
        sd = denom.Sign();
        sn = num.Sign();
        d = xp::ToDD(denom);
        n = xp::ToDD(num);
    }
    CastResult<T> r;
    const double t = sn != 0 && sd != 0 ? xp::DivToDouble(n, d) : 0.0;
    // the origin on the plane hits at t = 0; otherwise num and denom of one sign (denom 0: parallel)
    r.hit = sn == 0 || sn * sd > 0;
    if (r.hit) {
        r.tEnter = T(t) + T(0);
        r.tExit = r.tEnter;
        r.point = PointAtWide(ray.origin, ray.direction, Wide<T>(t));
        const T length2 = glm::dot(plane.normal, plane.normal);
        const Vec3<T> unit = length2 >= kWellScaledMin<T> && length2 <= std::numeric_limits<T>::max()
                                 ? plane.normal / std::sqrt(length2)
                                 : UnitWide(plane.normal);
        r.normal = sd > 0 ? -unit : unit;
        r.hasNormal = true;
    }
    if (trace != nullptr) [[unlikely]] {
        trace->Add(Format("cancellation in n.dir or distance - n.o: both recomputed exactly: n.dir = %g, "
                          "distance - n.o = %g",
                          d.hi, n.hi),
                   {{"exact_denominator", d.hi}, {"exact_numerator", n.hi}});
        TracePlane<T, double>(*trace, d.hi, n.hi, t, r);
    }
    return r;
}

template CastResult<float> RayPlaneCareful<float>(const Ray<float>&, const Plane<float>&, Trace*);
template CastResult<double> RayPlaneCareful<double>(const Ray<double>&, const Plane<double>&, Trace*);

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
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "t >= 0"},
                        {"direction", "any"},
                        {"parallel", "handled"},
                        {"facing", "both"}},
        .returns = kCastFields,
        .flaw = "",
        .flawWhen = {},
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
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "t <= max distance"},
                        {"direction", "any"},
                        {"parallel", "miss"},
                        {"facing", "front only"}},
        .returns = kCastFields,
        .flaw = "Back faces and rays lying in the plane miss, and the absolute 1e-6 threshold on the unnormalised "
                "n.dir turns steep hits into misses when the normal or direction is short.",
        .flawWhen = {"back facing", "epsilon 1e-6"},
        .run = MakeRun<Ray, Plane>([](const auto& a, const auto& b, Trace* t) { return RayPlaneOneSided(a, b, t); }),
    });
}

} // namespace hitlab
