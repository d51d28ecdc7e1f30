// The flaw conditions of GJK, EPA, MPR and the GJK ray cast (core/flaw_condition.h): each is
// decided by re-running the method on the query, in the comparison's precision, and looking at
// how it stopped.
#include "flaw_condition.h"

#include "gjk_algorithms.h"

#include <cmath>

namespace hitlab {

namespace {

/// What re-running the methods on one query shows.
struct GjkRerun {
    bool gjkTolerance = false;
    bool epaTolerance = false;
    bool degenerate = false;
    bool cap = false;
    bool mprPortal = false;
    bool mprEpsilon = false;
};

/// The slack of a depth comparison in the precision: 8 ulp of the larger of 1 and the depth.
double DepthSlack(double depth, Precision precision)
{
    const double ulp = precision == Precision::Float ? 0x1p-23 : 0x1p-52;
    return 8 * ulp * std::max(1.0, std::abs(depth));
}

template <typename T, typename SA, typename SB>
GjkRerun RerunOverlap(const SA& a, const SB& b, const FlawContext& x)
{
    GjkRerun out;
    const GjkResult<T> g = Gjk<T>(a, b);
    // an overlap called by the tolerance on ||v||, or a distance stopped by the relative test short
    // of the support plane
    out.gjkTolerance = (g.stop == GjkStop::NearZero && glm::dot(g.simplex.Point(), g.simplex.Point()) > T(0)) ||
                       (g.stop == GjkStop::Converged && g.gap > T(0));
    out.degenerate = g.stop == GjkStop::NoProgress;
    out.cap = g.stop == GjkStop::IterationCap;
    const double ref = x.reference.hit ? x.reference.depth : 0.0;
    if (g.hit) {
        const EpaResult<T> e = Epa<T>(a, b, g);
        const double slack = DepthSlack(ref, x.precision);
        out.epaTolerance = e.gap > T(0) && ref >= double(e.depth) - slack && ref <= double(e.depth + e.gap) + slack;
        out.degenerate = out.degenerate || e.stop == EpaStop::Degenerate;
        out.cap = out.cap || e.stop == EpaStop::IterationCap;
    }
    const MprResult<T> m = Mpr<T>(a, b);
    out.cap = out.cap || m.stop == MprStop::IterationCap;
    out.mprEpsilon = m.epsilonDecided;
    out.mprPortal =
        m.hit && x.reference.hit && double(m.depth) >= ref - double(kMprTolerance<T>) - DepthSlack(ref, x.precision);
    return out;
}

template <typename T, typename S>
GjkRerun RerunCast(const Ray<T>& ray, const S& solid)
{
    GjkRerun out;
    GjkRayStats stats;
    const CastResult<T> r = GjkRayCast(ray, solid, nullptr, &stats);
    out.gjkTolerance = r.hit && stats.byTolerance;
    out.cap = stats.cap;
    return out;
}

template <typename T, template <class> class ShapeA, template <class> class ShapeB>
GjkRerun RerunIn(const Query& q, const FlawContext& x)
{
    const ShapeA<T> a = ShapeCast<T>(std::get<ShapeA<double>>(q.a));
    const ShapeB<T> b = ShapeCast<T>(std::get<ShapeB<double>>(q.b));
    if constexpr (std::is_same_v<ShapeA<T>, Ray<T>>) {
        return RerunCast(a, b);
    } else {
        return RerunOverlap<T>(a, b, x);
    }
}

template <template <class> class ShapeA, template <class> class ShapeB>
GjkRerun Rerun(const FlawContext& x)
{
    return x.precision == Precision::Float ? RerunIn<float, ShapeA, ShapeB>(x.query, x)
                                           : RerunIn<double, ShapeA, ShapeB>(x.query, x);
}

/// The re-run on the families the methods are registered for; nullopt on the others.
std::optional<GjkRerun> RerunFamily(const FlawContext& x)
{
    switch (x.query.family) {
    case Family::RayAabb:
        return Rerun<Ray, Aabb>(x);
    case Family::RaySphere:
        return Rerun<Ray, Sphere>(x);
    case Family::RayObb:
        return Rerun<Ray, Obb>(x);
    case Family::AabbAabb:
        return Rerun<Aabb, Aabb>(x);
    case Family::SphereAabb:
        return Rerun<Sphere, Aabb>(x);
    case Family::SphereSphere:
        return Rerun<Sphere, Sphere>(x);
    case Family::ObbObb:
        return Rerun<Obb, Obb>(x);
    case Family::AabbTriangle:
        return Rerun<Aabb, Triangle>(x);
    case Family::SphereTriangle:
        return Rerun<Sphere, Triangle>(x);
    case Family::TriangleTriangle:
        return Rerun<Triangle, Triangle>(x);
    case Family::ConvexConvex:
        return Rerun<Convex, Convex>(x);
    case Family::SegmentAabb:
    case Family::RayPlane:
    case Family::PointAabb:
    case Family::PointSphere:
    case Family::PointObb:
    case Family::RayTriangle:
    case Family::SegmentTriangle:
    case Family::RayMesh:
        return std::nullopt;
    }
    return std::nullopt;
}

} // namespace

bool GjkFlawWordHolds(const FlawCondition& condition, const FlawContext& context)
{
    if (!QueryShapesMatch(context.query)) {
        return false;
    }
    const std::optional<GjkRerun> r = RerunFamily(context);
    if (!r) {
        return false;
    }
    switch (condition.word) {
    case FlawWord::GjkTolerance:
        return r->gjkTolerance;
    case FlawWord::EpaTolerance:
        return r->epaTolerance;
    case FlawWord::DegenerateSimplex:
        return r->degenerate;
    case FlawWord::IterationCap:
        return r->cap;
    case FlawWord::MprPortal:
        return r->mprPortal;
    case FlawWord::MprEpsilon:
        return r->mprEpsilon;
    default:
        return false;
    }
}

} // namespace hitlab
