// A plugin (`--plugin FILE`, include/hitlab/plugin.h) run in HitLab's host process
// hitlab-plugin-host (docs/plugins.md): its metadata read and checked like an external program's,
// then queries sent in batches through shared memory. A crash (signal, abort) or a hang
// (timeout) of the plugin fails only the query it happened on: the host is killed, restarted,
// and the queries after it continue. POSIX (Linux: memfd) only.
#pragma once

#include "app/sources/interface/algorithm_source.h"
#include "plugin_transport.h"

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace hitlab {

namespace plugin {

/// A mesh given to the host (prepare_mesh): its id and, per precision (0 float, 1 double), the
/// host start it was prepared in (-1: not yet) and why it failed there ("" when it did not).
struct SentMesh {
    std::weak_ptr<const MeshData> data; ///< expired: HitLab dropped it, the plugin may release it
    std::uint64_t id = 0;
    int generation[2] = {-1, -1};
    std::string failure[2];
};
using SentMeshes = std::map<const MeshData*, SentMesh>;

} // namespace plugin

/// The host executable: $HITLAB_PLUGIN_HOST when set, else hitlab-plugin-host beside the running
/// executable (/proc/self/exe).
std::string PluginHostPath();

/// One plugin in its host process. Not copyable; the destructor kills the host and reaps it.
class PluginProgram : public ProcessSource {
public:
    /// Remembers the file (a bare name of a bundled engine plugin, `bullet`, resolved by
    /// ResolvePluginPath: app/paths/data_dir.h); nothing runs until Start.
    explicit PluginProgram(std::string file, std::chrono::milliseconds timeout = kExternalTimeout,
                           std::vector<TakenName> taken = {});
    ~PluginProgram() override;
    PluginProgram(const PluginProgram&) = delete;
    PluginProgram& operator=(const PluginProgram&) = delete;

    // Start (ProcessSource) starts the host on the file; it refuses when the host could not start,
    // the file could not be loaded, has no entry function or another ABI version, or its metadata
    // was refused as an external program's would be (ParseExternalMetadata).
    const std::string& Command() const override { return m_file; }
    const char* Kind() const override { return "plugin"; }
    /// Answers every query (grouped per algorithm into batches). A query fails as a whole when
    /// one of its algorithms failed on it; an algorithm without a function for the query's
    /// precision answers Error. A query with trace gets the steps and verdict of each of its
    /// algorithms that has a traced function for its precision (Trace; the others none).
    std::vector<ExternalAnswer> Evaluate(std::span<const ExternalQuery> queries) override;

    /// Whether algorithm (an index into Algorithms()) has a function for precision.
    bool Has(std::size_t algorithm, Precision precision) const override;
    /// Whether it has a traced function for precision.
    bool HasTrace(std::size_t algorithm, Precision precision) const override;

    /// Runs algorithm on every query (of its family) in precision, kCapacity per round trip:
    /// out[i] for queries[i]. Returns the queries that failed, by index (out[i] is then a miss);
    /// those the stop time cut (SetStopTime) are NotRun.
    /// Precondition: Has(algorithm, precision); out.size() == queries.size().
    std::vector<SourceFailure> Run(std::size_t algorithm, Precision precision, std::span<const Query> queries,
                                   std::span<Result> out) override;

    /// Runs algorithm's traced function on one query: its result, steps and verdict in out.
    /// Answered, or the failure. Precondition: HasTrace(algorithm, precision).
    ExternalAnswer Trace(std::size_t algorithm, Precision precision, const Query& query) override;

    bool Running() const { return m_pid > 0; }
    /// How many times the host was restarted after a failed query.
    int Restarts() const { return m_restarts; }
    /// Kills the host (SIGKILL) and reaps it. Safe to call twice.
    void Stop() override;

private:
    std::string Spawn() override;
    std::string ReadMetadata(bool check) override;
    /// Reads one text line from the host (startup), within deadline.
    bool ReadLine(std::chrono::steady_clock::time_point deadline, std::string& line, std::string& error);
    /// Sends a request and waits for its reply; Answered, or Crashed / TimedOut / NotRun (the stop
    /// time came first) with the message (the host is then stopped). done: queries finished (the
    /// progress counter); replyError: the reply's error (a mesh's prepare_mesh code).
    ExternalStatus Roundtrip(const plugin::Request& request, std::uint32_t& done, std::string& message,
                             std::int32_t* replyError = nullptr);
    /// Gives the running host every mesh of queries it does not have yet in precision (0 float,
    /// 1 double), after releasing those HitLab dropped (plugin_meshes.cpp). A mesh the plugin
    /// refused or crashed on keeps its failure. False when the host stopped (restart it).
    bool PrepareMeshes(std::span<const Query> queries, std::uint32_t precision);
    /// Sends one mesh's data in chunks; "" or why it failed (the host may then be stopped).
    std::string SendMesh(const MeshData& mesh, std::uint64_t id, std::uint32_t precision);
    /// Replaces the failures and results of the queries [base, base + batch.size()) whose mesh
    /// failed in precision with that mesh's failure.
    void MeshFailures(std::span<const Query> batch, std::size_t base, std::uint32_t precision, std::span<Result> out,
                      std::vector<SourceFailure>& failures) const;
    std::string Reap();
    /// Restarts a stopped host; "" or why not.
    std::string Restart();
    /// Whether the host is running, reaping it when it ended between round trips (a plugin's
    /// own exit, or a signal from outside); it is then restarted without failing a query.
    bool Alive();

    std::string m_file;
    std::chrono::milliseconds m_timeout;
    std::vector<TakenName> m_taken;
    std::string m_capabilities; ///< the host's second line, "fdt" per algorithm
    int m_shm = -1;
    char* m_region = nullptr;
    pid_t m_pid = -1;
    int m_toHost = -1;
    int m_fromHost = -1;
    std::string m_pending; ///< bytes read past a startup line
    int m_restarts = 0;
    int m_generation = 0; ///< host starts (Spawn): meshes are prepared per start
    plugin::SentMeshes m_meshes;
    std::uint64_t m_nextMeshId = 1; ///< 0 is never a mesh's id
};

} // namespace hitlab
