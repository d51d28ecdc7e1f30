// The exact judge's answer as JSON (`"exact": {...}` in `hitlab eval` answers and
// `hitlab report --exact`): the verdict, t or depth with exactness and rational text, and per
// algorithm whether it agrees with the judge and its errors in ulps of its precision.
#pragma once

#include "core/exact/exact.h"

#include <nlohmann/json.hpp>

#include <utility>
#include <vector>

namespace hitlab {

/// {"hit", "t_enter", "t_exit", "t_exact", "t_enter_text", "t_exit_text"} for casts or {"hit",
/// "depth", "depth_exact", "depth_text"} for overlaps (values null on a miss), and "algorithms":
/// {name: {"agrees_with_exact", "ulp": {"t_enter", "t_exit"} or {"depth"}}} (an ulp is null when
/// either side misses or the algorithm does not compute that field).
nlohmann::ordered_json ExactToJson(const ExactResult& exact,
                                   const std::vector<std::pair<const AlgorithmInfo*, Result>>& results,
                                   Precision precision);

} // namespace hitlab
