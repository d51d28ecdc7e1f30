// The panels of issue 5 around the viewport: a menu bar, Scene, Inspector, Algorithms, Results and
// the Query inspector, with their popups (open, save errors, unsaved changes, controls, about).
// One class holds what they share; each panel is drawn by its own file (scene_panel.cpp, ...).
// The window calls Draw once per ImGui frame and the two After* hooks around its drawing.
#pragma once

#include "algorithms_model.h"
#include "panel_state.h"
#include "query_model.h"
#include "results_model.h"
#include "tool_panels.h"

#include "app/gui/gui.h"

#include "core/scene_eval.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

struct ImVec2;

namespace hitlab {

/// Where a panel is on screen (the GUI test checks the layout with these).
struct PanelRect {
    std::string name;
    float x = 0, y = 0, w = 0, h = 0;
    bool open = false;
};

class Panels {
public:
    /// After ImGui's context exists: sets imgui.ini (none in --frames runs, so they see the
    /// default layout) and remembers the scene's file.
    Panels(const GuiOptions& options, Viewport& viewport);

    /// The menu bar, the panels and the popups (inside an ImGui frame, before the viewport's overlay).
    void Draw(double dt);
    /// After the viewport drew into the back buffer: export without the panels, if asked.
    void AfterViewportDrawn(int fbw, int fbh);
    /// After ImGui drew: export with the panels, and the --screenshot of the last frame.
    void AfterPanelsDrawn(int fbw, int fbh);
    /// The window wants to close: true when it may (no unsaved changes, or the person chose).
    bool ConfirmQuit();
    bool QuitRequested() const { return m_quit; }
    /// Writes the --panel-report JSON (panel rectangles, ImGui errors, frames).
    void WriteReport(const std::string& path) const;

    PanelState state;

private:
    // panels, one file each
    void DrawMenuBar();
    void DrawScenePanel();
    void DrawInspectorPanel();
    void DrawAlgorithmsPanel();
    void DrawResultsPanel();
    void DrawQueryPanel();
    void DrawHuntPanel();   // hunt_panel.cpp
    void DrawTimingPanel(); // timing_panel.cpp
    void DrawFanPanel();    // fan_panel.cpp
    void PlaceToolWindow(int index);
    void UpdateToolPanels();
    // popups and actions (panels.cpp)
    void DrawPopups();
    void HandleShortcuts();
    void SetOccluders();
    void PlaceWindow(const char* name, int slot);
    void RecordRect(const char* name);
    void Layout();
    void NewScene();
    void OpenFile(const std::string& path);
    bool Save(const std::string& path);
    void SaveOrAsk();
    void AskUnsaved(int action, std::string path = {});
    void RunPending();
    void AddRecent(const std::string& path);
    void FitToPanels();
    void Duplicate();
    void Delete();
    void Execute(std::unique_ptr<Command> command, std::uint64_t mergeGroup = 0);
    bool Dirty() const;
    void ReportError(std::string message);
    void ExportPng(const std::string& path, int fbw, int fbh);

    Viewport& m_viewport;
    GuiOptions m_options;
    std::string m_path;                  ///< the scene's file ("" for a new or built-in scene)
    std::uint64_t m_savedGeneration = 0; ///< History::Generation at the last save or open
    std::vector<std::string> m_recent;
    std::string m_iniPath, m_recentPath;
    int m_frame = 0;
    bool m_quit = false;
    bool m_fitPending = true; ///< nudge the camera into the free area on the next frame
    float m_fontScale = 1.0f;
    ShapeId m_lastSelected = 0;

    // shown panels
    bool m_showScene = true, m_showInspector = true, m_showAlgorithms = true, m_showResults = true, m_showQuery = true;
    bool m_showControls = false, m_showAbout = false;
    bool m_showFans = false; ///< the Ray fan panel (View > Ray fan)
    bool m_disagreementsOnly = false;
    // The Results tables, rebuilt only when the evaluation, the edit history or the filter changed
    // (the stress scene has 100,000 rows: building them every frame cost ~80 ms).
    std::vector<ResultsTable> m_resultsCache;
    std::unordered_map<std::uint64_t, ResultRow> m_resultRows; ///< the rows made so far (family << 32 | row)
    std::uint64_t m_resultsEvaluation = ~std::uint64_t(0);
    std::uint64_t m_resultsHistory = ~std::uint64_t(0);
    bool m_resultsFilter = false;
    bool m_resetLayout = false;
    FamilyTable m_familyTable; ///< the Query inspector's family table, for the pair and generations below
    std::optional<SceneQuery> m_familyTableFor;
    std::uint64_t m_familyTableEvaluation = 0, m_familyTableHistory = 0;
    FamilyCounts m_familyCounts{}; ///< the Algorithms panel's queries per family, at evaluation m_countsGeneration
    std::uint64_t m_countsGeneration = ~std::uint64_t(0);

    // popups
    std::string m_error; ///< shown in the error modal when non-empty
    bool m_openError = false, m_openOpen = false, m_openSaveAs = false, m_openUnsaved = false;
    int m_pendingAction = 0; ///< after the unsaved-changes question: 1 new, 2 open m_pendingPath, 3 quit
    std::string m_pendingPath;
    char m_pathInput[512] = {};
    std::string m_browseDir;

    // inspector
    ShapeId m_renaming = 0;
    char m_renameBuffer[128] = {};
    std::string m_fieldError;                           ///< the refused value's message
    int m_fieldErrorId = -1;                            ///< which field it belongs to
    std::uint64_t m_dragGroup = 0;                      ///< merge group of the active drag-slider edit
    std::uint64_t m_nextGroup = std::uint64_t(1) << 40; ///< apart from the viewport's drag groups
    ShapeId m_rotationShape = 0;
    double m_rotationDeg[3] = {0, 0, 0};

    // export
    std::string m_exportPath;
    bool m_exportWithPanels = true;
    char m_exportInput[512] = "hitlab.png";

    // gui test
    std::vector<PanelRect> m_rects;
    std::vector<std::string> m_imguiErrors;

    // the Hunt and Timing panels (floating, opened from View) and their worker threads
    ToolPanels m_tools;
};

} // namespace hitlab
