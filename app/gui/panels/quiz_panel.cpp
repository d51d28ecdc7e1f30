// Quiz mode's widgets (quiz_panel.h): the question, the student's answer, the reveal.
#include "quiz_panel.h"

#include "panels.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace hitlab {

namespace {

const ImVec4 kQuizRight{0.55f, 0.9f, 0.55f, 1.0f};
const ImVec4 kQuizWrong{1.0f, 0.45f, 0.4f, 1.0f};
const ImVec4 kQuizQuestion{0.6f, 0.95f, 0.55f, 1.0f};

/// Follows the scene shown, focuses a newly opened question's pair, and sets the panels' flag.
QuizSession& UpdateQuiz(PanelContext& ctx)
{
    QuizSession& quiz = ctx.state.quiz;
    const Scene& scene = ctx.GetScene();
    quiz.Follow(scene, ctx.scenePath);
    if (quiz.TakeOpened()) {
        if (const std::optional<SceneQuery> pair = quiz.Pair(scene)) {
            ctx.Focus(*pair);
        }
    }
    ctx.state.hideAnswers = quiz.HidesAnswers();
    return quiz;
}

/// A button drawn as chosen (the student's pick).
bool ChoiceButton(const char* label, bool chosen)
{
    if (chosen) {
        ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    }
    const bool clicked = ImGui::Button(label);
    if (chosen) {
        ImGui::PopStyleColor();
    }
    return clicked;
}

/// The t line: [0, range] with ticks; a click or drag puts the marker (the answer) there.
void TMarkerLine(QuizSession& quiz, double range, bool committed)
{
    const float width = std::max(120.0f, ImGui::GetContentRegionAvail().x - 8.0f);
    const float line = ImGui::GetTextLineHeight();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("t line", ImVec2(width, line * 2.4f));
    const float x0 = at.x + 6.0f, x1 = at.x + width - 6.0f, y = at.y + line * 0.8f;
    if (ImGui::IsItemActive()) {
        const float f = std::clamp((ImGui::GetIO().MousePos.x - x0) / (x1 - x0), 0.0f, 1.0f);
        quiz.answer.t = double(f) * range;
        quiz.Commit();
    }
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImU32 axis = ImGui::GetColorU32(ImGuiCol_Text, 0.7f);
    draw->AddLine(ImVec2(x0, y), ImVec2(x1, y), axis, 1.5f);
    for (int i = 0; i <= 10; ++i) {
        const float x = x0 + (x1 - x0) * float(i) / 10.0f;
        draw->AddLine(ImVec2(x, y - (i % 5 == 0 ? 5.0f : 3.0f)), ImVec2(x, y + (i % 5 == 0 ? 5.0f : 3.0f)), axis);
        if (i % 5 == 0) {
            char label[32];
            std::snprintf(label, sizeof label, "%g", range * i / 10.0);
            draw->AddText(ImVec2(x - ImGui::CalcTextSize(label).x * 0.5f, y + 6.0f), axis, label);
        }
    }
    if (committed) {
        const float x = x0 + (x1 - x0) * float(std::clamp(quiz.answer.t / range, 0.0, 1.0));
        const ImU32 marker = ImGui::GetColorU32(ImVec4(1.0f, 0.75f, 0.3f, 1.0f));
        draw->AddTriangleFilled(ImVec2(x, y), ImVec2(x - 6.0f, y - 11.0f), ImVec2(x + 6.0f, y - 11.0f), marker);
    }
}

void AxisChooser(QuizSession& quiz, const Query& query)
{
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("a.x cross b.e2").x * 1.6f);
    if (ImGui::BeginCombo("separating axis", quiz.answer.axis.empty() ? "choose" : quiz.answer.axis.c_str())) {
        for (const CandidateAxis& axis : CandidateAxes(query.a, query.b)) {
            if (ImGui::Selectable(axis.name.c_str(), axis.name == quiz.answer.axis)) {
                quiz.answer.axis = axis.name;
                quiz.Commit();
            }
        }
        ImGui::EndCombo();
    }
}

bool NumberInput(const char* label, double& value)
{
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("0000.000000").x);
    return ImGui::InputDouble(label, &value, 0.0, 0.0, "%.6g");
}

/// The widgets of the exercise's kind; `committed` whether the student gave an answer yet.
void AnswerWidgets(QuizSession& quiz, const Scene& scene, const Exercise& e, const SceneQuery& pair)
{
    ExerciseAnswer& a = quiz.answer;
    const bool committed = quiz.CanReveal();
    const bool cast = IsCast(pair.family);
    switch (e.kind) {
    case ExerciseKind::Verdict:
        if (ChoiceButton(cast ? "Hit" : "Overlap", committed && a.hit)) {
            a.hit = true;
            quiz.Commit();
        }
        ImGui::SameLine();
        if (ChoiceButton(cast ? "Miss" : "Separate", committed && !a.hit)) {
            a.hit = false;
            quiz.Commit();
        }
        return;
    case ExerciseKind::T:
        if (NumberInput("t", a.t)) {
            quiz.Commit();
        }
        ImGui::SameLine();
        ImGui::TextDisabled("or click where it enters:");
        TMarkerLine(quiz, quiz.TRange(scene), committed);
        return;
    case ExerciseKind::Axis:
        AxisChooser(quiz, scene.MakeQuery(pair));
        return;
    case ExerciseKind::Barycentric: {
        const bool uChanged = NumberInput("u", a.u); // both inputs drawn every frame
        if (NumberInput("v", a.v) || uChanged) {
            quiz.Commit();
        }
        return;
    }
    case ExerciseKind::Penetration: {
        ImGui::SetNextItemWidth(ImGui::CalcTextSize("0000.0000").x * 3.6f);
        const bool directionChanged = ImGui::InputScalarN("direction b moves out of a", ImGuiDataType_Double,
                                                          &a.direction.x, 3, nullptr, nullptr, "%.4g");
        if (NumberInput("depth", a.depth) || directionChanged) {
            quiz.Commit();
        }
        return;
    }
    }
}

/// The reveal: the student's answer and the exact one, judged, and how.
void RevealLines(const QuizSession& quiz)
{
    const ExerciseJudgement& j = quiz.Judgement();
    if (!j.error.empty()) {
        ImGui::TextColored(kQuizWrong, "Not judged: %s", j.error.c_str());
        return;
    }
    ImGui::TextColored(j.right ? kQuizRight : kQuizWrong, "%s  your answer: %s", j.right ? "Right." : "Not right.",
                       j.given.c_str());
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text("exact: %s", j.exact.c_str());
    if (!j.detail.empty()) {
        ImGui::TextDisabled("%s", j.detail.c_str());
    }
    ImGui::PopTextWrapPos();
}

/// After the reveal: the drawn algorithm's trace of the pair, one step at a time.
void QuizTraceSteps(PanelContext& ctx, const SceneQuery& pair)
{
    const Scene& scene = ctx.GetScene();
    const AlgorithmInfo* drawn = scene.Settings(pair.family).drawn;
    if (drawn == nullptr) {
        return;
    }
    const Trace trace = SceneEvaluator::TraceOf(scene, pair, *drawn);
    const int count = int(trace.steps.size());
    if (count == 0) {
        return;
    }
    int& step = ctx.state.step;
    step = std::clamp(step, 0, count - 1);
    if (ImGui::ArrowButton("previous step", ImGuiDir_Left)) {
        step = std::max(0, step - 1);
    }
    ImGui::SameLine();
    if (ImGui::ArrowButton("next step", ImGuiDir_Right)) {
        step = std::min(count - 1, step + 1);
    }
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text("%.*s, step %d / %d: %s", int(drawn->name.size()), drawn->name.data(), step + 1, count,
                trace.steps[size_t(step)].caption.c_str());
    ImGui::PopTextWrapPos();
}

/// The open question and its answer or reveal (both the lesson box and the presentation strip).
void QuestionBody(PanelContext& ctx, QuizSession& quiz, bool steps)
{
    const Scene& scene = ctx.GetScene();
    const Exercise* e = quiz.Current(scene);
    const std::optional<SceneQuery> pair = quiz.Pair(scene);
    if (e == nullptr || !pair) {
        return;
    }
    ImGui::TextColored(kQuizQuestion, "Quiz, question %d of %zu:", quiz.Index() + 1, scene.exercises.size());
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(e->question.c_str());
    ImGui::PopTextWrapPos();
    if (quiz.Phase() == QuizPhase::Asking) {
        AnswerWidgets(quiz, scene, *e, *pair);
        ImGui::BeginDisabled(!quiz.CanReveal());
        if (ImGui::Button("Reveal") && quiz.Reveal(scene)) {
            ctx.Focus(*pair);
            ctx.state.step = 0; // then the trace, step by step
        }
        ImGui::EndDisabled();
        if (ExerciseHasTolerance(e->kind)) {
            ImGui::SameLine();
            ImGui::TextDisabled("within %g of the exact answer", e->tolerance);
        }
        return;
    }
    RevealLines(quiz);
    if (steps) {
        QuizTraceSteps(ctx, *pair);
    }
    if (quiz.HasNext(scene) && ImGui::Button("Next question")) {
        quiz.NextExercise(scene);
    }
}

void ScoreLine(QuizSession& quiz)
{
    ImGui::TextDisabled("%s (this session only)", quiz.ScoreText().c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("Leave quiz")) {
        quiz.SetOn(false);
    }
}

} // namespace

void QuizBox(PanelContext& ctx)
{
    QuizSession& quiz = UpdateQuiz(ctx);
    if (ctx.GetScene().exercises.empty()) {
        return;
    }
    ImGui::PushID("quiz");
    if (!quiz.On()) {
        if (ImGui::Button("Quiz")) {
            quiz.SetOn(true);
        }
        ImGui::SameLine();
        ImGui::TextDisabled("predict, then reveal: %zu question(s)", ctx.GetScene().exercises.size());
        ImGui::PopID();
        return;
    }
    ImGui::Separator();
    QuestionBody(ctx, quiz, true);
    ScoreLine(quiz);
    ImGui::Separator();
    ImGui::PopID();
}

bool QuizHidesPanel(PanelContext& ctx, PanelId panel)
{
    // the Inspector lists the selected shape's queries with their verdicts and t
    if (!ctx.state.hideAnswers ||
        (panel != PanelId::Results && panel != PanelId::Query && panel != PanelId::Inspector)) {
        return false;
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("Hidden while a quiz question is open (the lesson box): answer it, then Reveal.");
    ImGui::PopTextWrapPos();
    return true;
}

void QuizStrip(PanelContext& ctx, const PresentationLayout& layout)
{
    QuizSession& quiz = UpdateQuiz(ctx);
    if (ctx.GetScene().exercises.empty()) {
        return;
    }
    constexpr ImGuiWindowFlags kFlags =
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings;
    if (!quiz.On()) { // a button at the viewport's top right corner
        const float w = ImGui::CalcTextSize("Quiz").x + ImGui::GetStyle().WindowPadding.x * 4.0f;
        ImGui::SetNextWindowPos(ImVec2(layout.viewport.x + layout.viewport.w - w - 8.0f, layout.viewport.y + 8.0f));
        if (ImGui::Begin("Presentation quiz button", nullptr, kFlags | ImGuiWindowFlags_AlwaysAutoResize)) {
            if (ImGui::Button("Quiz")) {
                quiz.SetOn(true);
            }
        }
        ImGui::End();
        return;
    }
    // asking: over both strips (the number line's bars and the verdict stay hidden); revealed:
    // over the verdict strip, the number line above it stepping with the presenter's keys
    const PanelRect& top = quiz.HidesAnswers() ? layout.numberLine : layout.verdict;
    const float bottom = std::max(layout.numberLine.y + layout.numberLine.h, layout.verdict.y + layout.verdict.h);
    // tall enough for the question, its widgets and Reveal (or the reveal's lines): over the
    // viewport's bottom when the strips are shorter
    const float need = ImGui::GetFrameHeightWithSpacing() * 8.0f + ImGui::GetStyle().WindowPadding.y * 2.0f;
    const float y = std::min({top.y, layout.verdict.y, bottom - need});
    ImGui::SetNextWindowPos(ImVec2(layout.verdict.x, y));
    ImGui::SetNextWindowSize(ImVec2(layout.verdict.w, bottom - y));
    if (ImGui::Begin("Presentation quiz", nullptr, kFlags)) {
        QuestionBody(ctx, quiz, false);
        ScoreLine(quiz);
    }
    ImGui::End();
}

} // namespace hitlab
