// Convex shapes as their hulls: faces, true edges, vertices and the points inside (render/convex_draw.h).
#include "convex_draw.h"

#include "draw_helpers.h"
#include "scene_draw.h"

#include "core/convex.h"
#include "core/triangle_exact.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

namespace hitlab {

namespace convex_draw_detail {

struct HullCacheEntry {
    std::weak_ptr<const ConvexData> data;
    std::shared_ptr<const ConvexHull> hull;
};

constexpr std::size_t kHullCacheSize = 16;

/// For each edge of a polyhedron's triangles, whether it is a true edge: the two triangles on it
/// do not lie in one plane (exact orientation test), or it has only one (a broken hull).
std::vector<bool> TrueEdges(const ConvexHull& hull)
{
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::uint32_t>> opposite;
    for (const auto& t : hull.triangles) {
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t a = t[k], b = t[(k + 1) % 3], c = t[(k + 2) % 3];
            opposite[{std::min(a, b), std::max(a, b)}].push_back(c);
        }
    }
    std::vector<bool> keep(hull.edges.size(), true);
    for (std::size_t i = 0; i < hull.edges.size(); ++i) {
        const auto it = opposite.find({hull.edges[i][0], hull.edges[i][1]});
        if (it == opposite.end() || it->second.size() != 2) {
            continue;
        }
        const auto& v = hull.vertices;
        keep[i] =
            detail::tx::Orient3d(v[hull.edges[i][0]], v[hull.edges[i][1]], v[it->second[0]], v[it->second[1]]) != 0;
    }
    return keep;
}

} // namespace convex_draw_detail

std::shared_ptr<const ConvexHull> CachedHull(const std::shared_ptr<const ConvexData>& data)
{
    using convex_draw_detail::HullCacheEntry;
    static std::mutex mutex;
    static std::vector<HullCacheEntry> cache;
    if (data == nullptr) {
        return std::make_shared<const ConvexHull>();
    }
    {
        const std::lock_guard lock(mutex);
        for (const HullCacheEntry& e : cache) {
            if (e.data.lock() == data) {
                return e.hull;
            }
        }
    }
    auto hull = std::make_shared<const ConvexHull>(BuildConvexHull(data->points));
    const std::lock_guard lock(mutex);
    std::erase_if(cache, [](const HullCacheEntry& e) { return e.data.expired(); });
    if (cache.size() >= convex_draw_detail::kHullCacheSize) {
        cache.erase(cache.begin());
    }
    cache.push_back({data, hull});
    return hull;
}

std::size_t DrawnEdgeCount(const ConvexHull& hull)
{
    if (hull.kind != HullKind::Polyhedron) {
        return hull.edges.size();
    }
    const std::vector<bool> keep = convex_draw_detail::TrueEdges(hull);
    return std::size_t(std::count(keep.begin(), keep.end(), true));
}

void DrawHull(const ConvexHull& hull, const HullLooks& looks, DrawSink& out)
{
    const auto& v = hull.vertices;
    for (const auto& t : hull.triangles) {
        const glm::dvec3 n =
            hull.kind == HullKind::Polygon ? hull.normal : glm::cross(v[t[1]] - v[t[0]], v[t[2]] - v[t[0]]);
        out.Triangle(looks.layer, F(v[t[0]]), F(v[t[1]]), F(v[t[2]]), ShadedFace(looks.faces, n, looks.faceAlpha));
    }
    const std::vector<bool> keep = hull.kind == HullKind::Polyhedron ? convex_draw_detail::TrueEdges(hull)
                                                                     : std::vector<bool>(hull.edges.size(), true);
    for (std::size_t i = 0; i < hull.edges.size(); ++i) {
        if (keep[i]) {
            out.Line(looks.layer, F(v[hull.edges[i][0]]), F(v[hull.edges[i][1]]), looks.edges, looks.edgeWidth);
        }
    }
    if (looks.vertexSize > 0) {
        for (const glm::dvec3& p : v) {
            out.Marker(F(p), looks.edges, looks.vertexSize, MarkerKind::Disc);
        }
    }
}

void DrawConvexShape(const Convex<double>& convex, const SurfaceLooks& looks, DrawSink& out)
{
    if (convex.data == nullptr) {
        return;
    }
    const std::shared_ptr<const ConvexHull> hull = CachedHull(convex.data);
    const bool lit = looks.hovered || looks.selected;
    HullLooks h;
    h.faces = lit ? Lighter(looks.color, 0.15f) : looks.color;
    h.faceAlpha = lit ? 0.55f : 0.45f;
    h.edges = looks.selected ? palette::kSelected : Lighter(looks.color, looks.hovered ? 0.35f : 0.25f);
    h.edgeWidth = looks.selected ? 2.5f : 1.8f;
    h.vertexSize = looks.selected ? 9.0f : 7.0f;
    DrawHull(*hull, h, out);
    std::set<std::tuple<double, double, double>> corners;
    for (const glm::dvec3& p : hull->vertices) {
        corners.insert({p.x, p.y, p.z});
    }
    const glm::vec4 faint = WithAlpha(Lighter(looks.color, 0.1f), 0.55f);
    for (const glm::dvec3& p : convex.data->points) {
        if (!corners.contains({p.x, p.y, p.z})) {
            out.Marker(F(p), faint, 4.5f, MarkerKind::Disc);
        }
    }
}

} // namespace hitlab
