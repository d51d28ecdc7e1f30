// The panels' file popups: the error modal (a bad file, a failed save), unsaved changes, the Open
// browser (no native dialogs: a list of *.json and folders plus a path field) and Save As.
#include "app/gui/model/lessons.h"
#include "panels.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cstdio>
#include <filesystem>
#include <utility>

namespace hitlab {

void Panels::DrawPopups()
{
    // ImGui opens popups from the frame's root: the flags set by menus and shortcuts open them here
    if (m_openError) {
        ImGui::OpenPopup("Error");
        m_openError = false;
    }
    if (m_openOpen) {
        ImGui::OpenPopup("Open scene");
        m_openOpen = false;
    }
    if (m_openSaveAs) {
        // back from "Replace file" with Cancel: the name typed stays, to be changed
        m_pathInput = !m_replacePath.empty() ? std::exchange(m_replacePath, {})
                      : m_path.empty()       ? "scene.json"
                                             : m_path;
        ImGui::OpenPopup("Save scene as");
        m_openSaveAs = false;
    }
    if (m_unsaved.TakeOpen()) {
        ImGui::OpenPopup("Unsaved changes");
    }
    const ImVec2 center = ImGui::GetMainViewport()->GetCenter();
    ImGui::SetNextWindowPos(center, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (ImGui::BeginPopupModal("Error", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40.0f);
        ImGui::TextUnformatted(m_error.c_str());
        ImGui::PopTextWrapPos();
        if (ImGui::Button("OK", ImVec2(120, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter))) {
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
    UnsavedPopup();
    OpenPopup();
    SaveAsPopup();
    ReplacePopup();
    RecoveryPopup();
}

void Panels::UnsavedPopup()
{
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        return;
    }
    ImGui::Text("The scene has unsaved changes.");
    if (ImGui::Button("Save")) {
        ImGui::CloseCurrentPopup();
        m_unsaved.Answer(UnsavedAnswer::Save);
        if (m_path.empty()) {
            m_openSaveAs = true; // the request waits for Save As
        } else {
            Run(m_unsaved.Saved(Save(m_path)));
        }
    }
    ImGui::SameLine();
    if (ImGui::Button("Discard")) {
        ImGui::CloseCurrentPopup();
        Run(m_unsaved.Answer(UnsavedAnswer::Discard));
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) {
        m_unsaved.Answer(UnsavedAnswer::Cancel);
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

void Panels::OpenPopup()
{
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(520, 380), ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal("Open scene")) {
        return;
    }
    ImGui::TextDisabled("Folder: %s", m_browseDir.c_str());
    if (ImGui::Button("Up")) {
        m_browseDir = std::filesystem::path(m_browseDir).parent_path().string();
    }
    ImGui::SameLine();
    if (ImGui::Button("Lessons")) {
        m_browseDir = LessonDirectory();
    }
    ImGui::SameLine();
    if (ImGui::Button("Working folder")) {
        m_browseDir = std::filesystem::current_path().string();
    }
    ImGui::BeginChild("files", ImVec2(0, -ImGui::GetFrameHeightWithSpacing() * 2), true);
    for (const std::string& name : ListSceneFiles(m_browseDir)) {
        if (ImGui::Selectable(name.c_str(), false, ImGuiSelectableFlags_AllowDoubleClick)) {
            const std::string full = m_browseDir + "/" + name;
            if (name.ends_with('/')) {
                m_browseDir = full.substr(0, full.size() - 1);
            } else {
                m_pathInput = full;
                if (ImGui::IsMouseDoubleClicked(0)) {
                    ImGui::CloseCurrentPopup();
                    Ask({PendingAction::OpenFile, full});
                }
            }
        }
    }
    ImGui::EndChild();
    ImGui::SetNextItemWidth(-1);
    const bool enter = ImGui::InputText("##path", &m_pathInput, ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::Button("Open", ImVec2(120, 0)) || enter) {
        ImGui::CloseCurrentPopup();
        Ask({PendingAction::OpenFile, m_pathInput});
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(120, 0))) {
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

void Panels::SaveAsPopup()
{
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Save scene as", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        return;
    }
    ImGui::Text("File (.json):");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 32.0f);
    const bool enter = ImGui::InputText("##savepath", &m_pathInput, ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::Button("Save", ImVec2(120, 0)) || enter) {
        ImGui::CloseCurrentPopup();
        const SaveAsVerdict verdict = CheckSaveAs(m_pathInput, m_path);
        if (verdict.check == SaveAsCheck::Save) {
            // the request the unsaved-changes question held, if any, runs once saved
            Run(m_unsaved.Saved(Save(m_pathInput)));
        } else if (verdict.check == SaveAsCheck::AskOverwrite) {
            m_replacePath = m_pathInput; // the held request waits for the answer
            m_openReplace = true;
        } else {
            m_unsaved.Drop();
            ReportError(verdict.message);
        }
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(120, 0))) {
        m_unsaved.Drop();
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

void Panels::ReplacePopup()
{
    if (m_openReplace) {
        ImGui::OpenPopup("Replace file");
        m_openReplace = false;
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Replace file", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        return;
    }
    ImGui::Text("%s already exists. Replace it?", m_replacePath.c_str());
    if (ImGui::Button("Replace", ImVec2(120, 0))) {
        ImGui::CloseCurrentPopup();
        Run(m_unsaved.Saved(Save(std::exchange(m_replacePath, {}))));
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(120, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) {
        ImGui::CloseCurrentPopup();
        m_openSaveAs = true; // back to Save As, to choose another name (the held request still waits)
    }
    ImGui::EndPopup();
}

/// A big file being read (OpenFile): a modal progress window with Cancel; the scene it replaces
/// stays until it is read, and stays for good when it fails or is cancelled.
void Panels::DrawOpening()
{
    if (m_opening == nullptr) {
        return;
    }
    if (m_opening->Done()) {
        FinishOpening();
        return;
    }
    if (!ImGui::IsPopupOpen("Opening")) {
        ImGui::OpenPopup("Opening");
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 32.0f, 0.0f));
    if (ImGui::BeginPopupModal("Opening", nullptr, ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove)) {
        ImGui::TextWrapped("Opening %s", m_opening->Name().c_str());
        char overlay[96];
        std::snprintf(overlay, sizeof overlay, "%s: %.0f%%", m_opening->Stage(), 100.0 * m_opening->Fraction());
        ImGui::ProgressBar(m_opening->Fraction(), ImVec2(-1.0f, 0.0f), overlay);
        ImGui::TextDisabled("%.1f s", m_opening->Seconds());
        if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
            m_opening->Cancel();
        }
        ImGui::EndPopup();
    }
}

} // namespace hitlab
