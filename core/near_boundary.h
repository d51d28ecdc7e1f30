// Whether a query lies near the hit/miss boundary: a small move of its solid b flips the verdict.
// The comparison's rounding rule (core/compare.h) and the hunt's tolerance (core/exact/hunt.h)
// share it, each with its own verdict: the reference in double, or the exact judge.
#pragma once

#include "algorithm.h"

#include <functional>

namespace hitlab {

/// The largest |number| of the query's shapes (coordinates, extents, radii, plane distances), at
/// least 1.
double QueryLargestNumber(const Query& query);

/// Whether hit(moved) != hit(query) for b grown, shrunk (when it can be) or moved along each axis
/// by relative * QueryLargestNumber(query): a plane is moved along its normal, a box, a sphere or
/// an oriented box is grown, shrunk and moved. A move whose numbers overflow to infinity is skipped.
bool VerdictFlipsNear(const Query& query, double relative, const std::function<bool(const Query&)>& hit);

/// Whether every number of the query's shapes is exactly a value of the precision (always in
/// double; in float, when rounding to float changes none of them).
bool InputsExactIn(const Query& query, Precision precision);

} // namespace hitlab
