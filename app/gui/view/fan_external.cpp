// The ray fans' external algorithms, asked on a worker thread.
#include "fan_external.h"

namespace hitlab {

FanExternal::~FanExternal() { Join(); }

void FanExternal::Join()
{
    if (m_worker.joinable()) {
        m_worker.join();
    }
    m_busy = false;
}

void FanExternal::SetSources(const std::vector<std::string>& commands, const std::vector<std::string>& plugins,
                             std::chrono::milliseconds timeout)
{
    if (commands != m_wantCommands || plugins != m_wantPlugins || timeout != m_wantTimeout) {
        m_wantCommands = commands;
        m_wantPlugins = plugins;
        m_wantTimeout = timeout;
        m_changed = true;
    }
}

void FanExternal::Work()
{
    if (m_start) {
        m_runs = ExternalRuns{};
        m_workError = StartExternalPrograms(SourceSpecs(m_commands, m_plugins), m_timeout, m_runs);
        if (!m_workError.empty()) {
            m_runs = ExternalRuns{};
        }
        m_start = false;
    }
    for (Job& job : m_jobs) {
        const std::vector<Query> queries = FanQueries(job.fan, job.inputs.origin, job.inputs.target);
        std::vector<Result> results(queries.size());
        for (std::size_t p = 0; p < m_runs.programs.size(); ++p) {
            AlgorithmSource& source = *m_runs.programs[p];
            for (std::size_t k = 0; k < source.Algorithms().size(); ++k) {
                const AlgorithmInfo& info = *m_runs.viewsOf[p][k];
                if (info.family != job.fan.family || !source.Has(k, job.inputs.precision)) {
                    continue;
                }
                const std::vector<SourceFailure> failures = source.Run(k, job.inputs.precision, queries, results);
                if (!failures.empty() && job.failure.empty()) {
                    job.failure = std::string(info.name) + ": " + ExternalStatusName(failures[0].status) + ": " +
                                  failures[0].message;
                }
                job.failed += failures.size();
                job.added += AddFanAlgorithm(job.fan, info, results) ? 1 : 0;
            }
        }
    }
    m_done = true;
}

void FanExternal::Publish(FanCache& cache)
{
    m_error = m_workError;
    for (Job& job : m_jobs) {
        m_failures[job.id] = {job.failed, job.failure};
        if (job.added == 0) { // nothing of its family: the fan stays as computed
            m_joined[job.id] = job.revision;
        } else if (const std::uint64_t revision = cache.Join(job.id, job.revision, std::move(job.fan))) {
            m_joined[job.id] = revision;
        }
    }
    m_jobs.clear();
}

bool FanExternal::Update(FanCache& cache, bool wait)
{
    bool joined = false;
    for (;;) {
        if (m_busy && (wait || m_done.load())) {
            Join();
            Publish(cache);
            joined = true;
        }
        if (m_busy) {
            return joined;
        }
        if (m_changed) { // the fans point into the old sources' algorithms: forget both
            cache.Clear();
            m_runs = ExternalRuns{};
            m_joined.clear();
            m_failures.clear();
            m_error.clear();
            m_workError.clear();
            m_commands = m_wantCommands;
            m_plugins = m_wantPlugins;
            m_timeout = m_wantTimeout;
            m_start = !Empty();
            m_changed = false;
            return joined; // the cache computes the fans again in the next frame
        }
        if (Empty() || (!m_error.empty() && !m_start)) {
            return joined;
        }
        for (const FanCache::Entry& e : cache.Entries()) {
            if (e.inputs && e.error.empty() && !e.fan.samples.empty() && Pending(e)) {
                m_jobs.push_back(Job{e.id, e.revision, e.fan, *e.inputs, 0, 0, {}});
            }
        }
        if (m_jobs.empty()) {
            return joined;
        }
        m_busy = true;
        m_done = false;
        m_worker = std::thread([this] { Work(); });
        if (!wait) {
            return joined;
        }
    }
}

bool FanExternal::Pending(const FanCache::Entry& entry) const
{
    if (Empty() || !m_error.empty()) {
        return false;
    }
    const auto joined = m_joined.find(entry.id);
    return joined == m_joined.end() || joined->second != entry.revision;
}

std::pair<std::size_t, std::string> FanExternal::Failures(FanId id) const
{
    const auto found = m_failures.find(id);
    return found != m_failures.end() ? found->second : std::pair<std::size_t, std::string>{};
}

} // namespace hitlab
