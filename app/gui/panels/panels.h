// The panels' owner: the menu bar, the panels of the panel table (panel_table.h, one type each,
// panel.h) and the file popups (open, save as, unsaved changes, errors). It places each panel's
// window, hands the panels a PanelContext, and runs what they queue (PanelAction) and the file
// actions (New, Open, Save, Quit through the unsaved-changes question, pending_action.h).
// The window calls Draw once per ImGui frame and the two After* hooks around its drawing.
#pragma once

#include "app/gui/model/autosave.h"
#include "app/gui/model/external_session.h"
#include "app/gui/model/lessons.h"
#include "app/gui/model/panel_state.h"
#include "app/gui/model/panel_table.h"
#include "app/gui/model/pending_action.h"
#include "app/gui/model/presentation_layout.h"
#include "app/gui/model/recent_files.h"
#include "panel.h"

#include "app/gui/view/gui_options.h"
#include "app/gui/view/scene_loading.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hitlab {

/// The window's settings folder: $XDG_CONFIG_HOME/hitlab, else $HOME/.config/hitlab ("" when
/// neither is set).
std::string ConfigDirectory();

class Panels {
public:
    /// After ImGui's context exists: sets imgui.ini (none in --frames runs, so they see the
    /// default layout) and remembers the scene's file.
    Panels(const GuiOptions& options, Document& document, Viewport& viewport);
    /// The document forgets the session (its summary counted the session's answers).
    ~Panels();
    Panels(const Panels&) = delete;
    Panels& operator=(const Panels&) = delete;

    /// The menu bar, the panels and the popups (inside an ImGui frame, before the viewport's overlay).
    void Draw(double dt);
    /// After the viewport drew into the back buffer: export without the panels, if asked.
    void AfterViewportDrawn(int fbw, int fbh);
    /// After ImGui drew: export with the panels, and the --screenshot of the last frame.
    void AfterPanelsDrawn(int fbw, int fbh);
    /// The window wants to close: true when it may (no unsaved changes, or the person chose).
    bool ConfirmQuit();
    bool QuitRequested() const { return m_quit; }
    /// Presentation mode's text size for the next frame: the largest from `wanted` down to `least`
    /// pixels at which the last frame's strips fit (PresentationFit; presentation.cpp).
    float PresentationTextPixels(float wanted, float least) { return m_presentFit.Fit(wanted, least); }
    /// A file dropped on the window: opened on the next frame (asking about unsaved changes first).
    void OnDrop(const std::vector<std::string>& paths);
    /// A message for the user in the message popup on the next frame (the window's start-up notes).
    void Tell(std::string message) { ReportError(std::move(message)); }
    /// After the last frame: ended by a signal (SIGTERM, SIGINT, SIGHUP) with unsaved changes,
    /// the autosave is written and kept for the next start; otherwise (a clean quit) it is removed.
    void Shutdown(bool signalled);
    /// Writes the --panel-report JSON (panel rectangles, ImGui errors, frames).
    void WriteReport(const std::string& path) const;

private:
    /// A panel of the table with its window's state.
    struct Slot {
        const PanelSpec* spec = nullptr;
        std::unique_ptr<Panel> panel;
        bool open = false;
        int framesOpen = 0; ///< frames drawn since it opened (a floating panel comes to the front)
    };
    /// A window drawn this frame (occluders, the report).
    struct Shown {
        std::string name;
        PanelRect rect;
    };

    // the frame (panels.cpp)
    PanelContext Context();
    void BeginFrame();
    void FollowSelection();
    void DrawSlot(Slot& slot, PanelContext& ctx);
    void PlaceWindow(Slot& slot);
    LayoutFrame Frame() const;
    void Layout();
    void FitToPanels();
    void SetOccluders();
    void RunActions();
    void ExportPng(const std::string& path, int fbw, int fbh);
    Slot* Find(PanelId id);
    // the menu bar and its shortcuts (menu_bar.cpp)
    void DrawMenuBar();
    void FileMenu();
    void EditMenu();
    void ViewMenu();
    void HandleShortcuts();
    // presentation mode (presentation.cpp)
    void SetPresenting(bool on);
    void PresentationKeys();
    void DrawPresentation(PanelContext& ctx);
    // the file popups (popups.cpp)
    void DrawPopups();
    void UnsavedPopup();
    void OpenPopup();
    void SaveAsPopup();
    void ReplacePopup();
    void RecoveryPopup();
    // autosave and recovery (autosave_actions.cpp)
    void StartAutosave();
    void AutosaveTick();
    AutosaveRecord MakeAutosave() const;
    void Recover();
    // external programs and plugins (external_actions.cpp)
    void StartExternal();
    /// Adds a program or plugin to the window (External > Add, a scene plugin's Load button);
    /// remember: for the next start too.
    void AddExternal(const ExternalSpec& spec, bool remember);
    /// Gives the ray fans the session's programs and plugins (their own processes, FanExternal);
    /// wait: join their answers now (the last frame of a --frames run).
    void FanSources(bool wait);
    void ExternalMenu();
    void ExternalPopup();
    // file actions (file_actions.cpp)
    void LoadSettings();
    void Ask(PendingRequest request);
    void Run(const PendingRequest& request);
    void NewScene();
    void OpenFile(const std::string& path);
    /// Reads an OBJ, PLY or STL file (core/io/mesh_file.h) and adds it to the scene as a mesh shape
    /// named after the file, selected and framed (undoable); a bad file is reported, the scene kept.
    void AddMeshFile(const std::string& path);
    void FinishOpening();
    /// Opens a capture (IsCaptureFile) in the Capture panel; the scene stays until a row is chosen.
    void OpenCapture(const std::string& path);
    /// The chosen capture row's scene (m_captureScene) replaces the scene, its pair focused.
    void ShowCaptureScene();
    void DrawOpening();
    bool Save(const std::string& path);
    void SaveOrAsk();
    bool Dirty() const;
    void ReportError(std::string message);

    Document& m_document; ///< the window's: scene, history, evaluation, selection, focus
    PanelState& state;    ///< m_document.focus
    Viewport& m_viewport;
    GuiOptions m_options;
    std::vector<Slot> m_slots; ///< one per PanelTable entry, in its order
    std::vector<PanelAction> m_actions;
    std::vector<Shown> m_shown;
    PanelRect m_menuBar{};           ///< the menu bar as drawn this frame (zero size: not drawn)
    std::vector<PanelRect> m_docked; ///< the docked panels' rectangles as drawn (last frame's, in Layout)
    LayoutFrame m_lastLayoutFrame{}; ///< the display of the last frame: a new size places the panels again
    std::vector<std::string> m_imguiErrors;
    int m_frame = 0;
    bool m_quit = false;
    bool m_fitPending = true; ///< nudge the camera into the free area on the next frame
    bool m_resetLayout = false;
    float m_fontScale = 1.0f;
    bool m_presenting = false;          ///< presentation mode: only the viewport, number line and verdict
    bool m_presentFrameAll = false;     ///< frame the scene at the end of this frame (the mode changed)
    PresentationLayout m_presentLayout; ///< this frame's strips (the last one's until they are drawn)
    int m_presentSteps = 0;             ///< the presented trace's steps
    float m_presentScroll[2] = {0, 0};  ///< how far the number line and verdict strips could scroll (0: they fit)
    PresentationFit m_presentFit;       ///< the strips' contents, for the next frame's text size
    std::uint64_t m_nextEditGroup = std::uint64_t(1) << 40; ///< apart from the viewport's drag groups

    // the document
    std::string m_path;                      ///< the scene's file ("" for a new or built-in scene)
    std::unique_ptr<SceneLoadJob> m_opening; ///< a big file being read (DrawOpening shows its progress)
    std::uint64_t m_savedGeneration = 0;     ///< History::Generation at the last save or open
    RecentFiles m_recent;
    Course m_course; ///< the lessons in order (LessonDirectory()/course.txt), read at start
    std::string m_iniPath;
    UnsavedQuestion m_unsaved;
    /// a capture row's scene waiting to be shown (PendingAction::ShowCaptureLine) and its family
    std::optional<Scene> m_captureScene;
    Family m_captureFamily = Family::RayAabb;

    // autosave (interactive runs only: none with --frames)
    AutosaveStore m_autosave;
    AutosaveClock m_autosaveClock;
    std::optional<AutosaveRecord> m_recovery; ///< an autosave a previous window left, offered at start
    std::string m_recoveryPath;
    bool m_openRecovery = false;

    // external programs and plugins (external_session.h)
    ExternalSession m_external;
    bool m_openExternalAdd = false; ///< open the Add program / plugin popup this frame
    bool m_externalAddPlugin = false;
    std::string m_externalInput;

    // popups
    std::string m_error; ///< shown in the error modal when non-empty
    bool m_openError = false, m_openOpen = false, m_openSaveAs = false, m_openReplace = false;
    std::string m_replacePath; ///< Save As named an existing file: replace it? (ReplacePopup)
    std::string m_dropped;     ///< a scene file dropped on the window, opened on the next frame
    std::string m_pathInput;
    std::string m_browseDir;

    // export
    std::string m_exportPath; ///< the PNG to write this frame ("": none)
    bool m_exportWithPanels = true;
    std::string m_exportInput = "hitlab.png";
};

} // namespace hitlab
