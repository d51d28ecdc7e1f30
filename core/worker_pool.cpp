// WorkerPool: workers sleep on a condition variable between jobs.
#include "worker_pool.h"

namespace hitlab {

WorkerPool::~WorkerPool()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    for (std::thread& thread : m_threads) {
        thread.join();
    }
}

void WorkerPool::Loop(size_t thread, std::uint64_t seen)
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [&] { return m_stop || m_job != seen; });
        if (m_stop) {
            return;
        }
        seen = m_job;
        if (thread >= m_active) {
            continue; // not part of this job
        }
        const std::function<void(size_t)>* work = m_work;
        lock.unlock();
        (*work)(thread);
        lock.lock();
        if (--m_pending == 0) {
            m_done.notify_one();
        }
    }
}

void WorkerPool::Run(size_t threads, const std::function<void(size_t)>& work)
{
    if (threads <= 1) {
        work(0);
        return;
    }
    // workers started before the job is posted (so that a failure to start one leaves no job
    // waiting for it), told the last job so that they take the next
    while (m_threads.size() + 1 < threads) {
        const size_t index = m_threads.size() + 1;
        const std::uint64_t last = m_job; // only this thread changes m_job
        m_threads.emplace_back([this, index, last] { Loop(index, last); });
    }
    {
        const std::lock_guard lock(m_mutex);
        m_work = &work;
        m_active = threads;
        m_pending = threads - 1;
        ++m_job;
    }
    m_wake.notify_all();
    work(0);
    std::unique_lock lock(m_mutex);
    m_done.wait(lock, [&] { return m_pending == 0; });
    m_work = nullptr;
}

} // namespace hitlab
