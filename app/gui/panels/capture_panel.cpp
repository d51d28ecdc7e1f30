// The Capture panel: the table of a capture's queries (virtual scrolling: ImGuiListClipper), its
// filters and frame scrubber, the load's progress and Cancel, and the chosen row's answers.
#include "capture_panel.h"

#include "app/gui/model/capture_choice.h"
#include "app/gui/model/capture_load.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <memory>

namespace hitlab {

namespace {

double PanelNowSeconds()
{
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

ImVec4 VerdictColour(CaptureVerdict verdict)
{
    switch (verdict) {
    case CaptureVerdict::Agrees:
        return {0.55f, 0.85f, 0.55f, 1.0f};
    case CaptureVerdict::Convention:
        return {0.55f, 0.75f, 1.0f, 1.0f};
    case CaptureVerdict::Rounding:
        return {0.9f, 0.85f, 0.5f, 1.0f};
    case CaptureVerdict::Unexplained:
        return {1.0f, 0.45f, 0.4f, 1.0f};
    case CaptureVerdict::Bad:
        return {0.75f, 0.6f, 0.9f, 1.0f};
    }
    return {1, 1, 1, 1};
}

/// "unexplained,bad" as a verdict mask (unknown names are ignored; none known: all).
std::uint8_t VerdictMask(const std::string& names)
{
    std::uint8_t mask = 0;
    for (int v = 0; v < kCaptureVerdictCount; ++v) {
        std::string name = CaptureVerdictName(CaptureVerdict(v));
        name = name.substr(0, name.find(' ')); // "bad line": "bad"
        if (("," + names + ",").find("," + name + ",") != std::string::npos) {
            mask = std::uint8_t(mask | (1u << v));
        }
    }
    return mask == 0 ? std::uint8_t(0x1f) : mask;
}

class CapturePanel final : public CaptureBrowserPanel {
public:
    void Open(const std::string& path) override
    {
        m_path = path;
        m_table.Clear();
        m_header = {};
        m_choice.reset();
        m_answers.clear();
        m_chosen = -1;
        m_seconds = 0;
        m_error.clear();
        m_job = std::make_unique<CaptureLoadJob>(path);
        m_table.SetFilter(m_filter);
    }

    void StartWith(const std::string& verdicts, int row) override
    {
        if (!verdicts.empty()) {
            m_filter.verdicts = VerdictMask(verdicts);
            m_table.SetFilter(m_filter);
        }
        m_startRow = row;
    }

    void Update(PanelContext& ctx, bool /*shown*/) override
    {
        if (!m_job) {
            return;
        }
        if (ctx.lastFrame) {
            m_job->Wait(); // a --frames run shows the whole capture
        }
        m_job->Take(m_table);
        const double now = PanelNowSeconds();
        const bool done = m_job->Done();
        if (done) {
            m_job->Take(m_table); // what came between the two
            m_header = m_job->Header();
            m_seconds = m_job->Seconds();
            m_cancelled = m_job->Cancelled();
            if (const IoError e = m_job->Error(); !e.what.empty()) {
                m_error = ErrorText(e);
            }
            m_table.Refresh(true);
            m_table.Compact();
            m_job.reset();
            if (m_startRow >= 0 && std::size_t(m_startRow) < m_table.View().size()) {
                Choose(ctx, m_table.View()[std::size_t(m_startRow)]);
                m_startRow = -1;
            }
            return;
        }
        // another order than the line's is sorted again while rows come: twice a second, every
        // three seconds past 100,000 rows shown (a sort of a million takes a frame or two)
        const bool resort = now - m_lastSort > (m_table.View().size() > 100'000 ? 3.0 : 0.5);
        m_table.Refresh(resort);
        m_lastSort = resort ? now : m_lastSort;
    }

    void Report(nlohmann::json& report) const override
    {
        if (m_path.empty()) {
            return;
        }
        nlohmann::json r = {{"path", m_path},
                            {"loading", m_job != nullptr},
                            {"cancelled", m_cancelled},
                            {"rows", m_table.Rows().size()},
                            {"shown", m_table.View().size()},
                            {"seconds", m_seconds}};
        for (int v = 0; v < kCaptureVerdictCount; ++v) {
            r["counts"][CaptureVerdictName(CaptureVerdict(v))] = m_table.Counts()[v];
        }
        if (m_choice) {
            r["chosen_line"] = m_choice->line.number;
            nlohmann::json answers = nlohmann::json::array();
            for (const CaptureAnswerLine& line : m_answers) {
                answers.push_back({{"name", line.name}, {"answer", line.answer}, {"judgment", line.judgment}});
            }
            r["answers"] = answers;
        }
        report["capture"] = r;
    }

    void Draw(PanelContext& ctx) override
    {
        if (m_path.empty()) {
            ImGui::TextWrapped("Open a capture (File > Open, drop it on the window, or `hitlab CAPTURE`): the "
                               "queries an engine recorded with hitlab/capture.h, each answer judged.");
            return;
        }
        DrawStatus();
        if (m_table.Rows().empty()) {
            return;
        }
        DrawFilters();
        const float detail = m_choice ? ImGui::GetTextLineHeightWithSpacing() * 12.0f : 0.0f;
        DrawTable(ctx, ImVec2(0, -detail));
        if (m_choice) {
            DrawChoice(ctx);
        }
    }

private:
    void DrawStatus()
    {
        ImGui::TextUnformatted(std::filesystem::path(m_path).filename().string().c_str());
        if (m_header.present && !m_header.engine.empty()) {
            ImGui::SameLine();
            ImGui::TextDisabled("(engine: %s)", m_header.engine.c_str());
        }
        if (m_job) {
            const double mb = 1e-6;
            char text[128];
            std::snprintf(text, sizeof text, "%.1f of %.1f MB, %zu rows", double(m_job->BytesRead()) * mb,
                          double(m_job->TotalBytes()) * mb, m_table.Rows().size());
            ImGui::ProgressBar(m_job->Fraction(), ImVec2(-ImGui::GetFontSize() * 6.0f, 0), text);
            ImGui::SameLine();
            if (ImGui::Button("Cancel")) {
                m_job->Cancel();
            }
        } else {
            ImGui::Text("%zu rows in %.2f s%s", m_table.Rows().size(), m_seconds,
                        m_cancelled ? " (cancelled: the rest was not read)" : "");
        }
        if (!m_error.empty()) {
            ImGui::TextColored(VerdictColour(CaptureVerdict::Unexplained), "%s", m_error.c_str());
        }
    }

    void DrawFilters()
    {
        for (int v = 0; v < kCaptureVerdictCount; ++v) {
            bool on = (m_filter.verdicts & (1u << v)) != 0;
            char label[64];
            std::snprintf(label, sizeof label, "%s %llu##v%d", CaptureVerdictName(CaptureVerdict(v)),
                          static_cast<unsigned long long>(m_table.Counts()[v]), v);
            ImGui::PushStyleColor(ImGuiCol_Text, VerdictColour(CaptureVerdict(v)));
            if (ImGui::Checkbox(label, &on)) {
                m_filter.verdicts = std::uint8_t(on ? m_filter.verdicts | (1u << v) : m_filter.verdicts & ~(1u << v));
            }
            ImGui::PopStyleColor();
            ImGui::SameLine();
        }
        ImGui::NewLine();
        const float width = ImGui::GetFontSize() * 12.0f;
        ImGui::SetNextItemWidth(width);
        StringCombo("cause", m_table.Situations(), m_filter.situation);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(width);
        StringCombo("call site", m_table.Sites(), m_filter.site);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(width * 0.6f);
        int sort = int(m_table.Sort());
        if (ImGui::Combo("sort", &sort, "line\0ulps (most first)\0frame\0")) {
            m_table.SetSort(CaptureSort(sort));
        }
        DrawScrubber();
        m_table.SetFilter(m_filter);
        m_table.Refresh(true);
    }

    /// The frame scrubber: a range over the capture's frames (one frame when "one frame" is on).
    void DrawScrubber()
    {
        if (!m_table.AnyFrame()) {
            return;
        }
        std::int64_t lo = m_table.FrameMin(), hi = m_table.FrameMax();
        if (!m_filter.frames) {
            m_filter.frameMin = lo;
            m_filter.frameMax = hi;
        }
        ImGui::Checkbox("frames", &m_filter.frames);
        ImGui::SameLine();
        ImGui::Checkbox("one frame", &m_oneFrame);
        ImGui::SameLine();
        const float width = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
        ImGui::SetNextItemWidth(width);
        bool moved = ImGui::SliderScalar("##from", ImGuiDataType_S64, &m_filter.frameMin, &lo, &hi);
        if (m_oneFrame) {
            m_filter.frameMax = m_filter.frameMin;
        } else {
            ImGui::SameLine();
            ImGui::SetNextItemWidth(width);
            moved = ImGui::SliderScalar("##to", ImGuiDataType_S64, &m_filter.frameMax, &lo, &hi) || moved;
        }
        m_filter.frames = m_filter.frames || moved;
        m_filter.frameMax = std::max(m_filter.frameMax, m_filter.frameMin);
    }

    static void StringCombo(const char* label, const std::vector<std::string>& strings, int& chosen)
    {
        const char* preview = chosen < 0 ? "any" : strings[std::size_t(chosen)].c_str();
        if (!ImGui::BeginCombo(label, preview[0] == '\0' ? "(none)" : preview)) {
            return;
        }
        if (ImGui::Selectable("any", chosen < 0)) {
            chosen = -1;
        }
        for (std::size_t i = 0; i < strings.size() && i < 2000; ++i) {
            if (ImGui::Selectable(strings[i].empty() ? "(none)" : strings[i].c_str(), chosen == int(i))) {
                chosen = int(i);
            }
        }
        ImGui::EndCombo();
    }

    void DrawTable(PanelContext& ctx, ImVec2 size);
    void DrawRow(PanelContext& ctx, std::uint32_t index);
    void DrawChoice(PanelContext& ctx);
    void Choose(PanelContext& ctx, std::uint32_t index);

    std::string m_path;
    std::unique_ptr<CaptureLoadJob> m_job;
    CaptureTable m_table;
    CaptureHeader m_header;
    CaptureFilter m_filter;
    bool m_oneFrame = false;
    bool m_cancelled = false;
    double m_seconds = 0, m_lastSort = 0;
    std::string m_error;
    int m_startRow = -1;
    std::int64_t m_chosen = -1; ///< the chosen row's index in the table
    std::unique_ptr<CaptureChoice> m_choice;
    std::vector<CaptureAnswerLine> m_answers; ///< the chosen row's: the engine's, each algorithm's, the exact
};

void CapturePanel::DrawTable(PanelContext& ctx, ImVec2 size)
{
    const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("capture rows", 9, flags, size)) {
        return;
    }
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* name : {"line", "frame", "family", "precision", "call site", "engine", "judgement", "cause"}) {
        ImGui::TableSetupColumn(name);
    }
    ImGui::TableSetupColumn("ulps", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    const std::vector<std::uint32_t>& view = m_table.View();
    ImGuiListClipper clipper; // only the rows on screen are drawn: a million stay responsive
    clipper.Begin(int(view.size()));
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            DrawRow(ctx, view[std::size_t(i)]);
        }
    }
    ImGui::EndTable();
}

void CapturePanel::DrawRow(PanelContext& ctx, std::uint32_t index)
{
    const CaptureRow& row = m_table.Rows()[index];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    char label[32];
    std::snprintf(label, sizeof label, "%llu##r%u", static_cast<unsigned long long>(row.line), index);
    if (ImGui::Selectable(label, m_chosen == std::int64_t(index), ImGuiSelectableFlags_SpanAllColumns)) {
        Choose(ctx, index);
    }
    ImGui::TableNextColumn();
    if (row.hasFrame) {
        ImGui::Text("%lld", static_cast<long long>(row.frame));
    }
    const ImVec4 colour = VerdictColour(row.verdict);
    if (row.verdict == CaptureVerdict::Bad) {
        ImGui::TableSetColumnIndex(6);
        ImGui::TextColored(colour, "bad line");
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(m_table.Errors()[row.text].c_str());
        return;
    }
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(FamilyName(Family(row.family)).data());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(PrecisionName(Precision(row.precision)));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(m_table.Sites()[row.site].c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.engineHit ? "hit" : "miss");
    ImGui::TableNextColumn();
    ImGui::TextColored(colour, "%s%s", CaptureVerdictName(row.verdict), row.wrongVerdict ? " (verdict)" : "");
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(m_table.Situations()[row.text].c_str());
    ImGui::TableNextColumn();
    if (row.ulps > 0) {
        ImGui::Text("%.3g", double(row.ulps));
    }
}

void CapturePanel::Choose(PanelContext& ctx, std::uint32_t index)
{
    m_chosen = index;
    m_choice = ChooseCaptureRow(m_path, m_table.Rows()[index], m_header.conventions);
    m_answers = CaptureAnswerLines(*m_choice);
    if (m_choice->line.Ok()) {
        ctx.Queue(panel_action::ShowCaptureLine{CaptureChoiceScene(*m_choice, m_path), m_choice->line.query.family});
    }
}

void CapturePanel::DrawChoice(PanelContext& ctx)
{
    ImGui::Separator();
    const CaptureLine& line = m_choice->line;
    if (!line.Ok()) {
        ImGui::Text("Line %llu: %s", static_cast<unsigned long long>(line.number), ErrorText(line.error).c_str());
        return;
    }
    ImGui::Text("Line %llu: %s, %s%s%s", static_cast<unsigned long long>(line.number),
                FamilyName(line.query.family).data(), PrecisionName(line.precision), line.where.empty() ? "" : ", at ",
                line.where.c_str());
    ImGui::SameLine();
    if (ImGui::Button("Make a lesson from this")) {
        ctx.Queue(panel_action::SaveSceneAs{"line-" + std::to_string(line.number) + ".json"});
    }
    if (!m_choice->judgement.situation.empty()) {
        ImGui::TextWrapped("Situation: %s. %s", m_choice->judgement.situation.c_str(),
                           m_choice->judgement.reason.c_str());
    }
    if (!ImGui::BeginTable("capture answers", 3,
                           ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        return;
    }
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("answer of");
    ImGui::TableSetupColumn("answer");
    ImGui::TableSetupColumn("judgement", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (const CaptureAnswerLine& a : m_answers) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        const ImVec4 colour = a.disagrees ? VerdictColour(CaptureVerdict::Unexplained) : ImVec4(1, 1, 1, 1);
        ImGui::TextColored(a.given ? ImVec4(1.0f, 0.8f, 0.3f, 1.0f) : colour, "%s", a.name.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(a.answer.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(a.judgment.c_str());
    }
    ImGui::EndTable();
}

} // namespace

std::unique_ptr<Panel> MakeCapturePanel() { return std::make_unique<CapturePanel>(); }

} // namespace hitlab
