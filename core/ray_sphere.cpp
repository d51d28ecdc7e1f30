// ray_sphere registration.
#include "ray_sphere.h"
#include "ray_sphere_published.h"

#include "algorithm.h"

namespace hitlab {

namespace detail {

template <typename T>
void TraceStableSphere(Trace& trace, const Sphere<T>& sphere, T a, T b, T c, const Vec3<T>& l, T ll, T rr, T disc,
                       T q, bool real, const CastResult<T>& r)
{
    trace.Add(Format("f = o - c; a = d.d = %g, b = f.d = %g, c = f.f - r^2 = %g", double(a), double(b), double(c)),
              {{"a", double(a)}, {"b", double(b)}, {"c", double(c)}});
    const glm::dvec3 foot = glm::dvec3(sphere.center) + glm::dvec3(l);
    trace.Add(Format("projection of the centre onto the line at t = %g", -double(b / a)),
              {{"t_projection", -double(b / a)}}, PointPart{"projection of the centre", foot, real});
    trace.Add(Format("perpendicular distance^2 |l|^2 = %g vs r^2 = %g; discriminant a(r^2 - |l|^2) = %g", double(ll),
                     double(rr), double(disc)),
              {{"perp_dist_sq", double(ll)}, {"radius_sq", double(rr)}, {"discriminant", double(disc)}},
              SegmentPart{"perpendicular distance vs radius", glm::dvec3(sphere.center), foot, real});
    T t0 = 0, t1 = 0;
    if (!real) {
        trace.DecideLast();
    } else {
        trace.Add(Format("q = -(b + sign(b) sqrt(disc)) = %g", double(q)), {{"q", double(q)}});
        StableSphereRoots(a, c, q, t0, t1);
    }
    TraceSphereRoots(trace, r, real, t0, t1);
}

template void TraceStableSphere<float>(Trace&, const Sphere<float>&, float, float, float, const Vec3<float>&, float,
                                       float, float, float, bool, const CastResult<float>&);
template void TraceStableSphere<double>(Trace&, const Sphere<double>&, double, double, double, const Vec3<double>&,
                                        double, double, double, double, bool, const CastResult<double>&);

} // namespace detail

void RegisterRaySphere(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "quadratic_stable",
        .family = Family::RaySphere,
        .title = "Stable quadratic (reference)",
        .summary = "Solves |o + t d - c| = r with the discriminant taken from the perpendicular distance to the centre "
                   "and the roots as c/q and q/a, so it stays accurate far from the origin and for any direction length.",
        .source = "Haines, Guenther, Akenine-Moeller, \"Precision Improvements for Ray/Sphere Intersection\", "
                  "Ray Tracing Gems (2019) ch. 7",
        .reference = true,
        .published = false,
        .conventions = {{"origin_inside", "hit"}, {"boundary", "inclusive"}, {"t_range", "t >= 0"},
                        {"direction", "any"}},
        .returns = kCastFields,
        .flaw = "",
        .run = MakeRun<Ray, Sphere>([](const auto& a, const auto& b, Trace* t) { return RaySphereQuadraticStable(a, b, t); }),
    });
    out.push_back({
        .name = "quadratic",
        .family = Family::RaySphere,
        .title = "Textbook quadratic",
        .summary = "The b^2 - 4ac discriminant and (-b -+ sqrt) / 2a roots; same conventions as the reference, but "
                   "cancellation far from the origin moves t or loses the hit.",
        .source = "The textbook quadratic formula, e.g. Shirley, Ray Tracing in One Weekend (2016) ch. 5",
        .reference = false,
        .published = false,
        .conventions = {{"origin_inside", "hit"}, {"boundary", "inclusive"}, {"t_range", "t >= 0"},
                        {"direction", "any"}},
        .returns = kCastFields,
        .flaw = "",
        .run = MakeRun<Ray, Sphere>([](const auto& a, const auto& b, Trace* t) { return RaySphereQuadratic(a, b, t); }),
    });
    out.push_back({
        .name = "geometric",
        .family = Family::RaySphere,
        .title = "Geometric solution (published)",
        .summary = "Projects the centre onto the ray, rejects a centre behind it, compares the perpendicular distance "
                   "with the radius and keeps the near hit t0 when 0 <= t0 <= 10000.",
        .source = "Scratchapixel, \"A Minimal Ray-Tracer: Rendering Simple Shapes\", ray-sphere geometric solution",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "miss"}, {"boundary", "inclusive"}, {"t_range", "t <= max distance"},
                        {"direction", "unit"}},
        .returns = kFieldHit | kFieldTEnter | kFieldTExit | kFieldPoint,
        .flaw = "Assumes a unit direction, so any other length gives a wrong t and can turn a miss into a hit or "
                "a hit into a miss; an origin inside the sphere misses.",
        .run = MakeRun<Ray, Sphere>([](const auto& a, const auto& b, Trace* t) { return RaySphereGeometric(a, b, t); }),
    });
    out.push_back({
        .name = "glm",
        .family = Family::RaySphere,
        .title = "glm::intersectRaySphere",
        .summary = "glm 0.9.9.8's ray/sphere test as shipped: radius squared, a unit direction assumed, one distance "
                   "that must exceed machine epsilon; from inside it returns the exit.",
        .source = "glm 0.9.9.8, gtx/intersect.inl, intersectRaySphere",
        .reference = false,
        .published = false,
        .conventions = {{"origin_inside", "hit"}, {"boundary", "inclusive"}, {"t_range", "t > 0"},
                        {"direction", "unit"}},
        .returns = kFieldHit | kFieldTEnter | kFieldPoint | kFieldNormal,
        .flaw = "",
        .run = MakeRun<Ray, Sphere>([](const auto& a, const auto& b, Trace* t) { return RaySphereGlm(a, b, t); }),
    });
}

} // namespace hitlab
