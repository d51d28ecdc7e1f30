// The Query inspector's pair legend and normal convention.
#include "pair_legend.h"

#include "core/outcome_text.h"

#include <imgui.h>

namespace hitlab {

namespace {

ImVec4 Vec(const glm::vec4& c) { return ImVec4(c.x, c.y, c.z, c.w); }

} // namespace

void DrawPairLegend(const PairLegend& legend, const std::string& label, const PairColors& colors)
{
    if (!legend.roles) {
        ImGui::TextUnformatted(label.c_str());
        return;
    }
    ImGui::TextColored(Vec(colors.a), "%s", legend.a.c_str());
    ImGui::SameLine();
    ImGui::TextColored(Vec(colors.b), "%s", legend.b.c_str());
}

void DrawNormalConvention(Family family, const std::string& verdict)
{
    const bool point = FamilyShapeA(family) == ShapeKindName(ShapeKind::Point);
    if (!IsCast(family) && !point && verdict.find("points from a to b") == std::string::npos) { // a point has no normal
        ImGui::TextDisabled("%s", kNormalConvention);
    }
}

} // namespace hitlab
