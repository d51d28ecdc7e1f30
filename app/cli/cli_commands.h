// The `hitlab` command line's shared parts: every command's options as CLI11 fills them, the
// streams a command uses, and the commands defined outside cli.cpp (cli_commands.cpp: triage,
// conventions, plot-offset), each an add (its options on the parser) and a run.
#pragma once

#include "bench.h"
#include "conventions.h"
#include "hunt.h"
#include "offset.h"
#include "report.h"
#include "triage.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iosfwd>
#include <string>
#include <vector>

namespace hitlab::cli {

/// Every command's options, as CLI11 fills them.
struct CommandOptions {
    bool json = false;      ///< algorithms --json
    std::string familyName; ///< algorithms --family
    std::string inputPath;  ///< eval FILE
    ReportOptions report;
    std::string reportFailOn;              ///< report --fail-on
    std::string reportSolidPairs = "auto"; ///< report --solid-pairs
    HuntCliOptions hunt;
    BenchCliOptions bench;
    std::vector<std::string> externalCommands; ///< --external (algorithms, eval, report, bench)
    double externalTimeout = 5;                ///< --external-timeout, seconds
    std::vector<std::string> plugins;          ///< --plugin (algorithms, eval, report, bench)
    std::string huntPlugin;                    ///< hunt --plugin
    std::string huntExternal;                  ///< hunt --external
    std::string huntAround;                    ///< hunt --around
    TriageCliOptions triage;
    ConventionsOptions conventions; ///< conventions --json, --markdown
    std::string offset;             ///< eval, report --offset X,Y,Z
    PlotOffsetOptions plotOffset;   ///< plot-offset
};

/// The streams a command reads and writes.
struct CommandIo {
    std::istream& in;
    std::ostream& out;
    std::ostream& err;
};

/// --external-timeout as the external programs take it: at least 1 ms, as a timeout that rounds to
/// 0 would fail every query.
inline std::chrono::milliseconds ExternalTimeout(const CommandOptions& o)
{
    return std::chrono::milliseconds(std::max(1LL, std::llround(o.externalTimeout * 1000)));
}

/// --external, --plugin and --external-timeout (docs/plugins.md), the same on every command that takes them.
void AddExternalOptions(CLI::App* command, CommandOptions& o);

/// `hitlab triage`, `hitlab conventions` and `hitlab plot-offset`: their options and their runs.
CLI::App* AddTriage(CLI::App& app, CommandOptions& o, const std::vector<std::string>& families);
int TriageCommand(CommandOptions& o, const CommandIo& io);
CLI::App* AddConventions(CLI::App& app, CommandOptions& o, const std::vector<std::string>& families);
int ConventionsCommand(CommandOptions& o, const CommandIo& io);
CLI::App* AddPlotOffset(CLI::App& app, CommandOptions& o, const std::vector<std::string>& families);
int PlotOffsetCommand(CommandOptions& o, const CommandIo& io);

} // namespace hitlab::cli
