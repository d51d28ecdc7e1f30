// Presentation mode's layout: strips sized by their text, wrapped to the window's width.
#include "presentation_layout.h"

#include <algorithm>
#include <cmath>

namespace hitlab {

int WrappedLines(std::string_view text, float width, float charWidth)
{
    const int perLine = std::max(1, int(std::floor(width / std::max(charWidth, 1e-3f))));
    int lines = 1, used = 0; // characters on the current line
    size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '\n') {
            ++lines;
            used = 0;
            ++i;
            continue;
        }
        if (text[i] == ' ') {
            ++i;
            continue;
        }
        size_t end = i;
        while (end < text.size() && text[end] != ' ' && text[end] != '\n') {
            ++end;
        }
        int word = int(end - i);
        const int needed = used == 0 ? word : used + 1 + word; // a space before every word but the first
        if (needed <= perLine) {
            used = needed;
        } else {
            if (used > 0) {
                ++lines; // the word starts a new line
            }
            while (word > perLine) { // a word longer than a line is cut
                word -= perLine;
                ++lines;
            }
            used = word;
        }
        i = end;
    }
    return lines;
}

PresentationLayout LayOutPresentation(const PresentationMetrics& m, const PresentationContent& content)
{
    PresentationLayout out;
    const LayoutFrame& f = m.frame;
    const float top = f.y + f.menu, height = std::max(0.0f, f.h - f.menu);
    const float textWidth = std::max(1.0f, f.w - 2.0f * m.padX);
    // wrapped one glyph short of the width: ImGui's wrap counts the space before the next word
    out.captionLines = WrappedLines(content.caption, textWidth - m.charWidth, m.charWidth);
    out.verdictLines = WrappedLines(content.verdict, textWidth - m.charWidth, m.charWidth);
    // the number line as the Query inspector draws it: 1.5 lines a row, then the t axis and the
    // allowed range's line, under the step's caption
    float numberLine = 2.0f * m.padY + float(out.captionLines) * m.fontSize + m.spacingY;
    if (content.numberLineRows > 0) {
        numberLine += float(content.numberLineRows) * m.fontSize * 1.5f + 2.0f * m.fontSize + 8.0f + m.spacingY;
    }
    float verdict = 2.0f * m.padY + float(out.verdictLines) * m.fontSize + m.spacingY;
    // the strips take at most two thirds of the height (the viewport keeps a third)
    const float most = std::floor(height * 2.0f / 3.0f);
    numberLine = std::ceil(numberLine);
    verdict = std::ceil(verdict);
    if (numberLine + verdict > most) {
        out.fits = false;
        const float share = most / (numberLine + verdict);
        numberLine = std::floor(numberLine * share);
        verdict = std::floor(most - numberLine);
    }
    out.verdict = {f.x, top + height - verdict, f.w, verdict};
    out.numberLine = {f.x, out.verdict.y - numberLine, f.w, numberLine};
    out.viewport = {f.x, top, f.w, out.numberLine.y - top};
    return out;
}

int StepAfter(PresenterKey key, int step, int count)
{
    if (count <= 0) {
        return -1;
    }
    if (key == PresenterKey::Next) {
        return std::min(count - 1, step + 1);
    }
    return step < 0 ? count - 1 : std::max(0, step - 1);
}

} // namespace hitlab
