// The Timing panel's measurement on a worker thread.
#include "timing_model.h"

#include <algorithm>
#include <chrono>
#include <thread>

namespace hitlab {

struct TimingSession::Job {
    std::vector<Query> queries;
    TimingReport report;
    std::atomic<bool> cancel{false};
    std::atomic<bool> finished{false};
    std::atomic<double> progress{0.0};
    std::thread thread;
};

TimingSession::TimingSession() = default;

TimingSession::~TimingSession()
{
    if (m_job != nullptr && m_job->thread.joinable()) {
        m_job->cancel = true;
        m_job->thread.join();
    }
}

std::string TimingSession::Start(std::vector<Query> queries, const TimingOptions& options, std::uint64_t generation)
{
    if (queries.empty()) {
        return "the scene has no queries: add a ray and a box, or two solids";
    }
    if (options.rounds < 1 || options.workload < 1) {
        return "rounds and workload must be at least 1";
    }
    if (m_job != nullptr) {
        m_job->cancel = true;
        m_job->thread.join();
        m_job.reset();
    }
    m_report.reset();
    m_job = std::make_unique<Job>();
    Job* job = m_job.get();
    job->queries = std::move(queries);
    job->report.options = options;
    job->report.queries = job->queries.size();
    job->report.generation = generation;
    job->thread = std::thread([job] {
        const auto t0 = std::chrono::steady_clock::now();
        job->report.families = TimeQueries(job->queries, job->report.options, &job->cancel,
                                           [job](double fraction) { job->progress = fraction; });
        job->report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        job->report.cancelled = job->cancel.load();
        job->finished = true;
    });
    return "";
}

bool TimingSession::Poll(bool wait)
{
    if (m_job == nullptr || (!wait && !m_job->finished)) {
        return false;
    }
    m_job->thread.join();
    m_report = std::move(m_job->report);
    m_job.reset();
    return true;
}

void TimingSession::Cancel()
{
    if (m_job != nullptr) {
        m_job->cancel = true;
    }
}

double TimingSession::Progress() const { return m_job != nullptr ? std::clamp(m_job->progress.load(), 0.0, 1.0) : 1.0; }

std::vector<double> MedianBars(const FamilyTiming& family)
{
    double slowest = 0;
    for (const AlgorithmTiming& t : family.algorithms) {
        slowest = std::max(slowest, t.medianNs);
    }
    std::vector<double> bars;
    for (const AlgorithmTiming& t : family.algorithms) {
        bars.push_back(slowest > 0 ? t.medianNs / slowest : 0.0);
    }
    return bars;
}

} // namespace hitlab
