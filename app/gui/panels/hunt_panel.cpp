// The Hunt panel: search for inputs where two algorithms (or one and the exact judge) disagree,
// on a worker thread (HuntSession over core/exact/hunt.h's HuntJob), and list the shrunk
// counterexamples: load one into the scene (one undoable step, focused), save it as a scene
// file, copy it as a GoogleTest case.
#include "panels.h"

#include "core/io/protocol.h"
#include "core/io/scene_file.h"

#include <imgui.h>

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

bool AlgorithmCombo(const char* label, Family family, std::string& name, bool withJudge)
{
    const std::string preview = name.empty() ? std::string("exact judge") : name;
    bool changed = false;
    if (ImGui::BeginCombo(label, preview.c_str())) {
        if (withJudge && ImGui::Selectable("exact judge", name.empty())) {
            name.clear();
            changed = true;
        }
        for (const AlgorithmInfo* info : AlgorithmsOf(family)) {
            const std::string n(info->name);
            const std::string item = info->reference ? n + "  (reference)" : n;
            if (ImGui::Selectable(item.c_str(), n == name)) {
                name = n;
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

} // namespace

void Panels::DrawHuntPanel()
{
    ToolPanels& t = m_tools;
    Scene& scene = m_viewport.GetScene();
    const std::optional<SceneQuery> focus = state.focused ? state.focused : m_viewport.Focused();
    if (!t.huntChoicesSet) {
        t.huntChoices = DefaultHuntChoices(scene, m_viewport.Evaluation(), focus);
        t.huntChoicesSet = true;
    }
    HuntChoices& c = t.huntChoices;
    const std::string invalid = ValidateHuntChoices(c, scene, focus);
    bool start = false;
    if (t.autoStart && invalid.empty() && !t.hunt.Running() && !t.hunt.Report()) {
        start = true; // --run-panel hunt
    }
    t.autoStart = false;

    if (t.savePending) {
        t.savePending = false;
        const std::optional<HuntReport>& r = t.hunt.Report();
        if (r && t.saveIndex >= 0 && size_t(t.saveIndex) < r->counterexamples.size()) {
            const std::string path = t.savePath;
            const Counterexample& cx = r->counterexamples[size_t(t.saveIndex)];
            if (path.empty()) {
                ReportError("Cannot save the counterexample: no file name given");
            } else if (const std::string e = SaveSceneFile(CounterexampleScene(cx, t.hunt.Options()), path);
                       !e.empty()) {
                ReportError("Cannot save " + path + ": " + e);
            } else {
                t.huntNote = "Saved counterexample " + std::to_string(t.saveIndex + 1) + " to " + path + ".";
            }
        }
    }

    PlaceToolWindow(0);
    if (!ImGui::Begin("Hunt", &t.showHunt)) {
        ImGui::End();
        return;
    }
    RecordRect("Hunt");
    const bool running = t.hunt.Running();
    const float field = ImGui::GetFontSize() * 10.0f;

    // ---- the choices ----
    ImGui::BeginDisabled(running);
    ImGui::SetNextItemWidth(field);
    if (ImGui::BeginCombo("family", std::string(FamilyName(c.family)).c_str())) {
        const std::vector<Family> present = EvaluatedFamilies(m_viewport.Evaluation());
        for (Family f : AllFamilies()) {
            const bool inScene = std::find(present.begin(), present.end(), f) != present.end();
            const std::string item = std::string(FamilyName(f)) + (inScene ? "  (in the scene)" : "");
            if (ImGui::Selectable(item.c_str(), f == c.family) && f != c.family) {
                const HuntChoices fresh = DefaultHuntChoices(scene, m_viewport.Evaluation(), focus, f);
                c.family = fresh.family;
                c.a = fresh.a;
                c.b = fresh.b;
                c.precision = fresh.precision;
                c.around = fresh.around;
            }
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (ImGui::Button("From the focused pair")) {
        c = DefaultHuntChoices(scene, m_viewport.Evaluation(), focus);
    }
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Family, algorithm and precision of the pair focused in Results");
    }
    ImGui::SetNextItemWidth(field);
    AlgorithmCombo("a", c.family, c.a, false);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(field);
    AlgorithmCombo("b", c.family, c.b, true);
    int precision = c.precision == Precision::Float ? 0 : 1;
    ImGui::RadioButton("float", &precision, 0);
    ImGui::SameLine();
    ImGui::RadioButton("double", &precision, 1);
    c.precision = precision == 0 ? Precision::Float : Precision::Double;
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
    ImGui::InputInt("found", &c.maxCounterexamples, 0, 0);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Stop once this many distinct counterexamples are found");
    }
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
    ImGui::EndDisabled();

    // ---- start, progress, cancel ----
    if (!running) {
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
            t.huntNote.clear();
            if (const std::string e = t.hunt.Start(MakeHuntOptions(c, scene, focus)); !e.empty()) {
                ReportError("Cannot start the hunt: " + e);
            }
        }
    } else {
        if (ImGui::Button("Cancel")) {
            t.hunt.Cancel();
        }
    }
    if (t.hunt.Running() || t.hunt.Report()) {
        const HuntProgress p = t.hunt.Progress();
        const HuntOptions& o = t.hunt.Options();
        const double fraction = HuntFraction(p, o);
        char overlay[64];
        if (fraction >= 0) {
            std::snprintf(overlay, sizeof overlay, "%.0f%%  (%.1f s)", fraction * 100.0, p.seconds);
        } else {
            std::snprintf(overlay, sizeof overlay, "%.1f s, no limit", p.seconds);
        }
        if (t.hunt.Running()) {
            ImGui::SameLine();
            ImGui::ProgressBar(fraction < 0 ? 0.0f : float(fraction), ImVec2(-1.0f, 0.0f), overlay);
        }
        ImGui::Text("%s cases, %s/s, %s disagreeing, %zu found", Count(double(p.cases)).c_str(),
                    Count(p.casesPerSecond).c_str(), Count(double(p.disagreements)).c_str(), p.counterexamples);
        if (o.tolerance > 0) {
            ImGui::SameLine();
            ImGui::TextDisabled("(%s near the boundary)", Count(double(p.nearBoundary)).c_str());
        }
    }

    // ---- the counterexamples ----
    const std::optional<HuntReport>& report = t.hunt.Report();
    if (report && !t.hunt.Running()) {
        const HuntOptions& o = t.hunt.Options();
        const std::string versus = o.b.empty() ? "the exact judge" : o.b;
        ImGui::TextDisabled("%s vs %s, %s, %s%s", o.a.c_str(), versus.c_str(), PrecisionName(o.precision),
                            report->method.c_str(), report->cancelled ? ", cancelled" : "");
        if (!report->error.empty()) {
            ImGui::TextWrapped("%s", report->error.c_str());
        } else if (report->counterexamples.empty()) {
            ImGui::TextWrapped("No disagreement found in %s cases.", Count(double(report->progress.cases)).c_str());
        }
        if (!t.huntNote.empty()) {
            ImGui::TextWrapped("%s", t.huntNote.c_str());
        }
        ImGui::Separator();
        ImGui::BeginChild("counterexamples");
        int index = 0;
        for (const Counterexample& cx : report->counterexamples) {
            ++index;
            ImGui::PushID(index);
            ImGui::TextWrapped("%d. %s", index, cx.text.c_str());
            ImGui::Indent();
            ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.75f, 0.4f, 1.0f));
            ImGui::TextWrapped("%s", DescribeDisagreement(cx, o).c_str());
            ImGui::PopStyleColor();
            ImGui::TextDisabled("distribution: %s", cx.distribution.c_str());
            if (ImGui::SmallButton("Load into scene")) {
                if (const std::optional<SceneQuery> loaded =
                        LoadCounterexample(scene, m_viewport.GetHistory(), cx, o)) {
                    // focus the new pair and look at it (the camera keeps its direction)
                    state.focused = *loaded;
                    state.step = -1;
                    state.playing = false;
                    m_viewport.Select(loaded->a);
                    m_lastSelected = loaded->a;
                    const CameraState view = CounterexampleScene(cx, o).camera;
                    m_viewport.camera.target = view.target;
                    m_viewport.camera.distance = view.distance;
                    ++t.loaded;
                    t.huntNote = "Loaded counterexample " + std::to_string(index) + " as " +
                                 scene.Find(loaded->a)->name + " and " + scene.Find(loaded->b)->name +
                                 " (Ctrl+Z undoes).";
                    if (!IsCast(loaded->family) && !scene.SolidPairsEnabled()) {
                        t.huntNote += " This scene does not compare pairs of solids, so the pair is not evaluated.";
                    }
                }
            }
            ImGui::SameLine();
            if (ImGui::SmallButton("Save as scene...")) {
                t.saveIndex = index - 1;
                t.openSave = true;
                std::snprintf(t.savePath, sizeof t.savePath, "%s", CounterexampleFileName(o, index).c_str());
            }
            ImGui::SameLine();
            if (ImGui::SmallButton("Copy GoogleTest")) {
                ImGui::SetClipboardText(GoogleTestSnippet(cx, o, index).c_str());
                t.huntNote = "Copied counterexample " + std::to_string(index) + " as a GoogleTest case.";
            }
            if (ImGui::TreeNode("GoogleTest")) {
                const std::string snippet = GoogleTestSnippet(cx, o, index);
                const float lines = float(std::count(snippet.begin(), snippet.end(), '\n') + 1);
                ImGui::BeginChild("snippet", ImVec2(0, std::min(lines, 14.0f) * ImGui::GetTextLineHeight() + 16.0f),
                                  true, ImGuiWindowFlags_HorizontalScrollbar);
                ImGui::TextUnformatted(snippet.c_str());
                ImGui::EndChild();
                ImGui::TreePop();
            }
            ImGui::Unindent();
            ImGui::Spacing();
            ImGui::PopID();
        }
        ImGui::EndChild();
    }

    // ---- save as scene ----
    if (t.openSave) {
        ImGui::OpenPopup("Save counterexample");
        t.openSave = false;
    }
    if (ImGui::BeginPopupModal("Save counterexample", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::TextUnformatted("Scene file:");
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 24.0f);
        if (ImGui::IsWindowAppearing()) {
            ImGui::SetKeyboardFocusHere();
        }
        const bool enter =
            ImGui::InputText("##path", t.savePath, sizeof t.savePath, ImGuiInputTextFlags_EnterReturnsTrue);
        const bool save = ImGui::Button("Save") || enter;
        ImGui::SameLine();
        if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
            ImGui::CloseCurrentPopup();
        } else if (save) {
            ImGui::CloseCurrentPopup();
            t.savePending = true; // next frame: the Enter that saved would also dismiss an error popup at once
        }
        ImGui::EndPopup();
    }
    ImGui::End();
}

} // namespace hitlab
