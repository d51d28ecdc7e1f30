// The Minkowski difference of two solids and its drawing (render/minkowski_draw.h).
#include "minkowski_draw.h"

#include "convex_draw.h"
#include "draw_helpers.h"
#include "scene_draw.h"

#include "core/convex.h"
#include "core/gjk_trace.h"
#include "core/text.h"

#include <glm/geometric.hpp>

#include <cmath>
#include <numbers>
#include <string_view>
#include <vector>

namespace hitlab {

namespace minkowski_detail {

/// n unit directions spread evenly over the sphere (a Fibonacci lattice).
std::vector<glm::dvec3> SphereDirections(int n)
{
    std::vector<glm::dvec3> dirs;
    const double golden = std::numbers::pi * (3.0 - std::sqrt(5.0));
    for (int i = 0; i < n; ++i) {
        const double y = 1.0 - 2.0 * (i + 0.5) / n;
        const double r = std::sqrt(std::max(0.0, 1.0 - y * y));
        dirs.emplace_back(r * std::cos(golden * i), y, r * std::sin(golden * i));
    }
    return dirs;
}

/// The points whose hull is the solid. A sphere: sampled on its surface (sampled set), or with
/// `radius` given, its centre alone and *radius its radius.
std::optional<std::vector<glm::dvec3>> SolidPoints(const Shape& shape, bool& sampled, double* radius = nullptr)
{
    switch (KindOf(shape)) {
    case ShapeKind::Aabb: {
        const auto& b = std::get<Aabb<double>>(shape);
        std::vector<glm::dvec3> p;
        for (int i = 0; i < 8; ++i) {
            p.emplace_back(i & 1 ? b.max.x : b.min.x, i & 2 ? b.max.y : b.min.y, i & 4 ? b.max.z : b.min.z);
        }
        return p;
    }
    case ShapeKind::Obb: {
        const auto& b = std::get<Obb<double>>(shape);
        std::vector<glm::dvec3> p;
        for (int i = 0; i < 8; ++i) {
            p.push_back(b.center + b.axes[0] * ((i & 1 ? 1.0 : -1.0) * b.halfExtents.x) +
                        b.axes[1] * ((i & 2 ? 1.0 : -1.0) * b.halfExtents.y) +
                        b.axes[2] * ((i & 4 ? 1.0 : -1.0) * b.halfExtents.z));
        }
        return p;
    }
    case ShapeKind::Sphere: {
        const auto& s = std::get<Sphere<double>>(shape);
        if (radius != nullptr) {
            *radius = s.radius;
            return std::vector<glm::dvec3>{s.center};
        }
        std::vector<glm::dvec3> p;
        for (const glm::dvec3& d : SphereDirections(kSphereSamples)) {
            p.push_back(s.center + d * s.radius);
        }
        sampled = sampled || s.radius > 0;
        return p;
    }
    case ShapeKind::Point:
        return std::vector<glm::dvec3>{std::get<Point<double>>(shape).position};
    case ShapeKind::Triangle: {
        const auto& v = std::get<Triangle<double>>(shape).vertices;
        return std::vector<glm::dvec3>{v[0], v[1], v[2]};
    }
    case ShapeKind::Convex: {
        const auto& c = std::get<Convex<double>>(shape);
        if (c.data == nullptr) {
            return std::nullopt;
        }
        return CachedHull(c.data)->vertices;
    }
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Mesh:
        return std::nullopt;
    }
    UnknownShapeKind(KindOf(shape));
}

glm::dvec3 Farthest(const std::vector<glm::dvec3>& points, const glm::dvec3& d)
{
    glm::dvec3 best = points.front();
    for (const glm::dvec3& p : points) {
        if (glm::dot(p, d) > glm::dot(best, d)) {
            best = p;
        }
    }
    return best;
}

glm::vec4 Color(float r, float g, float b, float a = 1.0f) { return {r, g, b, a}; }

} // namespace minkowski_detail

glm::dvec3 ProjectedTo(MinkowskiPlane plane, const glm::dvec3& p)
{
    switch (plane) {
    case MinkowskiPlane::None:
        return p;
    case MinkowskiPlane::XY:
        return {p.x, p.y, 0.0};
    case MinkowskiPlane::XZ:
        return {p.x, 0.0, p.z};
    case MinkowskiPlane::YZ:
        return {0.0, p.y, p.z};
    }
    return p;
}

std::optional<MinkowskiDifference> MinkowskiDifferenceOf(const Shape& a, const Shape& b, MinkowskiPlane plane)
{
    using namespace minkowski_detail;
    MinkowskiDifference out;
    const auto pa = SolidPoints(a, out.sampled), pb = SolidPoints(b, out.sampled);
    if (!pa || !pb || pa->empty() || pb->empty()) {
        return std::nullopt;
    }
    std::vector<glm::dvec3> diff;
    if (KindOf(a) == ShapeKind::Sphere && KindOf(b) == ShapeKind::Sphere) {
        // a ball of radius ra + rb around ca - cb: sampled directly, not pairwise
        const auto& sa = std::get<Sphere<double>>(a);
        const auto& sb = std::get<Sphere<double>>(b);
        for (const glm::dvec3& d : SphereDirections(kSphereSamples)) {
            diff.push_back(sa.center - sb.center + d * (sa.radius + sb.radius));
        }
    } else if (pa->size() * pb->size() > kMaxVertexPairs) {
        out.sampled = true;
        for (const glm::dvec3& d : SphereDirections(kSupportDirections)) {
            diff.push_back(Farthest(*pa, d) - Farthest(*pb, -d));
        }
    } else {
        diff.reserve(pa->size() * pb->size());
        for (const glm::dvec3& p : *pa) {
            for (const glm::dvec3& q : *pb) {
                diff.push_back(p - q);
            }
        }
    }
    for (glm::dvec3& p : diff) {
        p = ProjectedTo(plane, p);
    }
    out.points = diff.size();
    out.hull = BuildConvexHull(diff);
    return out;
}

std::optional<ClosestPair> SolidsSeparation(const Shape& a, const Shape& b)
{
    bool sampled = false;
    double ra = 0, rb = 0;
    const auto pa = minkowski_detail::SolidPoints(a, sampled, &ra), pb = minkowski_detail::SolidPoints(b, sampled, &rb);
    if (!pa || !pb || pa->empty() || pb->empty()) {
        return std::nullopt;
    }
    ClosestPair c = HullDistance(BuildConvexHull(*pa), BuildConvexHull(*pb), ra + rb);
    const glm::dvec3 d = c.b - c.a;
    const double length = glm::length(d);
    if (length > 0) { // from the spheres' centres to their surfaces
        c.a += d * (ra / length);
        c.b -= d * (rb / length);
    }
    return c;
}

namespace minkowski_detail {

/// The origin: a ring, short x / y / z axes (scaled to the hull) and its name.
void DrawOrigin(const MinkowskiDifference& diff, MinkowskiPlane plane, DrawSink& out)
{
    double size = 0;
    for (const glm::dvec3& p : diff.hull.vertices) {
        size = std::max(size, glm::length(p));
    }
    const float axis = float(size > 0 ? size * 0.2 : 1.0);
    for (int i = 0; i < 3; ++i) {
        glm::dvec3 e(0.0);
        e[i] = axis;
        if (ProjectedTo(plane, e) != glm::dvec3(0.0)) {
            out.Line(DrawLayer::Overlay, glm::vec3(0.0f), F(e), WithAlpha(palette::Axis(i), 0.8f), 1.5f);
        }
    }
    out.Marker(glm::vec3(0.0f), Color(1, 1, 1), 12.0f, MarkerKind::Ring);
    out.Label(glm::vec3(0.0f), {-56.0f, 8.0f}, "origin", Color(1, 1, 1));
}

/// An answer's vector from the origin: penetration (hit) or separation (miss with a distance, or
/// `separation` when given), in `color`; its label `row` lines below the tip's.
void DrawAnswer(const Result& r, const std::optional<ClosestPair>& separation, const std::string& name,
                const glm::vec4& color, int row, MinkowskiPlane plane, DrawSink& out)
{
    glm::dvec3 tip(0.0);
    std::string text;
    if (r.hit && r.hasNormal) {
        tip = r.normal * r.depth;
        text = name + ": depth " + ShortNumber(r.depth);
    } else if (!r.hit && r.hasDistance) {
        tip = r.closestA - r.closestB;
        text = name + ": distance " + ShortNumber(r.distance);
    } else if (!r.hit && separation) {
        tip = separation->a - separation->b;
        text = "closest points: distance " + ShortNumber(separation->distance);
    } else {
        return;
    }
    tip = ProjectedTo(plane, tip);
    out.Line(DrawLayer::Overlay, glm::vec3(0.0f), F(tip), color, 2.5f);
    if (tip != glm::dvec3(0.0)) {
        out.Marker(F(tip), color, 12.0f, MarkerKind::Arrowhead, glm::vec3(0.0f));
    }
    out.Label(F(tip), {8.0f, -16.0f + 18.0f * float(row)}, text, color);
}

std::optional<double> ReadValue(const TraceStep& step, std::string_view name)
{
    for (const TraceValue& v : step.values) {
        if (name == v.name) {
            return v.value;
        }
    }
    return std::nullopt;
}

/// Points, their edges (every pair) and their triangles (every triple), in `color`.
void DrawSimplex(const std::vector<glm::dvec3>& pts, const glm::vec4& color, DrawSink& out)
{
    const std::size_t n = pts.size();
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            out.Line(DrawLayer::Overlay, F(pts[i]), F(pts[j]), color, 2.0f);
            for (std::size_t k = j + 1; k < n; ++k) {
                out.Triangle(DrawLayer::Overlay, F(pts[i]), F(pts[j]), F(pts[k]), WithAlpha(color, 0.3f));
            }
        }
        out.Marker(F(pts[i]), color, 9.0f, MarkerKind::Diamond);
    }
}

std::vector<glm::dvec3> ReadPoints(const TraceStep& step, std::initializer_list<GjkTraceVec> which,
                                   MinkowskiPlane plane)
{
    std::vector<glm::dvec3> pts;
    for (GjkTraceVec w : which) {
        glm::dvec3 p(0.0);
        if (ReadTraceVec(step, w, p)) {
            pts.push_back(ProjectedTo(plane, p));
        }
    }
    return pts;
}

} // namespace minkowski_detail

bool DrawMinkowskiStep(const TraceStep& step, MinkowskiPlane plane, DrawSink& out)
{
    using namespace minkowski_detail;
    const glm::vec4 simplex = Color(1.0f, 0.85f, 0.3f), face = Color(1.0f, 0.45f, 0.85f),
                    portal = Color(0.5f, 1.0f, 0.5f);
    glm::dvec3 p(0.0);
    if (ReadTraceVec(step, GjkTraceVec::Face0, p)) { // EPA: the nearest face and the origin's foot on it
        DrawSimplex(ReadPoints(step, {GjkTraceVec::Face0, GjkTraceVec::Face1, GjkTraceVec::Face2}, plane), face, out);
        glm::dvec3 n(0.0);
        const std::optional<double> distance = ReadValue(step, "face_distance");
        if (ReadTraceVec(step, GjkTraceVec::FaceNormal, n) && distance) {
            const glm::dvec3 foot = ProjectedTo(plane, n * *distance);
            out.Line(DrawLayer::Overlay, glm::vec3(0.0f), F(foot), face, 2.0f);
            out.Marker(F(foot), face, 10.0f, MarkerKind::Arrowhead, glm::vec3(0.0f));
            out.Label(F(foot), {8.0f, 24.0f}, "EPA face at " + ShortNumber(*distance), face);
        }
        return true;
    }
    if (ReadTraceVec(step, GjkTraceVec::Portal0, p)) { // MPR: the portal and the interior point
        DrawSimplex(ReadPoints(step, {GjkTraceVec::Portal0, GjkTraceVec::Portal1, GjkTraceVec::Portal2}, plane), portal,
                    out);
        glm::dvec3 v0(0.0);
        if (ReadTraceVec(step, GjkTraceVec::Interior, v0)) {
            const glm::vec3 at = F(ProjectedTo(plane, v0));
            out.Line(DrawLayer::Overlay, at, glm::vec3(0.0f), WithAlpha(portal, 0.7f), 1.5f);
            out.Marker(at, portal, 9.0f, MarkerKind::Square);
            out.Label(at, {8.0f, 6.0f}, "v0 (interior)", portal);
        }
        return true;
    }
    const std::vector<glm::dvec3> s = ReadPoints(
        step, {GjkTraceVec::Simplex0, GjkTraceVec::Simplex1, GjkTraceVec::Simplex2, GjkTraceVec::Simplex3}, plane);
    if (s.empty()) {
        return false;
    }
    DrawSimplex(s, simplex, out); // GJK: the simplex, its point v nearest the origin, the new support
    if (ReadTraceVec(step, GjkTraceVec::V, p)) {
        const glm::vec3 v = F(ProjectedTo(plane, p));
        out.Line(DrawLayer::Overlay, glm::vec3(0.0f), v, WithAlpha(simplex, 0.8f), 1.5f);
        out.Marker(v, Color(1, 1, 1), 8.0f, MarkerKind::Disc);
        out.Label(v, {8.0f, 6.0f}, "v", simplex);
    }
    if (ReadTraceVec(step, GjkTraceVec::Support, p)) {
        out.Marker(F(ProjectedTo(plane, p)), simplex, 11.0f, MarkerKind::Ring);
    }
    return true;
}

void DrawMinkowskiView(const MinkowskiDifference& diff, const glm::vec4& color, MinkowskiPlane plane,
                       const MinkowskiOverlay& overlay, DrawSink& out)
{
    HullLooks looks;
    looks.faces = color;
    looks.faceAlpha = 0.35f;
    looks.edges = Lighter(color, 0.3f);
    looks.edgeWidth = 1.2f;
    looks.vertexSize = diff.hull.vertices.size() <= 64 ? 5.0f : 0.0f;
    DrawHull(diff.hull, looks, out);
    minkowski_detail::DrawOrigin(diff, plane, out);
    if (overlay.answer) {
        const glm::vec4 vectorColor = overlay.answer->hit ? palette::kPenetration : palette::kNormal;
        minkowski_detail::DrawAnswer(*overlay.answer, overlay.separation, overlay.answerName, vectorColor, 0, plane,
                                     out);
    }
    if (overlay.drawn) { // the drawn algorithm's own vector, white, its label under the reference's
        minkowski_detail::DrawAnswer(*overlay.drawn, std::nullopt, overlay.drawnName,
                                     glm::vec4(0.95f, 0.95f, 0.95f, 1.0f), 1, plane, out);
    }
    if (overlay.step != nullptr) {
        DrawMinkowskiStep(*overlay.step, plane, out);
    }
}

} // namespace hitlab
