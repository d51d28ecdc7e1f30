// The t labels of a cast: every slab crossing of the focused trace, and the result's entry and exit.
#include "scene_draw.h"

#include "core/text.h"

#include <cmath>
#include <string>
#include <vector>

namespace hitlab {

namespace {

glm::vec3 F(const glm::dvec3& v) { return glm::vec3(v); }
bool Finite(const glm::dvec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

constexpr glm::vec4 kText{235.0f / 255.0f, 235.0f / 255.0f, 235.0f / 255.0f, 1.0f};
constexpr glm::vec2 kAbove{10.0f, -24.0f}, kBelow{10.0f, 8.0f};

/// One t where the ray crosses slab planes, with what crosses there ("x near", "y far", ...).
struct Crossing {
    double t = 0.0;
    std::string names;
    bool near = false; ///< the first name is a near crossing: the label goes above the point
};

/// The crossings of the trace's slabs (each axis's first step, as the slab planes are drawn),
/// those at the same t merged, in the order of the trace.
std::vector<Crossing> SlabCrossings(const Trace& trace)
{
    static const char* const kAxis[3] = {"x", "y", "z"};
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
            const std::string name = std::string(kAxis[slab->axis]) + (near ? " near" : " far");
            bool merged = false;
            for (Crossing& c : out) {
                if (c.t == t) {
                    c.names += " = " + name;
                    merged = true;
                }
            }
            if (!merged) {
                out.push_back({t, name, near});
            }
        }
    }
    return out;
}

} // namespace

void DrawCastLabels(const Scene& scene, const SceneEvaluator& evaluation, const SceneQuery& query, DrawSink& out,
                    const Trace* trace)
{
    const QueryEvaluation* qe = evaluation.Find(query.a, query.b);
    const SceneShape* cast = qe == nullptr ? nullptr : scene.Find(qe->query.a);
    const std::optional<CastLine> line =
        cast != nullptr && IsCast(qe->query.family) ? CastLineOf(cast->shape) : std::nullopt;
    if (!line) {
        return;
    }
    const glm::dvec3 origin = line->origin, dir = line->direction;
    auto label = [&](double t, const std::string& what, glm::vec2 offset) {
        if (std::isfinite(t) && Finite(origin + dir * t)) {
            out.Label(F(origin + dir * t), offset, what + " t = " + ShortNumber(t, 6), kText);
        }
    };
    const Result r = DrawnResult(scene, *qe);
    const AlgorithmInfo* drawn = scene.Settings(qe->query.family).drawn;
    const bool hasExit = r.hit && r.tExit != r.tEnter && (drawn == nullptr || (drawn->returns & kFieldTExit) != 0);
    bool enterLabelled = false, exitLabelled = false;
    if (trace != nullptr) {
        for (const Crossing& c : SlabCrossings(*trace)) {
            std::string prefix;
            if (r.hit && c.t == r.tEnter) {
                prefix = "in: ";
                enterLabelled = true;
            } else if (hasExit && c.t == r.tExit) {
                prefix = "out: ";
                exitLabelled = true;
            }
            label(c.t, prefix + c.names, c.near ? kAbove : kBelow);
        }
    }
    if (r.hit && !enterLabelled) {
        label(r.tEnter, "in", kAbove);
    }
    if (hasExit && !exitLabelled) {
        label(r.tExit, "out", kBelow);
    }
}

} // namespace hitlab
