// The Query inspector: the focused pair's trace under the family's drawn algorithm, step by step.
// Slab methods get the t number line (number_line.h), face-plane methods the faces, separating-
// axis tests the axes; every trace its steps with their values; and every algorithm of the family
// is compared with the reference in ulps (query_model.h). The step chosen here is what the
// viewport draws (PanelState::step).
#include "app/gui/model/external_session.h"
#include "app/gui/model/number_line.h"
#include "app/gui/model/query_model.h"
#include "app/gui/model/results_model.h"
#include "external_ui.h"
#include "number_line_draw.h"
#include "pair_legend.h"
#include "panel.h"

#include "app/gui/view/viewport.h"

#include "render/scene_draw.h"
#include "render/trace_draw.h"

#include <imgui.h>

namespace hitlab {

namespace {

ImVec4 PanelColor(const glm::vec4& c) { return ImVec4(c.x, c.y, c.z, c.w); }

} // namespace

namespace {

void FaceTable(const Trace& trace, int step)
{
    if (!ImGui::BeginTable("faces", 5,
                           ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit)) {
        return;
    }
    for (const char* h : {"face", "t", "point", "inside", ""}) {
        ImGui::TableSetupColumn(h);
    }
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < trace.steps.size(); ++i) {
        const auto* face = std::get_if<FacePart>(&trace.steps[i].part);
        if (face == nullptr || (step >= 0 && int(i) > step)) {
            continue;
        }
        ImGui::TableNextRow();
        if (int(i) == step) {
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(90, 90, 140, 120));
        }
        ImGui::TableNextColumn();
        ImGui::TextColored(PanelColor(palette::Axis(face->face / 2)), "%s", FaceName(face->face));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(face->tested ? ShortNumber(face->t).c_str() : "skipped");
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(face->tested ? ShortVecText(face->point).c_str() : "");
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(face->tested ? (face->inside ? "inside" : "outside") : "");
        ImGui::TableNextColumn();
        if (face->accepted) {
            ImGui::TextColored(ImVec4(0.55f, 0.9f, 0.55f, 1.0f), "accepted");
        }
    }
    ImGui::EndTable();
}

void AxisTable(const Trace& trace, int step, const PairColors& colors)
{
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
    // leave room below for the verdict
    if (!ImGui::BeginTable("axes", 6, flags, ImVec2(0, -ImGui::GetTextLineHeightWithSpacing() * 2.5f))) {
        return;
    }
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* h : {"axis", "ra (a)", "rb (b)", "distance", "overlap", ""}) {
        ImGui::TableSetupColumn(h);
    }
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < trace.steps.size(); ++i) {
        const auto* axis = std::get_if<AxisPart>(&trace.steps[i].part);
        if (axis == nullptr || (step >= 0 && int(i) > step)) {
            continue;
        }
        ImGui::TableNextRow();
        if (axis->separating) {
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(60, 140, 170, 110));
        } else if (axis->chosen) {
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(170, 80, 60, 110));
        }
        if (int(i) == step) {
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(90, 90, 140, 140));
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(axis->label.c_str());
        ImGui::TableNextColumn();
        ImGui::TextColored(PanelColor(colors.a), "%s", axis->skipped ? "" : ShortNumber(axis->ra).c_str());
        ImGui::TableNextColumn();
        ImGui::TextColored(PanelColor(colors.b), "%s", axis->skipped ? "" : ShortNumber(axis->rb).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(axis->skipped ? "" : ShortNumber(axis->distance).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(axis->skipped ? "" : ShortNumber(axis->overlap).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(axis->skipped      ? "skipped"
                               : axis->separating ? "SEPARATING"
                               : axis->chosen     ? "chosen (least overlap)"
                                                  : "");
    }
    ImGui::EndTable();
}

/// Every step with its values; the current one highlighted, the deciding one marked.
void StepList(const Trace& trace, int& step)
{
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV;
    if (!ImGui::BeginTable("steps", 2, flags, ImVec2(0, 0))) {
        return;
    }
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 2.0f);
    ImGui::TableSetupColumn("step and values", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < trace.steps.size(); ++i) {
        const TraceStep& s = trace.steps[i];
        ImGui::PushID(int(i));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (ImGui::Selectable(std::to_string(i + 1).c_str(), int(i) == step, ImGuiSelectableFlags_SpanAllColumns)) {
            step = int(i);
        }
        ImGui::TableNextColumn();
        std::string text = s.caption;
        if (int(i) == trace.decidingStep) {
            text += "   <- decides";
        }
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(text.c_str());
        if (!s.values.empty()) {
            std::string values;
            for (const TraceValue& v : s.values) {
                values += (values.empty() ? "" : "   ") + std::string(v.name) + " = " + ShortNumber(v.value);
            }
            ImGui::TextDisabled("%s", values.c_str());
        }
        if (const auto* p = std::get_if<PointPart>(&s.part)) {
            ImGui::TextDisabled("%s %s%s", p->label.c_str(), ShortVecText(p->point).c_str(), p->flag ? " (yes)" : "");
        } else if (const auto* seg = std::get_if<SegmentPart>(&s.part)) {
            ImGui::TextDisabled("%s %s -> %s", seg->label.c_str(), ShortVecText(seg->from).c_str(),
                                ShortVecText(seg->to).c_str());
        }
        ImGui::PopTextWrapPos();
        ImGui::PopID();
    }
    ImGui::EndTable();
}

void FamilyComparison(const FamilyTable& table)
{
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX;
    if (!ImGui::BeginTable("family", 6, flags)) {
        return;
    }
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("algorithm");
    ImGui::TableSetupColumn("verdict");
    ImGui::TableSetupColumn(table.firstHeader.c_str());
    ImGui::TableSetupColumn("ulps");
    ImGui::TableSetupColumn(table.secondHeader.c_str());
    ImGui::TableSetupColumn(table.secondHeader == "normal" ? "" : "ulps");
    ImGui::TableHeadersRow();
    // the exact judge first: what every row is measured against
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("exact");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("The exact rational judge (GMP): %s\n~ marks a value that involves a square root "
                          "(a 256-bit approximation).",
                          table.exact.valid ? DescribeExact(table.exact).c_str() : table.exact.note.c_str());
    }
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", !table.exact.valid ? "n/a" : table.exact.hit ? "hit" : "miss");
    for (const std::string* cell : {&table.exactFirst, &table.exactSecond}) {
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%s", cell->c_str());
        ImGui::TableNextColumn();
    }
    for (const FamilyRow& row : table.rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted((std::string(row.info->name) + (row.external ? " (ext)" : "")).c_str());
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s", std::string(row.info->title).c_str());
        }
        ImGui::TableNextColumn();
        if (row.wrongVsExact) { // wrong against the exact answer: a red cell
            ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(150, 40, 40, 150));
        }
        if (row.differs) {
            ImGui::TextColored(ImVec4(1.0f, 0.3f, 0.85f, 1.0f), "%s  %s", row.verdict.c_str(), row.mark.c_str());
            if (ImGui::IsItemHovered() && !row.reason.empty()) {
                ImGui::SetTooltip("%s: %s", ExplanationName(row.explanation), row.reason.c_str());
            }
        } else {
            ImGui::TextUnformatted(row.verdict.c_str());
        }
        for (const std::string* cell : {&row.first, &row.firstUlps, &row.second, &row.secondUlps}) {
            ImGui::TableNextColumn();
            const bool off = (cell == &row.firstUlps && row.firstOff) || (cell == &row.secondUlps && row.secondOff);
            if (off) { // more than half an ulp from the exact value: not correctly rounded
                ImGui::TextColored(ImVec4(1.0f, 0.78f, 0.3f, 1.0f), "%s", cell->c_str());
            } else {
                ImGui::TextUnformatted(cell->c_str());
            }
        }
    }
    ImGui::EndTable();
}

/// The step buttons: first, previous, next, last, play / pause, the whole trace; and the step's caption.
void StepControls(PanelState& state, const Trace& trace)
{
    const int count = int(trace.steps.size());
    if (ImGui::Button("|<")) {
        state.step = 0;
        state.playing = false;
    }
    ImGui::SameLine();
    if (ImGui::Button("<")) {
        state.step = state.step < 0 ? count - 1 : std::max(0, state.step - 1);
        state.playing = false;
    }
    ImGui::SameLine();
    if (ImGui::Button(">")) {
        state.step = std::min(count - 1, state.step + 1);
        state.playing = false;
    }
    ImGui::SameLine();
    if (ImGui::Button(">|")) {
        state.step = count - 1;
        state.playing = false;
    }
    ImGui::SameLine();
    if (ImGui::Button(state.playing ? "pause" : "play")) {
        state.playing = !state.playing;
        state.playClock = 0.0;
        if (state.playing && (state.step < 0 || state.step + 1 >= count)) {
            state.step = 0;
        }
    }
    ImGui::SameLine();
    if (ImGui::Button("all")) {
        state.step = -1;
        state.playing = false;
    }
    ImGui::SameLine();
    if (state.step >= 0) {
        ImGui::Text("step %d / %d: %s", state.step + 1, count, trace.steps[size_t(state.step)].caption.c_str());
    } else {
        ImGui::TextDisabled("all %d steps", count);
    }
}

/// The second algorithm chooser: "none" or another algorithm of the drawn one's family.
void CompareChooser(PanelState& state, const AlgorithmInfo& drawn)
{
    const std::vector<const AlgorithmInfo*> others = ComparableAlgorithms(drawn);
    if (others.empty()) {
        return;
    }
    const AlgorithmInfo* current = state.compare.empty() ? nullptr : FindAlgorithm(drawn.family, state.compare);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11.0f);
    const std::string preview = current != nullptr ? std::string(current->name) : "none";
    if (ImGui::BeginCombo("compare with", preview.c_str())) {
        if (ImGui::Selectable("none", current == nullptr)) {
            state.compare.clear();
        }
        for (const AlgorithmInfo* a : others) {
            if (ImGui::Selectable(std::string(a->name).c_str(), a == current)) {
                state.compare = std::string(a->name);
            }
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("A second algorithm's trace on the same query: its number line below the drawn one's, "
                          "on one t axis, and its crossings in the viewport as rings, its bands on the other "
                          "side of the ray.");
    }
}

/// A number line's heading: the algorithm and the step it shows.
void NumberLineCaption(const AlgorithmInfo& algorithm, const Trace& trace, int step)
{
    ImGui::PushTextWrapPos(0.0f);
    if (step >= 0 && step < int(trace.steps.size())) {
        ImGui::TextDisabled("%s, step %d / %d: %s", std::string(algorithm.name).c_str(), step + 1,
                            int(trace.steps.size()), trace.steps[size_t(step)].caption.c_str());
    } else {
        ImGui::TextDisabled("%s, all %d steps", std::string(algorithm.name).c_str(), int(trace.steps.size()));
    }
    ImGui::PopTextWrapPos();
}

/// The trace's picture for methods other than slabs: the faces or axes tables, or the current
/// step's values (sphere tests, closest points).
void OtherTraceDetail(const PanelState& state, const Trace& trace, const PairColors& colors)
{
    const int count = int(trace.steps.size());
    bool faces = false, axes = false;
    for (const TraceStep& s : trace.steps) {
        faces = faces || std::holds_alternative<FacePart>(s.part);
        axes = axes || std::holds_alternative<AxisPart>(s.part);
    }
    if (faces) {
        FaceTable(trace, state.step);
    }
    if (axes) {
        AxisTable(trace, state.step, colors);
    }
    // other methods (sphere tests, closest points): the current step's numbers, large enough to read
    const int shown = state.step >= 0 ? state.step : trace.decidingStep;
    if (!faces && !axes && shown >= 0 && shown < count) {
        const TraceStep& s = trace.steps[size_t(shown)];
        ImGui::TextDisabled(state.step >= 0 ? "this step" : "the deciding step");
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(s.caption.c_str());
        ImGui::PopTextWrapPos();
        if (!s.values.empty() &&
            ImGui::BeginTable("values", 2, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
            for (const TraceValue& v : s.values) {
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(v.name);
                ImGui::TableNextColumn();
                char exact[40];
                std::snprintf(exact, sizeof exact, "%.9g", v.value);
                ImGui::TextUnformatted(exact);
            }
            ImGui::EndTable();
        }
        if (const auto* p = std::get_if<PointPart>(&s.part)) {
            ImGui::Text("%s: %s", p->label.c_str(), ShortVecText(p->point).c_str());
        }
    }
}

/// The trace's picture: the t number line of slab methods (with the compared algorithm's below it),
/// the faces or axes tables, or the current step's values for other methods. A hovered bar is
/// written to state.hoveredBar for the viewport; `crossing` is the viewport's hovered crossing.
void TraceDetail(PanelState& state, const Trace& trace, const AlgorithmInfo& drawn, const PairColors& colors,
                 const Trace* compared, const AlgorithmInfo* comparedAlgorithm, SlabHighlight crossing)
{
    if (IsSlabTrace(trace)) {
        const float width = ImGui::GetContentRegionAvail().x;
        const bool both = compared != nullptr && comparedAlgorithm != nullptr && IsSlabTrace(*compared);
        const ComparedNumberLines lines =
            both ? LayOutComparedNumberLines(trace, drawn, *compared, *comparedAlgorithm, state.step)
                 : ComparedNumberLines{LayOutNumberLine(trace, drawn, state.step), {}, -1};
        if (both) {
            NumberLineCaption(drawn, trace, state.step);
        }
        const NumberLineLayout& layout = lines.drawn;
        SweepControls(state, state.sweep ? layout : LayOutNumberLine(trace, drawn, -1));
        if (const int bar = DrawNumberLine(layout, width, crossing.trace != 1 ? crossing.axis : -1); bar >= 0) {
            state.hoveredBar = bar;
            state.hoveredBarTrace = 0;
        }
        if (state.step >= 0 && !layout.sentence.empty() && layout.sentence != trace.verdict) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextUnformatted(layout.sentence.c_str());
            ImGui::PopTextWrapPos();
        }
        if (both) {
            ImGui::Separator();
            NumberLineCaption(*comparedAlgorithm, *compared, lines.comparedStep);
            if (const int bar = DrawNumberLine(lines.compared, width, crossing.trace == 1 ? crossing.axis : -1);
                bar >= 0) {
                state.hoveredBar = bar;
                state.hoveredBarTrace = 1;
            }
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextDisabled("%s:", std::string(comparedAlgorithm->name).c_str());
            ImGui::SameLine();
            ImGui::TextUnformatted(compared->verdict.c_str());
            ImGui::PopTextWrapPos();
        }
    } else {
        OtherTraceDetail(state, trace, colors);
    }
    ImGui::Separator();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("verdict:");
    ImGui::SameLine();
    ImGui::TextColored(trace.verdict.starts_with("hit") ? ImVec4(0.55f, 0.9f, 0.55f, 1.0f)
                                                        : ImVec4(1.0f, 0.7f, 0.5f, 1.0f),
                       "%s", trace.verdict.c_str());
    DrawNormalConvention(drawn.family, trace.verdict);
    ImGui::PopTextWrapPos();
}

class QueryPanel final : public Panel {
public:
    void Draw(PanelContext& ctx) override
    {
        PanelState& state = ctx.state;
        const Scene& scene = ctx.GetScene();
        const std::optional<SceneQuery> focus = ctx.Focused();
        const AlgorithmInfo* drawn = focus ? scene.Settings(focus->family).drawn : nullptr;
        m_externalTraces = nlohmann::json::array();
        if (!focus || drawn == nullptr || scene.Find(focus->a) == nullptr || scene.Find(focus->b) == nullptr) {
            ImGui::TextDisabled(
                "Click a row of the Results table, or select a shape, to take one query apart step by step.");
            return;
        }
        const Trace trace = SceneEvaluator::TraceOf(scene, *focus, *drawn);
        const int count = int(trace.steps.size());
        if (state.step >= count) {
            state.step = count - 1;
        }
        // play: one step every 0.8 s, stopping on the last
        if (state.playing && state.playClock >= 0.8) {
            state.playClock = 0.0;
            if (state.step + 1 < count) {
                ++state.step;
            } else {
                state.playing = false;
            }
        }
        const float width = ImGui::GetContentRegionAvail().x;
        const float leftW = std::floor(width * 0.46f), midW = std::floor(width * 0.27f);
        const char* precision = scene.Settings(focus->family).precision == Precision::Float ? "float" : "double";
        ImGui::BeginChild("trace", ImVec2(leftW, 0), false);
        const PairColors colors = RoleColors(scene.Find(focus->a)->color, scene.Find(focus->b)->color);
        DrawPairLegend(LegendOf(scene, *focus), QueryLabel(scene, *focus), colors);
        ImGui::SameLine();
        ImGui::TextDisabled("%s, %s, %s", std::string(FamilyName(focus->family)).c_str(),
                            std::string(drawn->name).c_str(), precision);
        StepControls(state, trace);
        CompareChooser(state, *drawn);
        const AlgorithmInfo* second = state.compare.empty() ? nullptr : FindAlgorithm(focus->family, state.compare);
        const Trace secondTrace = second != nullptr ? SceneEvaluator::TraceOf(scene, *focus, *second) : Trace{};
        TraceDetail(state, trace, *drawn, colors, second != nullptr ? &secondTrace : nullptr, second,
                    ctx.HoveredCrossing());
        ImGui::EndChild();

        ImGui::SameLine();
        ImGui::BeginChild("steps", ImVec2(midW, 0), true);
        int step = state.step;
        StepList(trace, step);
        if (step != state.step) {
            state.step = step;
            state.playing = false;
        }
        ImGui::EndChild();

        ImGui::SameLine();
        ImGui::BeginChild("family", ImVec2(0, 0), true);
        ImGui::TextDisabled("every %s algorithm vs the exact answer (ulps of %s; red: wrong verdict)",
                            std::string(FamilyName(focus->family)).c_str(), precision);
        FamilyComparison(FamilyTableOf(ctx, *focus));
        m_externalTraces = ExternalTraces(ctx, *focus, scene.Settings(focus->family).precision);
        ImGui::EndChild();
    }

    void Report(nlohmann::json& report) const override { report["query_external_traces"] = m_externalTraces; }

private:
    /// Every algorithm and the exact judge (GMP) on the pair: once per evaluation, not per frame.
    const FamilyTable& FamilyTableOf(PanelContext& ctx, const SceneQuery& focus)
    {
        const Scene& scene = ctx.GetScene();
        const std::uint64_t evaluation = ctx.Evaluation().Generation();
        const std::uint64_t history = ctx.GetHistory().Generation();
        // the external algorithms' answers, as the window's session last published them
        const std::uint64_t external = ctx.external != nullptr ? ctx.external->Generation() : 0;
        if (!m_tableFor || m_tableFor->a != focus.a || m_tableFor->b != focus.b || m_tableEvaluation != evaluation ||
            m_tableHistory != history || m_tableExternal != external) {
            m_table = BuildFamilyTable(scene, focus, scene.Settings(focus.family).precision,
                                       ctx.external != nullptr ? ctx.external->Outcomes(focus)
                                                               : std::span<const ExternalOutcome>{});
            m_tableExternal = external;
            m_tableFor = focus;
            m_tableEvaluation = evaluation;
            m_tableHistory = history;
        }
        return m_table;
    }

    nlohmann::json m_externalTraces = nlohmann::json::array(); ///< what ExternalTraces drew last frame
    FamilyTable m_table;                                       ///< the family table, for the pair and generations below
    std::optional<SceneQuery> m_tableFor;
    std::uint64_t m_tableEvaluation = 0, m_tableHistory = 0, m_tableExternal = 0;
};

} // namespace

std::unique_ptr<Panel> MakeQueryPanel() { return std::make_unique<QueryPanel>(); }

} // namespace hitlab
