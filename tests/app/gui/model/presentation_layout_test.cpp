// Presentation mode's layout (app/gui/model/presentation_layout.h): the viewport, the number
// line strip and the verdict strip tile the display without overlapping, at a projector's sizes
// and font scales and in a small window; word wrapping; the presenter's steps. No window.
#include "app/gui/model/presentation_layout.h"

#include <gtest/gtest.h>

#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

// slab-2d-miss.json's verdict, and a longer sentence of the kind the slab traces give
constexpr const char* kMiss = "miss: the ray leaves the x slab at t = 0.75 before it enters the y slab at t = 1";
constexpr const char* kLong = "miss: the ray leaves the x slab at t = 0.833333 before it enters the z slab at "
                              "t = 1.25, so the running interval [1.25, 0.833333] is empty and no part of the "
                              "ray lies inside the box, which is behind the origin on y";

/// The default font (13 px, 7 px glyphs) at a font scale; the style's padding and spacing.
PresentationMetrics At(float w, float h, float scale)
{
    return {LayoutFrame{0, 0, w, h, 0}, 13.0f * scale, 7.0f * scale, 10.0f, 8.0f, 4.0f};
}

/// What is shown (PresentationContent, every field named).
PresentationContent Content(int rows, std::string_view caption, std::string_view verdict, std::string_view heading = {},
                            int comparedRows = 0, std::string_view comparedCaption = {})
{
    PresentationContent c;
    c.numberLineRows = rows;
    c.caption = caption;
    c.verdict = verdict;
    c.heading = heading;
    c.comparedRows = comparedRows;
    c.comparedCaption = comparedCaption;
    return c;
}

bool Overlap(const PanelRect& a, const PanelRect& b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

bool Inside(const PanelRect& r, float w, float h)
{
    return r.x >= 0 && r.y >= 0 && r.w > 0 && r.h > 0 && r.x + r.w <= w && r.y + r.h <= h;
}

void ExpectTiled(const PresentationLayout& l, float w, float h)
{
    EXPECT_TRUE(Inside(l.viewport, w, h));
    EXPECT_TRUE(Inside(l.numberLine, w, h));
    EXPECT_TRUE(Inside(l.verdict, w, h));
    EXPECT_FALSE(Overlap(l.viewport, l.numberLine));
    EXPECT_FALSE(Overlap(l.viewport, l.verdict));
    EXPECT_FALSE(Overlap(l.numberLine, l.verdict));
    EXPECT_EQ(l.viewport.h + l.numberLine.h + l.verdict.h, h); // nothing left over
}

TEST(PresentationLayout, ProjectorAt1280x720AndFontScale1_5)
{
    // 19.5 px lines, 10.5 px glyphs: 1260 px of text less one glyph = 119 glyphs a line
    const PresentationLayout l =
        LayOutPresentation(At(1280, 720, 1.5f), Content(3, "ray vs box (slab):  all 5 steps", kLong));
    ExpectTiled(l, 1280, 720);
    EXPECT_TRUE(l.fits);
    EXPECT_EQ(l.captionLines, 1);
    EXPECT_EQ(l.verdictLines, 2); // 214 characters
    // verdict: 2 * 8 + 2 * 19.5 + 4 = 59; number line: 16 + 19.5 + 4 + 3 * 29.25 + 39 + 8 + 4 = 178.25 -> 179
    EXPECT_EQ(l.verdict.y, 661.0f);
    EXPECT_EQ(l.verdict.h, 59.0f);
    EXPECT_EQ(l.numberLine.y, 482.0f);
    EXPECT_EQ(l.numberLine.h, 179.0f);
    EXPECT_EQ(l.viewport.h, 482.0f);
    // the slab-2d-miss sentence (80 characters) takes one line
    EXPECT_EQ(LayOutPresentation(At(1280, 720, 1.5f), Content(3, "", kMiss)).verdictLines, 1);
}

TEST(PresentationLayout, ProjectorAt1920x1080AndFontScale2)
{
    // 26 px lines, 14 px glyphs: 1900 - 14 = 1886 px = 134 glyphs a line
    const PresentationLayout l = LayOutPresentation(At(1920, 1080, 2.0f), Content(4, "box (slab_listing)", kLong));
    ExpectTiled(l, 1920, 1080);
    EXPECT_TRUE(l.fits);
    EXPECT_EQ(l.verdictLines, 2);
    // verdict: 16 + 52 + 4 = 72; number line: 16 + 26 + 4 + 4 * 39 + 52 + 8 + 4 = 266
    EXPECT_EQ(l.verdict.h, 72.0f);
    EXPECT_EQ(l.numberLine.h, 266.0f);
    EXPECT_EQ(l.viewport.h, 1080.0f - 72.0f - 266.0f);
}

TEST(PresentationLayout, SmallWindowWrapsAndStillFits)
{
    // 640 x 480 at scale 1: 620 px less 7 = 87 glyphs a line; the long sentence takes 3 lines
    const PresentationLayout l = LayOutPresentation(At(640, 480, 1.0f), Content(3, "ray vs box (slab)", kLong));
    ExpectTiled(l, 640, 480);
    EXPECT_TRUE(l.fits);
    EXPECT_EQ(l.verdictLines, 3);
    EXPECT_EQ(l.verdict.h, 16.0f + 3 * 13.0f + 4.0f);
    EXPECT_GE(l.viewport.h, 480.0f / 3.0f);
}

TEST(PresentationLayout, TooSmallWindowShrinksTheStripsAndSaysSo)
{
    // 320 x 200 at scale 2: the strips would need more than two thirds of the height
    const PresentationLayout l = LayOutPresentation(At(320, 200, 2.0f), Content(4, "ray vs box (slab)", kLong));
    ExpectTiled(l, 320, 200);
    EXPECT_FALSE(l.fits);
    EXPECT_EQ(l.numberLine.h + l.verdict.h, 133.0f); // floor(200 * 2 / 3)
    EXPECT_EQ(l.viewport.h, 67.0f);
}

TEST(PresentationLayout, BelowAMenuBarTheViewportStartsUnderIt)
{
    PresentationMetrics m = At(1280, 720, 1.0f);
    m.frame.menu = 19;
    const PresentationLayout l = LayOutPresentation(m, Content(0, "sphere", kMiss));
    EXPECT_EQ(l.viewport.y, 19.0f);
    EXPECT_EQ(l.viewport.h + l.numberLine.h + l.verdict.h, 720.0f - 19.0f);
    // no number line: the caption alone, 16 + 13 + 4
    EXPECT_EQ(l.numberLine.h, 33.0f);
}

TEST(PresentationLayout, WrappedLinesBreaksAtWords)
{
    EXPECT_EQ(WrappedLines("", 100, 10), 1);
    EXPECT_EQ(WrappedLines("aaaa bbbb", 90, 10), 1);            // 9 glyphs fit 9
    EXPECT_EQ(WrappedLines("aaaa bbbbb", 90, 10), 2);           // 10 do not
    EXPECT_EQ(WrappedLines("aaa bbb ccc", 70, 10), 2);          // "aaa bbb" / "ccc"
    EXPECT_EQ(WrappedLines("aaaaaaaaaaaaaaaaaaaa", 70, 10), 3); // 20 glyphs cut at 7
    EXPECT_EQ(WrappedLines("one\ntwo", 1000, 10), 2);
}

TEST(PresentationLayout, PresenterKeysStepLikeTheQueryInspector)
{
    EXPECT_EQ(StepAfter(PresenterKey::Next, -1, 5), 0); // from the whole trace to the first step
    EXPECT_EQ(StepAfter(PresenterKey::Next, 2, 5), 3);
    EXPECT_EQ(StepAfter(PresenterKey::Next, 4, 5), 4); // stops at the last
    EXPECT_EQ(StepAfter(PresenterKey::Previous, -1, 5), 4);
    EXPECT_EQ(StepAfter(PresenterKey::Previous, 3, 5), 2);
    EXPECT_EQ(StepAfter(PresenterKey::Previous, 0, 5), 0); // stops at the first
    EXPECT_EQ(StepAfter(PresenterKey::Next, -1, 0), -1);   // no trace
}

TEST(PresentationLayout, TheHeadingTakesAStripAtTheTopAboveTheViewport)
{
    // 1920 x 1080 at 40 px text (24 px glyphs): 1900 - 24 = 1876 px = 78 glyphs a line
    const PresentationMetrics m{LayoutFrame{0, 0, 1920, 1080, 0}, 40.0f, 24.0f, 10.0f, 8.0f, 4.0f};
    const std::string heading = PresentationHeading(1, 33, "The slab method in 2D: a miss",
                                                    "With the direction (2, 1) instead of (4, 1), over which t would "
                                                    "the ray cross the x slab, and would the two intervals overlap?");
    const PresentationLayout l = LayOutPresentation(m, Content(3, "ray vs box (slab)", kMiss, heading));
    EXPECT_TRUE(l.fits);
    // "Lesson 2 of 33: The slab method in 2D: a miss" (46), the question (111 glyphs: 2 lines)
    EXPECT_EQ(l.headingLines, 3);
    EXPECT_EQ(l.title.y, 0.0f);
    EXPECT_EQ(l.title.h, 16.0f + 3 * 40.0f + 4.0f);
    EXPECT_EQ(l.viewport.y, l.title.h);
    EXPECT_FALSE(Overlap(l.title, l.viewport));
    // 2 lines of the 80-glyph verdict: 16 + 80 + 4 = 100; number line: 16 + 40 + 4 + 3 * 60 + 80 + 8 + 4 = 332
    EXPECT_EQ(l.verdict.h, 100.0f);
    EXPECT_EQ(l.numberLine.h, 332.0f);
    EXPECT_EQ(l.title.h + l.viewport.h + l.numberLine.h + l.verdict.h, 1080.0f);
}

TEST(PresentationLayout, TheComparedNumberLineGoesUnderTheDrawnOne)
{
    const PresentationLayout one = LayOutPresentation(At(1280, 720, 1.0f), Content(3, "a", kMiss));
    const PresentationLayout two =
        LayOutPresentation(At(1280, 720, 1.0f), Content(3, "a", kMiss, "", 4, "slab_listing, all 5"));
    // a separator (2 * 4 + 1), the caption (13 + 4) and 4 rows of number line (4 * 19.5 + 26 + 8 + 4)
    EXPECT_EQ(two.numberLine.h - one.numberLine.h, 9.0f + 17.0f + 116.0f);
    EXPECT_EQ(two.comparedCaptionLines, 1);
    ExpectTiled(two, 1280, 720);
}

TEST(PresentationLayout, TooSmallWindowShrinksAllThreeStrips)
{
    const PresentationLayout l =
        LayOutPresentation(At(320, 200, 2.0f), Content(4, "ray vs box (slab)", kLong, "Lesson 1 of 2: a title"));
    EXPECT_FALSE(l.fits);
    EXPECT_EQ(l.title.h + l.numberLine.h + l.verdict.h, 133.0f); // floor(200 * 2 / 3)
    EXPECT_EQ(l.viewport.y, l.title.h);
    EXPECT_EQ(l.viewport.h, 67.0f);
}

TEST(PresentationHeading, LessonPlaceTitleAndQuestionAsPlainText)
{
    EXPECT_EQ(PresentationHeading(4, 28, "Touching boxes", "Which `convention` does **Bullet** use?"),
              "Lesson 5 of 28: Touching boxes\nWhich convention does Bullet use?");
    EXPECT_EQ(PresentationHeading(-1, 28, "My scene", ""), "My scene"); // not a lesson of the course
    EXPECT_EQ(PresentationHeading(-1, 0, "", "Why?"), "Why?");
    EXPECT_EQ(PresentationHeading(3, 28, "", ""), "");
}

TEST(PresentationHeading, PlainTextDropsOnlyMarkdownsMarks)
{
    EXPECT_EQ(PlainText("`b` lies *inside* a, __not__ on it"), "b lies inside a, not on it");
    EXPECT_EQ(PlainText("t_near * 2 * 3 and snake_case"), "t_near * 2 * 3 and snake_case");
    EXPECT_EQ(PlainText("|f|^2 = 10001^2"), "|f|^2 = 10001^2");
}

TEST(PresentationVerdict, AWrongAnswerIsMarkedAndNeverRight)
{
    const JudgedVerdict wrong = JudgeVerdict("", "hit: the ray enters at t = 1", true, false);
    EXPECT_FALSE(wrong.right);
    EXPECT_EQ(wrong.text, "hit: the ray enters at t = 1  (WRONG:\u00a0exact:\u00a0miss)");
    const JudgedVerdict wrongMiss = JudgeVerdict("slab_listing", "miss: rejected", false, true);
    EXPECT_FALSE(wrongMiss.right);
    EXPECT_EQ(wrongMiss.text, "slab_listing: miss: rejected  (WRONG:\u00a0exact:\u00a0hit)");
    const JudgedVerdict right = JudgeVerdict("", "miss: empty", false, false);
    EXPECT_TRUE(right.right);
    EXPECT_EQ(right.text, "miss: empty  (exact:\u00a0miss)");
    const JudgedVerdict unjudged = JudgeVerdict("", "hit", true, std::nullopt);
    EXPECT_TRUE(unjudged.right);
    EXPECT_EQ(unjudged.text, "hit");
    EXPECT_FALSE(unjudged.judged); // drawn neutral, not as a right answer
    EXPECT_TRUE(right.judged);
    EXPECT_TRUE(wrong.judged);
    // the mark is one word for the wrapping: 33 glyphs a line put it whole on the second line
    EXPECT_EQ(WrappedLines(right.text, 330, 10), 1);
    EXPECT_EQ(WrappedLines(wrong.text, 330, 10), 2);
}

TEST(PresentationFont, TwentyFourPointSlidesFromTheWindowsHeight)
{
    EXPECT_EQ(PresentationFontPixels(1080, 13.0f), 40.0f); // 1080 / 27
    EXPECT_EQ(PresentationFontPixels(720, 13.0f), 27.0f);  // 26.67 rounded
    EXPECT_EQ(PresentationFontPixels(720, 19.5f), 27.0f);  // font scale 1.5 is smaller
    EXPECT_EQ(PresentationFontPixels(1080, 52.0f), 52.0f); // font scale 4 wins when larger
    EXPECT_EQ(PresentationFontPixels(200, 13.0f), 13.0f);  // never under the font scale's size
}

TEST(PresentationFit, TheLargestSizeAtWhichTheStripsFitNotBelowTheLeast)
{
    // 1920 x 1080 at 40 px (21 px glyphs), --compare: two number lines of 4 rows, a two-line
    // heading and two verdict lines: 16 + 40 * 2 + 4 = 100 (title), 100 (verdicts), number lines
    // 16 + 40 + 4 + 340 + 9 + 44 + 340 = 793 -> 993 > 720
    const PresentationMetrics at40{LayoutFrame{0, 0, 1920, 1080, 0}, 40.0f, 21.0f, 10.0f, 8.0f, 4.0f};
    const PresentationContent content =
        Content(4, "ray pointing away vs box (slab):  all 5 steps", "slab: miss\nslab_listing: hit", "Lesson 7\nWhy?",
                4, "slab_listing, all 4 steps");
    EXPECT_FALSE(LayOutPresentation(at40, content).fits);
    PresentationFit fit;
    EXPECT_EQ(fit.Fit(40.0f, 13.0f), 40.0f); // nothing known yet: the size wanted
    fit.Update(at40, content);
    const float px = fit.Fit(40.0f, 13.0f);
    // at p px: heading and verdicts 2p + 20 each; number lines 16 + p + 4 + (8p + 12) + 9 + p + 4 +
    // (8p + 12) = 18p + 57; 22p + 97 <= floor(1080 * 2 / 3) = 720 up to p = 28 (713), not 29 (735)
    EXPECT_EQ(px, 28.0f);
    auto at = [&](float size) {
        PresentationMetrics m = at40;
        m.fontSize = size;
        m.charWidth = 21.0f * size / 40.0f + 0.5f;
        return m;
    };
    EXPECT_TRUE(LayOutPresentation(at(px), content).fits);
    EXPECT_FALSE(LayOutPresentation(at(px + 1.0f), content).fits);
    EXPECT_LT(px, 40.0f);
    EXPECT_GE(px, 13.0f);
    // the next frame's metrics are at the size chosen: the size stays (no flicker between two)
    fit.Update(at(px), content);
    EXPECT_EQ(fit.Fit(40.0f, 13.0f), px);
    // nothing fits even at the least size: the least
    fit.Update(At(320, 200, 1.0f), content);
    EXPECT_EQ(fit.Fit(40.0f, 13.0f), 13.0f);
    // strips that fit keep the size wanted
    fit.Update(at40, Content(3, "a", kMiss));
    EXPECT_EQ(fit.Fit(40.0f, 13.0f), 40.0f);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
