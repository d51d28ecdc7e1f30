// The window's external programs and plugins (`hitlab --external 'COMMAND' --plugin FILE`,
// docs/gui.md): their algorithms asked every query of the scene on a worker thread whenever the
// evaluation changes, so a slow or hung program (its timeout, then a restart) never holds up a
// frame; the last answers stay shown until the new ones arrive. GL-free.
#pragma once

#include "app/plugin/external_runs.h"
#include "core/scene_eval.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

namespace hitlab {

/// One program or plugin as the Algorithms panel lists it.
struct ExternalSourceView {
    std::string name;                             ///< the command, or the plugin's file name
    const char* kind = "command";                 ///< "command" or "plugin"
    std::vector<const AlgorithmInfo*> algorithms; ///< its algorithms' views
};

class ExternalSession {
public:
    ExternalSession() = default;
    ~ExternalSession();
    ExternalSession(const ExternalSession&) = delete;
    ExternalSession& operator=(const ExternalSession&) = delete;

    /// Starts the programs, then the plugins (StartExternalPrograms). Returns "" or why one was
    /// refused (none then runs).
    std::string Start(const std::vector<std::string>& commands, const std::vector<std::string>& plugins,
                      std::chrono::milliseconds timeout);
    bool Empty() const { return m_runs.programs.empty(); }

    /// Once a frame: publishes finished answers; when the evaluation changed since the last ask
    /// and no ask is running, asks every program again on a copy of the scene. wait: finish the
    /// asks now (the last frame of a --frames run). Returns true when new answers were published.
    bool Update(const Scene& scene, const SceneEvaluator& evaluation, bool wait = false);
    /// Whether an ask is running on the worker.
    bool Busy() const { return m_busy; }
    /// Increases each time answers are published (the Results table rebuilds then).
    std::uint64_t Generation() const { return m_generation; }

    /// The published answers to a query (empty when it was not asked, or none of its family).
    std::span<const ExternalOutcome> Outcomes(const SceneQuery& query) const;
    /// The external algorithms of a family, in the order of the programs and their metadata.
    std::vector<const AlgorithmInfo*> Columns(Family family) const;
    /// The programs and plugins, in start order.
    std::vector<ExternalSourceView> Sources() const;

private:
    void Join();

    ExternalRuns m_runs;
    std::thread m_worker;
    std::atomic<bool> m_done{false};
    bool m_busy = false;
    bool m_asked = false;
    std::uint64_t m_askedEvaluation = 0;
    std::uint64_t m_generation = 0;
    Scene m_scene;                                       ///< the copy the worker asks about
    std::vector<SceneQuery> m_queries;                   ///< the queries the worker asks
    std::vector<std::vector<ExternalOutcome>> m_answers; ///< published, parallel to m_index's values
    std::map<std::tuple<int, ShapeId, ShapeId>, std::size_t> m_index;
};

} // namespace hitlab
