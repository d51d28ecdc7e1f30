// The panels' table: every window the panels show, with its menu entry, its place at first start
// and whether it opens by default, as Dear ImGui's demo and Box2D's samples list theirs. GL-free:
// places are plain rectangles, so tests check the layout without a window.
#pragma once

#include <span>
#include <string_view>
#include <vector>

namespace hitlab {

/// One per panel; the owner makes each panel's type from it (MakePanel in panels.cpp).
enum class PanelId {
    Scene,
    Inspector,
    Algorithms,
    Results,
    Query,
    Hunt,
    Timing,
    RayFan,
    Minkowski,
    Capture,
    Lessons,
    Controls,
    About
};

/// Where a panel opens the first time (docked ones and floating ones again after View > Reset layout).
enum class PanelPlace {
    LeftTop,      ///< the left column's top (Scene)
    LeftBottom,   ///< under it (Inspector)
    RightTop,     ///< the right column's top (Algorithms)
    RightBottom,  ///< under it (Results)
    Bottom,       ///< the full-width strip at the bottom (Query inspector)
    Floating,     ///< centred, 540 x 460, the n-th (PanelSpec::stack) shifted 30 px down and right
    FloatingWide, ///< centred, 80% of the display's width and 60% of its height, at least 540 x 460 (a table's columns)
    AreaCorner,   ///< the top right corner of the area the docked panels leave free, 340 x 330
    Centre,       ///< centred, sized by its content (the Help windows)
};

/// The menu that lists a panel.
enum class PanelMenu { View, Help };

struct PanelSpec {
    PanelId id;
    const char* name;      ///< the window's title: its imgui.ini entry and its key in --panel-report
    PanelMenu menu;        ///< the menu with its show / hide entry...
    const char* menuLabel; ///< ...and the entry's label
    PanelPlace place;
    int stack;             ///< floating panels: their order in the cascade
    bool openByDefault;    ///< shown at first start and after View > Reset layout (docked ones)
    bool autoResize;       ///< sized by its content (ImGuiWindowFlags_AlwaysAutoResize)
    std::string_view flag; ///< `--open-panel FLAG` shows it at start ("": not offered)
};

/// Every panel, in drawing order (also the order of the View and Help menus).
std::span<const PanelSpec> PanelTable();
/// The entry of `id`.
const PanelSpec& SpecOf(PanelId id);
/// The entry whose flag is `flag`, nullptr for none.
const PanelSpec* SpecOfFlag(std::string_view flag);
/// Whether a place is one of the five docked around the viewport.
bool IsDocked(PanelPlace place);

/// A rectangle in screen pixels (x, y: top left).
struct PanelRect {
    float x = 0, y = 0, w = 0, h = 0;
};

/// The display the panels are laid out in: the main viewport and the menu bar's height above them.
struct LayoutFrame {
    float x = 0, y = 0, w = 1280, h = 720;
    float menu = 19;
};

/// The rectangle of a docked or floating place; AreaCorner is placed in `freeArea`; Centre is the
/// display's centre with zero size (the window is centred on it and sized by its content).
PanelRect DefaultRect(const PanelSpec& spec, const LayoutFrame& frame, const PanelRect& freeArea);
/// The part of the display the docked panels leave free (the viewport's overlays and camera
/// framing use it): under the menu, right of the left column when one of its panels is shown,
/// left of the right column likewise, above the bottom strip when it is shown.
PanelRect FreeArea(const LayoutFrame& frame, bool leftShown, bool rightShown, bool bottomShown);
/// `free` less every panel rectangle that overlaps it, each cut off along the side that keeps the
/// most of the area: where the docked panels really are (a layout saved with a taller panel, or
/// a panel resized by hand), so that the viewport's hints and framing stay clear of them.
PanelRect FreeAreaBeside(PanelRect free, const std::vector<PanelRect>& panels);
/// Whether the layout must be placed again because the window changed size since the last frame
/// (the panels follow the window; the first frame has no last size).
bool WindowResized(const LayoutFrame& last, const LayoutFrame& now, int frame);

} // namespace hitlab
