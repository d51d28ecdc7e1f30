// Meshes through GL: each mesh's vertices and index triples are uploaded once per MeshData (the
// shared data is immutable; a moved mesh is new data, uploaded anew) and drawn every frame from
// the cached buffers, flat shaded, back faces tinted, edges optional. A mesh of a million
// triangles then costs the GPU's (or llvmpipe's) rasterising only, not a million DrawSink calls.
// While the view or a mesh moves (SetMoving), meshes above kMeshProxyThreshold triangles are drawn
// as their proxy (render/mesh_proxy.h: at most kMeshProxyBudget triangles), built once per mesh
// and shared with its moved copies (the same triangles), and uploaded apart from the full mesh.
#pragma once

#include "mesh_proxy.h"

#include <glm/vec4.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace hitlab {

struct MeshData;

class MeshRenderer {
public:
    bool Create(std::string& error);
    /// Frees the programs and every cached mesh's buffers (with the context current).
    void Destroy();
    /// A mesh to draw this frame in `color` (its alpha: the faces' opacity), with its edges when
    /// `edges`. Its buffers are made on the first Draw that sees this data.
    void Add(const std::shared_ptr<const MeshData>& mesh, const glm::vec4& color, bool edges);
    /// Whether the meshes added from now on are moving (drawn as their proxy when large).
    void SetMoving(bool moving) { m_moving = moving; }
    /// How many proxies have been built (tests, --stats): a moved copy reuses its original's.
    std::uint64_t ProxiesBuilt() const { return m_proxies.Built(); }
    /// Draws this frame's meshes: a depth pass (only the nearest surface shows), then the faces
    /// blended over what lies behind, then the edges.
    void Draw() const;
    /// Forgets this frame's meshes (keeps the cached buffers) and frees the buffers of meshes that
    /// were not drawn in the last kKeepFrames frames.
    void Clear();
    std::size_t Count() const { return m_instances.size(); }
    /// This frame's instances as bytes (a cached layer compares them with the drawn ones): each
    /// names its cache entry by a serial number, never reused, so new data at an old address differs.
    std::span<const std::byte> Bytes() const { return std::as_bytes(std::span(m_instances)); }
    /// How many meshes have buffers now, and how many uploads there have been (tests, --stats).
    std::size_t CachedCount() const { return m_cache.size(); }
    std::uint64_t Uploads() const { return m_uploads; }

    static constexpr int kKeepFrames = 120;

private:
    struct Cached {
        std::weak_ptr<const MeshData> data;
        const MeshData* address = nullptr;
        std::uint64_t serial = 0;
        mutable unsigned vao = 0, vertices = 0, indices = 0;
        mutable unsigned proxyVao = 0, proxyVertices = 0, proxyIndices = 0;
        std::shared_ptr<const MeshProxy> proxy; ///< made when first drawn moving
        mutable int unused = 0;                 ///< frames since it was last drawn
        std::size_t indexCount = 0;
    };
    struct Instance {
        std::uint64_t serial;
        glm::vec4 color;
        std::uint32_t edges;
        std::uint32_t proxy = 0; ///< 1: drawn as its proxy
    };
    const Cached* Find(std::uint64_t serial) const;
    void Upload(const Cached& cached) const;
    void UploadProxy(const Cached& cached) const;

    std::vector<Cached> m_cache;
    std::vector<Instance> m_instances;
    std::vector<std::shared_ptr<const MeshData>> m_held; ///< this frame's meshes, kept alive until drawn
    std::uint64_t m_nextSerial = 1;
    MeshProxyCache m_proxies; ///< the proxies, shared by a mesh's moved copies
    mutable std::uint64_t m_uploads = 0;
    bool m_moving = false;
    unsigned m_program = 0;
    int m_colorLocation = -1, m_passLocation = -1;
};

} // namespace hitlab
