// The window's external programs and plugins (`hitlab --external 'COMMAND' --plugin FILE`, the
// External menu; docs/gui.md): each started, asked every query of the scene and restarted on a
// worker thread, so a slow or hung program (its timeout, then a restart) never holds up a frame;
// the last answers stay shown until new ones arrive. A plugin whose file changes on disk is
// reloaded. The list added from the menu is remembered (LoadExternalList). GL-free.
#pragma once

#include "app/paths/data_dir.h"
#include "app/sources/external_runs.h"
#include "core/scene_eval.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

namespace hitlab {

/// A program (its command) or a plugin (its file), as given.
struct ExternalSpec {
    bool plugin = false;
    std::string text; ///< the command or the file
    bool operator==(const ExternalSpec&) const = default;
};

/// The remembered list: one "external COMMAND" or "plugin FILE" a line; a missing file, a blank
/// line or a line of another kind is skipped.
std::vector<ExternalSpec> LoadExternalList(const std::string& file);
/// Writes the list in LoadExternalList's format; false when the file cannot be written.
bool SaveExternalList(const std::string& file, const std::vector<ExternalSpec>& list);

/// A file's modification time and size, the plugin reload's trigger.
struct FileStamp {
    bool exists = false;
    std::filesystem::file_time_type time{};
    std::uintmax_t size = 0;
    bool operator==(const FileStamp&) const = default;
};
/// The stamp of a plugin's file (a bundled engine plugin's name resolved as PluginProgram resolves it).
FileStamp StampOf(const std::string& name);
/// Whether a plugin polled with stamp `before` is reloaded now: it changed and exists (a file
/// being rewritten may vanish for a moment: it is reloaded once it is back).
bool ShouldReload(const FileStamp& before, const FileStamp& now);

/// One program or plugin as the Algorithms panel lists it.
struct ExternalSourceView {
    ExternalSpec spec;
    std::string name;                             ///< the command, or the plugin's file name
    std::string status;                           ///< "starting", "running" or "failed"
    std::string error;                            ///< why it failed ("" otherwise)
    std::vector<const AlgorithmInfo*> algorithms; ///< its algorithms' views
};

/// The name a source is listed under: the command, or the plugin's file name.
std::string ExternalSourceName(const ExternalSpec& spec);

/// One external algorithm's trace of the traced query (a plugin's traced function, or the steps
/// a program sent with its answer): its steps (caption and named values) and verdict in
/// answer.results[0], or the failure.
struct ExternalTraceView {
    const AlgorithmInfo* info = nullptr;
    ExternalAnswer answer;
};

/// Asks source for the traces of query in precision (one query with "trace": true naming all its
/// algorithms of the family, once more after a crash) and adds to out each algorithm that gave
/// steps or a verdict, or, when the query failed, each algorithm with the failure. views: the
/// AlgorithmInfo views parallel to source.Algorithms().
void AskTraces(AlgorithmSource& source, std::span<const AlgorithmInfo* const> views, const Query& query,
               Precision precision, std::vector<ExternalTraceView>& out);

class ExternalSession {
public:
    /// Seconds between polls of the plugins' files.
    static constexpr double kPollSeconds = 0.5;

    ExternalSession() = default;
    ~ExternalSession();
    ExternalSession(const ExternalSession&) = delete;
    ExternalSession& operator=(const ExternalSession&) = delete;

    void SetTimeout(std::chrono::milliseconds timeout) { m_timeout = timeout; }
    std::chrono::milliseconds Timeout() const { return m_timeout; }
    /// The remembered list's file (LoadExternalList): the sources in it are added (remembered);
    /// "" remembers nothing.
    void SetListFile(const std::string& file);
    /// Adds a program or plugin (started with the next ask, when the worker is idle); false when
    /// it is listed already. remember: also write it to the list file.
    bool Add(const ExternalSpec& spec, bool remember = false);
    /// Removes a source (and forgets it), or restarts it (a plugin's file is loaded again), when
    /// the worker is idle.
    void Remove(const ExternalSpec& spec);
    void Reload(const ExternalSpec& spec);
    bool Empty() const { return m_specs.empty(); }
    /// The specs, in the order added (with the changes asked for, applied or not).
    const std::vector<ExternalSpec>& Specs() const { return m_specs; }

    /// Once a frame: publishes finished answers and start results; applies removals and reloads;
    /// every kPollSeconds of `now` reloads the plugins whose file changed; when the evaluation or
    /// the list changed and no ask is running, starts what needs starting and asks every query
    /// again, on a copy of the scene, on the worker. wait: finish all that now (the last frame of
    /// a --frames run). Returns true when new answers were published.
    bool Update(const Scene& scene, const SceneEvaluator& evaluation, double now, bool wait = false);
    /// Whether the worker is busy.
    bool Busy() const { return m_busy; }
    /// Increases each time answers are published or dropped (the Results table rebuilds then).
    std::uint64_t Generation() const { return m_generation; }
    /// How many times a plugin was reloaded because its file changed.
    int HotReloads() const { return m_hotReloads; }

    /// The published answers to a query (empty when it was not asked, or none of its family).
    std::span<const ExternalOutcome> Outcomes(const SceneQuery& query) const;
    /// Asks, with the next ask on the worker, the traces of query in precision from every external
    /// algorithm of its family (AskTraces: a plugin's traced functions, a program's steps sent
    /// with its answer to "trace": true; the Query inspector's focused pair);
    /// nullopt: none. Cheap when unchanged; a change alone asks only the traces.
    void TraceQuery(const std::optional<SceneQuery>& query, Precision precision);
    /// The published traces, when they are of query (else none).
    std::span<const ExternalTraceView> Traces(const SceneQuery& query) const;
    /// The external algorithms of a family, in the order of the sources and their metadata.
    std::vector<const AlgorithmInfo*> Columns(Family family) const;
    /// The programs and plugins, in the order added.
    const std::vector<ExternalSourceView>& Sources() const { return m_views; }

private:
    struct Entry {
        ExternalSpec spec;
        ExternalRuns runs;
        std::string error;
        bool start = true; ///< (re)start on the next ask
        FileStamp stamp;   ///< plugins: the file as last loaded
    };
    void Join();
    void Publish();
    void RefreshViews();
    void DropAnswers();
    /// The worker: starts what needs it, then asks.
    void Work();

    struct Change {
        enum Kind { Adding, Removing, Reloading } kind;
        ExternalSpec spec;
    };
    /// Applies the changes asked for (the worker is idle).
    void ApplyChanges();

    std::vector<std::unique_ptr<Entry>> m_entries; ///< touched by the worker while m_busy
    std::vector<ExternalSpec> m_specs;
    std::vector<ExternalSpec> m_remembered;
    std::string m_listFile;
    std::vector<Change> m_changes;
    std::vector<ExternalSourceView> m_views; ///< read by the panels; rebuilt when the worker is idle
    std::chrono::milliseconds m_timeout{5000};
    std::thread m_worker;
    std::atomic<bool> m_done{false};
    bool m_busy = false;
    bool m_dirty = true; ///< the list changed: ask again even if the evaluation did not
    std::uint64_t m_askedEvaluation = 0;
    std::uint64_t m_generation = 0;
    double m_lastPoll = -1e9;
    int m_hotReloads = 0;
    Scene m_scene;                     ///< the copy the worker asks about
    std::vector<SceneQuery> m_queries; ///< the queries the worker asks
    std::vector<std::vector<ExternalOutcome>> m_answers;
    std::map<std::tuple<int, ShapeId, ShapeId>, std::size_t> m_index;
    /// the traced query: wanted by the inspector, asked of the worker, published
    using Traced = std::optional<std::pair<SceneQuery, Precision>>;
    Traced m_traceWanted, m_traceAsked, m_tracePublished;
    static bool SameTraced(const Traced& x, const Traced& y);
    bool m_askAll = true; ///< the worker asks every query (else only the traces)
    std::vector<ExternalTraceView> m_traceWork, m_traces;
};

/// The plugins the scene names ("plugins", read against scenePath) that `session` has not loaded
/// (MissingScenePlugins against its plugins), for the window's notice. Nothing is loaded.
std::vector<ScenePlugin> UnloadedScenePlugins(const ExternalSession& session, const Scene& scene,
                                              const std::string& scenePath);

} // namespace hitlab
