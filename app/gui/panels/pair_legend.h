// The Query inspector's pair legend (ImGui): a and b in the viewport's role colours, and the
// overlap normal's convention in words under the verdict.
#pragma once

#include "query_model.h"

#include <string>

namespace hitlab {

/// "a: NAME  b: NAME" in palette::kShapeA and kShapeB for an overlap pair, else `label`.
void DrawPairLegend(const PairLegend& legend, const std::string& label);
/// The overlap families' normal convention (kNormalConvention), greyed; nothing for a cast.
void DrawNormalConvention(Family family);

} // namespace hitlab
