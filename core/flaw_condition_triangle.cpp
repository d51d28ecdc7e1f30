// Declared flaws' conditions, the triangle words: what they check on a ray_triangle or
// segment_triangle query, decided exactly (core/ray_triangle.h, TriangleFactsOf), and on a ray_mesh
// query for the triangle the reference hits.
#include "flaw_condition.h"

#include "ray_triangle.h"

namespace hitlab {

namespace {

/// The facts for a ray_triangle or segment_triangle query (the caller checks the family).
detail::TriangleFacts FactsOf(const Query& q)
{
    detail::ExactTriangleQuery e;
    const auto& v = std::get<Triangle<double>>(q.b).vertices;
    for (size_t i = 0; i < 3; ++i) {
        e.v[i] = v[i];
    }
    if (q.family == Family::RayTriangle) {
        const auto& ray = std::get<Ray<double>>(q.a);
        e.o = ray.origin;
        e.dh = ray.direction;
    } else {
        // end - start taken exactly as end and -start
        const auto& seg = std::get<Segment<double>>(q.a);
        e.o = seg.start;
        e.dh = seg.end;
        e.dl = -seg.start;
        e.segment = true;
    }
    return detail::TriangleFactsOf(e);
}

} // namespace

bool IsTriangleCast(Family family) { return family == Family::RayTriangle || family == Family::SegmentTriangle; }

bool TriangleFlawWordHolds(const FlawCondition& c, const FlawContext& x)
{
    const Query& q = x.query;
    if (c.word == FlawWord::TAtMost) { // any cast
        return IsCast(q.family) && x.reference.hit && x.reference.tEnter <= c.threshold;
    }
    if (!IsTriangleCast(q.family) && q.family != Family::RayMesh) {
        return false;
    }
    // a mesh: the facts of the triangle the reference hits (where a crack between it and its
    // neighbour lets another algorithm through); none when the reference misses
    Query single = q;
    if (q.family == Family::RayMesh) {
        const auto& mesh = std::get<Mesh<double>>(q.b);
        if (!x.reference.hit || !x.reference.hasTriangle || x.reference.triangle >= mesh.TriangleCount()) {
            return false;
        }
        single = Query{Family::RayTriangle, q.a, mesh.TriangleAt(x.reference.triangle)};
    }
    const detail::TriangleFacts t = FactsOf(single);
    switch (c.word) {
    case FlawWord::BackFacing:
        return t.backFacing;
    case FlawWord::EdgeOrVertex:
        return t.edgeOrVertex;
    case FlawWord::InPlane:
        return t.inPlane;
    case FlawWord::DegenerateTriangle:
        return t.degenerate;
    case FlawWord::DeterminantBelow:
        return t.determinant < c.threshold;
    case FlawWord::AreaBelow:
        return t.area < c.threshold;
    case FlawWord::AreaAbove:
        return t.area > c.threshold;
    case FlawWord::OriginInside:
    case FlawWord::Boundary:
    case FlawWord::Behind:
    case FlawWord::DirectionNotUnit:
    case FlawWord::ParallelComponent:
    case FlawWord::NegativeZero:
    case FlawWord::InFacePlane:
    case FlawWord::EdgeOrCorner:
    case FlawWord::Epsilon:
    case FlawWord::ExtentBelow:
    case FlawWord::DistanceAbove:
    case FlawWord::DistanceBelow:
    case FlawWord::CornerRegion:
    case FlawWord::NoVertexInside:
    case FlawWord::NoFaceAxis:
    case FlawWord::NearBoundary:
    case FlawWord::TAtMost:
    case FlawWord::Coplanar:
    case FlawWord::GjkTolerance:
    case FlawWord::EpaTolerance:
    case FlawWord::DegenerateSimplex:
    case FlawWord::IterationCap:
    case FlawWord::MprPortal:
    case FlawWord::MprEpsilon:
        return false;
    }
    return false;
}

} // namespace hitlab
