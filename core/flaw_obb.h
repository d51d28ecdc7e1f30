// The obb_obb words of the declared flaws' vocabulary (core/flaw_condition.h).
#pragma once

#include "algorithm.h"

namespace hitlab::detail {

/// "no vertex inside": obb_obb, no corner of either box lies inside the other.
bool NoVertexInside(const Query& q);
/// "no face axis separates": obb_obb, none of the six face axes separates the boxes.
bool NoFaceAxisSeparates(const Query& q);

} // namespace hitlab::detail
