// Trace steps to primitives: ray/sphere steps, axis tests' intervals, the pair's roles, the depth.
#include "trace_draw.h"
#include "draw_helpers.h"
#include "label_layout.h"

#include "scene_draw.h"

#include "core/text.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace hitlab {

namespace {

constexpr glm::vec4 kText{235.0f / 255.0f, 235.0f / 255.0f, 235.0f / 255.0f, 1.0f};
constexpr glm::vec4 kAxisLine{0.8f, 0.8f, 0.82f, 0.9f};
constexpr glm::vec4 kHalfChord{0.45f, 0.95f, 0.45f, 1.0f};
// the cast labels (render/cast_labels.cpp) put "in t = ..." above the entry and "out t = ..."
// below the exit: the roots go to the other side; at a tangent point the projection and the
// half-chord go to the left
constexpr glm::vec2 kAbove{8.0f, -22.0f}, kBelow{8.0f, 6.0f}, kLeft{-150.0f, -22.0f}, kLeftBelow{-150.0f, 6.0f};

/// Forwards either the labels only or everything but the labels: the geometry goes to the
/// renderers with the scene, the labels to the label pass, from one drawing function.
class Filter final : public DrawSink {
public:
    Filter(DrawSink& out, bool labels) : m_out(out), m_labels(labels) {}
    using DrawSink::Line;
    using DrawSink::Marker;
    void Line(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec4& colorA, const glm::vec4& colorB,
              float width) override
    {
        if (!m_labels) {
            m_out.Line(layer, a, b, colorA, colorB, width);
        }
    }
    void Marker(const glm::vec3& position, const glm::vec4& color, float size, MarkerKind kind,
                const glm::vec3& toward) override
    {
        if (!m_labels) {
            m_out.Marker(position, color, size, kind, toward);
        }
    }
    void Box(const glm::vec3& center, const glm::vec3& half, const glm::mat3& axes, const glm::vec4& color,
             const glm::vec4& edge, float edgeWidth) override
    {
        if (!m_labels) {
            m_out.Box(center, half, axes, color, edge, edgeWidth);
        }
    }
    void Sphere(const glm::vec3& center, float radius, const glm::vec4& color, const glm::vec4& outline) override
    {
        if (!m_labels) {
            m_out.Sphere(center, radius, color, outline);
        }
    }
    void Triangle(DrawLayer layer, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                  const glm::vec4& color) override
    {
        if (!m_labels) {
            m_out.Triangle(layer, a, b, c, color);
        }
    }
    void GridFade(const glm::vec3& center, float radius) override
    {
        if (!m_labels) {
            m_out.GridFade(center, radius);
        }
    }
    void Label(const glm::vec3& at, glm::vec2 offset, const std::string& text, const glm::vec4& color) override
    {
        if (m_labels) {
            m_out.Label(at, offset, text, color);
        }
    }

private:
    DrawSink& m_out;
    bool m_labels;
};

/// The value of the step named `name`, if it has one.
std::optional<double> ValueOf(const TraceStep& step, const char* name)
{
    for (const TraceValue& v : step.values) {
        if (std::string_view(v.name) == name) {
            return v.value;
        }
    }
    return std::nullopt;
}

/// The radius of a ball around the shape's centre that holds it (0 for shapes without one).
double BoundingRadius(const Shape& shape)
{
    switch (KindOf(shape)) {
    case ShapeKind::Aabb: {
        const auto& box = std::get<Aabb<double>>(shape);
        return glm::length((box.max - box.min) * 0.5);
    }
    case ShapeKind::Obb:
        return glm::length(std::get<Obb<double>>(shape).halfExtents);
    case ShapeKind::Sphere:
        return std::get<Sphere<double>>(shape).radius;
    case ShapeKind::Triangle: {
        const auto& v = std::get<Triangle<double>>(shape).vertices;
        const glm::dvec3 c = (v[0] + v[1] + v[2]) / 3.0;
        return std::max({glm::length(v[0] - c), glm::length(v[1] - c), glm::length(v[2] - c)});
    }
    case ShapeKind::Mesh: {
        const auto& m = std::get<Mesh<double>>(shape);
        return m.data ? glm::length(m.data->boundsMax - m.data->boundsMin) * 0.5 : 0.0;
    }
    case ShapeKind::Convex: {
        const auto& c = std::get<Convex<double>>(shape);
        return c.data ? glm::length(c.data->boundsMax - c.data->boundsMin) * 0.5 : 0.0;
    }
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Point:
        return 0.0;
    }
    UnknownShapeKind(KindOf(shape));
}

/// a's edges and b's in their role colours (not the selection's: it keeps its own), their names by
/// their centres.
void DrawRoles(const SceneShape& a, const SceneShape& b, ShapeId selected, DrawSink& out)
{
    const SceneShape* shapes[2] = {&a, &b};
    const PairColors colors = RoleColors(a.color, b.color);
    for (int role = 0; role < 2; ++role) {
        const SceneShape& s = *shapes[role];
        const glm::vec4 color = role == 0 ? colors.a : colors.b;
        glm::dvec3 c, h;
        std::array<glm::dvec3, 3> axes;
        if (BoxFrame(s.shape, c, h, axes) && s.id != selected) {
            auto corner = [&](int i) {
                return c + axes[0] * (h.x * ((i & 1) ? 1.0 : -1.0)) + axes[1] * (h.y * ((i & 2) ? 1.0 : -1.0)) +
                       axes[2] * (h.z * ((i & 4) ? 1.0 : -1.0));
            };
            for (int i = 0; i < 8; ++i) {
                for (int bit = 1; bit < 8; bit <<= 1) {
                    if ((i & bit) == 0) {
                        out.Line(DrawLayer::Overlay, F(corner(i)), F(corner(i | bit)), WithAlpha(color, 0.9f), 2.0f);
                    }
                }
            }
        }
        if (const std::optional<glm::dvec3> center = ShapeCenter(s.shape)) {
            out.Label(F(*center), {-4.0f, -8.0f}, role == 0 ? "a" : "b", color);
        }
    }
}

/// One candidate axis: the axis as a line below the pair, both projected intervals, the gap or
/// overlap between them.
void DrawAxisPart(const SceneShape& a, const SceneShape& b, const AxisPart& part, const Camera& cam, DrawSink& out)
{
    const double len = glm::length(part.axis);
    if (part.skipped || !(len > 0.0) || !std::isfinite(len)) {
        return;
    }
    const glm::dvec3 u = part.axis / len;
    const glm::dvec3 ca = ShapeCenter(a.shape).value_or(glm::dvec3(0.0));
    const glm::dvec3 cb = ShapeCenter(b.shape).value_or(glm::dvec3(0.0));
    // ra and rb are in units of |axis|; the centres' projections place the intervals
    const double sa = glm::dot(ca, u), sb = glm::dot(cb, u);
    const double ra = part.ra / len, rb = part.rb / len;
    if (!std::isfinite(sa) || !std::isfinite(sb) || !std::isfinite(ra) || !std::isfinite(rb)) {
        return;
    }
    // the line sits below both shapes on screen, moved across the axis only
    const CameraBasis basis = Basis(cam);
    glm::dvec3 across = -basis.up - u * glm::dot(-basis.up, u);
    if (glm::length(across) < 0.3) {
        across = basis.right - u * glm::dot(basis.right, u);
    }
    across = glm::normalize(across);
    const glm::dvec3 mid = (ca + cb) * 0.5;
    // near the pair, so that the eye goes from a box to its interval: half the larger shape's
    // bounding radius across the axis from the centres' midpoint, and a little more on screen
    const double reach = std::max(BoundingRadius(a.shape), BoundingRadius(b.shape));
    const glm::dvec3 base = mid - u * glm::dot(mid, u) + across * (reach * 0.5 + PixelsToWorld(cam, mid, 24.0));
    const glm::dvec3 lift = -across * PixelsToWorld(cam, base, 6.0);
    const double loA = sa - ra, hiA = sa + ra, loB = sb - rb, hiB = sb + rb;
    const PairColors colors = RoleColors(a.color, b.color);
    const double lo = std::min(loA, loB), hi = std::max(hiA, hiB);
    const double margin = (hi - lo) * 0.15 + PixelsToWorld(cam, base, 30.0);
    auto at = [&](double s) { return base + u * s; };
    out.Line(DrawLayer::Overlay, F(at(lo - margin)), F(at(hi + margin)), kAxisLine, 1.5f);
    out.Marker(F(at(hi + margin)), kAxisLine, 12.0f, MarkerKind::Arrowhead, F(at(lo - margin)));
    out.Label(F(at(hi + margin)), {10.0f, -8.0f}, "axis " + part.label, kText);
    // the intervals: a above the line, b below, with ticks at their ends
    const glm::dvec3 tick = across * PixelsToWorld(cam, base, 7.0);
    const struct {
        double lo, hi, center;
        glm::dvec3 offset;
        glm::vec4 color;
        const char* name;
        const SceneShape* shape;
        glm::dvec3 shapeCenter;
    } intervals[2] = {{loA, hiA, sa, lift, colors.a, "a", &a, ca}, {loB, hiB, sb, -lift, colors.b, "b", &b, cb}};
    // the four ends with the digits that tell them apart (where a's end meets b's, say)
    const std::vector<std::string> ends = DistinctNumbers({loA, hiA, loB, hiB}, 4);
    for (const auto& iv : intervals) {
        const size_t i = &iv == &intervals[0] ? 0 : 2;
        out.Line(DrawLayer::Overlay, F(at(iv.lo) + iv.offset), F(at(iv.hi) + iv.offset), WithAlpha(iv.color, 0.95f),
                 5.0f);
        for (const double end : {iv.lo, iv.hi}) {
            out.Line(DrawLayer::Overlay, F(at(end) + iv.offset - tick), F(at(end) + iv.offset + tick), iv.color, 1.5f);
        }
        out.Line(DrawLayer::Overlay, F(iv.shapeCenter), F(at(iv.center) + iv.offset), WithAlpha(iv.color, 0.35f), 1.0f);
        // a's name above its low end, b's below its high end: apart even where the intervals meet
        const bool above = iv.offset == lift;
        out.Label(F(at(above ? iv.lo : iv.hi) + iv.offset), above ? glm::vec2(-4.0f, -24.0f) : glm::vec2(-4.0f, 8.0f),
                  std::string(iv.name) + " [" + ends[i] + ", " + ends[i + 1] + "]", iv.color);
    }
    // between them: the gap (the axis separates) or the overlap, on the axis itself
    const double from = std::max(loA, loB), to = std::min(hiA, hiB);
    if (part.separating) {
        const double gap = (part.distance - part.ra - part.rb) / len;
        const double g0 = std::min(from, to), g1 = std::max(from, to);
        out.Line(DrawLayer::Overlay, F(at(g0)), F(at(g1)), palette::kGap, 4.0f);
        out.Label(F(at((g0 + g1) * 0.5)), {-20.0f, 26.0f}, "gap " + ShortNumber(gap, 4), palette::kGap);
    } else if (from <= to) {
        // the overlap of the two intervals (a contained interval overlaps by its own length), and
        // where it differs the method's own overlap value: the push-out that leaves them touching
        const double overlap = std::min(part.ra + part.rb - part.distance, 2.0 * std::min(part.ra, part.rb)) / len;
        std::string text = "overlap " + ShortNumber(overlap, 4);
        if (ShortNumber(part.overlap, 4) != ShortNumber(overlap, 4)) {
            text += ", push-out " + ShortNumber(part.overlap, 4);
        }
        out.Line(DrawLayer::Overlay, F(at(from)), F(at(to)), palette::kOverlap, 4.0f);
        out.Label(F(at((from + to) * 0.5)), {-24.0f, 26.0f}, text, palette::kOverlap);
    }
}

/// The perpendicular step's label: what the method computed, as the method's ("computed d = 3 <=
/// r = 5" from its d^2; "computed disc = 0 >= 0: d <= r" from a discriminant, with the drawn
/// perpendicular's length beside it), never its verdict as the geometry's.
std::string SphereDistanceText(const TraceStep& step, const SegmentPart& s, double radius, double lengthUnit)
{
    // d and r with the digits that tell them apart (DistinctNumbers)
    if (const std::optional<double> dd = ValueOf(step, "perp_dist_sq"); dd && *dd >= 0.0) {
        const std::vector<std::string> n = DistinctNumbers({std::sqrt(*dd) * lengthUnit, radius});
        return "computed d = " + n[0] + (s.flag ? " <= r = " : " > r = ") + n[1];
    }
    const double drawn = glm::length(s.to - s.from);
    const std::vector<std::string> n = DistinctNumbers({drawn, radius});
    const std::string geometry = "drawn d = " + n[0] + (drawn <= radius ? " <= r = " : " > r = ") + n[1];
    if (const std::optional<double> disc = ValueOf(step, "discriminant")) {
        return "computed disc = " + ShortNumber(*disc, 6) + (s.flag ? " >= 0: d <= r; " : " < 0: d > r; ") + geometry;
    }
    return geometry;
}

/// The steps of a ray/sphere trace.
void DrawSphereSteps(const CastLine& line, const Sphere<double>& sphere, const Trace& trace, DrawSink& out)
{
    const glm::dvec3 origin = line.origin, dir = line.direction;
    // a rescaled solution (out of range or ill-conditioned) gives its lengths in units of 2^length_exponent
    double lengthUnit = 1;
    for (const TraceStep& step : trace.steps) {
        if (const std::optional<double> e = ValueOf(step, "length_exponent")) {
            lengthUnit = std::ldexp(1.0, static_cast<int>(*e));
        }
    }
    for (const TraceStep& step : trace.steps) {
        if (const auto* p = std::get_if<PointPart>(&step.part);
            p != nullptr && p->label == "projection of the centre" && Finite(p->point)) {
            out.Marker(F(p->point), palette::kNormal, 11.0f, MarkerKind::Diamond);
            const std::optional<double> t =
                ValueOf(step, "t_projection") ? ValueOf(step, "t_projection") : ValueOf(step, "tca");
            // on or outside the sphere (tangent, miss) the in / out labels may sit at the point: go left
            const bool onOrOutside = glm::length(p->point - sphere.center) >= sphere.radius;
            out.Label(F(p->point), onOrOutside ? kLeft : kAbove,
                      "projection" + (t ? " t = " + ShortNumber(*t, 6) : std::string()), palette::kNormal);
        }
        if (const auto* s = std::get_if<SegmentPart>(&step.part);
            s != nullptr && s->label.starts_with("perpendicular") && Finite(s->from) && Finite(s->to)) {
            const glm::vec4 color = s->flag ? palette::kGap : palette::kFaceOutside;
            out.Line(DrawLayer::Overlay, F(s->from), F(s->to), color, 2.5f);
            out.Marker(F(s->from), color, 7.0f, MarkerKind::Disc);
            // a third of the way from the centre: apart from the labels at the foot
            out.Label(F(s->from + (s->to - s->from) / 3.0), {8.0f, -8.0f},
                      SphereDistanceText(step, *s, sphere.radius, lengthUnit), color);
        }
        const std::optional<double> t0 = ValueOf(step, "t0"), t1 = ValueOf(step, "t1");
        if (t0 && t1 && std::isfinite(*t0) && std::isfinite(*t1)) {
            const glm::dvec3 p0 = origin + dir * *t0, p1 = origin + dir * *t1, mid = origin + dir * ((*t0 + *t1) * 0.5);
            if (!Finite(p0) || !Finite(p1) || !Finite(mid)) {
                continue;
            }
            const std::optional<double> thc = ValueOf(step, "thc");
            const double halfChord = thc ? *thc : 0.5 * (*t1 - *t0) * glm::length(dir);
            out.Line(DrawLayer::Overlay, F(sphere.center), F(p1), WithAlpha(kText, 0.6f), 1.0f);
            out.Label(F((sphere.center + p1) * 0.5), {-16.0f, -8.0f}, "r", WithAlpha(kText, 0.8f));
            out.Line(DrawLayer::Overlay, F(mid), F(p1), kHalfChord, 3.0f);
            out.Label(F((mid + p1) * 0.5), halfChord > 0.0 ? glm::vec2(-40.0f, 6.0f) : kLeftBelow,
                      "half-chord = " + ShortNumber(halfChord, 6), kHalfChord);
            out.Marker(F(p0), palette::kHitMarker, 10.0f, MarkerKind::Disc);
            out.Marker(F(p1), palette::kHitMarker, 10.0f, MarkerKind::Ring);
            if (*t0 == *t1) { // tangent: one point, one label
                out.Label(F(p0), kBelow, "t0 = t1 = " + ShortNumber(*t0, 6), kText);
            } else { // near-equal roots read apart
                const std::vector<std::string> t = DistinctNumbers({*t0, *t1});
                out.Label(F(p0), kBelow, "t0 = " + t[0], kText);
                out.Label(F(p1), kAbove, "t1 = " + t[1], kText);
            }
        }
    }
}

/// Everything DrawTraceSteps and DrawTraceLabels draw, to one sink (the caller filters).
void DrawTrace(const Scene& scene, const SceneQuery& query, const Trace& trace, const Camera& camera, ShapeId selected,
               DrawSink& out)
{
    const SceneShape* a = scene.Find(query.a);
    const SceneShape* b = scene.Find(query.b);
    if (a == nullptr || b == nullptr || !a->visible || !b->visible) {
        return;
    }
    if (IsCast(query.family)) {
        const std::optional<CastLine> line = CastLineOf(a->shape);
        if (const auto* sphere = std::get_if<Sphere<double>>(&b->shape); line && sphere != nullptr) {
            DrawSphereSteps(*line, *sphere, trace, out);
        }
        return;
    }
    DrawRoles(*a, *b, selected, out);
    // the distances a sphere test compares (scene_draw draws the segments): their lengths by them
    for (const TraceStep& step : trace.steps) {
        if (const auto* seg = std::get_if<SegmentPart>(&step.part);
            seg != nullptr && !seg->label.starts_with("push-out") && Finite(seg->from) && Finite(seg->to)) {
            out.Label(F((seg->from + seg->to) * 0.5), {8.0f, -8.0f},
                      seg->label + ": " + ShortNumber(glm::length(seg->to - seg->from), 6), palette::kNormal);
        }
    }
    if (const AxisPart* axis = ShownAxis(trace)) {
        DrawAxisPart(*a, *b, *axis, camera, out);
    }
    // one step of b's push-out (the last step of sat): the push as an arrow in b's colour
    if (trace.steps.size() == 1) {
        const TraceStep& step = trace.steps.front();
        if (const auto* push = std::get_if<SegmentPart>(&step.part);
            push != nullptr && push->label.starts_with("push-out") && Finite(push->from) && Finite(push->to)) {
            const glm::vec4 color = RoleColors(a->color, b->color).b;
            out.Line(DrawLayer::Overlay, F(push->from), F(push->to), color, 2.5f);
            out.Marker(F(push->to), color, 13.0f, MarkerKind::Arrowhead, F(push->from));
            const std::optional<double> depth = ValueOf(step, "depth");
            out.Label(F(push->to), {8.0f, -8.0f}, "b moves by " + ShortNumber(depth.value_or(0.0), 6), color);
        }
    }
}

} // namespace

PairColors RoleColors(const glm::vec4& a, const glm::vec4& b)
{
    const glm::vec3 ca(a), cb(b);
    if (glm::length(ca - cb) >= 0.4f) {
        return {glm::vec4(ca, 1.0f), glm::vec4(cb, 1.0f)};
    }
    return {palette::kShapeA, palette::kShapeB};
}

const AxisPart* ShownAxis(const Trace& trace)
{
    if (trace.steps.size() == 1) {
        return std::get_if<AxisPart>(&trace.steps.front().part);
    }
    const AxisPart* chosen = nullptr;
    for (const TraceStep& step : trace.steps) {
        if (const auto* axis = std::get_if<AxisPart>(&step.part)) {
            if (axis->separating) {
                return axis;
            }
            if (axis->chosen) {
                chosen = axis;
            }
        }
    }
    return chosen;
}

void DrawTraceSteps(const Scene& scene, const SceneQuery& query, const Trace& trace, const Camera& camera,
                    ShapeId selected, DrawSink& out)
{
    Filter geometry(out, false);
    DrawTrace(scene, query, trace, camera, selected, geometry);
}

void DrawTraceLabels(const Scene& scene, const SceneEvaluator& evaluation, const SceneQuery& query, const Trace& trace,
                     const Camera& camera, DrawSink& out, const DrawnOverride* given)
{
    Filter labels(out, true);
    DrawTrace(scene, query, trace, camera, 0, labels);
    // the depth at the tip of the drawn algorithm's penetration arrow (as scene_draw draws it)
    const QueryEvaluation* qe = evaluation.Find(query.a, query.b);
    const SceneShape* b = scene.Find(query.b);
    if (qe == nullptr || b == nullptr || IsCast(qe->query.family)) {
        return;
    }
    const Result r = given != nullptr ? given->result : DrawnResult(scene, *qe);
    if (!r.hit || !std::isfinite(r.depth)) {
        return;
    }
    const AlgorithmInfo* drawn = scene.Settings(qe->query.family).drawn;
    const std::uint32_t returns = given != nullptr ? given->returns : drawn != nullptr ? drawn->returns : ~0u;
    if ((returns & kFieldDepth) == 0) {
        return; // a verdict-only method (expanded_box): no depth to show
    }
    const bool hasContact = (given != nullptr || drawn != nullptr) && (returns & kFieldContact) != 0;
    const glm::dvec3 base = hasContact ? r.contact : ShapeCenter(b->shape).value_or(glm::dvec3(0.0));
    const glm::dvec3 tip = r.depth > 0.0 && Finite(r.normal) ? base + r.normal * r.depth : base;
    if (Finite(tip)) {
        out.Label(F(tip), {10.0f, -8.0f}, r.depth > 0.0 ? "depth " + ShortNumber(r.depth, 6) : "depth 0 (touching)",
                  palette::kPenetration);
    }
}

} // namespace hitlab
