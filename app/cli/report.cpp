// `hitlab report`: a scene's queries, every algorithm's answer, and why they disagree, a chunk of
// queries at a time.
#include "report.h"

#include "offset.h"

#include "app/paths/data_dir.h"
#include "app/sources/external_runs.h"
#include "report_format.h"

#include "core/io/scene_file.h"
#include "core/pair_cull.h"
#include "core/scene_eval.h"
#include "core/worker_pool.h"

#include <algorithm>
#include <array>
#include <thread>

namespace hitlab {

using nlohmann::ordered_json;

namespace {

/// Queries evaluated and written at a time: memory stays flat in the number of queries.
constexpr size_t kChunk = 4096;

/// Evaluates and judges one query as the report shows it: the scene's comparison, with --exact
/// judged again with the exact values, with --external the external algorithms' outcomes added;
/// a comparison that does not agree is always explained with the exact judge's values (rounding
/// then means what docs/protocol.md says, judged exactly, and an algorithm that is right where the
/// reference is off is not blamed); then its status.
void Judge(const Scene& scene, bool exact, ReportedQuery& q)
{
    q.comparison = SceneEvaluator::EvaluateQuery(scene, q.query);
    if (!exact && q.external.empty() && q.comparison.agree) {
        q.status = StatusOf(q.comparison);
        return;
    }
    const Query query = scene.MakeQuery(q.query);
    const Precision precision = scene.Settings(query.family).precision;
    std::optional<ExactValues> values;
    if (exact) {
        q.exact = JudgeExact(query);
        values = ComparisonValues(*q.exact, query, precision);
    } else {
        values = JudgeForComparison(query, precision);
    }
    if (!q.external.empty()) {
        AddExternalOutcomes(query, precision, q.external, values ? &*values : nullptr, q.comparison, q.failed);
    } else if (values) {
        Explain(query, precision, q.comparison, &*values);
    }
    q.status = StatusOf(q.comparison);
}

/// Writes the report as it is evaluated: tables, or one JSON object whose "queries" array is
/// written item by item (the same text as one dump of the whole object, indented by 2).
class ReportWriter {
public:
    ReportWriter(std::ostream& out, const Scene& scene, bool json) : m_out(out), m_scene(scene), m_json(json) {}

    /// The heading; notRun: the external algorithms not run, one note each under the title (the
    /// JSON summary lists them).
    void Begin(const std::string& source, const std::vector<NotRunAlgorithm>& notRun)
    {
        if (m_json) {
            m_out << "{\n  \"scene\": " << Dump(ordered_json(source), 2)
                  << ",\n  \"title\": " << Dump(ordered_json(m_scene.title), 2) << ",\n  \"queries\": [";
        } else {
            m_out << source << (m_scene.title.empty() ? "" : ": " + m_scene.title) << "\n";
            for (const NotRunAlgorithm& n : notRun) {
                m_out << "note: " << NotRunText(n) << "\n";
            }
        }
    }
    void Query(const ReportedQuery& q)
    {
        if (m_json) {
            m_out << (m_first ? "\n    " : ",\n    ") << Dump(QueryJson(m_scene, q), 4);
            m_first = false;
        } else {
            WriteQueryText(m_out, m_scene, q);
        }
    }
    void End(const ReportSummary& summary)
    {
        if (m_json) {
            m_out << (m_first ? "]" : "\n  ]") << ",\n  \"summary\": " << Dump(SummaryJson(summary), 2) << "\n}\n";
        } else {
            WriteSummaryText(m_out, summary);
        }
    }

private:
    /// j dumped with 2-space indentation, every line after the first indented by `indent` more.
    static std::string Dump(const ordered_json& j, int indent)
    {
        const std::string text = j.dump(2, ' ', false, ordered_json::error_handler_t::replace);
        std::string out;
        out.reserve(text.size() + text.size() / 8);
        for (char c : text) {
            out += c;
            if (c == '\n') {
                out.append(static_cast<size_t>(indent), ' ');
            }
        }
        return out;
    }

    std::ostream& m_out;
    const Scene& m_scene;
    bool m_json;
    bool m_first = true;
};

/// The list of queries the report evaluates, or "" and the message refusing it.
std::string ListReportQueries(const Scene& scene, const ReportOptions& options, QueryList& list)
{
    QueryListOptions listing;
    listing.limit = options.maxQueries;
    listing.cullSolidPairs = options.solidPairs == SolidPairs::Overlapping;
    if (options.solidPairs == SolidPairs::Auto) {
        listing.limit = 0; // count only: whether to cull depends on the count
        const QueryList counted = ListQueries(scene, listing);
        listing.limit = options.maxQueries;
        listing.cullSolidPairs = counted.solidPairs > kCullSolidPairsAbove;
    }
    list = ListQueries(scene, listing);
    if (!list.overLimit) {
        return {};
    }
    std::string what = std::to_string(list.casts) + (list.casts == 1 ? " cast" : " casts");
    if (list.casts > options.maxQueries) {
        return options.scenePath + ": " + what + " (rays and segments against the other shapes) make more queries " +
               "than --max-queries " + std::to_string(options.maxQueries) +
               "; use fewer rays and segments, or raise --max-queries";
    }
    if (list.solidPairs > 0) {
        what += listing.cullSolidPairs ? " and at least " + std::to_string(list.Listed() - list.casts) +
                                             " pairs of solids whose bounds overlap"
                                       : " and " + std::to_string(list.solidPairs) + " pairs of solids";
    }
    std::string how = list.solidPairs > 0 ? "; turn the pairs of solids off with \"solid_pairs\": false in the "
                                            "file's \"queries\" object, or raise --max-queries"
                                          : "; use fewer rays and segments, or raise --max-queries";
    return options.scenePath + ": " + what + " make more queries than --max-queries " +
           std::to_string(options.maxQueries) + how;
}

} // namespace

std::string SelectAlgorithms(Scene& scene, const std::vector<std::string>& names)
{
    std::vector<const AlgorithmInfo*> chosen;
    for (const std::string& name : names) {
        bool found = false;
        for (const AlgorithmInfo& info : Algorithms()) {
            if (info.name == name) {
                chosen.push_back(&info);
                found = true;
            }
        }
        if (!found) {
            std::string valid;
            for (const AlgorithmInfo& info : Algorithms()) {
                valid += (valid.empty() ? "" : ", ") + std::string(info.name);
            }
            return "--algorithms: unknown algorithm \"" + name + "\" (expected names from: " + valid + ")";
        }
    }
    for (Family family : AllFamilies()) {
        FamilySettings& settings = scene.Settings(family);
        settings.enabled.clear();
        for (const AlgorithmInfo* info : AlgorithmsOf(family)) {
            if (std::find(chosen.begin(), chosen.end(), info) != chosen.end()) {
                settings.enabled.push_back(info);
            }
        }
        if (std::find(settings.enabled.begin(), settings.enabled.end(), settings.drawn) == settings.enabled.end()) {
            settings.drawn = settings.enabled.empty() ? nullptr : settings.enabled.front();
        }
    }
    scene.TouchSettings();
    return {};
}

namespace {

/// Starts the programs of --external and the plugins of --plugin. The scene's own "plugins" are
/// never loaded: each one not given with --plugin gets a note on err saying how to add it.
/// Returns "" or the error refusing a program or plugin.
std::string StartReportSources(const ReportOptions& options, const Scene& scene, ExternalRuns& external,
                               std::ostream& err)
{
    WriteScenePluginNotes(err, "report", options.scenePath, scene.plugins, options.plugins);
    if (options.externalCommands.empty() && options.plugins.empty()) {
        return {};
    }
    return StartExternalPrograms(SourceSpecs(options.externalCommands, options.plugins), options.externalTimeout,
                                 external);
}

/// The plugins' algorithms without a function for their family's precision in this report (AlgorithmSource::Has),
/// each with the number of the report's queries of its family.
std::vector<NotRunAlgorithm> NotRunAlgorithms(const Scene& scene, const QueryList& list, const ExternalRuns& external)
{
    std::array<size_t, kFamilyCount> queries{};
    for (const SceneQuery& q : list.queries) {
        queries[static_cast<size_t>(q.family)] += scene.Settings(q.family).enabled.empty() ? 0 : 1;
    }
    std::vector<NotRunAlgorithm> out;
    for (const std::unique_ptr<AlgorithmSource>& source : external.programs) {
        for (size_t a = 0; a < source->Algorithms().size(); ++a) {
            const ExternalAlgorithm& algorithm = source->Algorithms()[a];
            const Precision precision = scene.Settings(algorithm.family).precision;
            const size_t n = queries[static_cast<size_t>(algorithm.family)];
            if (n == 0 || source->Has(a, precision)) {
                continue;
            }
            const Precision other = precision == Precision::Float ? Precision::Double : Precision::Float;
            out.push_back({algorithm.name, source->Command(), algorithm.family, precision, n, source->Has(a, other)});
        }
    }
    return out;
}

/// Evaluates the listed queries a chunk at a time (external programs asked per chunk, the
/// queries judged on several threads, each alone) and writes each as it is judged.
ReportSummary WriteReportQueries(const Scene& scene, const QueryList& list, const ReportOptions& options,
                                 ExternalRuns& external, ReportWriter& writer)
{
    ReportSummary summary;
    summary.culled = list.culled;
    summary.solidPairsApart = list.solidPairsApart;
    WorkerPool pool;
    const size_t threads = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 8);
    std::vector<ReportedQuery> chunk;
    for (size_t start = 0; start < list.queries.size(); start += kChunk) {
        const std::span<const SceneQuery> queries =
            std::span(list.queries).subspan(start, std::min(kChunk, list.queries.size() - start));
        if (!external.programs.empty()) {
            AskExternalPrograms(scene, queries, external);
        }
        // the queries of families that run something
        chunk.clear();
        for (size_t k = 0; k < queries.size(); ++k) {
            if (scene.Settings(queries[k].family).enabled.empty()) {
                ++summary.skipped;
                continue;
            }
            ReportedQuery& q = chunk.emplace_back();
            q.index = start + k;
            q.query = queries[k];
            if (!external.programs.empty()) {
                q.external = external.perQuery[k];
            }
        }
        const size_t used = chunk.size() >= 256 ? threads : 1;
        const size_t share = (chunk.size() + used - 1) / used;
        pool.Run(used, [&](size_t thread) {
            for (size_t k = thread * share; k < std::min(chunk.size(), (thread + 1) * share); ++k) {
                Judge(scene, options.exact, chunk[k]);
            }
        });
        for (const ReportedQuery& q : chunk) {
            writer.Query(q);
            summary.Add(q);
        }
    }
    return summary;
}

/// The exit status --fail-on asks for (1 with one line on err), else 0.
int FailOnStatus(const ReportSummary& summary, FailOn failOn, std::ostream& err)
{
    const size_t unexplained = summary.statuses[static_cast<size_t>(QueryStatus::Unexplained)];
    const bool fail = failOn == FailOn::Unexplained    ? unexplained > 0
                      : failOn == FailOn::Disagreement ? summary.Disagree() > 0
                                                       : false;
    if (!fail) {
        return 0;
    }
    err << "hitlab report: " << summary.Disagree() << " of " << summary.queries << " queries disagree, " << unexplained
        << " not explained (--fail-on " << (failOn == FailOn::Unexplained ? "unexplained" : "disagreement") << ")\n";
    return 1;
}

} // namespace

int RunReport(const ReportOptions& options, std::ostream& out, std::ostream& err)
{
    SceneLoad load = LoadSceneFile(options.scenePath);
    if (!load.Ok()) {
        err << Within("hitlab report", load.error) << "\n";
        return 2;
    }
    for (const std::string& warning : load.warnings) {
        err << "hitlab report: warning: " << options.scenePath << ": " << warning << "\n";
    }
    Scene& scene = *load.scene;
    if (options.offset != glm::dvec3(0.0)) {
        OffsetScene(scene, options.offset);
    }
    if (!options.precision.empty()) { // --precision: every family, over the scene's choice
        for (Family family : AllFamilies()) {
            scene.Settings(family).precision = options.precision == "double" ? Precision::Double : Precision::Float;
        }
        scene.TouchSettings();
    }
    if (!options.algorithms.empty()) {
        if (std::string e = SelectAlgorithms(scene, options.algorithms); !e.empty()) {
            err << "hitlab report: " << e << "\n";
            return 2;
        }
    }
    QueryList list;
    if (std::string e = ListReportQueries(scene, options, list); !e.empty()) {
        err << "hitlab report: " << e << "\n";
        return 2;
    }
    ExternalRuns external;
    if (std::string e = StartReportSources(options, scene, external, err); !e.empty()) {
        err << "hitlab report: " << e << "\n";
        return 2;
    }
    ReportWriter writer(out, scene, options.json);
    const std::vector<NotRunAlgorithm> notRun = NotRunAlgorithms(scene, list, external);
    writer.Begin(options.scenePath, notRun);
    ReportSummary summary = WriteReportQueries(scene, list, options, external, writer);
    summary.notRun = notRun;
    writer.End(summary);
    out.flush();
    return FailOnStatus(summary, options.failOn, err);
}

} // namespace hitlab
