// Presentation mode's layout: strips sized by their text, wrapped to the window's width.
#include "presentation_layout.h"

#include <algorithm>
#include <cctype>
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

namespace {

/// A number line's height (number_line_draw.h): 1.5 lines a row and one for the running interval
/// (counted in `rows`), then the t axis and the allowed range's line, 8 px, and the item spacing.
float NumberLineHeight(const PresentationMetrics& m, int rows)
{
    return rows > 0 ? float(rows) * m.fontSize * 1.5f + 2.0f * m.fontSize + 8.0f + m.spacingY : 0.0f;
}

} // namespace

PresentationLayout LayOutPresentation(const PresentationMetrics& m, const PresentationContent& content)
{
    PresentationLayout out;
    const LayoutFrame& f = m.frame;
    const float top = f.y + f.menu, height = std::max(0.0f, f.h - f.menu);
    const float textWidth = std::max(1.0f, f.w - 2.0f * m.padX);
    // wrapped one glyph short of the width: ImGui's wrap counts the space before the next word
    auto lines = [&](std::string_view text) { return WrappedLines(text, textWidth - m.charWidth, m.charWidth); };
    out.captionLines = lines(content.caption);
    out.verdictLines = lines(content.verdict);
    out.headingLines = content.heading.empty() ? 0 : lines(content.heading);
    // the number line as the Query inspector draws it, under the step's caption; the compared
    // one under a separator and its own caption
    float numberLine =
        2.0f * m.padY + float(out.captionLines) * m.fontSize + m.spacingY + NumberLineHeight(m, content.numberLineRows);
    if (content.comparedRows > 0) {
        out.comparedCaptionLines = lines(content.comparedCaption);
        numberLine += 2.0f * m.spacingY + 1.0f + float(out.comparedCaptionLines) * m.fontSize + m.spacingY +
                      NumberLineHeight(m, content.comparedRows);
    }
    float verdict = 2.0f * m.padY + float(out.verdictLines) * m.fontSize + m.spacingY;
    float title = out.headingLines > 0 ? 2.0f * m.padY + float(out.headingLines) * m.fontSize + m.spacingY : 0.0f;
    // the strips take at most two thirds of the height (the viewport keeps a third)
    const float most = std::floor(height * 2.0f / 3.0f);
    numberLine = std::ceil(numberLine);
    verdict = std::ceil(verdict);
    title = std::ceil(title);
    if (numberLine + verdict + title > most) {
        out.fits = false;
        const float share = most / (numberLine + verdict + title);
        title = std::floor(title * share);
        numberLine = std::floor(numberLine * share);
        verdict = std::floor(most - numberLine - title);
    }
    out.title = {f.x, top, f.w, title};
    out.verdict = {f.x, top + height - verdict, f.w, verdict};
    out.numberLine = {f.x, out.verdict.y - numberLine, f.w, numberLine};
    out.viewport = {f.x, top + title, f.w, out.numberLine.y - top - title};
    return out;
}

void PresentationFit::Update(const PresentationMetrics& metrics, const PresentationContent& content)
{
    const LayoutFrame& f = metrics.frame;
    const LayoutFrame& g = m_metrics.frame;
    const bool same = m_known && f.x == g.x && f.y == g.y && f.w == g.w && f.h == g.h && f.menu == g.menu &&
                      m_rows == content.numberLineRows && m_comparedRows == content.comparedRows &&
                      m_caption == content.caption && m_verdict == content.verdict && m_heading == content.heading &&
                      m_comparedCaption == content.comparedCaption;
    if (same) {
        return;
    }
    m_metrics = metrics;
    m_rows = content.numberLineRows;
    m_comparedRows = content.comparedRows;
    m_caption = content.caption;
    m_verdict = content.verdict;
    m_heading = content.heading;
    m_comparedCaption = content.comparedCaption;
    m_known = metrics.fontSize > 0.0f;
    m_chosen = 0.0f;
}

float PresentationFit::Fit(float wanted, float least)
{
    if (!m_known) {
        return wanted;
    }
    if (m_chosen > 0.0f && wanted == m_wanted && least == m_least) {
        return m_chosen;
    }
    m_wanted = wanted;
    m_least = least;
    m_chosen = std::min(wanted, least);
    PresentationContent content;
    content.numberLineRows = m_rows;
    content.caption = m_caption;
    content.verdict = m_verdict;
    content.heading = m_heading;
    content.comparedRows = m_comparedRows;
    content.comparedCaption = m_comparedCaption;
    for (float px = std::floor(wanted); px >= least; px -= 1.0f) {
        PresentationMetrics m = m_metrics;
        m.fontSize = px;
        m.charWidth = m_metrics.charWidth * px / m_metrics.fontSize + 0.5f;
        if (LayOutPresentation(m, content).fits) {
            m_chosen = px;
            break;
        }
    }
    return m_chosen;
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

namespace hitlab {

std::string PresentationHeading(int index, int lessons, std::string_view title, std::string_view question)
{
    std::string out;
    if (!title.empty()) {
        out = index >= 0 ? "Lesson " + std::to_string(index + 1) + " of " + std::to_string(lessons) + ": " : "";
        out += PlainText(title);
    }
    if (!question.empty()) {
        out += (out.empty() ? "" : "\n") + PlainText(question);
    }
    return out;
}

std::string PlainText(std::string_view markdown)
{
    auto word = [&](size_t j) { return j < markdown.size() && std::isalnum(static_cast<unsigned char>(markdown[j])); };
    std::string out;
    for (size_t i = 0; i < markdown.size(); ++i) {
        const char c = markdown[i];
        if (c == '`') {
            continue; // a code span's marks: the code stays
        }
        if ((c == '*' || c == '_') && i + 1 < markdown.size() && markdown[i + 1] == c) {
            ++i; // **strong** or __strong__
            continue;
        }
        if ((c == '*' || c == '_') && (i > 0 && word(i - 1)) != word(i + 1)) {
            continue; // *emphasis* or _emphasis_: a word on one side only (not "2 * 3", not "t_near")
        }
        out += c;
    }
    return out;
}

JudgedVerdict JudgeVerdict(std::string_view name, std::string_view verdict, bool hit, std::optional<bool> exactHit)
{
    JudgedVerdict out;
    out.text = name.empty() ? std::string(verdict) : std::string(name) + ": " + std::string(verdict);
    if (exactHit) {
        out.judged = true;
        out.right = hit == *exactHit;
        // joined by no-break spaces (UTF-8 U+00A0): the mark is never wrapped apart
        const char* exact = *exactHit ? "exact:\u00a0hit" : "exact:\u00a0miss";
        out.text += out.right ? std::string("  (") + exact + ")" : std::string("  (WRONG:\u00a0") + exact + ")";
    }
    return out;
}

float PresentationFontPixels(float height, float scaled) { return std::max(scaled, std::round(height / 27.0f)); }

} // namespace hitlab
