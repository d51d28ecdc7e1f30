// The conversions between HitLab's queries and results and the plugin ABI's structs
// (include/hitlab/plugin.h), shared by PluginProgram's files.
#pragma once

#include "plugin_program.h"

#include <algorithm>
#include <span>
#include <string>
#include <vector>

namespace hitlab::plugin::convert {

/// The region's points area (plugin_transport.h) as a batch fills it: convex shapes' points one
/// after another, each shape given the byte offset of its first.
struct PointsArea {
    char* region = nullptr;
    std::size_t used = 0; ///< bytes from kPointsOffset

    /// Copies points (rounded to T) in; returns their byte offset in the region, which the query's
    /// convex points field carries (the host makes it a pointer). Precondition: they fit (FitPoints).
    template <typename T>
    std::uintptr_t Put(std::span<const glm::dvec3> points)
    {
        const std::size_t at = kPointsOffset + used;
        T* to = reinterpret_cast<T*>(region + at);
        for (std::size_t i = 0; i < points.size(); ++i) {
            to[3 * i] = T(points[i].x), to[3 * i + 1] = T(points[i].y), to[3 * i + 2] = T(points[i].z);
        }
        used += points.size() * 3 * sizeof(T);
        return at;
    }
};

/// The points of a query's convex shapes (0 for other shapes).
inline std::size_t ConvexPoints(const Query& q)
{
    std::size_t n = 0;
    for (const Shape* shape : {&q.a, &q.b}) {
        if (const auto* c = std::get_if<Convex<double>>(shape); c != nullptr && c->data) {
            n += c->data->points.size();
        }
    }
    return n;
}

// one query's two convex shapes (at most kMaxConvexPoints each, as the readers check) always fit
static_assert(kPointsBytes >= 2 * kMaxConvexPoints * 3 * sizeof(double));

/// How many of queries, from the first, fit in one batch: their convex shapes' points together
/// within the region's points area (kPointsBytes), in numbers of size scalar; at least one.
inline std::size_t FitPoints(std::span<const Query> queries, std::size_t scalar)
{
    std::size_t bytes = 0;
    for (std::size_t i = 0; i < queries.size(); ++i) {
        bytes += ConvexPoints(queries[i]) * 3 * scalar;
        if (bytes > kPointsBytes) {
            return std::max<std::size_t>(i, 1);
        }
    }
    return queries.size();
}

/// A protocol shape in the ABI's union, rounded to T (float rounds to nearest, as ShapeCast); a
/// mesh by its id in meshes (0 when it has none: a mesh whose preparation failed); a convex
/// shape's points into area, by their offset.
template <typename T, typename S>
void ToAbi(const Shape& shape, S& out, const plugin::SentMeshes& meshes, PointsArea& area)
{
    auto put = [](const glm::dvec3& v, T* to) { to[0] = T(v.x), to[1] = T(v.y), to[2] = T(v.z); };
    switch (KindOf(shape)) {
    case ShapeKind::Ray: {
        const auto& r = std::get<Ray<double>>(shape);
        return put(r.origin, out.ray.origin), put(r.direction, out.ray.direction);
    }
    case ShapeKind::Segment: {
        const auto& s = std::get<Segment<double>>(shape);
        return put(s.start, out.segment.start), put(s.end, out.segment.end);
    }
    case ShapeKind::Plane: {
        const auto& p = std::get<Plane<double>>(shape);
        return put(p.normal, out.plane.normal), void(out.plane.distance = T(p.distance));
    }
    case ShapeKind::Aabb: {
        const auto& b = std::get<Aabb<double>>(shape);
        return put(b.min, out.aabb.min), put(b.max, out.aabb.max);
    }
    case ShapeKind::Sphere: {
        const auto& sp = std::get<Sphere<double>>(shape);
        return put(sp.center, out.sphere.center), void(out.sphere.radius = T(sp.radius));
    }
    case ShapeKind::Obb: {
        const auto& o = std::get<Obb<double>>(shape);
        put(o.axes[0], out.obb.axes[0]), put(o.axes[1], out.obb.axes[1]), put(o.axes[2], out.obb.axes[2]);
        return put(o.center, out.obb.center), put(o.halfExtents, out.obb.half_extents);
    }
    case ShapeKind::Point: // the plugin ABI has no point families
        return;
    case ShapeKind::Triangle: {
        const auto& t = std::get<Triangle<double>>(shape);
        for (int i = 0; i < 3; ++i) {
            put(t.vertices[std::size_t(i)], out.triangle.vertices[i]);
        }
        return;
    }
    case ShapeKind::Mesh: {
        const auto& m = std::get<Mesh<double>>(shape);
        const auto at = meshes.find(m.data.get());
        out.mesh.id = at == meshes.end() ? 0 : at->second.id;
        out.mesh.vertex_count = m.data ? std::uint32_t(m.data->vertices.size()) : 0;
        out.mesh.triangle_count = std::uint32_t(m.TriangleCount());
        return;
    }
    case ShapeKind::Convex: {
        const auto& c = std::get<Convex<double>>(shape);
        const std::span<const glm::dvec3> points =
            c.data ? std::span<const glm::dvec3>(c.data->points) : std::span<const glm::dvec3>();
        out.convex.points = reinterpret_cast<const T*>(area.Put<T>(points));
        out.convex.count = std::uint32_t(points.size());
        return;
    }
    }
}

template <typename T>
glm::dvec3 Vec(const T (&v)[3])
{
    return {double(v[0]), double(v[1]), double(v[2])};
}

/// An ABI result widened to core's Result (exactly: every float is a double). u, v and triangle
/// are taken as given on a hit (the algorithm's `returns` says whether they mean something); the
/// distance and closest points with has_distance.
template <typename R>
Result FromAbi(const R& r)
{
    Result out;
    out.hit = r.hit != 0;
    out.tEnter = double(r.t_enter);
    out.tExit = double(r.t_exit);
    out.point = Vec(r.point);
    out.normal = Vec(r.normal);
    out.hasNormal = r.has_normal != 0;
    out.depth = double(r.depth);
    out.contact = Vec(r.contact);
    out.separatingAxis = Vec(r.separating_axis);
    out.hasSeparatingAxis = r.has_separating_axis != 0;
    out.u = double(r.u);
    out.v = double(r.v);
    out.hasUv = out.hit;
    out.hasFront = r.front != 0;
    out.front = r.front > 0;
    out.hasTriangle = out.hit;
    out.triangle = r.triangle;
    out.hasDistance = r.has_distance != 0;
    out.distance = double(r.distance);
    out.closestA = Vec(r.closest_a);
    out.closestB = Vec(r.closest_b);
    return out;
}

/// Writes queries into the region in the ABI's form of precision T.
template <typename Q, typename T>
void WriteQueries(char* region, std::span<const Query> queries, const plugin::SentMeshes& meshes)
{
    auto* q = reinterpret_cast<Q*>(region + plugin::kQueriesOffset);
    PointsArea area{region};
    for (std::size_t i = 0; i < queries.size(); ++i) {
        ToAbi<T>(queries[i].a, q[i].a, meshes, area);
        ToAbi<T>(queries[i].b, q[i].b, meshes, area);
    }
}

/// Reads results [0, done) of the region into out, and the queries whose result set an error.
template <typename R>
void ReadResults(const char* region, std::size_t done, std::size_t base, std::span<Result> out,
                 std::vector<SourceFailure>& failures)
{
    const auto* r = reinterpret_cast<const R*>(region + plugin::kResultsOffset);
    for (std::size_t i = 0; i < done; ++i) {
        out[base + i] = FromAbi(r[i]);
        if (r[i].error != 0) {
            failures.push_back(
                {base + i, ExternalStatus::Error, "the plugin set error code " + std::to_string(r[i].error)});
        }
    }
}

} // namespace hitlab::plugin::convert
