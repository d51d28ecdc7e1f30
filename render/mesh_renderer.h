// Meshes through GL: each mesh's vertices and index triples are uploaded once per MeshData (the
// shared data is immutable; a moved mesh is new data, uploaded anew) and drawn every frame from
// the cached buffers, flat shaded, back faces tinted, edges optional. A mesh of a million
// triangles then costs the GPU's (or llvmpipe's) rasterising only, not a million DrawSink calls.
#pragma once

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
        mutable int unused = 0; ///< frames since it was last drawn
        std::size_t indexCount = 0;
    };
    struct Instance {
        std::uint64_t serial;
        glm::vec4 color;
        std::uint32_t edges;
        std::uint32_t pad = 0;
    };
    const Cached* Find(std::uint64_t serial) const;
    void Upload(const Cached& cached) const;

    std::vector<Cached> m_cache;
    std::vector<Instance> m_instances;
    std::vector<std::shared_ptr<const MeshData>> m_held; ///< this frame's meshes, kept alive until drawn
    std::uint64_t m_nextSerial = 1;
    mutable std::uint64_t m_uploads = 0;
    unsigned m_program = 0;
    int m_colorLocation = -1, m_passLocation = -1;
};

} // namespace hitlab
