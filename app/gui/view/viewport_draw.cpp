// Viewport drawing: the scene through render/ (grid, shapes, result overlays, the focused trace,
// handles and gizmo), and the ImGui overlay on top of it (status, hints, t labels, names).
#include "viewport.h"

#include "clock.h"

#include "core/mesh.h"
#include "core/text.h"
#include "render/cast_labels.h"
#include "render/frame.h"
#include "render/grid_labels.h"
#include "render/mesh_proxy.h"
#include "render/slab_draw.h"
#include "render/trace_draw.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <span>

namespace hitlab {

namespace {

const char* TypeLabel(const Shape& shape) { return ShapeKindNoun(KindOf(shape)); }

/// Text in a dark box, its left edge at `at` (screen pixels); on the background draw list, so over
/// the scene but under every panel.
void Label(ImDrawList* draw, ImVec2 at, const char* text, ImU32 color)
{
    const ImVec2 size = ImGui::CalcTextSize(text);
    draw->AddRectFilled(ImVec2(at.x - 4, at.y - 2), ImVec2(at.x + size.x + 4, at.y + size.y + 2),
                        IM_COL32(20, 21, 24, 200), 3.0f);
    draw->AddText(at, color, text);
}

/// The scene drawing's labels as ImGui text on the background draw list (over the scene, under
/// every panel), clipped to `area` (x, y, width, height; zero size: everywhere); the rest of
/// what the scene emits is the GL renderers'.
class OverlayLabels final : public LabelSink {
public:
    OverlayLabels(const Camera& camera, const glm::dvec4& area) : m_camera(camera)
    {
        m_draw = ImGui::GetBackgroundDrawList();
        if (area.z > 0.0 && area.w > 0.0) {
            m_draw->PushClipRect(ImVec2(float(area.x), float(area.y)),
                                 ImVec2(float(area.x + area.z), float(area.y + area.w)));
        } else {
            m_draw->PushClipRectFullScreen();
        }
    }
    ~OverlayLabels() override { m_draw->PopClipRect(); }
    OverlayLabels(const OverlayLabels&) = delete;
    OverlayLabels& operator=(const OverlayLabels&) = delete;

    void Label(const glm::vec3& at, glm::vec2 offset, const std::string& text, const glm::vec4& color) override
    {
        if (const auto screen = WorldToScreen(m_camera, glm::dvec3(at))) {
            hitlab::Label(m_draw, ImVec2(float(screen->x) + offset.x, float(screen->y) + offset.y), text.c_str(),
                          ImGui::ColorConvertFloat4ToU32(ImVec4(color.x, color.y, color.z, color.w)));
        }
    }
    void Leader(const glm::vec3& at, glm::vec2 to, const glm::vec4& color) override
    {
        if (const auto screen = WorldToScreen(m_camera, glm::dvec3(at))) {
            const ImVec2 from(float(screen->x), float(screen->y));
            m_draw->AddLine(from, ImVec2(from.x + to.x, from.y + to.y),
                            ImGui::ColorConvertFloat4ToU32(ImVec4(color.x, color.y, color.z, color.w)), 1.0f);
        }
    }

private:
    const Camera& m_camera;
    ImDrawList* m_draw = nullptr;
};

} // namespace

SceneDrawOptions Viewport::DrawOptions() const
{
    SceneDrawOptions options;
    options.camera = camera;
    options.hovered = m_drag.mode == DragMode::None ? m_hovered : 0;
    options.selected = m_doc.Selected();
    options.meshEdges = meshEdges;
    options.focused = m_focused ? &*m_focused : nullptr;
    options.focusedTrace = m_focused ? &m_focusedTrace : nullptr;
    options.secondTrace = m_focused && !m_secondTrace.steps.empty() ? &m_secondTrace : nullptr;
    options.slabHighlight = HighlightOf(m_doc.focus.hoveredBar, m_doc.focus.hoveredBarTrace, m_hoveredCrossing.axis,
                                        m_hoveredCrossing.trace);
    options.drawable = &m_doc.Summary().Drawable();
    if (external != nullptr && !external->drawn.empty()) { // a figure with external answers
        options.overrides = &external->drawn;
    }
    {
        std::vector<GizmoArrow> arrows;
        std::vector<GizmoRing> rings;
        SelectionGizmo(arrows, rings);
        // the hovered one is lit, and the dragged one while it is dragged
        const bool dragging = m_drag.mode == DragMode::Move || m_drag.mode == DragMode::Rotate;
        const int litArrow = dragging ? (m_drag.mode == DragMode::Move ? m_drag.gizmoAxis : -1) : m_hoveredArrow;
        const int litRing = dragging ? (m_drag.mode == DragMode::Rotate ? m_drag.gizmoAxis : -1) : m_hoveredRing;
        for (const GizmoArrow& a : arrows) {
            options.gizmo.arrows.push_back({a.axis, a.from, a.to, a.axis == litArrow});
        }
        for (GizmoRing& r : rings) {
            options.gizmo.rings.push_back({r.axis, std::move(r.points), r.axis == litRing});
        }
    }
    const std::vector<Handle> handles = SelectionHandles();
    for (size_t i = 0; i < handles.size(); ++i) {
        const bool arrow = handles[i].kind == HandleKind::RayTip || handles[i].kind == HandleKind::PlaneNormal;
        options.handles.push_back(HandleMarker{handles[i].position, handles[i].toward,
                                               arrow ? MarkerKind::Diamond : MarkerKind::Square,
                                               static_cast<int>(i) == m_hoveredHandle});
    }
    return options;
}

glm::vec4 Viewport::LabelArea() const
{
    if (overlayArea.z > 0.0 && overlayArea.w > 0.0) {
        return glm::vec4(overlayArea);
    }
    return {0.0f, 0.0f, float(camera.viewport.x), float(camera.viewport.y)};
}

void Viewport::DrawLabels(DrawSink& out, const std::vector<ScreenLabel>& cursor) const
{
    const bool focusLabels = m_focused && !m_doc.focus.hideAnswers; // no t labels while a quiz question is open
    if (focusLabels || !cursor.empty()) {
        // the text's width per character: the window's font, or the figure's estimate without ImGui
        const float charWidth = ImGui::GetCurrentContext() != nullptr ? ImGui::CalcTextSize("0").x : 7.8f;
        DrawViewLabels(m_doc.GetScene(), m_doc.Evaluation(), focusLabels ? &*m_focused : nullptr, m_focusedTrace,
                       camera, charWidth, LabelArea(), FocusedOverride(), cursor, out);
    }
}

void Viewport::Draw(glm::ivec2 framebuffer, glm::dvec2 window)
{
    const double t0 = NowMs();
    camera.viewport = glm::max(window, glm::dvec2(1.0));
    m_doc.UpdateSummary(); // listed once per evaluation (a no-op after Update)
    SceneDrawOptions options = DrawOptions();
    // a big scene's grid and unselected shapes (and its meshes) go to the still layer (drawn when
    // they change)
    std::string stillError;
    const bool still = NeedsStillLayer(m_doc.GetScene()) && m_still.Begin(stillError);
    if (still) {
        options.still = &m_still.Sink();
    }
    DrawView view;
    view.view = glm::mat4(ViewMatrix(camera));
    view.proj = glm::mat4(ProjectionMatrix(camera));
    view.viewProj = view.proj * view.view;
    view.viewportPixels = glm::vec2(framebuffer);
    view.pixelScale = float(double(framebuffer.y) / std::max(window.y, 1.0));
    view.sizeScale = markerScale;
    view.orthographic = IsOrthographic(camera);
    view.eye = glm::vec3(EyePosition(camera));
    view.forward = glm::vec3(Basis(camera).forward);
    // while the view or a mesh moves, large meshes are drawn as their proxies; the full meshes
    // again once both have been still for kMeshStillMs (the loop wakes at least every 250 ms)
    const bool moving = UpdateMotion(t0, view);
    m_renderers.meshes.SetMoving(moving);
    if (still) {
        m_still.Meshes().SetMoving(moving);
    }
    DrawScene(m_doc.GetScene(), m_doc.Evaluation(), options, m_renderers);
    if (m_focused && m_doc.focus.sweep) { // the Query inspector's t sweep
        DrawSlabSweep(m_doc.GetScene(), *m_focused, m_focusedTrace, camera, *m_doc.focus.sweep, m_renderers);
    }
    m_fanView.AddDrawing(m_doc.GetScene(), camera, m_renderers);
    m_renderers.beforeOverlays = [this] { m_fanView.DrawSamples(); };
    // under the panels the depth is the near plane, so every depth-tested fragment there fails
    // before shading; outside the bounds of the free part nothing is rasterised at all (the
    // panels are opaque and drawn afterwards; their rounded corners beside it stay drawn)
    std::vector<PixelRect> occluded;
    for (const glm::dvec4& r : occluders) {
        occluded.push_back(InnerPixels(r, window, framebuffer));
    }
    const double rounding = ImGui::GetCurrentContext() != nullptr ? ImGui::GetStyle().WindowRounding : 0.0;
    const PixelRect drawn = OuterPixels(UncoveredBounds(window, occluders, rounding), window, framebuffer);
    if (still) {
        m_still.Prepare(view, framebuffer, palette::kBackground, occluded, drawn);
    }
    BeginScene(framebuffer, palette::kBackground, occluded, drawn);
    if (still) {
        m_still.Copy();
    }
    m_renderers.Flush(view);
    EndScene();
    times.draw = NowMs() - t0;
}

bool Viewport::UpdateMotion(double now, const DrawView& view)
{
    std::vector<std::byte> key;
    const auto add = [&key](const auto& value) {
        const auto bytes = std::as_bytes(std::span(&value, 1));
        key.insert(key.end(), bytes.begin(), bytes.end());
    };
    add(view.viewProj);
    bool large = false;
    for (const SceneShape& s : m_doc.GetScene().Shapes()) {
        if (const auto* mesh = std::get_if<Mesh<double>>(&s.shape)) {
            add(mesh->data.get());
            large = large || mesh->TriangleCount() > kMeshProxyThreshold;
        }
    }
    if (!m_motionKey.empty() && key != m_motionKey) { // the first frame is not a motion
        m_lastMotion = now;
    }
    m_motionKey = std::move(key);
    m_proxyShown = large && now - m_lastMotion < kMeshStillMs;
    return m_proxyShown;
}

namespace {
/// The status box and the hints: fixed, click-through, sized to their text.
constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                                    ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                    ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
} // namespace

float Viewport::DrawStatus(float x, float y) const
{
    ImGui::SetNextWindowPos(ImVec2(x + 10, y + 10));
    ImGui::SetNextWindowBgAlpha(0.55f);
    if (ImGui::Begin("##status", nullptr, kFixed)) {
        const size_t disagree = m_doc.Summary().Disagreements(); // counted once per evaluation
        ImGui::TextUnformatted(m_doc.GetScene().title.empty() ? "HitLab" : m_doc.GetScene().title.c_str());
        const std::string counts = CountText(m_doc.GetScene().Shapes().size(), "shape", "shapes") + ", " +
                                   CountText(m_doc.Evaluation().Queries().size(), "query", "queries") + ", " +
                                   std::to_string(disagree) + " with disagreement";
        ImGui::TextDisabled("%s", counts.c_str());
        const char* mode = camera.view2d ? "2D (z = 0 plane)" : camera.orthographic ? "orthographic" : "perspective";
        ImGui::TextDisabled("view: %s%s", mode, m_rotateMode ? "   |   ROTATE mode (R)" : "");
        if (m_proxyShown) {
            ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.3f, 1.0f),
                               "moving: meshes over %zu triangles drawn simplified (casts use every triangle)",
                               kMeshProxyThreshold);
        }
        const SceneShape* s = m_doc.GetScene().Find(m_doc.Selected());
        if (s != nullptr || (external != nullptr && m_focused)) { // a figure's externals: its pair
            ImGui::Separator();
            if (s != nullptr) {
                ImGui::Text("selected: %s (%s)", s->name.c_str(), TypeLabel(s->shape));
            }
            if (m_focused && !m_doc.focus.hideAnswers) { // the verdict: not while a quiz question is open
                const SceneShape* a = m_doc.GetScene().Find(m_focused->a);
                const SceneShape* b = m_doc.GetScene().Find(m_focused->b);
                const std::string drawn = DrawnName();
                if (a != nullptr && b != nullptr && !drawn.empty()) {
                    ImGui::TextDisabled("%s vs %s: %s", a->name.c_str(), b->name.c_str(), drawn.c_str());
                    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
                    ImGui::TextUnformatted(m_focusedTrace.verdict.c_str());
                    for (const std::string& line : ExternalLines()) {
                        ImGui::TextUnformatted(line.c_str());
                    }
                    ImGui::PopTextWrapPos();
                }
            }
        }
        if (!m_message.empty()) {
            ImGui::TextDisabled("%s", m_message.c_str());
        }
    }
    const float bottom = ImGui::GetWindowPos().y + ImGui::GetWindowSize().y;
    ImGui::End();
    return bottom;
}

void Viewport::DrawOverlay()
{
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImVec2 workPos = vp->WorkPos, workSize = vp->WorkSize;
    if (overlayArea.z > 0.0 && overlayArea.w > 0.0) { // the part the panels leave free
        workPos = ImVec2(float(overlayArea.x), float(overlayArea.y));
        workSize = ImVec2(float(overlayArea.z), float(overlayArea.w));
    }
    float statusBottom = workPos.y; // the fans' legend goes below the status
    // presentation mode: only the scene, the number line and the verdict; figures: no status
    if (showStatus && !presenting) {
        statusBottom = DrawStatus(workPos.x, workPos.y);
    }

    if (showHints && !presenting) {
        ImGui::SetNextWindowPos(ImVec2(workPos.x + 10, workPos.y + workSize.y - 10), 0, ImVec2(0, 1));
        ImGui::SetNextWindowBgAlpha(0.35f);
        if (ImGui::Begin("##hints", nullptr, kFixed)) {
            ImGui::PushTextWrapPos(workSize.x - 30.0f); // stay within the free area beside the panels
            ImGui::TextDisabled("drag: move (arrows or hold X/Y/Z: axis, Ctrl: snap, Esc: cancel)   "
                                "R: rotate mode (rings)   Ctrl+Z / Ctrl+Y: undo / redo   Del: delete   "
                                "Ctrl+D: duplicate");
            ImGui::TextDisabled("middle or Alt+left: orbit   Shift+middle: pan   wheel: zoom   F / Home: frame   "
                                "1 3 7: views   5: ortho   2: 2D   G: hide hints");
            ImGui::PopTextWrapPos();
        }
        ImGui::End();
    }

    {
        // by the cursor, placed with the other labels (giving way to them): what a gizmo arrow or
        // ring under it does, and the hovered shape's name
        std::vector<ScreenLabel> cursor;
        const glm::vec4 text(235.0f / 255.0f, 235.0f / 255.0f, 235.0f / 255.0f, 1.0f);
        if (m_drag.mode == DragMode::None && (m_hoveredArrow >= 0 || m_hoveredRing >= 0) && m_cursor.x >= 0.0) {
            static const char* const kMove[3] = {"move along x", "move along y", "move along z"};
            static const char* const kTurn[3] = {"rotate about x", "rotate about y", "rotate about z"};
            cursor.push_back({m_cursor,
                              {14.0f, 8.0f},
                              m_hoveredArrow >= 0 ? kMove[m_hoveredArrow % 3] : kTurn[m_hoveredRing % 3],
                              text});
        }
        if (m_drag.mode == DragMode::None && m_hovered != 0 && m_cursor.x >= 0.0) {
            if (const SceneShape* s = m_doc.GetScene().Find(m_hovered)) {
                cursor.push_back({m_cursor, {14.0f, 8.0f}, s->name, text});
            }
        }
        OverlayLabels labels(camera, overlayArea);
        DrawGridLabels(camera, labels); // the 2D view's coordinates (nothing in 3D)
        DrawLabels(labels, cursor);
    }
    m_fanView.DrawLegend(m_doc.GetScene(), overlayArea, statusBottom + 6.0f,
                         m_drag.mode == DragMode::None ? m_cursor : glm::dvec2(-1.0));
}

} // namespace hitlab
