// The Ray fan panel (View > Ray fan): add a fan aimed at the selected shape, pick one, edit its
// target, n, origin and enabled flag (each edit one undo step), and read its counts, which
// algorithms hit where they disagree, and the last computation's time. The numbers are core's
// (FanCache); nothing is computed here.
#include "panel.h"

#include "app/gui/view/viewport.h"

#include "render/fan_draw.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>

namespace hitlab {

namespace {

void Swatch(const glm::vec4& c)
{
    const float h = ImGui::GetTextLineHeight();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddRectFilled(
        ImVec2(p.x + 1, p.y + 2), ImVec2(p.x + h - 3, p.y + h - 2),
        ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, std::max(c.w, 0.6f))));
    ImGui::Dummy(ImVec2(h, h));
    ImGui::SameLine();
}

/// Whether a fan's algorithm is an external program's or plugin's (not in the registry).
bool IsExternal(const AlgorithmInfo* info)
{
    const std::vector<const AlgorithmInfo*> builtin = AlgorithmsOf(info->family);
    return std::find(builtin.begin(), builtin.end(), info) == builtin.end();
}

/// "slab, slab_c*": the fan's algorithms, an external one marked * (as the Results table does).
std::string ComparedNames(const RayFan& f)
{
    std::string names;
    for (const AlgorithmInfo* info : f.algorithms) {
        names += (names.empty() ? "" : ", ") + std::string(info->name) + (IsExternal(info) ? "*" : "");
    }
    return names;
}

/// What core computed for a fan: counts, which algorithms hit where they disagree, the time.
void FanStats(const FanView& view, const SceneFan& fan)
{
    const FanCache::Entry* e = view.Cache().Find(fan.id);
    if (!fan.enabled) {
        ImGui::TextDisabled("disabled: not computed or drawn");
    } else if (e == nullptr || !e->error.empty() || e->fan.samples.empty()) {
        ImGui::TextColored(ImVec4(1.0f, 0.5f, 0.4f, 1.0f), "%s", e != nullptr ? e->error.c_str() : "not computed yet");
    } else {
        const RayFan& f = e->fan;
        ImGui::Text("%s, %s: %d x %d = %zu rays", std::string(FamilyName(f.family)).c_str(),
                    e->inputs && e->inputs->precision == Precision::Double ? "double" : "float", f.n, f.n,
                    f.samples.size());
        ImGui::TextWrapped("computed in %.2f ms (again only when the fan, its target or the algorithms change)", e->ms);
        ImGui::TextWrapped("compares: %s (the Algorithms panel chooses; * external)", ComparedNames(f).c_str());
        if (const std::string status = view.ExternalStatus(fan.id); !status.empty()) {
            ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.4f, 1.0f), "%s", status.c_str());
        }
        Swatch(fan_palette::kAllHit);
        ImGui::Text("all hit: %zu", e->stats.allHit);
        Swatch(fan_palette::kAllMiss);
        ImGui::Text("all miss: %zu", e->stats.allMiss);
        Swatch(f.algorithms.size() == 2 ? fan_palette::kOnlyA : fan_palette::kDisagree);
        ImGui::Text("disagree: %zu", e->stats.disagree);
        for (std::size_t i = 0; i < e->stats.masks.size() && i < 8; ++i) {
            const auto& [mask, count] = e->stats.masks[i];
            if (f.algorithms.size() == 2) {
                Swatch(mask == 1u ? fan_palette::kOnlyA : fan_palette::kOnlyB);
            } else {
                ImGui::Dummy(ImVec2(ImGui::GetTextLineHeight(), 0.0f));
                ImGui::SameLine();
            }
            ImGui::Text("%zu rays: only %s hit", count, MaskNames(f, mask).c_str());
        }
        if (e->stats.masks.size() > 8) {
            ImGui::TextDisabled("... %zu more combinations", e->stats.masks.size() - 8);
        }
    }
}

class FanPanel final : public Panel {
public:
    void Draw(PanelContext& ctx) override
    {
        Scene& scene = ctx.GetScene();
        FanView& view = ctx.Fans();
        AddFanButton(ctx);
        if (scene.Fans().empty()) {
            ImGui::TextWrapped("No ray fans. A fan casts n x n rays from one origin across a shape and colours each "
                               "by whether the compared algorithms agree. Select a box, sphere or plane and add one.");
            return;
        }
        for (const SceneFan& fan : scene.Fans()) {
            ImGui::PushID(static_cast<int>(fan.id));
            if (ImGui::Selectable(fan.name.c_str(), fan.id == view.selected)) {
                view.selected = fan.id;
            }
            ImGui::PopID();
        }
        const SceneFan* current = scene.FindFan(view.selected);
        if (current == nullptr) {
            ImGui::TextWrapped("Select a fan above, or click its origin dot in the viewport.");
            return;
        }
        const SceneFan fan = *current;
        ImGui::Separator();
        if (!FanEditor(ctx, fan)) {
            return; // deleted
        }
        ImGui::Separator();
        FanStats(view, fan);
        m_edit.CloseUnless(ImGui::IsAnyItemActive());
    }

    void Update(PanelContext& ctx, bool /*shown*/) override
    {
        m_scene = &ctx.GetScene();
        m_view = &ctx.Fans();
    }

    /// "fans": each fan's name, compared algorithms ("*" marks an external one), rays, disagreeing
    /// rays and external status, as the panel shows them.
    void Report(nlohmann::json& report) const override
    {
        nlohmann::json fans = nlohmann::json::array();
        if (m_scene == nullptr) {
            report["fans"] = fans;
            return;
        }
        for (const SceneFan& fan : m_scene->Fans()) {
            const FanCache::Entry* e = m_view->Cache().Find(fan.id);
            fans.push_back({{"name", fan.name},
                            {"compares", e != nullptr ? ComparedNames(e->fan) : std::string()},
                            {"rays", e != nullptr ? e->fan.samples.size() : 0},
                            {"disagree", e != nullptr ? e->stats.disagree : 0},
                            {"external_status", m_view->ExternalStatus(fan.id)}});
        }
        report["fans"] = fans;
    }

private:
    const Scene* m_scene = nullptr;
    const FanView* m_view = nullptr;

    /// A new fan aimed at the selection.
    static void AddFanButton(PanelContext& ctx)
    {
        Scene& scene = ctx.GetScene();
        const SceneShape* selection = scene.Find(ctx.Selected());
        const bool canAdd = selection != nullptr && IsFanTarget(selection->shape);
        ImGui::BeginDisabled(!canAdd);
        const std::string add =
            canAdd ? "Add a fan aimed at " + selection->name : "Add a fan (select a box, sphere or plane)";
        if (ImGui::Button(add.c_str())) {
            SceneFan fan;
            fan.name = "fan " + std::to_string(scene.NextFanId());
            fan.target = selection->id;
            fan.origin = NewFanOrigin(selection->shape, ctx.GetCamera());
            const FanId id = scene.NextFanId();
            ctx.Execute(AddFanCommand(std::move(fan)));
            ctx.Fans().selected = id;
        }
        ImGui::EndDisabled();
    }

    /// The fan's enabled flag, target, n and origin (each widget edits a copy; a drag or a typed
    /// value is one undo step) and Delete; false when the fan was deleted.
    bool FanEditor(PanelContext& ctx, const SceneFan& fan)
    {
        Scene& scene = ctx.GetScene();
        auto change = [&](const SceneFan& after, const char* what) {
            ctx.Execute(ChangeFanCommand(scene, after, std::string("Edit ") + what + " of"),
                        m_edit.For(ctx, ImGui::IsItemActivated()));
        };
        SceneFan edit = fan;
        if (ImGui::Checkbox("enabled", &edit.enabled)) {
            change(edit, "enabled");
        }
        const SceneShape* target = scene.Find(fan.target);
        if (ImGui::BeginCombo("target", target != nullptr ? target->name.c_str() : "(gone)")) {
            for (const SceneShape& s : scene.Shapes()) {
                if (IsFanTarget(s.shape) && ImGui::Selectable(s.name.c_str(), s.id == fan.target)) {
                    edit = fan;
                    edit.target = s.id;
                    change(edit, "target");
                }
            }
            ImGui::EndCombo();
        }
        edit = fan;
        if (ImGui::SliderInt("n", &edit.n, 16, 1024, "%d x n rays", ImGuiSliderFlags_AlwaysClamp)) {
            change(edit, "n");
        }
        edit = fan;
        const double speed = GridSpacing(ctx.GetCamera()) * 0.01;
        if (ImGui::DragScalarN("origin", ImGuiDataType_Double, &edit.origin.x, 3, float(speed), nullptr, nullptr,
                               "%.4g")) {
            change(edit, "origin");
        }
        if (ImGui::Button("Delete fan")) {
            ctx.Execute(RemoveFanCommand(fan.id));
            ctx.Fans().selected = 0;
            return false;
        }
        return true;
    }

    EditGroup m_edit;
};

} // namespace

std::unique_ptr<Panel> MakeFanPanel() { return std::make_unique<FanPanel>(); }

} // namespace hitlab
