// Presentation mode's layout and keys, GL-free: the viewport above, the t number line and the
// verdict sentence in full-width strips below it, sized by the window and the font scale, and
// the presenter's keys (arrows, PageUp / PageDown, Space) turned into trace steps. Tested
// without a window (tests/app/gui/model/presentation_layout_test.cpp).
#pragma once

#include "panel_table.h"

#include <string_view>

namespace hitlab {

/// What the layout is sized by: the display and the text's metrics in pixels (after the font scale).
struct PresentationMetrics {
    LayoutFrame frame;         ///< the display; `menu` is the height above the layout (0: no menu bar)
    float fontSize = 13;       ///< one text line (ImGui::GetFontSize)
    float charWidth = 7;       ///< one glyph's advance: the default font is monospaced
    float padX = 10, padY = 8; ///< a window's padding
    float spacingY = 4;        ///< between items
};

/// What is shown: the number line's rows (its slabs and the running interval; 0 for a trace
/// without slabs), the step's caption line and the verdict sentence.
struct PresentationContent {
    int numberLineRows = 0;
    std::string_view caption;
    std::string_view verdict;
};

/// The three rectangles, in screen pixels; they never overlap and lie inside the display.
struct PresentationLayout {
    PanelRect viewport, numberLine, verdict;
    int captionLines = 1, verdictLines = 1; ///< the texts wrapped to their strip's width
    bool fits = true; ///< both strips at their full height and the viewport at least a third of the height
};

/// Lines of `text` wrapped at word boundaries to `width` pixels of `charWidth` glyphs (a word
/// longer than a line takes lines of its own); at least 1.
int WrappedLines(std::string_view text, float width, float charWidth);

/// The strips at the bottom (the verdict last), the viewport above them. When the display is too
/// small the strips shrink first to two thirds of it (their contents then scroll), and `fits` is false.
PresentationLayout LayOutPresentation(const PresentationMetrics& metrics, const PresentationContent& content);

/// The presenter's keys.
enum class PresenterKey { Next, Previous };

/// The step after `key` on a trace of `count` steps from `step` (-1: the whole trace): Next goes
/// to the first step from the whole trace and stops at the last; Previous goes from the whole
/// trace to the last step and stops at the first (the Query inspector's < and > buttons).
int StepAfter(PresenterKey key, int step, int count);

} // namespace hitlab
