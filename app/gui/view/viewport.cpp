// Viewport input: picking, dragging, handles, keys, framing, undo (drawing: viewport_draw.cpp).
#include "viewport.h"

#include "clock.h"
#include "scenes.h"
#include "shape_commands.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <cmath>

namespace hitlab {

namespace {

constexpr double kHandlePickPixels = 9.0;
constexpr std::uint64_t kNoGroup = 0;

/// After Frame: zooms out and moves the picture so that what filled the window fills `area` (the
/// part the panels leave free: x, y, width, height; zero size: the whole window, nothing to do).
void FitInto(Camera& camera, const glm::dvec4& area)
{
    if (area.z <= 1.0 || area.w <= 1.0) {
        return;
    }
    const glm::dvec2 center = camera.viewport * 0.5;
    ZoomAt(camera, std::max(1.0, std::max(camera.viewport.x / area.z, camera.viewport.y / area.w)), center);
    Pan(camera, glm::dvec2(area.x + area.z * 0.5, area.y + area.w * 0.5) - center);
}

} // namespace

Viewport::Viewport(Document& document) : m_doc(document)
{
    camera = CameraFromState(m_doc.GetScene().camera, camera.viewport);
}

void Viewport::SetScene(Scene scene)
{
    m_doc.SetScene(std::move(scene));
    m_hovered = 0;
    m_hoveredHandle = m_hoveredArrow = m_hoveredRing = -1;
    m_focused.reset();
    m_drag = Drag{};
    m_rotateMode = false;
    m_fanView.Reset();
    m_message.clear();
    camera = CameraFromState(m_doc.GetScene().camera, camera.viewport);
}

bool Viewport::Create(std::string& error)
{
    m_created = m_renderers.Create(error) && m_fanView.Create(error);
    return m_created;
}

void Viewport::Destroy()
{
    if (m_created) {
        m_renderers.Destroy();
        m_still.Destroy();
        m_fanView.Destroy();
        m_created = false;
    }
}

AxisLock Viewport::CurrentLock() const
{
    if (KeyDown(GLFW_KEY_X)) {
        return AxisLock::X;
    }
    if (KeyDown(GLFW_KEY_Y)) {
        return AxisLock::Y;
    }
    if (KeyDown(GLFW_KEY_Z) && !camera.view2d) {
        return AxisLock::Z;
    }
    return AxisLock::None;
}

std::vector<Handle> Viewport::SelectionHandles() const
{
    const SceneShape* s = m_doc.GetScene().Find(m_doc.Selected());
    if (s == nullptr || !s->visible || m_rotateMode) {
        return {};
    }
    return HandlesOf(s->shape, camera);
}

void Viewport::SelectionGizmo(std::vector<GizmoArrow>& arrows, std::vector<GizmoRing>& rings) const
{
    arrows.clear();
    rings.clear();
    const SceneShape* s = m_doc.GetScene().Find(m_doc.Selected());
    if (s == nullptr || !s->visible) {
        return;
    }
    if (m_rotateMode) { // rings in rotate mode only, so that move mode stays uncluttered
        if (const auto center = RotationCenter(s->shape)) {
            rings = RotateRings(camera, *center, markerScale);
        }
        return;
    }
    if (const auto center = GizmoCenter(s->shape)) {
        arrows = MoveArrows(camera, *center, markerScale);
    }
}

void Viewport::UpdateHover()
{
    m_hovered = 0;
    m_hoveredHandle = -1;
    m_hoveredArrow = m_hoveredRing = -1;
    m_fanView.hovered = 0;
    UpdateCrossingHover();
    if (m_cursor.x < 0.0) {
        return;
    }
    // handles of the selection come first: they are small and drawn on top
    const std::vector<Handle> handles = SelectionHandles();
    double best = kHandlePickPixels * markerScale;
    for (size_t i = 0; i < handles.size(); ++i) {
        if (const auto p = WorldToScreen(camera, handles[i].position)) {
            const double d = glm::length(glm::dvec2(*p) - m_cursor);
            if (d <= best) {
                best = d;
                m_hoveredHandle = static_cast<int>(i);
            }
        }
    }
    if (m_hoveredHandle >= 0) {
        return;
    }
    // then the move arrows or rotate rings
    std::vector<GizmoArrow> arrows;
    std::vector<GizmoRing> rings;
    SelectionGizmo(arrows, rings);
    const double tolerance = kGizmoPickPixels * markerScale;
    if (const int a = PickArrow(camera, arrows, m_cursor, tolerance); a >= 0) {
        m_hoveredArrow = arrows[size_t(a)].axis;
        return;
    }
    if (const int r = PickRing(camera, rings, m_cursor, tolerance); r >= 0) {
        m_hoveredRing = rings[size_t(r)].axis;
        return;
    }
    if ((m_fanView.hovered = FanView::Pick(m_doc.GetScene(), camera, m_cursor, kHandlePickPixels * markerScale)) != 0) {
        return; // a ray fan's origin
    }
    if (const auto pick = PickShape(m_doc.GetScene(), camera, m_cursor)) {
        m_hovered = pick->id;
    }
}

void Viewport::OnMouseMove(glm::dvec2 screen)
{
    const glm::dvec2 delta = screen - m_cursor;
    m_cursor = screen;
    if (m_fanView.Dragging()) {
        const bool snap = KeyDown(GLFW_KEY_LEFT_CONTROL) || KeyDown(GLFW_KEY_RIGHT_CONTROL);
        m_fanView.ContinueDrag(m_doc.GetScene(), camera, m_cursor, CurrentLock(),
                               snap ? GridSpacing(camera) * 0.5 : 0.0);
        return;
    }
    switch (m_drag.mode) {
    case DragMode::Orbit:
        Orbit(camera, delta);
        return;
    case DragMode::Pan:
        Pan(camera, delta);
        return;
    case DragMode::Move:
    case DragMode::Handle:
    case DragMode::Rotate:
        ContinueShapeDrag();
        return;
    case DragMode::None:
        break;
    }
    if (!ImGui::GetIO().WantCaptureMouse) {
        UpdateHover();
    }
}

void Viewport::BeginShapeDrag(DragMode mode, const SceneShape& shape, const glm::dvec3& anchor)
{
    m_drag = Drag{};
    m_drag.mode = mode;
    m_drag.startCursor = m_drag.lastCursor = m_cursor;
    m_drag.start = shape;
    m_drag.anchor = anchor;
}

void Viewport::ContinueShapeDrag()
{
    const SceneShape* current = m_doc.GetScene().Find(m_drag.start.id);
    if (current == nullptr) {
        m_drag.mode = DragMode::None;
        return;
    }
    SceneShape moved = m_drag.start;
    if (m_drag.mode == DragMode::Rotate) {
        const std::optional<glm::dvec3> turnCenter = RotationCenter(m_drag.start.shape);
        if (!turnCenter) {
            return;
        }
        if (m_drag.gizmoAxis >= 0) { // a ring: about its axis, by the angle swept around the centre on screen
            m_drag.angle += RingAngle(camera, *turnCenter, m_drag.gizmoAxis, m_drag.lastCursor, m_cursor);
            m_drag.lastCursor = m_cursor;
            double angle = m_drag.angle;
            if (KeyDown(GLFW_KEY_LEFT_CONTROL) || KeyDown(GLFW_KEY_RIGHT_CONTROL)) {
                const double step = glm::radians(15.0);
                angle = std::round(angle / step) * step;
            }
            glm::dvec3 axis(0.0);
            axis[m_drag.gizmoAxis] = 1.0;
            moved.shape = Rotated(m_drag.start.shape, axis, angle);
            m_drag.changed = m_drag.changed || !(moved.shape == m_drag.start.shape);
            m_doc.GetScene().Replace(moved);
            return;
        }
        // turn about the held axis, or the view axis, by the angle the cursor swept around the centre
        const AxisLock lock = CurrentLock();
        glm::dvec3 axis = -Basis(camera).forward;
        if (lock != AxisLock::None) {
            axis = glm::dvec3(0.0);
            axis[static_cast<int>(lock)] = 1.0;
        }
        const Plane<double> plane{axis, glm::dot(axis, *turnCenter)};
        const auto p0 = DragPoint(camera, m_drag.startCursor, plane);
        const auto p1 = DragPoint(camera, m_cursor, plane);
        if (!p0 || !p1) {
            return;
        }
        const glm::dvec3 a = *p0 - *turnCenter, b = *p1 - *turnCenter;
        double angle = std::atan2(glm::dot(glm::cross(a, b), axis), glm::dot(a, b));
        if (KeyDown(GLFW_KEY_LEFT_CONTROL) || KeyDown(GLFW_KEY_RIGHT_CONTROL)) {
            const double step = glm::radians(15.0);
            angle = std::round(angle / step) * step;
        }
        moved.shape = Rotated(m_drag.start.shape, axis, angle);
    } else {
        // a move arrow holds the drag to its axis, as holding X, Y or Z does
        const AxisLock lock = m_drag.gizmoAxis >= 0 ? static_cast<AxisLock>(m_drag.gizmoAxis) : CurrentLock();
        const bool snap = KeyDown(GLFW_KEY_LEFT_CONTROL) || KeyDown(GLFW_KEY_RIGHT_CONTROL);
        const double step = snap ? GridSpacing(camera) * 0.5 : 0.0;
        const auto moveBy = DragDelta(camera, m_drag.anchor, lock, m_drag.startCursor, m_cursor, step);
        if (!moveBy) {
            return;
        }
        const glm::dvec3 delta = *moveBy;
        std::string refused;
        moved.shape = m_drag.mode == DragMode::Move ? Translate(m_drag.start.shape, delta)
                                                    : ApplyHandle(m_drag.start.shape, m_drag.handle, delta, &refused);
        if (!refused.empty()) {
            m_message = refused; // say why the handle does not follow, rather than snap back silently
        }
    }
    m_drag.changed = m_drag.changed || !(moved.shape == m_drag.start.shape);
    m_doc.GetScene().Replace(moved); // the evaluation follows in Update, every mouse move
}

void Viewport::EndDrag(bool cancel)
{
    const DragMode mode = m_drag.mode;
    m_drag.mode = DragMode::None;
    if (mode != DragMode::Move && mode != DragMode::Handle && mode != DragMode::Rotate) {
        return;
    }
    const SceneShape* current = m_doc.GetScene().Find(m_drag.start.id);
    if (current == nullptr || !m_drag.changed) {
        return;
    }
    const SceneShape final = *current;
    // put the shape back and apply the whole drag as one command: one undo step
    m_doc.GetScene().Replace(m_drag.start);
    if (cancel) {
        m_message = "drag cancelled";
        return;
    }
    // the command's label names the shape itself: "Move ray", not "Move ray ray"
    const char* verb = mode == DragMode::Move ? "Move" : mode == DragMode::Rotate ? "Rotate" : "Resize";
    m_doc.GetHistory().Execute(m_doc.GetScene(), ChangeShapeCommand(m_doc.GetScene(), final, verb), kNoGroup);
    m_doc.GetHistory().CloseGroup();
}

void Viewport::OnMouseButton(int button, bool pressed, int mods)
{
    if (!pressed) {
        m_fanView.EndDrag(m_doc.GetScene(), m_doc.GetHistory(), false, m_message);
        EndDrag(false);
        UpdateHover();
        return;
    }
    if (ImGui::GetIO().WantCaptureMouse || m_drag.mode != DragMode::None || m_fanView.Dragging()) {
        return;
    }
    const bool shift = (mods & GLFW_MOD_SHIFT) != 0;
    const bool alt = (mods & GLFW_MOD_ALT) != 0;
    m_drag = Drag{};
    m_drag.lastCursor = m_cursor;
    if (button == GLFW_MOUSE_BUTTON_MIDDLE || (button == GLFW_MOUSE_BUTTON_LEFT && alt)) {
        m_drag.mode = shift || camera.view2d ? DragMode::Pan : DragMode::Orbit;
        return;
    }
    if (button != GLFW_MOUSE_BUTTON_LEFT) {
        return;
    }
    UpdateHover();
    const std::vector<Handle> handles = SelectionHandles();
    if (m_hoveredHandle >= 0 && m_hoveredHandle < static_cast<int>(handles.size())) {
        const SceneShape* s = m_doc.GetScene().Find(m_doc.Selected());
        BeginShapeDrag(DragMode::Handle, *s, handles[static_cast<size_t>(m_hoveredHandle)].position);
        m_drag.handle = handles[static_cast<size_t>(m_hoveredHandle)];
        return;
    }
    if (m_hoveredArrow >= 0 || m_hoveredRing >= 0) {
        // a move arrow moves along its axis, a ring turns about it (the drag plane holds the axis)
        const SceneShape* s = m_doc.GetScene().Find(m_doc.Selected());
        const std::optional<glm::dvec3> center = s != nullptr ? GizmoCenter(s->shape) : std::nullopt;
        if (center) {
            BeginShapeDrag(m_hoveredArrow >= 0 ? DragMode::Move : DragMode::Rotate, *s, *center);
            m_drag.gizmoAxis = m_hoveredArrow >= 0 ? m_hoveredArrow : m_hoveredRing;
            return;
        }
    }
    if (m_fanView.hovered != 0) { // a ray fan's origin: drag it
        m_fanView.BeginDrag(m_doc.GetScene(), m_fanView.hovered, m_cursor);
        return;
    }
    const auto pick = PickShape(m_doc.GetScene(), camera, m_cursor);
    if (!pick) {
        m_doc.Select(0);
        return;
    }
    m_doc.Select(pick->id);
    const SceneShape* s = m_doc.GetScene().Find(pick->id);
    const bool rotate = m_rotateMode && RotationCenter(s->shape).has_value();
    BeginShapeDrag(rotate ? DragMode::Rotate : DragMode::Move, *s, pick->point);
}

void Viewport::OnScroll(double dy)
{
    if (ImGui::GetIO().WantCaptureMouse || dy == 0.0) {
        return;
    }
    ZoomAt(camera, std::pow(0.85, dy), m_cursor.x < 0.0 ? camera.viewport * 0.5 : m_cursor);
    if (m_drag.mode == DragMode::None) {
        UpdateHover();
    }
}

EscapeAction EscapeActionFor(bool popupOpen, bool fanDragging, bool dragging, bool rotateMode)
{
    return popupOpen     ? EscapeAction::LeaveToPopup
           : fanDragging ? EscapeAction::CancelFanDrag
           : dragging    ? EscapeAction::CancelDrag
           : rotateMode  ? EscapeAction::LeaveRotateMode
                         : EscapeAction::Deselect;
}

void Viewport::OnKey(int key, int mods)
{
    if (ImGui::GetIO().WantCaptureKeyboard) {
        return;
    }
    const bool ctrl = (mods & GLFW_MOD_CONTROL) != 0;
    const bool shift = (mods & GLFW_MOD_SHIFT) != 0;
    if (key == GLFW_KEY_ESCAPE && presenting) {
        return; // leaves presentation mode (the panels' keys)
    }
    if (key == GLFW_KEY_ESCAPE) {
        // the previous frame's popups: a menu open then is still open as this key arrives
        const bool popupOpen = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
        switch (EscapeActionFor(popupOpen, m_fanView.Dragging(), m_drag.mode != DragMode::None, m_rotateMode)) {
        case EscapeAction::LeaveToPopup:
            break;
        case EscapeAction::CancelFanDrag:
            m_fanView.EndDrag(m_doc.GetScene(), m_doc.GetHistory(), true, m_message);
            break;
        case EscapeAction::CancelDrag:
            EndDrag(true);
            break;
        case EscapeAction::LeaveRotateMode:
            m_rotateMode = false;
            break;
        case EscapeAction::Deselect:
            m_doc.Select(0);
            break;
        }
        return;
    }
    if (m_drag.mode != DragMode::None || m_fanView.Dragging()) {
        return; // no edits in the middle of a drag
    }
    if (ctrl && ((key == GLFW_KEY_Z && shift) || key == GLFW_KEY_Y)) {
        m_message = m_doc.GetHistory().CanRedo() ? "redo: " + m_doc.GetHistory().RedoLabel() : "nothing to redo";
        m_doc.GetHistory().Redo(m_doc.GetScene());
    } else if (ctrl && key == GLFW_KEY_Z) {
        m_message = m_doc.GetHistory().CanUndo() ? "undo: " + m_doc.GetHistory().UndoLabel() : "nothing to undo";
        m_doc.GetHistory().Undo(m_doc.GetScene());
    } else if (ctrl && key == GLFW_KEY_D) {
        DuplicateSelection();
    } else if (key == GLFW_KEY_DELETE || key == GLFW_KEY_BACKSPACE) {
        DeleteSelection();
    } else if (key == GLFW_KEY_F) {
        FrameSelection();
    } else if (key == GLFW_KEY_HOME) {
        FrameAll();
    } else if (key == GLFW_KEY_KP_1 || key == GLFW_KEY_1) {
        SetStandardView(camera, StandardView::Front);
    } else if (key == GLFW_KEY_KP_3 || key == GLFW_KEY_3) {
        SetStandardView(camera, StandardView::Right);
    } else if (key == GLFW_KEY_KP_7 || key == GLFW_KEY_7) {
        SetStandardView(camera, StandardView::Top);
    } else if (key == GLFW_KEY_KP_5 || key == GLFW_KEY_5) {
        camera.orthographic = !camera.orthographic;
    } else if (key == GLFW_KEY_KP_2 || key == GLFW_KEY_2) {
        camera.view2d = !camera.view2d;
    } else if (key == GLFW_KEY_R) {
        m_rotateMode = !m_rotateMode;
    } else if (key == GLFW_KEY_G) {
        showHints = !showHints;
    }
    UpdateHover();
}

void Viewport::FrameSelection()
{
    const SceneShape* s = m_doc.GetScene().Find(m_doc.Selected());
    glm::dvec3 lo, hi;
    if (s != nullptr && ShapeBounds(s->shape, lo, hi)) {
        Frame(camera, lo, hi);
        FitInto(camera, overlayArea);
    } else {
        FrameAll();
    }
}

void Viewport::FrameAll()
{
    glm::dvec3 lo, hi;
    if (SceneBounds(m_doc.GetScene(), lo, hi)) {
        Frame(camera, lo, hi);
        FitInto(camera, overlayArea);
    }
}

void Viewport::DeleteSelection()
{
    const SceneShape* s = m_doc.GetScene().Find(m_doc.Selected());
    if (s == nullptr) {
        return;
    }
    const std::string name = s->name;
    if (DeleteShape(m_doc.GetScene(), m_doc.GetHistory(), m_doc.Selected())) {
        m_message = "deleted " + name;
        m_doc.Select(0);
    }
}

void Viewport::DuplicateSelection()
{
    const SceneShape* s = m_doc.GetScene().Find(m_doc.Selected());
    if (s == nullptr) {
        return;
    }
    const std::string name = s->name;
    const glm::dvec3 offset = Basis(camera).right * (GridSpacing(camera) * 0.5);
    if (const ShapeId copy = DuplicateShape(m_doc.GetScene(), m_doc.GetHistory(), m_doc.Selected(), offset);
        copy != 0) {
        m_doc.Select(copy);
        m_message = "duplicated " + name;
    }
}

void Viewport::Update()
{
    const double t0 = NowMs();
    m_doc.Update();                     // the evaluation; a selection removed by undo dropped
    m_fanView.Update(m_doc.GetScene()); // ray fans: recomputed only when their inputs changed
    UpdateFocus();
    times.evaluate = NowMs() - t0;
}

} // namespace hitlab
