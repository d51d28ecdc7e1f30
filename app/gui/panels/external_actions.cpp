// The window's external programs and plugins: from the command line and the External menu
// (added and removed, remembered in $XDG_CONFIG_HOME/hitlab/external.txt), and the Algorithms
// panel's section that lists them with their status and a Reload button.
#include "external_ui.h"
#include "panels.h"

#include "app/gui/view/viewport.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cmath>
#include <cstdio>

namespace hitlab {

void Panels::StartExternal()
{
    m_external.SetTimeout(std::chrono::milliseconds(std::max(1LL, std::llround(m_options.externalTimeout * 1000))));
    const std::string config = ConfigDirectory();
    if (m_options.frames == 0 && !config.empty()) { // --frames runs (tests) see only their arguments
        m_external.SetListFile(config + "/external.txt");
    }
    for (const std::string& command : m_options.externalCommands) {
        m_external.Add({false, command});
    }
    for (const std::string& plugin : m_options.plugins) {
        m_external.Add({true, plugin});
    }
    // a scene's "plugins" are never loaded here: the Scene and Algorithms panels offer them
    // (ScenePluginsNotice)
}

void Panels::AddExternal(const ExternalSpec& spec, bool remember) { m_external.Add(spec, remember); }

void Panels::FanSources(bool wait)
{
    std::vector<std::string> commands, plugins;
    for (const ExternalSpec& spec : m_external.Specs()) {
        (spec.plugin ? plugins : commands).push_back(spec.text);
    }
    FanView& fans = m_viewport.Fans();
    fans.SetExternal(commands, plugins, m_external.Timeout());
    if (wait) {
        fans.WaitExternal();
    }
}

void Panels::ExternalMenu()
{
    if (ImGui::MenuItem("Add external program...")) {
        m_openExternalAdd = true;
        m_externalAddPlugin = false;
    }
    if (ImGui::MenuItem("Add plugin...")) {
        m_openExternalAdd = true;
        m_externalAddPlugin = true;
    }
    const std::vector<ExternalSpec> specs = m_external.Specs();
    if (!specs.empty()) {
        ImGui::Separator();
    }
    for (const ExternalSpec& spec : specs) {
        if (ImGui::MenuItem(("Remove " + ExternalSourceName(spec)).c_str())) {
            m_external.Remove(spec);
        }
    }
}

void Panels::ExternalPopup()
{
    const char* title = "Add external algorithms";
    if (m_openExternalAdd) {
        ImGui::OpenPopup(title);
        m_openExternalAdd = false;
        m_externalInput.clear();
    }
    if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        return;
    }
    ImGui::TextUnformatted(m_externalAddPlugin
                               ? "Plugin file (a shared library with the C ABI of hitlab/plugin.h):"
                               : "Command (run with /bin/sh -c, speaking the line protocol of docs/plugins.md):");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 32.0f);
    if (ImGui::IsWindowAppearing()) {
        ImGui::SetKeyboardFocusHere();
    }
    const bool entered = ImGui::InputText("##external", &m_externalInput, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::TextDisabled("It is remembered for the next start; External > Remove forgets it.");
    if ((ImGui::Button("Add") || entered) && !m_externalInput.empty()) {
        AddExternal({m_externalAddPlugin, m_externalInput}, true);
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGuiKey_Escape)) {
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

void ExternalSourcesSection(PanelContext& ctx)
{
    if (ctx.external == nullptr || ctx.external->Sources().empty()) {
        return;
    }
    if (!ImGui::CollapsingHeader("external programs and plugins", ImGuiTreeNodeFlags_DefaultOpen)) {
        return;
    }
    const std::vector<ExternalSourceView> sources = ctx.external->Sources(); // Reload may change them
    for (std::size_t i = 0; i < sources.size(); ++i) {
        const ExternalSourceView& source = sources[i];
        ImGui::PushID(int(i));
        if (ImGui::SmallButton("Reload")) { // first: a long command would push it out of sight
            ctx.external->Reload(source.spec);
        }
        ImGui::SameLine();
        ImGui::TextUnformatted(source.name.c_str());
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s %s", source.spec.plugin ? "plugin" : "program", source.spec.text.c_str());
        }
        ImGui::SameLine();
        if (source.status == "failed") {
            ImGui::TextColored(ImVec4(1.0f, 0.35f, 0.35f, 1.0f), "failed");
        } else {
            ImGui::TextDisabled("%s", source.status.c_str());
        }
        if (!source.error.empty()) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(ImVec4(1.0f, 0.35f, 0.35f, 1.0f), "%s", source.error.c_str());
            ImGui::PopTextWrapPos();
        }
        for (const AlgorithmInfo* a : source.algorithms) {
            ImGui::BulletText("%s  (%s)", std::string(a->name).c_str(), std::string(FamilyName(a->family)).c_str());
            if (ImGui::IsItemHovered() && !a->summary.empty()) {
                ImGui::SetTooltip("%s", std::string(a->summary).c_str());
            }
        }
        ImGui::PopID();
    }
}

namespace {

/// One trace's steps and verdict (answered); adds what it drew to shown.
void TraceSteps(const ExternalResult& r, nlohmann::json& shown)
{
    int n = 0;
    for (const ExternalStep& step : r.trace) {
        std::string values;
        for (const auto& [name, value] : step.values) {
            char number[48] = "none"; // the program sent null
            if (value) {
                std::snprintf(number, sizeof number, "%.9g", *value);
            }
            values += (values.empty() ? "" : "   ") + name + " = " + number;
        }
        ImGui::Text("%d  %s", ++n, step.caption.c_str());
        if (!values.empty()) {
            ImGui::TextDisabled("   %s", values.c_str());
        }
        shown["steps"].push_back(step.caption);
    }
    if (!r.verdict.empty()) {
        ImGui::Text("verdict: %s", r.verdict.c_str());
    }
    shown["verdict"] = r.verdict;
}

} // namespace

nlohmann::json ExternalTraces(PanelContext& ctx, const SceneQuery& focus, Precision precision)
{
    nlohmann::json drawn = nlohmann::json::array();
    if (ctx.external == nullptr || ctx.external->Empty()) {
        return drawn;
    }
    ctx.external->TraceQuery(focus, precision);
    for (const ExternalTraceView& t : ctx.external->Traces(focus)) {
        ImGui::PushID(&t);
        const std::string label = std::string(t.info->name) + " (ext) trace";
        if (ImGui::TreeNodeEx(label.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
            nlohmann::json shown = {{"algorithm", std::string(t.info->name)},
                                    {"status", ExternalStatusName(t.answer.status)},
                                    {"message", t.answer.message},
                                    {"steps", nlohmann::json::array()},
                                    {"verdict", ""}};
            if (!t.answer.Ok() || t.answer.results.empty()) {
                ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s: %s", ExternalStatusName(t.answer.status),
                                   t.answer.message.c_str());
            } else {
                TraceSteps(t.answer.results[0], shown);
            }
            drawn.push_back(std::move(shown));
            ImGui::TreePop();
        }
        ImGui::PopID();
    }
    return drawn;
}

} // namespace hitlab
