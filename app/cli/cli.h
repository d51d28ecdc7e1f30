// The `hitlab` command line: parses arguments (CLI11) and dispatches to the headless commands,
// or, with no command, to the GUI (plugged in through openGui).
#pragma once

#include <functional>
#include <istream>
#include <ostream>
#include <string>

namespace hitlab {

/// Runs `hitlab` with argv: `algorithms`, `eval`, `report`, `hunt`, `bench` (docs/cli.md),
/// `--help`, `--version`; no command calls openGui. Returns the exit status: the command's, 0 for
/// help and version, 2 for an unknown command or bad options (one line on err naming the problem).
/// moreHelp is added to `--help` (the executable passes the window's and `render`'s options).
int RunCommandLine(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err,
                   const std::function<int()>& openGui, const std::string& moreHelp = {});

} // namespace hitlab
