// Presentation mode (View > Presentation mode, F5, --present): only the viewport, the t number
// line with the step's caption, and the verdict sentence, in strips laid out by
// presentation_layout.h for the window's size and the font scale. The trace steps with the
// presenter's keys (Left / Right, PageUp / PageDown, Space: play); Esc or F5 leaves.
#include "app/gui/model/results_model.h"
#include "number_line_draw.h"
#include "panels.h"
#include "quiz_panel.h"

#include "app/gui/view/viewport.h"

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
    const AlgorithmInfo* drawn = focus ? scene.Settings(focus->family).drawn : nullptr;
    const bool traced = focus && drawn != nullptr && scene.Find(focus->a) != nullptr && scene.Find(focus->b) != nullptr;
    const Trace trace = traced ? SceneEvaluator::TraceOf(scene, *focus, *drawn) : Trace{};
    const int count = int(trace.steps.size());
    m_presentSteps = count;
    state.step = std::min(state.step, count - 1);
    if (state.playing && state.playClock >= 0.8) { // play: one step every 0.8 s, stopping on the last
        state.playClock = 0.0;
        state.playing = state.step + 1 < count;
        state.step = std::min(count - 1, state.step + 1);
    }
    // the strips keep their height while stepping: the number line is sized for the whole trace
    const bool slab = traced && IsSlabTrace(trace);
    const int rows = slab ? int(LayOutNumberLine(trace, *drawn, -1).rows.size()) + 1 : 0;
    std::string caption = "Select a shape, or click a pair in the Results table (F5 leaves this mode).";
    if (traced) {
        caption = QueryLabel(scene, *focus) + " (" + std::string(drawn->name) + "):  " +
                  (state.step >= 0 ? "step " + std::to_string(state.step + 1) + " / " + std::to_string(count) + ": " +
                                         trace.steps[size_t(state.step)].caption
                                   : "all " + std::to_string(count) + " steps");
    }
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const LayoutFrame frame{vp->Pos.x, vp->Pos.y, vp->Size.x, vp->Size.y, 0.0f}; // no menu bar
    m_presentLayout = LayOutPresentation(Metrics(frame), {rows, caption, trace.verdict});
    const PresentationLayout& layout = m_presentLayout;
    m_viewport.overlayArea = {layout.viewport.x, layout.viewport.y, layout.viewport.w, layout.viewport.h};
    if (m_presentFrameAll) { // the mode was entered: the scene framed above the strips
        m_viewport.FrameAll();
        m_presentFrameAll = false;
    }

    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f); // square strips, edge to edge
    PlaceStrip(layout.numberLine);
    if (ImGui::Begin("Presentation number line", nullptr, kStrip)) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(caption.c_str());
        ImGui::PopTextWrapPos();
        if (slab) {
            const SlabHighlight crossing = m_viewport.HoveredCrossing();
            state.hoveredBar =
                DrawNumberLine(LayOutNumberLine(trace, *drawn, state.step), ImGui::GetContentRegionAvail().x,
                               crossing.trace != 1 ? crossing.axis : -1);
            state.hoveredBarTrace = 0;
        }
        m_presentScroll[0] = ImGui::GetScrollMaxY();
    }
    ImGui::End();
    m_shown.push_back({"Presentation number line", layout.numberLine});

    PlaceStrip(layout.verdict);
    if (ImGui::Begin("Presentation verdict", nullptr, kStrip)) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(trace.verdict.starts_with("hit") ? ImVec4(0.55f, 0.9f, 0.55f, 1.0f)
                                                            : ImVec4(1.0f, 0.7f, 0.5f, 1.0f),
                           "%s", trace.verdict.c_str());
        ImGui::PopTextWrapPos();
        m_presentScroll[1] = ImGui::GetScrollMaxY();
    }
    ImGui::End();
    m_shown.push_back({"Presentation verdict", layout.verdict});
    QuizStrip(ctx, layout); // quiz mode: over the strips while a question is open (quiz_panel.h)
    ImGui::PopStyleVar();
}

} // namespace hitlab
