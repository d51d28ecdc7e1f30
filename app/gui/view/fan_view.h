// The viewport's part of the dense ray view: keeps the scene's ray fans computed (core's FanCache,
// recomputed only when a fan's inputs change), draws them (render/fan_draw.h), lets the mouse pick
// and drag a fan's origin (one undo step per drag), and shows the legend. The viewport calls it
// from a few hooks; everything but Create/Destroy/Draw is GL-free and unit-tested headless.
#pragma once

#include "drag.h"
#include "fan_external.h"

#include "render/fan_draw.h"

#include "core/commands.h"
#include "core/fan_cache.h"

#include <chrono>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace hitlab {

/// Where a new fan aimed at `target` starts: in front of it towards the camera, 5 units away (less
/// when the eye is nearer, so that the origin stays in view).
glm::dvec3 NewFanOrigin(const Shape& target, const Camera& camera);

class FanView {
public:
    bool Create(std::string& error) { return m_renderer.Create(error); }
    void Destroy() { m_renderer.Destroy(); }
    /// A new scene: forget the computed fans and the selection.
    void Reset();

    /// Recomputes the fans whose inputs changed (every frame; nothing is computed otherwise).
    void Update(const Scene& scene);
    /// The origin handles and outlines into the batched renderers, and the samples to the GPU
    /// (uploads only recomputed fans). Needs GL only for the upload.
    void AddDrawing(const Scene& scene, const Camera& camera, Renderers& out);
    /// The samples (Renderers::beforeOverlays calls it).
    void DrawSamples() const { m_renderer.Draw(); }

    /// The enabled fan whose origin is within `pixels` of the cursor on screen (the nearest), or 0.
    static FanId Pick(const Scene& scene, const Camera& camera, glm::dvec2 cursor, double pixels = 9.0);

    /// Starts dragging a fan's origin from the cursor; selects the fan.
    void BeginDrag(const Scene& scene, FanId id, glm::dvec2 cursor);
    bool Dragging() const { return m_drag.has_value(); }
    /// Moves the origin with the cursor in the drag plane (through the origin, facing the camera or
    /// holding `lock`'s axis), rounded to `snap` when > 0. The scene changes directly; the history
    /// gets one command at the end.
    void ContinueDrag(Scene& scene, const Camera& camera, glm::dvec2 cursor, AxisLock lock, double snap);
    /// Ends the drag: the whole move becomes one undo step ("Move fan 1"), or with cancel the
    /// origin goes back. Sets message to what happened.
    void EndDrag(Scene& scene, History& history, bool cancel, std::string& message);

    /// The legend (ImGui, inside a frame): the colour key and each shown fan's count, at the left of
    /// `area` (x, y, width, height; zero size: the whole window) no higher than `top` (below the
    /// status box), and the hovered fan's name by the cursor.
    void DrawLegend(const Scene& scene, const glm::dvec4& area, float top, glm::dvec2 cursor) const;

    const FanCache& Cache() const { return m_cache; }
    /// The external programs and plugins whose algorithms join the fans (FanExternal::SetSources).
    void SetExternal(const std::vector<std::string>& commands, const std::vector<std::string>& plugins,
                     std::chrono::milliseconds timeout)
    {
        m_external.SetSources(commands, plugins, timeout);
    }
    /// Waits for the fans' external answers and joins them (the last frame of a --frames run).
    void WaitExternal() { m_external.Update(m_cache, true); }
    /// What a fan's external algorithms are doing: "" (none, or joined without failures),
    /// "external algorithms: waiting for answers", "external algorithms: 3 rays failed
    /// (misbehave_c: crashed: ...)", or "external algorithms: " and why they could not start.
    std::string ExternalStatus(FanId id) const;
    /// Every computation's time so far, in ms (for --stats).
    const std::vector<double>& ComputeTimes() const { return m_times; }
    /// "ray fans: N computations, ..." with the last and median times; nothing when none ran.
    void PrintStats(std::ostream& out) const;

    FanId hovered = 0;
    FanId selected = 0;

private:
    struct Drag {
        SceneFan start;
        glm::dvec2 startCursor{0.0};
        bool changed = false;
    };
    FanCache m_cache;
    FanExternal m_external; ///< after m_cache: destroyed first (its worker joins the cache)
    FanRenderer m_renderer;
    std::optional<Drag> m_drag;
    std::vector<double> m_times;
};

} // namespace hitlab
