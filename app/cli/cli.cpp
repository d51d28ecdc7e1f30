// The `hitlab` command line.
#include "cli.h"

#include "algorithms.h"
#include "bench.h"
#include "eval.h"
#include "eval_external.h"
#include "hunt.h"
#include "report.h"

#include "app/external/external_program.h"
#include "core/algorithm.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#ifndef HITLAB_VERSION
#define HITLAB_VERSION "unknown"
#endif

namespace hitlab {

int RunCommandLine(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err,
                   const std::function<int()>& openGui)
{
    CLI::App app{"HitLab: runs published ray and overlap intersection algorithms on the same input, "
                 "and shows and explains where they disagree.\nWith no command, opens the GUI.",
                 "hitlab"};
    app.set_version_flag("--version", std::string("hitlab ") + HITLAB_VERSION);
    app.require_subcommand(0, 1);
    app.footer("Query protocol: docs/protocol.md. Commands: docs/cli.md.");

    std::vector<std::string> familyNames;
    for (Family family : AllFamilies()) {
        familyNames.emplace_back(FamilyName(family));
    }
    CLI::App* algorithms = app.add_subcommand("algorithms", "List the algorithms: a table, or with --json the "
                                                            "protocol's metadata array");
    bool json = false;
    std::string familyName;
    algorithms->add_flag("--json", json,
                         "Print the protocol's JSON array (name, family, title, summary, source, "
                         "reference, published, conventions, returns, flaw)");
    algorithms->add_option("--family", familyName, "Only this family's algorithms")->check(CLI::IsMember(familyNames));
    // external programs (docs/plugins.md): the same options on every command that takes them
    std::vector<std::string> externalCommands;
    double externalTimeout = 5;
    const auto addExternalOptions = [&](CLI::App* command) {
        command->add_option(
            "--external", externalCommands,
            "Also run the algorithms of this program (/bin/sh -c COMMAND, docs/plugins.md); repeatable");
        command->add_option("--external-timeout", externalTimeout, "Seconds an external program has for each answer")
            ->check(CLI::PositiveNumber);
    };
    addExternalOptions(algorithms);

    CLI::App* eval = app.add_subcommand("eval", "Answer query lines (JSON Lines) from standard input or FILE, one "
                                                "answer line each; exit 0 when no line was an error, 1 otherwise");
    std::string inputPath;
    eval->add_option("file", inputPath, "Read queries from this file instead of standard input ('-')");
    addExternalOptions(eval);

    CLI::App* report = app.add_subcommand("report", "Evaluate every query of a scene file headless and print each "
                                                    "algorithm's answer, marking and explaining disagreements; exit 2 "
                                                    "on a bad file or option");
    ReportOptions reportOptions;
    report->add_option("scene", reportOptions.scenePath, "The scene file (docs/scene-format.md)")->required();
    report->add_flag("--json", reportOptions.json, "Print the report as JSON (the protocol's result objects)");
    report
        ->add_option("--algorithms", reportOptions.algorithms,
                     "Run only these algorithms (comma-separated names, any family)")
        ->delimiter(',');
    report->add_flag(
        "--exact", reportOptions.exact,
        "Add the exact judge's answer per query, the algorithms that disagree with it and their ulp errors");

    CLI::App* hunt =
        app.add_subcommand("hunt", "Search random and boundary inputs of a family for disagreements "
                                   "between two algorithms (or one and the exact judge), shrink each to "
                                   "simple numbers and print it; exit 0 when none, 1 when some were found");
    HuntCliOptions huntOptions;
    hunt->add_option("--family", huntOptions.family, "The family")->required()->check(CLI::IsMember(familyNames));
    hunt->add_option("--a", huntOptions.hunt.a, "The algorithm under test")->required();
    hunt->add_option("--b", huntOptions.hunt.b, "The algorithm to compare with (default: the exact judge)");
    hunt->add_flag("--exact", huntOptions.exact, "Compare with the exact judge (the default without --b)");
    hunt->add_option("--cases", huntOptions.hunt.maxCases, "Stop after this many cases (0: no limit)")
        ->capture_default_str();
    hunt->add_option("--seconds", huntOptions.hunt.maxSeconds, "Stop after this many seconds (0: no limit)")
        ->capture_default_str();
    hunt->add_option("--seed", huntOptions.hunt.seed, "Random seed (same seed, same cases)")->capture_default_str();
    hunt->add_option("--max", huntOptions.hunt.maxCounterexamples,
                     "Stop after this many distinct counterexamples (0: no limit)")
        ->capture_default_str();
    hunt->add_option("--precision", huntOptions.precision, "float or double")
        ->check(CLI::IsMember({"float", "double"}))
        ->capture_default_str();
    hunt->add_option("-o,--out", huntOptions.outDir, "Write each counterexample as a scene file into this directory");
    hunt->add_option("--tolerance", huntOptions.hunt.tolerance,
                     "Count disagreements within this relative distance of the hit/miss boundary as near-boundary, "
                     "not as counterexamples (the protocol's allowance for reference algorithms, e.g. 1e-9)")
        ->capture_default_str();
    hunt->add_option("--ulps", huntOptions.hunt.valueUlps,
                     "Also hunt value disagreements: both sides hit and t_enter, t_exit, point, normal or depth "
                     "differ by more than this many ulps (docs/protocol.md, \"Value tolerance\"; 0: verdicts only)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    hunt->add_flag("--gtest", huntOptions.snippets, "Print a ready-to-paste GoogleTest case for each");
    hunt->add_flag("--quiet", huntOptions.quiet, "No progress line on standard error");

    CLI::App* bench = app.add_subcommand("bench", "Time every algorithm of every family in a scene on the scene's own "
                                                  "queries (repeated and perturbed): ns per query, min and median, "
                                                  "and a bar chart");
    BenchCliOptions benchOptions;
    bench->add_option("scene", benchOptions.scenePath, "The scene file (docs/scene-format.md)")->required();
    bench->add_option("--precision", benchOptions.precision, "float or double")
        ->check(CLI::IsMember({"float", "double"}))
        ->capture_default_str();
    bench->add_option("--rounds", benchOptions.rounds, "Timed passes per algorithm")->capture_default_str();
    bench->add_option("--queries", benchOptions.workload, "Queries per pass")->capture_default_str();

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // an unknown word where a command belongs: name it plainly
        if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr && app.get_subcommands().empty() && argc > 1 &&
            argv[1][0] != '-') {
            err << "hitlab: unknown command \"" << argv[1]
                << "\" (expected algorithms, eval, report, hunt or bench); run hitlab --help\n";
            return 2;
        }
        const int status = app.exit(e, out, err);
        return status == 0 ? 0 : 2;
    }

    // at least 1 ms: a timeout that rounds to 0 would fail every query
    const auto ExternalTimeout = [&] {
        return std::chrono::milliseconds(std::max(1LL, std::llround(externalTimeout * 1000)));
    };
    if (algorithms->parsed()) {
        const std::optional<Family> family = familyName.empty() ? std::nullopt : FamilyFromName(familyName);
        std::string error;
        const auto programs = StartPrograms(externalCommands, ExternalTimeout(), error);
        if (!error.empty()) {
            err << "hitlab algorithms: " << error << "\n";
            return 2;
        }
        std::vector<AlgorithmInfo> views;
        for (const auto& program : programs) {
            for (const ExternalAlgorithm& a : program->Algorithms()) {
                views.push_back(InfoView(a));
            }
        }
        return RunAlgorithms(out, json, family, views);
    }
    if (eval->parsed()) {
        const auto evaluate = [&](std::istream& input) {
            const auto timeout = ExternalTimeout();
            return externalCommands.empty() ? RunEval(input, out)
                                            : RunEvalExternal(input, out, err, externalCommands, timeout);
        };
        if (inputPath.empty() || inputPath == "-") {
            return evaluate(in);
        }
        std::ifstream file(inputPath, std::ios::binary);
        if (!file) {
            err << "hitlab eval: cannot open \"" << inputPath << "\"\n";
            return 2;
        }
        return evaluate(file);
    }
    if (report->parsed()) {
        return RunReport(reportOptions, out, err);
    }
    if (bench->parsed()) {
        return RunBench(benchOptions, out, err);
    }
    if (hunt->parsed()) {
        return RunHunt(huntOptions, out, err);
    }
    return openGui();
}

} // namespace hitlab
