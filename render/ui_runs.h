// The panels' draw commands cut into runs drawn in different states: the large untextured
// triangles of full alpha (panel backgrounds, title and menu bars) need neither the font atlas
// nor blending, and a software driver fills them several times cheaper without either.
#pragma once

#include "ui_draw.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <vector>

namespace hitlab {

/// A range of a command's indices drawn in one state.
struct UiRun {
    std::uint32_t firstIndex = 0, indexCount = 0;
    bool opaque = false; ///< untextured and of full alpha: drawn without the atlas and without blending
};

/// Whether a triangle is a solid fill of full alpha: every vertex at the atlas's white texel
/// `whiteUv` (exactly: ImGui gives untextured shapes that coordinate) and of alpha 255.
bool IsOpaqueSolid(const UiVertex& a, const UiVertex& b, const UiVertex& c, glm::vec2 whiteUv);

/// Cuts `command` of `list` (whose texture is the font atlas) into runs of consecutive triangles,
/// in their order: opaque runs (IsOpaqueSolid triangles covering together at least `minArea`
/// square pixels in display units) and the rest. An opaque run smaller than `minArea` joins its
/// neighbours, so that a state change is paid only where it saves fill. Indices out of range of
/// the vertices make the triangle count as not opaque. Appends to `out`.
void SplitOpaqueRuns(const UiList& list, const UiCommand& command, glm::vec2 whiteUv, float minArea,
                     std::vector<UiRun>& out);

} // namespace hitlab
