// Presentation mode (View > Presentation mode, F5, --present): the lesson's heading (its place
// in the course, title and question) at the top, the viewport, the t number line with the step's
// caption (and the compared algorithm's, --compare), and the verdict sentences judged against the
// exact answer, in strips laid out by presentation_layout.h for the window's size and the font.
// The trace steps with the presenter's keys (Left / Right, PageUp / PageDown, Space: play); Esc
// or F5 leaves.
#include "app/gui/model/results_model.h"
#include "number_line_draw.h"
#include "panels.h"
#include "quiz_panel.h"

#include "app/gui/view/viewport.h"
#include "core/exact/exact.h"
#include "render/ui_palette.h"

// GLFW for its key codes (ImGui 1.86 indexes keys by the backend's codes)
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <string>

namespace hitlab {

namespace {

constexpr ImGuiWindowFlags kStrip = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                    ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoBringToFrontOnFocus;

bool Pressed(int key) { return ImGui::IsKeyPressed(key, false); }

/// The metrics the layout needs, from ImGui's current font (View > Font size included) and style.
PresentationMetrics Metrics(const LayoutFrame& frame)
{
    const ImGuiStyle& style = ImGui::GetStyle();
    return {frame,
            ImGui::GetFontSize(),
            ImGui::CalcTextSize("M").x,
            style.WindowPadding.x,
            style.WindowPadding.y,
            style.ItemSpacing.y};
}

void PlaceStrip(const PanelRect& r)
{
    ImGui::SetNextWindowPos(ImVec2(r.x, r.y));
    ImGui::SetNextWindowSize(ImVec2(r.w, r.h));
}

ImVec4 ToImGui(const glm::vec4& c) { return ImVec4(c.x, c.y, c.z, c.w); }

/// What presentation mode shows of the focused query: the drawn algorithm's trace, the compared
/// one's (--compare, the Query inspector's "compare with"), and their verdicts against the exact
/// judge (JudgeVerdict: one line each).
struct Presented {
    const AlgorithmInfo* drawn = nullptr;
    const AlgorithmInfo* compared = nullptr; ///< null: none, or not a slab method beside a slab one
    Trace trace, comparedTrace;
    bool traced = false, slab = false;
    std::vector<JudgedVerdict> verdicts;
    std::string verdictText; ///< the verdicts' lines, for the layout
};

/// The exact judge's verdict (GMP, core/exact); nullopt when it cannot judge the shapes.
std::optional<bool> ExactVerdict(const Query& query)
{
    if (const std::optional<bool> fast = FastVerdict(query)) {
        return fast;
    }
    const ExactResult exact = JudgeExact(query);
    return exact.valid ? std::optional<bool>(exact.hit) : std::nullopt;
}

Presented Present(const Scene& scene, const std::optional<SceneQuery>& focus, const std::string& compare)
{
    Presented p;
    p.drawn = focus ? scene.Settings(focus->family).drawn : nullptr;
    p.traced = focus && p.drawn != nullptr && scene.Find(focus->a) != nullptr && scene.Find(focus->b) != nullptr;
    if (!p.traced) {
        return p;
    }
    p.trace = SceneEvaluator::TraceOf(scene, *focus, *p.drawn);
    p.slab = IsSlabTrace(p.trace);
    const AlgorithmInfo* second = compare.empty() ? nullptr : FindAlgorithm(focus->family, compare);
    if (second != nullptr && second != p.drawn) {
        p.comparedTrace = SceneEvaluator::TraceOf(scene, *focus, *second);
        p.compared = p.slab == IsSlabTrace(p.comparedTrace) ? second : nullptr;
    }
    const Query query = scene.MakeQuery(*focus);
    const Precision precision = scene.Settings(focus->family).precision;
    const bool judged = QueryShapesMatch(query);
    const std::optional<bool> exact = judged ? ExactVerdict(query) : std::nullopt;
    auto judge = [&](const AlgorithmInfo& algorithm, const Trace& trace) {
        const bool hit = judged && Run(algorithm, query, precision).hit;
        const std::string name = p.compared != nullptr ? std::string(algorithm.name) : std::string();
        p.verdicts.push_back(JudgeVerdict(name, trace.verdict, hit, exact));
        p.verdictText += (p.verdictText.empty() ? "" : "\n") + p.verdicts.back().text;
    };
    judge(*p.drawn, p.trace);
    if (p.compared != nullptr) {
        judge(*p.compared, p.comparedTrace);
    }
    return p;
}

/// The step's caption of a compared trace (the drawn one's is the strip's first line).
std::string ComparedCaption(const AlgorithmInfo& algorithm, const Trace& trace, int step)
{
    const std::string name(algorithm.name);
    const int count = int(trace.steps.size());
    return step >= 0 && step < count ? name + ", step " + std::to_string(step + 1) + " / " + std::to_string(count) +
                                           ": " + trace.steps[size_t(step)].caption
                                     : name + ", all " + std::to_string(count) + " steps";
}

/// The longest caption the number line strip shows at any step of `trace`: `shown` (at `step`)
/// lengthened by as many characters as the trace's longest step caption has more than its own.
std::string LongestCaption(const std::string& shown, const Trace& trace, int step)
{
    size_t longest = 0;
    for (const TraceStep& s : trace.steps) {
        longest = std::max(longest, s.caption.size());
    }
    const size_t current = step >= 0 && step < int(trace.steps.size()) ? trace.steps[size_t(step)].caption.size() : 0;
    return shown + std::string(longest > current ? longest - current : 0, 'x');
}

/// The heading strip: the lesson's place and title in the title colour, the question under it.
void DrawHeading(const PanelRect& rect, const std::string& heading, bool titled)
{
    if (rect.h <= 0.0f) {
        return;
    }
    PlaceStrip(rect);
    if (ImGui::Begin("Presentation title", nullptr, kStrip)) {
        ImGui::PushTextWrapPos(0.0f);
        const size_t cut = titled ? heading.find('\n') : 0;
        if (titled) {
            ImGui::PushStyleColor(ImGuiCol_Text, ToImGui(palette::kTitleText));
            ImGui::TextUnformatted(heading.substr(0, cut).c_str());
            ImGui::PopStyleColor();
        }
        if (cut != std::string::npos) {
            ImGui::TextUnformatted(heading.substr(titled ? cut + 1 : 0).c_str());
        }
        ImGui::PopTextWrapPos();
    }
    ImGui::End();
}

/// What the number line strip reports: the bar under the pointer (-1: none) and whose number line
/// it is on (0: the drawn algorithm's, 1: the compared one's), and how far the strip could scroll.
struct NumberLineStrip {
    int bar = -1, trace = 0;
    float scroll = 0.0f;
};

/// The number line strip: the step's caption, the drawn algorithm's number line (slab methods),
/// and the compared one's under a separator and its own caption. `crossing`: the viewport's lit slab.
NumberLineStrip DrawNumberLineStrip(const PanelRect& rect, const std::string& caption, const Presented& p,
                                    const ComparedNumberLines& lines, const std::string& comparedCaption,
                                    SlabHighlight crossing)
{
    NumberLineStrip out;
    PlaceStrip(rect);
    if (ImGui::Begin("Presentation number line", nullptr, kStrip)) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(caption.c_str());
        ImGui::PopTextWrapPos();
        if (p.slab) {
            out.bar =
                DrawNumberLine(lines.drawn, ImGui::GetContentRegionAvail().x, crossing.trace != 1 ? crossing.axis : -1);
        }
        if (p.slab && p.compared != nullptr) {
            ImGui::Separator();
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextUnformatted(comparedCaption.c_str());
            ImGui::PopTextWrapPos();
            if (const int bar = DrawNumberLine(lines.compared, ImGui::GetContentRegionAvail().x,
                                               crossing.trace == 1 ? crossing.axis : -1);
                bar >= 0) {
                out = {bar, 1, 0.0f};
            }
        }
        out.scroll = ImGui::GetScrollMaxY();
    }
    ImGui::End();
    return out;
}

/// The verdict strip: one line per algorithm, judged (JudgeVerdict): right answers in the right
/// answer's colour, wrong ones never. Returns how far the strip could scroll.
float DrawVerdictStrip(const PanelRect& rect, const std::vector<JudgedVerdict>& verdicts)
{
    float scroll = 0.0f;
    PlaceStrip(rect);
    if (ImGui::Begin("Presentation verdict", nullptr, kStrip)) {
        ImGui::PushTextWrapPos(0.0f);
        for (const JudgedVerdict& v : verdicts) {
            // a verdict the exact judge could not decide is never drawn as a right one
            const glm::vec4 colour = !v.judged ? palette::kCaptionText
                                     : v.right ? palette::kRightAnswer
                                               : palette::kWrongAnswer;
            ImGui::TextColored(ToImGui(colour), "%s", v.text.c_str());
        }
        ImGui::PopTextWrapPos();
        scroll = ImGui::GetScrollMaxY();
    }
    ImGui::End();
    return scroll;
}

} // namespace

void Panels::SetPresenting(bool on)
{
    if (on == m_presenting) {
        return;
    }
    m_presenting = on;
    m_viewport.presenting = on;
    m_presentFrameAll = true; // the scene framed in the part of the window it now has (next Layout)
}

void Panels::PresentationKeys()
{
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput || io.KeyCtrl || io.KeyAlt) {
        return;
    }
    if (Pressed(GLFW_KEY_F5)) {
        SetPresenting(!m_presenting);
        return;
    }
    if (!m_presenting) {
        return;
    }
    const bool popupOpen = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
    if (Pressed(GLFW_KEY_ESCAPE) && !popupOpen) {
        SetPresenting(false);
    } else if (Pressed(GLFW_KEY_RIGHT) || Pressed(GLFW_KEY_PAGE_DOWN)) {
        state.step = StepAfter(PresenterKey::Next, state.step, m_presentSteps);
        state.playing = false;
    } else if (Pressed(GLFW_KEY_LEFT) || Pressed(GLFW_KEY_PAGE_UP)) {
        state.step = StepAfter(PresenterKey::Previous, state.step, m_presentSteps);
        state.playing = false;
    } else if (Pressed(GLFW_KEY_SPACE)) {
        // as the Query inspector's play: from the first step when at the end or on the whole trace
        state.playing = !state.playing;
        state.playClock = 0.0;
        if (state.playing && (state.step < 0 || state.step + 1 >= m_presentSteps)) {
            state.step = 0;
        }
    }
}

void Panels::DrawPresentation(PanelContext& ctx)
{
    const Scene& scene = ctx.GetScene();
    const std::optional<SceneQuery> focus = ctx.Focused();
    const Presented p = Present(scene, focus, state.compare);
    const int count = int(p.trace.steps.size());
    m_presentSteps = count;
    state.step = std::min(state.step, count - 1);
    if (state.playing && state.playClock >= 0.8) { // play: one step every 0.8 s, stopping on the last
        state.playClock = 0.0;
        state.playing = state.step + 1 < count;
        state.step = std::min(count - 1, state.step + 1);
    }
    // the strips keep their height while stepping: the number lines are sized for the whole trace
    const int rows = p.slab ? int(LayOutNumberLine(p.trace, *p.drawn, -1).rows.size()) + 1 : 0;
    std::string caption = "Select a shape, or click a pair in the Results table (F5 leaves this mode).";
    if (p.traced) {
        caption = QueryLabel(scene, *focus) + " (" + std::string(p.drawn->name) + "):  " +
                  (state.step >= 0 ? "step " + std::to_string(state.step + 1) + " / " + std::to_string(count) + ": " +
                                         p.trace.steps[size_t(state.step)].caption
                                   : "all " + std::to_string(count) + " steps");
    }
    const bool compared = p.slab && p.compared != nullptr;
    const ComparedNumberLines lines =
        compared ? LayOutComparedNumberLines(p.trace, *p.drawn, p.comparedTrace, *p.compared, state.step)
        : p.slab ? ComparedNumberLines{LayOutNumberLine(p.trace, *p.drawn, state.step), {}, -1}
                 : ComparedNumberLines{};
    const int comparedRows = compared ? int(LayOutNumberLine(p.comparedTrace, *p.compared, -1).rows.size()) + 1 : 0;
    const std::string comparedCaption =
        compared ? ComparedCaption(*p.compared, p.comparedTrace, lines.comparedStep) : "";
    const int lesson = ctx.course != nullptr && !ctx.scenePath.empty() ? ctx.course->IndexOf(ctx.scenePath) : -1;
    const std::string heading = PresentationHeading(lesson, ctx.course != nullptr ? int(ctx.course->lessons.size()) : 0,
                                                    // a quiz question open: the strip asks it instead (the
                                                    // lesson's question may give its answer away)
                                                    scene.title, ctx.state.hideAnswers ? "" : scene.question);
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const LayoutFrame frame{vp->Pos.x, vp->Pos.y, vp->Size.x, vp->Size.y, 0.0f}; // no menu bar
    PresentationContent content;
    content.numberLineRows = rows;
    content.caption = caption;
    content.verdict = p.verdictText.empty() ? p.trace.verdict : p.verdictText;
    content.heading = heading;
    content.comparedRows = comparedRows;
    content.comparedCaption = comparedCaption;
    m_presentLayout = LayOutPresentation(Metrics(frame), content);
    // the next frame's text size, chosen for the longest step caption: it does not change while stepping
    const std::string longest = LongestCaption(caption, p.trace, state.step);
    content.caption = longest;
    m_presentFit.Update(Metrics(frame), content);
    const PresentationLayout& layout = m_presentLayout;
    m_viewport.overlayArea = {layout.viewport.x, layout.viewport.y, layout.viewport.w, layout.viewport.h};
    if (m_presentFrameAll) { // the mode was entered: the scene framed between the strips
        m_viewport.FrameAll();
        m_presentFrameAll = false;
    }

    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f); // square strips, edge to edge
    ImGui::PushStyleColor(ImGuiCol_TextDisabled, ToImGui(palette::kCaptionText));
    DrawHeading(layout.title, heading, !scene.title.empty());
    if (layout.title.h > 0.0f) {
        m_shown.push_back({"Presentation title", layout.title});
    }
    const NumberLineStrip strip =
        DrawNumberLineStrip(layout.numberLine, caption, p, lines, comparedCaption, m_viewport.HoveredCrossing());
    if (p.slab) {
        state.hoveredBar = strip.bar;
        state.hoveredBarTrace = strip.trace;
    }
    m_presentScroll[0] = strip.scroll;
    m_shown.push_back({"Presentation number line", layout.numberLine});

    m_presentScroll[1] = DrawVerdictStrip(layout.verdict, p.verdicts);
    m_shown.push_back({"Presentation verdict", layout.verdict});
    ImGui::PopStyleColor();
    QuizStrip(ctx, layout); // quiz mode: over the strips while a question is open (quiz_panel.h)
    ImGui::PopStyleVar();
}

} // namespace hitlab
