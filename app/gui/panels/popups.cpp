// The panels' popups: the error modal (a bad file, a failed save), unsaved changes, the Open
// browser (no native dialogs: a list of *.json and folders plus a path field), Save As, and the
// Help windows (Controls lists every binding, About).
#include "panels.h"

#include "lessons.h"

#include <imgui.h>

#include <filesystem>

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
        std::snprintf(m_pathInput, sizeof m_pathInput, "%s", m_path.empty() ? "scene.json" : m_path.c_str());
        ImGui::OpenPopup("Save scene as");
        m_openSaveAs = false;
    }
    if (m_openUnsaved) {
        ImGui::OpenPopup("Unsaved changes");
        m_openUnsaved = false;
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
    ImGui::SetNextWindowPos(center, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::Text("The scene has unsaved changes.");
        if (ImGui::Button("Save")) {
            ImGui::CloseCurrentPopup();
            if (!m_path.empty() && Save(m_path)) {
                RunPending();
            } else if (m_path.empty()) {
                m_openSaveAs = true;
            }
        }
        ImGui::SameLine();
        if (ImGui::Button("Discard")) {
            ImGui::CloseCurrentPopup();
            RunPending();
        }
        ImGui::SameLine();
        if (ImGui::Button("Cancel")) {
            m_pendingAction = 0;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
    ImGui::SetNextWindowPos(center, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(520, 380), ImGuiCond_Appearing);
    if (ImGui::BeginPopupModal("Open scene")) {
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
                    std::snprintf(m_pathInput, sizeof m_pathInput, "%s", full.c_str());
                    if (ImGui::IsMouseDoubleClicked(0)) {
                        ImGui::CloseCurrentPopup();
                        AskUnsaved(2, full);
                    }
                }
            }
        }
        ImGui::EndChild();
        ImGui::SetNextItemWidth(-1);
        const bool enter =
            ImGui::InputText("##path", m_pathInput, sizeof m_pathInput, ImGuiInputTextFlags_EnterReturnsTrue);
        if (ImGui::Button("Open", ImVec2(120, 0)) || enter) {
            ImGui::CloseCurrentPopup();
            AskUnsaved(2, m_pathInput);
        }
        ImGui::SameLine();
        if (ImGui::Button("Cancel", ImVec2(120, 0))) {
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
    ImGui::SetNextWindowPos(center, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (ImGui::BeginPopupModal("Save scene as", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::Text("File (.json):");
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 32.0f);
        const bool enter =
            ImGui::InputText("##savepath", m_pathInput, sizeof m_pathInput, ImGuiInputTextFlags_EnterReturnsTrue);
        if (ImGui::Button("Save", ImVec2(120, 0)) || enter) {
            ImGui::CloseCurrentPopup();
            if (Save(m_pathInput) && m_pendingAction != 0) {
                RunPending();
            }
        }
        ImGui::SameLine();
        if (ImGui::Button("Cancel", ImVec2(120, 0))) {
            m_pendingAction = 0;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
    if (m_showControls) {
        ImGui::SetNextWindowPos(center, ImGuiCond_FirstUseEver, ImVec2(0.5f, 0.5f));
        if (ImGui::Begin("Controls", &m_showControls, ImGuiWindowFlags_AlwaysAutoResize)) {
            static const char* const kBindings[][2] = {
                {"Left click", "select a shape (empty space: deselect)"},
                {"Left drag on a shape", "move it in the plane facing the camera"},
                {"  hold X / Y / Z", "move along that axis only"},
                {"Drag a red / green / blue arrow", "move the selection along x / y / z only (no z arrow in 2D)"},
                {"  hold Ctrl", "snap to the grid"},
                {"  Esc", "cancel the drag"},
                {"Drag a handle", "resize a box, a sphere's radius, a ray's origin or tip"},
                {"Drag a ray fan's dot", "move the fan's origin (View > Ray fan); the fan recomputes live"},
                {"R", "rotate mode: drag an oriented box to turn it about the view axis (X / Y / Z: that axis)"},
                {"  drag a ring (rotate mode)", "turn the oriented box about the ring's x / y / z axis"},
                {"Middle drag / Alt + left drag", "orbit"},
                {"Shift + middle drag", "pan"},
                {"Mouse wheel", "zoom at the cursor"},
                {"F / Home", "frame the selection / everything"},
                {"1 / 3 / 7", "front / right / top view"},
                {"5", "orthographic on / off"},
                {"2", "2D mode (the z = 0 plane)"},
                {"G", "hide the hints"},
                {"Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z)", "undo / redo"},
                {"Ctrl+D / Delete", "duplicate / delete the selection"},
                {"Ctrl+N / Ctrl+O / Ctrl+S / Ctrl+Shift+S", "new / open / save / save as"},
                {"Ctrl+E", "export PNG"},
                {"Ctrl+Q", "quit"},
                {"Results row click", "focus that pair in the viewport and the Query inspector"},
                {"Query inspector |< < > >| play", "walk the trace; the viewport draws the current step"},
            };
            if (ImGui::BeginTable("bindings", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
                for (const auto& b : kBindings) {
                    ImGui::TableNextColumn();
                    ImGui::TextUnformatted(b[0]);
                    ImGui::TableNextColumn();
                    ImGui::TextUnformatted(b[1]);
                }
                ImGui::EndTable();
            }
        }
        ImGui::End();
    }
    if (m_showAbout) {
        ImGui::SetNextWindowPos(center, ImGuiCond_FirstUseEver, ImVec2(0.5f, 0.5f));
        if (ImGui::Begin("About HitLab", &m_showAbout, ImGuiWindowFlags_AlwaysAutoResize)) {
            ImGui::Text("HitLab: geometric intersection algorithms, made visible.");
            ImGui::TextDisabled("Many published variants of ray/box, ray/sphere and box/box tests run on the same");
            ImGui::TextDisabled("input; their answers and step-by-step traces are shown side by side, with why");
            ImGui::TextDisabled("they disagree. Dear ImGui %s, GLFW, OpenGL 3.3.", ImGui::GetVersion());
        }
        ImGui::End();
    }
}

} // namespace hitlab
