// The POSIX pieces of a source that runs a child process (an external program, a plugin's host).
#include "child_process.h"

#include "core/text.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

namespace hitlab {

ExternalAnswer NotRunAnswer()
{
    return {ExternalStatus::NotRun,
            "not answered before the stop time (the time limit plus one answer timeout) or a cancel",
            {}};
}

void CloseFd(int& fd)
{
    if (fd >= 0) {
        close(fd);
        fd = -1;
    }
}

void KillAndReap(int& pid)
{
    if (pid > 0) {
        kill(-pid, SIGKILL); // the group: whatever the program started
        kill(pid, SIGKILL);
        int status = 0;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        pid = -1;
    }
}

std::string SecondsText(std::chrono::milliseconds ms) { return NumberText(double(ms.count()) / 1000.0) + " s"; }

std::string WaitStatusText(int status)
{
    if (WIFEXITED(status)) {
        // /bin/sh -c runs a command it does not exec as a child and exits with 128 + its signal
        const int code = WEXITSTATUS(status);
        const std::string text = "exited with status " + std::to_string(code);
        if (code > 128 && code < 128 + NSIG) {
            return text + " (signal " + std::to_string(code - 128) + ", " + strsignal(code - 128) +
                   ", as the shell reports it)";
        }
        return text;
    }
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        return "killed by signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
    }
    return "stopped with wait status " + std::to_string(status);
}

} // namespace hitlab
