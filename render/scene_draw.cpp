// Scene drawing: shapes, results and traces to primitives.
#include "scene_draw.h"

#include "convex_draw.h"
#include "draw_helpers.h"
#include "mesh_draw.h"
#include "triangle_hit_draw.h"

#include "trace_draw.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hitlab {

glm::vec4 palette::Axis(int axis) { return axis == 0 ? kAxisX : axis == 1 ? kAxisY : kAxisZ; }

glm::vec4 palette::GridAxis(int axis)
{
    const glm::vec4 grey = glm::mix(Axis(axis), glm::vec4(0.42f, 0.43f, 0.45f, 1.0f), 0.45f);
    return {grey.x, grey.y, grey.z, 0.85f};
}

glm::vec4 palette::Slab(int axis)
{
    return axis == 0 ? kSlabX : axis == 1 ? kSlabY : axis == 2 ? kSlabZ : glm::vec4(0.6f, 0.6f, 0.62f, 1.0f);
}

namespace {

/// The centre of a solid of an overlap pair (solids always have one).
glm::dvec3 SolidCenter(const Shape& shape) { return ShapeCenter(shape).value_or(glm::dvec3(0.0)); }

void Arrow(DrawSink& out, const glm::dvec3& from, const glm::dvec3& to, glm::vec4 color, float width)
{
    out.Line(DrawLayer::Overlay, F(from), F(to), color, width);
    out.Marker(F(to), color, 13.0f, MarkerKind::Arrowhead, F(from));
}

/// The 12 edges of a box given its centre, half extents and axes.
void BoxEdges(DrawSink& out, DrawLayer layer, const glm::dvec3& c, const glm::dvec3& h,
              const std::array<glm::dvec3, 3>& axes, glm::vec4 color, float width)
{
    auto corner = [&](int i) {
        return c + axes[0] * (h.x * ((i & 1) ? 1.0 : -1.0)) + axes[1] * (h.y * ((i & 2) ? 1.0 : -1.0)) +
               axes[2] * (h.z * ((i & 4) ? 1.0 : -1.0));
    };
    for (int i = 0; i < 8; ++i) {
        for (int bit = 1; bit < 8; bit <<= 1) {
            if ((i & bit) == 0) {
                out.Line(layer, F(corner(i)), F(corner(i | bit)), color, width);
            }
        }
    }
}

struct Looks {
    glm::vec4 color;
    bool hovered, selected;
    glm::vec4 EdgeColor() const
    {
        return selected ? palette::kSelected : hovered ? Lighter(color, 0.6f) : Lighter(color, 0.25f);
    }
    float EdgeWidth() const { return selected || hovered ? 2.5f : 1.5f; }
};

void DrawBox(DrawSink& out, const glm::dvec3& center, const glm::dvec3& half, const std::array<glm::dvec3, 3>& axes,
             const Looks& looks)
{
    // the box shader draws the edges, except the selection's: those go on top so they show
    // through whatever hides them
    const glm::vec4 edge = looks.selected ? glm::vec4(0.0f) : looks.EdgeColor();
    out.Box(F(center), F(half), glm::mat3(F(axes[0]), F(axes[1]), F(axes[2])),
            WithAlpha(looks.color, looks.hovered ? 0.34f : 0.26f), edge, looks.EdgeWidth());
    if (looks.selected) {
        BoxEdges(out, DrawLayer::Overlay, center, half, axes, looks.EdgeColor(), looks.EdgeWidth());
    }
}

void DrawSphere(const SceneShape& s, const Sphere<double>& sphere, const Looks& looks, DrawSink& out)
{
    const glm::vec4 outline = looks.selected  ? glm::vec4(glm::vec3(palette::kSelected), 2.5f)
                              : looks.hovered ? glm::vec4(glm::vec3(Lighter(s.color, 0.6f)), 2.0f)
                                              : glm::vec4(glm::vec3(Lighter(s.color, 0.25f)), 1.0f);
    out.Sphere(F(sphere.center), float(sphere.radius), WithAlpha(s.color, looks.hovered ? 0.34f : 0.26f), outline);
}

void DrawPoint(const SceneShape& s, const Point<double>& point, const Looks& looks, DrawSink& out)
{
    // a handle: a disc in a ring, drawn on top so that a point inside a solid shows
    const glm::vec4 c = looks.selected ? palette::kSelected : looks.hovered ? Lighter(s.color, 0.4f) : s.color;
    out.Marker(F(point.position), c, looks.selected || looks.hovered ? 16.0f : 13.0f, MarkerKind::Ring);
    out.Marker(F(point.position), c, 7.0f, MarkerKind::Disc);
}

void DrawRay(const SceneShape& s, const Ray<double>& ray, const Looks& looks, double farLength, DrawSink& out)
{
    const double len = glm::length(ray.direction);
    const glm::dvec3 unit = len > 0.0 ? ray.direction / len : glm::dvec3(1, 0, 0);
    const glm::dvec3 tip = ray.origin + ray.direction;
    const DrawLayer layer = looks.selected ? DrawLayer::Overlay : DrawLayer::Scene;
    const glm::vec4 c = looks.selected ? palette::kSelected : looks.hovered ? Lighter(s.color, 0.4f) : s.color;
    out.Line(layer, F(ray.origin), F(ray.origin + unit * farLength), c, WithAlpha(c, 0.35f),
             looks.selected || looks.hovered ? 3.0f : 2.0f);
    out.Marker(F(tip), c, 14.0f, MarkerKind::Arrowhead, F(ray.origin));
    out.Marker(F(ray.origin), c, 9.0f, MarkerKind::Disc);
}

void DrawSegment(const SceneShape& s, const Segment<double>& seg, const Looks& looks, DrawSink& out)
{
    const DrawLayer layer = looks.selected ? DrawLayer::Overlay : DrawLayer::Scene;
    const glm::vec4 c = looks.selected ? palette::kSelected : looks.hovered ? Lighter(s.color, 0.4f) : s.color;
    out.Line(layer, F(seg.start), F(seg.end), c, looks.selected || looks.hovered ? 3.0f : 2.5f);
    out.Marker(F(seg.start), c, 8.0f, MarkerKind::Disc);
    out.Marker(F(seg.end), c, 8.0f, MarkerKind::Disc);
}

void DrawPlane(const SceneShape& s, const Plane<double>& plane, const Looks& looks, const Camera& cam, DrawSink& out)
{
    const double n2 = glm::dot(plane.normal, plane.normal);
    if (n2 <= 0.0) {
        return;
    }
    const glm::dvec3 n = plane.normal / std::sqrt(n2);
    const glm::dvec3 anchor = plane.normal * (plane.distance / n2); // the plane's point nearest the origin
    // a quad around the point of the plane nearest the camera's target
    const glm::dvec3 center = cam.target - n * (glm::dot(n, cam.target - anchor));
    const glm::dvec3 u =
        glm::normalize(std::abs(n.y) < 0.9 ? glm::cross(n, glm::dvec3(0, 1, 0)) : glm::cross(n, glm::dvec3(1, 0, 0)));
    const glm::dvec3 v = glm::cross(n, u);
    const double size = std::max(10.0, cam.distance * 3.0);
    const glm::dvec3 q[4] = {center - u * size - v * size, center + u * size - v * size, center + u * size + v * size,
                             center - u * size + v * size};
    out.Quad(DrawLayer::Scene, F(q[0]), F(q[1]), F(q[2]), F(q[3]),
             WithAlpha(s.color, looks.hovered || looks.selected ? 0.16f : 0.09f));
    const glm::vec4 edge = looks.selected ? palette::kSelected : WithAlpha(Lighter(s.color, 0.2f), 0.6f);
    for (int i = 0; i < 4; ++i) {
        out.Line(DrawLayer::Scene, F(q[i]), F(q[(i + 1) % 4]), edge, 1.5f);
    }
    const double arrowLength = PixelsToWorld(cam, anchor, 70.0);
    Arrow(out, anchor, anchor + n * arrowLength, looks.selected ? palette::kSelected : Lighter(s.color, 0.3f), 2.0f);
    out.Marker(F(anchor), looks.selected ? palette::kSelected : s.color, 7.0f, MarkerKind::Disc);
}

void DrawShape(const SceneShape& s, const SceneDrawOptions& o, DrawSink& out)
{
    const Looks looks{s.color, s.id == o.hovered, s.id == o.selected};
    switch (KindOf(s.shape)) {
    case ShapeKind::Aabb: {
        const auto& box = std::get<Aabb<double>>(s.shape);
        DrawBox(out, (box.min + box.max) * 0.5, (box.max - box.min) * 0.5,
                {glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 1)}, looks);
        return;
    }
    case ShapeKind::Obb: {
        const auto& obb = std::get<Obb<double>>(s.shape);
        DrawBox(out, obb.center, obb.halfExtents, obb.axes, looks);
        return;
    }
    case ShapeKind::Sphere:
        DrawSphere(s, std::get<Sphere<double>>(s.shape), looks, out);
        return;
    case ShapeKind::Point:
        DrawPoint(s, std::get<Point<double>>(s.shape), looks, out);
        return;
    case ShapeKind::Ray:
        DrawRay(s, std::get<Ray<double>>(s.shape), looks, ClipRange(o.camera).y * 0.5, out);
        return;
    case ShapeKind::Segment:
        DrawSegment(s, std::get<Segment<double>>(s.shape), looks, out);
        return;
    case ShapeKind::Plane:
        DrawPlane(s, std::get<Plane<double>>(s.shape), looks, o.camera, out);
        return;
    case ShapeKind::Triangle:
        DrawTriangleShape(std::get<Triangle<double>>(s.shape), {s.color, looks.hovered, looks.selected, true}, out);
        return;
    case ShapeKind::Mesh:
        DrawMeshShape(std::get<Mesh<double>>(s.shape), {s.color, looks.hovered, looks.selected, o.meshEdges}, out);
        return;
    case ShapeKind::Convex:
        DrawConvexShape(std::get<Convex<double>>(s.shape), {s.color, looks.hovered, looks.selected, true}, out);
        return;
    }
}

void DrawResult(const Scene& scene, const QueryEvaluation& qe, const Camera& cam, DrawSink& out,
                const DrawnOverride* given = nullptr)
{
    const bool agree = given != nullptr ? given->agree : qe.comparison.agree;
    if (given != nullptr ? agree && !given->result.hit && !qe.ReferenceHit() : !HasResultToDraw(qe)) {
        return; // every algorithm misses: nothing to draw (most of the stress scene's 100,000 casts)
    }
    const SceneShape* a = scene.Find(qe.query.a);
    const SceneShape* b = scene.Find(qe.query.b);
    if (a == nullptr || b == nullptr || !a->visible || !b->visible) {
        return;
    }
    const Result r = given != nullptr ? given->result : DrawnResult(scene, qe);
    const AlgorithmInfo* drawn = scene.Settings(qe.query.family).drawn;
    const std::uint32_t returns = given != nullptr ? given->returns : drawn != nullptr ? drawn->returns : ~0u;
    if (IsCast(qe.query.family)) {
        const std::optional<CastLine> line = CastLineOf(a->shape);
        if (!line) {
            return;
        }
        const glm::dvec3 origin = line->origin, dir = line->direction;
        DrawTriangleHit(b->shape, r, qe.Reference(), out);
        if (r.hit) {
            const glm::dvec3 entry = r.point;
            const glm::dvec3 exit = origin + dir * r.tExit;
            // only when the drawn algorithm returns t_exit (face_planes, geometric... give t_enter only)
            const bool hasExit = (returns & kFieldTExit) != 0;
            if (hasExit && r.tExit != r.tEnter && Finite(exit) && std::isfinite(r.tExit)) {
                out.Line(DrawLayer::Overlay, F(origin + dir * r.tEnter), F(exit), palette::kInside, 4.0f);
                out.Marker(F(exit), palette::kHitMarker, 11.0f, MarkerKind::Ring);
            }
            if (r.hasNormal && Finite(r.normal)) {
                Arrow(out, entry, entry + r.normal * PixelsToWorld(cam, entry, 60.0), palette::kNormal, 2.0f);
            }
            out.Marker(F(entry), palette::kHitMarker, 11.0f, MarkerKind::Disc);
        }
        if (!agree) {
            const Result shown = r.hit ? r : qe.Reference();
            if (shown.hit) {
                out.Marker(F(shown.point), palette::kDisagree, 19.0f, MarkerKind::Ring);
            }
        }
        return;
    }
    // overlaps: the contact point and the penetration vector (its length is the depth)
    if (r.hit) {
        const bool hasContact = (given != nullptr || drawn != nullptr) && (returns & kFieldContact) != 0;
        const bool point = std::holds_alternative<Point<double>>(a->shape); // the point itself is the contact
        const glm::dvec3 base = hasContact ? r.contact : point ? SolidCenter(a->shape) : SolidCenter(b->shape);
        if (r.depth > 0.0 && Finite(r.normal) && r.normal != glm::dvec3(0.0)) { // point families have no normal
            Arrow(out, base, base + r.normal * r.depth, palette::kPenetration, 2.5f);
        }
        out.Marker(F(base), palette::kPenetration, 8.0f, MarkerKind::Disc);
    }
    if (!agree) { // between the solids; on the point itself for a containment query
        const bool point = std::holds_alternative<Point<double>>(a->shape);
        out.Marker(F(point ? SolidCenter(a->shape) : (SolidCenter(a->shape) + SolidCenter(b->shape)) * 0.5),
                   palette::kDisagree, point ? 19.0f : 14.0f, point ? MarkerKind::Ring : MarkerKind::Diamond);
    }
}

void DrawFocused(const Scene& scene, const SceneDrawOptions& o, DrawSink& out)
{
    if (o.focused == nullptr || o.focusedTrace == nullptr) {
        return;
    }
    const Trace& trace = *o.focusedTrace;
    DrawSlabs(scene, *o.focused, trace, o.camera, out, o.slabHighlight, o.secondTrace);
    DrawFaceSteps(scene, *o.focused, trace, out);
    DrawTraceSteps(scene, *o.focused, trace, o.camera, o.selected, out);
    DrawTraceBoxes(trace, out);
    if (IsCast(o.focused->family)) {
        return;
    }
    for (const TraceStep& step : trace.steps) {
        if (const auto* point = std::get_if<PointPart>(&step.part)) {
            out.Marker(F(point->point), palette::kNormal, 11.0f, MarkerKind::Diamond);
        } else if (const auto* seg = std::get_if<SegmentPart>(&step.part)) {
            out.Line(DrawLayer::Overlay, F(seg->from), F(seg->to), WithAlpha(palette::kNormal, 0.8f), 1.5f);
        }
    }
}

} // namespace

Result DrawnResult(const Scene& scene, const QueryEvaluation& evaluation)
{
    return evaluation.ResultOf(scene.Settings(evaluation.query.family).drawn);
}

void DrawGrid(const Camera& camera, DrawSink& out)
{
    const GridLayout grid = LayoutGrid(camera);
    // the grid's lines and the axes fade out towards the grid's edge (in the shaders)
    out.GridFade(F(grid.center), float(grid.extent));
    out.Grid(grid);
    // the axes through the origin, each in its colour (the one across the grid fades out too)
    for (int axis = 0; axis < 3; ++axis) {
        glm::dvec3 a(0.0), b(0.0);
        const double reach = axis == grid.normalAxis ? grid.extent * 0.5 : grid.extent;
        a[axis] = -reach;
        b[axis] = reach;
        out.Line(DrawLayer::Grid, F(a), F(b), palette::GridAxis(axis), 1.5f);
    }
}

void DrawScene(const Scene& scene, const SceneEvaluator& evaluation, const SceneDrawOptions& options, DrawSink& out)
{
    if (options.grid) {
        DrawGrid(options.camera, options.still != nullptr ? *options.still : out);
    }
    // the still layer gets every shape but the selected one, in its plain looks; the hovered
    // one's highlight is drawn over its cached copy, so that a hover does not redraw the cache
    SceneDrawOptions plain;
    if (options.still != nullptr) {
        plain.camera = options.camera;
        plain.selected = options.selected;
        plain.meshEdges = options.meshEdges;
    }
    for (const SceneShape& shape : scene.Shapes()) {
        if (!shape.visible) {
            continue;
        }
        if (options.still == nullptr || (shape.id == options.selected && KindOf(shape.shape) != ShapeKind::Mesh)) {
            DrawShape(shape, options, out);
            continue;
        }
        if (KindOf(shape.shape) == ShapeKind::Mesh) {  // in the cache with its highlights: its upload
            DrawShape(shape, options, *options.still); // and drawing cost more than a redraw on hover
            continue;
        }
        DrawShape(shape, plain, *options.still);
        if (shape.id == options.hovered) {
            DrawShape(shape, options, out);
        }
    }
    const auto& queries = evaluation.Queries();
    if (options.overrides != nullptr) {
        for (std::size_t i = 0; i < queries.size(); ++i) {
            DrawResult(scene, queries[i], options.camera, out,
                       i < options.overrides->size() ? &(*options.overrides)[i] : nullptr);
        }
    } else if (options.drawable != nullptr) {
        for (std::uint32_t i : *options.drawable) {
            if (i < queries.size()) {
                DrawResult(scene, queries[i], options.camera, out);
            }
        }
    } else {
        for (const QueryEvaluation& qe : queries) {
            DrawResult(scene, qe, options.camera, out);
        }
    }
    DrawFocused(scene, options, out);
    DrawGizmo(options.gizmo, out);
    for (const HandleMarker& h : options.handles) {
        out.Marker(F(h.position), h.hovered ? palette::kHitMarker : palette::kSelected, h.hovered ? 12.0f : 10.0f,
                   h.kind, F(h.toward));
    }
}

} // namespace hitlab
