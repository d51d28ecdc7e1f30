// The commands of the `hitlab` command line defined outside cli.cpp: triage (a capture judged),
// conventions (every algorithm on the probes where engines disagree) and plot-offset (error
// against distance from the origin).
#include "cli_commands.h"

#include "option_checks.h"

#include "app/paths/data_dir.h"

namespace hitlab::cli {

/// `hitlab conventions` and its options (docs/conventions.md).
CLI::App* AddConventions(CLI::App& app, CommandOptions& o, const std::vector<std::string>& /*families*/)
{
    CLI::App* command = app.add_subcommand("conventions", "Run every algorithm (and those of --plugin and "
                                                          "--external) on the probes where engines disagree: "
                                                          "each answer, its declared convention, a mark where "
                                                          "they differ (docs/conventions.md)");
    command->add_flag("--json", o.conventions.json, "Print the matrix as JSON (docs/conventions.md's keys)");
    command->add_flag("--markdown", o.conventions.markdown, "Print the matrix as Markdown tables");
    AddExternalOptions(command, o);
    return command;
}

int ConventionsCommand(CommandOptions& o, const CommandIo& io)
{
    o.conventions.externalCommands = o.externalCommands;
    o.conventions.plugins = o.plugins;
    o.conventions.timeout = ExternalTimeout(o);
    return RunConventions(o.conventions, io.out, io.err);
}

/// `hitlab plot-offset` and its options.
CLI::App* AddPlotOffset(CLI::App& app, CommandOptions& o, const std::vector<std::string>& /*families*/)
{
    CLI::App* command = app.add_subcommand("plot-offset", "Move a scene away from the origin, 0 to 1e7: each "
                                                          "algorithm's error in ulps against the exact judge, in "
                                                          "float and double, as a table and an SVG plot");
    command->add_option("scene", o.plotOffset.scenePath, "The scene file (docs/scene-format.md)")->required();
    command->add_option("-o,--output", o.plotOffset.output, "Write the plot to this SVG file")->check(FileToWrite());
    command
        ->add_option("--max-distance", o.plotOffset.maxDistance,
                     "The largest offset d (every shape moved by "
                     "(d, d, d)); default 1e7")
        ->check(RealIn(1, 1e300));
    command->add_option("--max-queries", o.plotOffset.maxQueries, "Only the scene's first N queries (default 64)")
        ->check(CLI::Range(std::size_t{1}, std::size_t{100000}));
    command->add_flag("--json", o.plotOffset.json, "Print the curves as JSON instead of the table");
    return command;
}

int PlotOffsetCommand(CommandOptions& o, const CommandIo& io)
{
    o.plotOffset.scenePath = ResolveScenePath(o.plotOffset.scenePath); // a lesson by name
    return RunPlotOffset(o.plotOffset, io.out, io.err);
}

/// `hitlab triage` and its options.
CLI::App* AddTriage(CLI::App& app, CommandOptions& o, const std::vector<std::string>& /*families*/)
{
    CLI::App* triage = app.add_subcommand(
        "triage", "Judge every answer of a capture (JSON Lines an engine recorded, docs/capture.md) exactly, and "
                  "group the unexplained ones by cause with counts, worst case and call sites; exit 0 when nothing "
                  "is unexplained, 1 when something is, 2 when the file cannot be read");
    triage->add_option("capture", o.triage.capture, "The capture file")->required();
    triage->add_flag("--json", o.triage.json, "Print the report as one JSON object (docs/capture.md)");
    triage->add_option("-o,--out", o.triage.outDir,
                       "Write each group's worst case as a scene (group-N.json) and the GoogleTest cases "
                       "(triage_test.cpp) into this folder");
    triage->add_option("--conventions", o.triage.conventionsFile,
                       "The engine's declared conventions (a JSON object, or a capture header): over the "
                       "capture header's, key by key; a line's own conventions win over both");
    triage->add_option("--threads", o.triage.threads, "Judging threads (0, the default: one per core)")
        ->transform(WholeIn<unsigned>(0, 256));
    triage->add_flag("--quiet", o.triage.quiet, "No progress line on standard error");
    return triage;
}

int TriageCommand(CommandOptions& o, const CommandIo& io) { return RunTriageCommand(o.triage, io.out, io.err); }

} // namespace hitlab::cli
