// A panel: one window around the viewport with its own state and Draw, listed in the panel table
// (panel_table.h) and made by MakePanel. Panels reach what they share (the scene, its history and
// evaluation, the camera, the selection) through PanelContext; what only the owner does (write
// files, show an error, move the camera) they queue as PanelActions, which the owner (Panels)
// runs once every panel has drawn.
#pragma once

#include "app/gui/model/document.h"
#include "app/gui/model/panel_state.h"
#include "app/gui/model/panel_table.h"

#include "app/paths/data_dir.h"

#include "core/commands.h"
#include "core/scene.h"
#include "core/scene_eval.h"
#include "render/slab_draw.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hitlab {

struct Course;
class ExternalSession;

class Viewport;
class EvaluationSummary;
class FanView;
struct Camera;

namespace panel_action {
/// Shows `message` in the error popup.
struct ShowError {
    std::string message;
};
/// Writes `scene` to `path` as a scene file; on success the owner sets `*done` (the panel's note) to `note`.
struct WriteScene {
    Scene scene;
    std::string path;
    std::string note;
    std::string* done = nullptr;
};
/// Moves the camera to look at `target` from `distance`, keeping its direction.
struct LookAt {
    glm::dvec3 target{0.0};
    double distance = 1.0;
};
/// Opens the scene file `path` (a lesson of the course), asking first about unsaved changes.
struct OpenLesson {
    std::string path;
};
/// A row chosen in the Capture panel: its line's query as a scene, to replace the window's scene
/// (asking first about unsaved changes).
struct ShowCaptureLine {
    Scene scene;
    Family family = Family::RayAabb; ///< its query's: the pair focused once shown
};
/// Opens Save As for the scene shown ("Make a lesson from this"), suggesting `path`.
struct SaveSceneAs {
    std::string path;
};
/// Loads the plugin `file` as External > Add plugin does, for this window only (not remembered):
/// the Load button of a plugin the scene names.
struct LoadPlugin {
    std::string file;
};
} // namespace panel_action

using PanelAction =
    std::variant<panel_action::ShowError, panel_action::WriteScene, panel_action::LookAt, panel_action::OpenLesson,
                 panel_action::LoadPlugin, panel_action::ShowCaptureLine, panel_action::SaveSceneAs>;

/// What a panel's Draw may use; made by the owner each frame. The document (the scene, its history
/// and evaluation, the selection, the focus) is the window's, shared with the viewport; of the
/// viewport panels reach only the camera, the ray fans and the hovered crossing.
struct PanelContext {
    PanelContext(Document& document, Viewport& viewport, std::vector<PanelAction>& queued, std::uint64_t& editGroups,
                 bool isLastFrame)
        : state(document.focus), actions(queued), nextEditGroup(editGroups), lastFrame(isLastFrame),
          m_document(document), m_viewport(viewport)
    {
    }

    PanelState& state;                   ///< the document's focus: the pair and trace step (the viewport draws them)
    std::vector<PanelAction>& actions;   ///< run by the owner after the panels drew
    std::uint64_t& nextEditGroup;        ///< merge groups of widget edits, apart from the viewport's drag groups
    bool lastFrame = false;              ///< the last frame of a --frames run (jobs are waited for)
    ExternalSession* external = nullptr; ///< the window's external programs and plugins (none: null)
    const Course* course = nullptr;      ///< the lessons in order (Help > Lessons, the Scene panel)
    std::string scenePath;               ///< the scene's file ("" for a new or built-in scene)
    /// the plugins the scene names that the window has not loaded (UnloadedScenePlugins)
    std::vector<ScenePlugin> unloadedScenePlugins;

    Scene& GetScene() const;
    History& GetHistory() const;
    const SceneEvaluator& Evaluation() const;
    Camera& GetCamera() const;
    /// The selected shape (0: none), and selecting one (as a click in the viewport does).
    ShapeId Selected() const;
    void Select(ShapeId id) const;
    /// The scene evaluation's summary (per-family counts, drawable queries), listed once per evaluation.
    const EvaluationSummary& Summary() const;
    /// The ray fans the viewport draws (the Ray fan panel edits them).
    FanView& Fans() const;
    /// Runs an undoable edit (merged with the previous one of the same non-zero group).
    bool Execute(std::unique_ptr<Command> command, std::uint64_t mergeGroup = 0) const;
    /// Focuses a pair (the Results table, a loaded counterexample): its first shape is selected,
    /// the trace starts whole.
    void Focus(const SceneQuery& query) const;
    /// The pair the panels show: the one focused in Results, else the viewport's own choice.
    std::optional<SceneQuery> Focused() const;
    /// The slab crossing under the cursor in the viewport (axis -1: none; see Viewport::HoveredCrossing).
    SlabHighlight HoveredCrossing() const;
    void Queue(PanelAction action) const { actions.push_back(std::move(action)); }

private:
    Document& m_document;
    Viewport& m_viewport;
};

/// One undo step per drag or typed value: the merge group of a panel's widget edits.
class EditGroup {
public:
    /// The group of an edit made now: a new one when the widget was just activated or none is open.
    std::uint64_t For(const PanelContext& ctx, bool activated);
    /// Called after the panel's widgets: when none is active, the next edit opens a new group.
    void CloseUnless(bool anyActive);

private:
    std::uint64_t m_group = 0;
};

class Panel {
public:
    virtual ~Panel() = default;
    /// The window's contents, between the owner's Begin and End (the owner places the window).
    virtual void Draw(PanelContext& ctx) = 0;
    /// Every frame before the panels draw, shown or not (the tool panels' worker upkeep).
    virtual void Update(PanelContext& /*ctx*/, bool /*shown*/) {}
    /// Adds what tests read to the --panel-report JSON.
    virtual void Report(nlohmann::json& /*report*/) const {}
    /// --run-panel: start the panel's job on its first frame.
    virtual void AutoStart() {}
};

/// The panel of a table entry (one type per panel, each in its own file).
std::unique_ptr<Panel> MakePanel(PanelId id);

std::unique_ptr<Panel> MakeScenePanel();
std::unique_ptr<Panel> MakeInspectorPanel();
std::unique_ptr<Panel> MakeAlgorithmsPanel();
std::unique_ptr<Panel> MakeResultsPanel();
std::unique_ptr<Panel> MakeQueryPanel();
std::unique_ptr<Panel> MakeHuntPanel();
std::unique_ptr<Panel> MakeTimingPanel();
std::unique_ptr<Panel> MakeFanPanel();
std::unique_ptr<Panel> MakeMinkowskiPanel();
std::unique_ptr<Panel> MakeCapturePanel();
std::unique_ptr<Panel> MakeControlsPanel();
std::unique_ptr<Panel> MakeAboutPanel();
std::unique_ptr<Panel> MakeLessonsPanel();
/// "< Previous" and "Next >" through the course (disabled at its ends, or when the scene is not a
/// lesson of it); they queue panel_action::OpenLesson.
void CourseButtons(PanelContext& ctx);

} // namespace hitlab
