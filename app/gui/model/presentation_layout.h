// Presentation mode's layout and keys, GL-free: the lesson's heading (its place in the course,
// title and question) in a full-width strip at the top, the viewport, then the t number line and
// the verdict sentence in full-width strips below it, sized by the window and the font, and the
// presenter's keys (arrows, PageUp / PageDown, Space) turned into trace steps; the heading's and
// the verdict's texts, and the text size for the window's height. Tested without a window
// (tests/app/gui/model/presentation_layout_test.cpp).
#pragma once

#include "panel_table.h"

#include <optional>
#include <string>
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
/// without slabs), the step's caption line and the verdict sentence (one line per algorithm with
/// --compare); the heading ("" for none: no top strip); with --compare, the compared algorithm's
/// number line's rows (0: none) and its caption, under the drawn one's.
struct PresentationContent {
    int numberLineRows = 0;
    std::string_view caption;
    std::string_view verdict;
    std::string_view heading;
    int comparedRows = 0;
    std::string_view comparedCaption;
};

/// The four rectangles, in screen pixels; they never overlap and lie inside the display. `title`
/// is the heading's strip at the top (height 0 without a heading).
struct PresentationLayout {
    PanelRect title, viewport, numberLine, verdict;
    int headingLines = 0, captionLines = 1, verdictLines = 1, comparedCaptionLines = 0; ///< wrapped to the width
    bool fits = true; ///< both strips at their full height and the viewport at least a third of the height
};

/// Lines of `text` wrapped at word boundaries to `width` pixels of `charWidth` glyphs (a word
/// longer than a line takes lines of its own); at least 1.
int WrappedLines(std::string_view text, float width, float charWidth);

/// The heading's strip at the top, the strips at the bottom (the verdict last), the viewport
/// between. When the display is too small the strips shrink first, together, to two thirds of it
/// (their contents then scroll), and `fits` is false.
PresentationLayout LayOutPresentation(const PresentationMetrics& metrics, const PresentationContent& content);

/// The strips' contents, kept from one frame to choose the next frames' text size: the largest
/// size from `wanted` down to `least` pixels at which they fit (LayOutPresentation's `fits`), so
/// that nothing on the projected screen scrolls out of sight when a smaller text avoids it
/// (--compare, a long question). The caller gives the trace's longest step caption, so that the
/// size does not change while stepping. The glyph width is estimated in proportion to the size,
/// half a pixel wider (ImGui snaps advances to whole pixels), the padding kept. The size is chosen
/// once per content, display and wanted size (never again from the metrics of the size it chose:
/// the text does not flicker between two sizes).
class PresentationFit {
public:
    /// This frame's metrics (at the text size now) and contents; a change forgets the size chosen.
    void Update(const PresentationMetrics& metrics, const PresentationContent& content);
    /// The text size for the next frame; `wanted` while nothing is known.
    float Fit(float wanted, float least);

private:
    PresentationMetrics m_metrics;
    int m_rows = 0, m_comparedRows = 0;
    std::string m_caption, m_verdict, m_heading, m_comparedCaption;
    bool m_known = false;
    float m_wanted = 0, m_least = 0, m_chosen = 0; ///< the size chosen for wanted and least (0: none)
};

/// The presenter's keys.
enum class PresenterKey { Next, Previous };

/// The step after `key` on a trace of `count` steps from `step` (-1: the whole trace): Next goes
/// to the first step from the whole trace and stops at the last; Previous goes from the whole
/// trace to the last step and stops at the first (the Query inspector's < and > buttons).
int StepAfter(PresenterKey key, int step, int count);

/// The lesson's heading for the projected screen: "Lesson 5 of 33: TITLE" (just the title when the
/// scene is not a lesson of the course: `index` -1; nothing without a title), then the question on
/// a line of its own, as plain text (Markdown's `code` and **emphasis** marks dropped).
std::string PresentationHeading(int index, int lessons, std::string_view title, std::string_view question);

/// Markdown's inline marks (backticks, `*` and `_` pairs used for emphasis) dropped: "`b` is
/// **inside**" -> "b is inside". Other text is kept as it is (a lone `*` in "2 * 3" too).
std::string PlainText(std::string_view markdown);

/// An algorithm's verdict as presentation mode shows it, against the exact judge (GMP): the
/// sentence, then "(exact: hit)" or, when the algorithm's hit differs from the exact one,
/// "(WRONG: exact: miss)" (its spaces no-break ones: one word when wrapped), and whether it is
/// right (its colour: palette::kRightAnswer only then).
/// `exactHit` nullopt: not judged (shapes the judge cannot take), the sentence alone, `judged`
/// false: drawn in the caption's neutral colour, never in a right answer's.
/// `name` non-empty (--compare: two algorithms) prefixes "NAME: ".
struct JudgedVerdict {
    std::string text;
    bool right = true;
    bool judged = false; ///< the exact judge decided `right` (else the colour is neutral)
};
JudgedVerdict JudgeVerdict(std::string_view name, std::string_view verdict, bool hit, std::optional<bool> exactHit);

/// The text size in pixels in presentation mode for a window `height` pixels tall: a 24-point
/// slide's text, 1/27 of the height rounded (40 px at 1080 lines), or `scaled` when that is larger:
/// the size the View > Font size gives everywhere else (13 px times the font scale).
float PresentationFontPixels(float height, float scaled);

} // namespace hitlab
