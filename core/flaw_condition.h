// Declared flaws' conditions: the documented vocabulary in which an algorithm (built-in, plugin or
// external program) says where its known flaw applies, checked on the query. A flaw explains a
// difference only where one of its conditions holds (docs/protocol.md, "Declared flaws"); a flaw
// given only as a sentence explains nothing.
#pragma once

#include "algorithm.h"
#include "compare.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hitlab {

/// One word of the vocabulary.
enum class FlawWord {
    OriginInside,       ///< "origin inside": the ray's origin (t = 0) is inside the closed solid
    Boundary,           ///< "boundary": the shapes share only boundary points (grazing, touching)
    Behind,             ///< "behind the origin": the solid lies only behind the ray's origin (t < 0)
    BackFacing,         ///< "back facing": ray_plane, the plane's normal does not face the ray (n . d >= 0)
    DirectionNotUnit,   ///< "direction not unit": | |direction| - 1 | > 1e-6
    ParallelComponent,  ///< "parallel component": a direction component along a box axis (or n . d) is +-0
    NegativeZero,       ///< "negative zero component": such a component is -0
    InFacePlane,        ///< "in face plane [x|y|z]": the ray is parallel to a face and its origin on that face's plane
    EdgeOrCorner,       ///< "edge or corner": the ray enters the box through an edge or a corner (two slabs at once)
    Epsilon,            ///< "epsilon N": a direction component along a box axis (ray_plane: n . d) within N of 0;
                        ///< triangle_triangle: a vertex's unnormalised distance to the other's plane (Moller's)
    ExtentBelow,        ///< "extent below N": a box side, an oriented box's side or a sphere's radius is below N
    DistanceAbove,      ///< "distance above N": point to centre (point_sphere) or centre to centre (sphere_sphere) > N
    DistanceBelow,      ///< "distance below N": the same distance is below N (and not 0)
    CornerRegion,       ///< "corner or edge region": sphere_aabb, the centre is outside the box on two or more axes
    NoVertexInside,     ///< "no vertex inside": obb_obb, no corner of either box lies inside the other
    NoFaceAxis,         ///< "no face axis separates": obb_obb, none of the six face axes separates the boxes
    NearBoundary,       ///< "near boundary N": the verdict flips when b moves by N times the query's largest number
    DegenerateTriangle, ///< "degenerate triangle": a triangle of the query has collinear or coincident vertices
    Coplanar,           ///< "coplanar": triangle_triangle, the six vertices lie in one plane (exactly)
    EdgeOrVertex,       ///< "edge or vertex": ray/segment_triangle, the line hits exactly on an edge or a vertex
    InPlane,            ///< "in plane": the ray lies in the plane of a non-degenerate triangle
    DeterminantBelow,   ///< "determinant below N": |n . d| < N, n = (v1 - v0) x (v2 - v0)
    AreaBelow,          ///< "area below N": the triangle's area is below N
    AreaAbove,          ///< "area above N": the triangle's area is above N
    TAtMost,            ///< "t at most N": the reference hits with t_enter <= N
    // GJK, EPA, MPR and the GJK ray cast (core/flaw_gjk.cpp): decided by re-running their steps
    // on the query in the comparison's precision
    GjkTolerance,      ///< "gjk tolerance": GJK called an overlap by its tolerance on ||v|| (not 0 exactly),
                       ///< or the GJK ray cast stopped by its tolerance
    EpaTolerance,      ///< "epa tolerance": EPA stopped a positive gap short of the boundary and the exact
                       ///< depth lies within that gap of EPA's
    DegenerateSimplex, ///< "degenerate simplex": GJK made no progress, or EPA's polytope was flat or degenerate
    IterationCap,      ///< "iteration cap": GJK, EPA, MPR or the GJK ray cast reached its iteration cap
    MprPortal,         ///< "mpr portal": MPR overlaps with a depth no less than the exact depth (less its
                       ///< tolerance): the portal it measures to is not the nearest face
    MprEpsilon,        ///< "mpr epsilon": a nonzero value within machine epsilon of 0 decided a step of MPR
};

/// One condition: a word, its number or axis, and the precisions it applies in; several joined by
/// " and " must all hold (FlawClause).
struct FlawCondition {
    FlawWord word = FlawWord::Boundary;
    double threshold = 0; ///< N of epsilon, extent below, distance above / below
    int axis = -1;        ///< in face plane: 0, 1, 2 for x, y, z (an oriented box's local axes); -1 any
};

/// Conditions joined by " and ", optionally restricted to one precision ("float: ...", "double: ...").
struct FlawClause {
    std::vector<FlawCondition> all;
    std::optional<Precision> only; ///< set when the clause applies in one precision only
};

/// Parses one clause ("in face plane x", "float: distance above 1.8e19", "parallel component and
/// origin inside"). On an unknown word or a bad number: nullopt and *error says what is wrong.
std::optional<FlawClause> ParseFlawClause(std::string_view text, std::string* error);

/// The vocabulary in one line, for error messages ("origin inside, boundary, ...").
std::string FlawVocabularyText();

/// The declared clauses as one text ("parallel component; behind the origin").
std::string FlawWhenText(std::span<const std::string_view> clauses);

/// Whether a component of the cast's direction along a box axis (an obb's local axes; ray_plane:
/// n . d) is +-0: the condition "parallel component", and the comparison's Situation::parallelAxis.
bool HasParallelComponent(const Query& query);
/// The direction of the query's ray or segment (end - start), 0 for other shapes.
glm::dvec3 CastDirection(const Query& query);

/// Whether the ray or segment is parallel to a face (on axis 0, 1, 2, or any when -1) and its
/// origin lies exactly on that face's plane: "in face plane", and a grazing ray for the comparison.
bool InFacePlane(const Query& query, int axis = -1);

/// What a condition is checked against: the query (doubles as given), the comparison's precision,
/// its situation and the reference's result.
struct FlawContext {
    const Query& query;
    Precision precision;
    const Situation& situation;
    const Result& reference;
};

/// The triangle words (edge or vertex, in plane, degenerate triangle, determinant below, area
/// below and above, and back facing: n . d >= 0) on a ray_triangle or segment_triangle query,
/// decided exactly on the query as given, and "t at most N" on any cast
/// (core/flaw_condition_triangle.cpp); false for the other words and families.
bool TriangleFlawWordHolds(const FlawCondition& condition, const FlawContext& context);

/// The GJK / EPA / MPR words on an overlap family of convex solids or a ray_aabb, ray_sphere,
/// ray_obb query, decided by re-running the method (core/flaw_gjk.cpp); false for other words
/// and families.
bool GjkFlawWordHolds(const FlawCondition& condition, const FlawContext& context);

/// Whether one condition holds on the query.
bool FlawConditionHolds(const FlawCondition& condition, const FlawContext& context);

/// Whether a clause holds on the query.
bool FlawClauseHolds(const FlawClause& clause, const FlawContext& context);

/// Whether the family is a cast against one triangle (ray_triangle, segment_triangle).
bool IsTriangleCast(Family family);

/// The first of the algorithm's declared conditions (AlgorithmInfo::flawWhen) that holds, or ""
/// when none does (or none is declared, or one does not parse: it explains nothing).
std::string_view HoldingFlawCondition(const AlgorithmInfo& info, const FlawContext& context);

} // namespace hitlab
