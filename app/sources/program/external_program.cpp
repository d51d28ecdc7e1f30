// Running an external program: fork/exec with pipes, poll-driven pipelining, and containment of
// crashes, bad lines and hangs (kill the process group, reap, restart).
#include "external_program.h"

#include "app/sources/interface/child_process.h"

#include "core/io/protocol.h"
#include "core/io/protocol_detail.h"
#include "core/text.h"

#include <algorithm>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace hitlab {

namespace {

using Clock = std::chrono::steady_clock;

/// Queries written ahead of the answer being waited for: enough to keep a fast program busy,
/// bounded so that a long Evaluate does not build all its lines at once.
constexpr std::size_t kWindow = 512;

/// A write to a program that closed its stdin must give EPIPE, not kill HitLab.
void IgnoreSigpipe()
{
    struct sigaction current {};
    if (sigaction(SIGPIPE, nullptr, &current) == 0 && current.sa_handler == SIG_DFL) {
        struct sigaction ignore {};
        ignore.sa_handler = SIG_IGN;
        sigemptyset(&ignore.sa_mask);
        sigaction(SIGPIPE, &ignore, nullptr);
    }
}

} // namespace

ExternalProgram::ExternalProgram(std::string command, std::chrono::milliseconds timeout, std::vector<TakenName> taken)
    : m_command(std::move(command)), m_timeout(timeout), m_startTimeout(std::max(timeout, kExternalTimeout)),
      m_taken(std::move(taken))
{
}

ExternalProgram::~ExternalProgram() { Stop(); }

std::string ExternalProgram::Spawn()
{
    IgnoreSigpipe();
    int toChild[2] = {-1, -1};
    int fromChild[2] = {-1, -1};
    if (pipe2(toChild, O_CLOEXEC) != 0 || pipe2(fromChild, O_CLOEXEC) != 0) {
        const std::string error = std::string("could not create pipes: ") + std::strerror(errno);
        CloseFd(toChild[0]), CloseFd(toChild[1]), CloseFd(fromChild[0]), CloseFd(fromChild[1]);
        return error;
    }
    const char* command = m_command.c_str();
    const pid_t pid = fork();
    if (pid == 0) {
        // child: only async-signal-safe calls until exec. Its own process group, so that a kill
        // reaches what the shell started too.
        setpgid(0, 0);
        dup2(toChild[0], STDIN_FILENO);
        dup2(fromChild[1], STDOUT_FILENO);
        execl("/bin/sh", "sh", "-c", command, static_cast<char*>(nullptr));
        _exit(127);
    }
    CloseFd(toChild[0]);
    CloseFd(fromChild[1]);
    if (pid < 0) {
        const std::string error = std::string("could not fork: ") + std::strerror(errno);
        CloseFd(toChild[1]), CloseFd(fromChild[0]);
        return error;
    }
    setpgid(pid, pid); // also in the parent: no window in which a kill of the group misses it
    m_pid = pid;
    m_toChild = toChild[1];
    m_fromChild = fromChild[0];
    fcntl(m_toChild, F_SETFL, fcntl(m_toChild, F_GETFL) | O_NONBLOCK);
    fcntl(m_fromChild, F_SETFL, fcntl(m_fromChild, F_GETFL) | O_NONBLOCK);
    m_input.clear();
    m_inputRead = 0;
    m_output.clear();
    m_outputSent = 0;
    return "";
}

void ExternalProgram::Stop()
{
    CloseFd(m_toChild);
    CloseFd(m_fromChild);
    KillAndReap(m_pid);
    m_input.clear();
    m_inputRead = 0;
    m_output.clear();
    m_outputSent = 0;
}

std::string ExternalProgram::Reap()
{
    CloseFd(m_toChild);
    CloseFd(m_fromChild);
    // stdout closed: the program is exiting; give it a moment before killing it
    int status = 0;
    for (int i = 0; i < 200; ++i) {
        const pid_t done = waitpid(m_pid, &status, WNOHANG);
        if (done == m_pid) {
            kill(-m_pid, SIGKILL); // whatever it left behind in its group
            m_pid = -1;
            return WaitStatusText(status);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    Stop();
    return "closed its output without exiting (killed)";
}

ExternalStatus ExternalProgram::NextLine(Clock::time_point deadline, std::string& line, std::string& message)
{
    char buffer[65536];
    for (;;) {
        if (const std::size_t end = m_input.find('\n', m_inputRead); end != std::string::npos) {
            line.assign(m_input, m_inputRead, end - m_inputRead);
            m_inputRead = end + 1;
            if (m_inputRead * 2 >= m_input.size()) { // drop what was read, not once per line
                m_input.erase(0, m_inputRead);
                m_inputRead = 0;
            }
            if (!line.empty() && line.back() == '\r') {
                line.pop_back();
            }
            if (line.size() > kMaxLineBytes) { // however it arrived, in pieces or at once
                message = "line longer than " + std::to_string(kMaxLineBytes) + " bytes";
                return ExternalStatus::BadAnswer;
            }
            return ExternalStatus::Answered;
        }
        if (m_input.size() - m_inputRead > kMaxLineBytes) {
            message = "line longer than " + std::to_string(kMaxLineBytes) + " bytes";
            return ExternalStatus::BadAnswer;
        }
        if (Clock::now() >= deadline) {
            message = "no answer within " + SecondsText(m_timeout);
            return ExternalStatus::TimedOut;
        }
        if (Stopped()) { // the caller's stop time or cancel, not the program's fault
            message = NotRunAnswer().message;
            return ExternalStatus::NotRun;
        }
        const bool writing = m_toChild >= 0 && m_outputSent < m_output.size();
        pollfd fds[2] = {{m_fromChild, POLLIN, 0}, {writing ? m_toChild : -1, POLLOUT, 0}};
        if (poll(fds, 2, int(WaitSlice(deadline).count())) < 0 && errno != EINTR) {
            message = std::string("poll failed: ") + std::strerror(errno);
            return ExternalStatus::Crashed;
        }
        if (writing && fds[1].revents != 0) {
            const ssize_t n = write(m_toChild, m_output.data() + m_outputSent, m_output.size() - m_outputSent);
            if (n > 0) {
                m_outputSent += std::size_t(n);
            } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
                CloseFd(m_toChild); // EPIPE: it closed its stdin; its answers (or exit) will tell
            }
        }
        if (fds[0].revents != 0) {
            const ssize_t n = read(m_fromChild, buffer, sizeof buffer);
            if (n > 0) {
                m_input.append(buffer, std::size_t(n));
            } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
                message = Reap();
                return ExternalStatus::Crashed;
            }
        }
    }
}

std::string ExternalProgram::ReadMetadata(bool check)
{
    std::string line, message;
    const ExternalStatus status = NextLine(Clock::now() + m_startTimeout, line, message);
    if (status == ExternalStatus::TimedOut) {
        message = "no line within " + SecondsText(m_startTimeout);
    }
    if (status != ExternalStatus::Answered) {
        return "'" + m_command + "' " + (status == ExternalStatus::TimedOut ? "wrote no metadata line: " : "") +
               message + (status == ExternalStatus::Crashed ? " before its metadata line" : "");
    }
    MetadataParse parsed = ParseExternalMetadata(line, m_command, m_taken);
    if (!parsed.Ok()) {
        return parsed.error;
    }
    if (check) { // a restart keeps m_algorithms as they are: callers hold references into them
        return parsed.algorithms == m_algorithms ? ""
                                                 : "metadata line of '" + m_command + "' changed when it was restarted";
    }
    m_algorithms = std::move(parsed.algorithms);
    return "";
}

std::size_t ExternalProgram::EvaluateRun(std::span<const ExternalQuery> queries, std::size_t from,
                                         std::vector<ExternalAnswer>& out)
{
    const std::int64_t firstId = m_nextId;
    m_nextId += std::int64_t(queries.size() - from);
    std::size_t written = from;
    for (std::size_t k = from; k < queries.size(); ++k) {
        // keep up to kWindow lines ahead; drop what was sent
        if (m_outputSent > 0 && m_outputSent * 2 >= m_output.size()) {
            m_output.erase(0, m_outputSent);
            m_outputSent = 0;
        }
        for (; written < queries.size() && written < k + kWindow; ++written) {
            m_output += QueryLine(queries[written], firstId + std::int64_t(written - from));
            m_output += '\n';
        }
        std::string line, message;
        const ExternalStatus status = NextLine(Clock::now() + m_timeout, line, message);
        if (status == ExternalStatus::NotRun) { // the caller's stop time or cancel, not a hang
            Stop();
            for (; k < queries.size(); ++k) {
                out[k] = NotRunAnswer();
            }
            return queries.size();
        }
        out[k] = status == ExternalStatus::Answered
                     ? ParseAnswerLine(line, firstId + std::int64_t(k - from), queries[k], m_algorithms)
                     : ExternalAnswer{status, message, {}};
        if (out[k].status != ExternalStatus::Answered && out[k].status != ExternalStatus::Error) {
            Stop();
            return k + 1;
        }
    }
    return queries.size();
}

std::vector<ExternalAnswer> ExternalProgram::Evaluate(std::span<const ExternalQuery> queries)
{
    std::vector<ExternalAnswer> out(queries.size());
    std::size_t next = 0;
    while (next < queries.size()) {
        if (!Running()) {
            std::string error = "stopped"; // nothing is begun after the stop time
            if (!Stopped()) {
                ++m_restarts;
                error = Spawn();
                error = error.empty() ? ReadMetadata(true) : error;
            }
            if (!error.empty()) {
                Stop();
                const bool stopped = Stopped(); // a restart cut by the stop time is no crash
                for (; next < queries.size(); ++next) {
                    out[next] = stopped ? NotRunAnswer()
                                        : ExternalAnswer{ExternalStatus::Crashed, "could not restart: " + error, {}};
                }
                break;
            }
        }
        next = EvaluateRun(queries, next, out);
    }
    return out;
}

} // namespace hitlab
