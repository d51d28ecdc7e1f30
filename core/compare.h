// Comparison: runs several algorithms on one query, groups them by verdict, compares every
// algorithm's verdict and values (t_enter, t_exit, point, normal, depth) with the family's
// reference, and says for each difference whether its declared conventions explain it (origin
// inside, open boundary, unit direction, ...), a documented flaw of the published method does,
// rounding does, or nothing does.
#pragma once

#include "algorithm.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace hitlab {

/// Why an algorithm's verdict or values differ from the reference's.
enum class Explanation {
    None,        ///< agrees with the reference
    Convention,  ///< a declared convention predicts the difference (e.g. origin_inside: miss)
    KnownFlaw,   ///< the documented flaw of a published method (AlgorithmInfo::flaw)
    Rounding,    ///< rounding: near the hit/miss boundary, or values within kValueUlps of the exact ones
    Unexplained, ///< nothing declared explains it: a bug, or an undocumented flaw
};

/// Protocol-style name of an explanation ("convention", "known_flaw", ...).
const char* ExplanationName(Explanation explanation);

/// Facts about a query that conventions refer to, computed with the reference algorithm in the
/// comparison's precision (so that a float comparison judges the float-rounded inputs), and only
/// when some algorithm differs from the reference (all members keep their defaults otherwise).
struct Situation {
    bool originInside = false;  ///< ray casts: the origin (t = 0) is inside the closed solid
    bool boundaryOnly = false;  ///< the solids share only boundary points (grazing ray, touching solids)
    bool behind = false;        ///< ray casts: the solid lies only behind the origin (t < 0)
    bool parallelAxis = false;  ///< ray casts against boxes: a direction component is +-0
    bool unitDirection = true;  ///< ray casts: |direction| == 1 within 1e-6
    double directionLength = 1; ///< ray casts: |direction| (segments: |end - start|), in double
    bool backFacing = false;    ///< ray_plane: the plane's normal does not face the ray
    double margin = INFINITY; ///< hits: relative length of the hit (t_exit - t_enter) or the depth; 0 on the boundary;
                              ///< inf on a miss
};

/// One algorithm's outcome within a comparison.
struct AlgorithmOutcome {
    const AlgorithmInfo* info = nullptr;
    Result result;
    int group = 0; ///< index into Comparison::groups
    /// Field bits in which it differs from the reference: kFieldHit when the verdicts differ, else
    /// the values (kFieldTEnter, kFieldTExit, kFieldPoint, kFieldNormal, kFieldDepth) beyond the
    /// tolerance (see ValueDifferences); 0 when it agrees.
    std::uint32_t differs = 0;
    /// Explanation::None when it agrees, or when it differs only where the exact values show the
    /// reference off and this algorithm right (see Comparison::referenceNote).
    Explanation explanation = Explanation::None;
    std::string reason; ///< one sentence per cause, empty when explanation is None
};

/// Algorithms that gave the same verdict.
struct OutcomeGroup {
    bool hit = false;
    std::vector<int> members; ///< indices into Comparison::outcomes
};

struct Comparison {
    Situation situation;
    Result reference; ///< the reference algorithm's result (run even when not among the algorithms)
    std::vector<AlgorithmOutcome> outcomes;
    std::vector<OutcomeGroup> groups;
    /// Every algorithm run gave the same hit and, where both report them, the same values within
    /// the tolerance (compared with the reference when it ran, else with the first algorithm).
    bool agree = true;
    bool allExplained = true; ///< every explanation given is a Convention or KnownFlaw
    /// Non-empty when exact values were given and they show the reference off (its verdict, or a
    /// value beyond the tolerance) where some algorithm is right: that algorithm is not blamed.
    std::string referenceNote;
};

/// The value tolerance N: two values of a precision agree when
/// |a - b| <= N * eps * max(|a|, |b|, floor), eps the precision's unit roundoff at 1 (2^-23 for
/// float, 2^-52 for double), so N ulps of the larger magnitude (within a factor 2), and N ulps of
/// the floor near 0 (the floors: QueryValueScale).
inline constexpr double kValueUlps = 8;

/// The exact judge's values for a query (core/exact computes them; core does not depend on it).
/// Values are the doubles nearest the true ones; square roots are 256-bit approximations.
struct ExactValues {
    bool hit = false;
    double tEnter = 0, tExit = 0; ///< ray casts, when hit
    double depth = 0;             ///< overlaps, when hit
    bool hasUv = false;           ///< triangle and mesh casts, when the triangle hit spans a plane
    double u = 0, v = 0;          ///< its barycentric coordinates at t_enter
    bool hasDistance = false;     ///< overlaps of separated or touching solids
    double distance = 0;          ///< the Euclidean distance between them (0 when they touch)
    /// The facts the rounding rule reads (docs/protocol.md, "When rounding explains a
    /// difference"), judged exactly; when boundaryKnown is false, Explain estimates them with the
    /// reference in double.
    bool boundaryKnown = false;
    bool onBoundary = false;   ///< the exact answer's margin is 0: the shapes share only boundary points
    bool nearBoundary = false; ///< the exact verdict flips when b moves by kBoundaryUlps (NearBoundaryRelative)
};

/// How near the hit/miss boundary rounding can put a query: kBoundaryUlps units of the
/// precision's epsilon times the query's largest number (NearBoundaryRelative).
inline constexpr double kBoundaryUlps = 64;

/// kBoundaryUlps * eps(precision): the relative move of b within which a verdict is decided by
/// rounding (core/near_boundary.h).
inline double NearBoundaryRelative(Precision precision)
{
    return kBoundaryUlps * (precision == Precision::Float ? 0x1p-23 : 0x1p-52);
}

/// The absolute floors of the value tolerance: errors of computed values scale with the query's
/// coordinates, not with the value itself (a t or a depth near 0 from coordinates near 1e6).
struct ValueScale {
    double length = 1; ///< lengths, points, depths: the largest |coordinate| of the shapes (>= the smallest normal)
    double t = 1;      ///< t: length / |direction| (segments: / |end - start|)
    /// normals are unit vectors; one computed as (point - centre) / radius (ray_sphere) or along the
    /// centres' difference (sphere_sphere) carries the point's error divided by the radius or distance
    double normal = 1;
    /// barycentric u and v: their error is the point's over the triangle's size (>= 1)
    double barycentric = 1;
};

/// The floors of query's values (a handful of max operations).
ValueScale QueryValueScale(const Query& query);

/// |a - b| <= ulps * eps(precision) * max(|a|, |b|, floor). Equal values (and equal infinities)
/// agree; NaN agrees with nothing.
bool ValuesClose(double a, double b, double floor, Precision precision, double ulps = kValueUlps);

/// The value fields (kFieldTEnter, kFieldTExit, kFieldPoint, kFieldNormal for ray casts;
/// kFieldDepth, kFieldNormal for overlaps) in which two hits differ beyond ulps, compared only
/// where both algorithms return the field (returns masks); normals also differ when only one of
/// the two has one. Vectors are compared by component against their largest magnitude. 0 when
/// either misses. Contacts and separating axes are not compared (any point of the overlap, any
/// separating axis is right).
std::uint32_t DifferingValues(Family family, const ValueScale& scale, Precision precision, const Result& x,
                              std::uint32_t xReturns, const Result& y, std::uint32_t yReturns,
                              double ulps = kValueUlps);

/// DifferingValues, less an overlap normal that is as right as the other: b moved by the depth
/// along each of the two normals only touches a, per the reference (the depth is reached along
/// several axes, or both ways along one when the centres line up). What Explain and the hunt use.
std::uint32_t ValueDifferences(const Query& query, Precision precision, const ValueScale& scale, const Result& x,
                               std::uint32_t xReturns, const Result& y, std::uint32_t yReturns,
                               double ulps = kValueUlps);

/// Runs algorithms (all of the family's when empty) on query in precision and compares them.
/// Precondition: QueryShapesMatch(query), every algorithm of query.family.
Comparison Compare(const Query& query, std::span<const AlgorithmInfo* const> algorithms, Precision precision,
                   const ExactValues* exact = nullptr);

/// Compares results that were already computed (outcomes[i].info and .result set), e.g. by the
/// scene. exact (may be null): the exact judge's answer for the query; with it, rounding means
/// within kValueUlps of the exact value, and an algorithm that is right where the reference is
/// off is not blamed. Cost when every algorithm agrees: a few comparisons per algorithm (the
/// situation is computed only when something differs).
void Explain(const Query& query, Precision precision, Comparison& comparison, const ExactValues* exact = nullptr);

/// Explain's answer for the common case, without the query: when the reference algorithm is
/// among the outcomes and every outcome has its verdict and (on a hit) its values bit for bit,
/// fills comparison exactly as Explain would (one group, every outcome agreeing) and returns
/// true; otherwise leaves comparison as it is and returns false (call Explain).
bool ExplainIdentical(Comparison& comparison, const AlgorithmInfo& reference);

/// The protocol name of one Field bit ("t_enter"); "" for a value that is not one bit of Field.
const char* FieldName(std::uint32_t bit);

/// "t_enter, point": the protocol names of the fields in bits, comma-separated ("hit" for kFieldHit).
std::string FieldListText(std::uint32_t fields);

} // namespace hitlab
