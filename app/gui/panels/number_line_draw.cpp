// The t number line drawn with ImGui: rows of slab bars, the running intersection and the t axis.
#include "number_line_draw.h"

#include "render/scene_draw.h"
#include "render/ui_palette.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace hitlab {

namespace {

ImU32 Color(const glm::vec4& c, float alpha = 1.0f)
{
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, c.w * alpha));
}

/// Where the number line stands on screen: the label column, the room for the numbers at the
/// interval ends, the line from x0 to x1 and one row a slab plus one for the running intersection.
struct LineArea {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    float line = ImGui::GetTextLineHeight();
    // the numbers by a bar keep a character and a half from it: a bar's end never reads as a minus
    float gap = ImGui::CalcTextSize("0").x * 1.5f;
    float rowH = line * 1.5f;
    ImVec2 origin = ImGui::GetCursorScreenPos();
    // room beside the line for the numbers at the ends of the intervals
    float numberW = ImGui::CalcTextSize("-0.833333").x + gap;
    float x0 = 0, x1 = 0, bottom = 0;

    float X(float f) const { return x0 + (x1 - x0) * f; }
};

LineArea MeasureArea(const NumberLineLayout& layout, float width)
{
    LineArea f;
    float labelW = ImGui::CalcTextSize("[t_enter, t_exit]  ").x;
    for (const NumberLineRow& row : layout.rows) {
        labelW = std::max(labelW, ImGui::CalcTextSize((row.label + "  ").c_str()).x);
    }
    f.x0 = f.origin.x + labelW + f.numberW;
    f.x1 = f.origin.x + std::max(labelW + 2.0f * f.numberW + 60.0f, width - f.numberW);
    const int rows = int(layout.rows.size()) + 1; // the slabs, then the running intersection
    f.bottom = f.origin.y + f.rowH * float(rows);
    return f;
}

/// One slab's row from top: its label, its interval as a bar (outlined when lit) and the t at its ends.
void DrawSlabRow(const LineArea& f, const NumberLineRow& row, float top, bool lit)
{
    const float y = top + f.rowH * 0.5f;
    const glm::vec4 color = palette::Slab(row.axis);
    if (lit) {
        f.draw->AddRectFilled(ImVec2(f.origin.x, top), ImVec2(f.x1 + f.numberW, top + f.rowH),
                              IM_COL32(255, 255, 255, 22));
    }
    f.draw->AddText(ImVec2(f.origin.x, y - f.line * 0.5f), Color(color), row.label.c_str());
    f.draw->AddLine(ImVec2(f.x0, y), ImVec2(f.x1, y), IM_COL32(255, 255, 255, 30));
    if (row.parallel && !row.originInside) {
        return; // no t is inside: nothing to draw
    }
    const float a = f.X(row.nearX), b = std::max(f.X(row.farX), f.X(row.nearX) + 2.0f);
    f.draw->AddRectFilled(ImVec2(a, y - f.line * 0.35f), ImVec2(b, y + f.line * 0.35f), Color(color, 0.85f), 2.0f);
    if (lit) {
        f.draw->AddRect(ImVec2(a - 2.0f, y - f.line * 0.35f - 2.0f), ImVec2(b + 2.0f, y + f.line * 0.35f + 2.0f),
                        IM_COL32(255, 255, 255, 230), 3.0f, 0, 2.0f);
    }
    if (!row.parallel) {
        const std::string nearText = ShortNumber(std::min(row.tNear, row.tFar)),
                          farText = ShortNumber(std::max(row.tNear, row.tFar));
        f.draw->AddText(ImVec2(a - ImGui::CalcTextSize(nearText.c_str()).x - f.gap, y - f.line * 0.5f), Color(color),
                        nearText.c_str());
        f.draw->AddText(ImVec2(b + f.gap, y - f.line * 0.5f), Color(color), farText.c_str());
    }
}

/// The running intersection after the last row shown, in the last row.
void DrawRunningInterval(const LineArea& f, const NumberLineLayout& layout)
{
    const float y = f.origin.y + f.rowH * float(layout.rows.size()) + f.rowH * 0.5f;
    f.draw->AddText(ImVec2(f.origin.x, y - f.line * 0.5f), IM_COL32(235, 235, 235, 255), "[t_enter, t_exit]");
    f.draw->AddLine(ImVec2(f.x0, y), ImVec2(f.x1, y), IM_COL32(255, 255, 255, 30));
    if (layout.rows.empty()) {
        return;
    }
    const NumberLineRow& cur = layout.rows.back();
    // the running interval's text is the trace's own (SlabIntervalText), never recomputed here
    if (cur.empty) {
        f.draw->AddText(ImVec2(f.X(std::min(cur.enterX, cur.exitX)), y - f.line * 0.5f), IM_COL32(255, 110, 100, 255),
                        cur.interval.c_str());
    } else {
        f.draw->AddRect(ImVec2(f.X(cur.enterX), y - f.line * 0.4f),
                        ImVec2(std::max(f.X(cur.exitX), f.X(cur.enterX) + 2.0f), y + f.line * 0.4f),
                        IM_COL32(255, 255, 255, 235), 2.0f, 0, 2.0f);
        f.draw->AddText(ImVec2(f.X(cur.exitX) + f.gap, y - f.line * 0.5f), IM_COL32(235, 235, 235, 255),
                        cur.interval.c_str());
    }
}

/// The t axis under the rows: ticks at 1, 2, 5 times a power of ten, their labels centred under
/// them and thinned so that none touches another (LayOutTicks), the allowed range as a band along
/// the axis and a note on it; every colour at least 4.5:1 on the panel (render/ui_palette.h).
void DrawTAxis(const LineArea& f, const NumberLineLayout& layout)
{
    const ImU32 grey = Color(palette::kAxisText);
    const float ty = f.bottom + 2.0f;
    f.draw->AddLine(ImVec2(f.x0, f.bottom), ImVec2(f.x1, f.bottom), grey);
    const float band = std::max(2.0f, std::round(f.line * 0.18f)); // the band: under the axis, above the numbers
    f.draw->AddRectFilled(ImVec2(f.X(layout.allowedLoX), f.bottom - band), ImVec2(f.X(layout.allowedHiX), f.bottom),
                          Color(palette::kAllowedRange));
    const std::vector<NumberLineTick> ticks = LayOutTicks(
        layout.tMin, layout.tMax, f.x1 - f.x0, [](const std::string& s) { return ImGui::CalcTextSize(s.c_str()).x; },
        ImGui::CalcTextSize("00").x);
    for (const NumberLineTick& tick : ticks) {
        const float x = f.X(tick.x);
        f.draw->AddLine(ImVec2(x, f.bottom - 3.0f), ImVec2(x, f.bottom + (tick.label.empty() ? 2.0f : 4.0f)), grey);
        if (!tick.label.empty()) {
            f.draw->AddText(ImVec2(f.x0 + tick.labelX, ty + 1.0f), grey, tick.label.c_str());
        }
    }
    f.draw->AddText(ImVec2(f.origin.x, ty + 1.0f), grey, "t");
    const std::string range = std::isinf(layout.allowedLo) ? "band on the axis: every t is allowed (its convention)"
                              : std::isinf(layout.allowedHi)
                                  ? "band on the axis: the allowed range t >= 0"
                                  : "band on the axis: the allowed range 0 <= t <= " + ShortNumber(layout.allowedHi);
    f.draw->AddText(ImVec2(f.origin.x, ty + f.line + 3.0f), grey, range.c_str());
}

} // namespace

int DrawNumberLine(const NumberLineLayout& layout, float width, int litAxis)
{
    const LineArea f = MeasureArea(layout, width);
    // the allowed range, shaded faintly behind every row (the band on the t axis shows it clearly)
    f.draw->AddRectFilled(ImVec2(f.X(layout.allowedLoX), f.origin.y), ImVec2(f.X(layout.allowedHiX), f.bottom),
                          Color(palette::kAllowedShade));
    const float zero = f.X(layout.X(0.0));
    f.draw->AddLine(ImVec2(zero, f.origin.y), ImVec2(zero, f.bottom), IM_COL32(255, 255, 255, 60));
    int hovered = -1;
    const bool windowHovered = ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
    for (size_t i = 0; i < layout.rows.size(); ++i) {
        const NumberLineRow& row = layout.rows[i];
        const float top = f.origin.y + f.rowH * float(i);
        if (windowHovered &&
            ImGui::IsMouseHoveringRect(ImVec2(f.origin.x, top), ImVec2(f.x1 + f.numberW, top + f.rowH))) {
            hovered = row.axis;
        }
        DrawSlabRow(f, row, top, row.axis == litAxis || row.axis == hovered);
    }
    DrawRunningInterval(f, layout);
    DrawTAxis(f, layout);
    ImGui::Dummy(ImVec2(width, f.bottom - f.origin.y + 2.0f * f.line + 8.0f));
    return hovered;
}

} // namespace hitlab
