// The situation of a capture line's query, in a few words, from core's predicates.
#include "capture_judge.h"

#include "core/near_boundary.h"
#include "core/shapes.h"

#include <optional>

namespace hitlab {

namespace {

bool Holds(FlawWord word, const FlawContext& context, double threshold = 0)
{
    return FlawConditionHolds(FlawCondition{word, threshold, -1}, context);
}

/// The origin (or start) of a cast against an aabb: how many of its coordinates lie on a face
/// plane of the box, when it lies in the closed box; 0 otherwise.
int OriginBoundaryAxes(const Query& q)
{
    const auto* box = std::get_if<Aabb<double>>(&q.b);
    if (box == nullptr) {
        return 0;
    }
    const std::optional<CastLine> line = CastLineOf(q.a); // a ray's origin, a segment's start
    if (!line) {
        return 0;
    }
    const glm::dvec3 origin = line->origin;
    int on = 0;
    for (int i = 0; i < 3; ++i) {
        if (origin[i] < box->min[i] || origin[i] > box->max[i]) {
            return 0;
        }
        on += origin[i] == box->min[i] || origin[i] == box->max[i] ? 1 : 0;
    }
    return on;
}

/// The cast words, in order; "" when none holds.
std::string CastLabel(const FlawContext& context)
{
    const Query& q = context.query;
    if (q.family != Family::RayPlane && InFacePlane(q)) {
        return "ray in a face plane";
    }
    static const char* const kOrigin[] = {"", "origin on a face", "origin on an edge", "origin on a corner"};
    if (const int on = OriginBoundaryAxes(q); on > 0) {
        return kOrigin[on];
    }
    if (Holds(FlawWord::OriginInside, context)) {
        return "origin inside";
    }
    if (Holds(FlawWord::NegativeZero, context)) {
        return "-0 direction component";
    }
    if (Holds(FlawWord::ParallelComponent, context)) {
        return "zero direction component";
    }
    if (Holds(FlawWord::EdgeOrCorner, context)) {
        return "entering through an edge or corner";
    }
    if (Holds(FlawWord::Boundary, context)) {
        return "grazing";
    }
    if (Holds(FlawWord::Behind, context)) {
        return "behind the origin";
    }
    return "";
}

/// The triangle words of a triangle cast; "" when none holds.
std::string TriangleLabel(const FlawContext& context)
{
    if (Holds(FlawWord::DegenerateTriangle, context)) {
        return "degenerate triangle";
    }
    if (Holds(FlawWord::InPlane, context)) {
        return "ray in the triangle's plane";
    }
    if (Holds(FlawWord::EdgeOrVertex, context)) {
        return "on a triangle's edge or vertex";
    }
    const double scale = QueryLargestNumber(context.query);
    if (Holds(FlawWord::AreaBelow, context, 1e-6 * scale * scale)) {
        return "tiny or sliver triangle";
    }
    return "";
}

} // namespace

std::string SituationLabel(const FlawContext& context)
{
    const Query& q = context.query;
    if (IsTriangleCast(q.family)) {
        if (std::string label = TriangleLabel(context); !label.empty()) {
            return label;
        }
    }
    if (IsCast(q.family)) {
        if (std::string label = CastLabel(context); !label.empty()) {
            return label;
        }
    } else if (Holds(FlawWord::Boundary, context)) {
        return "touching";
    }
    if (QueryLargestNumber(q) >= (context.precision == Precision::Float ? 1e4 : 1e9)) {
        return "far from the origin";
    }
    if (q.family == Family::RayPlane && Holds(FlawWord::BackFacing, context)) {
        return "back facing";
    }
    if (q.family == Family::SphereAabb && Holds(FlawWord::CornerRegion, context)) {
        return "corner or edge region";
    }
    return "general position";
}

} // namespace hitlab
