// sphere_aabb registration.
#include "sphere_aabb.h"

#include "algorithm.h"

namespace hitlab {

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
        .returns = kOverlapFields,
        .flaw = "",
        .run = MakeRun<Sphere, Aabb>([](const auto& a, const auto& b, Trace* t) { return SphereAabbClosestPoint(a, b, t); }),
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
        .run = MakeRun<Sphere, Aabb>([](const auto& a, const auto& b, Trace* t) { return SphereAabbExpandedBox(a, b, t); }),
    });
}

} // namespace hitlab
