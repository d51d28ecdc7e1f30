// Running a plugin in hitlab-plugin-host: spawning it with the shared region, the startup lines,
// batched round trips with a progress counter, and containment of crashes and hangs.
#include "plugin_program.h"

#include "plugin_abi_convert.h"

#include "app/sources/interface/child_process.h"

#include "app/paths/data_dir.h"
#include "core/io/protocol.h"
#include "core/text.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <poll.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace hitlab {

namespace {

using Clock = std::chrono::steady_clock;
using plugin::Header;
using plugin::kCapacity;
using plugin::kChunk;
using namespace plugin::convert;

} // namespace

std::string PluginHostPath()
{
    if (const char* host = std::getenv("HITLAB_PLUGIN_HOST"); host != nullptr && host[0] != '\0') {
        return host;
    }
    char self[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        return "hitlab-plugin-host";
    }
    std::string path(self, std::size_t(n));
    return path.substr(0, path.rfind('/') + 1) + "hitlab-plugin-host";
}

PluginProgram::PluginProgram(std::string file, std::chrono::milliseconds timeout, std::vector<TakenName> taken)
    : m_file(ResolvePluginPath(file)), m_timeout(timeout), m_taken(std::move(taken))
{
}

PluginProgram::~PluginProgram()
{
    Stop();
    if (m_region != nullptr) {
        munmap(m_region, plugin::kRegionBytes);
    }
    CloseFd(m_shm);
}

std::string PluginProgram::Spawn()
{
    struct sigaction current {};
    if (sigaction(SIGPIPE, nullptr, &current) == 0 && current.sa_handler == SIG_DFL) {
        signal(SIGPIPE, SIG_IGN); // a host that died must give EPIPE, not end HitLab
    }
    if (m_shm < 0) {
        m_shm = memfd_create("hitlab-plugin", MFD_CLOEXEC);
        if (m_shm < 0 || ftruncate(m_shm, off_t(plugin::kRegionBytes)) != 0) {
            return std::string("could not create the shared region: ") + std::strerror(errno);
        }
        void* map = mmap(nullptr, plugin::kRegionBytes, PROT_READ | PROT_WRITE, MAP_SHARED, m_shm, 0);
        if (map == MAP_FAILED) {
            return std::string("could not map the shared region: ") + std::strerror(errno);
        }
        m_region = static_cast<char*>(map);
    }
    ++m_generation; // a new host has none of the meshes
    const std::string host = PluginHostPath();
    if (access(host.c_str(), X_OK) != 0) {
        return "cannot run the plugin host '" + host + "' (" + std::strerror(errno) +
               "; it is installed beside hitlab, or set HITLAB_PLUGIN_HOST)";
    }
    // a file named without a '/' is that file (ResolvePluginPath), which dlopen would look for
    // only in the library path: it loads it as ./FILE
    const std::string load = m_file.find('/') == std::string::npos ? "./" + m_file : m_file;
    int toHost[2] = {-1, -1};
    int fromHost[2] = {-1, -1};
    if (pipe2(toHost, O_CLOEXEC) != 0 || pipe2(fromHost, O_CLOEXEC) != 0) {
        const std::string error = std::string("could not create pipes: ") + std::strerror(errno);
        CloseFd(toHost[0]), CloseFd(toHost[1]), CloseFd(fromHost[0]), CloseFd(fromHost[1]);
        return error;
    }
    const pid_t pid = fork();
    if (pid == 0) {
        // child: async-signal-safe calls only until exec; its own process group. It ends with
        // HitLab through its watchdog (hitlab-plugin-host), not PR_SET_PDEATHSIG, which would kill
        // it when the thread that started it ends rather than the process.
        setpgid(0, 0);
        dup2(toHost[0], STDIN_FILENO);
        dup2(fromHost[1], STDOUT_FILENO);
        if (m_shm == plugin::kShmFd) {
            fcntl(m_shm, F_SETFD, 0);
        } else {
            dup2(m_shm, plugin::kShmFd); // dup2 clears close-on-exec
        }
        execl(host.c_str(), "hitlab-plugin-host", load.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    CloseFd(toHost[0]);
    CloseFd(fromHost[1]);
    if (pid < 0) {
        const std::string error = std::string("could not fork: ") + std::strerror(errno);
        CloseFd(toHost[1]), CloseFd(fromHost[0]);
        return error;
    }
    setpgid(pid, pid);
    m_pid = pid;
    m_toHost = toHost[1];
    m_fromHost = fromHost[0];
    m_pending.clear();
    return "";
}

void PluginProgram::Stop()
{
    CloseFd(m_toHost);
    CloseFd(m_fromHost);
    KillAndReap(m_pid);
    m_pending.clear();
}

std::string PluginProgram::Reap()
{
    CloseFd(m_toHost);
    CloseFd(m_fromHost);
    int status = 0;
    for (int i = 0; i < 200; ++i) {
        if (waitpid(m_pid, &status, WNOHANG) == m_pid) {
            m_pid = -1;
            return WaitStatusText(status);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    Stop();
    return "closed its output without exiting (killed)";
}

bool PluginProgram::ReadLine(Clock::time_point deadline, std::string& line, std::string& error)
{
    char buffer[4096];
    for (;;) {
        if (const std::size_t end = m_pending.find('\n'); end != std::string::npos) {
            line = m_pending.substr(0, end);
            m_pending.erase(0, end + 1);
            return true;
        }
        if (Clock::now() >= deadline) {
            error = "wrote no metadata line within " + SecondsText(std::max(m_timeout, kExternalTimeout));
            return false;
        }
        if (Stopped()) { // the caller's stop time or cancel (a restart: its queries are NotRun)
            error = "was stopped before its metadata line";
            return false;
        }
        pollfd fd{m_fromHost, POLLIN, 0};
        if (poll(&fd, 1, int(WaitSlice(deadline).count())) <= 0) {
            continue;
        }
        const ssize_t n = read(m_fromHost, buffer, sizeof buffer);
        if (n > 0) {
            m_pending.append(buffer, std::size_t(n));
        } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
            error = Reap() + " before its metadata line";
            return false;
        }
    }
}

std::string PluginProgram::ReadMetadata(bool check)
{
    const auto deadline = Clock::now() + std::max(m_timeout, kExternalTimeout);
    std::string meta, capabilities, error;
    if (!ReadLine(deadline, meta, error)) {
        return "plugin '" + m_file + "': the host " + error;
    }
    if (meta.starts_with("error: ")) {
        // a bare name that is no file and no bundled engine plugin: say where it was looked for
        std::error_code ec;
        const bool bare = m_file.find('/') == std::string::npos && !std::filesystem::exists(m_file, ec);
        const std::string where = bare ? " (no file of that name here, and no bundled engine plugin " + m_file +
                                             (m_file.ends_with(".so") ? "" : ".so") + " in " + PluginDirectory() + ")"
                                       : "";
        return "plugin '" + m_file + "': " + meta.substr(7) + where;
    }
    if (!ReadLine(deadline, capabilities, error)) {
        return "plugin '" + m_file + "': the host " + error;
    }
    MetadataParse parsed = ParseExternalMetadata(meta, m_file, m_taken);
    if (!parsed.Ok()) {
        return parsed.error;
    }
    if (check) {
        return parsed.algorithms == m_algorithms && capabilities == m_capabilities
                   ? ""
                   : "metadata of plugin '" + m_file + "' changed when it was restarted";
    }
    m_algorithms = std::move(parsed.algorithms);
    m_capabilities = std::move(capabilities);
    return "";
}

bool PluginProgram::Alive()
{
    int status = 0;
    if (m_pid > 0 && waitpid(m_pid, &status, WNOHANG) == m_pid) { // it ended between round trips
        m_pid = -1;
        CloseFd(m_toHost);
        CloseFd(m_fromHost);
    }
    return Running();
}

std::string PluginProgram::Restart()
{
    ++m_restarts;
    std::string error = Spawn();
    error = error.empty() ? ReadMetadata(true) : error;
    if (!error.empty()) {
        Stop();
    }
    return error;
}

bool PluginProgram::Has(std::size_t algorithm, Precision precision) const
{
    const std::size_t at = algorithm * 4 + (precision == Precision::Float ? 0 : 1);
    return at < m_capabilities.size() && m_capabilities[at] != '-';
}

bool PluginProgram::HasTrace(std::size_t algorithm, Precision precision) const
{
    const std::size_t at = algorithm * 4 + 2;
    return Has(algorithm, precision) && at < m_capabilities.size() && m_capabilities[at] == 't';
}

ExternalStatus PluginProgram::Roundtrip(const plugin::Request& request, std::uint32_t& done, std::string& message,
                                        std::int32_t* replyError)
{
    auto* header = reinterpret_cast<Header*>(m_region);
    header->progress.store(0, std::memory_order_relaxed);
    done = 0;
    if (write(m_toHost, &request, sizeof request) != ssize_t(sizeof request)) {
        message = Reap();
        return ExternalStatus::Crashed;
    }
    plugin::Reply reply;
    std::size_t got = 0;
    std::uint32_t seen = 0;
    Clock::time_point lastChange = Clock::now();
    for (;;) {
        pollfd fd{m_fromHost, POLLIN, 0};
        const int ready = poll(&fd, 1, int(std::min<std::int64_t>(m_timeout.count(), 20)));
        if (ready > 0) {
            const ssize_t n = read(m_fromHost, reinterpret_cast<char*>(&reply) + got, sizeof reply - got);
            if (n > 0) {
                got += std::size_t(n);
                if (got == sizeof reply) {
                    done = request.count;
                    if (replyError != nullptr) {
                        *replyError = reply.error;
                    }
                    return ExternalStatus::Answered;
                }
                continue;
            }
            if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
                done = header->progress.load(std::memory_order_acquire);
                message = Reap();
                return ExternalStatus::Crashed;
            }
        }
        // the timeout counts from the last progress: a long batch that advances is no hang
        const std::uint32_t progress = header->progress.load(std::memory_order_acquire);
        const Clock::time_point now = Clock::now();
        if (progress != seen) {
            seen = progress;
            lastChange = now;
        } else if (now - lastChange >= m_timeout) {
            done = progress;
            Stop();
            message = "no answer within " + SecondsText(m_timeout);
            return ExternalStatus::TimedOut;
        }
        if (Stopped()) { // the caller's stop time or cancel: the rest is not run
            done = progress;
            Stop();
            message = NotRunAnswer().message;
            return ExternalStatus::NotRun;
        }
    }
}

std::vector<SourceFailure> PluginProgram::Run(std::size_t algorithm, Precision precision,
                                              std::span<const Query> queries, std::span<Result> out)
{
    std::vector<SourceFailure> failures;
    const bool isFloat = precision == Precision::Float;
    std::size_t pos = 0;
    std::size_t singleUntil = 0; // queries before it run one per call: a failed chunk, to find the culprit
    const auto fail = [&](std::size_t from, ExternalStatus status, const std::string& message) {
        for (std::size_t i = from; i < queries.size(); ++i) {
            out[i] = Result{};
            failures.push_back({i, status, message});
        }
    };
    while (pos < queries.size()) {
        if (Stopped()) { // nothing is begun after the stop time
            fail(pos, ExternalStatus::NotRun, NotRunAnswer().message);
            break;
        }
        if (!Alive()) {
            if (const std::string error = Restart(); !error.empty()) {
                if (Stopped()) { // a restart cut by the stop time is no crash
                    fail(pos, ExternalStatus::NotRun, NotRunAnswer().message);
                } else {
                    fail(pos, ExternalStatus::Crashed, "could not restart: " + error);
                }
                break;
            }
        }
        const bool single = pos < singleUntil;
        // as many as fit, their convex shapes' points in the region's points area (one always does)
        const std::size_t count = FitPoints(
            queries.subspan(pos, std::min<std::size_t>(single ? singleUntil - pos : kCapacity, queries.size() - pos)),
            isFloat ? sizeof(float) : sizeof(double));
        const auto batch = queries.subspan(pos, count);
        if (!PrepareMeshes(batch, isFloat ? 0 : 1)) {
            continue; // the host stopped on a mesh, which keeps its failure: restart it
        }
        isFloat ? WriteQueries<hitlab_query_f, float>(m_region, batch, m_meshes)
                : WriteQueries<hitlab_query_d, double>(m_region, batch, m_meshes);
        const plugin::Request request{
            std::uint32_t(algorithm), isFloat ? 0u : 1u, std::uint32_t(count), single ? 1u : kChunk, 0, 0};
        std::uint32_t done = 0;
        std::string message;
        const ExternalStatus status = Roundtrip(request, done, message);
        isFloat ? ReadResults<hitlab_result_f>(m_region, done, pos, out, failures)
                : ReadResults<hitlab_result_d>(m_region, done, pos, out, failures);
        MeshFailures(batch.first(done), pos, isFloat ? 0 : 1, out, failures);
        if (status == ExternalStatus::Answered) {
            pos += count;
        } else if (status == ExternalStatus::NotRun) {
            fail(pos + done, status, message);
            break;
        } else if (single) {
            out[pos + done] = Result{};
            failures.push_back({pos + done, status, message});
            pos += done + 1;
        } else {
            pos += done;
            singleUntil = std::min(queries.size(), pos + kChunk);
        }
    }
    std::sort(failures.begin(), failures.end(),
              [](const SourceFailure& x, const SourceFailure& y) { return x.index < y.index; });
    return failures;
}

ExternalAnswer PluginProgram::Trace(std::size_t algorithm, Precision precision, const Query& query)
{
    if (!Alive()) {
        if (const std::string error = Restart(); !error.empty()) {
            return {ExternalStatus::Crashed, "could not restart: " + error, {}};
        }
    }
    const bool isFloat = precision == Precision::Float;
    const std::span<const Query> one(&query, 1);
    if (!PrepareMeshes(one, isFloat ? 0 : 1) && !Alive()) {
        if (const std::string error = Restart(); !error.empty()) {
            return {ExternalStatus::Crashed, "could not restart: " + error, {}};
        }
    }
    if (const auto* mesh = std::get_if<Mesh<double>>(&query.b); mesh != nullptr) {
        const auto at = m_meshes.find(mesh->data.get());
        if (at != m_meshes.end() && !at->second.failure[isFloat ? 0 : 1].empty()) {
            return {ExternalStatus::Error, at->second.failure[isFloat ? 0 : 1], {}};
        }
    }
    isFloat ? WriteQueries<hitlab_query_f, float>(m_region, one, m_meshes)
            : WriteQueries<hitlab_query_d, double>(m_region, one, m_meshes);
    std::uint32_t done = 0;
    std::string message;
    const plugin::Request request{std::uint32_t(algorithm), isFloat ? 0u : 1u, 1, 1, 1, 0};
    if (const ExternalStatus status = Roundtrip(request, done, message); status != ExternalStatus::Answered) {
        return {status, message, {}};
    }
    ExternalResult r;
    r.name = m_algorithms[algorithm].name;
    std::vector<SourceFailure> failures;
    std::span<Result> out(&r.result, 1);
    isFloat ? ReadResults<hitlab_result_f>(m_region, 1, 0, out, failures)
            : ReadResults<hitlab_result_d>(m_region, 1, 0, out, failures);
    if (!failures.empty()) {
        return {ExternalStatus::Error, failures[0].message, {}};
    }
    const auto* header = reinterpret_cast<const Header*>(m_region);
    const auto* steps = reinterpret_cast<const hitlab_trace_step*>(m_region + plugin::kTraceOffset);
    for (std::uint32_t i = 0; i < std::min(header->traceCount, plugin::kTraceSteps); ++i) {
        ExternalStep step;
        step.caption.assign(steps[i].caption, strnlen(steps[i].caption, HITLAB_TRACE_CAPTION));
        for (std::uint32_t v = 0; v < std::min<std::uint32_t>(steps[i].value_count, HITLAB_TRACE_VALUES); ++v) {
            step.values.emplace_back(std::string(steps[i].names[v], strnlen(steps[i].names[v], HITLAB_TRACE_NAME)),
                                     steps[i].values[v]);
        }
        r.trace.push_back(std::move(step));
    }
    const char* verdict = m_region + plugin::kVerdictOffset;
    r.verdict.assign(verdict, strnlen(verdict, HITLAB_TRACE_VERDICT));
    return {ExternalStatus::Answered, "", {std::move(r)}};
}

} // namespace hitlab
