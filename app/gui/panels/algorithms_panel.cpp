// The Algorithms panel: per family the scene queries, which algorithms run (checkboxes), which
// one the viewport draws (radio), the precision; a tooltip per algorithm with its summary,
// source and conventions. Every change is a SetFamilySettingsCommand (undoable).
#include "app/gui/model/algorithms_model.h"
#include "external_ui.h"
#include "panel.h"

#include "app/gui/view/viewport.h"

#include <imgui.h>

namespace hitlab {

namespace {

/// One algorithm's row: run (checkbox), draw (radio), its name with a tooltip.
void AlgorithmRow(PanelContext& ctx, Family family, const FamilySettings& settings, const AlgorithmEntry& a)
{
    Scene& scene = ctx.GetScene();
    ImGui::PushID(a.info->name.data(), a.info->name.data() + a.info->name.size());
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    bool on = a.enabled;
    if (ImGui::Checkbox("##run", &on)) {
        const FamilySettings after = WithEnabled(settings, *a.info, on);
        if (after.enabled != settings.enabled) {
            ctx.Execute(SetFamilySettingsCommand(scene, family, after,
                                                 std::string(on ? "Run " : "Stop ") + std::string(a.info->name)));
        }
    }
    ImGui::TableNextColumn();
    if (ImGui::RadioButton("##draw", a.drawn) && !a.drawn) {
        ctx.Execute(
            SetFamilySettingsCommand(scene, family, WithDrawn(settings, *a.info), "Draw " + std::string(a.info->name)));
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

/// A family: its precision and its algorithms' table.
void FamilySection(PanelContext& ctx, const FamilyEntry& family)
{
    Scene& scene = ctx.GetScene();
    const std::string name(FamilyName(family.family));
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
        ctx.Execute(SetFamilySettingsCommand(scene, family.family, after, "Precision of " + name));
    }
    if (ImGui::BeginTable("algorithms", 3, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("run");
        ImGui::TableSetupColumn("draw");
        ImGui::TableSetupColumn("algorithm", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableHeadersRow();
        for (const AlgorithmEntry& a : family.algorithms) {
            AlgorithmRow(ctx, family.family, settings, a);
        }
        ImGui::EndTable();
    }
}

class AlgorithmsPanel final : public Panel {
public:
    void Draw(PanelContext& ctx) override
    {
        // the queries per family are counted once per evaluation, next to it (EvaluationSummary)
        const std::vector<FamilyEntry> families = BuildAlgorithmList(ctx.GetScene(), ctx.Summary().Counts());
        if (families.empty()) {
            ImGui::TextDisabled("No queries: add a ray and a box, or two solids.");
        }
        for (const FamilyEntry& family : families) {
            const std::string name(FamilyName(family.family));
            ImGui::PushID(name.c_str());
            const std::string header =
                name + "  (" + std::to_string(family.queries) + (family.queries == 1 ? " query)" : " queries)");
            if (ImGui::CollapsingHeader(header.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
                FamilySection(ctx, family);
            }
            ImGui::PopID();
        }
        ScenePluginsNotice(ctx);
        ExternalSourcesSection(ctx);
    }
};

} // namespace

std::unique_ptr<Panel> MakeAlgorithmsPanel() { return std::make_unique<AlgorithmsPanel>(); }

} // namespace hitlab
