// The t number line drawn with ImGui: rows of slab bars, the running intersection and the t axis.
#include "number_line_draw.h"

#include "render/scene_draw.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace hitlab {

namespace {

ImU32 Color(const glm::vec4& c, float alpha = 1.0f)
{
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, c.w * alpha));
}

} // namespace

int DrawNumberLine(const NumberLineLayout& layout, float width, int litAxis)
{
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float line = ImGui::GetTextLineHeight();
    // the numbers by a bar keep a character and a half from it: a bar's end never reads as a minus
    const float gap = ImGui::CalcTextSize("0").x * 1.5f;
    float labelW = ImGui::CalcTextSize("[t_enter, t_exit]  ").x;
    for (const NumberLineRow& row : layout.rows) {
        labelW = std::max(labelW, ImGui::CalcTextSize((row.label + "  ").c_str()).x);
    }
    const float rowH = line * 1.5f;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    // room beside the line for the numbers at the ends of the intervals
    const float numberW = ImGui::CalcTextSize("-0.833333").x + gap;
    const float x0 = origin.x + labelW + numberW,
                x1 = origin.x + std::max(labelW + 2.0f * numberW + 60.0f, width - numberW);
    const int rows = int(layout.rows.size()) + 1; // the slabs, then the running intersection
    const float bottom = origin.y + rowH * float(rows);
    auto X = [&](float f) { return x0 + (x1 - x0) * f; };
    // the allowed range, shaded behind every row
    draw->AddRectFilled(ImVec2(X(layout.allowedLoX), origin.y), ImVec2(X(layout.allowedHiX), bottom),
                        IM_COL32(255, 255, 255, 14));
    const float zero = X(layout.X(0.0));
    draw->AddLine(ImVec2(zero, origin.y), ImVec2(zero, bottom), IM_COL32(255, 255, 255, 60));
    int hovered = -1;
    const bool windowHovered = ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
    for (size_t i = 0; i < layout.rows.size(); ++i) {
        const NumberLineRow& row = layout.rows[i];
        const float top = origin.y + rowH * float(i);
        const float y = top + rowH * 0.5f;
        if (windowHovered && ImGui::IsMouseHoveringRect(ImVec2(origin.x, top), ImVec2(x1 + numberW, top + rowH))) {
            hovered = row.axis;
        }
        const bool lit = row.axis == litAxis || row.axis == hovered;
        const glm::vec4 color = palette::Slab(row.axis);
        if (lit) {
            draw->AddRectFilled(ImVec2(origin.x, top), ImVec2(x1 + numberW, top + rowH), IM_COL32(255, 255, 255, 22));
        }
        draw->AddText(ImVec2(origin.x, y - line * 0.5f), Color(color), row.label.c_str());
        draw->AddLine(ImVec2(x0, y), ImVec2(x1, y), IM_COL32(255, 255, 255, 30));
        if (row.parallel && !row.originInside) {
            continue; // no t is inside: nothing to draw
        }
        const float a = X(row.nearX), b = std::max(X(row.farX), X(row.nearX) + 2.0f);
        draw->AddRectFilled(ImVec2(a, y - line * 0.35f), ImVec2(b, y + line * 0.35f), Color(color, 0.85f), 2.0f);
        if (lit) {
            draw->AddRect(ImVec2(a - 2.0f, y - line * 0.35f - 2.0f), ImVec2(b + 2.0f, y + line * 0.35f + 2.0f),
                          IM_COL32(255, 255, 255, 230), 3.0f, 0, 2.0f);
        }
        if (!row.parallel) {
            const std::string nearText = ShortNumber(std::min(row.tNear, row.tFar)),
                              farText = ShortNumber(std::max(row.tNear, row.tFar));
            draw->AddText(ImVec2(a - ImGui::CalcTextSize(nearText.c_str()).x - gap, y - line * 0.5f), Color(color),
                          nearText.c_str());
            draw->AddText(ImVec2(b + gap, y - line * 0.5f), Color(color), farText.c_str());
        }
    }
    // the running intersection after the last row shown
    const float y = origin.y + rowH * float(rows - 1) + rowH * 0.5f;
    draw->AddText(ImVec2(origin.x, y - line * 0.5f), IM_COL32(235, 235, 235, 255), "[t_enter, t_exit]");
    draw->AddLine(ImVec2(x0, y), ImVec2(x1, y), IM_COL32(255, 255, 255, 30));
    if (!layout.rows.empty()) {
        const NumberLineRow& cur = layout.rows.back();
        // the running interval's text is the trace's own (SlabIntervalText), never recomputed here
        if (cur.empty) {
            draw->AddText(ImVec2(X(std::min(cur.enterX, cur.exitX)), y - line * 0.5f), IM_COL32(255, 110, 100, 255),
                          cur.interval.c_str());
        } else {
            draw->AddRect(ImVec2(X(cur.enterX), y - line * 0.4f),
                          ImVec2(std::max(X(cur.exitX), X(cur.enterX) + 2.0f), y + line * 0.4f),
                          IM_COL32(255, 255, 255, 235), 2.0f, 0, 2.0f);
            draw->AddText(ImVec2(X(cur.exitX) + gap, y - line * 0.5f), IM_COL32(235, 235, 235, 255),
                          cur.interval.c_str());
        }
    }
    // the t axis: ticks at 1, 2, 5 times a power of ten, their labels centred under them and
    // thinned so that none touches another (LayOutTicks)
    const ImU32 grey = IM_COL32(150, 150, 150, 255);
    const float ty = bottom + 2.0f;
    draw->AddLine(ImVec2(x0, bottom), ImVec2(x1, bottom), IM_COL32(150, 150, 150, 120));
    const std::vector<NumberLineTick> ticks = LayOutTicks(
        layout.tMin, layout.tMax, x1 - x0, [](const std::string& s) { return ImGui::CalcTextSize(s.c_str()).x; },
        ImGui::CalcTextSize("00").x);
    for (const NumberLineTick& tick : ticks) {
        const float x = X(tick.x);
        draw->AddLine(ImVec2(x, bottom - 3.0f), ImVec2(x, bottom + (tick.label.empty() ? 2.0f : 4.0f)), grey);
        if (!tick.label.empty()) {
            draw->AddText(ImVec2(x0 + tick.labelX, ty + 1.0f), grey, tick.label.c_str());
        }
    }
    draw->AddText(ImVec2(origin.x, ty + 1.0f), grey, "t");
    const std::string range = std::isinf(layout.allowedHi)
                                  ? "shaded: the allowed range t >= 0"
                                  : "shaded: the allowed range 0 <= t <= " + ShortNumber(layout.allowedHi);
    draw->AddText(ImVec2(origin.x, ty + line + 3.0f), grey, range.c_str());
    ImGui::Dummy(ImVec2(width, bottom - origin.y + 2.0f * line + 8.0f));
    return hovered;
}

} // namespace hitlab
