// Vertex clustering (render/mesh_proxy.h).
#include "mesh_proxy.h"

#include "core/mesh.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

namespace hitlab {

namespace {

/// Each vertex's cell as one number (x + n (y + n z)).
std::vector<std::uint64_t> CellKeys(const MeshData& mesh, std::uint32_t cells)
{
    const glm::dvec3 lo = mesh.boundsMin, size = mesh.boundsMax - mesh.boundsMin;
    const double side = std::max({size.x, size.y, size.z}) / cells;
    const auto cellOf = [&](double offset) -> std::uint64_t {
        if (!(side > 0)) {
            return 0;
        }
        return std::uint64_t(std::clamp(std::floor(offset / side), 0.0, double(cells - 1)));
    };
    std::vector<std::uint64_t> keys(mesh.vertices.size());
    const std::uint64_t n = cells;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const glm::dvec3 d = mesh.vertices[i] - lo;
        keys[i] = cellOf(d.x) + n * (cellOf(d.y) + n * cellOf(d.z));
    }
    return keys;
}

struct TripleHash {
    std::size_t operator()(const std::array<std::uint32_t, 3>& t) const
    {
        std::uint64_t h = t[0];
        h = h * 0x9E3779B97F4A7C15ull ^ t[1];
        h = h * 0x9E3779B97F4A7C15ull ^ t[2];
        return std::size_t(h ^ (h >> 29));
    }
};

} // namespace

MeshProxy ClusterMeshCells(const MeshData& mesh, std::uint32_t cellsPerAxis)
{
    const std::vector<std::uint64_t> keys = CellKeys(mesh, std::max<std::uint32_t>(cellsPerAxis, 1));
    // cluster of each vertex, numbered in order of first appearance
    std::unordered_map<std::uint64_t, std::uint32_t> clusterOfCell;
    std::vector<std::uint32_t> cluster(keys.size());
    std::vector<glm::dvec3> sum;
    std::vector<std::uint32_t> count;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const auto [at, added] = clusterOfCell.try_emplace(keys[i], std::uint32_t(sum.size()));
        if (added) {
            sum.emplace_back(0.0);
            count.push_back(0);
        }
        cluster[i] = at->second;
        sum[at->second] += mesh.vertices[i];
        ++count[at->second];
    }
    MeshProxy proxy;
    proxy.vertices.assign(sum.size(), 0);
    std::vector<double> nearest(sum.size(), std::numeric_limits<double>::infinity());
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const std::uint32_t c = cluster[i];
        const glm::dvec3 d = mesh.vertices[i] - sum[c] / double(count[c]);
        if (const double d2 = glm::dot(d, d); d2 < nearest[c]) { // strictly: the lowest index on a tie
            nearest[c] = d2;
            proxy.vertices[c] = std::uint32_t(i);
        }
    }
    std::unordered_set<std::array<std::uint32_t, 3>, TripleHash> kept;
    for (const auto& t : mesh.triangles) {
        const std::array<std::uint32_t, 3> c{cluster[t[0]], cluster[t[1]], cluster[t[2]]};
        if (c[0] == c[1] || c[1] == c[2] || c[0] == c[2]) {
            continue;
        }
        std::array<std::uint32_t, 3> sorted = c;
        std::sort(sorted.begin(), sorted.end());
        if (kept.insert(sorted).second) {
            proxy.triangles.push_back(c);
        }
    }
    return proxy;
}

MeshProxy ClusterMesh(const MeshData& mesh, std::size_t budget)
{
    if (mesh.triangles.size() <= budget) {
        MeshProxy same;
        same.vertices.resize(mesh.vertices.size());
        std::iota(same.vertices.begin(), same.vertices.end(), 0u);
        same.triangles = mesh.triangles;
        return same;
    }
    double cells = std::max(1.0, std::floor(std::sqrt(double(budget))));
    for (;;) {
        MeshProxy proxy = ClusterMeshCells(mesh, std::uint32_t(cells));
        if (proxy.triangles.size() <= budget || cells <= 1) {
            return proxy;
        }
        cells = std::max(1.0, std::floor(cells * 0.75));
    }
}

std::shared_ptr<const MeshProxy> MeshProxyCache::Get(const std::shared_ptr<const MeshData>& mesh, std::size_t budget)
{
    const auto reuse = [&](Source& source) {
        source.mesh = mesh; // the newest copy (a drag's previous one can go)
        source.unused = 0;
        return source.proxy;
    };
    for (Source& source : m_sources) { // the same data first: a cheap comparison
        if (source.mesh == mesh) {
            return reuse(source);
        }
    }
    for (Source& source : m_sources) {
        if (source.mesh->vertices.size() == mesh->vertices.size() && source.mesh->triangles == mesh->triangles) {
            return reuse(source);
        }
    }
    auto proxy = std::make_shared<const MeshProxy>(ClusterMesh(*mesh, budget));
    ++m_built;
    m_sources.push_back({mesh, proxy, 0});
    return proxy;
}

void MeshProxyCache::Age()
{
    for (Source& source : m_sources) {
        ++source.unused;
    }
    std::erase_if(m_sources, [](const Source& s) { return s.unused > kKeepAges; });
}

} // namespace hitlab
