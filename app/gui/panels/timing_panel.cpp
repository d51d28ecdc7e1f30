// The Timing panel: ns per query of every algorithm of every family the scene queries, measured
// on the scene's own queries (core/timing.h's TimeQueries on a worker thread, TimingSession),
// as a table with min and median and a bar chart of the medians, the reference marked.
#include "panels.h"

#include "core/io/protocol.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace hitlab {

void Panels::DrawTimingPanel()
{
    ToolPanels& t = m_tools;
    bool start = t.autoStart && !t.timing.Running() && !t.timing.Report();
    t.autoStart = false;

    PlaceToolWindow(1);
    if (!ImGui::Begin("Timing", &t.showTiming)) {
        ImGui::End();
        return;
    }
    RecordRect("Timing");
    const bool running = t.timing.Running();

    // ---- the choices ----
    ImGui::BeginDisabled(running);
    ImGui::TextUnformatted("precision");
    ImGui::SameLine();
    ImGui::RadioButton("float", &t.timingPrecision, 0);
    ImGui::SameLine();
    ImGui::RadioButton("double", &t.timingPrecision, 1);
    const float field = ImGui::GetFontSize() * 7.0f;
    ImGui::SetNextItemWidth(field);
    ImGui::InputInt("rounds", &t.timingRounds);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Timed passes per algorithm: min and median are over these");
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(field);
    ImGui::InputInt("workload", &t.timingWorkload, 256, 4096);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Queries per pass: the scene's, then perturbed copies of them");
    }
    t.timingRounds = std::clamp(t.timingRounds, 1, 200);
    t.timingWorkload = std::clamp(t.timingWorkload, 1, 1 << 18);
    ImGui::EndDisabled();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Timing shares the CPU with the window's redraws: expect some noise.");
    ImGui::PopStyleColor();

    // ---- measure, progress, cancel ----
    if (!running) {
        start = ImGui::Button("Measure") || start;
        if (start) {
            TimingOptions options;
            options.precision = t.timingPrecision == 0 ? Precision::Float : Precision::Double;
            options.rounds = t.timingRounds;
            options.workload = static_cast<std::size_t>(t.timingWorkload);
            t.timingError =
                t.timing.Start(SceneQueries(m_viewport.GetScene()), options, m_viewport.Evaluation().Generation());
        }
        if (!t.timingError.empty()) {
            ImGui::SameLine();
            ImGui::TextDisabled("%s", t.timingError.c_str());
        }
    } else {
        if (ImGui::Button("Cancel")) {
            t.timing.Cancel();
        }
        ImGui::SameLine();
        ImGui::ProgressBar(float(t.timing.Progress()), ImVec2(-1.0f, 0.0f));
    }

    // ---- the results ----
    const std::optional<TimingReport>& report = t.timing.Report();
    if (report && !t.timing.Running()) {
        char took[32];
        std::snprintf(took, sizeof took, report->seconds < 1 ? "%.0f ms" : "%.1f s",
                      report->seconds < 1 ? report->seconds * 1000.0 : report->seconds);
        ImGui::TextWrapped("ns per query, %s, %d rounds, measured in %s%s", PrecisionName(report->options.precision),
                           report->options.rounds, took, report->cancelled ? " (cancelled: the rest is left out)" : "");
        if (report->generation != m_viewport.Evaluation().Generation()) {
            ImGui::SameLine();
            ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.3f, 1.0f), "(scene changed since)");
        }
        ImGui::BeginChild("timings");
        for (const FamilyTiming& f : report->families) {
            const std::string name(FamilyName(f.family));
            ImGui::PushID(name.c_str());
            const std::string header = name + "  (" + std::to_string(f.sceneQueries) +
                                       (f.sceneQueries == 1 ? " scene query, " : " scene queries, ") +
                                       std::to_string(f.workload) + " per pass)";
            if (ImGui::CollapsingHeader(header.c_str(), ImGuiTreeNodeFlags_DefaultOpen) &&
                ImGui::BeginTable("times", 4, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
                // fixed widths from the first frame (auto-fit would need a frame to measure)
                float nameWidth = ImGui::CalcTextSize("algorithm").x;
                for (const AlgorithmTiming& a : f.algorithms) {
                    nameWidth = std::max(nameWidth, ImGui::CalcTextSize(std::string(a.info->name).c_str()).x);
                }
                const float numberWidth = ImGui::CalcTextSize("median ns").x;
                ImGui::TableSetupColumn("algorithm", ImGuiTableColumnFlags_WidthFixed,
                                        nameWidth + ImGui::CalcTextSize(" *").x);
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
                    ImGui::PushStyleColor(ImGuiCol_PlotHistogram, reference ? ImVec4(0.35f, 0.75f, 0.45f, 1.0f)
                                                                            : ImVec4(0.35f, 0.55f, 0.9f, 1.0f));
                    ImGui::ProgressBar(float(bars[i]), ImVec2(-1.0f, ImGui::GetTextLineHeight()), "");
                    ImGui::PopStyleColor();
                }
                ImGui::EndTable();
            }
            ImGui::PopID();
        }
        if (!report->families.empty()) {
            ImGui::TextDisabled("* the family's reference algorithm");
        }
        ImGui::EndChild();
    }
    ImGui::End();
}

} // namespace hitlab
