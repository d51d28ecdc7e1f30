// The POSIX pieces a source that runs a child process shares (an external program and a
// plugin's host process): wait statuses and timeouts as the failure messages say them, closing a
// pipe end, killing a child's process group and reaping it.
#pragma once

#include "external_answer.h"

#include <chrono>
#include <string>

namespace hitlab {

/// A wait status as the failure messages say it: "exited with status 3", "killed by signal 6
/// (Aborted)", or for a status the shell gives a child it did not exec, "exited with status 134
/// (signal 6, Aborted, as the shell reports it)".
std::string WaitStatusText(int status);

/// The POSIX pieces an external program and a plugin's host process share: closing a pipe end
/// (fd becomes -1), killing a child's whole process group and reaping it (pid becomes -1), and a
/// timeout as the failure messages say it ("1.5 s").
void CloseFd(int& fd);
/// The answer of a query the stop time cut (AlgorithmSource::SetStopTime): NotRun, and why.
ExternalAnswer NotRunAnswer();
void KillAndReap(int& pid);
std::string SecondsText(std::chrono::milliseconds ms);

} // namespace hitlab
