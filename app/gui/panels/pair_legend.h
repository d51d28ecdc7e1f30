// The Query inspector's pair legend (ImGui): a and b in the viewport's role colours, and the
// overlap normal's convention in words under the verdict.
#pragma once

#include "app/gui/model/query_model.h"

#include "render/trace_draw.h"

#include <string>

namespace hitlab {

/// "a: NAME  b: NAME" in the pair's role colours (RoleColors) for an overlap pair, else `label`.
void DrawPairLegend(const PairLegend& legend, const std::string& label, const PairColors& colors);
/// The overlap families' normal convention (kNormalConvention), greyed, unless the verdict says it
/// with its own values already; nothing for a cast or a point (no normal).
void DrawNormalConvention(Family family, const std::string& verdict);

} // namespace hitlab
