// A small pool of persistent worker threads: one job at a time, run by the calling thread and as
// many workers as asked, so that a repeated parallel loop does not start threads each time.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace hitlab {

class WorkerPool {
public:
    WorkerPool() = default;
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;
    ~WorkerPool();

    /// Calls work(thread) for thread in [0, threads) concurrently, the calling thread being
    /// thread 0, and returns when every call has returned. Starts the workers it lacks (they stay
    /// for the next job). threads <= 1 calls work(0) on the calling thread alone.
    void Run(size_t threads, const std::function<void(size_t)>& work);

    /// Workers started so far (the calling thread not counted).
    size_t Workers() const { return m_threads.size(); }

private:
    /// The life of worker `thread`: runs each job after `seen` that includes it, until stopped.
    void Loop(size_t thread, std::uint64_t seen);

    std::mutex m_mutex;
    std::condition_variable m_wake;     ///< a new job, or stop
    std::condition_variable m_done;     ///< the last worker of a job finished
    std::vector<std::thread> m_threads; ///< m_threads[i] is thread i + 1
    const std::function<void(size_t)>* m_work = nullptr;
    size_t m_active = 0;  ///< threads of the current job (the caller included)
    size_t m_pending = 0; ///< workers of the current job still running
    std::uint64_t m_job = 0;
    bool m_stop = false;
};

} // namespace hitlab
