// `hitlab hunt --plugin` and `--external`: a plugin's or an external program's algorithm against
// the exact judge or a built-in algorithm.
#include "hunt_plugin.h"

#include "app/plugin/hunt_external_export.h"

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
                        std::to_string(options.seed) + ", distribution: " + f.c.distribution + ").\n\n" + line +
                        ".\n\nSee it beside the built-in algorithms: hitlab report SCENE " + flag + "\n";
    return scene;
}

/// Prints each counterexample (and with -o its scene, with --gtest its GoogleTest case); false
/// when a scene could not be written (the reason on err).
bool PrintFinds(const HuntCliOptions& o, const HuntSource& spec, const ExternalHunt& hunt,
                const ExternalHuntReport& report, std::ostream& out, std::ostream& err)
{
    int number = 0, fileNumber = 0;
    for (const ExternalFind& f : report.found) {
        std::string line = DescribeDisagreement(f.c, o.hunt);
        if (!f.failure.empty()) {
            line = o.hunt.a + ": " + f.failure + "; " +
                   (f.c.b ? o.hunt.b + ": " + hunt::DescribeResult(*f.c.b, o.hunt.family) + "; " : "") +
                   "exact: " + DescribeExact(f.c.exact);
        }
        out << ++number << ". " << f.c.text << "\n   " << line << "\n   distribution: " << f.c.distribution << "\n";
        if (!o.outDir.empty()) {
            const std::string path = FreshScenePath(o, fileNumber);
            if (const IoError e = SaveSceneFile(ExternalCounterexampleScene(f, o.hunt, line, hunt.SourceText()), path);
                !e.what.empty()) {
                err << "hitlab hunt: " << ErrorText(e) << "\n";
                return false;
            }
            out << "   scene: " << path << "\n";
        }
        if (o.snippets) {
            out << ExternalGoogleTestSnippet(f, o.hunt, spec, hunt.Returns(), std::filesystem::current_path().string(),
                                             number);
        }
    }
    return true;
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
    o.hunt.family = *family;
    o.hunt.precision = o.precision == "float" ? Precision::Float : Precision::Double;
    ExternalHunt hunt;
    if (const std::string e = hunt.Start(o.hunt, spec, timeout); !e.empty()) {
        err << "hitlab hunt: " << e << "\n";
        return 2;
    }
    out << "hunt " << o.family << ": " << o.hunt.a << " (" << hunt.SourceText() << ") vs "
        << (o.hunt.b.empty() ? "the exact judge" : o.hunt.b) << ", " << PrecisionName(o.hunt.precision) << ", seed "
        << o.hunt.seed << "\n"
        << std::flush;
    const ExternalHuntReport report = hunt.Run(nullptr, [&](const HuntProgress& p) {
        if (!o.quiet) {
            char line[160];
            std::snprintf(line, sizeof line, "\r%llu cases, %.3g cases/s, %zu found   ",
                          static_cast<unsigned long long>(p.cases), p.casesPerSecond, p.counterexamples);
            err << line << std::flush;
        }
    });
    if (!o.quiet) {
        err << "\n";
    }
    if (!PrintFinds(o, spec, hunt, report, out, err)) {
        return 2;
    }
    const HuntProgress& p = report.progress;
    const std::string near =
        o.hunt.tolerance > 0 ? ", " + std::to_string(p.nearBoundary) + " within the tolerance of the boundary" : "";
    char summary[480];
    std::snprintf(summary, sizeof summary,
                  "%llu cases in %.2f s (%.3g cases/s, %s batches of up to %u, %zu thread%s), %llu disagreeing or "
                  "failed%s, %zu counterexample%s after shrinking, %llu exact (GMP) judgements%s\n",
                  static_cast<unsigned long long>(p.cases), p.seconds, p.casesPerSecond,
                  spec.plugin.empty() ? "program" : "plugin", plugin::kCapacity, report.threads,
                  report.threads == 1 ? "" : "s", static_cast<unsigned long long>(p.disagreements), near.c_str(),
                  report.found.size(), report.found.size() == 1 ? "" : "s",
                  static_cast<unsigned long long>(p.exactCalls),
                  HuntConclusionText(p, report.found.size(), report.notJudgedWhy).c_str());
    out << summary;
    return HuntExitStatus(HuntStatusOf(p, report.found.size()));
}

} // namespace hitlab
