// The transport between HitLab and hitlab-plugin-host (docs/plugins.md, "The host"): a shared
// memory region (a memfd HitLab creates, the host's fd 3) holding a batch of queries, their
// results and a progress counter, and two pipes for the signals (a Request to the host's stdin, a
// Reply from its stdout). Shared by the host and PluginProgram, so both read the same layout.
#pragma once

#include "hitlab/plugin.h"

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace hitlab::plugin {

// The ABI's layouts, pinned: a change here is a new ABI version (HITLAB_PLUGIN_ABI_VERSION).
static_assert(sizeof(hitlab_query_d) == 240 && sizeof(hitlab_query_f) == 120);
static_assert(sizeof(hitlab_result_d) == 136 && sizeof(hitlab_result_f) == 76);
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
inline constexpr std::size_t kRegionBytes = kVerdictOffset + HITLAB_TRACE_VERDICT;

/// HitLab -> host: run algorithm on the first count queries of the region.
struct Request {
    std::uint32_t algorithm = 0;  ///< index in the plugin's table
    std::uint32_t precision = 0;  ///< 0 float, 1 double
    std::uint32_t count = 0;      ///< <= kCapacity (1 when traced)
    std::uint32_t chunk = kChunk; ///< queries per call of the batch function (1: find a failing one)
    std::uint32_t traced = 0;     ///< 1: call the traced function on query 0
    std::uint32_t pad = 0;
};

/// host -> HitLab: the request is done, every result written.
struct Reply {
    std::uint32_t count = 0;
    std::uint32_t pad = 0;
};

} // namespace hitlab::plugin
