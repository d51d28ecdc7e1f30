// What the commands and the window need of a source of algorithms from outside HitLab
// (docs/plugins.md, docs/architecture.md "Adding an algorithm source"): one backend per folder
// beside this one, an external program (program/ExternalProgram, the line protocol) or a plugin
// run in its host process (plugin/PluginProgram, the C ABI), made by MakeSource
// (app/sources/source_list.h). Every backend declares its algorithms with the protocol's metadata
// and answers queries one ExternalAnswer each, a failure (crash, bad answer, timeout) contained to
// the query it happened on. Callers use this interface alone, never a backend's type.
#pragma once

#include "external_answer.h"
#include "external_metadata.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace hitlab {

/// Default time a source has for its metadata and for each answer.
inline constexpr std::chrono::milliseconds kExternalTimeout{5000};

/// How one query of a batch went (AlgorithmSource::Run): its index, the failure and its message.
struct SourceFailure {
    std::size_t index = 0;
    ExternalStatus status = ExternalStatus::Crashed;
    std::string message;
};

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

    /// Whether algorithm (an index into Algorithms()) runs in precision: a plugin's algorithm may
    /// have no function for it (run_f or run_d NULL, include/hitlab/plugin.h) and is then not
    /// asked; by default every algorithm runs in both.
    virtual bool Has(std::size_t algorithm, Precision precision) const;
    /// Whether Trace gives algorithm's steps in precision (by default none: a program sends its
    /// trace with its answers, Evaluate with trace).
    virtual bool HasTrace(std::size_t algorithm, Precision precision) const;
    /// Runs algorithm's traced function on one query: its result, steps and verdict in out.
    /// Answered, or the failure. Precondition: HasTrace(algorithm, precision).
    virtual ExternalAnswer Trace(std::size_t algorithm, Precision precision, const Query& query);
    /// Runs algorithm on every query (of its family) in precision: out[i] for queries[i]. Returns
    /// the queries that failed, by index (out[i] is then a miss). By default through Evaluate (a
    /// program gets them pipelined); a plugin runs them in batches. Precondition: out.size() ==
    /// queries.size(); Has(algorithm, precision).
    virtual std::vector<SourceFailure> Run(std::size_t algorithm, Precision precision, std::span<const Query> queries,
                                           std::span<Result> out);

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

/// A source that answers from a child process it starts (a program, or the plugin host running a
/// plugin): one Start for both backends. A source without a process (captured answers) derives from
/// AlgorithmSource directly.
class ProcessSource : public AlgorithmSource {
public:
    /// Stops a process left running, starts one and reads its metadata line (ReadMetadata);
    /// "" or why it was refused, and then nothing runs and no algorithm is listed.
    std::string Start() final;
    /// The algorithms the metadata line declared (empty before a successful Start). Restarts and
    /// Stop keep them (a restart checks the line is the same), so references into them stay valid
    /// until the next Start.
    const std::vector<ExternalAlgorithm>& Algorithms() const final { return m_algorithms; }
    /// Kills the process and reaps it. Safe to call twice.
    virtual void Stop() = 0;

protected:
    /// Starts the process; "" or the error.
    virtual std::string Spawn() = 0;
    /// Reads the metadata line into m_algorithms (or compares it with them when check: a restart).
    virtual std::string ReadMetadata(bool check) = 0;

    std::vector<ExternalAlgorithm> m_algorithms;
};

} // namespace hitlab
