// The Scene panel's "Far from the origin" section.
#include "offset_section.h"

#include "app/gui/model/offset_model.h"
#include "panel.h"

#include <imgui.h>

#include <string>

namespace hitlab {

void OffsetSection::Draw(const PanelContext& ctx)
{
    if (!ImGui::CollapsingHeader("Far from the origin")) {
        return;
    }
    const Scene& scene = ctx.GetScene();
    const std::optional<SceneQuery> shown = OffsetQueryShown(scene, ctx.Focused());
    const double lo = 0.0, hi = 1e7;
    ImGui::SetNextItemWidth(-FLT_MIN);
    ImGui::SliderScalar("##offset", ImGuiDataType_Double, &m_distance, &lo, &hi, "offset from origin %.6g",
                        ImGuiSliderFlags_Logarithmic);
    ImGui::TextDisabled("every shape moved by (d, d, d) in double, then rounded for float");
    if (!shown) {
        ImGui::TextDisabled("no query in the scene");
        return;
    }
    const OffsetAnswers answers = AnswersAtOffset(scene, *shown, m_distance);
    const SceneShape* a = scene.Find(shown->a);
    const SceneShape* b = scene.Find(shown->b);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text("%s: %s vs %s; exact: %s", std::string(FamilyName(shown->family)).c_str(), a->name.c_str(),
                b->name.c_str(), DescribeExact(answers.exact).c_str());
    ImGui::PopTextWrapPos();
    // scrolled sideways in a narrow panel rather than squeezed
    const float height = ImGui::GetTextLineHeightWithSpacing() * (static_cast<float>(answers.rows.size()) + 2.5f);
    if (!ImGui::BeginTable("offset answers", 5,
                           ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX,
                           ImVec2(0.0f, height))) {
        return;
    }
    for (const char* heading : {"algorithm", "float", "ulps", "double", "ulps"}) {
        ImGui::TableSetupColumn(heading);
    }
    ImGui::TableHeadersRow();
    for (const OffsetAnswer& row : answers.rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(std::string(row.info->name).c_str());
        for (const int p : {0, 1}) {
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(OffsetAnswerText(row.answer[p], shown->family, row.info->returns).c_str());
            ImGui::TableNextColumn();
            const std::string ulps = OffsetUlpsText(row.ulps[p], row.verdictWrong[p]);
            const bool bad = row.verdictWrong[p] || row.ulps[p] > 4;
            ImGui::TextColored(bad ? ImVec4(1.0f, 0.45f, 0.35f, 1.0f) : ImVec4(0.7f, 0.9f, 0.7f, 1.0f), "%s",
                               ulps.c_str());
        }
    }
    ImGui::EndTable();
}

} // namespace hitlab
