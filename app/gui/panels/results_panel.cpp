// The Results panel: the side-by-side table (results_model.h) per family; disagreeing rows marked
// with whether the conventions explain them; clicking a row focuses that pair.
#include "app/gui/model/external_session.h"
#include "app/gui/model/results_model.h"
#include "panel.h"

#include "app/gui/view/viewport.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>

#include <unordered_map>

namespace hitlab {

namespace {

const ImVec4 kExplained{1.0f, 0.78f, 0.3f, 1.0f};
const ImVec4 kUnexplained{1.0f, 0.35f, 0.35f, 1.0f};
const ImVec4 kRounding{0.55f, 0.75f, 1.0f, 1.0f};
const ImVec4 kExact{0.85f, 0.85f, 0.85f, 1.0f};
const ImVec4 kDiffers{1.0f, 0.3f, 0.85f, 1.0f};
const ImVec4 kHit{0.55f, 0.9f, 0.55f, 1.0f};
const ImVec4 kMiss{0.6f, 0.62f, 0.66f, 1.0f};

/// A row's hover tooltip: its label, the reasons and the exact judge's verdict.
void RowTooltip(const ResultRow& row)
{
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

/// The row's cells after the query: the disagreement mark, the exact verdict, each algorithm's result.
void RowCells(const ResultRow& row)
{
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
        } else if (!cell.failure.empty()) { // a program or plugin that failed: a disagreement
            ImGui::TextColored(kUnexplained, "%s", cell.text.c_str());
        } else {
            ImGui::TextColored(cell.differs ? kDiffers : cell.hit ? kHit : kMiss, "%s", cell.text.c_str());
        }
    }
}

class ResultsPanel final : public Panel {
public:
    void Draw(PanelContext& ctx) override
    {
        ImGui::Checkbox("disagreements only", &m_disagreementsOnly);
        Refresh(ctx);
        if (m_tables.empty()) {
            ImGui::TextDisabled("No queries in this scene.");
        }
        const std::optional<SceneQuery> focus = ctx.Focused();
        for (ResultsTable& table : m_tables) { // rows are judged exactly as they are shown
            const std::string name(FamilyName(table.family));
            ImGui::PushID(name.c_str());
            ImGui::Spacing();
            ImGui::Text("%s", name.c_str());
            ImGui::SameLine();
            // the count the status box sums (EvaluationSummary), counted once per evaluation
            if (const int disagreements = ctx.Summary().Disagreements(table.family); disagreements > 0) {
                ImGui::TextColored(kDiffers, "%d with disagreement", disagreements);
            } else {
                ImGui::TextDisabled("all agree");
            }
            if (!table.queries.empty()) {
                Table(ctx, table, focus);
            }
            ImGui::PopID();
        }
        ImGui::Spacing();
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("! the algorithms disagree, explained by a declared convention or a documented flaw;  "
                           "~ float rounding (they agree in double);  !! not explained. exact: the exact rational "
                           "judge; a red cell is wrong against it. * an external program's or plugin's algorithm (a "
                           "failure, e.g. crashed or timed out, counts as a disagreement). Hover a row for the "
                           "reasons, click it to inspect.");
        ImGui::PopStyleColor();
    }

    /// "results": per family its columns (name, external) and its first rows (label, mark, cells'
    /// texts), as the table shows them before the exact judge.
    void Report(nlohmann::json& report) const override
    {
        if (m_scene == nullptr || m_evaluator == nullptr) {
            return;
        }
        nlohmann::json tables = nlohmann::json::array();
        for (const ResultsTable& table : BuildResultsTables(*m_scene, *m_evaluator, false, true, m_external)) {
            nlohmann::json columns = nlohmann::json::array();
            for (size_t c = 0; c < table.columns.size(); ++c) {
                columns.push_back({{"name", table.columns[c]->name}, {"external", c >= table.builtinColumns}});
            }
            nlohmann::json rows = nlohmann::json::array();
            for (size_t i = 0; i < std::min<size_t>(table.queries.size(), 200); ++i) {
                const ResultRow row = MakeResultRow(*m_scene, *m_evaluator, table, i, m_external);
                nlohmann::json cells = nlohmann::json::array();
                for (const ResultCell& cell : row.cells) {
                    cells.push_back(cell.text);
                }
                rows.push_back({{"label", row.label}, {"mark", row.symbol}, {"cells", cells}});
            }
            tables.push_back({{"family", FamilyName(table.family)},
                              {"columns", columns},
                              {"disagreements", table.disagreements},
                              {"rows", rows}});
        }
        report["results"] = tables;
        report["external_pending"] = m_external != nullptr && m_external->Busy();
    }

private:
    /// Rebuilds the tables when the evaluation, the edit history (names) or the filter changed
    /// (the stress scene has 100,000 rows: building them every frame cost ~80 ms).
    void Refresh(PanelContext& ctx)
    {
        const SceneEvaluator& evaluation = ctx.Evaluation();
        const std::uint64_t history = ctx.GetHistory().Generation();
        const std::uint64_t external = ctx.external != nullptr ? ctx.external->Generation() : 0;
        m_external = ctx.external;
        if (evaluation.Generation() == m_evaluation && history == m_history && m_disagreementsOnly == m_filter &&
            external == m_externalGeneration) {
            return;
        }
        // shapes moved (a drag): the same rows in the same tables; the counts change, and the cells
        // of the recomputed queries, which the visible rows show again (m_rows is rebuilt lazily)
        if (evaluation.RecomputedSince(m_evaluation) != nullptr && !m_disagreementsOnly && !m_filter &&
            history == m_history && external == m_externalGeneration &&
            ctx.Summary().Covers(evaluation, ctx.external)) {
            for (ResultsTable& table : m_tables) {
                table.disagreements = ctx.Summary().Disagreements(table.family);
            }
            m_rows.clear();
            m_evaluation = evaluation.Generation();
            return;
        }
        m_tables =
            BuildResultsTables(ctx.GetScene(), evaluation, m_disagreementsOnly, true, ctx.external, &ctx.Summary());
        m_externalGeneration = external;
        m_scene = &ctx.GetScene();
        m_evaluator = &evaluation;
        m_rows.clear();
        m_evaluation = evaluation.Generation();
        m_history = history;
        m_filter = m_disagreementsOnly;
    }

    /// A family's table; rows beyond a screenful scroll inside it (the stress scene has 100,000).
    void Table(PanelContext& ctx, ResultsTable& table, const std::optional<SceneQuery>& focus)
    {
        const float rowHeight = ImGui::GetTextLineHeightWithSpacing() + 2.0f;
        const float height = std::min(float(table.queries.size()) + 1.5f, 12.0f) * rowHeight;
        const int columns = int(table.columns.size()) + 3;
        const ImGuiTableFlags flags = ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                                      ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
        if (!ImGui::BeginTable("results", columns, flags, ImVec2(0, height))) {
            return;
        }
        ImGui::TableSetupScrollFreeze(1, 1);
        ImGui::TableSetupColumn("query");
        ImGui::TableSetupColumn("");
        ImGui::TableSetupColumn("exact");
        for (size_t c = 0; c < table.columns.size(); ++c) { // an external algorithm's name ends in *
            ImGui::TableSetupColumn(
                (std::string(table.columns[c]->name) + (c >= table.builtinColumns ? " *" : "")).c_str());
        }
        ImGui::TableHeadersRow();
        ImGuiListClipper clipper;
        clipper.Begin(int(table.queries.size()));
        while (clipper.Step()) {
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                ImGui::PushID(i);
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                const ResultRow& row = Row(ctx, table, i);
                const bool focused = focus && focus->a == row.query.a && focus->b == row.query.b;
                if (ImGui::Selectable(row.label.c_str(), focused, ImGuiSelectableFlags_SpanAllColumns)) {
                    ctx.Focus(row.query);
                }
                if (ImGui::IsItemHovered()) {
                    RowTooltip(row);
                }
                RowCells(row);
                ImGui::PopID();
            }
        }
        ImGui::EndTable();
    }

    /// Rows are made as they come into view, and kept until the evaluation changes.
    const ResultRow& Row(PanelContext& ctx, const ResultsTable& table, int i)
    {
        const std::uint64_t key = (std::uint64_t(table.family) << 32) | std::uint64_t(i);
        auto made = m_rows.find(key);
        if (made == m_rows.end()) {
            made = m_rows.emplace(key, MakeResultRow(ctx.GetScene(), ctx.Evaluation(), table, size_t(i), ctx.external))
                       .first;
        }
        ResultRow& row = made->second;
        if (!row.exactHit) {
            JudgeRow(ctx.GetScene(), ctx.Evaluation(), table, size_t(i), row, ctx.external);
        }
        return row;
    }

    bool m_disagreementsOnly = false;
    std::vector<ResultsTable> m_tables;
    std::unordered_map<std::uint64_t, ResultRow> m_rows; ///< the rows made so far (family << 32 | row)
    std::uint64_t m_evaluation = ~std::uint64_t(0);
    std::uint64_t m_history = ~std::uint64_t(0);
    bool m_filter = false;
    std::uint64_t m_externalGeneration = 0;
    const ExternalSession* m_external = nullptr; ///< for Report
    const Scene* m_scene = nullptr;              ///< for Report
    const SceneEvaluator* m_evaluator = nullptr; ///< for Report
};

} // namespace

std::unique_ptr<Panel> MakeResultsPanel() { return std::make_unique<ResultsPanel>(); }

} // namespace hitlab
