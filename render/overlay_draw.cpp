// Face steps, trace boxes and the gizmo to primitives.
#include "overlay_draw.h"
#include "draw_helpers.h"

#include "scene_draw.h"

#include <glm/geometric.hpp>

#include <array>
#include <cmath>

namespace hitlab {

namespace {

} // namespace

bool BoxFrame(const Shape& shape, glm::dvec3& center, glm::dvec3& half, std::array<glm::dvec3, 3>& axes)
{
    axes = {glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 1)};
    switch (KindOf(shape)) {
    case ShapeKind::Aabb: {
        const auto& box = std::get<Aabb<double>>(shape);
        center = (box.min + box.max) * 0.5;
        half = (box.max - box.min) * 0.5;
        return true;
    }
    case ShapeKind::Obb: {
        const auto& obb = std::get<Obb<double>>(shape);
        center = obb.center;
        half = obb.halfExtents;
        axes = obb.axes;
        return true;
    }
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Sphere:
    case ShapeKind::Point:
    case ShapeKind::Triangle:
    case ShapeKind::Mesh:
    case ShapeKind::Convex:
        return false;
    }
    UnknownShapeKind(KindOf(shape));
}

void DrawFaceSteps(const Scene& scene, const SceneQuery& query, const Trace& trace, DrawSink& out)
{
    const SceneShape* b = scene.Find(query.b);
    glm::dvec3 center, half;
    std::array<glm::dvec3, 3> axes;
    if (b == nullptr || !BoxFrame(b->shape, center, half, axes)) {
        return;
    }
    size_t faces = 0;
    for (const TraceStep& step : trace.steps) {
        faces += std::holds_alternative<FacePart>(step.part) ? 1 : 0;
    }
    for (const TraceStep& step : trace.steps) {
        const auto* face = std::get_if<FacePart>(&step.part);
        if (face == nullptr || face->face < 0 || face->face > 5 || (!face->tested && faces > 1)) {
            continue;
        }
        const int i = face->face / 2, j = (i + 1) % 3, k = (i + 2) % 3;
        const glm::dvec3 c = center + axes[i] * (half[i] * (face->face % 2 ? 1.0 : -1.0));
        const glm::dvec3 u = axes[j] * half[j], v = axes[k] * half[k];
        const glm::dvec3 quad[4] = {c - u - v, c + u - v, c + u + v, c - u + v};
        const glm::vec4 color = !face->tested  ? glm::vec4(0.6f, 0.6f, 0.62f, 1.0f)
                                : face->inside ? palette::kFaceInside
                                               : palette::kFaceOutside;
        if (face->tested) {
            out.Quad(DrawLayer::Overlay, F(quad[0]), F(quad[1]), F(quad[2]), F(quad[3]), WithAlpha(color, 0.22f));
        }
        const float width = face->accepted ? 3.5f : 2.0f;
        for (int e = 0; e < 4; ++e) {
            out.Line(DrawLayer::Overlay, F(quad[e]), F(quad[(e + 1) % 4]), WithAlpha(color, 0.95f), width);
        }
        // the point where the ray meets the face's plane: inside the face or not
        if (face->tested && std::isfinite(face->t) && Finite(face->point)) {
            out.Marker(F(face->point), color, 12.0f, MarkerKind::Disc);
            out.Marker(F(face->point), glm::vec4(0.0f, 0.0f, 0.0f, 0.8f), 14.0f, MarkerKind::Ring);
        }
    }
}

void DrawTraceBoxes(const Trace& trace, DrawSink& out)
{
    for (const TraceStep& step : trace.steps) {
        const auto* box = std::get_if<BoxPart>(&step.part);
        if (box == nullptr || !Finite(box->min) || !Finite(box->max)) {
            continue;
        }
        const glm::vec4 color = palette::kNormal;
        auto corner = [&](int c) {
            return glm::dvec3((c & 1) ? box->max.x : box->min.x, (c & 2) ? box->max.y : box->min.y,
                              (c & 4) ? box->max.z : box->min.z);
        };
        for (int c = 0; c < 8; ++c) {
            for (int bit = 1; bit < 8; bit <<= 1) {
                if ((c & bit) == 0) {
                    out.Line(DrawLayer::Overlay, F(corner(c)), F(corner(c | bit)), WithAlpha(color, 0.85f), 1.5f);
                }
            }
        }
        // faint faces (depth-tested, so the shapes inside stay readable)
        for (int axis = 0; axis < 3; ++axis) {
            const int a = 1 << ((axis + 1) % 3), bb = 1 << ((axis + 2) % 3);
            for (int side = 0; side < 2; ++side) {
                const int base = side ? (1 << axis) : 0;
                out.Quad(DrawLayer::Overlay, F(corner(base)), F(corner(base | a)), F(corner(base | a | bb)),
                         F(corner(base | bb)), WithAlpha(color, box->flag ? 0.08f : 0.05f));
            }
        }
    }
}

void DrawGizmo(const GizmoDraw& gizmo, DrawSink& out)
{
    for (const GizmoDraw::Ring& ring : gizmo.rings) {
        const glm::vec4 color = ring.hovered ? glm::mix(palette::Axis(ring.axis), glm::vec4(1.0f), 0.45f)
                                             : WithAlpha(palette::Axis(ring.axis), 0.9f);
        const size_t n = ring.points.size();
        for (size_t i = 0; i < n; ++i) {
            out.Line(DrawLayer::Overlay, F(ring.points[i]), F(ring.points[(i + 1) % n]), color,
                     ring.hovered ? 4.0f : 2.5f);
        }
    }
    for (const GizmoDraw::Arrow& arrow : gizmo.arrows) {
        const glm::vec4 color =
            arrow.hovered ? glm::mix(palette::Axis(arrow.axis), glm::vec4(1.0f), 0.45f) : palette::Axis(arrow.axis);
        out.Line(DrawLayer::Overlay, F(arrow.from), F(arrow.to), color, arrow.hovered ? 4.5f : 3.0f);
        out.Marker(F(arrow.to), color, arrow.hovered ? 20.0f : 17.0f, MarkerKind::Arrowhead, F(arrow.from));
    }
}

} // namespace hitlab
