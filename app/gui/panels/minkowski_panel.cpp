// The Minkowski difference panel: the focused overlap query's configuration-space obstacle A - B
// (render/minkowski_draw.h) with its own camera (drag: orbit, wheel: zoom), in 3D or projected
// onto a coordinate plane; the origin, the reference's penetration or separation vector, and
// when the drawn algorithm is GJK / EPA or MPR the trace step the Query inspector shows.
#include "canvas_sink.h"
#include "panel.h"

#include "render/minkowski_draw.h"
#include "render/scene_draw.h"

#include "core/exact/exact.h"
#include "core/text.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string_view>

namespace hitlab {

namespace {

constexpr const char* kPlaneNames[] = {"3D", "xy plane", "xz plane", "yz plane"};

/// A trace of the drawn algorithm when it is one whose steps live in A - B (GJK / EPA, MPR).
bool TracesInDifference(const AlgorithmInfo& algorithm)
{
    const std::string_view name = algorithm.name;
    return name == "gjk_epa" || name == "mpr";
}

class MinkowskiPanel final : public Panel {
public:
    void Draw(PanelContext& ctx) override
    {
        m_report = nlohmann::json::object();
        // in front of the viewport's status box, which it may overlap (that box is made after the
        // panels, so on its first frames it lands on top)
        if (ImGui::IsWindowAppearing()) {
            m_focusFrames = 3;
        }
        if (m_focusFrames > 0) {
            ImGui::SetWindowFocus();
            --m_focusFrames;
        }
        const Scene& scene = ctx.GetScene();
        const std::optional<SceneQuery> focus = ctx.Focused();
        const SceneShape* a = focus ? scene.Find(focus->a) : nullptr;
        const SceneShape* b = focus ? scene.Find(focus->b) : nullptr;
        if (a == nullptr || b == nullptr || IsCast(focus->family)) {
            ImGui::TextWrapped("Select a shape of an overlap query (two boxes, spheres, convex shapes, triangles) "
                               "to see the Minkowski difference A - B.");
            return;
        }
        Controls();
        const std::optional<MinkowskiDifference>& diff = DifferenceOf(*a, *b);
        if (!diff) {
            ImGui::TextWrapped("%s - %s: not two bounded convex solids.", a->name.c_str(), b->name.c_str());
            return;
        }
        MinkowskiOverlay overlay;
        const AlgorithmInfo* drawn = scene.Settings(focus->family).drawn;
        if (const QueryEvaluation* qe = ctx.Evaluation().Find(focus->a, focus->b)) {
            overlay.answer = qe->Reference();
            if (drawn != nullptr && TracesInDifference(*drawn)) {
                overlay.drawn = qe->ResultOf(drawn);
                overlay.drawnName = std::string(drawn->name);
            }
        }
        ExactAnswer(ctx, *focus);
        if (m_exactMiss) {
            overlay.separation = SolidsSeparation(a->shape, b->shape);
        }
        Trace trace;
        if (drawn != nullptr && TracesInDifference(*drawn)) {
            trace = SceneEvaluator::TraceOf(scene, *focus, *drawn);
            const int count = int(trace.steps.size());
            const int step = ctx.state.step >= 0 ? std::min(ctx.state.step, count - 1) : count - 1;
            overlay.step = step >= 0 ? &trace.steps[std::size_t(step)] : nullptr;
            m_report["step"] = step;
        }
        Caption(*a, *b, *diff, drawn, overlay);
        Canvas(*diff, a->color, overlay);
        m_report["vertices"] = diff->hull.vertices.size();
        m_report["triangles"] = diff->hull.triangles.size();
        m_report["sampled"] = diff->sampled;
        m_report["plane"] = kPlaneNames[int(m_plane)];
    }

    void Report(nlohmann::json& report) const override { report["minkowski"] = m_report; }

private:
    /// A - B of the pair, built again only when a shape or the plane changed.
    const std::optional<MinkowskiDifference>& DifferenceOf(const SceneShape& a, const SceneShape& b)
    {
        if (!m_diffFor || m_diffFor->a != a.shape || m_diffFor->b != b.shape || m_diffFor->plane != m_plane) {
            m_diff = MinkowskiDifferenceOf(a.shape, b.shape, m_plane);
            m_diffFor = DiffInputs{a.shape, b.shape, m_plane};
        }
        return m_diff;
    }

    void Controls()
    {
        int plane = int(m_plane);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
        if (ImGui::Combo("##plane", &plane, kPlaneNames, IM_ARRAYSIZE(kPlaneNames))) {
            m_plane = MinkowskiPlane(plane);
            m_camera = Camera{};
            if (m_plane != MinkowskiPlane::None) { // look straight at the plane
                SetStandardView(m_camera, m_plane == MinkowskiPlane::XY   ? StandardView::Front
                                          : m_plane == MinkowskiPlane::XZ ? StandardView::Top
                                                                          : StandardView::Right);
                m_camera.orthographic = true;
            }
        }
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("3D, or A - B projected onto a coordinate plane (its shadow there)");
        }
        ImGui::SameLine();
        ImGui::Checkbox("keep framed", &m_keepFramed);
    }

    void Caption(const SceneShape& a, const SceneShape& b, const MinkowskiDifference& diff, const AlgorithmInfo* drawn,
                 const MinkowskiOverlay& overlay)
    {
        ImGui::TextDisabled("%s - %s: %zu vertices, %s", a.name.c_str(), b.name.c_str(), diff.hull.vertices.size(),
                            diff.sampled ? "sampled support surface" : "exact hull of the vertex differences");
        if (overlay.answer) {
            const Result& r = *overlay.answer;
            ImGui::TextDisabled("reference: %s",
                                r.hit           ? ("origin inside (overlap), depth " + ShortNumber(r.depth)).c_str()
                                : r.hasDistance ? ("origin outside, distance " + ShortNumber(r.distance)).c_str()
                                                : "origin outside (separate)");
        }
        ImGui::TextDisabled("%s", m_exactText.c_str());
        if (drawn != nullptr && overlay.step != nullptr) {
            ImGui::TextDisabled("%s: %s", std::string(drawn->name).c_str(), overlay.step->caption.c_str());
        } else if (drawn != nullptr) {
            ImGui::TextDisabled("drawn algorithm %s (draw gjk_epa or mpr to see its steps here)",
                                std::string(drawn->name).c_str());
        }
    }

    /// The exact judge's verdict and depth / distance (once per change of the pair's shapes).
    void ExactAnswer(const PanelContext& ctx, const SceneQuery& focus)
    {
        const Scene& scene = ctx.GetScene(); // a drag changes the shapes' revisions before the history
        const std::uint64_t generation = scene.Revision(focus.a) ^ (scene.Revision(focus.b) << 32);
        if (!m_exactFor || m_exactFor->a != focus.a || m_exactFor->b != focus.b || m_exactGeneration != generation) {
            const ExactResult e = JudgeExact(scene.MakeQuery(focus));
            auto number = [](const ExactValue& v) {
                return ShortNumber(v.value) + (v.exact ? " (exact)" : " (rounded)");
            };
            m_exactText = !e.valid        ? e.note
                          : e.hit         ? "exact: overlap, depth " + number(e.depth)
                          : e.hasDistance ? "exact: separate, distance " + number(e.distance)
                                          : "exact: separate";
            m_exactMiss = e.valid && !e.hit;
            m_exactFor = focus;
            m_exactGeneration = generation;
        }
        m_report["exact"] = m_exactText;
    }

    void Canvas(const MinkowskiDifference& diff, const glm::vec4& color, const MinkowskiOverlay& overlay)
    {
        const ImVec2 size(std::max(ImGui::GetContentRegionAvail().x, 50.0f),
                          std::max(ImGui::GetContentRegionAvail().y, 50.0f));
        const ImVec2 origin = ImGui::GetCursorScreenPos();
        ImGui::InvisibleButton("canvas", size);
        m_camera.viewport = glm::dvec2(size.x, size.y);
        if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left) && m_plane == MinkowskiPlane::None) {
            const ImVec2 d = ImGui::GetIO().MouseDelta;
            Orbit(m_camera, glm::dvec2(d.x, d.y));
        }
        if (ImGui::IsItemHovered() && ImGui::GetIO().MouseWheel != 0) {
            m_keepFramed = false;
            const ImVec2 m = ImGui::GetIO().MousePos;
            ZoomAt(m_camera, std::pow(0.85, ImGui::GetIO().MouseWheel), glm::dvec2(m.x - origin.x, m.y - origin.y));
        }
        if (m_keepFramed && !diff.hull.vertices.empty()) {
            glm::dvec3 lo(0.0), hi(0.0); // the origin is always in view
            for (const glm::dvec3& p : diff.hull.vertices) {
                lo = glm::min(lo, p);
                hi = glm::max(hi, p);
            }
            Frame(m_camera, lo, hi);
        }
        CanvasSink sink(m_camera, origin);
        DrawMinkowskiView(diff, color, m_plane, overlay, sink);
        ImDrawList& list = *ImGui::GetWindowDrawList();
        list.PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
        list.AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), IM_COL32(27, 28, 31, 255));
        sink.Paint(list);
        list.PopClipRect();
    }

    std::optional<MinkowskiDifference> m_diff;
    struct DiffInputs {
        Shape a, b;
        MinkowskiPlane plane;
    };
    std::optional<DiffInputs> m_diffFor; ///< what m_diff was built from
    Camera m_camera;
    MinkowskiPlane m_plane = MinkowskiPlane::None;
    bool m_keepFramed = true;
    int m_focusFrames = 0; ///< frames left to bring the window to the front
    std::optional<SceneQuery> m_exactFor;
    std::uint64_t m_exactGeneration = 0;
    std::string m_exactText;
    bool m_exactMiss = false; ///< the exact judge says the solids are apart
    nlohmann::json m_report = nlohmann::json::object();
};

} // namespace

std::unique_ptr<Panel> MakeMinkowskiPanel() { return std::make_unique<MinkowskiPanel>(); }

} // namespace hitlab
