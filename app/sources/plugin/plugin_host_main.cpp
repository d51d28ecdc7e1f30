// hitlab-plugin-host FILE: the process a plugin (include/hitlab/plugin.h) runs in, so that its
// crash or hang never reaches HitLab (docs/plugins.md, "The host"). Loads FILE, checks its ABI
// version (2 or 3), writes the metadata line (the line protocol's) and a line of capabilities, then serves
// Requests on the shared region (fd 3) until its input closes.
#include "plugin_transport.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <string>
#include <string_view>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using namespace hitlab::plugin;

/// The protocol's pipes, moved away from 0 and 1 so that a plugin's printf cannot corrupt them.
int g_in = -1;
int g_out = -1;

/// Moves all `size` bytes at `p` with `step` (read or write), again after EINTR; false on an
/// error or the end of the pipe.
template <typename Byte, typename Step>
bool Transfer(Byte* p, std::size_t size, Step step)
{
    while (size > 0) {
        const ssize_t n = step(p, size);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return false;
        }
        p += n;
        size -= std::size_t(n);
    }
    return true;
}

bool WriteAll(int fd, const void* data, std::size_t size)
{
    return Transfer(static_cast<const char*>(data), size,
                    [fd](const char* p, std::size_t n) { return write(fd, p, n); });
}

bool ReadAll(int fd, void* data, std::size_t size)
{
    return Transfer(static_cast<char*>(data), size, [fd](char* p, std::size_t n) { return read(fd, p, n); });
}

/// Refuses the plugin: one line "error: TEXT" (PluginProgram shows TEXT), exit status 2.
[[noreturn]] void Refuse(const std::string& text)
{
    const std::string line = "error: " + text + "\n";
    WriteAll(g_out, line.data(), line.size());
    _exit(2);
}

std::string Text(const char* s) { return s == nullptr ? std::string() : std::string(s); }

/// The metadata line: the objects of `hitlab algorithms --json` (ParseExternalMetadata checks them).
std::string MetadataLine(const hitlab_plugin& table)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (std::uint32_t i = 0; i < table.algorithm_count; ++i) {
        const hitlab_algorithm& a = table.algorithms[i];
        const std::string where = "algorithm " + std::to_string(i);
        if (a.name == nullptr || a.family == nullptr || a.returns == nullptr) {
            Refuse(where + ": name, family and returns must not be NULL");
        }
        if (std::string_view(a.family).starts_with("point_")) { // the ABI's shape union has no point
            Refuse(where + " (" + a.name + "): the point families are not offered to plugins");
        }
        if (std::string_view(a.family) == "convex_convex" && table.abi_version < 3) {
            Refuse(where + " (" + a.name + "): convex_convex needs ABI version 3 (its convex shapes)");
        }
        if (a.run_f == nullptr && a.run_d == nullptr) {
            Refuse(where + " (" + a.name + "): has neither run_f nor run_d");
        }
        if (std::string_view(a.family) == "ray_mesh" && ((a.run_f != nullptr && table.prepare_mesh_f == nullptr) ||
                                                         (a.run_d != nullptr && table.prepare_mesh_d == nullptr))) {
            Refuse(where + " (" + a.name +
                   "): a ray_mesh algorithm needs the plugin's prepare_mesh_f (for run_f) "
                   "and prepare_mesh_d (for run_d)");
        }
        nlohmann::ordered_json conventions = nlohmann::ordered_json::object();
        for (std::uint32_t c = 0; c < a.convention_count; ++c) {
            if (a.conventions[c].key == nullptr || a.conventions[c].value == nullptr) {
                Refuse(where + " (" + a.name + "): convention " + std::to_string(c) + " has a NULL key or value");
            }
            conventions[a.conventions[c].key] = a.conventions[c].value;
        }
        nlohmann::ordered_json returns = nlohmann::ordered_json::array();
        const std::string fields = a.returns;
        for (std::size_t p = 0; p < fields.size();) {
            const std::size_t end = std::min(fields.find(' ', p), fields.size());
            if (end > p) {
                returns.push_back(fields.substr(p, end - p));
            }
            p = end + 1;
        }
        nlohmann::ordered_json j = {{"name", a.name},
                                    {"family", a.family},
                                    {"title", Text(a.title)},
                                    {"summary", Text(a.summary)},
                                    {"source", Text(a.source)},
                                    {"reference", false},
                                    {"published", a.published != 0},
                                    {"conventions", conventions},
                                    {"returns", returns}};
        if (a.flaw != nullptr && a.flaw[0] != '\0') {
            j["flaw"] = a.flaw;
        }
        out.push_back(std::move(j));
    }
    return out.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

/// Per algorithm "fdt": f float, d double, t traced (any precision); '-' where it has none.
std::string CapabilityLine(const hitlab_plugin& table)
{
    std::string line;
    for (std::uint32_t i = 0; i < table.algorithm_count; ++i) {
        const hitlab_algorithm& a = table.algorithms[i];
        line += i == 0 ? "" : " ";
        line += a.run_f != nullptr ? 'f' : '-';
        line += a.run_d != nullptr ? 'd' : '-';
        line += a.trace_f != nullptr || a.trace_d != nullptr ? 't' : '-';
    }
    return line;
}

const hitlab_plugin& Load(const char* file)
{
    void* library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        Refuse(std::string("cannot load: ") + dlerror());
    }
    void* entry = dlsym(library, HITLAB_PLUGIN_ENTRY);
    if (entry == nullptr) {
        Refuse("exports no " HITLAB_PLUGIN_ENTRY " (not a HitLab plugin, or built against another ABI version)");
    }
    const hitlab_plugin* table = reinterpret_cast<const hitlab_plugin* (*)()>(entry)();
    if (table == nullptr) {
        Refuse(HITLAB_PLUGIN_ENTRY "() returned NULL");
    }
    if (table->abi_version < HITLAB_PLUGIN_ABI_OLDEST || table->abi_version > HITLAB_PLUGIN_ABI_VERSION) {
        // read nothing past abi_version: an older table is shorter (version 1 had no prepare_mesh)
        Refuse("plugin ABI version " + std::to_string(table->abi_version) + ", this HitLab supports versions " +
               std::to_string(HITLAB_PLUGIN_ABI_OLDEST) + " to " + std::to_string(HITLAB_PLUGIN_ABI_VERSION) +
               (table->abi_version < HITLAB_PLUGIN_ABI_OLDEST
                    ? " (rebuild the plugin against this HitLab's include/hitlab/plugin.h; version 2 added "
                      "triangles and meshes and changed the result struct's layout)"
                    : ""));
    }
    if (table->algorithm_count == 0 || table->algorithms == nullptr) {
        Refuse("declares no algorithm");
    }
    return *table;
}

/// Turns the convex shapes' points of queries [0, count) from byte offsets in the region (as HitLab
/// writes them: plugin_transport.h) into pointers in this process's mapping of it.
template <typename Q, typename T>
void RebaseConvexPoints(char* region, std::uint32_t count)
{
    auto* queries = reinterpret_cast<Q*>(region + kQueriesOffset);
    for (std::uint32_t i = 0; i < count; ++i) {
        for (auto* convex : {&queries[i].a.convex, &queries[i].b.convex}) {
            convex->points = reinterpret_cast<const T*>(region + reinterpret_cast<std::uintptr_t>(convex->points));
        }
    }
}

/// Calls batch on queries [i, i + n): into the region's results, or, for a version 2 plugin (its
/// results are shorter: plugin_transport.h), into a buffer of its stride, copied into them.
template <typename Q, typename R, typename Batch>
void CallBatch(Batch batch, const Q* queries, R* results, std::uint32_t n, std::size_t v2Bytes)
{
    if (v2Bytes == 0) {
        batch(queries, results, n);
        return;
    }
    std::vector<char> v2(std::size_t(n) * v2Bytes, 0);
    batch(queries, reinterpret_cast<R*>(v2.data()), n);
    for (std::uint32_t k = 0; k < n; ++k) {
        std::memcpy(static_cast<void*>(results + k), v2.data() + std::size_t(k) * v2Bytes, v2Bytes);
    }
}

/// Runs one request on the region. v2Bytes: a version 2 plugin's result stride, 0 for version 3.
template <typename Q, typename R, typename Batch, typename Traced>
void Serve(char* region, const Request& request, Batch batch, Traced traced, std::size_t v2Bytes)
{
    auto* header = reinterpret_cast<Header*>(region);
    const auto* queries = reinterpret_cast<const Q*>(region + kQueriesOffset);
    auto* results = reinterpret_cast<R*>(region + kResultsOffset);
    std::memset(static_cast<void*>(results), 0, sizeof(R) * request.count);
    if (request.traced != 0) {
        // one result: a version 2 plugin writes only its fields, the first of version 3's
        auto* steps = reinterpret_cast<hitlab_trace_step*>(region + kTraceOffset);
        hitlab_trace trace{steps, kTraceSteps, 0, {}};
        traced(queries, results, &trace);
        header->traceCount = std::min(trace.count, kTraceSteps);
        trace.verdict[HITLAB_TRACE_VERDICT - 1] = '\0';
        std::memcpy(region + kVerdictOffset, trace.verdict, HITLAB_TRACE_VERDICT);
        header->progress.store(1, std::memory_order_release);
        return;
    }
    const std::uint32_t chunk = std::max<std::uint32_t>(request.chunk, 1);
    for (std::uint32_t i = 0; i < request.count; i += chunk) {
        const std::uint32_t n = std::min(chunk, request.count - i);
        CallBatch(batch, queries + i, results + i, n, v2Bytes);
        header->progress.store(i + n, std::memory_order_release);
    }
}

/// The mesh whose chunks are arriving, and what its last chunk calls.
struct MeshStaging {
    std::vector<char> data;
    std::uint64_t id = 0;
};

/// Takes a chunk of a mesh's data; after the last one calls the plugin's prepare_mesh (its code
/// in the reply's error). A chunk that does not continue the staged mesh starts it again.
std::int32_t TakeMeshChunk(const hitlab_plugin& table, const char* region, const Request& request, MeshStaging& staging)
{
    const std::uint64_t total = MeshBytes(request.precision, request.vertexCount, request.triangleCount);
    if (request.offset == 0 || staging.id != request.meshId || staging.data.size() != total) {
        staging.data.assign(std::size_t(total), 0);
        staging.id = request.meshId;
    }
    if (request.bytes > kMeshChunkBytes || request.offset + request.bytes > total) {
        return -1; // HitLab never sends this
    }
    std::memcpy(staging.data.data() + request.offset, region + kQueriesOffset, std::size_t(request.bytes));
    if (request.offset + request.bytes < total) {
        return 0;
    }
    const char* indices = staging.data.data() + (total - std::uint64_t(request.triangleCount) * 3 * 4);
    std::int32_t code = 0;
    if (request.precision == 0 && table.prepare_mesh_f != nullptr) {
        code = table.prepare_mesh_f(request.meshId, reinterpret_cast<const float*>(staging.data.data()),
                                    request.vertexCount, reinterpret_cast<const std::uint32_t*>(indices),
                                    request.triangleCount);
    } else if (request.precision == 1 && table.prepare_mesh_d != nullptr) {
        code = table.prepare_mesh_d(request.meshId, reinterpret_cast<const double*>(staging.data.data()),
                                    request.vertexCount, reinterpret_cast<const std::uint32_t*>(indices),
                                    request.triangleCount);
    }
    staging.data = {};
    return code;
}

} // namespace

/// Ends the host when HitLab has ended (the host is then another process's child), even while a
/// plugin function hangs: HitLab's pipes close too, but a hanging call never reads them again.
void WatchParent()
{
    const pid_t parent = getppid();
    std::thread([parent] {
        while (getppid() == parent) {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
        _exit(0);
    }).detach();
}

int main(int argc, char** argv)
{
    WatchParent();
    // the protocol's pipes move to private descriptors; the plugin's stdout goes to stderr
    g_in = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 10);
    g_out = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 10);
    if (g_in < 0 || g_out < 0) {
        std::fprintf(stderr, "hitlab-plugin-host: cannot set up its pipes: %s\n", std::strerror(errno));
        return 2;
    }
    dup2(STDERR_FILENO, STDOUT_FILENO);
    if (const int null = open("/dev/null", O_RDONLY | O_CLOEXEC); null >= 0) {
        dup2(null, STDIN_FILENO);
    }
    if (argc != 2) {
        Refuse("usage: hitlab-plugin-host FILE (started by HitLab, with the shared region on fd 3)");
    }
    void* map = mmap(nullptr, kRegionBytes, PROT_READ | PROT_WRITE, MAP_SHARED, kShmFd, 0);
    if (map == MAP_FAILED) {
        Refuse(std::string("cannot map the shared region (fd 3): ") + std::strerror(errno));
    }
    char* region = static_cast<char*>(map);
    const hitlab_plugin& table = Load(argv[1]);
    const std::string lines = MetadataLine(table) + "\n" + CapabilityLine(table) + "\n";
    if (!WriteAll(g_out, lines.data(), lines.size())) {
        return 0;
    }
    Request request;
    MeshStaging staging;
    while (ReadAll(g_in, &request, sizeof request)) {
        if (request.kind != kRunQueries) {
            Reply reply{0, 0};
            if (request.kind == kMeshChunk) {
                reply.error = TakeMeshChunk(table, region, request, staging);
            } else if (table.release_mesh != nullptr) {
                table.release_mesh(request.meshId);
            }
            if (!WriteAll(g_out, &reply, sizeof reply)) {
                return 0;
            }
            continue;
        }
        if (request.algorithm >= table.algorithm_count || request.count > kCapacity) {
            return 3; // HitLab never sends this: a broken pipe or a stale host
        }
        const hitlab_algorithm& a = table.algorithms[request.algorithm];
        auto* header = reinterpret_cast<Header*>(region);
        header->traceCount = 0;
        const bool v2 = table.abi_version == 2;
        const bool convex = std::string_view(a.family) == "convex_convex";
        if (request.precision == 0) {
            if (convex) {
                RebaseConvexPoints<hitlab_query_f, float>(region, request.count);
            }
            Serve<hitlab_query_f, hitlab_result_f>(region, request, a.run_f, a.trace_f, v2 ? kV2ResultBytesF : 0);
        } else {
            if (convex) {
                RebaseConvexPoints<hitlab_query_d, double>(region, request.count);
            }
            Serve<hitlab_query_d, hitlab_result_d>(region, request, a.run_d, a.trace_d, v2 ? kV2ResultBytesD : 0);
        }
        const Reply reply{request.count, 0};
        if (!WriteAll(g_out, &reply, sizeof reply)) {
            return 0;
        }
    }
    return 0;
}
