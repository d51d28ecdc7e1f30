// The t labels of a cast: every slab crossing of the focused trace, and the result's entry and exit.
#include "cast_labels.h"
#include "draw_helpers.h"
#include "grid_labels.h"
#include "label_layout.h"
#include "scene_draw.h"
#include "trace_draw.h"
#include "triangle_hit_draw.h"

#include "core/text.h"
#include "core/trace.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace hitlab {

namespace {

constexpr glm::vec4 kCastText{235.0f / 255.0f, 235.0f / 255.0f, 235.0f / 255.0f, 1.0f};
constexpr glm::vec2 kCastAbove{10.0f, -24.0f}, kCastBelow{10.0f, 8.0f};

/// One t where the ray crosses slab planes, with what crosses there ("x near", "y far", ...).
struct Crossing {
    double t = 0.0;
    std::string names;
    bool near = false; ///< the first name is a near crossing: the label goes above the point
    int axis = -1;     ///< the first name's slab (its colour), -1: none
    std::string prefix;
};

/// The crossings of the trace's slabs (each axis's first step, as the slab planes are drawn),
/// those at the same t merged, in the order of the trace.
std::vector<Crossing> SlabCrossings(const Trace& trace)
{
    std::vector<Crossing> out;
    bool seen[3] = {false, false, false};
    for (const TraceStep& step : trace.steps) {
        const auto* slab = std::get_if<SlabPart>(&step.part);
        if (slab == nullptr || slab->axis < 0 || slab->axis > 2 || seen[slab->axis]) {
            continue;
        }
        seen[slab->axis] = true;
        if (slab->parallel) {
            continue; // no crossing: the slab holds all t or none
        }
        for (const bool near : {true, false}) {
            const double t = near ? slab->tNear : slab->tFar;
            if (!std::isfinite(t)) {
                continue;
            }
            const std::string name = std::string(AxisName(slab->axis)) + (near ? " near" : " far");
            bool merged = false;
            for (Crossing& c : out) {
                if (c.t == t) {
                    c.names += " = " + name;
                    merged = true;
                }
            }
            if (!merged) {
                out.push_back({t, name, near, slab->axis, ""});
            }
        }
    }
    return out;
}

/// Marks the crossing at t with `prefix`, or adds one named `name` when none lies there.
void MarkCrossing(std::vector<Crossing>& crossings, double t, const std::string& prefix, const std::string& name,
                  bool near, int axis)
{
    for (Crossing& c : crossings) {
        if (c.t == t) {
            c.prefix = prefix;
            return;
        }
    }
    crossings.push_back({t, name, near, axis, prefix});
}

/// A t label before its numbers are written: "what t = ..." at `t` (or, for an interval, "[a, b]"
/// at its middle), its numbers written together (DistinctNumbers) so that near-equal t read apart.
struct PendingLabel {
    double t = 0.0, t2 = 0.0; ///< t2: the interval's end (interval only)
    bool interval = false;
    bool plain = false; ///< `what` alone, no number
    std::string what;
    bool above = false;
    glm::vec4 color{1.0f};
};

/// What decides a miss at the last slab shown: the crossings that leave the running interval
/// empty ("exits first: x far", "enters last: y near") or, for a slab the method rejects as
/// parallel, the parallel test, named by the start point it tests (where no crossing is).
void MarkMissDecision(const SlabPart& last, bool segment, std::vector<Crossing>& crossings,
                      std::vector<PendingLabel>& pending)
{
    if (last.rejected) {
        const std::string axis(AxisName(last.axis));
        const std::string from = segment ? "start" : "origin";
        pending.push_back({0.0, 0.0, false, true,
                           "miss by the " + axis + " parallel test: " + from +
                               (last.originInside ? " inside the slab, rejected anyway" : " outside the slab"),
                           false, palette::Slab(last.axis)});
        return;
    }
    MarkCrossing(crossings, last.tExit,
                 "exits first: ", last.exitBy >= 0 ? std::string(AxisName(last.exitBy)) + " far" : "segment end", false,
                 last.exitBy);
    MarkCrossing(crossings, last.tEnter,
                 "enters last: ", last.enterBy >= 0 ? std::string(AxisName(last.enterBy)) + " near" : "origin", true,
                 last.enterBy);
}

/// The cast's labels at the offsets they ask for (above or below their point): DrawCastLabels
/// places them.
void EmitCastLabels(const Scene& scene, const QueryEvaluation& qe, const CastLine& line, DrawSink& out,
                    const Trace* trace, const DrawnOverride* given)
{
    const glm::dvec3 origin = line.origin, dir = line.direction;
    std::vector<PendingLabel> pending;
    auto label = [&](double t, const std::string& what, bool above, const glm::vec4& color) {
        pending.push_back({t, 0.0, false, false, what, above, color});
    };
    const Result r = given != nullptr ? given->result : DrawnResult(scene, qe);
    const AlgorithmInfo* drawn = scene.Settings(qe.query.family).drawn;
    const std::uint32_t returns = given != nullptr ? given->returns : drawn != nullptr ? drawn->returns : ~0u;
    const bool hasExit = r.hit && r.tExit != r.tEnter && (returns & kFieldTExit) != 0;
    bool enterLabelled = false, exitLabelled = false;
    const SlabPart* last = nullptr;
    if (trace != nullptr) {
        std::vector<Crossing> crossings = SlabCrossings(*trace);
        for (const TraceStep& step : trace->steps) {
            if (const auto* slab = std::get_if<SlabPart>(&step.part)) {
                last = slab;
            }
        }
        // a miss's deciding step: the exit of the one slab and the entry of the other, or the
        // parallel test
        if (last != nullptr && SlabEmpty(*last)) {
            MarkMissDecision(*last, qe.query.family == Family::SegmentAabb, crossings, pending);
        }
        for (Crossing& c : crossings) {
            if (r.hit && c.t == r.tEnter) {
                c.prefix = "in: ";
                enterLabelled = true;
            } else if (hasExit && c.t == r.tExit) {
                c.prefix = "out: ";
                exitLabelled = true;
            }
            label(c.t, c.prefix + c.names, c.near, c.axis >= 0 ? palette::Slab(c.axis) : kCastText);
        }
    }
    if (r.hit && !enterLabelled) {
        label(r.tEnter, "in", true, kCastText);
    }
    if (hasExit && !exitLabelled) {
        label(r.tExit, "out", false, kCastText);
    }
    // the running interval after the last slab shown (the final one on the last step)
    if (last != nullptr && !SlabEmpty(*last) && std::isfinite(last->tEnter) && std::isfinite(last->tExit)) {
        pending.push_back({last->tEnter, last->tExit, true, false, "[t_enter, t_exit] = ", false, kCastText});
    }
    std::vector<double> values;
    for (const PendingLabel& p : pending) {
        values.push_back(p.t);
        values.push_back(p.interval ? p.t2 : p.t);
    }
    const std::vector<std::string> numbers = DistinctNumbers(values);
    for (size_t i = 0; i < pending.size(); ++i) {
        const PendingLabel& p = pending[i];
        const glm::dvec3 at = origin + dir * (p.interval ? (p.t + p.t2) * 0.5 : p.t);
        if (!std::isfinite(p.t) || !Finite(at)) {
            continue;
        }
        const std::string text = p.plain      ? p.what
                                 : p.interval ? p.what + "[" + numbers[2 * i] + ", " + numbers[2 * i + 1] + "]"
                                              : p.what + " t = " + numbers[2 * i];
        out.Label(F(at), p.above ? kCastAbove : kCastBelow, text, p.color);
    }
}

} // namespace

void DrawCastLabels(const Scene& scene, const SceneEvaluator& evaluation, const SceneQuery& query, DrawSink& out,
                    const Trace* trace, const Camera* camera, float charWidth, const DrawnOverride* given)
{
    const QueryEvaluation* qe = evaluation.Find(query.a, query.b);
    const SceneShape* cast = qe == nullptr ? nullptr : scene.Find(qe->query.a);
    const std::optional<CastLine> line =
        cast != nullptr && IsCast(qe->query.family) ? CastLineOf(cast->shape) : std::nullopt;
    if (!line) {
        return;
    }
    const SceneShape* target = scene.Find(qe->query.b);
    const Result drawn = given != nullptr ? given->result : DrawnResult(scene, *qe);
    if (camera == nullptr) {
        EmitCastLabels(scene, *qe, *line, out, trace, given);
        if (target != nullptr) {
            DrawTriangleHitLabels(target->shape, drawn, qe->Reference(), trace, out);
        }
        return;
    }
    LabelLayout layout(out, *camera, charWidth);
    EmitCastLabels(scene, *qe, *line, layout, trace, given);
    if (target != nullptr) {
        DrawTriangleHitLabels(target->shape, drawn, qe->Reference(), trace, layout);
    }
    layout.Finish();
}

void DrawViewLabels(const Scene& scene, const SceneEvaluator& evaluation, const SceneQuery* query, const Trace& trace,
                    const Camera& camera, float charWidth, glm::vec4 area, const DrawnOverride* given,
                    const std::vector<ScreenLabel>& cursor, DrawSink& out)
{
    LabelLayout layout(out, camera, charWidth, area);
    for (const GridLabel& g : GridLabels(camera)) { // the 2D view's coordinates, drawn by the caller
        layout.Reserve(glm::vec3(g.at), g.offset, g.text);
    }
    if (query != nullptr) {
        DrawCastLabels(scene, evaluation, *query, layout, &trace, nullptr, charWidth, given);
        DrawTraceLabels(scene, evaluation, *query, trace, camera, layout, given);
    }
    for (const ScreenLabel& c : cursor) {
        // a world point on the ray through the screen point, at the depth of the view's target
        const Ray<double> ray = ScreenRay(camera, c.at);
        const double depth = std::max(glm::dot(camera.target - ray.origin, ray.direction), 1e-3);
        layout.Label(F(ray.origin + ray.direction * depth), c.offset, c.text, c.color);
    }
    layout.Finish();
}

void DrawFocusLabels(const Scene& scene, const SceneEvaluator& evaluation, const SceneQuery& query, const Trace& trace,
                     const Camera& camera, float charWidth, glm::vec4 area, const DrawnOverride* given, DrawSink& out)
{
    DrawViewLabels(scene, evaluation, &query, trace, camera, charWidth, area, given, {}, out);
}

} // namespace hitlab

namespace hitlab {

namespace {

/// The labels a drawing emits, with their screen boxes (as LabelPlacement measures them).
class LabelBoxes final : public LabelSink {
public:
    LabelBoxes(const Camera& camera, float charWidth) : m_camera(camera), m_charWidth(charWidth) {}
    void Label(const glm::vec3& at, glm::vec2 offset, const std::string& text, const glm::vec4& color) override
    {
        if (const auto p = WorldToScreen(m_camera, glm::dvec3(at))) {
            const glm::vec2 corner = glm::vec2(float(p->x), float(p->y)) + offset;
            boxes.push_back({glm::dvec4(LabelBox(corner, text.size(), m_charWidth)), color});
        }
    }

    struct Item {
        glm::dvec4 box; ///< x0, y0, x1, y1
        glm::vec4 color;
    };
    std::vector<Item> boxes;

private:
    const Camera& m_camera;
    float m_charWidth;
};

} // namespace

int SlabLabelAt(const Scene& scene, const SceneEvaluator& evaluation, const SceneQuery& query, const Trace& trace,
                const Camera& camera, float charWidth, glm::dvec2 cursor, glm::vec4 area, const DrawnOverride* given)
{
    LabelBoxes labels(camera, charWidth);
    DrawFocusLabels(scene, evaluation, query, trace, camera, charWidth, area, given, labels);
    // the last drawn is on top
    for (auto it = labels.boxes.rbegin(); it != labels.boxes.rend(); ++it) {
        const glm::dvec4& b = it->box;
        if (cursor.x < b.x || cursor.x > b.z || cursor.y < b.y || cursor.y > b.w) {
            continue;
        }
        for (int axis = 0; axis < 3; ++axis) {
            if (it->color == palette::Slab(axis)) {
                return axis;
            }
        }
        return -1; // an "in", "out" or interval label: no one slab
    }
    return -1;
}

} // namespace hitlab
