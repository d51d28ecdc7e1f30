// The exact judge of the triangle families: ray_triangle and segment_triangle (orientation
// predicates, exact_triangle_geometry.h), sphere_triangle (the exact squared distance), and the
// dispatch of all six, exact and over intervals.
#include "exact_triangle.h"

#include "exact_triangle_geometry.h"
#include "exact_values.h"

namespace hitlab::exact {

namespace {

/// sphere_triangle: hit when the squared distance from the centre to the closed triangle is at
/// most r^2; depth r - distance (exact when the squared distance is a rational square).
void JudgeSphereTriangle(ExactResult& r, const Sphere<double>& sphere, const Triangle<double>& triangle)
{
    const Q d2 = PointTriangleDistance2(Lift<Q>(sphere.center), LiftTriangle<Q>(triangle));
    const Q radius(sphere.radius);
    r.hit = d2 <= radius * radius;
    if (r.hit) {
        r.depth = SqrtExpression(radius, -1, d2, Q(1));
        r.exactDepth = r.depth.exact;
    }
}

/// The direction of a ray, or end - start of a segment, exactly.
template <typename N>
V3<N> CastDirection(const glm::dvec3& origin, const glm::dvec3& directionOrEnd, bool segment)
{
    return segment ? Sub(Lift<N>(directionOrEnd), Lift<N>(origin)) : Lift<N>(directionOrEnd);
}

} // namespace

void JudgeTriangleCast(ExactResult& r, const glm::dvec3& origin, const glm::dvec3& directionOrEnd, bool segment,
                       const Triangle<double>& triangle)
{
    const V3<Q> o = Lift<Q>(origin);
    const V3<Q> d = CastDirection<Q>(origin, directionOrEnd, segment);
    const Tri<Q> v = LiftTriangle<Q>(triangle);
    const TriangleCast<Q> c = CastTriangle(o, d, v, segment);
    r.hit = c.hit;
    if (!c.hit) {
        return;
    }
    r.tEnter = FromRational(c.tEnter);
    r.tExit = FromRational(c.tExit);
    r.exactT = true;
    r.boundaryHit = !c.interior;
    // the side the ray arrives on: against the winding normal is the front; none in the plane
    r.hasFront = !c.degenerate && c.facing != 0;
    r.front = c.facing < 0;
    if (!c.degenerate) { // u, v of the point at t_enter
        const V3<Q> p = {Q(o[0] + c.tEnter * d[0]), Q(o[1] + c.tEnter * d[1]), Q(o[2] + c.tEnter * d[2])};
        const auto [u, w] = Barycentric(p, v);
        r.u = FromRational(u);
        r.v = FromRational(w);
        r.hasUv = true;
    }
}

void JudgeTriangleFamily(ExactResult& r, const Query& query)
{
    switch (query.family) {
    case Family::RayTriangle: {
        const auto& ray = std::get<Ray<double>>(query.a);
        JudgeTriangleCast(r, ray.origin, ray.direction, false, std::get<Triangle<double>>(query.b));
        break;
    }
    case Family::SegmentTriangle: {
        const auto& s = std::get<Segment<double>>(query.a);
        JudgeTriangleCast(r, s.start, s.end, true, std::get<Triangle<double>>(query.b));
        break;
    }
    case Family::RayMesh:
        JudgeRayMesh(r, std::get<Ray<double>>(query.a), std::get<Mesh<double>>(query.b));
        break;
    case Family::AabbTriangle:
        JudgeBoxTriangle(r, std::get<Aabb<double>>(query.a), std::get<Triangle<double>>(query.b));
        break;
    case Family::SphereTriangle:
        JudgeSphereTriangle(r, std::get<Sphere<double>>(query.a), std::get<Triangle<double>>(query.b));
        break;
    case Family::TriangleTriangle:
        JudgeTriangles(r, std::get<Triangle<double>>(query.a), std::get<Triangle<double>>(query.b));
        break;
    case Family::RayAabb:
    case Family::SegmentAabb:
    case Family::RayPlane:
    case Family::RaySphere:
    case Family::RayObb:
    case Family::AabbAabb:
    case Family::SphereAabb:
    case Family::SphereSphere:
    case Family::ObbObb:
    case Family::PointAabb:
    case Family::PointSphere:
    case Family::PointObb:
    case Family::ConvexConvex: // judged in exact.cpp
        r.valid = false;
        r.note = "not a triangle family";
        break;
    }
}

bool IntervalTriangleHit(const Query& query)
{
    switch (query.family) {
    case Family::RayTriangle:
    case Family::SegmentTriangle: {
        const bool segment = query.family == Family::SegmentTriangle;
        const glm::dvec3 origin =
            segment ? std::get<Segment<double>>(query.a).start : std::get<Ray<double>>(query.a).origin;
        const glm::dvec3 second =
            segment ? std::get<Segment<double>>(query.a).end : std::get<Ray<double>>(query.a).direction;
        return CastTriangle(Lift<Interval>(origin), CastDirection<Interval>(origin, second, segment),
                            LiftTriangle<Interval>(std::get<Triangle<double>>(query.b)), segment)
            .hit;
    }
    case Family::RayMesh:
        return IntervalMeshHit(std::get<Ray<double>>(query.a), std::get<Mesh<double>>(query.b));
    case Family::AabbTriangle:
        return IntervalBoxTriangleHit(std::get<Aabb<double>>(query.a), std::get<Triangle<double>>(query.b));
    case Family::SphereTriangle: {
        const auto& s = std::get<Sphere<double>>(query.a);
        const Interval d2 = PointTriangleDistance2(Lift<Interval>(s.center),
                                                   LiftTriangle<Interval>(std::get<Triangle<double>>(query.b)));
        const Interval radius(s.radius);
        return Sign(radius * radius - d2) >= 0;
    }
    case Family::TriangleTriangle:
        return IntervalTrianglesHit(std::get<Triangle<double>>(query.a), std::get<Triangle<double>>(query.b));
    case Family::RayAabb:
    case Family::SegmentAabb:
    case Family::RayPlane:
    case Family::RaySphere:
    case Family::RayObb:
    case Family::AabbAabb:
    case Family::SphereAabb:
    case Family::SphereSphere:
    case Family::ObbObb:
    case Family::PointAabb:
    case Family::PointSphere:
    case Family::PointObb:
    case Family::ConvexConvex:
        break;
    }
    g_uncertain = true;
    return false;
}

} // namespace hitlab::exact
