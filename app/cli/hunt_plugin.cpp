// `hitlab hunt --plugin` and `--external`: a plugin's or an external program's algorithm against
// the exact judge or a built-in algorithm.
#include "hunt_plugin.h"
#include "hunt_json.h"

#include "app/sources/hunt_external_export.h"

#include "core/exact/hunt_detail.h"
#include "core/io/protocol.h"
#include "core/io/scene_file.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace hitlab {

namespace {

/// The counterexample as a scene (CounterexampleScene): its two shapes, the built-in b (or every
/// algorithm of the family against the judge), drawn: b or the reference (a is not HitLab's);
/// the description says what the source answered and how to run it again beside them.
Scene ExternalCounterexampleScene(const ExternalFind& f, const HuntOptions& options, const std::string& line,
                                  const std::string& source)
{
    Scene scene = CounterexampleScene(f.c, options);
    FamilySettings& settings = scene.Settings(f.c.query.family);
    if (settings.drawn == nullptr) {
        const AlgorithmInfo* b = options.b.empty() ? nullptr : FindAlgorithm(f.c.query.family, options.b);
        settings.drawn = b != nullptr ? b : &ReferenceAlgorithm(f.c.query.family);
        if (std::find(settings.enabled.begin(), settings.enabled.end(), settings.drawn) == settings.enabled.end()) {
            settings.enabled.insert(settings.enabled.begin(), settings.drawn);
        }
    }
    const std::string flag =
        source.rfind("plugin ", 0) == 0 ? "--plugin " + source.substr(7) : "--external '" + source.substr(8) + "'";
    scene.description = "Found by `hitlab hunt " + flag + "` (" + std::string(FamilyName(f.c.query.family)) + ", " +
                        (options.precision == Precision::Float ? "float" : "double") + ", seed " +
                        std::to_string(options.seed) +
                        "), the smallest case of its group: " + HuntGroupLine(f.c, options.a) + ".\n\n" + line +
                        ".\n\nSee it beside the built-in algorithms: hitlab report SCENE " + flag + "\n";
    return scene;
}

/// The test files: --gtest FILE, --gtest-linked FILE, and into -o when something was found (each
/// path added to written).
bool WriteTests(const HuntCliOptions& o, const HuntSource& spec, const ExternalHunt& hunt,
                const ExternalHuntReport& report, std::ostream& out, std::ostream& err,
                std::vector<std::string>& written)
{
    const std::string cwd = std::filesystem::current_path().string();
    const std::string tests = ExternalGoogleTestFile(report.found, o.hunt, spec, hunt.Returns(), cwd, false);
    if (!WriteTestFiles(o, tests, !report.found.empty(), out, err, written)) {
        return false;
    }
    if (!o.gtestLinkedFile.empty()) {
        if (!WriteTestFile(o.gtestLinkedFile,
                           ExternalGoogleTestFile(report.found, o.hunt, spec, hunt.Returns(), cwd, true), err)) {
            return false;
        }
        written.push_back(o.gtestLinkedFile);
        out << (o.json ? "" : "GoogleTest cases (the plugin linked in): " + o.gtestLinkedFile + "\n");
    }
    return true;
}

/// Prints each group as text, or adds it to json with --json (and with -o writes its scene), and
/// writes the test files; false when a file could not be written (the reason on err).
bool PrintFinds(const HuntCliOptions& o, const HuntSource& spec, const ExternalHunt& hunt,
                const ExternalHuntReport& report, std::ostream& out, std::ostream& err, nlohmann::ordered_json& json,
                std::vector<std::string>& testFiles)
{
    int number = 0, fileNumber = 0;
    for (const ExternalFind& f : report.found) {
        std::string line = DescribeDisagreement(f.c, o.hunt);
        if (!f.failure.empty()) {
            line = o.hunt.a + ": " + f.failure + "; " +
                   (f.c.b ? o.hunt.b + ": " + hunt::DescribeResult(*f.c.b, o.hunt.family) + "; " : "") +
                   "exact: " + DescribeExact(f.c.exact);
        }
        std::string text = GroupText(++number, f.c, o.hunt.a, line), scene;
        if (!o.outDir.empty()) {
            scene = FreshScenePath(o, fileNumber);
            if (const IoError e = SaveSceneFile(ExternalCounterexampleScene(f, o.hunt, line, hunt.SourceText()), scene);
                !e.what.empty()) {
                err << "hitlab hunt: " << ErrorText(e) << "\n";
                return false;
            }
            text += "   scene: " + scene + "\n";
        }
        json.push_back(HuntGroupJson(f.c, o.hunt, hunt.Returns(), f.failure, scene));
        out << (o.json ? "" : text);
    }
    return WriteTests(o, spec, hunt, report, out, err, testFiles);
}

/// The last line: cases, speed, source, threads, disagreements and failures, groups, GMP calls.
std::string ExternalSummary(const ExternalHuntReport& report, bool plugin, double tolerance)
{
    const HuntProgress& p = report.progress;
    const std::string near =
        tolerance > 0 ? ", " + std::to_string(p.nearBoundary) + " within the tolerance of the boundary" : "";
    char summary[560];
    std::snprintf(summary, sizeof summary,
                  "%llu cases in %.2f s (%.3g cases/s, %s batches of up to %u, %zu thread%s), %llu disagreeing or "
                  "failed in %zu group%s%s, %llu exact (GMP) judgements%s\n",
                  static_cast<unsigned long long>(p.cases), p.seconds, p.casesPerSecond, plugin ? "plugin" : "program",
                  kExternalHuntBatch, report.threads, report.threads == 1 ? "" : "s",
                  static_cast<unsigned long long>(p.disagreements), report.found.size(),
                  report.found.size() == 1 ? "" : "s", near.c_str(), static_cast<unsigned long long>(p.exactCalls),
                  HuntConclusionText(p, report.found.size(), report.notJudgedWhy).c_str());
    return summary;
}

} // namespace

int RunHuntExternal(HuntCliOptions o, const HuntSource& spec, std::chrono::milliseconds timeout, std::ostream& out,
                    std::ostream& err)
{
    const auto family = FamilyFromName(o.family);
    if (!family) {
        err << "hitlab hunt: unknown family \"" << o.family << "\"\n";
        return 2;
    }
    if (!spec.plugin.empty() && !spec.external.empty()) {
        err << "hitlab hunt: give either --plugin or --external, not both\n";
        return 2;
    }
    if (!MakeOutDir(o.outDir, err)) {
        return 2;
    }
    if (o.exact && !o.hunt.b.empty()) {
        err << "hitlab hunt: give either --b or --exact, not both\n";
        return 2;
    }
    if (!o.gtestLinkedFile.empty() && spec.plugin.empty()) {
        err << "hitlab hunt: --gtest-linked: only for a plugin's algorithm (--plugin FILE); use --gtest FILE\n";
        return 2;
    }
    if (!ResolveValueMode(o, err)) {
        return 2;
    }
    o.hunt.family = *family;
    o.hunt.precision = o.precision == "float" ? Precision::Float : Precision::Double;
    ExternalHunt hunt;
    if (const std::string e = hunt.Start(o.hunt, spec, timeout); !e.empty()) {
        err << "hitlab hunt: " << e << "\n";
        return 2;
    }
    out << (o.json ? "" : HuntHeading(o, hunt.SourceText()) + "\n") << std::flush;
    const ExternalHuntReport report = hunt.Run(nullptr, [&](const HuntProgress& p) {
        if (!o.quiet) {
            char line[160];
            std::snprintf(line, sizeof line, "\r%llu cases, %.3g cases/s, %zu groups   ",
                          static_cast<unsigned long long>(p.cases), p.casesPerSecond, p.counterexamples);
            err << line << std::flush;
        }
    });
    if (!o.quiet) {
        err << "\n";
    }
    nlohmann::ordered_json groups = nlohmann::ordered_json::array();
    std::vector<std::string> testFiles;
    if (!PrintFinds(o, spec, hunt, report, out, err, groups, testFiles)) {
        return 2;
    }
    if (o.json) {
        const std::string method = spec.plugin.empty() ? "program" : "plugin";
        out << HuntReportJson(o, hunt.SourceText(), std::move(groups), report.progress, report.threads, method,
                              testFiles, true, report.notJudgedWhy)
                   .dump(2)
            << "\n";
    } else {
        out << ExternalSummary(report, !spec.plugin.empty(), o.hunt.tolerance);
    }
    return HuntExitStatus(HuntStatusOf(report.progress, report.found.size()));
}

} // namespace hitlab
