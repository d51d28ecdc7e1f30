// The transport between HitLab and hitlab-plugin-host (docs/plugins.md, "The host"): a shared
// memory region (a memfd HitLab creates, the host's fd 3) holding a batch of queries, their
// results and a progress counter (or a chunk of a mesh's data), and two pipes for the signals (a
// Request to the host's stdin, a Reply from its stdout). Shared by the host and PluginProgram, so both read the same
// layout.
#pragma once

#include "hitlab/plugin.h"

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace hitlab::plugin {

// The ABI's layouts, pinned: a change here is a new ABI version (HITLAB_PLUGIN_ABI_VERSION).
static_assert(sizeof(hitlab_query_d) == 240 && sizeof(hitlab_query_f) == 128);
static_assert(sizeof(hitlab_result_d) == 224 && sizeof(hitlab_result_f) == 124);
static_assert(sizeof(hitlab_convex_d) == 16 && sizeof(hitlab_convex_f) == 16);
/// Version 2's results: the fields before version 3's has_distance (version 3 appended the rest), so
/// a version 2 plugin's results are these first bytes of each, at this stride.
inline constexpr std::size_t kV2ResultBytesD = offsetof(hitlab_result_d, has_distance);
inline constexpr std::size_t kV2ResultBytesF = offsetof(hitlab_result_f, has_distance);
static_assert(kV2ResultBytesD == 160 && kV2ResultBytesF == 92);
static_assert(sizeof(hitlab_mesh) == 16 && sizeof(hitlab_triangle_d) == 72);
static_assert(sizeof(hitlab_trace_step) == 360);

/// Queries per round trip: the shared region holds this many queries and results.
inline constexpr std::uint32_t kCapacity = 8192;
/// Queries per call of a plugin's batch function; progress is published after each call.
inline constexpr std::uint32_t kChunk = 256;
/// Trace steps a traced query can record.
inline constexpr std::uint32_t kTraceSteps = 64;
/// The file descriptor the host finds the shared region on.
inline constexpr int kShmFd = 3;

/// The start of the shared region.
struct Header {
    std::atomic<std::uint32_t> progress; ///< queries of the current request done (whole calls)
    std::uint32_t traceCount;            ///< steps the traced query recorded
};

/// Byte offsets of the parts of the region. Float queries and results use the start of the double
/// parts (they are smaller).
inline constexpr std::size_t kQueriesOffset = 64;
inline constexpr std::size_t kResultsOffset = kQueriesOffset + std::size_t(kCapacity) * sizeof(hitlab_query_d);
inline constexpr std::size_t kTraceOffset = kResultsOffset + std::size_t(kCapacity) * sizeof(hitlab_result_d);
inline constexpr std::size_t kVerdictOffset = kTraceOffset + std::size_t(kTraceSteps) * sizeof(hitlab_trace_step);
/// The points of a batch's convex shapes (convex_convex), one shape's after another: a query's
/// hitlab_convex points field holds the byte offset of its points in the region, which the host
/// turns into its own pointer before the call.
inline constexpr std::size_t kPointsOffset = (kVerdictOffset + HITLAB_TRACE_VERDICT + 63) / 64 * 64;
inline constexpr std::size_t kPointsBytes = std::size_t(1) << 24;
inline constexpr std::size_t kRegionBytes = kPointsOffset + kPointsBytes;

/// A mesh's data travels in chunks of at most this many bytes, at kQueriesOffset.
inline constexpr std::size_t kMeshChunkBytes = kTraceOffset - kQueriesOffset;

/// What a Request asks.
enum RequestKind : std::uint32_t {
    kRunQueries = 0, ///< run algorithm on the first count queries of the region
    kMeshChunk = 1,  ///< bytes [offset, offset + bytes) of mesh meshId's data are at kQueriesOffset;
                     ///< after its last chunk the host calls prepare_mesh
    kMeshRelease = 2 ///< call release_mesh(meshId)
};

/// HitLab -> host: one request (kRunQueries unless kind says otherwise).
struct Request {
    std::uint32_t algorithm = 0;  ///< index in the plugin's table
    std::uint32_t precision = 0;  ///< 0 float, 1 double (of the queries, or of the mesh's vertices)
    std::uint32_t count = 0;      ///< <= kCapacity (1 when traced)
    std::uint32_t chunk = kChunk; ///< queries per call of the batch function (1: find a failing one)
    std::uint32_t traced = 0;     ///< 1: call the traced function on query 0
    std::uint32_t kind = kRunQueries;
    // meshes: the data is the vertices (3 numbers of the precision each) then the index triples
    std::uint64_t meshId = 0;
    std::uint32_t vertexCount = 0, triangleCount = 0;
    std::uint64_t offset = 0; ///< bytes of the data before this chunk
    std::uint64_t bytes = 0;  ///< bytes in this chunk, <= kMeshChunkBytes
};

/// host -> HitLab: the request is done, every result written (or the mesh chunk taken).
struct Reply {
    std::uint32_t count = 0;
    std::int32_t error = 0; ///< a mesh's last chunk: what prepare_mesh returned
};

/// The bytes of a mesh's data in precision (0 float, 1 double).
inline std::uint64_t MeshBytes(std::uint32_t precision, std::uint32_t vertexCount, std::uint32_t triangleCount)
{
    return std::uint64_t(vertexCount) * 3 * (precision == 0 ? sizeof(float) : sizeof(double)) +
           std::uint64_t(triangleCount) * 3 * sizeof(std::uint32_t);
}

} // namespace hitlab::plugin
