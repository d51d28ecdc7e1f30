// An external algorithm program (docs/plugins.md, `--external 'COMMAND'`): started with
// `/bin/sh -c COMMAND`, its metadata line checked, then queries written to its stdin and answers
// read from its stdout, pipelined. A crash, a bad line or a timeout fails that query only: the
// program is restarted for the next one. POSIX only.
#pragma once

#include "app/sources/interface/algorithm_source.h"

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace hitlab {

/// One running external program. Not copyable; the destructor kills the program and reaps it.
class ExternalProgram : public ProcessSource {
public:
    /// Remembers the command; nothing runs until Start.
    explicit ExternalProgram(std::string command, std::chrono::milliseconds timeout = kExternalTimeout,
                             std::vector<TakenName> taken = {});
    ~ExternalProgram() override;
    ExternalProgram(const ExternalProgram&) = delete;
    ExternalProgram& operator=(const ExternalProgram&) = delete;

    /// The time the program has to write its metadata line, at Start and at each restart: by
    /// default the larger of the answer timeout and kExternalTimeout, since an interpreter's start
    /// (Python: about 0.1 s, more under load) is no answer to time.
    void SetStartTimeout(std::chrono::milliseconds timeout) { m_startTimeout = timeout; }

    // Start (ProcessSource) starts the program and reads its metadata line (ParseExternalMetadata
    // with the names taken at construction); it refuses when the program could not be started,
    // exited or timed out before the line, or the line was refused.
    const std::string& Command() const override { return m_command; }
    const char* Kind() const override { return "command"; }
    /// Whether the program is running (started and not failed since).
    bool Running() const { return m_pid > 0; }
    /// How many times the program was restarted after a failed query.
    int Restarts() const { return m_restarts; }

    /// Answers every query, out[i] for queries[i]. Writes query lines while reading answers (poll),
    /// so any number can be in flight. Each answer has the timeout, counted from the previous answer
    /// (or the start). A query the program fails (crash, bad line, timeout) gets that status; the
    /// program is then killed, restarted (its metadata line must be the same) and given the queries
    /// after it. When it cannot be restarted, the remaining queries are Crashed with the reason.
    /// With a stop time (SetStopTime) no wait outlasts it: the queries it cuts are NotRun.
    /// Precondition: Start succeeded; each query's algorithms are among Algorithms() for its family.
    std::vector<ExternalAnswer> Evaluate(std::span<const ExternalQuery> queries) override;

    /// Kills the program (SIGKILL to its process group) and reaps it. Safe to call twice.
    void Stop() override;

private:
    /// Forks /bin/sh -c command with pipes; "" or the error.
    std::string Spawn() override;
    /// Reads the metadata line into algorithms (or compares it with m_algorithms when check).
    std::string ReadMetadata(bool check) override;
    /// Waits until a whole line is in m_input (up to the deadline), sending m_output meanwhile.
    /// Returns Answered with the line, or Crashed / TimedOut with the message.
    ExternalStatus NextLine(std::chrono::steady_clock::time_point deadline, std::string& line, std::string& message);
    /// The crash message after stdout closed: "exited with status 3", "killed by signal 6 (Aborted)",
    /// or for a status the shell gives a child it did not exec, "exited with status 134 (signal 6,
    /// Aborted, as the shell reports it)".
    std::string Reap();
    /// Evaluates queries[from...] until one fails; returns the index after the last one handled.
    std::size_t EvaluateRun(std::span<const ExternalQuery> queries, std::size_t from, std::vector<ExternalAnswer>& out);

    std::string m_command;
    std::chrono::milliseconds m_timeout;
    std::chrono::milliseconds m_startTimeout;
    std::vector<TakenName> m_taken;
    pid_t m_pid = -1;
    int m_toChild = -1;
    int m_fromChild = -1;
    std::string m_input;          ///< bytes read; those before m_inputRead are consumed
    std::size_t m_inputRead = 0;  ///< of m_input
    std::string m_output;         ///< bytes to write
    std::size_t m_outputSent = 0; ///< of m_output
    std::int64_t m_nextId = 1;    ///< ids are unique over restarts, so a stale answer is caught
    int m_restarts = 0;
};

} // namespace hitlab
