// The exact judge's answer as the comparison reads it: values, and the boundary facts of the
// rounding rule (docs/protocol.md, "When rounding explains a difference").
#include "exact.h"
#include "hunt.h"

#include "core/flaw_condition.h"

namespace hitlab {

namespace {

/// Whether the exact answer is a hit on the boundary: the shapes share only boundary points.
bool OnBoundary(const ExactResult& r, const Query& query)
{
    if (!r.hit) {
        return false; // closed solids that miss are apart by a positive distance
    }
    if (!IsCast(query.family)) {
        return r.exactDepth && r.depth.value == 0;
    }
    if (query.family == Family::RayTriangle || query.family == Family::SegmentTriangle ||
        query.family == Family::RayMesh) {
        return r.boundaryHit; // a triangle has no inside: t_enter == t_exit on every hit
    }
    if (query.family == Family::RayPlane) {
        return r.exactT && r.tEnter.value == 0; // the origin on the plane
    }
    return (r.exactT && r.tEnter.text == r.tExit.text) || InFacePlane(query);
}

} // namespace

std::optional<ExactValues> ComparisonValues(const ExactResult& result, const Query& query, Precision precision)
{
    if (!result.valid) {
        return std::nullopt;
    }
    ExactValues v{result.hit, result.tEnter.value, result.tExit.value, result.depth.value};
    v.hasUv = result.hasUv;
    v.u = result.u.value;
    v.v = result.v.value;
    v.hasDistance = result.hasDistance;
    v.distance = result.distance.value;
    v.boundaryKnown = true;
    v.onBoundary = OnBoundary(result, query);
    v.nearBoundary = v.onBoundary || NearBoundary(query, NearBoundaryRelative(precision));
    return v;
}

std::optional<ExactValues> JudgeForComparison(const Query& query, Precision precision)
{
    return ComparisonValues(JudgeExact(query), query, precision);
}

} // namespace hitlab
