// Registration of GJK + EPA and MPR on the overlap families of convex solids, and of the GJK ray
// cast on ray_aabb, ray_sphere and ray_obb (core/gjk_algorithms.h).
#include "gjk_algorithms.h"

#include "algorithm.h"

namespace hitlab {

namespace {

constexpr std::string_view kGjkEpaSource =
    "GJK: Gilbert, Johnson & Keerthi (IEEE J. Robotics and Automation, 1988) with Johnson's subalgorithm in the "
    "Voronoi-region form of Ericson, Real-Time Collision Detection (2005) 9.5, and van den Bergen's termination "
    "(Collision Detection in Interactive 3D Environments, 2003, 4.3); EPA: van den Bergen, \"Proximity queries "
    "and penetration depth computation on 3D game objects\" (GDC 2001), with Bullet's btGjkEpa2 limits";

AlgorithmInfo GjkEpaInfo(Family family, Runner run)
{
    return {
        .name = "gjk_epa",
        .family = family,
        .title = "GJK, then EPA for depth and normal",
        .summary = "GJK on the support functions decides whether the origin lies in a - b (separated: the distance "
                   "and closest points from its last simplex); on an overlap, EPA blows GJK's simplex up to a "
                   "tetrahedron and expands it towards the face of a - b nearest the origin: its distance is the "
                   "depth, its outward normal the direction b moves out of a.",
        .source = kGjkEpaSource,
        .reference = false,
        .published = true,
        .conventions = {{"touching", "overlap"}, {"tolerance", "gjk eps 1e-3 float / 1e-6 double; epa 1e-4 / 1e-12"}},
        .returns = kFieldHit | kFieldDepth | kFieldNormal | kDistanceFields,
        .flaw = "Gaps below GJK's tolerance (||v||^2 <= 100 ulp of the simplex's size) count as overlaps, the "
                "distance is within GJK's relative eps^2 (1e-6 float, 1e-12 double) on curved solids, EPA stops "
                "within its tolerance of the boundary (curved solids: depth short by up to it), and a flat "
                "Minkowski difference gives depth 0.",
        .flawWhen = {"boundary", "gjk tolerance", "epa tolerance", "degenerate simplex", "iteration cap"},
        .run = run,
    };
}

AlgorithmInfo MprInfo(Family family, Runner run)
{
    return {
        .name = "mpr",
        .family = family,
        .title = "Minkowski portal refinement (libccd)",
        .summary = "A portal (triangle of a - b) is found on the ray from an interior point of a - b to the "
                   "origin and refined until it holds the origin; then pushed to the boundary until the support "
                   "along its normal is within 1e-4: depth is the origin's distance to the portal, libccd's way.",
        .source = "Snethen, \"XenoCollide: Complex collision made simple\", Game Programming Gems 7 (2008); as "
                  "libccd's ccdMPRPenetration (Fiser, libccd 2.x: discoverPortal, refinePortal, findPenetr)",
        .reference = false,
        .published = true,
        .conventions = {{"touching", "separate"}, {"tolerance", "mpr 1e-4"}},
        .returns = kFieldHit | kFieldDepth | kFieldNormal,
        .flaw = "libccd's tests take |x| < machine epsilon (absolute) as 0, so touching solids are separate and "
                "small solids (|a - b| near 1e-4 in float) can overlap by the epsilon alone; the depth is the "
                "distance to the portal the centre line leaves through, within 1e-4 of the boundary, not to the "
                "nearest face (it can exceed the true depth); a touch found by discovery has a zero normal.",
        .flawWhen = {"boundary", "mpr portal", "mpr epsilon", "iteration cap"},
        .run = run,
    };
}

template <template <class> class A, template <class> class B>
void AddOverlapPair(std::vector<AlgorithmInfo>& out, Family family)
{
    out.push_back(GjkEpaInfo(
        family, MakeRun<A, B>([](const auto& a, const auto& b, Trace* t) { return GjkEpaOverlap(a, b, t); })));
    out.push_back(
        MprInfo(family, MakeRun<A, B>([](const auto& a, const auto& b, Trace* t) { return MprOverlap(a, b, t); })));
}

template <template <class> class B>
void AddRayCast(std::vector<AlgorithmInfo>& out, Family family)
{
    out.push_back({
        .name = "gjk_raycast",
        .family = family,
        .title = "GJK ray cast (van den Bergen 2004)",
        .summary = "Advances a point along the ray by the separating planes GJK finds between it and the solid's "
                   "support function, until the point is on the solid within a tolerance; the last separating "
                   "direction is the normal. t_exit is not computed.",
        .source = "van den Bergen, \"Ray casting against general convex objects with application to continuous "
                  "collision detection\" (2004); as Jolt's GJKClosestPoint::CastRay, which its RandomRayTest "
                  "compares with the analytic casts",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "t >= 0"},
                        {"direction", "any"},
                        {"parallel", "handled"},
                        {"t_exit", "not computed"}},
        .returns = kFieldHit | kFieldTEnter | kFieldPoint | kFieldNormal,
        .flaw = "t_enter is within the cast's tolerance (eps 1e-4 float, 1e-7 double, relative to the simplex's "
                "size) of the solid, and where the ray enters through an edge or a corner, or only grazes the "
                "solid, the normal is the last separating direction, not a face's.",
        .flawWhen = {"gjk tolerance", "boundary", "edge or corner", "iteration cap"},
        .run = MakeRun<Ray, B>([](const auto& ray, const auto& b, Trace* t) { return GjkRayCast(ray, b, t); }),
    });
}

} // namespace

void RegisterGjk(std::vector<AlgorithmInfo>& out)
{
    AddRayCast<Aabb>(out, Family::RayAabb);
    AddRayCast<Sphere>(out, Family::RaySphere);
    AddRayCast<Obb>(out, Family::RayObb);
    AddOverlapPair<Aabb, Aabb>(out, Family::AabbAabb);
    AddOverlapPair<Sphere, Aabb>(out, Family::SphereAabb);
    AddOverlapPair<Sphere, Sphere>(out, Family::SphereSphere);
    AddOverlapPair<Obb, Obb>(out, Family::ObbObb);
    AddOverlapPair<Aabb, Triangle>(out, Family::AabbTriangle);
    AddOverlapPair<Sphere, Triangle>(out, Family::SphereTriangle);
    AddOverlapPair<Triangle, Triangle>(out, Family::TriangleTriangle);
}

} // namespace hitlab
