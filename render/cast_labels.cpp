// The t labels of a cast: every slab crossing of the focused trace, and the result's entry and exit.
#include "cast_labels.h"
#include "scene_draw.h"

#include "core/text.h"
#include "core/trace.h"

#include <cmath>
#include <string>
#include <vector>

namespace hitlab {

namespace {

glm::vec3 F(const glm::dvec3& v) { return glm::vec3(v); }
bool Finite(const glm::dvec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

constexpr glm::vec4 kText{235.0f / 255.0f, 235.0f / 255.0f, 235.0f / 255.0f, 1.0f};
constexpr glm::vec2 kAbove{10.0f, -24.0f}, kBelow{10.0f, 8.0f};
constexpr float kLaneStep = 20.0f; ///< a stacked label's distance from the one it gives way to
constexpr int kLanes = 6;

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

/// Puts labels where they overwrite no label placed before: above or below the point, a lane
/// further out each time the nearer one is taken (screen rectangles as the window draws them).
class LabelPlacer {
public:
    LabelPlacer(const Camera* camera, float charWidth) : m_camera(camera), m_charWidth(charWidth) {}

    glm::vec2 Place(const glm::dvec3& at, const std::string& text, bool above)
    {
        const glm::vec2 first = above ? kAbove : kBelow;
        if (m_camera == nullptr) {
            return first;
        }
        const auto screen = WorldToScreen(*m_camera, at);
        if (!screen) {
            return first;
        }
        const glm::vec2 size(float(text.size()) * m_charWidth + 8.0f, m_charWidth * 13.0f / 7.0f + 4.0f);
        glm::vec2 offset = first;
        for (int lane = 0; lane < kLanes; ++lane) {
            offset = first + glm::vec2(0.0f, (above ? -kLaneStep : kLaneStep) * float(lane));
            const glm::vec2 lo = glm::vec2(float(screen->x), float(screen->y)) + offset - glm::vec2(4.0f, 2.0f);
            const glm::vec4 box(lo, lo + size);
            bool free = true;
            for (const glm::vec4& p : m_placed) {
                free = free && (box.z <= p.x || p.z <= box.x || box.w <= p.y || p.w <= box.y);
            }
            if (free || lane + 1 == kLanes) {
                m_placed.push_back(box);
                break;
            }
        }
        return offset;
    }

private:
    const Camera* m_camera;
    float m_charWidth;
    std::vector<glm::vec4> m_placed; ///< x0, y0, x1, y1 in screen pixels
};

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
    const glm::dvec3 origin = line->origin, dir = line->direction;
    LabelPlacer placer(camera, charWidth);
    auto label = [&](double t, const std::string& what, bool above, const glm::vec4& color) {
        const glm::dvec3 at = origin + dir * t;
        if (std::isfinite(t) && Finite(at)) {
            const std::string text = what + " t = " + ShortNumber(t, 6);
            out.Label(F(at), placer.Place(at, text, above), text, color);
        }
    };
    const Result r = given != nullptr ? given->result : DrawnResult(scene, *qe);
    const AlgorithmInfo* drawn = scene.Settings(qe->query.family).drawn;
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
        // a miss's deciding step: the exit of the one slab and the entry of the other
        if (last != nullptr && SlabEmpty(*last)) {
            MarkCrossing(crossings, last->tExit, "exits first: ",
                         last->exitBy >= 0 ? std::string(AxisName(last->exitBy)) + " far" : "segment end", false,
                         last->exitBy);
            MarkCrossing(crossings, last->tEnter, "enters last: ",
                         last->enterBy >= 0 ? std::string(AxisName(last->enterBy)) + " near" : "origin", true,
                         last->enterBy);
        }
        for (Crossing& c : crossings) {
            if (r.hit && c.t == r.tEnter) {
                c.prefix = "in: ";
                enterLabelled = true;
            } else if (hasExit && c.t == r.tExit) {
                c.prefix = "out: ";
                exitLabelled = true;
            }
            label(c.t, c.prefix + c.names, c.near, c.axis >= 0 ? palette::Slab(c.axis) : kText);
        }
    }
    if (r.hit && !enterLabelled) {
        label(r.tEnter, "in", true, kText);
    }
    if (hasExit && !exitLabelled) {
        label(r.tExit, "out", false, kText);
    }
    // the running interval after the last slab shown (the final one on the last step)
    if (last != nullptr && !SlabEmpty(*last) && std::isfinite(last->tEnter) && std::isfinite(last->tExit)) {
        const glm::dvec3 mid = origin + dir * ((last->tEnter + last->tExit) * 0.5);
        if (Finite(mid)) {
            const std::string text =
                "[t_enter, t_exit] = [" + ShortNumber(last->tEnter, 6) + ", " + ShortNumber(last->tExit, 6) + "]";
            out.Label(F(mid), placer.Place(mid, text, false), text, kText);
        }
    }
}

} // namespace hitlab

namespace hitlab {

namespace {

/// The labels a drawing emits, with their screen boxes (as LabelPlacer measures them).
class LabelBoxes final : public DrawSink {
public:
    LabelBoxes(const Camera& camera, float charWidth) : m_camera(camera), m_charWidth(charWidth) {}
    void Label(const glm::vec3& at, glm::vec2 offset, const std::string& text, const glm::vec4& color) override
    {
        if (const auto p = WorldToScreen(m_camera, glm::dvec3(at))) {
            const glm::dvec2 lo = glm::dvec2(p->x, p->y) + glm::dvec2(offset) - glm::dvec2(4.0, 2.0);
            const glm::dvec2 size(double(text.size()) * m_charWidth + 8.0, m_charWidth * 13.0 / 7.0 + 4.0);
            boxes.push_back({glm::dvec4(lo, lo + size), color});
        }
    }
    void Line(DrawLayer, const glm::vec3&, const glm::vec3&, const glm::vec4&, const glm::vec4&, float) override {}
    void Marker(const glm::vec3&, const glm::vec4&, float, MarkerKind, const glm::vec3&) override {}
    void Box(const glm::vec3&, const glm::vec3&, const glm::mat3&, const glm::vec4&, const glm::vec4&, float) override
    {
    }
    void Sphere(const glm::vec3&, float, const glm::vec4&, const glm::vec4&) override {}
    void Triangle(DrawLayer, const glm::vec3&, const glm::vec3&, const glm::vec3&, const glm::vec4&) override {}
    void GridFade(const glm::vec3&, float) override {}

    struct Item {
        glm::dvec4 box; ///< x0, y0, x1, y1
        glm::vec4 color;
    };
    std::vector<Item> boxes;

private:
    const Camera& m_camera;
    double m_charWidth;
};

} // namespace

int SlabLabelAt(const Scene& scene, const SceneEvaluator& evaluation, const SceneQuery& query, const Trace* trace,
                const Camera& camera, float charWidth, glm::dvec2 cursor)
{
    LabelBoxes labels(camera, charWidth);
    DrawCastLabels(scene, evaluation, query, labels, trace, &camera, charWidth);
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
