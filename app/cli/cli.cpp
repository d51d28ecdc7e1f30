// The `hitlab` command line.
#include "cli.h"

#include "algorithms.h"
#include "bench.h"
#include "cli_commands.h"
#include "conventions.h"
#include "eval.h"
#include "eval_external.h"
#include "hunt.h"
#include "hunt_plugin.h"
#include "offset.h"
#include "option_checks.h"
#include "report.h"
#include "triage.h"

#include "app/paths/data_dir.h"
#include "app/sources/source_list.h"
#include "core/algorithm.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#ifndef HITLAB_VERSION
#define HITLAB_VERSION "unknown"
#endif

namespace hitlab {

namespace cli {

void AddExternalOptions(CLI::App* command, CommandOptions& o)
{
    hitlab::AddExternalOptions(*command, o.externalCommands, o.plugins, o.externalTimeout);
}

} // namespace cli

namespace {

/// The exit statuses of every command and of the window (docs/cli.md, "Exit status").
constexpr const char* kExitStatusHelp =
    "Exit status:\n"
    "  0  success (eval: every line answered without error; hunt: none found, every drawn case judged;\n"
    "     triage: nothing unexplained)\n"
    "  1  eval: some line got an error line; hunt: counterexamples found; report --fail-on: such a\n"
    "     disagreement found; triage: some answer unexplained; the window and render: no display or no OpenGL 3.3; "
    "render: the PNG\n"
    "     cannot be written\n"
    "  2  bad command line or input: an unknown command, option or value, a file that cannot be\n"
    "     read, a scene too big to report (one line on standard error names the problem)\n"
    "  3  an internal error (out of memory): one line on standard error\n"
    "  4  hunt: inconclusive: none found, but some drawn cases were not judged (a plugin or program\n"
    "     had not answered them by --seconds plus one --external-timeout); the summary says how many\n";

/// --offset on a command: every shape moved by X,Y,Z (app/cli/offset.h).
void AddOffsetOption(CLI::App* command, cli::CommandOptions& o)
{
    command->add_option("--offset", o.offset,
                        "X,Y,Z: move every shape by this vector (in double, before a float run rounds the inputs: "
                        "far from the origin, docs/cli.md)");
}

/// `hitlab algorithms` and its options.
CLI::App* AddAlgorithms(CLI::App& app, cli::CommandOptions& o, const std::vector<std::string>& families)
{
    CLI::App* algorithms = app.add_subcommand("algorithms", "List the algorithms: a table, or with --json the "
                                                            "protocol's metadata array");
    algorithms->add_flag("--json", o.json,
                         "Print the protocol's JSON array (name, family, title, summary, source, "
                         "reference, published, conventions, returns, flaw)");
    algorithms->add_option("--family", o.familyName, "Only this family's algorithms")->check(CLI::IsMember(families));
    cli::AddExternalOptions(algorithms, o);
    return algorithms;
}

/// `hitlab eval` and its options.
CLI::App* AddEval(CLI::App& app, cli::CommandOptions& o, const std::vector<std::string>& /*families*/)
{
    CLI::App* eval = app.add_subcommand("eval", "Answer query lines (JSON Lines) from standard input or FILE, one "
                                                "answer line each; exit 0 when no line was an error, 1 otherwise");
    eval->add_option("file", o.inputPath, "Read queries from this file instead of standard input ('-')");
    cli::AddExternalOptions(eval, o);
    AddOffsetOption(eval, o);
    return eval;
}

/// `hitlab report` and its options.
CLI::App* AddReport(CLI::App& app, cli::CommandOptions& o, const std::vector<std::string>& /*families*/)
{
    CLI::App* report = app.add_subcommand("report", "Evaluate every query of a scene file headless and print each "
                                                    "algorithm's answer, marking and explaining disagreements; exit 1 "
                                                    "with --fail-on when such a disagreement is found, 2 on a bad file "
                                                    "or option");
    report->add_option("scene", o.report.scenePath, "The scene file (docs/scene-format.md)")->required();
    report->add_flag("--json", o.report.json, "Print the report as JSON (the protocol's result objects)");
    AddOffsetOption(report, o);
    report
        ->add_option("--algorithms", o.report.algorithms,
                     "Run only these algorithms (comma-separated names, any family)")
        ->delimiter(',');
    cli::AddExternalOptions(report, o);
    report->add_flag(
        "--exact", o.report.exact,
        "Add the exact judge's answer per query, the algorithms that disagree with it and their ulp errors");
    report
        ->add_option("--fail-on", o.reportFailOn,
                     "Exit 1 (after the whole report) when some query has an unexplained disagreement "
                     "(unexplained) or any disagreement (disagreement): for CI")
        ->check(CLI::IsMember({"unexplained", "disagreement"}));
    report
        ->add_option("--solid-pairs", o.reportSolidPairs,
                     "Pairs of solids to evaluate: all, or only those whose bounds overlap (overlapping; the others, "
                     "which every algorithm misses, are counted); auto: overlapping above " +
                         std::to_string(kCullSolidPairsAbove) + " pairs")
        ->check(CLI::IsMember({"auto", "all", "overlapping"}))
        ->capture_default_str();
    report
        ->add_option("--max-queries", o.report.maxQueries,
                     "Refuse a scene with more queries than this (naming how many and how to turn the pairs of "
                     "solids off)")
        ->transform(WholeIn<std::uint64_t>(1, std::uint64_t(1) << 40))
        ->capture_default_str();
    report
        ->add_option("--precision", o.report.precision,
                     "float or double for every family, over the scene's choice per family (a plugin's algorithm "
                     "without a function for it is not run, and a note says so)")
        ->check(CLI::IsMember({"float", "double"}));
    return report;
}

/// `hitlab hunt` and its options.
CLI::App* AddHunt(CLI::App& app, cli::CommandOptions& o, const std::vector<std::string>& families)
{
    CLI::App* hunt = app.add_subcommand(
        "hunt", "Search random and boundary inputs of a family for disagreements "
                "between two algorithms (or one and the exact judge), shrink each to "
                "simple numbers and print it; exit 0 when none was found and every drawn case was judged, 1 "
                "when some were found, 4 when none was found but some drawn cases were not "
                "judged (inconclusive)");
    hunt->add_option("--family", o.hunt.family, "The family")->required()->check(CLI::IsMember(families));
    hunt->add_option("--a", o.hunt.hunt.a, "The algorithm under test")->required();
    hunt->add_option("--b", o.hunt.hunt.b, "The algorithm to compare with (default: the exact judge)");
    hunt->add_flag("--exact", o.hunt.exact, "Compare with the exact judge (the default without --b)");
    constexpr std::uint64_t kAny = std::numeric_limits<std::uint64_t>::max();
    hunt->add_option("--cases", o.hunt.hunt.maxCases, "Stop after this many cases (0: no limit)")
        ->transform(WholeIn<std::uint64_t>(0, kAny))
        ->capture_default_str();
    hunt->add_option("--seconds", o.hunt.hunt.maxSeconds, "Stop after this many seconds (0: no limit)")
        ->check(RealIn(0, 1e6))
        ->capture_default_str();
    hunt->add_option("--seed", o.hunt.hunt.seed, "Random seed (same seed, same cases)")
        ->transform(WholeIn<std::uint64_t>(0, kAny))
        ->capture_default_str();
    hunt->add_option(
            "--max", o.hunt.hunt.maxCounterexamples,
            "Each thread stops once it has found this many groups (causes; 0, the default: hunt until --cases or "
            "--seconds)")
        ->transform(WholeIn<std::size_t>(0, 1000000))
        ->capture_default_str();
    o.hunt.hunt.threads = 0; // the command's default: one thread per core
    hunt->add_option("--threads", o.hunt.hunt.threads,
                     "Threads to search on (0, the default: one per core); the same seed and threads give the "
                     "same cases")
        ->transform(WholeIn<unsigned>(0, kMaxHuntThreads));
    hunt->add_option("--precision", o.hunt.precision, "float or double")
        ->check(CLI::IsMember({"float", "double"}))
        ->capture_default_str();
    hunt->add_option("-o,--out", o.hunt.outDir,
                     "Write each group's smallest case as a scene file, and the GoogleTest file, into this directory");
    hunt->add_option("--tolerance", o.hunt.hunt.tolerance,
                     "Count disagreements within this relative distance of the hit/miss boundary as near-boundary, "
                     "not as counterexamples (the protocol's allowance for reference algorithms, e.g. 1e-9)")
        ->check(RealIn(0, 1))
        ->capture_default_str();
    hunt->add_option("--ulps", o.hunt.ulps,
                     "Values count when both sides hit and t_enter, t_exit, point, normal or depth differ by more "
                     "than this many ulps (default 8, the comparison's tolerance: docs/protocol.md)")
        ->check(RealIn(0, 4503599627370496.0, true));
    hunt->add_flag("--verdict-only", o.hunt.verdictOnly,
                   "Compare verdicts only, not values (the only mode the vectorised ray_aabb float path runs in)");
    hunt->add_option("--gtest", o.hunt.gtestFile,
                     "Write one GoogleTest case per group into this file, which compiles as it is")
        ->check(FileToWrite());
    hunt->add_option("--gtest-linked", o.hunt.gtestLinkedFile,
                     "With --plugin: write the cases into this file calling the plugin's hitlab_plugin_v1 linked in")
        ->check(FileToWrite());
    hunt->add_flag("--json", o.hunt.json,
                   "Print the groups and the summary as one JSON object instead of the text (the same groups)");
    hunt->add_flag("--quiet", o.hunt.quiet, "No progress line on standard error");
    hunt->add_option("--around", o.huntAround,
                     "A scene file: a share of the cases perturb its first pair of shapes of the family");
    hunt->add_option("--plugin", o.huntPlugin,
                     "--a is an algorithm of this plugin (docs/plugins.md), hunted against the exact judge or "
                     "the built-in --b; a failure (crash, hang, error) is a counterexample; the hunt ends within "
                     "--seconds plus one --external-timeout, cases not answered by then are not judged");
    hunt->add_option("--external", o.huntExternal,
                     "--a is an algorithm of this program (/bin/sh -c COMMAND, docs/plugins.md), hunted as with "
                     "--plugin");
    hunt->add_option("--external-timeout", o.externalTimeout, "Seconds the plugin or program has for each answer")
        ->check(CLI::PositiveNumber);
    return hunt;
}

/// `hitlab bench` and its options.
CLI::App* AddBench(CLI::App& app, cli::CommandOptions& o, const std::vector<std::string>& /*families*/)
{
    CLI::App* bench = app.add_subcommand("bench", "Time every algorithm of every family in a scene on the scene's own "
                                                  "queries (repeated and perturbed): ns per query, min and median, "
                                                  "and a bar chart");
    bench->add_option("scene", o.bench.scenePath, "The scene file (docs/scene-format.md)")->required();
    bench->add_option("--precision", o.bench.precision, "float or double")
        ->check(CLI::IsMember({"float", "double"}))
        ->capture_default_str();
    bench->add_option("--rounds", o.bench.rounds, "Timed passes per algorithm")
        ->transform(WholeIn(1, 100000))
        ->capture_default_str();
    bench->add_option("--queries", o.bench.workload, "Queries per pass")
        ->transform(WholeIn<std::size_t>(1, 1000000))
        ->capture_default_str();
    cli::AddExternalOptions(bench, o);
    return bench;
}

/// `hitlab render`, listed for --help only: the executable runs it before this parser (app/main.cpp).
CLI::App* AddRender(CLI::App& app, cli::CommandOptions& /*o*/, const std::vector<std::string>& /*families*/)
{
    CLI::App* render = app.add_subcommand("render", "Render one frame of a scene, overlays included, to a PNG "
                                                    "(its options below)");
    render->allow_extras()->prefix_command();
    return render;
}

int AlgorithmsCommand(cli::CommandOptions& o, const cli::CommandIo& io)
{
    const std::optional<Family> family = o.familyName.empty() ? std::nullopt : FamilyFromName(o.familyName);
    std::string error;
    const auto programs = StartSources(o.externalCommands, o.plugins, cli::ExternalTimeout(o), error);
    if (!error.empty()) {
        io.err << "hitlab algorithms: " << error << "\n";
        return 2;
    }
    std::vector<AlgorithmInfo> views;
    for (const auto& program : programs) {
        for (const ExternalAlgorithm& a : program->Algorithms()) {
            views.push_back(InfoView(a));
        }
    }
    return RunAlgorithms(io.out, o.json, family, views);
}

int EvalCommand(cli::CommandOptions& o, const cli::CommandIo& io)
{
    std::string offsetError;
    const std::optional<glm::dvec3> offset = o.offset.empty() ? glm::dvec3(0.0) : ParseOffset(o.offset, offsetError);
    if (!offset) {
        io.err << "hitlab eval: " << offsetError << "\n";
        return 2;
    }
    const auto evaluate = [&](std::istream& input) {
        const auto timeout = cli::ExternalTimeout(o);
        return o.externalCommands.empty() && o.plugins.empty()
                   ? RunEval(input, io.out, *offset)
                   : RunEvalExternal(input, io.out, io.err, o.externalCommands, timeout, o.plugins, *offset);
    };
    if (o.inputPath.empty() || o.inputPath == "-") {
        return evaluate(io.in);
    }
    std::error_code ec;
    if (std::filesystem::is_directory(o.inputPath, ec)) {
        io.err << "hitlab eval: \"" << o.inputPath << "\" is a directory, not a file of query lines\n";
        return 2;
    }
    std::ifstream file(o.inputPath, std::ios::binary);
    if (!file) {
        io.err << "hitlab eval: cannot open \"" << o.inputPath << "\": " << std::strerror(errno) << "\n";
        return 2;
    }
    try {
        return evaluate(file);
    } catch (const std::exception& e) { // a read error mid-file (EIO): the lines so far are answered
        io.err << "hitlab eval: error reading \"" << o.inputPath << "\": " << e.what() << "\n";
        return 2;
    }
}

int ReportCommand(cli::CommandOptions& o, const cli::CommandIo& io)
{
    if (!o.offset.empty()) {
        std::string error;
        const std::optional<glm::dvec3> offset = ParseOffset(o.offset, error);
        if (!offset) {
            io.err << "hitlab report: " << error << "\n";
            return 2;
        }
        o.report.offset = *offset;
    }
    o.report.externalCommands = o.externalCommands;
    o.report.failOn = o.reportFailOn == "unexplained"    ? FailOn::Unexplained
                      : o.reportFailOn == "disagreement" ? FailOn::Disagreement
                                                         : FailOn::Nothing;
    o.report.solidPairs = o.reportSolidPairs == "all"           ? SolidPairs::All
                          : o.reportSolidPairs == "overlapping" ? SolidPairs::Overlapping
                                                                : SolidPairs::Auto;
    o.report.externalTimeout = cli::ExternalTimeout(o);
    o.report.scenePath = ResolveScenePath(o.report.scenePath); // a lesson by name
    o.report.plugins = o.plugins;
    return RunReport(o.report, io.out, io.err);
}

int HuntCommand(cli::CommandOptions& o, const cli::CommandIo& io)
{
    if (!o.huntAround.empty()) {
        std::string error;
        o.hunt.hunt.around = AroundQuery(ResolveScenePath(o.huntAround), o.hunt.family, error);
        if (!error.empty()) {
            io.err << "hitlab hunt: --around: " << error << "\n";
            return 2;
        }
    }
    return o.huntPlugin.empty() && o.huntExternal.empty()
               ? RunHunt(o.hunt, io.out, io.err)
               : RunHuntExternal(o.hunt, HuntSource{o.huntPlugin, o.huntExternal}, cli::ExternalTimeout(o), io.out,
                                 io.err);
}

int BenchCommand(cli::CommandOptions& o, const cli::CommandIo& io)
{
    o.bench.scenePath = ResolveScenePath(o.bench.scenePath);
    o.bench.externalCommands = o.externalCommands;
    o.bench.plugins = o.plugins;
    o.bench.externalTimeout = cli::ExternalTimeout(o);
    return RunBench(o.bench, io.out, io.err);
}

int RenderCommand(cli::CommandOptions& /*o*/, const cli::CommandIo& io)
{
    io.err << "hitlab render: runs in the hitlab executable only (the window's library draws it)\n";
    return 2;
}

/// A subcommand: its set-up (its options on the parser, filling cli::CommandOptions) and what runs when
/// the command line names it.
struct Command {
    CLI::App* (*add)(CLI::App& app, cli::CommandOptions& o, const std::vector<std::string>& families);
    int (*run)(cli::CommandOptions& o, const cli::CommandIo& io);
};

/// Every subcommand, in --help's order.
constexpr Command kCommands[] = {
    {AddAlgorithms, AlgorithmsCommand},             // the registry's algorithms (and external ones)
    {AddEval, EvalCommand},                         // query lines in, answer lines out
    {AddReport, ReportCommand},                     // a scene's queries, every algorithm, the disagreements
    {AddHunt, HuntCommand},                         // the search for disagreements
    {cli::AddTriage, cli::TriageCommand},           // a capture's answers judged
    {AddBench, BenchCommand},                       // a scene's queries timed
    {cli::AddConventions, cli::ConventionsCommand}, // every algorithm on the probes where engines disagree
    {cli::AddPlotOffset, cli::PlotOffsetCommand},   // error against distance from the origin
    {AddRender, RenderCommand},                     // for --help: the executable renders before this parser
};

} // namespace

int RunCommandLine(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err,
                   const std::function<int()>& openGui, const std::string& moreHelp)
{
    CLI::App app{"HitLab: runs published ray and overlap intersection algorithms on the same input, "
                 "and shows and explains where they disagree.\nWith no command, opens the GUI.",
                 "hitlab"};
    app.set_version_flag("--version", std::string("hitlab ") + HITLAB_VERSION);
    app.require_subcommand(0, 1);

    std::vector<std::string> familyNames;
    for (Family family : AllFamilies()) {
        familyNames.emplace_back(FamilyName(family));
    }
    cli::CommandOptions o;
    std::vector<CLI::App*> commands;
    for (const Command& command : kCommands) {
        commands.push_back(command.add(app, o, familyNames));
    }
    // after the subcommands: CLI11 copies the footer into each subcommand made after it
    app.footer((moreHelp.empty() ? "" : moreHelp + "\n") + kExitStatusHelp +
               "\nQuery protocol: docs/protocol.md. Commands: docs/cli.md.");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // an unknown word where a command belongs: name it plainly
        if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr && app.get_subcommands().empty() && argc > 1 &&
            argv[1][0] != '-') {
            err << "hitlab: " << UnknownWordMessage(argv[1]) << "\n";
            return 2;
        }
        std::string who = "hitlab";
        for (const CLI::App* command : commands) {
            who += command->parsed() ? " " + command->get_name() : "";
        }
        return ParseFailure(app, e, who, out, err);
    }
    for (size_t i = 0; i < commands.size(); ++i) {
        if (commands[i]->parsed()) {
            return kCommands[i].run(o, cli::CommandIo{in, out, err});
        }
    }
    return openGui();
}

} // namespace hitlab
