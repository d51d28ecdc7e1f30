// Comparison: runs several algorithms on one query, groups them by outcome, and says for each
// algorithm that disagrees with the family's reference whether its declared conventions explain
// the difference (origin inside, open boundary, ...), a documented flaw of the published method
// does, rounding near a boundary does, or nothing does.
#pragma once

#include "algorithm.h"

#include <cmath>
#include <string>
#include <vector>

namespace hitlab {

/// Why an algorithm's verdict differs from the reference's.
enum class Explanation {
    None,        ///< agrees with the reference
    Convention,  ///< a declared convention predicts the difference (e.g. origin_inside: miss)
    KnownFlaw,   ///< the documented flaw of a published method (AlgorithmInfo::flaw)
    Rounding,    ///< the query lies within rounding of the hit/miss boundary
    Unexplained, ///< nothing declared explains it: a bug, or an undocumented flaw
};

/// Protocol-style name of an explanation ("convention", "known_flaw", ...).
const char* ExplanationName(Explanation explanation);

/// Facts about a query that conventions refer to, computed once with the reference algorithm
/// in the comparison's precision (so that a float comparison judges the float-rounded inputs).
struct Situation {
    bool originInside = false;   ///< ray casts: the origin (t = 0) is inside the closed solid
    bool boundaryOnly = false;   ///< the solids share only boundary points (grazing ray, touching solids)
    bool behind = false;         ///< ray casts: the solid lies only behind the origin (t < 0)
    bool parallelAxis = false;   ///< ray casts against boxes: a direction component is +-0
    bool unitDirection = true;   ///< ray casts: |direction| == 1 within 1e-6
    bool backFacing = false;     ///< ray_plane: the plane's normal does not face the ray
    double margin = INFINITY;    ///< hits: relative length of the hit (t_exit - t_enter) or the depth; 0 on the boundary; inf on a miss
};

/// One algorithm's outcome within a comparison.
struct AlgorithmOutcome {
    const AlgorithmInfo* info = nullptr;
    Result result;
    int group = 0;                 ///< index into Comparison::groups
    Explanation explanation = Explanation::None;
    std::string reason;            ///< one sentence, empty when it agrees with the reference
};

/// Algorithms that gave the same verdict.
struct OutcomeGroup {
    bool hit = false;
    std::vector<int> members;      ///< indices into Comparison::outcomes
};

struct Comparison {
    Situation situation;
    Result reference;              ///< the reference algorithm's result (run even when not among the algorithms)
    std::vector<AlgorithmOutcome> outcomes;
    std::vector<OutcomeGroup> groups;
    bool agree = true;             ///< every algorithm run gave the same hit
    bool allExplained = true;      ///< every disagreement with the reference is a Convention or KnownFlaw
};

/// Runs algorithms (all of the family's when empty) on query in precision and compares them.
/// Precondition: QueryShapesMatch(query), every algorithm of query.family.
Comparison Compare(const Query& query, std::span<const AlgorithmInfo* const> algorithms, Precision precision);

/// Compares results that were already computed (outcomes[i].info and .result set), e.g. by the scene.
void Explain(const Query& query, Precision precision, Comparison& comparison);

} // namespace hitlab
