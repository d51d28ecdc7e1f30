// The deck's pages and the sweep's frames: captions, the shared camera, the figure and the number line.
#include "deck.h"

#include "app/gui/model/number_line.h"
#include "app/gui/model/sweep.h"

#include "render/scene_draw.h"
#include "render/slab_draw.h"

#include "core/scene_eval.h"
#include "core/text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

namespace hitlab {

namespace deck_detail {

constexpr glm::vec4 kBright{0.92f, 0.92f, 0.92f, 1.0f};
constexpr glm::vec4 kGrey{0.65f, 0.65f, 0.65f, 1.0f};
/// The number line's rows: a line and a half of the figure's text each.
constexpr double kRowHeight = kFigureFontSize * 1.5;

/// What every page of a deck shares: the focused pair's trace and its number line.
struct DeckBasis {
    Scene scene;
    SceneQuery query;
    Trace trace;
    const AlgorithmInfo* algorithm = nullptr; ///< the drawn algorithm of the family (its allowed range)
    std::string name;                         ///< the drawn algorithm's name (an external one's when it is drawn)
    bool slab = false;                        ///< the trace is a slab method's: the pages get its number line
    size_t width = 80;                        ///< the caption's characters a line
};

std::string Numbered(const char* stem, size_t i)
{
    char text[32];
    std::snprintf(text, sizeof text, "%s-%02zu", stem, i);
    return text;
}

/// The footer's height for a number line of `rows` slab rows: the rows, the running interval, the
/// t axis and its note.
double NumberLineHeight(size_t rows) { return double(rows + 1) * kRowHeight + 2.0 * kFigureFontSize + 24.0; }

/// The label column's characters: the longest row label of the whole trace's number line, so that
/// the line stands still from page to page.
size_t LabelChars(const NumberLineLayout& whole)
{
    size_t chars = 19; // "[t_enter, t_exit]  "
    for (const NumberLineRow& row : whole.rows) {
        chars = std::max(chars, row.label.size() + 2);
    }
    return chars;
}

/// The number line laid out as the Query inspector's (model/number_line.h), drawn on the page in
/// its footer from `top`; `sweep`: the t of a sweep frame (a cursor there, the rows holding it lit).
void DrawPageNumberLine(FigureSink& out, const NumberLineLayout& layout, size_t labelChars, double top, double width,
                        std::optional<double> sweep)
{
    const double cw = kFigureCharWidth, left = 20.0;
    const double numberW = 10.0 * cw, x0 = left + double(labelChars) * cw + numberW, x1 = width - left - numberW;
    auto X = [&](float f) { return x0 + (x1 - x0) * double(f); };
    const double bottom = top + kRowHeight * double(layout.rows.size() + 1);
    out.PageRect({X(layout.allowedLoX), top}, {X(layout.allowedHiX), bottom}, glm::vec4(1.0f, 1.0f, 1.0f, 0.06f));
    for (size_t i = 0; i < layout.rows.size(); ++i) {
        const NumberLineRow& row = layout.rows[i];
        const double y = top + kRowHeight * (double(i) + 0.5);
        const glm::vec4 color = palette::Slab(row.axis);
        const bool lit = sweep && (row.parallel ? row.originInside
                                                : std::min(row.tNear, row.tFar) <= *sweep &&
                                                      *sweep <= std::max(row.tNear, row.tFar));
        out.PageText({left, y - kFigureFontSize * 0.5}, row.label, color, kFigureFontSize);
        out.PageLine({x0, y}, {x1, y}, glm::vec4(0.5f, 0.5f, 0.5f, 0.4f), 1.0f);
        if (row.parallel && !row.originInside) {
            continue;
        }
        const double a = X(row.nearX), b = std::max(X(row.farX), a + 2.0), h = kFigureFontSize * 0.35;
        out.PageRect({a, y - h}, {b, y + h}, glm::vec4(color.x, color.y, color.z, lit ? 1.0f : 0.85f));
        if (lit) {
            out.PageLine({a, y + h + 3.0}, {b, y + h + 3.0}, color, 2.0f);
        }
        if (!row.parallel) {
            const std::string nearText = ShortNumber(std::min(row.tNear, row.tFar)),
                              farText = ShortNumber(std::max(row.tNear, row.tFar));
            out.PageText({a - double(nearText.size() + 1) * cw, y - kFigureFontSize * 0.5}, nearText, color,
                         kFigureFontSize);
            out.PageText({b + cw, y - kFigureFontSize * 0.5}, farText, color, kFigureFontSize);
        }
    }
    const double y = top + kRowHeight * (double(layout.rows.size()) + 0.5);
    out.PageText({left, y - kFigureFontSize * 0.5}, "[t_enter, t_exit]", kBright, kFigureFontSize);
    if (!layout.rows.empty()) { // the running interval: the trace's own text (SlabIntervalText)
        const NumberLineRow& cur = layout.rows.back();
        if (cur.empty) {
            out.PageText({X(std::min(cur.enterX, cur.exitX)), y - kFigureFontSize * 0.5}, cur.interval,
                         glm::vec4(1.0f, 0.43f, 0.39f, 1.0f), kFigureFontSize);
        } else {
            const double a = X(cur.enterX), b = std::max(X(cur.exitX), a + 2.0), h = kFigureFontSize * 0.4;
            for (const auto& [p, q] : {std::pair{glm::dvec2(a, y - h), glm::dvec2(b, y - h)},
                                       std::pair{glm::dvec2(a, y + h), glm::dvec2(b, y + h)},
                                       std::pair{glm::dvec2(a, y - h), glm::dvec2(a, y + h)},
                                       std::pair{glm::dvec2(b, y - h), glm::dvec2(b, y + h)}}) {
                out.PageLine(p, q, kBright, 2.0f);
            }
            out.PageText({b + cw, y - kFigureFontSize * 0.5}, cur.interval, kBright, kFigureFontSize);
        }
    }
    out.PageLine({x0, bottom}, {x1, bottom}, kGrey, 1.0f);
    const auto ticks = LayOutTicks(
        layout.tMin, layout.tMax, float(x1 - x0), [&](const std::string& s) { return float(double(s.size()) * cw); },
        float(2.0 * cw));
    for (const NumberLineTick& tick : ticks) {
        out.PageLine({X(tick.x), bottom - 3.0}, {X(tick.x), bottom + 4.0}, kGrey, 1.0f);
        if (!tick.label.empty()) {
            out.PageText({x0 + double(tick.labelX), bottom + 5.0}, tick.label, kGrey, kFigureFontSize);
        }
    }
    out.PageText({left, bottom + 5.0}, "t", kGrey, kFigureFontSize);
    const std::string range = std::isinf(layout.allowedHi)
                                  ? "shaded: the allowed range t >= 0"
                                  : "shaded: the allowed range 0 <= t <= " + ShortNumber(layout.allowedHi);
    out.PageText({left, bottom + 7.0 + kFigureFontSize}, range, kGrey, kFigureFontSize);
    if (sweep) {
        const double x = X(layout.X(*sweep));
        out.PageLine({x, top - 2.0}, {x, bottom + 2.0}, kBright, 2.0f);
    }
}

/// The focused pair, its drawn trace and what the pages share; nullopt with `error` set when the
/// scene has no query whose trace could be shown.
std::optional<DeckBasis> BasisOf(const Scene& scene, const FigureChoice& choice, double pageWidth, std::string& error)
{
    DeckBasis basis{scene, {}, {}, nullptr, {}, false, 80};
    const AlgorithmInfo* drawn = choice.focused ? scene.Settings(choice.focused->family).drawn : nullptr;
    if (!choice.focused || drawn == nullptr) {
        error = "--deck: the scene has no query whose trace could be shown";
        return std::nullopt;
    }
    basis.query = *choice.focused;
    basis.algorithm = drawn;
    const bool external = choice.external != nullptr && !choice.external->drawnName.empty();
    basis.trace = external ? choice.external->trace : SceneEvaluator::TraceOf(scene, basis.query, *drawn);
    basis.name = external ? choice.external->drawnName : std::string(drawn->name);
    if (basis.trace.steps.empty()) {
        error = "--deck: " + basis.name + " gives no trace of the focused pair";
        return std::nullopt;
    }
    basis.slab = IsSlabTrace(basis.trace);
    basis.width = size_t(std::max(40.0, (pageWidth - 40.0) / kFigureCharWidth));
    return basis;
}

std::string PairName(const DeckBasis& b)
{
    const SceneShape* a = b.scene.Find(b.query.a);
    const SceneShape* s = b.scene.Find(b.query.b);
    return (a != nullptr ? a->name : "a") + " vs " + (s != nullptr ? s->name : "b");
}

void Append(std::vector<std::string>& lines, const std::string& text, size_t width)
{
    for (std::string& line : WrapText(text, width)) {
        lines.push_back(std::move(line));
    }
}

/// A step page's caption: the title, the step's own caption and its values.
std::vector<std::string> StepCaption(const DeckBasis& b, size_t i)
{
    const TraceStep& step = b.trace.steps[i];
    std::vector<std::string> lines{b.scene.title.empty() ? PairName(b) : b.scene.title};
    Append(lines,
           "Step " + std::to_string(i + 1) + " of " + std::to_string(b.trace.steps.size()) + " (" + PairName(b) + ", " +
               b.name + "): " + step.caption,
           b.width);
    std::string values;
    for (const TraceValue& v : step.values) {
        values += (values.empty() ? "" : ", ") + std::string(v.name) + " = " + ShortNumber(v.value);
    }
    Append(lines, values, b.width);
    return lines;
}

/// The reveal's caption: the title, the trace's verdict and every algorithm's verdict, grouped.
std::vector<std::string> RevealCaption(const DeckBasis& b)
{
    std::vector<std::string> lines{b.scene.title.empty() ? PairName(b) : b.scene.title};
    Append(lines, "Reveal (" + PairName(b) + ", " + b.name + "): " + b.trace.verdict, b.width);
    const Comparison comparison = SceneEvaluator::EvaluateQuery(b.scene, b.query);
    for (const OutcomeGroup& group : comparison.groups) {
        std::string names;
        for (const int m : group.members) {
            const AlgorithmOutcome& o = comparison.outcomes[size_t(m)];
            names +=
                (names.empty() ? "" : ", ") + std::string(o.info->name) +
                (group.hit ? " (t = " + ShortNumber(o.result.tEnter) + ")" : "") +
                (o.explanation != Explanation::None ? " [" + std::string(ExplanationName(o.explanation)) + "]" : "");
        }
        Append(lines, std::string(group.hit ? "hit: " : "miss: ") + names, b.width);
    }
    return lines;
}

/// The pages' layout: the band of the longest caption, the number line's footer, and the camera
/// framed once for the whole trace's labels on that scene area (every page shows the same view).
void LayOut(const DeckBasis& b, const Camera& camera, ShapeId select, const FigureChoice& choice, size_t captionLines,
            FigurePage& page, Camera& framed)
{
    page = FigurePage{camera.viewport, CaptionBandHeight(captionLines), 0.0, choice.scale, choice.light};
    page.footer = b.slab ? NumberLineHeight(LayOutNumberLine(b.trace, *b.algorithm, -1).rows.size()) : 0.0;
    Camera sceneCamera = camera;
    sceneCamera.viewport = page.SceneArea();
    FigureChoice all = choice;
    all.step = -1;
    framed = FigureCamera(b.scene, sceneCamera, select, all);
}

/// A page of the figure at `step` (-1: all), its caption and its number line.
DeckPage FigurePageOf(const std::shared_ptr<const DeckBasis>& b, std::string name, const Camera& camera,
                      const FigurePage& page, ShapeId select, FigureChoice choice, int step,
                      std::vector<std::string> caption)
{
    choice.step = step;
    choice.focused = b->query;
    auto draw = [b, camera, page, select, choice, caption = std::move(caption)](FigureSink& out) {
        DrawFigureScene(b->scene, camera, select, choice, out);
        out.Caption(caption);
        if (b->slab) {
            const NumberLineLayout layout = LayOutNumberLine(b->trace, *b->algorithm, choice.step);
            const size_t chars = LabelChars(LayOutNumberLine(b->trace, *b->algorithm, -1));
            DrawPageNumberLine(out, layout, chars, page.Logical().y - page.footer + 8.0, page.Logical().x,
                               std::nullopt);
        }
    };
    return DeckPage{std::move(name), camera, page, draw};
}

/// The title page: the lesson's title and its question, large.
DeckPage TitlePage(const std::shared_ptr<const DeckBasis>& b, const Camera& camera, FigurePage page)
{
    page.band = 0.0;
    auto draw = [b, page](FigureSink& out) {
        const double width = page.Logical().x;
        double y = page.Logical().y * 0.22;
        for (const std::string& line :
             WrapText(b->scene.title.empty() ? PairName(*b) : b->scene.title, size_t((width - 120.0) / (30.0 * 0.6)))) {
            out.PageText({60.0, y}, line, kBright, 30.0);
            y += 40.0;
        }
        y += 30.0;
        const std::string question = b->scene.question.empty() ? b->trace.verdict : b->scene.question;
        for (const std::string& line : WrapText(question, size_t((width - 120.0) / (20.0 * 0.6)))) {
            out.PageText({60.0, y}, line, kBright, 20.0);
            y += 28.0;
        }
        out.PageText({60.0, y + 30.0},
                     PairName(*b) + ": " + b->name + ", " + CountText(b->trace.steps.size(), "step", "steps") +
                         ", then the reveal",
                     kGrey, kFigureFontSize * 1.2);
    };
    return DeckPage{"title", camera, page, draw};
}

} // namespace deck_detail

using namespace deck_detail;

std::vector<DeckPage> LessonDeck(const Scene& scene, const Camera& camera, ShapeId select, const FigureChoice& choice,
                                 std::string& error)
{
    std::optional<DeckBasis> basis = BasisOf(scene, choice, camera.viewport.x / choice.scale, error);
    if (!basis) {
        return {};
    }
    const auto b = std::make_shared<const DeckBasis>(std::move(*basis));
    std::vector<std::vector<std::string>> captions;
    size_t longest = 0;
    for (size_t i = 0; i < b->trace.steps.size(); ++i) {
        captions.push_back(StepCaption(*b, i));
        longest = std::max(longest, captions.back().size());
    }
    captions.push_back(RevealCaption(*b));
    longest = std::max(longest, captions.back().size());
    FigurePage page;
    Camera framed;
    LayOut(*b, camera, select, choice, longest, page, framed);
    std::vector<DeckPage> pages{TitlePage(b, framed, page)};
    for (size_t i = 0; i < b->trace.steps.size(); ++i) {
        pages.push_back(FigurePageOf(b, Numbered("step", i + 1), framed, page, select, choice, int(i), captions[i]));
    }
    pages.push_back(FigurePageOf(b, "reveal", framed, page, select, choice, -1, captions.back()));
    return pages;
}

double SweepT(double start, double end, int i, int n) { return n <= 1 ? end : start + (end - start) * i / (n - 1); }

std::vector<DeckPage> SweepAnimation(const Scene& scene, const Camera& camera, ShapeId select,
                                     const FigureChoice& choice, int frames, std::string& error)
{
    std::optional<DeckBasis> basis = BasisOf(scene, choice, camera.viewport.x / choice.scale, error);
    if (!basis) {
        return {};
    }
    if (!basis->slab) {
        error = "--deck -o *.gif: the sweep animates a slab method's trace; " + basis->name + "'s is not one";
        return {};
    }
    const auto b = std::make_shared<const DeckBasis>(std::move(*basis));
    const NumberLineLayout layout = LayOutNumberLine(b->trace, *b->algorithm, -1);
    const SweepRange range = SweepRangeOf(layout); // as the window's sweep (app/gui/model/sweep.h)
    const std::vector<std::string> verdict = WrapText(b->trace.verdict, b->width);
    FigurePage page;
    Camera framed;
    LayOut(*b, camera, select, choice, 2 + verdict.size(), page, framed);
    FigureChoice all = choice;
    all.step = -1;
    all.focused = b->query;
    std::vector<DeckPage> out;
    for (int i = 0; i < frames; ++i) {
        const double t = SweepT(range.start, range.end, i, frames);
        const int holding = SlabsHolding(b->trace, t);
        std::string inside;
        for (const NumberLineRow& row : layout.rows) {
            if ((holding & (1 << row.axis)) != 0 && inside.find(row.label) == std::string::npos) {
                inside += (inside.empty() ? "" : ", ") + row.label;
            }
        }
        std::vector<std::string> caption{b->scene.title.empty() ? PairName(*b) : b->scene.title,
                                         "t = " + ShortNumber(t, 4) + ": inside " +
                                             (inside.empty() ? std::string("no slab") : inside)};
        caption.insert(caption.end(), verdict.begin(), verdict.end());
        auto draw = [b, framed, page, select, all, t, layout, caption](FigureSink& sink) {
            DrawFigureScene(b->scene, framed, select, all, sink);
            DrawSlabSweep(b->scene, b->query, b->trace, framed, t, sink);
            sink.Caption(caption);
            DrawPageNumberLine(sink, layout, LabelChars(layout), page.Logical().y - page.footer + 8.0, page.Logical().x,
                               t);
        };
        out.push_back(DeckPage{Numbered("sweep", size_t(i + 1)), framed, page, draw});
    }
    return out;
}

} // namespace hitlab
