// `hitlab hunt`: search, print, write scenes.
#include "hunt.h"
#include "hunt_json.h"

#include "core/io/protocol.h"
#include "core/io/scene_file.h"
#include "core/timing.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

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

std::string FreshTestPath(const HuntCliOptions& o)
{
    const std::string stem =
        o.family + "-" + o.hunt.a + "-" + (o.hunt.b.empty() ? "exact" : o.hunt.b) + "-" + std::to_string(o.hunt.seed);
    std::error_code ec;
    for (int n = 1;; ++n) {
        const std::filesystem::path path =
            std::filesystem::path(o.outDir) / (stem + "-tests" + (n == 1 ? "" : "-" + std::to_string(n)) + ".cpp");
        if (!std::filesystem::exists(path, ec)) {
            return path.string();
        }
    }
}

bool ResolveValueMode(HuntCliOptions& o, std::ostream& err)
{
    if (o.verdictOnly && o.ulps) {
        err << "hitlab hunt: give either --ulps or --verdict-only, not both (--verdict-only compares verdicts "
               "only, --ulps N also values within N ulps)\n";
        return false;
    }
    if (o.ulps && *o.ulps <= 0) {
        err << "hitlab hunt: --ulps: expected a number above 0 (--verdict-only compares verdicts only), got " << *o.ulps
            << "\n";
        return false;
    }
    o.hunt.valueUlps = o.verdictOnly ? 0 : o.ulps.value_or(kValueUlps);
    return true;
}

bool WriteTestFile(const std::string& path, const std::string& text, std::ostream& err)
{
    std::ofstream file(path, std::ios::binary);
    file << text;
    file.close();
    if (!file) {
        err << "hitlab hunt: cannot write the test file \"" << path << "\"\n";
        return false;
    }
    return true;
}

bool WriteTestFiles(const HuntCliOptions& o, const std::string& text, bool found, std::ostream& out, std::ostream& err,
                    std::vector<std::string>& written)
{
    for (const std::string& path : {o.gtestFile, !o.outDir.empty() && found ? FreshTestPath(o) : std::string()}) {
        if (path.empty()) {
            continue;
        }
        if (!WriteTestFile(path, text, err)) {
            return false;
        }
        written.push_back(path);
        out << (o.json ? "" : "GoogleTest cases: " + path + "\n");
    }
    return true;
}

std::string GroupText(int index, const Counterexample& c, const std::string& a, const std::string& line)
{
    return std::to_string(index) + ". " + HuntGroupLine(c, a) + "\n   smallest: " + c.text + "\n   " + line + "\n";
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

std::string HuntHeading(const HuntCliOptions& o, const std::string& source)
{
    char ulps[64];
    std::snprintf(ulps, sizeof ulps, "values within %g ulps", o.hunt.valueUlps);
    return "hunt " + o.family + ": " + o.hunt.a + (source.empty() ? "" : " (" + source + ")") + " vs " +
           (o.hunt.b.empty() ? "the exact judge" : o.hunt.b) + ", " + PrecisionName(o.hunt.precision) + ", " +
           (o.hunt.valueUlps > 0 ? std::string(ulps) : "verdicts only") + ", seed " + std::to_string(o.hunt.seed);
}

namespace {

/// Writes each group's scene into -o and the test files (--gtest FILE, and into -o when something
/// was found), and prints the groups as text, or adds them to json with --json; false when a file
/// could not be written (the reason on err).
bool PrintGroups(const HuntCliOptions& o, const HuntReport& report, std::ostream& out, std::ostream& err,
                 nlohmann::ordered_json& json, std::vector<std::string>& testFiles)
{
    int index = 0;
    int fileNumber = 0;
    const AlgorithmInfo* a = FindAlgorithm(o.hunt.family, o.hunt.a);
    for (const Counterexample& c : report.counterexamples) {
        std::string text = GroupText(++index, c, o.hunt.a, DescribeDisagreement(c, o.hunt)), scene;
        if (!o.outDir.empty()) {
            scene = FreshScenePath(o, fileNumber);
            if (const IoError e = SaveSceneFile(CounterexampleScene(c, o.hunt), scene); !e.what.empty()) {
                err << "hitlab hunt: " << ErrorText(e) << "\n";
                return false;
            }
            text += "   scene: " + scene + "\n";
        }
        json.push_back(HuntGroupJson(c, o.hunt, a != nullptr ? a->returns : kFieldHit, "", scene));
        out << (o.json ? "" : text);
    }
    return WriteTestFiles(o, GoogleTestFile(report.counterexamples, o.hunt), !report.counterexamples.empty(), out, err,
                          testFiles);
}

/// The last line: cases, speed, path, threads, disagreements, groups, near-boundary, GMP calls.
std::string Summary(const HuntReport& report)
{
    const std::size_t groups = report.counterexamples.size();
    char summary[480];
    std::snprintf(summary, sizeof summary,
                  "%llu cases in %.2f s (%.3g cases/s, %s, %zu thread%s), %llu disagreeing in %zu group%s, %llu within "
                  "the tolerance of the boundary, %llu exact (GMP) judgements%s\n",
                  static_cast<unsigned long long>(report.progress.cases), report.progress.seconds,
                  report.progress.casesPerSecond, report.method.c_str(), report.threads, report.threads == 1 ? "" : "s",
                  static_cast<unsigned long long>(report.progress.disagreements), groups, groups == 1 ? "" : "s",
                  static_cast<unsigned long long>(report.progress.nearBoundary),
                  static_cast<unsigned long long>(report.progress.exactCalls),
                  HuntConclusionText(report.progress, groups, report.notJudgedWhy).c_str());
    return summary;
}

} // namespace

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
    if (!o.gtestLinkedFile.empty()) {
        err << "hitlab hunt: --gtest-linked: only for a plugin's algorithm (--plugin FILE); use --gtest FILE\n";
        return 2;
    }
    o.hunt.precision = o.precision == "float" ? Precision::Float : Precision::Double;
    if (!ResolveValueMode(o, err)) {
        return 2;
    }
    if (const IoError e = ValidateHunt(o.hunt); !e.what.empty()) {
        // the options are the command's flags of the same names: "--a: unknown algorithm ..."
        err << "hitlab hunt: " << ErrorText(IoError{"--" + e.where, e.what}) << "\n";
        return 2;
    }
    if (!MakeOutDir(o.outDir, err)) {
        return 2;
    }
    if (!o.json) {
        out << HuntHeading(o, "") << ", " << HuntThreads(o.hunt) << (HuntThreads(o.hunt) == 1 ? " thread" : " threads")
            << "\n"
            << std::flush;
    }
    const HuntReport report = hitlab::RunHunt(o.hunt, nullptr, [&](const HuntProgress& p) {
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
    if (!PrintGroups(o, report, out, err, groups, testFiles)) {
        return 2;
    }
    if (o.json) {
        out << HuntReportJson(o, "", std::move(groups), report.progress, report.threads, report.method, testFiles, true,
                              report.notJudgedWhy)
                   .dump(2)
            << "\n";
    } else {
        out << Summary(report);
    }
    return HuntExitStatus(HuntStatusOf(report.progress, report.counterexamples.size()));
}

} // namespace hitlab
