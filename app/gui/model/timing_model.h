// The Timing panel as data: core/timing.h's TimeQueries on a worker thread, cancellable, with
// its progress, and the report it leaves (tied to the evaluation it measured). GL-free.
#pragma once

#include "core/timing.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hitlab {

/// What a finished (or cancelled) measurement left.
struct TimingReport {
    std::vector<FamilyTiming> families; ///< protocol order; cut short when cancelled
    TimingOptions options;
    std::size_t queries = 0;      ///< the scene's queries measured
    std::uint64_t generation = 0; ///< the caller's tag of the scene's state (the evaluator's generation)
    double seconds = 0;           ///< wall time of the measurement
    bool cancelled = false;
};

/// One measurement at a time on a worker thread. Destroying it cancels and joins.
class TimingSession {
public:
    TimingSession();
    ~TimingSession();
    TimingSession(const TimingSession&) = delete;
    TimingSession& operator=(const TimingSession&) = delete;

    /// Starts timing `queries` (cancelling and dropping a running measurement and the last
    /// report). Returns "" or why nothing started (no queries, rounds or workload below 1).
    std::string Start(std::vector<Query> queries, const TimingOptions& options, std::uint64_t generation);
    bool Running() const { return m_job != nullptr; }
    /// Takes the report once the measurement finished (with wait: blocks until it has). True
    /// when a report was taken by this call.
    bool Poll(bool wait = false);
    void Cancel();
    /// Fraction done of the running measurement, 0..1 (1 when none runs).
    double Progress() const;
    const std::optional<TimingReport>& Report() const { return m_report; }

private:
    struct Job;
    std::unique_ptr<Job> m_job;
    std::optional<TimingReport> m_report;
};

/// Each algorithm's median as a fraction of the family's slowest median (0..1; all 0 when none
/// took time), registry order.
std::vector<double> MedianBars(const FamilyTiming& family);

} // namespace hitlab
