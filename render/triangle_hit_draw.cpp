// Cast results on triangles and meshes (render/triangle_hit_draw.h).
#include "triangle_hit_draw.h"

#include "draw_helpers.h"
#include "scene_draw.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

namespace hitlab {

namespace {

std::string TriFmt(const char* name, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, "%s = %.4g", name, value);
    return text;
}

/// The last value called `name` in the trace, if any.
std::optional<double> TraceNamed(const Trace& trace, const char* name)
{
    for (auto step = trace.steps.rbegin(); step != trace.steps.rend(); ++step) {
        for (const TraceValue& v : step->values) {
            if (std::string_view(v.name) == name) {
                return v.value;
            }
        }
    }
    return std::nullopt;
}

/// The edge functions' signs: for edge k (opposite vertex k: v1 v2, v2 v0, v0 v1) the value's name
/// and sign, and whether that side is the inside.
struct EdgeSign {
    std::string name;
    double value = 0;
    bool inside = false;
};

std::array<std::optional<EdgeSign>, 3> EdgeSigns(const Trace& trace)
{
    std::array<std::optional<EdgeSign>, 3> out;
    const auto u = TraceNamed(trace, "u"), v = TraceNamed(trace, "v");
    if (u && v) {
        const double w = 1.0 - *u - *v;
        out = {EdgeSign{"w", w, w >= 0}, EdgeSign{"u", *u, *u >= 0}, EdgeSign{"v", *v, *v >= 0}};
        return out;
    }
    const auto det = TraceNamed(trace, "det");
    const char* dets[3] = {"w_det", "u_det", "v_det"};
    for (int k = 0; k < 3; ++k) {
        if (const auto x = TraceNamed(trace, dets[k])) {
            const double s = det && *det < 0 ? -*x : *x;
            out[k] = EdgeSign{std::string(dets[k]).replace(1, 1, " "), *x, s >= 0};
        }
    }
    if (out[0] || out[1] || out[2]) {
        return out;
    }
    const char* sides[3] = {"side_v1v2", "side_v2v0", "side_v0v1"};
    std::array<std::optional<double>, 3> s;
    double sum = 0;
    for (int k = 0; k < 3; ++k) {
        s[k] = TraceNamed(trace, sides[k]);
        sum += s[k] ? (*s[k] > 0 ? 1.0 : *s[k] < 0 ? -1.0 : 0.0) : 0.0;
    }
    for (int k = 0; k < 3; ++k) {
        if (s[k]) {
            out[k] = EdgeSign{sides[k], *s[k], *s[k] == 0 || (*s[k] > 0) == (sum > 0)};
        }
    }
    return out;
}

bool CastOnTriangles(const Shape& target)
{
    return KindOf(target) == ShapeKind::Triangle || KindOf(target) == ShapeKind::Mesh;
}

bool IsCrack(const Shape& target, const Result& drawn, const Result& reference)
{
    return CastOnTriangles(target) && !drawn.hit && reference.hit && Finite(reference.point);
}

/// What a drawn miss of an exact hit is called: a back face's, a crack's (the exact point on an
/// edge or a vertex: u = 0, v = 0 or u + v = 1), or a plain miss.
std::string MissedText(const Result& reference)
{
    if (reference.hasFront && !reference.front) {
        return "missed: a back face";
    }
    if (reference.hasUv && (reference.u == 0 || reference.v == 0 || reference.u + reference.v == 1)) {
        return "ray slips through here";
    }
    return "missed here";
}

} // namespace

std::optional<Triangle<double>> HitTriangle(const Shape& target, const Result& result)
{
    switch (KindOf(target)) {
    case ShapeKind::Triangle:
        return std::get<Triangle<double>>(target);
    case ShapeKind::Mesh: {
        const auto& mesh = std::get<Mesh<double>>(target);
        if (!result.hasTriangle || result.triangle >= mesh.TriangleCount()) {
            return std::nullopt;
        }
        return mesh.TriangleAt(result.triangle);
    }
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Aabb:
    case ShapeKind::Sphere:
    case ShapeKind::Obb:
    case ShapeKind::Point:
    case ShapeKind::Convex:
        return std::nullopt;
    }
    return std::nullopt;
}

void DrawTriangleHit(const Shape& target, const Result& drawn, const Result& reference, DrawSink& out)
{
    if (IsCrack(target, drawn, reference)) {
        out.Marker(F(reference.point), palette::kDisagree, 17.0f, MarkerKind::Diamond);
    }
    const std::optional<Triangle<double>> tri = drawn.hit ? HitTriangle(target, drawn) : std::nullopt;
    if (!tri) {
        return;
    }
    const auto& v = tri->vertices;
    for (int k = 0; k < 3; ++k) {
        out.Line(DrawLayer::Overlay, F(v[k]), F(v[(k + 1) % 3]), palette::kHitMarker, 2.5f);
    }
    if (drawn.hit && drawn.hasFront && !drawn.front) {
        out.Marker(F(drawn.point), palette::kFaceOutside, 21.0f, MarkerKind::Ring);
    }
    if (!drawn.hasUv || !std::isfinite(drawn.u) || !std::isfinite(drawn.v)) {
        return;
    }
    const double weights[3] = {1.0 - drawn.u - drawn.v, drawn.u, drawn.v};
    // the point from u and v (the result's point may be the algorithm's t along the ray instead)
    const glm::dvec3 p = v[0] * weights[0] + v[1] * weights[1] + v[2] * weights[2];
    for (int k = 0; k < 3; ++k) {
        const float alpha = float(0.08 + 0.5 * std::clamp(weights[k], 0.0, 1.0));
        out.Triangle(DrawLayer::Overlay, F(p), F(v[(k + 1) % 3]), F(v[(k + 2) % 3]),
                     WithAlpha(palette::Slab(k), alpha));
        out.Line(DrawLayer::Overlay, F(p), F(v[k]), WithAlpha(palette::Slab(k), 0.9f), 1.5f);
    }
}

void DrawTriangleHitLabels(const Shape& target, const Result& drawn, const Result& reference, const Trace* trace,
                           DrawSink& out)
{
    if (IsCrack(target, drawn, reference)) {
        out.Label(F(reference.point), {10.0f, 14.0f}, MissedText(reference), palette::kDisagree);
    }
    const std::optional<Triangle<double>> tri = HitTriangle(target, drawn.hit       ? drawn
                                                                    : reference.hit ? reference
                                                                                    : drawn);
    if (!tri) {
        return;
    }
    const auto& v = tri->vertices;
    const glm::dvec3 centroid = (v[0] + v[1] + v[2]) / 3.0;
    for (int k = 0; k < 3; ++k) {
        out.Label(F(v[k] + (v[k] - centroid) * 0.08), {4.0f, -4.0f}, "v" + std::to_string(k), palette::Slab(k));
    }
    if (drawn.hit && drawn.hasUv) {
        out.Label(F(drawn.point), {12.0f, -16.0f},
                  TriFmt("u", drawn.u) + ", " + TriFmt("v", drawn.v) + ", " + TriFmt("w", 1.0 - drawn.u - drawn.v),
                  palette::kHitMarker);
    }
    if (drawn.hit && drawn.hasFront && !drawn.front) {
        out.Label(F(drawn.point), {12.0f, 4.0f}, "back face", palette::kFaceOutside);
    }
    if (trace == nullptr) {
        return;
    }
    const auto signs = EdgeSigns(*trace);
    for (int k = 0; k < 3; ++k) {
        if (!signs[k]) {
            continue;
        }
        const glm::dvec3 mid = (v[(k + 1) % 3] + v[(k + 2) % 3]) * 0.5;
        const char* sign = signs[k]->value > 0 ? " +" : signs[k]->value < 0 ? " -" : " 0";
        out.Label(F(mid + (mid - centroid) * 0.12), {0.0f, 0.0f}, signs[k]->name + sign,
                  signs[k]->inside ? palette::kFaceInside : palette::kFaceOutside);
    }
}

} // namespace hitlab
