// The Results panel: the side-by-side table (results_model.h) per family; disagreeing rows marked
// with whether the conventions explain them; clicking a row focuses that pair.
#include "panels.h"

#include "results_model.h"

#include <imgui.h>

namespace hitlab {

namespace {

const ImVec4 kExplained{1.0f, 0.78f, 0.3f, 1.0f};
const ImVec4 kUnexplained{1.0f, 0.35f, 0.35f, 1.0f};
const ImVec4 kRounding{0.55f, 0.75f, 1.0f, 1.0f};
const ImVec4 kExact{0.85f, 0.85f, 0.85f, 1.0f};
const ImVec4 kDiffers{1.0f, 0.3f, 0.85f, 1.0f};
const ImVec4 kHit{0.55f, 0.9f, 0.55f, 1.0f};
const ImVec4 kMiss{0.6f, 0.62f, 0.66f, 1.0f};

} // namespace

void Panels::DrawResultsPanel()
{
    PlaceWindow("Results", 3);
    if (!ImGui::Begin("Results", &m_showResults)) {
        ImGui::End();
        return;
    }
    RecordRect("Results");
    Scene& scene = m_viewport.GetScene();
    ImGui::Checkbox("disagreements only", &m_disagreementsOnly);
    const SceneEvaluator& evaluation = m_viewport.Evaluation();
    const std::uint64_t historyGeneration = m_viewport.GetHistory().Generation();
    if (evaluation.Generation() != m_resultsEvaluation || historyGeneration != m_resultsHistory ||
        m_disagreementsOnly != m_resultsFilter) {
        m_resultsCache = BuildResultsTables(scene, evaluation, m_disagreementsOnly, true);
        m_resultRows.clear();
        m_resultsEvaluation = evaluation.Generation();
        m_resultsHistory = historyGeneration;
        m_resultsFilter = m_disagreementsOnly;
    }
    std::vector<ResultsTable>& tables = m_resultsCache; // rows are judged exactly as they are shown
    if (tables.empty()) {
        ImGui::TextDisabled("No queries in this scene.");
    }
    const std::optional<SceneQuery> focus = state.focused ? state.focused : m_viewport.Focused();
    for (ResultsTable& table : tables) {
        const std::string name(FamilyName(table.family));
        ImGui::PushID(name.c_str());
        ImGui::Spacing();
        ImGui::Text("%s", name.c_str());
        ImGui::SameLine();
        if (table.disagreements > 0) {
            ImGui::TextColored(kDiffers, "%d with disagreement", table.disagreements);
        } else {
            ImGui::TextDisabled("all agree");
        }
        if (table.queries.empty()) {
            ImGui::PopID();
            continue;
        }
        // rows beyond a screenful scroll inside the table (the stress scene has 100,000)
        const float rowHeight = ImGui::GetTextLineHeightWithSpacing() + 2.0f;
        const float height = std::min(float(table.queries.size()) + 1.5f, 12.0f) * rowHeight;
        const int columns = int(table.columns.size()) + 3;
        const ImGuiTableFlags flags = ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                                      ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
        if (ImGui::BeginTable("results", columns, flags, ImVec2(0, height))) {
            ImGui::TableSetupScrollFreeze(1, 1);
            ImGui::TableSetupColumn("query");
            ImGui::TableSetupColumn("");
            ImGui::TableSetupColumn("exact");
            for (const AlgorithmInfo* a : table.columns) {
                ImGui::TableSetupColumn(std::string(a->name).c_str());
            }
            ImGui::TableHeadersRow();
            ImGuiListClipper clipper;
            clipper.Begin(int(table.queries.size()));
            while (clipper.Step()) {
                for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                    // rows are made as they come into view, and kept until the evaluation changes
                    const std::uint64_t key = (std::uint64_t(table.family) << 32) | std::uint64_t(i);
                    auto made = m_resultRows.find(key);
                    if (made == m_resultRows.end()) {
                        made = m_resultRows.emplace(key, MakeResultRow(scene, evaluation, table, size_t(i))).first;
                    }
                    ResultRow& row = made->second;
                    if (!row.exactHit) {
                        JudgeRow(scene, evaluation, table, size_t(i), row);
                    }
                    ImGui::PushID(i);
                    ImGui::TableNextRow();
                    ImGui::TableNextColumn();
                    const bool focused = focus && focus->a == row.query.a && focus->b == row.query.b;
                    if (ImGui::Selectable(row.label.c_str(), focused, ImGuiSelectableFlags_SpanAllColumns)) {
                        state.focused = row.query;
                        state.step = -1;
                        state.playing = false;
                        m_viewport.Select(row.query.a);
                        m_lastSelected = row.query.a;
                    }
                    if (ImGui::IsItemHovered()) {
                        ImGui::BeginTooltip();
                        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 34.0f);
                        ImGui::TextUnformatted(row.label.c_str());
                        ImGui::Separator();
                        ImGui::TextUnformatted(row.tooltip.c_str());
                        if (row.exactHit) {
                            ImGui::TextDisabled("exact judge: %s", *row.exactHit ? "hit" : "miss");
                        }
                        ImGui::PopTextWrapPos();
                        ImGui::EndTooltip();
                    }
                    ImGui::TableNextColumn();
                    if (row.disagree) {
                        const bool unexplained = row.worst == Explanation::Unexplained;
                        ImGui::TextColored(unexplained                          ? kUnexplained
                                           : row.worst == Explanation::Rounding ? kRounding
                                                                                : kExplained,
                                           "%s", row.symbol.c_str());
                    }
                    ImGui::TableNextColumn();
                    if (row.exactHit) {
                        ImGui::TextColored(kExact, "%s", *row.exactHit ? "hit" : "miss");
                    }
                    for (const ResultCell& cell : row.cells) {
                        ImGui::TableNextColumn();
                        if (cell.wrongVsExact) { // wrong against the exact answer: a red cell
                            ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(150, 40, 40, 150));
                        }
                        if (cell.text.empty()) {
                            ImGui::TextDisabled("-");
                        } else {
                            ImGui::TextColored(cell.differs ? kDiffers
                                               : cell.hit   ? kHit
                                                            : kMiss,
                                               "%s", cell.text.c_str());
                        }
                    }
                    ImGui::PopID();
                }
            }
            ImGui::EndTable();
        }
        ImGui::PopID();
    }
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("! the algorithms disagree, explained by a declared convention or a documented flaw;  "
                       "~ float rounding (they agree in double);  !! not explained. exact: the exact rational "
                       "judge; a red cell is wrong against it. Hover a row for the reasons, click it to inspect.");
    ImGui::PopStyleColor();
    ImGui::End();
}

} // namespace hitlab
