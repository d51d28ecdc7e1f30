// The main menu bar: File, Edit, View, Help, with the shortcuts in the labels.
#include "panels.h"

#include "lessons.h"

#include <imgui.h>

namespace hitlab {

void Panels::DrawMenuBar()
{
    if (!ImGui::BeginMainMenuBar()) {
        return;
    }
    History& history = m_viewport.GetHistory();
    if (ImGui::BeginMenu("File")) {
        if (ImGui::MenuItem("New", "Ctrl+N")) {
            AskUnsaved(1);
        }
        if (ImGui::MenuItem("Open...", "Ctrl+O")) {
            m_openOpen = true;
        }
        if (ImGui::BeginMenu("Open example")) {
            static std::vector<LessonEntry> lessons = ListLessons(LessonDirectory());
            for (const LessonEntry& lesson : lessons) {
                if (ImGui::MenuItem(lesson.title.c_str())) {
                    AskUnsaved(2, lesson.path);
                }
            }
            if (lessons.empty()) {
                ImGui::TextDisabled("no lessons in %s", LessonDirectory().c_str());
            }
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Recent", !m_recent.empty())) {
            for (const std::string& path : m_recent) {
                if (ImGui::MenuItem(path.c_str())) {
                    AskUnsaved(2, path);
                }
            }
            ImGui::EndMenu();
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Save", "Ctrl+S")) {
            SaveOrAsk();
        }
        if (ImGui::MenuItem("Save As...", "Ctrl+Shift+S")) {
            m_openSaveAs = true;
        }
        ImGui::Separator();
        if (ImGui::BeginMenu("Export PNG")) {
            ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16.0f);
            ImGui::InputText("file", m_exportInput, sizeof m_exportInput);
            ImGui::Checkbox("with the panels", &m_exportWithPanels);
            if (ImGui::MenuItem("Write", "Ctrl+E")) {
                m_exportPath = m_exportInput;
            }
            ImGui::EndMenu();
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Quit", "Ctrl+Q")) {
            AskUnsaved(3);
        }
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Edit")) {
        const std::string undo = history.CanUndo() ? "Undo " + history.UndoLabel() : "Undo";
        const std::string redo = history.CanRedo() ? "Redo " + history.RedoLabel() : "Redo";
        if (ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, history.CanUndo())) {
            history.Undo(m_viewport.GetScene());
        }
        if (ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, history.CanRedo())) {
            history.Redo(m_viewport.GetScene());
        }
        ImGui::Separator();
        const bool selected = m_viewport.GetScene().Find(m_viewport.Selected()) != nullptr;
        if (ImGui::MenuItem("Duplicate", "Ctrl+D", false, selected)) {
            Duplicate();
        }
        if (ImGui::MenuItem("Delete", "Del", false, selected)) {
            Delete();
        }
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
        ImGui::MenuItem("Scene", nullptr, &m_showScene);
        ImGui::MenuItem("Inspector", nullptr, &m_showInspector);
        ImGui::MenuItem("Algorithms", nullptr, &m_showAlgorithms);
        ImGui::MenuItem("Results", nullptr, &m_showResults);
        ImGui::MenuItem("Query inspector", nullptr, &m_showQuery);
        ImGui::MenuItem("Hunt", nullptr, &m_tools.showHunt);
        ImGui::MenuItem("Timing", nullptr, &m_tools.showTiming);
        ImGui::MenuItem("Ray fan", nullptr, &m_showFans);
        if (ImGui::MenuItem("Reset layout")) {
            m_resetLayout = true;
            m_showScene = m_showInspector = m_showAlgorithms = m_showResults = m_showQuery = true;
        }
        ImGui::Separator();
        Camera& cam = m_viewport.camera;
        if (ImGui::MenuItem("Front", "1")) {
            SetStandardView(cam, StandardView::Front);
        }
        if (ImGui::MenuItem("Right", "3")) {
            SetStandardView(cam, StandardView::Right);
        }
        if (ImGui::MenuItem("Top", "7")) {
            SetStandardView(cam, StandardView::Top);
        }
        if (ImGui::MenuItem("Scene's camera")) {
            m_viewport.camera = CameraFromState(m_viewport.GetScene().camera, cam.viewport);
            m_fitPending = true;
        }
        ImGui::MenuItem("Orthographic", "5", &cam.orthographic);
        ImGui::MenuItem("2D mode", "2", &cam.view2d);
        ImGui::MenuItem("Hints", "G", &m_viewport.showHints);
        ImGui::Separator();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
        ImGui::SliderFloat("Font size", &m_fontScale, 0.8f, 2.0f, "%.1fx");
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
        ImGui::MenuItem("Controls", nullptr, &m_showControls);
        ImGui::MenuItem("About", nullptr, &m_showAbout);
        ImGui::EndMenu();
    }
    // the file and its state, right-aligned
    const std::string file = (m_path.empty() ? std::string("(unsaved scene)") : m_path) + (Dirty() ? " *" : "");
    const float width = ImGui::CalcTextSize(file.c_str()).x;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX() + 20.0f, ImGui::GetWindowWidth() - width - 16.0f));
    ImGui::TextDisabled("%s", file.c_str());
    ImGui::EndMainMenuBar();
}

} // namespace hitlab
