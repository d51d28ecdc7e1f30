// The hunt's threads: the worker pool every hunt shares (kept between runs) and HuntJob, a hunt
// on a thread of its own for a panel.
#include "hunt_detail.h"

#include "core/worker_pool.h"

#include <mutex>
#include <thread>

namespace hitlab {

namespace {

/// The pool the hunts share and the lock that gives it to one hunt at a time. Never destroyed:
/// its idle workers end with the process, so that no exit-time join waits on them.
struct SharedPool {
    std::mutex busy;
    WorkerPool pool;
};

SharedPool& Shared()
{
    static SharedPool* const shared = new SharedPool;
    return *shared;
}

} // namespace

void hunt::RunLanes(std::size_t lanes, const std::function<void(std::size_t)>& work)
{
    // the shared workers when free (a repeated hunt starts no threads); a second hunt running at
    // the same time (two panels, a test beside a job) starts its own for this run
    SharedPool& shared = Shared();
    if (std::unique_lock lock(shared.busy, std::try_to_lock); lock) {
        shared.pool.Run(lanes, work);
        return;
    }
    WorkerPool own;
    own.Run(lanes, work);
}

std::size_t HuntPoolWorkers()
{
    SharedPool& shared = Shared();
    const std::lock_guard lock(shared.busy);
    return shared.pool.Workers();
}

struct HuntJob::State {
    HuntOptions options;
    std::atomic<bool> cancel{false};
    std::atomic<bool> finished{false};
    mutable std::mutex mutex;
    HuntProgress progress;
    HuntReport report;
    std::thread thread;
};

HuntJob::HuntJob(HuntOptions options) : m_state(std::make_unique<State>())
{
    m_state->options = std::move(options);
    State* s = m_state.get();
    s->thread = std::thread([s] {
        HuntReport r = RunHunt(s->options, &s->cancel, [s](const HuntProgress& p) {
            const std::lock_guard lock(s->mutex);
            s->progress = p;
        });
        {
            const std::lock_guard lock(s->mutex);
            s->progress = r.progress;
            s->report = std::move(r);
        }
        s->finished = true;
    });
}

HuntJob::~HuntJob()
{
    if (m_state && m_state->thread.joinable()) {
        m_state->cancel = true;
        m_state->thread.join();
    }
}

HuntProgress HuntJob::Progress() const
{
    const std::lock_guard lock(m_state->mutex);
    return m_state->progress;
}

void HuntJob::Cancel() { m_state->cancel = true; }

bool HuntJob::Finished() const { return m_state->finished; }

HuntReport HuntJob::Take()
{
    if (m_state->thread.joinable()) {
        m_state->thread.join();
    }
    const std::lock_guard lock(m_state->mutex);
    return std::move(m_state->report);
}

} // namespace hitlab
