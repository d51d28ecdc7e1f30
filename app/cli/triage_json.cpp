// `hitlab triage --json`: the report as one JSON object.
#include "exact_json.h"
#include "triage.h"

#include <cmath>

namespace hitlab {

namespace {

using nlohmann::ordered_json;

ordered_json ConventionsJson(const OwnedConventions& conventions)
{
    ordered_json out = ordered_json::object();
    for (const auto& [key, value] : conventions) {
        out[key] = value;
    }
    return out;
}

ordered_json WorstJson(const TriageCase& c)
{
    const AnswerJudgement& j = c.judgement;
    ordered_json out;
    out["line"] = c.line;
    out["answer_name"] = c.answerName;
    out["where"] = c.where.empty() ? ordered_json() : ordered_json(c.where);
    out["frame"] = c.hasFrame ? ordered_json(c.frame) : ordered_json();
    out["query"] = DescribeQuery(c.query);
    out["precision"] = PrecisionName(c.precision);
    out["answer"] = ResultToJson(c.answer.result, c.answer.returns, c.query.family);
    out["exact"] = j.exactJudged ? ExactToJson(j.exact, {}, c.precision) : ordered_json();
    out["wrong_verdict"] = j.wrongVerdict;
    out["ulps"] = std::isfinite(j.ulps) ? ordered_json(j.ulps) : ordered_json("inf");
    out["fields"] = FieldNames(j.differs);
    out["reason"] = j.reason;
    return out;
}

} // namespace

ordered_json TriageJson(const TriageReport& report, const std::string& capture, const TriageFiles& files)
{
    ordered_json out;
    out["capture"] = capture;
    out["engine"] = report.header.present ? ordered_json(report.header.engine) : ordered_json();
    out["conventions"] = ConventionsJson(report.conventions);
    out["lines"] = report.lines;
    out["judged"] = report.judged;
    out["agreeing"] = report.agreeing;
    out["convention"] = report.convention;
    out["rounding"] = report.rounding;
    out["unexplained"] = report.unexplained;
    out["exact_judged"] = report.exactJudged;
    out["bad"] = report.bad;
    ordered_json bad = ordered_json::array();
    for (const TriageBadLine& b : report.badLines) {
        bad.push_back({{"line", b.line}, {"key", b.error.where}, {"error", ErrorText(b.error)}});
    }
    out["bad_lines"] = std::move(bad);
    ordered_json groups = ordered_json::array();
    for (std::size_t i = 0; i < report.groups.size(); ++i) {
        const TriageGroup& g = report.groups[i];
        ordered_json group;
        group["situation"] = g.situation;
        group["kind"] = g.kind;
        group["count"] = g.count;
        group["worst"] = WorstJson(g.worst);
        ordered_json sites = ordered_json::array();
        for (const auto& [where, count] : g.sites) {
            sites.push_back({{"where", where.empty() ? ordered_json() : ordered_json(where)}, {"count", count}});
        }
        group["sites"] = std::move(sites);
        group["scene"] = i < files.scenes.size() ? ordered_json(files.scenes[i]) : ordered_json();
        groups.push_back(std::move(group));
    }
    out["groups"] = std::move(groups);
    out["tests"] = files.tests.empty() ? ordered_json() : ordered_json(files.tests);
    out["seconds"] = report.seconds;
    return out;
}

} // namespace hitlab
