// The conversions between HitLab's queries and results and the plugin ABI's structs
// (include/hitlab/plugin.h), shared by PluginProgram's files.
#pragma once

#include "plugin_program.h"

#include <span>
#include <string>
#include <vector>

namespace hitlab::plugin::convert {

/// A protocol shape in the ABI's union, rounded to T (float rounds to nearest, as ShapeCast); a
/// mesh by its id in meshes (0 when it has none: a mesh whose preparation failed).
template <typename T, typename S>
void ToAbi(const Shape& shape, S& out, const plugin::SentMeshes& meshes)
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
    case ShapeKind::Convex: // no plugin family takes a convex shape yet (plugin ABI 2)
        return;
    }
}

template <typename T>
glm::dvec3 Vec(const T (&v)[3])
{
    return {double(v[0]), double(v[1]), double(v[2])};
}

/// An ABI result widened to core's Result (exactly: every float is a double). u, v and triangle
/// are taken as given on a hit (the algorithm's `returns` says whether they mean something).
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
    return out;
}

/// Writes queries into the region in the ABI's form of precision T.
template <typename Q, typename T>
void WriteQueries(char* region, std::span<const Query> queries, const plugin::SentMeshes& meshes)
{
    auto* q = reinterpret_cast<Q*>(region + plugin::kQueriesOffset);
    for (std::size_t i = 0; i < queries.size(); ++i) {
        ToAbi<T>(queries[i].a, q[i].a, meshes);
        ToAbi<T>(queries[i].b, q[i].b, meshes);
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
