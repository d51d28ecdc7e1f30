// `hitlab hunt`: search, print, write scenes.
#include "hunt.h"

#include "core/io/protocol.h"
#include "core/io/scene_file.h"
#include "core/timing.h"

#include <cstdio>
#include <filesystem>

namespace hitlab {

bool MakeOutDir(const std::string& dir, std::ostream& err)
{
    if (dir.empty()) {
        return true;
    }
    std::error_code ec;
    if (std::filesystem::exists(dir, ec) && !std::filesystem::is_directory(dir, ec)) {
        err << "hitlab hunt: -o: \"" << dir << "\" is a file, not a directory\n";
        return false;
    }
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        err << "hitlab hunt: cannot create \"" << dir << "\": " << ec.message() << "\n";
        return false;
    }
    return true;
}

/// The next file name of the hunt's counterexamples in -o that no file has yet:
/// FAMILY-A-B-SEED-N.json with N above *number, so that a rerun into the same folder adds files
/// and never overwrites what an earlier run found. *number becomes the N taken.
std::string FreshScenePath(const HuntCliOptions& o, int& number)
{
    const std::string stem =
        o.family + "-" + o.hunt.a + "-" + (o.hunt.b.empty() ? "exact" : o.hunt.b) + "-" + std::to_string(o.hunt.seed);
    std::error_code ec;
    while (true) {
        const std::filesystem::path path =
            std::filesystem::path(o.outDir) / (stem + "-" + std::to_string(++number) + ".json");
        if (!std::filesystem::exists(path, ec)) { // (on an error the save reports it)
            return path.string();
        }
    }
}

std::optional<Query> AroundQuery(const std::string& path, const std::string& family, std::string& error)
{
    const SceneLoad load = LoadSceneFile(path);
    if (!load.Ok()) {
        error = ErrorText(load.error);
        return std::nullopt;
    }
    const std::optional<Family> f = FamilyFromName(family);
    for (const Query& q : SceneQueries(*load.scene)) {
        if (f && q.family == *f) {
            return q;
        }
    }
    error = path + ": no pair of shapes of the family " + family;
    return std::nullopt;
}

int HuntExitStatus(HuntStatus status)
{
    switch (status) {
    case HuntStatus::NoneFound:
        return 0;
    case HuntStatus::Found:
        return 1;
    case HuntStatus::Inconclusive:
        return kHuntInconclusiveExit;
    }
    return kHuntInconclusiveExit;
}

std::string HuntConclusionText(const HuntProgress& progress, std::size_t counterexamples, const std::string& why)
{
    const HuntStatus status = HuntStatusOf(progress, counterexamples);
    const std::string notJudged = HuntNotJudgedText(progress, why);
    switch (status) {
    case HuntStatus::NoneFound:
        return ": none found";
    case HuntStatus::Found:
        return notJudged.empty() ? "" : "; " + notJudged;
    case HuntStatus::Inconclusive:
        return ": inconclusive, " + notJudged;
    }
    return "";
}

int RunHunt(HuntCliOptions o, std::ostream& out, std::ostream& err)
{
    const auto family = FamilyFromName(o.family);
    if (!family) {
        err << "hitlab hunt: unknown family \"" << o.family << "\"\n";
        return 2;
    }
    o.hunt.family = *family;
    if (o.exact) {
        if (!o.hunt.b.empty()) {
            err << "hitlab hunt: give either --b or --exact, not both\n";
            return 2;
        }
    }
    o.hunt.precision = o.precision == "float" ? Precision::Float : Precision::Double;
    if (const IoError e = ValidateHunt(o.hunt); !e.what.empty()) {
        // the options are the command's flags of the same names: "--a: unknown algorithm ..."
        err << "hitlab hunt: " << ErrorText(IoError{"--" + e.where, e.what}) << "\n";
        return 2;
    }
    if (!MakeOutDir(o.outDir, err)) {
        return 2;
    }
    const std::string versus = o.hunt.b.empty() ? "the exact judge" : o.hunt.b;
    out << "hunt " << o.family << ": " << o.hunt.a << " vs " << versus << ", " << PrecisionName(o.hunt.precision)
        << ", seed " << o.hunt.seed << ", " << HuntThreads(o.hunt)
        << (HuntThreads(o.hunt) == 1 ? " thread" : " threads") << "\n"
        << std::flush;
    const HuntReport report = hitlab::RunHunt(o.hunt, nullptr, [&](const HuntProgress& p) {
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
    int index = 0;
    int fileNumber = 0;
    for (const Counterexample& c : report.counterexamples) {
        ++index;
        out << index << ". " << c.text << "\n   " << DescribeDisagreement(c, o.hunt)
            << "\n   distribution: " << c.distribution << "\n";
        if (!o.outDir.empty()) {
            const std::string path = FreshScenePath(o, fileNumber);
            if (const IoError e = SaveSceneFile(CounterexampleScene(c, o.hunt), path); !e.what.empty()) {
                err << "hitlab hunt: " << ErrorText(e) << "\n";
                return 2;
            }
            out << "   scene: " << path << "\n";
        }
        if (o.snippets) {
            out << GoogleTestSnippet(c, o.hunt, index);
        }
    }
    char summary[400];
    std::snprintf(summary, sizeof summary,
                  "%llu cases in %.2f s (%.3g cases/s, %s, %zu thread%s), %llu disagreeing, %llu within the tolerance "
                  "of the boundary, "
                  "%zu counterexample%s after shrinking, %llu exact (GMP) judgements%s\n",
                  static_cast<unsigned long long>(report.progress.cases), report.progress.seconds,
                  report.progress.casesPerSecond, report.method.c_str(), report.threads, report.threads == 1 ? "" : "s",
                  static_cast<unsigned long long>(report.progress.disagreements),
                  static_cast<unsigned long long>(report.progress.nearBoundary), report.counterexamples.size(),
                  report.counterexamples.size() == 1 ? "" : "s",
                  static_cast<unsigned long long>(report.progress.exactCalls),
                  HuntConclusionText(report.progress, report.counterexamples.size(), report.notJudgedWhy).c_str());
    out << summary;
    return HuntExitStatus(HuntStatusOf(report.progress, report.counterexamples.size()));
}

} // namespace hitlab
