// The viewport: the view of a Document (app/gui/model/document.h: the scene, its history and
// evaluation, selection and focus, which the window owns), the camera, and what the mouse and
// keyboard do (orbit, pan, zoom, pick, drag, handles, undo: every edit a Document command). It
// keeps only view state: camera, hover, the drag in progress, the ray fans' samples, GL resources. Input arrives as
// events in screen coordinates with GLFW key codes; drawing goes through render/.
#pragma once

#include "app/gui/model/document.h"
#include "drag.h"
#include "fan_view.h"
#include "figure_external.h"
#include "gizmo.h"
#include "picking.h"

#include "render/camera.h"
#include "render/cast_labels.h"
#include "render/renderers.h"
#include "render/scene_draw.h"
#include "render/still_layer.h"

#include "core/commands.h"
#include "core/scene.h"
#include "core/scene_eval.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hitlab {

/// Milliseconds spent in the parts of one frame.
struct FrameTimes {
    double evaluate = 0.0, draw = 0.0, imgui = 0.0, total = 0.0;
};

/// What Esc does in the viewport, the first that applies: an open menu or popup takes it (the
/// viewport does nothing: the menu closes itself), then it cancels a fan drag or a shape drag,
/// leaves rotate mode, and last deselects.
enum class EscapeAction { LeaveToPopup, CancelFanDrag, CancelDrag, LeaveRotateMode, Deselect };
EscapeAction EscapeActionFor(bool popupOpen, bool fanDragging, bool dragging, bool rotateMode);

class Viewport {
public:
    /// A view of document, which must outlive it.
    explicit Viewport(Document& document);

    /// GL resources (a current OpenGL 3.3 context is required); error names the failing shader.
    bool Create(std::string& error);
    void Destroy();

    /// Tells whether a key is held (X, Y, Z, Ctrl, Shift, Alt); set by the window.
    std::function<bool(int key)> isKeyDown;

    void OnMouseMove(glm::dvec2 screen);
    void OnMouseButton(int button, bool pressed, int mods);
    void OnScroll(double dy);
    /// A key press or repeat (GLFW key code and modifier bits).
    void OnKey(int key, int mods);

    /// Brings the evaluation up to date (every frame; cheap when nothing moved).
    void Update();
    /// Draws the scene into the bound framebuffer of `framebuffer` pixels; `window` is its size
    /// in screen coordinates (the ratio is the hi-DPI scale).
    void Draw(glm::ivec2 framebuffer, glm::dvec2 window);
    /// The ImGui status overlay, hover label and hints (inside an ImGui frame).
    void DrawOverlay();
    /// What Draw hands to the scene drawing: the camera, hover, selection, focused pair and
    /// trace, handles and gizmo (GL-free: the SVG figure draws the same).
    SceneDrawOptions DrawOptions() const;
    /// The focused query's labels (a cast's t labels and the trace's) and `cursor` (the hovered
    /// shape's name, a gizmo's hint), placed together inside LabelArea (DrawViewLabels) to `out`.
    void DrawLabels(DrawSink& out, const std::vector<ScreenLabel>& cursor = {}) const;

    /// The document it shows and edits.
    Document& GetDocument() { return m_doc; }
    const Document& GetDocument() const { return m_doc; }
    Camera camera;
    ShapeId Selected() const { return m_doc.Selected(); }
    void Select(ShapeId id) { m_doc.Select(id); }
    bool Dragging() const { return m_drag.mode != DragMode::None || m_fanView.Dragging(); }
    /// The ray fans: their computed samples, drawing, origin handles and legend.
    FanView& Fans() { return m_fanView; }
    const FanView& Fans() const { return m_fanView; }
    FrameTimes times;
    bool showHints = true;
    bool meshEdges = true;  ///< View > Mesh edges: the edges of meshes of up to 20,000 triangles
    bool showStatus = true; ///< the status overlay (title, counts, selection, verdict)
    /// Scales the viewport's marker sizes, line widths and gizmo (View > font size, for a projector).
    float markerScale = 1.0f;

    // ---- the panels (app/gui/panels) ----
    /// The part of the window the panels leave free (x, y, width, height in screen pixels), where the
    /// overlays go; a zero size means the whole window.
    glm::dvec4 overlayArea{0.0};
    /// Parts of the window the panels cover opaquely this frame (x, y, width, height in screen
    /// pixels): the scene is not rasterised there (a software rasteriser spends most of a frame on
    /// fill). Empty when the viewport's picture is exported without the panels.
    std::vector<glm::dvec4> occluders;
    /// The pair whose trace is drawn (nullopt: none).
    const std::optional<SceneQuery>& Focused() const { return m_focused; }
    /// The focused pair's trace as drawn (only the Query inspector's step when one is chosen).
    const Trace& FocusedTrace() const { return m_focusedTrace; }
    /// A figure's external programs' and plugins' answers (`hitlab render --external`; null: none):
    /// their results and agreement drawn, an external drawn algorithm's trace focused.
    const FigureExternal* external = nullptr;
    /// The focused pair's drawn algorithm's name (an external one's when a figure draws it; "": none).
    std::string DrawnName() const;
    /// The status lines of a figure's external answers to the focused pair, then the drawn
    /// external trace's steps (the Query inspector's step only when one is chosen).
    std::vector<std::string> ExternalLines() const;
    /// The trace of the Query inspector's second algorithm on the focused pair (PanelState::compare;
    /// the same step when one is chosen), empty when none is compared.
    const Trace& SecondTrace() const { return m_secondTrace; }
    /// The slab crossing under the cursor (its axis -1: none) and whose trace it is (0 drawn, 1 compared).
    SlabHighlight HoveredCrossing() const { return m_hoveredCrossing; }
    /// Replaces the document's scene (File > New, Open; Document::SetScene): the view starts
    /// afresh too (hover, drag, fans, camera from the scene).
    void SetScene(Scene scene);
    /// Edit > Duplicate and Ctrl+D: a copy of the selection half a grid step to the right on
    /// screen (so it does not hide the original), selected; one undoable step.
    void DuplicateSelection();
    /// Edit > Delete and the Delete key: removes the selection; one undoable step.
    void DeleteSelection();
    /// Home: frames every shape in the overlay area.
    void FrameAll();
    /// Presentation mode (app/gui/panels/presentation.cpp): no status box or hints, and Esc is
    /// the presentation's (it leaves the mode instead of deselecting).
    bool presenting = false;

private:
    enum class DragMode { None, Orbit, Pan, Move, Handle, Rotate };
    struct Drag {
        DragMode mode = DragMode::None;
        glm::dvec2 startCursor{0.0};
        glm::dvec2 lastCursor{0.0};
        SceneShape start;       ///< the shape as it was (Esc restores it)
        glm::dvec3 anchor{0.0}; ///< the grabbed point: the drag plane passes through it
        Handle handle{HandleKind::BoxCorner};
        int gizmoAxis = -1; ///< a move arrow's or rotate ring's world axis, -1: none
        double angle = 0.0; ///< a ring drag: the angle swept so far (radians)
        bool changed = false;
    };

    void UpdateHover();
    void BeginShapeDrag(DragMode mode, const SceneShape& shape, const glm::dvec3& anchor);

public:
    /// A drag by script (`hitlab SCENE --select ID --drag X,Y,Z`, frame timing while dragging):
    /// each call moves the selection `step` further, as a mouse drag moves it (the shape replaced,
    /// evaluated on the next Update, drawn outside the still layer); EndScriptedDrag applies the
    /// whole drag as one undo step. False when no shape is selected (yet: a big scene still reading).
    bool ScriptedDrag(const glm::dvec3& step);
    void EndScriptedDrag() { EndDrag(false); }
    /// An orbit by script (`--orbit PIXELS`): the camera turned as a mouse drag of that many
    /// pixels across the view turns it (false in the 2D view, which does not orbit).
    bool ScriptedOrbit(double pixels);

private:
    void ContinueShapeDrag();
    void EndDrag(bool cancel);
    AxisLock CurrentLock() const;
    bool KeyDown(int key) const { return isKeyDown && isKeyDown(key); }
    void FrameSelection();
    void UpdateFocus();
    void UpdateCrossingHover();
    /// The status box (title, counts, view, the selection's pair and verdict, a figure's external
    /// lines) at the top left of the free area (x, y); returns its bottom edge.
    float DrawStatus(float x, float y) const;
    /// A figure's external override of the focused query (null: none).
    const DrawnOverride* FocusedOverride() const;
    /// Where the focused labels are placed: the overlay area, or the whole view without one.
    glm::vec4 LabelArea() const;
    std::vector<Handle> SelectionHandles() const;
    /// The selection's move arrows (move mode) or rotate rings (rotate mode, oriented boxes).
    void SelectionGizmo(std::vector<GizmoArrow>& arrows, std::vector<GizmoRing>& rings) const;

    Document& m_doc;
    Renderers m_renderers;
    StillLayer m_still; ///< a big scene's unchanging part, drawn once and copied (render/still_layer.h)
    FanView m_fanView;
    bool m_created = false;
    ShapeId m_hovered = 0;
    int m_hoveredHandle = -1;
    int m_hoveredArrow = -1; ///< world axis of the selection's move arrow under the cursor, -1: none
    int m_hoveredRing = -1;  ///< world axis of the selection's rotate ring under the cursor, -1: none
    bool m_rotateMode = false;
    glm::dvec2 m_cursor{-1.0};
    Drag m_drag;
    std::optional<SceneQuery> m_focused;
    /// What UpdateFocus chose m_focused and m_focusedTrace from.
    struct FocusKey {
        ShapeId panelA = 0, panelB = 0, selected = 0, hovered = 0;
        int step = -1;
        std::string compare;
        std::uint64_t evaluation = 0, history = 0;
        bool operator==(const FocusKey&) const = default;
    };
    std::optional<FocusKey> m_focusKey;
    Trace m_focusedTrace;
    Trace m_secondTrace;
    SlabHighlight m_hoveredCrossing;
    std::string m_message; ///< last action, shown in the status overlay
    /// Whether the view or a mesh moved in the last kMeshStillMs (large meshes are then drawn as
    /// their proxy, render/mesh_proxy.h): what the last frame's view and meshes were, and when they
    /// last changed.
    std::vector<std::byte> m_motionKey;
    double m_lastMotion = -1e300;
    bool m_proxyShown = false; ///< this frame drew a mesh's proxy (said in the status box)
    static constexpr double kMeshStillMs = 200.0;
    bool UpdateMotion(double now, const DrawView& view);
};

} // namespace hitlab
