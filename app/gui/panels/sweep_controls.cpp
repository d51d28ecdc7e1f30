// The Query inspector's t sweep: its button, its t, and its advance frame by frame.
#include "number_line_draw.h"

#include "app/gui/model/panel_state.h"
#include "app/gui/model/sweep.h"

#include "core/text.h"

#include <imgui.h>

#include <string>

namespace hitlab {

void SweepControls(PanelState& state, const NumberLineLayout& layout)
{
    const SweepRange range = SweepRangeOf(layout);
    if (ImGui::Button(state.sweep ? "stop" : "sweep t")) {
        state.sweep = state.sweep ? std::nullopt : std::optional<double>(range.start);
        state.step = -1; // the whole trace: every slab's band, lit as t passes
        state.playing = false;
    } else if (state.sweep) {
        state.sweep = AdvanceSweep(*state.sweep, range, double(ImGui::GetIO().DeltaTime));
    }
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("t moves along the ray from %s to %s; each slab's band lights up while t is inside it",
                          ShortNumber(range.start).c_str(), ShortNumber(range.end).c_str());
    }
    if (!state.sweep) {
        return;
    }
    std::string inside; // the rows whose interval holds t
    for (const NumberLineRow& row : layout.rows) {
        const bool holds = row.parallel ? row.originInside
                                        : std::min(row.tNear, row.tFar) <= *state.sweep &&
                                              *state.sweep <= std::max(row.tNear, row.tFar);
        if (holds && inside.find(row.label) == std::string::npos) {
            inside += (inside.empty() ? "" : ", ") + row.label;
        }
    }
    ImGui::SameLine();
    ImGui::Text("t = %s: inside %s", ShortNumber(*state.sweep, 4).c_str(), inside.empty() ? "no slab" : inside.c_str());
}

} // namespace hitlab
