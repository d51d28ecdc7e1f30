// The Algorithms panel: per family the scene queries, which algorithms run (checkboxes), which
// one the viewport draws (radio), the precision; a tooltip per algorithm with its summary,
// source and conventions. Every change is a SetFamilySettingsCommand (undoable).
#include "panels.h"

#include "algorithms_model.h"

#include <imgui.h>

namespace hitlab {

void Panels::DrawAlgorithmsPanel()
{
    PlaceWindow("Algorithms", 2);
    if (!ImGui::Begin("Algorithms", &m_showAlgorithms)) {
        ImGui::End();
        return;
    }
    RecordRect("Algorithms");
    Scene& scene = m_viewport.GetScene();
    if (m_countsGeneration != m_viewport.Evaluation().Generation()) { // counted once per evaluation
        m_countsGeneration = m_viewport.Evaluation().Generation();
        m_familyCounts = CountQueries(m_viewport.Evaluation());
    }
    const std::vector<FamilyEntry> families = BuildAlgorithmList(scene, m_familyCounts);
    if (families.empty()) {
        ImGui::TextDisabled("No queries: add a ray and a box, or two solids.");
    }
    for (const FamilyEntry& family : families) {
        const std::string name(FamilyName(family.family));
        ImGui::PushID(name.c_str());
        const std::string header =
            name + "  (" + std::to_string(family.queries) + (family.queries == 1 ? " query)" : " queries)");
        if (ImGui::CollapsingHeader(header.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
            const FamilySettings& settings = scene.Settings(family.family);
            int precision = family.precision == Precision::Float ? 0 : 1;
            ImGui::TextDisabled("precision");
            ImGui::SameLine();
            bool changed = ImGui::RadioButton("float", &precision, 0);
            ImGui::SameLine();
            changed = ImGui::RadioButton("double", &precision, 1) || changed;
            if (changed) {
                FamilySettings after = settings;
                after.precision = precision == 0 ? Precision::Float : Precision::Double;
                Execute(SetFamilySettingsCommand(scene, family.family, after, "Precision of " + name));
            }
            if (ImGui::BeginTable("algorithms", 3, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
                ImGui::TableSetupColumn("run");
                ImGui::TableSetupColumn("draw");
                ImGui::TableSetupColumn("algorithm", ImGuiTableColumnFlags_WidthStretch);
                ImGui::TableHeadersRow();
                for (const AlgorithmEntry& a : family.algorithms) {
                    ImGui::PushID(a.info->name.data(), a.info->name.data() + a.info->name.size());
                    ImGui::TableNextRow();
                    ImGui::TableNextColumn();
                    bool on = a.enabled;
                    if (ImGui::Checkbox("##run", &on)) {
                        const FamilySettings after = WithEnabled(settings, *a.info, on);
                        if (after.enabled != settings.enabled) {
                            Execute(SetFamilySettingsCommand(scene, family.family, after,
                                                             std::string(on ? "Run " : "Stop ") +
                                                                 std::string(a.info->name)));
                        }
                    }
                    ImGui::TableNextColumn();
                    if (ImGui::RadioButton("##draw", a.drawn) && !a.drawn) {
                        Execute(SetFamilySettingsCommand(scene, family.family, WithDrawn(settings, *a.info),
                                                         "Draw " + std::string(a.info->name)));
                    }
                    ImGui::TableNextColumn();
                    const std::string label = std::string(a.info->name) + (a.info->reference ? "  (reference)" : "") +
                                              (a.info->published ? "  [published]" : "");
                    if (a.enabled) {
                        ImGui::TextUnformatted(label.c_str());
                    } else {
                        ImGui::TextDisabled("%s", label.c_str());
                    }
                    if (ImGui::IsItemHovered()) {
                        ImGui::BeginTooltip();
                        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
                        ImGui::TextUnformatted(AlgorithmTooltip(*a.info).c_str());
                        ImGui::PopTextWrapPos();
                        ImGui::EndTooltip();
                    }
                    ImGui::PopID();
                }
                ImGui::EndTable();
            }
        }
        ImGui::PopID();
    }
    ImGui::End();
}

} // namespace hitlab
