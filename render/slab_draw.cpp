// The slab method's planes, crossings, per-axis bands and intervals to primitives.
#include "slab_draw.h"
#include "draw_helpers.h"

#include "scene_draw.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <cmath>

namespace hitlab {

namespace {

/// Each axis's first slab step, as the planes are drawn (a method may visit a slab twice).
std::array<const SlabPart*, 3> FirstSlabs(const Trace& trace)
{
    std::array<const SlabPart*, 3> first{nullptr, nullptr, nullptr};
    for (const TraceStep& step : trace.steps) {
        const auto* slab = std::get_if<SlabPart>(&step.part);
        if (slab != nullptr && slab->axis >= 0 && slab->axis <= 2 && first[size_t(slab->axis)] == nullptr) {
            first[size_t(slab->axis)] = slab;
        }
    }
    return first;
}

/// The trace's last slab step: its running interval is the one the picture shows.
const SlabPart* LastSlab(const Trace& trace)
{
    const SlabPart* last = nullptr;
    for (const TraceStep& step : trace.steps) {
        if (const auto* slab = std::get_if<SlabPart>(&step.part)) {
            last = slab;
        }
    }
    return last;
}

/// The unit direction across the ray on screen (the side the lanes go to).
glm::dvec3 Across(const Camera& cam, const glm::dvec3& dir)
{
    const CameraBasis basis = Basis(cam);
    const glm::dvec3 side = glm::cross(basis.forward, dir);
    const double len = glm::length(side);
    return len > 1e-12 ? side / len : basis.up;
}

struct CastFrame {
    glm::dvec3 origin, dir, center, half;
    std::array<glm::dvec3, 3> axes;
};

std::optional<CastFrame> FrameOf(const Scene& scene, const SceneQuery& q)
{
    const SceneShape* a = scene.Find(q.a);
    const SceneShape* b = scene.Find(q.b);
    const std::optional<CastLine> line = a != nullptr ? CastLineOf(a->shape) : std::nullopt;
    CastFrame f;
    if (b == nullptr || !line || !BoxFrame(b->shape, f.center, f.half, f.axes)) {
        return std::nullopt;
    }
    f.origin = line->origin;
    f.dir = line->direction;
    return f;
}

void DrawPlanes(const CastFrame& f, const std::array<const SlabPart*, 3>& slabs, const Camera& cam, int lit,
                DrawSink& out)
{
    const glm::dvec3 forward = Basis(cam).forward;
    for (int i = 0; i < 3; ++i) {
        const SlabPart* slab = slabs[size_t(i)];
        if (slab == nullptr || std::abs(glm::dot(f.axes[i], forward)) > 0.999) {
            continue; // planes facing the camera would cover the view: their crossings show on the others
        }
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        const bool on = i == lit;
        // the planes reach well past the box so the crossing points lie on them
        const double reach = std::max({f.half[j], f.half[k], 0.5}) * 2.5;
        const glm::vec4 color = palette::Slab(i);
        // seen edge-on (2D mode, standard views) a plane is a line: draw it as one, in the slab colour
        const bool edgeOn = std::abs(glm::dot(f.axes[i], forward)) < 0.02;
        const int along = std::abs(glm::dot(f.axes[j], forward)) < std::abs(glm::dot(f.axes[k], forward)) ? j : k;
        // ... and past this slab's crossing points, however far along the ray they lie
        glm::dvec2 lo(-f.half[j] - reach, -f.half[k] - reach), hi(f.half[j] + reach, f.half[k] + reach);
        for (double t : {slab->tNear, slab->tFar}) {
            const glm::dvec3 p = f.origin + f.dir * t - f.center;
            if (!slab->parallel && std::isfinite(t) && Finite(p)) {
                const glm::dvec2 d(glm::dot(p, f.axes[j]), glm::dot(p, f.axes[k]));
                lo = glm::min(lo, d - reach * 0.4);
                hi = glm::max(hi, d + reach * 0.4);
            }
        }
        for (int side = -1; side <= 1; side += 2) {
            const glm::dvec3 c = f.center + f.axes[i] * (f.half[i] * side);
            const glm::dvec3 quad[4] = {
                c + f.axes[j] * lo.x + f.axes[k] * lo.y, c + f.axes[j] * hi.x + f.axes[k] * lo.y,
                c + f.axes[j] * hi.x + f.axes[k] * hi.y, c + f.axes[j] * lo.x + f.axes[k] * hi.y};
            if (edgeOn) {
                const int n = along == j ? 0 : 1;
                out.Line(DrawLayer::Scene, F(c + f.axes[along] * lo[n]), F(c + f.axes[along] * hi[n]),
                         WithAlpha(color, 0.9f), on ? 4.0f : 2.0f);
            }
            out.Quad(DrawLayer::Overlay, F(quad[0]), F(quad[1]), F(quad[2]), F(quad[3]),
                     WithAlpha(color, on ? 0.2f : 0.10f));
            for (int e = 0; e < 4; ++e) {
                out.Line(DrawLayer::Scene, F(quad[e]), F(quad[(e + 1) % 4]), WithAlpha(color, on ? 0.9f : 0.45f),
                         on ? 2.0f : 1.0f);
            }
        }
    }
}

/// One trace's crossings and bands: trace 0 as diamonds with bands on one side of the ray, trace 1
/// as rings with thinner bands on the other.
void DrawCrossingsAndBands(const CastFrame& f, const std::array<const SlabPart*, 3>& slabs, const Camera& cam, int lit,
                           int traceIndex, DrawSink& out)
{
    const glm::dvec3 across = Across(cam, f.dir) * (traceIndex == 0 ? 1.0 : -1.0);
    for (int i = 0; i < 3; ++i) {
        const SlabPart* slab = slabs[size_t(i)];
        if (slab == nullptr || slab->parallel) {
            continue;
        }
        const bool on = i == lit;
        const glm::vec4 color = palette::Slab(i);
        const glm::dvec3 p0 = f.origin + f.dir * slab->tNear, p1 = f.origin + f.dir * slab->tFar;
        for (const glm::dvec3& p : {p0, p1}) {
            if (Finite(p)) {
                if (traceIndex == 0) {
                    out.Marker(F(p), color, on ? 14.0f : 9.0f, MarkerKind::Diamond);
                } else {
                    out.Marker(F(p), color, on ? 18.0f : 14.0f, MarkerKind::Ring);
                }
            }
        }
        if (!Finite(p0) || !Finite(p1)) {
            continue;
        }
        // the band in its lane beside the ray, joined to the crossings by thin ticks
        const glm::dvec3 mid = (p0 + p1) * 0.5;
        const glm::dvec3 lane = across * PixelsToWorld(cam, mid, BandLane(i));
        const float width = (traceIndex == 0 ? 3.0f : 2.0f) + (on ? 2.0f : 0.0f);
        out.Line(DrawLayer::Overlay, F(p0 + lane), F(p1 + lane), WithAlpha(color, traceIndex == 0 ? 0.9f : 0.65f),
                 width);
        out.Line(DrawLayer::Overlay, F(p0), F(p0 + lane), WithAlpha(color, 0.5f), 1.0f);
        out.Line(DrawLayer::Overlay, F(p1), F(p1 + lane), WithAlpha(color, 0.5f), 1.0f);
    }
}

/// The running interval after the last slab shown: a bracket on the ray; once it is empty (a miss's
/// deciding step), rings at the exit of the one slab and the entry of the other and the gap between.
void DrawRunningInterval(const CastFrame& f, const SlabPart& last, const Camera& cam, DrawSink& out)
{
    const glm::dvec3 enter = f.origin + f.dir * last.tEnter, exit = f.origin + f.dir * last.tExit;
    if (!Finite(enter) || !Finite(exit)) {
        return;
    }
    if (SlabEmpty(last)) {
        out.Line(DrawLayer::Overlay, F(exit), F(enter), WithAlpha(palette::kPenetration, 0.9f), 3.0f);
        out.Marker(F(exit), palette::Slab(last.exitBy), 20.0f, MarkerKind::Ring);
        out.Marker(F(enter), palette::Slab(last.enterBy), 20.0f, MarkerKind::Ring);
        return;
    }
    const glm::dvec3 across = Across(cam, f.dir);
    const double tick = PixelsToWorld(cam, (enter + exit) * 0.5, 8.0);
    out.Line(DrawLayer::Overlay, F(enter), F(exit), WithAlpha(palette::kHitMarker, 0.35f), 7.0f);
    for (const glm::dvec3& p : {enter, exit}) {
        out.Line(DrawLayer::Overlay, F(p - across * tick), F(p + across * tick), palette::kHitMarker, 2.0f);
    }
}

} // namespace

SlabHighlight HighlightOf(int barAxis, int barTrace, int crossingAxis, int crossingTrace)
{
    if (barAxis >= 0 && barAxis <= 2) {
        return {barAxis, barTrace};
    }
    if (crossingAxis >= 0 && crossingAxis <= 2) {
        return {crossingAxis, crossingTrace};
    }
    return {};
}

std::vector<SlabCrossing> SlabCrossingsOf(const Scene& scene, const SceneQuery& query, const Trace& trace,
                                          int traceIndex)
{
    std::vector<SlabCrossing> out;
    const std::optional<CastFrame> f = FrameOf(scene, query);
    if (!f) {
        return out;
    }
    for (const TraceStep& step : trace.steps) {
        const auto* slab = std::get_if<SlabPart>(&step.part);
        if (slab == nullptr || slab->parallel || slab->axis < 0 || slab->axis > 2) {
            continue;
        }
        bool seen = false;
        for (const SlabCrossing& c : out) {
            seen = seen || c.axis == slab->axis;
        }
        if (seen) {
            continue;
        }
        for (const bool near : {true, false}) {
            const double t = near ? slab->tNear : slab->tFar;
            const glm::dvec3 p = f->origin + f->dir * t;
            if (std::isfinite(t) && Finite(p)) {
                out.push_back({slab->axis, near, t, p, traceIndex});
            }
        }
    }
    return out;
}

int CrossingAt(const std::vector<SlabCrossing>& crossings, const Camera& camera, glm::dvec2 cursor, double radius)
{
    int best = -1;
    double bestDistance = radius;
    for (size_t i = 0; i < crossings.size(); ++i) {
        const auto screen = WorldToScreen(camera, crossings[i].point);
        if (!screen) {
            continue;
        }
        const double d = glm::length(glm::dvec2(screen->x, screen->y) - cursor);
        if (d <= bestDistance) {
            best = int(i);
            bestDistance = d;
        }
    }
    return best;
}

double BandLane(int axis) { return 6.0 * double(std::clamp(axis, 0, 2) + 1); }

void DrawSlabs(const Scene& scene, const SceneQuery& query, const Trace& trace, const Camera& camera, DrawSink& out,
               const SlabHighlight& highlight, const Trace* second)
{
    const std::optional<CastFrame> f = FrameOf(scene, query);
    const std::array<const SlabPart*, 3> slabs = FirstSlabs(trace);
    if (!f || (slabs[0] == nullptr && slabs[1] == nullptr && slabs[2] == nullptr)) {
        return;
    }
    DrawPlanes(*f, slabs, camera, highlight.axis, out);
    DrawCrossingsAndBands(*f, slabs, camera, highlight.trace == 1 ? -1 : highlight.axis, 0, out);
    if (second != nullptr) {
        DrawCrossingsAndBands(*f, FirstSlabs(*second), camera, highlight.trace == 1 ? highlight.axis : -1, 1, out);
    }
    if (const SlabPart* last = LastSlab(trace)) {
        DrawRunningInterval(*f, *last, camera, out);
    }
}

int SlabsHolding(const Trace& trace, double t)
{
    const std::array<const SlabPart*, 3> slabs = FirstSlabs(trace);
    int bits = 0;
    for (int i = 0; i < 3; ++i) {
        const SlabPart* slab = slabs[size_t(i)];
        if (slab == nullptr) {
            continue;
        }
        const bool holds = slab->parallel
                               ? slab->originInside
                               : std::min(slab->tNear, slab->tFar) <= t && t <= std::max(slab->tNear, slab->tFar);
        bits |= holds ? 1 << i : 0;
    }
    return bits;
}

void DrawSlabSweep(const Scene& scene, const SceneQuery& query, const Trace& trace, const Camera& camera, double t,
                   DrawSink& out)
{
    const std::optional<CastFrame> f = FrameOf(scene, query);
    const std::array<const SlabPart*, 3> slabs = FirstSlabs(trace);
    const glm::dvec3 at = f ? f->origin + f->dir * t : glm::dvec3(0.0);
    if (!f || !Finite(at) || (slabs[0] == nullptr && slabs[1] == nullptr && slabs[2] == nullptr)) {
        return;
    }
    const int holding = SlabsHolding(trace, t);
    const glm::dvec3 across = Across(camera, f->dir);
    for (int i = 0; i < 3; ++i) {
        const SlabPart* slab = slabs[size_t(i)];
        if (slab == nullptr || slab->parallel || (holding & (1 << i)) == 0) {
            continue;
        }
        const glm::dvec3 p0 = f->origin + f->dir * slab->tNear, p1 = f->origin + f->dir * slab->tFar;
        if (!Finite(p0) || !Finite(p1)) {
            continue;
        }
        const glm::dvec3 lane = across * PixelsToWorld(camera, (p0 + p1) * 0.5, BandLane(i));
        out.Line(DrawLayer::Overlay, F(p0 + lane), F(p1 + lane), palette::Slab(i), 7.0f);
        out.Marker(F(p0), palette::Slab(i), 18.0f, MarkerKind::Ring);
        out.Marker(F(p1), palette::Slab(i), 18.0f, MarkerKind::Ring);
    }
    // the ray swept so far (from its start, t = 0, or from t when t is negative)
    out.Line(DrawLayer::Overlay, F(f->origin + f->dir * std::min(t, 0.0)), F(at), WithAlpha(palette::kHitMarker, 0.8f),
             3.0f);
    out.Marker(F(at), palette::kHitMarker, 13.0f, MarkerKind::Disc);
}

} // namespace hitlab
