// The Hunt panel: search for inputs where two algorithms (or one and the exact judge) disagree,
// on a worker thread (HuntSession over core/exact/hunt.h's HuntJob), and list the shrunk
// counterexamples: load one into the scene (one undoable step, focused), save it as a scene
// file, copy it as a GoogleTest case.
#include "app/gui/model/external_session.h"
#include "app/gui/model/hunt_model.h"
#include "panel.h"

#include "app/gui/view/viewport.h"

#include "core/io/protocol.h"
#include "core/io/scene_file.h"

#include <imgui.h>
#include <imgui_stdlib.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace hitlab {

namespace {

/// "12.3 M" style counts for the progress line.
std::string Count(double n)
{
    char text[32];
    if (n >= 1e9) {
        std::snprintf(text, sizeof text, "%.2f G", n / 1e9);
    } else if (n >= 1e6) {
        std::snprintf(text, sizeof text, "%.2f M", n / 1e6);
    } else if (n >= 1e4) {
        std::snprintf(text, sizeof text, "%.1f k", n / 1e3);
    } else {
        std::snprintf(text, sizeof text, "%.0f", n);
    }
    return text;
}

/// The algorithm combo: the exact judge (withJudge), the family's built-in algorithms, and with
/// source set the external programs' and plugins' algorithms of the family (choosing one sets
/// source; a built-in one clears it).
bool AlgorithmCombo(const char* label, Family family, std::string& name, bool withJudge,
                    const ExternalSession* external = nullptr, HuntSource* source = nullptr)
{
    const bool isExternal = source != nullptr && (!source->plugin.empty() || !source->external.empty());
    const std::string preview = name.empty() ? std::string("exact judge") : isExternal ? name + " (ext)" : name;
    bool changed = false;
    if (ImGui::BeginCombo(label, preview.c_str())) {
        if (external != nullptr && source != nullptr) {
            for (const ExternalSourceView& view : external->Sources()) {
                for (const AlgorithmInfo* info : view.algorithms) {
                    if (info->family != family) {
                        continue;
                    }
                    const std::string n(info->name);
                    if (ImGui::Selectable((n + "  (" + view.name + ")").c_str(), isExternal && n == name)) {
                        name = n;
                        *source = view.spec.plugin ? HuntSource{view.spec.text, ""} : HuntSource{"", view.spec.text};
                        changed = true;
                    }
                }
            }
        }
        if (withJudge && ImGui::Selectable("exact judge", name.empty())) {
            name.clear();
            changed = true;
        }
        for (const AlgorithmInfo* info : AlgorithmsOf(family)) {
            const std::string n(info->name);
            const std::string item = info->reference ? n + "  (reference)" : n;
            if (ImGui::Selectable(item.c_str(), !isExternal && n == name)) {
                name = n;
                if (source != nullptr) {
                    *source = HuntSource{};
                }
                changed = true;
            }
            if (ImGui::IsItemHovered() && !info->flaw.empty()) {
                ImGui::SetTooltip("%s", std::string(info->flaw).c_str());
            }
        }
        ImGui::EndCombo();
    }
    return changed;
}

/// The tolerance, ulps and stop limits of a hunt.
void Limits(HuntChoices& c)
{
    const float small = ImGui::GetFontSize() * 5.0f;
    ImGui::SameLine(0.0f, ImGui::GetFontSize() * 2.0f);
    ImGui::SetNextItemWidth(small);
    ImGui::InputDouble("tolerance", &c.tolerance, 0, 0, "%g");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("0: every disagreement counts. > 0: disagreements within this relative\n"
                          "distance of the hit/miss boundary are counted apart, not as counterexamples");
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(small);
    ImGui::InputDouble("ulps", &c.valueUlps, 0, 0, "%g");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("0: only verdicts count. > 0: also two hits whose t_enter, t_exit, point, normal\n"
                          "or depth differ by more than this many ulps (docs/protocol.md, value tolerance)");
    }

    ImGui::SetNextItemWidth(small * 1.3f);
    ImGui::InputScalar("cases", ImGuiDataType_U64, &c.maxCases, nullptr, nullptr, "%" PRIu64);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Stop after this many cases (0: no limit)");
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(small * 0.7f);
    ImGui::InputDouble("seconds", &c.maxSeconds, 0, 0, "%g");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Stop after this long (0: no limit)");
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(small * 0.7f);
    ImGui::InputScalar("seed", ImGuiDataType_U64, &c.seed, nullptr, nullptr, "%" PRIu64);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(small * 0.5f);
    ImGui::InputInt("groups", &c.maxCounterexamples, 0, 0);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Stop a thread once it has found this many groups (distribution and cause), checked "
                          "between its batches; 0: no limit");
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(small * 0.5f);
    ImGui::InputScalar("threads", ImGuiDataType_U32, &c.threads);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Threads to search on (0: one per core); the same seed and threads give the same cases");
    }
}

/// A counterexample's GoogleTest case, unfolded.
void SnippetNode(const Counterexample& cx, const HuntOptions& o, int index)
{
    if (ImGui::TreeNode("GoogleTest")) {
        const std::string snippet = GoogleTestSnippet(cx, o, index);
        const float lines = float(std::count(snippet.begin(), snippet.end(), '\n') + 1);
        ImGui::BeginChild("snippet", ImVec2(0, std::min(lines, 14.0f) * ImGui::GetTextLineHeight() + 16.0f), true,
                          ImGuiWindowFlags_HorizontalScrollbar);
        ImGui::TextUnformatted(snippet.c_str());
        ImGui::EndChild();
        ImGui::TreePop();
    }
}

/// The hunt's panel: it draws and keeps its choices and session; saving a counterexample, moving
/// the camera and errors are queued for the owner (PanelAction).
class HuntPanel final : public Panel {
public:
    void Update(PanelContext& ctx, bool shown) override
    {
        if (!shown) {
            m_hunt.Cancel(); // a closed panel's job stops (its thread is joined by the Poll below)
        }
        m_hunt.Poll(ctx.lastFrame); // the last frame of a --frames run waits: its screenshot shows the result
        if (m_savePending) {
            m_savePending = false;
            QueueSave(ctx);
        }
    }

    void AutoStart() override { m_autoStart = true; }

    void Report(nlohmann::json& report) const override
    {
        if (const auto& hunt = m_hunt.Report()) {
            nlohmann::json entry = HuntReportJson(*hunt);
            entry["loaded"] = m_loaded;
            report["hunt"] = entry;
        }
    }

    void Draw(PanelContext& ctx) override
    {
        Scene& scene = ctx.GetScene();
        const std::optional<SceneQuery> focus = ctx.Focused();
        if (!m_choicesSet) {
            m_choices = DefaultHuntChoices(scene, ctx.Evaluation(), focus);
            m_choicesSet = true;
        }
        const std::string invalid = ErrorText(ValidateHuntChoices(m_choices, scene, focus));
        // --run-panel hunt
        bool start = m_autoStart && invalid.empty() && !m_hunt.Running() && !m_hunt.Report();
        m_autoStart = false;

        ImGui::BeginDisabled(m_hunt.Running());
        Choices(ctx, focus);
        ImGui::EndDisabled();
        StartOrCancel(ctx, focus, invalid, start);
        Progress();
        const std::optional<HuntReport>& report = m_hunt.Report();
        if (report && !m_hunt.Running()) {
            Counterexamples(ctx, *report);
        }
        SavePopup();
    }

private:
    /// Family, algorithms, precision, limits, and hunting around the focused pair.
    void Choices(PanelContext& ctx, const std::optional<SceneQuery>& focus)
    {
        Scene& scene = ctx.GetScene();
        HuntChoices& c = m_choices;
        const float field = ImGui::GetFontSize() * 10.0f;
        ImGui::SetNextItemWidth(field);
        if (ImGui::BeginCombo("family", std::string(FamilyName(c.family)).c_str())) {
            const std::vector<Family> present = EvaluatedFamilies(ctx.Evaluation());
            for (Family f : AllFamilies()) {
                const bool inScene = std::find(present.begin(), present.end(), f) != present.end();
                const std::string item = std::string(FamilyName(f)) + (inScene ? "  (in the scene)" : "");
                if (ImGui::Selectable(item.c_str(), f == c.family) && f != c.family) {
                    const HuntChoices fresh = DefaultHuntChoices(scene, ctx.Evaluation(), focus, f);
                    c.family = fresh.family;
                    c.a = fresh.a;
                    c.source = fresh.source;
                    c.b = fresh.b;
                    c.precision = fresh.precision;
                    c.around = fresh.around;
                }
            }
            ImGui::EndCombo();
        }
        ImGui::SameLine();
        if (ImGui::Button("From the focused pair")) {
            c = DefaultHuntChoices(scene, ctx.Evaluation(), focus);
        }
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Family, algorithm and precision of the pair focused in Results");
        }
        ImGui::SetNextItemWidth(field);
        AlgorithmCombo("a", c.family, c.a, false, ctx.external, &c.source);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(field);
        AlgorithmCombo("b", c.family, c.b, true);
        int precision = c.precision == Precision::Float ? 0 : 1;
        ImGui::RadioButton("float", &precision, 0);
        ImGui::SameLine();
        ImGui::RadioButton("double", &precision, 1);
        c.precision = precision == 0 ? Precision::Float : Precision::Double;
        Limits(c);
        AroundChoice(scene, focus);
    }

    void AroundChoice(const Scene& scene, const std::optional<SceneQuery>& focus)
    {
        HuntChoices& c = m_choices;
        const std::optional<SceneQuery> pair = FocusedPairOf(scene, focus, c.family);
        std::string aroundLabel = "around the focused pair";
        if (pair) {
            aroundLabel += " (" + scene.Find(pair->a)->name + ", " + scene.Find(pair->b)->name + ")";
        } else {
            aroundLabel += " (none of " + std::string(FamilyName(c.family)) + " focused)";
        }
        bool around = c.around && pair.has_value();
        ImGui::BeginDisabled(!pair);
        if (ImGui::Checkbox(aroundLabel.c_str(), &around)) {
            c.around = around;
        }
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
            ImGui::SetTooltip(pair ? "A share of the cases perturb the focused pair's query"
                                   : "Click a pair of this family in Results to hunt around it");
        }
    }

    void StartOrCancel(PanelContext& ctx, const std::optional<SceneQuery>& focus, const std::string& invalid,
                       bool start)
    {
        if (m_hunt.Running()) {
            if (ImGui::Button("Cancel")) {
                m_hunt.Cancel();
            }
            return;
        }
        ImGui::BeginDisabled(!invalid.empty());
        start = ImGui::Button("Start") || start;
        ImGui::EndDisabled();
        if (!invalid.empty()) {
            ImGui::SameLine();
            ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
            ImGui::TextWrapped("%s", invalid.c_str());
            ImGui::PopStyleColor();
            start = false;
        }
        if (start) {
            m_note.clear();
            if (const IoError e = m_hunt.Start(MakeHuntOptions(m_choices, ctx.GetScene(), focus), m_choices.source);
                !e.what.empty()) {
                ctx.Queue(panel_action::ShowError{"Cannot start the hunt: " + ErrorText(e)});
            }
        }
    }

    /// The progress bar while running, and the counts.
    void Progress()
    {
        if (!m_hunt.Running() && !m_hunt.Report()) {
            return;
        }
        const HuntProgress p = m_hunt.Progress();
        const HuntOptions& o = m_hunt.Options();
        const double fraction = HuntFraction(p, o);
        char overlay[64];
        if (fraction >= 0) {
            std::snprintf(overlay, sizeof overlay, "%.0f%%  (%.1f s)", fraction * 100.0, p.seconds);
        } else {
            std::snprintf(overlay, sizeof overlay, "%.1f s, no limit", p.seconds);
        }
        if (m_hunt.Running()) {
            ImGui::SameLine();
            ImGui::ProgressBar(fraction < 0 ? 0.0f : float(fraction), ImVec2(-1.0f, 0.0f), overlay);
        }
        ImGui::Text("%s cases, %s/s, %s disagreeing in %zu groups", Count(double(p.cases)).c_str(),
                    Count(p.casesPerSecond).c_str(), Count(double(p.disagreements)).c_str(), p.counterexamples);
        if (o.tolerance > 0) {
            ImGui::SameLine();
            ImGui::TextDisabled("(%s near the boundary)", Count(double(p.nearBoundary)).c_str());
        }
    }

    void Counterexamples(PanelContext& ctx, const HuntReport& report)
    {
        const HuntOptions& o = m_hunt.Options();
        const std::string versus = o.b.empty() ? "the exact judge" : o.b;
        ImGui::TextDisabled("%s vs %s, %s, %s%s", o.a.c_str(), versus.c_str(), PrecisionName(o.precision),
                            report.method.c_str(), report.cancelled ? ", cancelled" : "");
        if (!report.error.what.empty()) {
            ImGui::TextWrapped("%s", ErrorText(report.error).c_str());
        } else if (const std::string outcome = HuntOutcomeText(report); !outcome.empty()) {
            const bool inconclusive =
                HuntStatusOf(report.progress, report.counterexamples.size()) == HuntStatus::Inconclusive;
            ImGui::PushStyleColor(ImGuiCol_Text, inconclusive ? ImVec4(1.0f, 0.75f, 0.4f, 1.0f)
                                                              : ImGui::GetStyleColorVec4(ImGuiCol_Text));
            ImGui::TextWrapped("%s", outcome.c_str());
            ImGui::PopStyleColor();
        }
        if (!m_note.empty()) {
            ImGui::TextWrapped("%s", m_note.c_str());
        }
        ImGui::Separator();
        ImGui::BeginChild("counterexamples");
        int index = 0;
        for (const Counterexample& cx : report.counterexamples) {
            ++index;
            ImGui::PushID(index);
            // as `hitlab hunt` prints a group: its count, cause and distribution, then its smallest case
            ImGui::TextWrapped("%d. %s", index, HuntGroupLine(cx, o.a).c_str());
            ImGui::Indent();
            ImGui::TextWrapped("smallest: %s", cx.text.c_str());
            ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.75f, 0.4f, 1.0f));
            const std::string& failure = m_hunt.Failures().size() >= std::size_t(index)
                                             ? m_hunt.Failures()[std::size_t(index - 1)]
                                             : std::string();
            ImGui::TextWrapped("%s", failure.empty()
                                         ? DescribeDisagreement(cx, o).c_str()
                                         : (o.a + ": " + failure + "; exact: " + DescribeExact(cx.exact)).c_str());
            ImGui::PopStyleColor();
            CounterexampleButtons(ctx, cx, index);
            if (!m_hunt.External()) { // the case runs the registry's algorithm a
                SnippetNode(cx, o, index);
            }
            ImGui::Unindent();
            ImGui::Spacing();
            ImGui::PopID();
        }
        ImGui::EndChild();
    }

    /// Load into the scene, save as a scene file, copy as a GoogleTest case.
    void CounterexampleButtons(PanelContext& ctx, const Counterexample& cx, int index)
    {
        const HuntOptions& o = m_hunt.Options();
        if (ImGui::SmallButton("Load into scene")) {
            Load(ctx, cx, index);
        }
        ImGui::SameLine();
        if (ImGui::SmallButton("Save as scene...")) {
            m_saveIndex = index - 1;
            m_openSave = true;
            m_savePath = CounterexampleFileName(o, index);
        }
        ImGui::SameLine();
        if (!m_hunt.External() && ImGui::SmallButton("Copy GoogleTest")) {
            ImGui::SetClipboardText(GoogleTestSnippet(cx, o, index).c_str());
            m_note = "Copied counterexample " + std::to_string(index) + " as a GoogleTest case.";
        }
    }

    /// Adds the counterexample's shapes (one undoable step), focuses the pair and asks the owner
    /// to look at it (the camera keeps its direction).
    void Load(PanelContext& ctx, const Counterexample& cx, int index)
    {
        Scene& scene = ctx.GetScene();
        const HuntOptions& o = m_hunt.Options();
        const std::optional<SceneQuery> loaded = LoadCounterexample(scene, ctx.GetHistory(), cx, o);
        if (!loaded) {
            return;
        }
        ctx.Focus(*loaded);
        const CameraState view = CounterexampleScene(cx, o).camera;
        ctx.Queue(panel_action::LookAt{view.target, view.distance});
        ++m_loaded;
        m_note = "Loaded counterexample " + std::to_string(index) + " as " + scene.Find(loaded->a)->name + " and " +
                 scene.Find(loaded->b)->name + " (Ctrl+Z undoes).";
        if (!IsCast(loaded->family) && !scene.SolidPairsEnabled()) {
            m_note += " This scene does not compare pairs of solids, so the pair is not evaluated.";
        }
    }

    /// The Save popup was confirmed a frame ago: the owner writes the file.
    void QueueSave(PanelContext& ctx)
    {
        const std::optional<HuntReport>& r = m_hunt.Report();
        if (!r || m_saveIndex < 0 || size_t(m_saveIndex) >= r->counterexamples.size()) {
            return;
        }
        if (m_savePath.empty()) {
            ctx.Queue(panel_action::ShowError{"Cannot save the counterexample: no file name given"});
            return;
        }
        const Counterexample& cx = r->counterexamples[size_t(m_saveIndex)];
        ctx.Queue(panel_action::WriteScene{
            CounterexampleScene(cx, m_hunt.Options()), m_savePath,
            "Saved counterexample " + std::to_string(m_saveIndex + 1) + " to " + m_savePath + ".", &m_note});
    }

    void SavePopup()
    {
        if (m_openSave) {
            ImGui::OpenPopup("Save counterexample");
            m_openSave = false;
        }
        if (!ImGui::BeginPopupModal("Save counterexample", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
            return;
        }
        ImGui::TextUnformatted("Scene file:");
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 24.0f);
        if (ImGui::IsWindowAppearing()) {
            ImGui::SetKeyboardFocusHere();
        }
        const bool enter = ImGui::InputText("##path", &m_savePath, ImGuiInputTextFlags_EnterReturnsTrue);
        const bool save = ImGui::Button("Save") || enter;
        ImGui::SameLine();
        if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
            ImGui::CloseCurrentPopup();
        } else if (save) {
            ImGui::CloseCurrentPopup();
            m_savePending = true; // next frame: the Enter that saved would also dismiss an error popup at once
        }
        ImGui::EndPopup();
    }

    HuntChoices m_choices;
    bool m_choicesSet = false; ///< defaults taken from the scene (on first show)
    HuntSession m_hunt;        ///< cancels and joins its thread when destroyed (the app quits)
    std::string m_note;        ///< the last action's outcome ("loaded as ...", "saved to ...")
    int m_saveIndex = -1;      ///< the counterexample the Save popup is for
    bool m_openSave = false;
    bool m_savePending = false; ///< the Save popup was confirmed: saved on the next frame
    std::string m_savePath;
    int m_loaded = 0;         ///< counterexamples loaded (the GUI test reads it)
    bool m_autoStart = false; ///< --run-panel hunt
};

} // namespace

std::unique_ptr<Panel> MakeHuntPanel() { return std::make_unique<HuntPanel>(); }

} // namespace hitlab
