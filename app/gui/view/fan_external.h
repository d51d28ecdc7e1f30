// The ray fans' external algorithms: each fan FanCache computed with the built-in algorithms is
// asked again of the external programs' and plugins' algorithms of its family, on a worker
// thread (never in the frame): every ray of the fan in one AlgorithmSource::Run call per algorithm (a
// plugin's batches, a program's pipelined lines), their answers joined to the fan as further
// algorithms (AddFanAlgorithm, FanCache::Join) when they arrive. GL-free.
#pragma once

#include "app/sources/external_runs.h"
#include "core/fan_cache.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <thread>
#include <vector>

namespace hitlab {

class FanExternal {
public:
    FanExternal() = default;
    ~FanExternal();
    FanExternal(const FanExternal&) = delete;
    FanExternal& operator=(const FanExternal&) = delete;

    /// The programs (commands, run with /bin/sh -c) and plugin files whose algorithms join the
    /// fans. A change is applied by the next Update when the worker is idle: the cache then forgets
    /// its fans (they point into the old sources' algorithms), so they are computed and asked again.
    void SetSources(const std::vector<std::string>& commands, const std::vector<std::string>& plugins,
                    std::chrono::milliseconds timeout);
    bool Empty() const { return m_commands.empty() && m_plugins.empty(); }

    /// Once a frame, after the cache's Update: joins a finished round's answers into the cache;
    /// when the worker is idle, asks about every fan computed since it was last joined. wait:
    /// finish all that now (the last frame of a --frames run, `hitlab render`). Returns true when
    /// a fan was joined.
    bool Update(FanCache& cache, bool wait = false);
    /// Whether a fan's external answers are still to come (asked or to be asked).
    bool Pending(const FanCache::Entry& entry) const;
    /// "" or why the programs and plugins could not start (they are then not asked again until
    /// the sources change).
    const std::string& Error() const { return m_error; }
    /// A fan's rays whose external query failed at the last join (counted as misses), and the
    /// first failure: "misbehave_c: crashed: killed by signal 11 (Segmentation fault)".
    std::pair<std::size_t, std::string> Failures(FanId id) const;

private:
    struct Job {
        FanId id = 0;
        std::uint64_t revision = 0;
        RayFan fan;
        FanInputs inputs;
        std::size_t added = 0, failed = 0;
        std::string failure;
    };
    void Work();
    void Publish(FanCache& cache);
    void Join();

    std::vector<std::string> m_commands, m_plugins;         ///< the sources in use (the worker's)
    std::vector<std::string> m_wantCommands, m_wantPlugins; ///< SetSources' wish
    std::chrono::milliseconds m_timeout{5000}, m_wantTimeout{5000};
    bool m_changed = false;
    bool m_start = false; ///< (re)start the sources on the next round
    ExternalRuns m_runs;
    std::string m_error;     ///< the last round's start error (read by the frame)
    std::string m_workError; ///< the worker's
    std::vector<Job> m_jobs;
    std::thread m_worker;
    std::atomic<bool> m_done{false};
    bool m_busy = false;
    std::map<FanId, std::uint64_t> m_joined; ///< the cache revision each fan was last joined at
    std::map<FanId, std::pair<std::size_t, std::string>> m_failures;
};

} // namespace hitlab
