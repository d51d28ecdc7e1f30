// The Timing panel: ns per query of every algorithm of every family the scene queries, measured
// on the scene's own queries (core/timing.h's TimeQueries on a worker thread, TimingSession),
// as a table with min and median and a bar chart of the medians, the reference marked.
#include "app/gui/model/timing_model.h"
#include "panel.h"

#include "app/gui/view/viewport.h"

#include "core/io/protocol.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>

namespace hitlab {

namespace {

/// One family's times: a table with min and median and a bar of the median (scaled to the
/// family's slowest), the reference marked.
void FamilyTimes(const FamilyTiming& f)
{
    if (!ImGui::BeginTable("times", 4, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
        return;
    }
    // fixed widths from the first frame (auto-fit would need a frame to measure)
    float nameWidth = ImGui::CalcTextSize("algorithm").x;
    for (const AlgorithmTiming& a : f.algorithms) {
        nameWidth = std::max(nameWidth, ImGui::CalcTextSize(std::string(a.info->name).c_str()).x);
    }
    const float numberWidth = ImGui::CalcTextSize("median ns").x;
    ImGui::TableSetupColumn("algorithm", ImGuiTableColumnFlags_WidthFixed, nameWidth + ImGui::CalcTextSize(" *").x);
    ImGui::TableSetupColumn("min ns", ImGuiTableColumnFlags_WidthFixed, numberWidth);
    ImGui::TableSetupColumn("median ns", ImGuiTableColumnFlags_WidthFixed, numberWidth);
    ImGui::TableSetupColumn("median", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    const std::vector<double> bars = MedianBars(f);
    for (size_t i = 0; i < f.algorithms.size(); ++i) {
        const AlgorithmTiming& a = f.algorithms[i];
        const bool reference = a.info->reference;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (reference) {
            ImGui::Text("%s *", std::string(a.info->name).c_str());
            if (ImGui::IsItemHovered()) {
                ImGui::SetTooltip("the family's reference algorithm");
            }
        } else {
            ImGui::TextUnformatted(std::string(a.info->name).c_str());
        }
        ImGui::TableNextColumn();
        ImGui::Text("%8.2f", a.minNs);
        ImGui::TableNextColumn();
        ImGui::Text("%8.2f", a.medianNs);
        ImGui::TableNextColumn();
        // the bar: the median scaled to the family's slowest; the reference in its own colour
        ImGui::PushStyleColor(ImGuiCol_PlotHistogram,
                              reference ? ImVec4(0.35f, 0.75f, 0.45f, 1.0f) : ImVec4(0.35f, 0.55f, 0.9f, 1.0f));
        ImGui::ProgressBar(float(bars[i]), ImVec2(-1.0f, ImGui::GetTextLineHeight()), "");
        ImGui::PopStyleColor();
    }
    ImGui::EndTable();
}

class TimingPanel final : public Panel {
public:
    void Update(PanelContext& ctx, bool shown) override
    {
        if (!shown) {
            m_timing.Cancel(); // a closed panel's job stops (its thread is joined by the Poll below)
        }
        m_timing.Poll(ctx.lastFrame); // the last frame of a --frames run waits: its screenshot shows the result
    }

    void AutoStart() override { m_autoStart = true; }

    void Report(nlohmann::json& report) const override
    {
        if (const auto& timing = m_timing.Report()) {
            nlohmann::json families = nlohmann::json::array();
            for (const FamilyTiming& f : timing->families) {
                families.push_back({{"family", FamilyName(f.family)}, {"algorithms", f.algorithms.size()}});
            }
            report["timing"] = {{"families", families}, {"cancelled", timing->cancelled}};
        }
    }

    void Draw(PanelContext& ctx) override
    {
        bool start = m_autoStart && !m_timing.Running() && !m_timing.Report();
        m_autoStart = false;
        Choices();
        if (!m_timing.Running()) {
            start = ImGui::Button("Measure") || start;
            if (start) {
                TimingOptions options;
                options.precision = m_precision == 0 ? Precision::Float : Precision::Double;
                options.rounds = m_rounds;
                options.workload = static_cast<std::size_t>(m_workload);
                m_error = m_timing.Start(SceneQueries(ctx.GetScene()), options, ctx.Evaluation().Generation());
            }
            if (!m_error.empty()) {
                ImGui::SameLine();
                ImGui::TextDisabled("%s", m_error.c_str());
            }
        } else {
            if (ImGui::Button("Cancel")) {
                m_timing.Cancel();
            }
            ImGui::SameLine();
            ImGui::ProgressBar(float(m_timing.Progress()), ImVec2(-1.0f, 0.0f));
        }
        const std::optional<TimingReport>& report = m_timing.Report();
        if (report && !m_timing.Running()) {
            Results(ctx, *report);
        }
    }

private:
    void Choices()
    {
        ImGui::BeginDisabled(m_timing.Running());
        ImGui::TextUnformatted("precision");
        ImGui::SameLine();
        ImGui::RadioButton("float", &m_precision, 0);
        ImGui::SameLine();
        ImGui::RadioButton("double", &m_precision, 1);
        const float field = ImGui::GetFontSize() * 7.0f;
        ImGui::SetNextItemWidth(field);
        ImGui::InputInt("rounds", &m_rounds);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Timed passes per algorithm: min and median are over these");
        }
        ImGui::SameLine();
        ImGui::SetNextItemWidth(field);
        ImGui::InputInt("workload", &m_workload, 256, 4096);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Queries per pass: the scene's, then perturbed copies of them");
        }
        m_rounds = std::clamp(m_rounds, 1, 200);
        m_workload = std::clamp(m_workload, 1, 1 << 18);
        ImGui::EndDisabled();
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("Timing shares the CPU with the window's redraws: expect some noise.");
        ImGui::PopStyleColor();
    }

    static void Results(PanelContext& ctx, const TimingReport& report)
    {
        char took[32];
        std::snprintf(took, sizeof took, report.seconds < 1 ? "%.0f ms" : "%.1f s",
                      report.seconds < 1 ? report.seconds * 1000.0 : report.seconds);
        ImGui::TextWrapped("ns per query, %s, %d rounds, measured in %s%s", PrecisionName(report.options.precision),
                           report.options.rounds, took, report.cancelled ? " (cancelled: the rest is left out)" : "");
        if (report.generation != ctx.Evaluation().Generation()) {
            ImGui::SameLine();
            ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.3f, 1.0f), "(scene changed since)");
        }
        ImGui::BeginChild("timings");
        for (const FamilyTiming& f : report.families) {
            const std::string name(FamilyName(f.family));
            ImGui::PushID(name.c_str());
            const std::string header = name + "  (" + std::to_string(f.sceneQueries) +
                                       (f.sceneQueries == 1 ? " scene query, " : " scene queries, ") +
                                       std::to_string(f.workload) + " per pass)";
            if (ImGui::CollapsingHeader(header.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
                FamilyTimes(f);
            }
            ImGui::PopID();
        }
        if (!report.families.empty()) {
            ImGui::TextDisabled("* the family's reference algorithm");
        }
        ImGui::EndChild();
    }

    int m_precision = 0; ///< 0 float, 1 double
    int m_rounds = 15;
    int m_workload = 4096;
    TimingSession m_timing; ///< cancels and joins its thread when destroyed (the app quits)
    std::string m_error;
    bool m_autoStart = false; ///< --run-panel timing
};

} // namespace

std::unique_ptr<Panel> MakeTimingPanel() { return std::make_unique<TimingPanel>(); }

} // namespace hitlab
