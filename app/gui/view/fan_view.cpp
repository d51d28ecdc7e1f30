// The dense ray view in the viewport: computation on change, drawing, origin picking and drag, legend.
#include "fan_view.h"

#include <imgui.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <cstdio>

namespace hitlab {

namespace {

ImU32 Color32(const glm::vec4& c, float alpha = -1.0f)
{
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, alpha < 0.0f ? c.w : alpha));
}

/// A small filled square in the legend's text line, then the text.
void Swatch(const glm::vec4& color, const char* text)
{
    const float h = ImGui::GetTextLineHeight();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x + 1, p.y + 2), ImVec2(p.x + h - 3, p.y + h - 2),
                                              Color32(color, std::max(color.w, 0.6f)));
    ImGui::Dummy(ImVec2(h, h));
    ImGui::SameLine();
    ImGui::TextUnformatted(text);
}

} // namespace

glm::dvec3 NewFanOrigin(const Shape& target, const Camera& camera)
{
    glm::dvec3 center = camera.target;
    switch (KindOf(target)) {
    case ShapeKind::Plane: {
        const auto& plane = std::get<Plane<double>>(target);
        const double n2 = glm::dot(plane.normal, plane.normal);
        if (n2 > 0.0) { // the plane's point nearest the camera's target
            center = camera.target - plane.normal * ((glm::dot(plane.normal, camera.target) - plane.distance) / n2);
        }
        break;
    }
    case ShapeKind::Aabb:
    case ShapeKind::Sphere:
    case ShapeKind::Obb:
    case ShapeKind::Triangle:
    case ShapeKind::Mesh:
    case ShapeKind::Convex:
        center = ShapeCenter(target).value_or(center);
        break;
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Point:
        break;
    }
    const glm::dvec3 forward = Basis(camera).forward;
    double distance = 5.0;
    if (!IsOrthographic(camera)) {
        distance = std::min(distance, 0.6 * std::max(glm::dot(center - EyePosition(camera), forward), 0.0));
    }
    return center - forward * std::max(distance, 0.5);
}

void FanView::Reset()
{
    m_cache.Clear();
    m_drag.reset();
    hovered = selected = 0;
}

void FanView::Update(const Scene& scene)
{
    const std::uint64_t before = m_cache.Computations();
    std::uint64_t newest = 0;
    for (const FanCache::Entry& e : m_cache.Entries()) {
        newest = std::max(newest, e.revision);
    }
    const bool computed = m_cache.Update(scene) != 0 && m_cache.Computations() != before;
    m_external.Update(m_cache); // the external answers to fans computed before, and asks of new ones
    if (!computed) {
        return;
    }
    for (const FanCache::Entry& e : m_cache.Entries()) {
        if (e.revision > newest && e.error.empty()) {
            m_times.push_back(e.ms);
        }
    }
    if (selected != 0 && scene.FindFan(selected) == nullptr) {
        selected = 0;
    }
}

void FanView::AddDrawing(const Scene& scene, const Camera& camera, Renderers& out)
{
    FanDrawOptions options;
    options.camera = camera;
    options.hovered = m_drag ? 0 : hovered;
    options.selected = selected;
    options.dragged = m_drag ? m_drag->start.id : 0;
    DrawFanGuides(scene, m_cache, options, out);
    m_renderer.Sync(scene, m_cache);
}

FanId FanView::Pick(const Scene& scene, const Camera& camera, glm::dvec2 cursor, double pixels)
{
    FanId best = 0;
    double bestDistance = pixels;
    for (const SceneFan& fan : scene.Fans()) {
        if (!fan.enabled) {
            continue;
        }
        if (const auto p = WorldToScreen(camera, fan.origin)) {
            const double d = glm::length(glm::dvec2(*p) - cursor);
            if (d <= bestDistance) {
                bestDistance = d;
                best = fan.id;
            }
        }
    }
    return best;
}

void FanView::BeginDrag(const Scene& scene, FanId id, glm::dvec2 cursor)
{
    const SceneFan* fan = scene.FindFan(id);
    if (fan == nullptr) {
        return;
    }
    m_drag = Drag{*fan, cursor, false};
    selected = id;
}

void FanView::ContinueDrag(Scene& scene, const Camera& camera, glm::dvec2 cursor, AxisLock lock, double snap)
{
    if (!m_drag || scene.FindFan(m_drag->start.id) == nullptr) {
        m_drag.reset();
        return;
    }
    const Plane<double> plane = DragPlane(camera, m_drag->start.origin, lock);
    const auto p0 = DragPoint(camera, m_drag->startCursor, plane);
    const auto p1 = DragPoint(camera, cursor, plane);
    if (!p0 || !p1) {
        return;
    }
    SceneFan moved = m_drag->start;
    moved.origin += ConstrainDelta(*p1 - *p0, lock, snap);
    m_drag->changed = m_drag->changed || moved.origin != m_drag->start.origin;
    scene.ReplaceFan(moved); // the fan recomputes in the next Update: live while dragging
}

void FanView::EndDrag(Scene& scene, History& history, bool cancel, std::string& message)
{
    if (!m_drag) {
        return;
    }
    const Drag drag = *m_drag;
    m_drag.reset();
    const SceneFan* current = scene.FindFan(drag.start.id);
    if (current == nullptr || !drag.changed) {
        return;
    }
    const SceneFan moved = *current;
    scene.ReplaceFan(drag.start); // the whole drag as one command: one undo step
    if (cancel) {
        message = "drag cancelled";
        return;
    }
    history.Execute(scene, ChangeFanCommand(scene, moved, "Move"));
    history.CloseGroup();
    message = "moved " + moved.name;
}

void FanView::DrawLegend(const Scene& scene, const glm::dvec4& area, float top, glm::dvec2 cursor) const
{
    // the hovered origin's name by the cursor
    if (const SceneFan* fan = scene.FindFan(hovered); fan != nullptr && !m_drag && cursor.x >= 0.0) {
        const std::string text = fan->name + " (drag to move the fan's origin)";
        const ImVec2 at(float(cursor.x) + 14.0f, float(cursor.y) + 8.0f);
        const ImVec2 size = ImGui::CalcTextSize(text.c_str());
        ImDrawList* draw = ImGui::GetBackgroundDrawList();
        draw->AddRectFilled(ImVec2(at.x - 4, at.y - 2), ImVec2(at.x + size.x + 4, at.y + size.y + 2),
                            IM_COL32(20, 21, 24, 200), 3.0f);
        draw->AddText(at, IM_COL32(235, 235, 235, 255), text.c_str());
    }
    const bool any = std::any_of(scene.Fans().begin(), scene.Fans().end(), [](const SceneFan& f) { return f.enabled; });
    if (!any) {
        return;
    }
    ImVec2 pos = ImGui::GetMainViewport()->WorkPos, size = ImGui::GetMainViewport()->WorkSize;
    if (area.z > 0.0 && area.w > 0.0) {
        pos = ImVec2(float(area.x), float(area.y));
        size = ImVec2(float(area.z), float(area.w));
    }
    // under the status box at the top left (a long lesson title makes that box wide)
    ImGui::SetNextWindowPos(ImVec2(pos.x + 10.0f, std::max(pos.y + 10.0f, top)));
    ImGui::SetNextWindowBgAlpha(0.6f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
    if (ImGui::Begin("##fanlegend", nullptr, flags)) {
        // the colour key once per family shown (the fans of a family compare the same algorithms)
        std::vector<Family> keyed;
        char line[256];
        for (const SceneFan& fan : scene.Fans()) {
            const FanCache::Entry* e = m_cache.Find(fan.id);
            if (!fan.enabled || e == nullptr || e->fan.samples.empty() ||
                std::find(keyed.begin(), keyed.end(), e->fan.family) != keyed.end()) {
                continue;
            }
            keyed.push_back(e->fan.family);
            const RayFan& f = e->fan;
            Swatch(fan_palette::kAllHit, "all hit");
            Swatch(fan_palette::kAllMiss, "all miss");
            if (f.algorithms.size() == 2) {
                std::snprintf(line, sizeof line, "only %s hits", std::string(f.algorithms[0]->name).c_str());
                Swatch(fan_palette::kOnlyA, line);
                std::snprintf(line, sizeof line, "only %s hits", std::string(f.algorithms[1]->name).c_str());
                Swatch(fan_palette::kOnlyB, line);
            } else {
                std::snprintf(line, sizeof line, "%s algorithms disagree", std::string(FamilyName(f.family)).c_str());
                Swatch(fan_palette::kDisagree, line);
            }
        }
        // one line per fan: how many of its rays disagree
        for (const SceneFan& fan : scene.Fans()) {
            const FanCache::Entry* e = m_cache.Find(fan.id);
            if (!fan.enabled || e == nullptr) {
                continue;
            }
            if (!e->error.empty() || e->fan.samples.empty()) {
                ImGui::TextDisabled("%s: %s", fan.name.c_str(), e->error.c_str());
                continue;
            }
            ImGui::TextDisabled("%s: %zu / %zu disagree", fan.name.c_str(), e->stats.disagree, e->fan.samples.size());
            if (const std::string status = ExternalStatus(fan.id); !status.empty()) {
                ImGui::TextDisabled("  %s", status.c_str());
            }
        }
    }
    ImGui::End();
}

std::string FanView::ExternalStatus(FanId id) const
{
    const FanCache::Entry* e = m_cache.Find(id);
    if (m_external.Empty() || e == nullptr || !e->error.empty()) {
        return {};
    }
    if (!m_external.Error().empty()) {
        return "external algorithms: " + m_external.Error();
    }
    if (m_external.Pending(*e)) {
        return "external algorithms: waiting for answers";
    }
    const auto [failed, first] = m_external.Failures(id);
    return failed == 0 ? std::string()
                       : "external algorithms: " + std::to_string(failed) + " rays failed (" + first + ")";
}

void FanView::PrintStats(std::ostream& out) const
{
    if (m_times.empty()) {
        return;
    }
    std::vector<double> sorted = m_times;
    std::sort(sorted.begin(), sorted.end());
    int n = 0;
    std::size_t algorithms = 0;
    for (const FanCache::Entry& e : m_cache.Entries()) {
        n = std::max(n, e.fan.n);
        algorithms = std::max(algorithms, e.fan.algorithms.size());
    }
    char line[256];
    std::snprintf(line, sizeof line,
                  "ray fans: %zu computations (largest %d x %d rays, %zu algorithms): last %.2f ms, median %.2f ms, "
                  "max %.2f ms\n",
                  m_times.size(), n, n, algorithms, m_times.back(), sorted[sorted.size() / 2], sorted.back());
    out << line;
}

} // namespace hitlab
