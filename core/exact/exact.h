// The exact judge: the protocol's exact answer for any query, from the exact rational value of
// every input number (a double is a dyadic rational), in GMP rational arithmetic. The hit verdict
// is always exact; t and depth are exact rationals where they are rational and high-precision
// approximations (flagged) where they involve a square root. GMP stays behind this header.
#pragma once

#include "core/algorithm.h"
#include "core/compare.h"

#include <optional>
#include <string>

namespace hitlab {

/// A number the judge computed: the nearest double, whether that double came from an exact
/// rational (exact) or from a 256-bit approximation of an irrational value, and readable text
/// ("3/2" for an exact rational, decimal digits otherwise).
struct ExactValue {
    double value = 0;   ///< the double nearest the true value (ties to even)
    bool exact = false; ///< the true value is rational and `text` is it
    std::string text;   ///< "p/q" (or "p") when exact; else 21 significant digits
};

/// The exact verdict of a query (docs/protocol.md, "The exact answer").
struct ExactResult {
    Family family = Family::RayAabb;
    bool valid = true; ///< false only for an obb whose axes are coplanar (no solid): `note` says so
    std::string note;
    bool hit = false; ///< exact, always
    // ray casts, when hit: the smallest and largest allowed t inside the closed solid
    ExactValue tEnter, tExit;
    // overlaps, when hit: the protocol's penetration depth
    ExactValue depth;
    // overlaps: the Euclidean distance between the solids (0 on a hit), exact when rational
    ExactValue distance;
    bool hasDistance = false;
    bool exactDistance = false;
    bool exactT = false;     ///< tEnter and tExit are exact rationals
    bool exactDepth = false; ///< depth is an exact rational
    // triangle and mesh casts, when hit: the barycentrics of the point at tEnter (of the lowest-index
    // triangle hit there, for a mesh), the side the ray arrives on, and the triangle's index
    ExactValue u, v;
    bool hasUv = false;    ///< the triangle hit spans a plane (u and v are defined)
    bool hasFront = false; ///< false when the ray lies in the triangle's plane
    bool front = false;
    bool hasTriangle = false;
    std::uint32_t triangle = 0;
    /// triangle and mesh casts, when hit: no triangle is crossed through its relative interior,
    /// transversally, at a t strictly inside the allowed range (every hit is on an edge or a corner,
    /// in the plane of the ray, at the origin or at a segment's end): the answer is on the hit/miss
    /// boundary, and a small move of the inputs can make it a miss.
    bool boundaryHit = false;
};

/// The exact answer for query (shapes of the family's types, as checked by QueryShapesMatch).
/// The judged numbers are the query's doubles: a float run of the same query rounds its inputs
/// first, so differences from the float-rounded input count against the float algorithm.
/// - obb: taken as exactly the parallelepiped center + sum p_i axes[i], |p_i| <= half_extents[i],
///   with the axes as given, orthonormal or not (face planes from cross products of the axes).
/// - ray_sphere, sphere_sphere, sphere_aabb (centre outside) and obb_obb depths involve square
///   roots: exact when the radicand is a perfect square, else 256-bit approximations.
/// Cost: microseconds (GMP allocations); use FastVerdict first in loops.
ExactResult JudgeExact(const Query& query);

/// The judge's answer as the comparison takes it (Explain's exact values), with the boundary facts
/// of the rounding rule judged exactly: whether the exact answer is on the hit/miss boundary
/// (shapes that share only boundary points) and whether its verdict flips when b moves by
/// NearBoundaryRelative(precision) of the query's scale; nullopt when the judge cannot answer
/// (result.valid is false). result is JudgeExact(query).
std::optional<ExactValues> ComparisonValues(const ExactResult& result, const Query& query, Precision precision);

/// JudgeExact and ComparisonValues in one call.
std::optional<ExactValues> JudgeForComparison(const Query& query, Precision precision);

/// The exact hit verdict when double interval arithmetic (outward-rounded) decides it, nullopt
/// when the query is too close to the hit/miss boundary for intervals to tell (then JudgeExact
/// decides). Never wrong: every sign it uses is certain. About 100x faster than JudgeExact.
std::optional<bool> FastVerdict(const Query& query);

/// The exact hit verdict: FastVerdict when it decides, else JudgeExact.
bool ExactHit(const Query& query);

/// |computed - exact| in units in the last place of `precision` at `exact` (the spacing of floats
/// or doubles in the binade of exact; the subnormal spacing below the normal range). exact is the
/// double nearest the true value, so in double precision the answer is within 0.5 of the error
/// against the true value. inf when either is not finite (and they differ); 0 when both are equal.
double UlpError(double exact, double computed, Precision precision);

/// One line for people: "hit, t in [1, 2] (exact)", "miss", "hit, depth 0.5 (exact)",
/// "hit, t in [4.1339745962155614, 5.8660254037844384] (approx.)".
std::string DescribeExact(const ExactResult& result);

} // namespace hitlab
