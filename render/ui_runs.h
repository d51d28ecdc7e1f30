// The panels' draw commands cut into runs drawn in different states: untextured triangles (panel
// backgrounds, bars, frames, table rows, a line's anti-aliased fringe) need no font atlas, and those
// of full alpha no blending either; a software driver fills them several times cheaper without.
#pragma once

#include "ui_draw.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <vector>

namespace hitlab {

/// How a run is drawn, from the most general state to the cheapest. A run can always be drawn in a
/// more general state with the same pixels: the atlas's white texel is 1, and blending a colour of
/// full alpha gives the colour.
enum class UiFill : std::uint8_t {
    Textured, ///< the atlas sampled and blended, as ImGui's backend draws everything
    Solid,    ///< untextured (every vertex at the white texel), blended
    Opaque,   ///< untextured and of full alpha: neither atlas nor blending
};

/// A range of a command's indices drawn in one state.
struct UiRun {
    std::uint32_t firstIndex = 0, indexCount = 0;
    UiFill fill = UiFill::Textured;
};

/// The cheapest state that draws the triangle a, b, c as ImGui's backend does: Solid when every
/// vertex is at the atlas's white texel `whiteUv` (exactly: ImGui gives untextured shapes that
/// coordinate), Opaque when besides every vertex has alpha 255, else Textured.
UiFill FillOf(const UiVertex& a, const UiVertex& b, const UiVertex& c, glm::vec2 whiteUv);

/// Cuts `command` of `list` (whose texture is the font atlas) into runs of consecutive triangles,
/// in their order, each in the cheapest state that pays: a run of Opaque triangles covering less
/// than `minArea` square pixels (display units) together is drawn Solid, and a run of Solid ones
/// (after that) covering less than `minArea` is drawn Textured, joining its neighbours, so that a
/// state change is paid only where it saves fill. Indices out of range of the vertices make the
/// triangle Textured. Appends to `out`.
void SplitRuns(const UiList& list, const UiCommand& command, glm::vec2 whiteUv, float minArea, std::vector<UiRun>& out);

} // namespace hitlab
