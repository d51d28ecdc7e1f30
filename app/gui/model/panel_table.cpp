// The panels' table and the first-start layout (in pixels at 1280x720; imgui.ini remembers moves).
#include "panel_table.h"

#include <algorithm>
#include <cmath>

namespace hitlab {

namespace {

constexpr float kLeftWidth = 270.0f;
constexpr float kRightWidth = 380.0f;
constexpr float kBottomHeight = 240.0f;
constexpr float kFloatingW = 540.0f, kFloatingH = 460.0f, kFloatingShift = 30.0f;
constexpr float kCornerW = 340.0f, kCornerH = 330.0f, kCornerMargin = 10.0f;

// name, menu and its entry, place, stack, open by default, auto-resize, --open-panel flag
constexpr PanelSpec kPanels[] = {
    {PanelId::Scene, "Scene", PanelMenu::View, "Scene", PanelPlace::LeftTop, 0, true, false, ""},
    {PanelId::Inspector, "Inspector", PanelMenu::View, "Inspector", PanelPlace::LeftBottom, 0, true, false, ""},
    {PanelId::Algorithms, "Algorithms", PanelMenu::View, "Algorithms", PanelPlace::RightTop, 0, true, false, ""},
    {PanelId::Results, "Results", PanelMenu::View, "Results", PanelPlace::RightBottom, 0, true, false, ""},
    {PanelId::Query, "Query inspector", PanelMenu::View, "Query inspector", PanelPlace::Bottom, 0, true, false, ""},
    {PanelId::Hunt, "Hunt", PanelMenu::View, "Hunt", PanelPlace::Floating, 0, false, false, "hunt"},
    {PanelId::Timing, "Timing", PanelMenu::View, "Timing", PanelPlace::Floating, 1, false, false, "timing"},
    {PanelId::RayFan, "Ray fan", PanelMenu::View, "Ray fan", PanelPlace::AreaCorner, 0, false, false, ""},
    {PanelId::Minkowski, "Minkowski difference", PanelMenu::View, "Minkowski difference", PanelPlace::AreaCorner, 0,
     false, false, "minkowski"},
    {PanelId::Capture, "Capture", PanelMenu::View, "Capture", PanelPlace::FloatingWide, 2, false, false, "capture"},
    {PanelId::Lessons, "Lessons", PanelMenu::Help, "Lessons", PanelPlace::Centre, 0, false, true, "lessons"},
    {PanelId::Controls, "Controls", PanelMenu::Help, "Controls", PanelPlace::Centre, 0, false, true, ""},
    {PanelId::About, "About HitLab", PanelMenu::Help, "About", PanelPlace::Centre, 0, false, true, ""},
};

} // namespace

std::span<const PanelSpec> PanelTable() { return kPanels; }

const PanelSpec& SpecOf(PanelId id)
{
    return *std::find_if(std::begin(kPanels), std::end(kPanels), [id](const PanelSpec& s) { return s.id == id; });
}

const PanelSpec* SpecOfFlag(std::string_view flag)
{
    for (const PanelSpec& spec : kPanels) {
        if (!flag.empty() && spec.flag == flag) {
            return &spec;
        }
    }
    return nullptr;
}

bool IsDocked(PanelPlace place)
{
    return place == PanelPlace::LeftTop || place == PanelPlace::LeftBottom || place == PanelPlace::RightTop ||
           place == PanelPlace::RightBottom || place == PanelPlace::Bottom;
}

PanelRect DefaultRect(const PanelSpec& spec, const LayoutFrame& frame, const PanelRect& freeArea)
{
    // below the menu bar; the columns share the height above the bottom strip
    const float x0 = frame.x, y0 = frame.y + frame.menu, w = frame.w, h = frame.h - frame.menu;
    const float colH = h - kBottomHeight;
    const float sceneH = std::floor(colH * 0.56f), algH = std::floor(colH * 0.40f);
    switch (spec.place) {
    case PanelPlace::LeftTop:
        return {x0, y0, kLeftWidth, sceneH};
    case PanelPlace::LeftBottom:
        return {x0, y0 + sceneH, kLeftWidth, colH - sceneH};
    case PanelPlace::RightTop:
        return {x0 + w - kRightWidth, y0, kRightWidth, algH};
    case PanelPlace::RightBottom:
        return {x0 + w - kRightWidth, y0 + algH, kRightWidth, colH - algH};
    case PanelPlace::Bottom:
        return {x0, y0 + colH, w, kBottomHeight};
    case PanelPlace::Floating: {
        const float shift = kFloatingShift * float(spec.stack);
        return {frame.x + (frame.w - kFloatingW) * 0.5f + shift, frame.y + (frame.h - kFloatingH) * 0.5f + shift,
                kFloatingW, kFloatingH};
    }
    case PanelPlace::FloatingWide: {
        const float ww = std::max(kFloatingW, std::floor(frame.w * 0.8f));
        const float wh = std::max(kFloatingH, std::floor(frame.h * 0.6f));
        return {frame.x + std::floor((frame.w - ww) * 0.5f), frame.y + std::floor((frame.h - wh) * 0.5f), ww, wh};
    }
    case PanelPlace::AreaCorner:
        return {freeArea.x + freeArea.w - kCornerW - kCornerMargin, freeArea.y + kCornerMargin, kCornerW, kCornerH};
    case PanelPlace::Centre:
        break;
    }
    return {frame.x + frame.w * 0.5f, frame.y + frame.h * 0.5f, 0.0f, 0.0f};
}

PanelRect FreeAreaBeside(PanelRect free, const std::vector<PanelRect>& panels)
{
    for (const PanelRect& r : panels) {
        const float left = free.x, top = free.y, right = free.x + free.w, bottom = free.y + free.h;
        if (r.x >= right || r.x + r.w <= left || r.y >= bottom || r.y + r.h <= top) {
            continue; // no overlap
        }
        // the four ways to cut r off, and the area each keeps
        const float keepRight = (right - std::max(left, r.x + r.w)) * free.h; // free starts right of r
        const float keepLeft = (std::min(right, r.x) - left) * free.h;        // free ends left of r
        const float keepBelow = (bottom - std::max(top, r.y + r.h)) * free.w; // free starts below r
        const float keepAbove = (std::min(bottom, r.y) - top) * free.w;       // free ends above r
        const float best = std::max({keepRight, keepLeft, keepBelow, keepAbove});
        if (best == keepAbove) {
            free.h = std::max(1.0f, r.y - top);
        } else if (best == keepLeft) {
            free.w = std::max(1.0f, r.x - left);
        } else if (best == keepRight) {
            free.x = r.x + r.w;
            free.w = std::max(1.0f, right - free.x);
        } else {
            free.y = r.y + r.h;
            free.h = std::max(1.0f, bottom - free.y);
        }
    }
    return free;
}

bool WindowResized(const LayoutFrame& last, const LayoutFrame& now, int frame)
{
    return frame > 0 && (last.w != now.w || last.h != now.h);
}

PanelRect FreeArea(const LayoutFrame& frame, bool leftShown, bool rightShown, bool bottomShown)
{
    const float top = frame.y + frame.menu, right = frame.x + frame.w, bottom = frame.y + frame.h;
    const float left = leftShown ? frame.x + kLeftWidth : frame.x;
    const float freeRight = rightShown ? right - kRightWidth : right;
    const float freeBottom = bottomShown ? bottom - kBottomHeight : bottom;
    return {left, top, std::max(1.0f, freeRight - left), std::max(1.0f, freeBottom - top)};
}

} // namespace hitlab
