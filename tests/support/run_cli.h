// Runs `hitlab ARGS` inside the test's process (RunCommandLine, app/cli/cli.h) with `input` on
// standard input, and gives its exit status and what it wrote, for the command-line tests.
#pragma once

#include "app/cli/cli.h"

#include <sstream>
#include <string>
#include <vector>

namespace hitlab::test {

struct CliRun {
    int status = 0;
    std::string out, err;
    int guiCalls = 0; ///< how many times the command line opened the window (no command given)
};

inline CliRun RunCli(const std::vector<std::string>& args, const std::string& input = "")
{
    std::vector<const char*> argv = {"hitlab"};
    for (const std::string& a : args) {
        argv.push_back(a.c_str());
    }
    std::istringstream in(input);
    std::ostringstream out, err;
    CliRun run;
    run.status = RunCommandLine(int(argv.size()), argv.data(), in, out, err, [&run] {
        ++run.guiCalls;
        return 0;
    });
    run.out = out.str();
    run.err = err.str();
    return run;
}

} // namespace hitlab::test
