// What the commands need of a source of external algorithms (docs/plugins.md): an external
// program (ExternalProgram, the line protocol) or a plugin run in its host process
// (PluginProgram, the C ABI). Both declare their algorithms with the protocol's metadata and
// answer queries one ExternalAnswer each, a failure (crash, bad answer, timeout) contained to
// the query it happened on.
#pragma once

#include "external_answer.h"
#include "external_metadata.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <span>
#include <string>
#include <vector>

namespace hitlab {

class AlgorithmSource {
public:
    virtual ~AlgorithmSource() = default;

    /// Starts it and reads its metadata; "" or why it was refused.
    virtual std::string Start() = 0;
    /// Its algorithms (empty before a successful Start); stable across restarts.
    virtual const std::vector<ExternalAlgorithm>& Algorithms() const = 0;
    /// The command of a program, or the file of a plugin, as the user gave it.
    virtual const std::string& Command() const = 0;
    /// The key under which JSON output names Command(): "command" or "plugin".
    virtual const char* Kind() const = 0;
    /// Answers every query, out[i] for queries[i] (ExternalProgram::Evaluate's contract). A query
    /// with trace asks for the algorithms' trace steps and verdicts: a program's sent with its
    /// answer (checked as the rest of it), a plugin's from its traced functions; an algorithm
    /// that gives none has an empty trace and verdict.
    virtual std::vector<ExternalAnswer> Evaluate(std::span<const ExternalQuery> queries) = 0;

    /// A time after which nothing is begun and nothing is waited for (the hunt's time limit plus
    /// one answer timeout): a query not answered by then is ExternalStatus::NotRun, and so are
    /// the queries after it; the program (or host) is stopped when one was in flight, and not
    /// restarted after it. By default none (time_point::max()).
    void SetStopTime(std::chrono::steady_clock::time_point stop) { m_stop = stop; }
    std::chrono::steady_clock::time_point StopTime() const { return m_stop; }
    /// A flag (may be null; another thread may set it) that stops as the stop time does: a wait
    /// looks at it at least every kCancelSlice. It must outlive the calls it is set for.
    void SetCancel(const std::atomic<bool>* cancel) { m_cancel = cancel; }

protected:
    /// How often a wait looks at the cancel flag.
    static constexpr std::chrono::milliseconds kCancelSlice{50};
    /// Whether the stop time has come or the cancel flag is set.
    bool Stopped() const
    {
        return std::chrono::steady_clock::now() >= m_stop || (m_cancel != nullptr && m_cancel->load());
    }
    /// The longest a wait may block until deadline before it looks at Stopped() again: until
    /// deadline or the stop time, at most kCancelSlice with a cancel flag; at least 1 ms.
    std::chrono::milliseconds WaitSlice(std::chrono::steady_clock::time_point deadline) const
    {
        auto left =
            std::chrono::ceil<std::chrono::milliseconds>(std::min(deadline, m_stop) - std::chrono::steady_clock::now());
        if (m_cancel != nullptr) {
            left = std::min(left, kCancelSlice);
        }
        return std::max(left, std::chrono::milliseconds(1));
    }

private:
    std::chrono::steady_clock::time_point m_stop = std::chrono::steady_clock::time_point::max();
    const std::atomic<bool>* m_cancel = nullptr;
};

} // namespace hitlab
