// Tests of core/worker_pool.h: every thread of a job runs once, the caller being thread 0, for
// jobs that grow and shrink the pool, and the workers are reused.
#include "core/worker_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(WorkerPool, EveryThreadOfEachJobRunsOnceAndTheCallerIsThreadZero)
{
    WorkerPool pool;
    const std::thread::id caller = std::this_thread::get_id();
    for (size_t threads : {4u, 2u, 1u, 3u, 4u, 5u}) {
        SCOPED_TRACE(threads);
        std::vector<std::atomic<int>> runs(8);
        std::atomic<bool> zeroOnCaller{false};
        std::atomic<int> othersOnCaller{0};
        pool.Run(threads, [&](size_t thread) {
            runs[thread].fetch_add(1);
            const bool onCaller = std::this_thread::get_id() == caller;
            if (thread == 0) {
                zeroOnCaller = onCaller;
            } else if (onCaller) {
                othersOnCaller.fetch_add(1);
            }
        });
        for (size_t t = 0; t < runs.size(); ++t) {
            EXPECT_EQ(runs[t].load(), t < threads ? 1 : 0) << "thread " << t;
        }
        EXPECT_TRUE(zeroOnCaller.load());
        EXPECT_EQ(othersOnCaller.load(), 0);
    }
    EXPECT_EQ(pool.Workers(), 4u); // started for the largest job (5 threads), kept
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
