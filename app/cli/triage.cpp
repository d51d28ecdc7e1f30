// `hitlab triage`: the command, its text and its files.
#include "triage.h"

#include "core/exact/hunt_detail.h"
#include "core/io/scene_file.h"
#include "core/text.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace hitlab {

namespace {

std::string Plural(std::uint64_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

std::string SiteName(const std::string& where) { return where.empty() ? "(no call site)" : where; }

/// "line 12 (player.cpp:88, frame 4)".
std::string CaseLine(const TriageCase& c)
{
    std::string detail = c.where;
    if (c.hasFrame) {
        detail += (detail.empty() ? "" : ", ") + std::string("frame ") + std::to_string(c.frame);
    }
    if (c.answerName != "answer") {
        detail += (detail.empty() ? "" : ", ") + std::string("answer ") + c.answerName;
    }
    return "line " + std::to_string(c.line) + (detail.empty() ? "" : " (" + detail + ")");
}

void PrintTotals(const TriageReport& r, const std::string& capture, std::ostream& out)
{
    out << "triage " << capture;
    if (r.header.present) {
        out << ": engine \"" << r.header.engine << "\"";
    }
    out << ", " << Plural(r.lines, "line") << " in " << ShortNumber(r.seconds, 3) << " s\n";
    if (!r.conventions.empty()) {
        out << "  conventions:";
        for (const auto& [key, value] : r.conventions) {
            out << " " << key << "=" << value;
        }
        out << "\n";
    }
    out << "  judged " << Plural(r.judged, "answer") << ": " << r.agreeing << " agree, " << r.convention
        << " explained by a declared convention, " << r.rounding << " rounding, " << r.unexplained << " unexplained\n";
    if (r.bad > 0) {
        out << "  bad lines: " << r.bad << " (skipped)\n";
        for (const TriageBadLine& b : r.badLines) {
            out << "    line " << b.line << ": " << ErrorText(b.error) << "\n";
        }
        if (r.badLines.size() < r.bad) {
            out << "    ... and " << (r.bad - r.badLines.size()) << " more\n";
        }
        // the exit status counts unexplained answers only: say plainly what was not judged at all
        out << (r.judged == 0 ? "  nothing was judged: every query line is bad\n"
                              : "  the bad lines' answers are not judged, right or wrong\n");
    }
}

void PrintGroup(const TriageGroup& g, int index, const std::string& scene, std::ostream& out)
{
    const TriageCase& w = g.worst;
    const AnswerJudgement& j = w.judgement;
    out << index << ". " << Plural(g.count, "answer") << ": " << g.kind << " (situation: " << g.situation << ")";
    if (!j.wrongVerdict && j.ulps > 0) {
        out << ", worst " << ShortNumber(j.ulps, 3) << " ulps";
    }
    out << "\n   worst: " << CaseLine(w) << ": " << DescribeQuery(w.query) << "\n";
    out << "     the engine (" << PrecisionName(w.precision)
        << "): " << hunt::DescribeResult(w.answer.result, w.query.family)
        << "; exact: " << (j.exactJudged ? DescribeExact(j.exact) : std::string("not judged")) << "\n";
    out << "     " << j.reason << "\n   call sites:";
    for (std::size_t i = 0; i < g.sites.size() && i < 10; ++i) {
        out << (i == 0 ? " " : ", ") << SiteName(g.sites[i].first) << " (" << g.sites[i].second << ")";
    }
    out << (g.sites.size() > 10 ? ", ... (" + Plural(g.sites.size(), "site") + ")" : std::string()) << "\n";
    if (!scene.empty()) {
        out << "   scene: " << scene << "\n";
    }
}

bool MakeFolder(const std::string& dir, std::ostream& err)
{
    std::error_code ec;
    if (std::filesystem::exists(dir, ec) && !std::filesystem::is_directory(dir, ec)) {
        err << "hitlab triage: -o: \"" << dir << "\" is a file, not a folder\n";
        return false;
    }
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        err << "hitlab triage: -o: cannot create \"" << dir << "\": " << ec.message() << "\n";
        return false;
    }
    return true;
}

/// -o DIR: group-N.json per group and triage_test.cpp; false with one line on err on failure.
bool WriteFiles(const TriageReport& report, const TriageCliOptions& o, TriageFiles& files, std::ostream& err)
{
    if (!MakeFolder(o.outDir, err)) {
        return false;
    }
    const std::string capture = std::filesystem::path(o.capture).filename().string();
    for (std::size_t i = 0; i < report.groups.size(); ++i) {
        const std::string path =
            (std::filesystem::path(o.outDir) / ("group-" + std::to_string(i + 1) + ".json")).string();
        if (const IoError e = SaveSceneFile(TriageCaseScene(report.groups[i], capture), path); !e.what.empty()) {
            err << "hitlab triage: -o: " << ErrorText(e) << "\n";
            return false;
        }
        files.scenes.push_back(path);
    }
    files.tests = (std::filesystem::path(o.outDir) / "triage_test.cpp").string();
    std::ofstream file(files.tests, std::ios::binary);
    file << TriageGoogleTestFile(report.groups, capture);
    file.close();
    if (!file) {
        err << "hitlab triage: -o: cannot write \"" << files.tests << "\"\n";
        return false;
    }
    return true;
}

} // namespace

IoError ReadConventionsFile(const std::string& path, OwnedConventions& out)
{
    std::ifstream file(path, std::ios::binary);
    std::error_code ec;
    if (!file || std::filesystem::is_directory(path, ec)) {
        return {path, "cannot read the conventions file"};
    }
    std::stringstream text;
    text << file.rdbuf();
    const nlohmann::json j = nlohmann::json::parse(text.str(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        return {path, "expected a JSON object of conventions ({\"origin_inside\": \"miss\", ...}) or a capture header"};
    }
    const bool header = j.contains("capture") || j.contains("conventions");
    IoError e = ParseConventions(header ? j.value("conventions", nlohmann::json::object()) : j, "conventions", out);
    if (!e.what.empty()) {
        e.where = path + ": " + e.where;
    }
    return e;
}

int RunTriageCommand(const TriageCliOptions& o, std::ostream& out, std::ostream& err)
{
    TriageOptions options;
    options.threads = o.threads;
    if (!o.conventionsFile.empty()) {
        if (const IoError e = ReadConventionsFile(o.conventionsFile, options.conventions); !e.what.empty()) {
            err << "hitlab triage: --conventions: " << ErrorText(e) << "\n";
            return 2;
        }
    }
    bool shown = false; // progress on a big capture
    const auto progress = [&](const TriageProgress& p) {
        if (!o.quiet && p.totalBytes > (std::uint64_t(64) << 20)) {
            err << "\rhitlab triage: " << (100 * p.bytesRead / p.totalBytes) << "% (" << p.lines << " lines)"
                << std::flush;
            shown = true;
        }
    };
    const TriageReport report = RunTriage(o.capture, options, progress);
    if (shown) {
        err << "\n";
    }
    if (!report.error.what.empty()) {
        err << "hitlab triage: " << ErrorText(report.error) << "\n";
        return 2;
    }
    TriageFiles files;
    if (!o.outDir.empty() && !WriteFiles(report, o, files, err)) {
        return 2;
    }
    if (o.json) {
        out << TriageJson(report, o.capture, files).dump(2) << "\n";
    } else {
        PrintTotals(report, o.capture, out);
        if (!report.groups.empty()) {
            out << "unexplained, by cause:\n";
        }
        for (std::size_t i = 0; i < report.groups.size(); ++i) {
            PrintGroup(report.groups[i], int(i + 1), i < files.scenes.size() ? files.scenes[i] : "", out);
        }
        if (!files.tests.empty()) {
            out << "GoogleTest cases: " << files.tests << "\n";
        }
    }
    return report.unexplained > 0 ? 1 : 0;
}

} // namespace hitlab
