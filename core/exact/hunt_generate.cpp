// The hunt's query distributions: one draw per family (hunt_families.cpp), perturbations around
// a seed pair, huge and tiny scales by powers of two (exact), rounding to float, and the pools of
// boxes and rays of the batched ray/box path.
#include "hunt_draw.h"

#include <glm/glm.hpp>

#include <cmath>

namespace hitlab::hunt {

Rng::Rng(std::uint64_t seed)
{
    // splitmix64 expands the seed
    for (std::uint64_t& s : m_s) {
        seed += 0x9E3779B97F4A7C15ull;
        std::uint64_t z = seed;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        s = z ^ (z >> 31);
    }
}

namespace {

using namespace draw;

/// Multiplies every position and size by 2^k (exact): very large and very small scales.
void ScaleShape(Shape& shape, double s)
{
    switch (KindOf(shape)) {
    case ShapeKind::Ray:
        std::get<Ray<double>>(shape).origin *= s;
        return;
    case ShapeKind::Segment: {
        auto& x = std::get<Segment<double>>(shape);
        x.start *= s;
        x.end *= s;
        return;
    }
    case ShapeKind::Plane:
        std::get<Plane<double>>(shape).distance *= s;
        return;
    case ShapeKind::Aabb: {
        auto& x = std::get<Aabb<double>>(shape);
        x.min *= s;
        x.max *= s;
        return;
    }
    case ShapeKind::Sphere: {
        auto& x = std::get<Sphere<double>>(shape);
        x.center *= s;
        x.radius *= s;
        return;
    }
    case ShapeKind::Obb: {
        auto& x = std::get<Obb<double>>(shape);
        x.center *= s;
        x.halfExtents *= s;
        return;
    }
    case ShapeKind::Point:
        std::get<Point<double>>(shape).position *= s;
        return;
    case ShapeKind::Triangle:
        for (dvec3& v : std::get<Triangle<double>>(shape).vertices) {
            v *= s;
        }
        return;
    case ShapeKind::Mesh:
    case ShapeKind::Convex:
        ForEachShapeNumber(shape, false, [s](double& x) { x *= s; });
        return;
    }
}

void Scale(Query& q, double s)
{
    ScaleShape(q.a, s);
    ScaleShape(q.b, s);
}

/// Restores validity after a perturbation: min <= max, sizes >= 0, nonzero directions.
void Repair(Query& q, Rng& rng)
{
    for (Shape* shape : {&q.a, &q.b}) {
        switch (KindOf(*shape)) {
        case ShapeKind::Aabb: {
            auto& b = std::get<Aabb<double>>(*shape);
            const dvec3 lo = glm::min(b.min, b.max), hi = glm::max(b.min, b.max);
            b = {lo, hi};
            break;
        }
        case ShapeKind::Sphere: {
            double& radius = std::get<Sphere<double>>(*shape).radius;
            radius = std::fabs(radius);
            break;
        }
        case ShapeKind::Obb: {
            dvec3& h = std::get<Obb<double>>(*shape).halfExtents;
            h = glm::abs(h);
            break;
        }
        case ShapeKind::Ray: {
            dvec3& d = std::get<Ray<double>>(*shape).direction;
            d = NonZero(d, rng);
            break;
        }
        case ShapeKind::Plane: {
            dvec3& n = std::get<Plane<double>>(*shape).normal;
            n = NonZero(n, rng);
            break;
        }
        case ShapeKind::Segment:
        case ShapeKind::Point:
        case ShapeKind::Triangle: // any three points are a triangle
        case ShapeKind::Mesh:
        case ShapeKind::Convex: // any points span a convex shape
            break;
        }
    }
}

/// x rounded to the nearest float, through a volatile float. In this library's release build the
/// plain round trip double(float(x)) (and glm's dvec3(vec3(p))) was seen to leave a convex shape's
/// points unchanged (GCC 12, -O3, cause not pinned down), so float hunts of convex_convex judged
/// exactly points the algorithms never saw: they read the points rounded (issue 25).
double NearestFloat(double x)
{
    const volatile float f = static_cast<float>(x);
    return f;
}

/// (i, j, k) / 2 with i, j, k drawn from [lo, hi], k first (the order the draws were made in
/// when they were one constructor call's arguments, as GCC evaluates them: seeds draw the same
/// cases as before, and the same under every compiler).
glm::vec3 GridHalves(Rng& rng, int lo, int hi)
{
    const float z = float(rng.Int(lo, hi)) * 0.5f;
    const float y = float(rng.Int(lo, hi)) * 0.5f;
    const float x = float(rng.Int(lo, hi)) * 0.5f;
    return {x, y, z};
}

} // namespace

Query RoundToFloat(const Query& query)
{
    Query q = query;
    for (Shape* shape : {&q.a, &q.b}) {
        ForEachShapeNumber(*shape, true, [](double& x) { x = NearestFloat(x); }); // obb axes too
    }
    return q;
}

Query Draw(Family family, Rng& rng, Precision precision, const std::optional<Query>& around, const char** distribution)
{
    Query q;
    if (around && around->family == family && rng.Chance(0.3)) {
        // around the seed pair: each number moved by a random relative amount, or snapped to the grid
        *distribution = "around the seed pair";
        q = *around;
        const int mode = rng.Int(0, 2);
        for (Shape* shape : {&q.a, &q.b}) {
            ForEachShapeNumber(*shape, false, [&](double& x) { // not obb axes
                if (!rng.Chance(0.5)) {
                    return;
                }
                if (mode == 0) {
                    const double r = rng.Uniform(-1, 1);
                    x *= 1 + r * std::ldexp(1.0, -rng.Int(1, 30));
                } else {
                    x = mode == 1 ? std::round(x * 4) / 4 : x + rng.Int(-4, 4) * 0.25;
                }
            });
        }
        Repair(q, rng);
    } else {
        switch (family) {
        case Family::RayAabb:
            q = DrawRayAabb(rng, false, distribution);
            break;
        case Family::SegmentAabb:
            q = DrawRayAabb(rng, true, distribution);
            break;
        case Family::RayPlane:
            q = DrawRayPlane(rng, distribution);
            break;
        case Family::RaySphere:
            q = DrawRaySphere(rng, distribution);
            break;
        case Family::RayObb:
            q = DrawRayObb(rng, distribution);
            break;
        case Family::AabbAabb:
            q = DrawAabbAabb(rng, distribution);
            break;
        case Family::SphereAabb:
            q = DrawSphereAabb(rng, distribution);
            break;
        case Family::SphereSphere:
            q = DrawSphereSphere(rng, distribution);
            break;
        case Family::ObbObb:
            q = DrawObbObb(rng, distribution);
            break;
        case Family::PointAabb:
            q = DrawPointAabb(rng, distribution);
            break;
        case Family::PointSphere:
            q = DrawPointSphere(rng, distribution);
            break;
        case Family::PointObb:
            q = DrawPointObb(rng, distribution);
            break;
        case Family::RayTriangle:
        case Family::SegmentTriangle:
        case Family::RayMesh:
        case Family::AabbTriangle:
        case Family::SphereTriangle:
        case Family::TriangleTriangle:
            q = DrawTriangleFamily(family, rng, distribution);
            break;
        case Family::ConvexConvex:
            q = DrawConvexConvex(rng, distribution);
            break;
        }
    }
    if (rng.Chance(0.1)) {
        // very large or very small: powers of two keep every configuration exact
        const int range = precision == Precision::Float ? 20 : 60;
        Scale(q, std::ldexp(1.0, rng.Chance(0.5) ? rng.Int(8, range) : -rng.Int(8, range)));
    }
    return precision == Precision::Float ? RoundToFloat(q) : q;
}

void DrawBoxes(Rng& rng, std::span<Aabb<float>> boxes)
{
    for (Aabb<float>& box : boxes) {
        const int k = rng.Int(0, 9);
        // a small grid of halves so that boxes share planes with each other and with the rays
        glm::vec3 lo = GridHalves(rng, -4, 3);
        glm::vec3 size = GridHalves(rng, 0, 4);
        if (k == 0) {
            lo = glm::vec3(RandV(rng));
            size = glm::vec3(glm::abs(RandV(rng)));
        }
        box = {lo, lo + size};
    }
}

Ray<float> DrawRay(Rng& rng, const char** distribution)
{
    static const char* const kNames[] = {"grid ray", "origin on grid planes, axis-parallel (+-0)",
                                         "origin on grid planes, zero components", "ray aimed at a grid corner",
                                         "random ray"};
    const int k = rng.Int(0, 4);
    *distribution = kNames[k];
    const dvec3 o(GridHalves(rng, -6, 6));
    dvec3 d = GridV(rng);
    switch (k) {
    case 1:
        d = AxisDir(rng);
        break;
    case 2:
        d = ZeroSome(rng);
        break;
    case 3:
        d = dvec3(GridHalves(rng, -4, 4)) - o;
        break;
    case 4:
        return {glm::vec3(RandV(rng)), glm::vec3(NonZero(RandV(rng), rng))};
    default:
        break;
    }
    return {glm::vec3(o), glm::vec3(NonZero(d, rng))};
}

} // namespace hitlab::hunt