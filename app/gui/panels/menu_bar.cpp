// The main menu bar (File, Edit, View, Help, with the shortcuts in the labels) and the shortcuts
// themselves. The View and Help menus list the panel table; Duplicate and Delete are the
// viewport's (the same as Ctrl+D and Delete there).
#include "app/gui/model/lessons.h"
#include "panels.h"

#include "app/gui/view/viewport.h"

// GLFW for its key codes (ImGui 1.86 indexes keys by the backend's codes)
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <filesystem>

namespace hitlab {

namespace {

/// Esc closes the open menu (and its submenus), and only that: the viewport leaves Esc to an open
/// popup (EscapeActionFor). Without keyboard navigation ImGui itself does not close menus on Esc.
void CloseMenuOnEscape()
{
    if (ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) {
        ImGui::CloseCurrentPopup();
    }
}

} // namespace

void Panels::HandleShortcuts()
{
    const ImGuiIO& io = ImGui::GetIO();
    if (!io.WantTextInput && io.KeyAlt && !io.KeyCtrl) {
        // the course: Alt+Right / Alt+Left open the next / previous lesson (as a browser's history)
        const bool next = ImGui::IsKeyPressed(GLFW_KEY_RIGHT, false);
        if (next || ImGui::IsKeyPressed(GLFW_KEY_LEFT, false)) {
            if (const LessonEntry* lesson = next ? m_course.Next(m_path) : m_course.Previous(m_path)) {
                Ask({PendingAction::OpenFile, lesson->path});
            }
        }
        return;
    }
    if (io.WantTextInput || !io.KeyCtrl) {
        return;
    }
    auto pressed = [](char c) { return ImGui::IsKeyPressed(GLFW_KEY_A + (c - 'A'), false); };
    if (pressed('N')) {
        Ask({PendingAction::NewScene, {}});
    } else if (pressed('O')) {
        m_openOpen = true;
    } else if (pressed('S') && io.KeyShift) {
        m_openSaveAs = true;
    } else if (pressed('S')) {
        SaveOrAsk();
    } else if (pressed('E')) {
        m_exportPath = m_exportInput;
    } else if (pressed('Q')) {
        Ask({PendingAction::Quit, {}});
    }
}

void Panels::DrawMenuBar()
{
    m_menuBar = {};
    if (!ImGui::BeginMainMenuBar()) {
        return;
    }
    // opaque and square-cornered: the scene under it is never seen (an occluder)
    const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    m_menuBar = {at.x, at.y, size.x, size.y};
    if (ImGui::BeginMenu("File")) {
        CloseMenuOnEscape();
        FileMenu();
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Edit")) {
        CloseMenuOnEscape();
        EditMenu();
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
        CloseMenuOnEscape();
        ViewMenu();
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("External")) {
        CloseMenuOnEscape();
        ExternalMenu();
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
        CloseMenuOnEscape();
        for (Slot& slot : m_slots) {
            if (slot.spec->menu == PanelMenu::Help) {
                ImGui::MenuItem(slot.spec->menuLabel, nullptr, &slot.open);
            }
        }
        ImGui::EndMenu();
    }
    // the file and its state, right-aligned
    const std::string file = (m_path.empty() ? std::string("(unsaved scene)") : m_path) + (Dirty() ? " *" : "");
    const float width = ImGui::CalcTextSize(file.c_str()).x;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX() + 20.0f, ImGui::GetWindowWidth() - width - 16.0f));
    ImGui::TextDisabled("%s", file.c_str());
    ImGui::EndMainMenuBar();
}

void Panels::FileMenu()
{
    if (ImGui::MenuItem("New", "Ctrl+N")) {
        Ask({PendingAction::NewScene, {}});
    }
    if (ImGui::MenuItem("Open...", "Ctrl+O")) {
        m_openOpen = true;
    }
    if (ImGui::BeginMenu("Open example")) {
        static const std::vector<LessonEntry> lessons = ListLessons(LessonDirectory());
        for (const LessonEntry& lesson : lessons) {
            if (ImGui::MenuItem(lesson.title.c_str())) {
                Ask({PendingAction::OpenFile, lesson.path});
            }
        }
        if (lessons.empty()) {
            ImGui::TextDisabled("no lessons in %s", LessonDirectory().c_str());
        }
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Open Recent", !m_recent.Paths().empty())) {
        std::string chosen; // opened after the loop: opening reorders the list
        bool missing = false;
        for (const std::string& path : m_recent.Paths()) {
            std::error_code ec;
            const bool exists = std::filesystem::exists(path, ec);
            missing = missing || !exists;
            if (ImGui::MenuItem(path.c_str(), exists ? nullptr : "not found", false, exists)) {
                chosen = path;
            }
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Remove the files not found", nullptr, false, missing)) {
            m_recent.RemoveMissing();
        }
        ImGui::EndMenu();
        if (!chosen.empty()) {
            Ask({PendingAction::OpenFile, chosen});
        }
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
        ImGui::InputText("file", &m_exportInput);
        ImGui::Checkbox("with the panels", &m_exportWithPanels);
        if (ImGui::MenuItem("Write", "Ctrl+E")) {
            m_exportPath = m_exportInput;
        }
        ImGui::EndMenu();
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) {
        Ask({PendingAction::Quit, {}});
    }
}

void Panels::EditMenu()
{
    History& history = m_document.GetHistory();
    const std::string undo = history.CanUndo() ? "Undo " + history.UndoLabel() : "Undo";
    const std::string redo = history.CanRedo() ? "Redo " + history.RedoLabel() : "Redo";
    if (ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, history.CanUndo())) {
        history.Undo(m_document.GetScene());
    }
    if (ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, history.CanRedo())) {
        history.Redo(m_document.GetScene());
    }
    ImGui::Separator();
    const bool selected = m_document.GetScene().Find(m_document.Selected()) != nullptr;
    if (ImGui::MenuItem("Duplicate", "Ctrl+D", false, selected)) {
        m_viewport.DuplicateSelection();
    }
    if (ImGui::MenuItem("Delete", "Del", false, selected)) {
        m_viewport.DeleteSelection();
    }
}

void Panels::ViewMenu()
{
    for (Slot& slot : m_slots) {
        if (slot.spec->menu == PanelMenu::View) {
            ImGui::MenuItem(slot.spec->menuLabel, nullptr, &slot.open);
        }
    }
    if (ImGui::MenuItem("Reset layout")) {
        m_resetLayout = true;
        for (Slot& slot : m_slots) {
            slot.open = slot.open || (IsDocked(slot.spec->place) && slot.spec->openByDefault);
        }
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
        m_viewport.camera = CameraFromState(m_document.GetScene().camera, cam.viewport);
        m_fitPending = true;
    }
    ImGui::MenuItem("Orthographic", "5", &cam.orthographic);
    ImGui::MenuItem("2D mode", "2", &cam.view2d);
    ImGui::MenuItem("Hints", "G", &m_viewport.showHints);
    ImGui::MenuItem("Mesh edges", nullptr, &m_viewport.meshEdges);
    if (ImGui::MenuItem("Presentation mode", "F5")) {
        SetPresenting(true);
    }
    ImGui::Separator();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
    ImGui::SliderFloat("Font size", &m_fontScale, 0.8f, 4.0f, "%.1fx"); // as --font-scale
}

} // namespace hitlab
