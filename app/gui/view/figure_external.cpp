// `hitlab render` with external programs and plugins: their answers in the figure.
#include "figure_external.h"

#include "app/gui/model/results_model.h"
#include "figure.h"

#include "core/text.h"

#include <algorithm>
#include <cmath>

namespace hitlab {

namespace {

/// out.drawn: each query's drawn result (external, the built-in drawn one's otherwise) and whether
/// its algorithms, the external ones included, agree.
void JoinAnswers(const Scene& scene, const SceneEvaluator& evaluation, const ExternalRuns& runs,
                 const AlgorithmInfo* external, FigureExternal& out)
{
    const auto& queries = evaluation.Queries();
    out.drawn.assign(queries.size(), DrawnOverride{});
    for (std::size_t i = 0; i < queries.size(); ++i) {
        const QueryEvaluation& qe = queries[i];
        const FamilySettings& settings = scene.Settings(qe.query.family);
        Comparison c = evaluation.ComparisonOf(qe);
        std::vector<std::string> failed;
        const std::span<const ExternalOutcome> outcomes = i < runs.perQuery.size()
                                                              ? std::span<const ExternalOutcome>(runs.perQuery[i])
                                                              : std::span<const ExternalOutcome>();
        AddExternalOutcomes(scene.MakeQuery(qe.query), settings.precision, outcomes, nullptr, c, failed);
        DrawnOverride& d = out.drawn[i];
        d.agree = c.agree;
        d.result = DrawnResult(scene, qe);
        d.returns = settings.drawn != nullptr ? settings.drawn->returns : ~0u;
        for (const ExternalOutcome& o : outcomes) {
            if (external != nullptr && o.info == external) { // a failure draws as a miss
                d.result = o.status == ExternalStatus::Answered ? o.result : Result{};
                d.returns = external->returns;
            }
        }
    }
}

/// Every algorithm name of a family: the built-in ones, then the external ones.
std::string FamilyNames(Family family, const ExternalRuns& runs)
{
    std::string names;
    for (const AlgorithmInfo* a : AlgorithmsOf(family)) {
        names += (names.empty() ? "" : ", ") + std::string(a->name);
    }
    for (const AlgorithmInfo& a : runs.views) {
        if (a.family == family) {
            names += (names.empty() ? "" : ", ") + std::string(a.name);
        }
    }
    return names;
}

/// The drawn algorithm by name: a built-in one becomes the family's drawn (enabled when it was
/// not; external is then null), or the external one's view. "" or what is wrong.
std::string ChooseDrawn(Scene& scene, Family family, const std::string& name, const ExternalRuns& runs,
                        const AlgorithmInfo*& external)
{
    external = nullptr;
    if (const AlgorithmInfo* builtin = FindAlgorithm(family, name)) {
        FamilySettings& settings = scene.Settings(family);
        if (std::find(settings.enabled.begin(), settings.enabled.end(), builtin) == settings.enabled.end()) {
            settings.enabled.push_back(builtin);
            const std::vector<const AlgorithmInfo*> order = AlgorithmsOf(family); // registry order
            std::sort(settings.enabled.begin(), settings.enabled.end(), [&](auto* x, auto* y) {
                return std::find(order.begin(), order.end(), x) < std::find(order.begin(), order.end(), y);
            });
        }
        settings.drawn = builtin;
        scene.TouchSettings();
        return {};
    }
    for (const AlgorithmInfo& a : runs.views) {
        if (a.family == family && a.name == name) {
            external = &a;
            return {};
        }
    }
    return "--algorithm: no " + std::string(FamilyName(family)) + " algorithm is called \"" + name + "\" (" +
           std::string(FamilyName(family)) + " has: " + FamilyNames(family, runs) + ")";
}

/// The external drawn algorithm's trace of the query: a plugin's traced function's steps and
/// verdict, else its answer as the verdict.
void TraceExternal(const Scene& scene, const SceneQuery& query, const ExternalRuns& runs, const AlgorithmInfo& info,
                   const ExternalOutcome* outcome, FigureExternal& out)
{
    const Precision precision = scene.Settings(query.family).precision;
    std::string verdict = outcome == nullptr ? "not asked"
                          : outcome->status == ExternalStatus::Answered
                              ? CellText(outcome->result, info)
                              : std::string(ExternalStatusName(outcome->status)) + ": " + outcome->message;
    for (std::size_t p = 0; p < runs.programs.size(); ++p) {
        AlgorithmSource& source = *runs.programs[p];
        for (std::size_t k = 0; k < runs.viewsOf[p].size(); ++k) {
            if (runs.viewsOf[p][k] != &info || !source.HasTrace(k, precision)) {
                continue;
            }
            ExternalAnswer traced = source.Trace(k, precision, scene.MakeQuery(query));
            if (traced.Ok() && !traced.results.empty()) {
                out.steps = std::move(traced.results[0].trace);
                verdict = traced.results[0].verdict.empty() ? verdict : traced.results[0].verdict;
            }
        }
    }
    out.trace = Trace{};
    for (const ExternalStep& step : out.steps) {
        std::vector<TraceValue> values;
        for (const auto& [name, value] : step.values) {
            if (value) { // a program's null (no value) has no place in a drawn trace
                values.push_back({name.c_str(), *value});
            }
        }
        out.trace.Add(step.caption, std::move(values));
    }
    out.trace.verdict = std::string(info.name) + ": " + verdict;
}

/// One caption line per external outcome of the focused query: "mine: hit  t 0.5", or its
/// failure as the Results table's tooltip gives it ("mine: crashed: killed by signal 11 (cmd)").
std::vector<std::string> OutcomeLines(std::span<const ExternalOutcome> outcomes)
{
    std::vector<std::string> lines;
    for (const ExternalOutcome& o : outcomes) {
        const std::string name = std::string(o.info->name) + " (ext): ";
        lines.push_back(o.status == ExternalStatus::Answered
                            ? name + CellText(o.result, *o.info)
                            : name + ExternalStatusName(o.status) + ": " + o.message + " (" + *o.command + ")");
    }
    return lines;
}

} // namespace

std::vector<std::string> FigureExternal::StepLines(int step) const
{
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (step >= 0 && std::size_t(step) != i) {
            continue;
        }
        std::string line = std::to_string(i + 1) + ". " + steps[i].caption;
        for (std::size_t v = 0; v < steps[i].values.size(); ++v) {
            const std::optional<double>& value = steps[i].values[v].second;
            line += (v == 0 ? ": " : ", ") + steps[i].values[v].first + " = " + (value ? ShortNumber(*value) : "none");
        }
        lines.push_back(std::move(line));
    }
    return lines;
}

std::string PrepareFigureExternal(Scene& scene, ShapeId select, const FigureExternalOptions& options,
                                  ExternalRuns& runs, std::optional<SceneQuery>& focused, FigureExternal& out)
{
    if (!options.commands.empty() || !options.plugins.empty()) {
        const auto timeout = std::chrono::milliseconds(std::llround(options.timeoutSeconds * 1000.0));
        if (std::string e = StartExternalPrograms(SourceSpecs(options.commands, options.plugins), timeout, runs);
            !e.empty()) {
            return e;
        }
    }
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    std::vector<SceneQuery> queries;
    for (const QueryEvaluation& qe : evaluation.Queries()) {
        queries.push_back(qe.query);
    }
    if (!runs.programs.empty()) {
        AskExternalPrograms(scene, queries, runs);
        JoinAnswers(scene, evaluation, runs, nullptr, out);
    }
    focused = FigureFocus(evaluation, select, out.drawn);
    const AlgorithmInfo* external = nullptr;
    if (!options.algorithm.empty()) {
        if (!focused) {
            return "--algorithm: the scene has no query to draw it on";
        }
        if (std::string e = ChooseDrawn(scene, focused->family, options.algorithm, runs, external); !e.empty()) {
            return e;
        }
        evaluation.Evaluate(scene); // a built-in one may have been enabled
        if (!runs.programs.empty()) {
            JoinAnswers(scene, evaluation, runs, external, out);
        }
    }
    const auto at = std::find_if(queries.begin(), queries.end(), [&](const SceneQuery& q) {
        return focused && q.family == focused->family && q.a == focused->a && q.b == focused->b;
    });
    const std::size_t index = std::size_t(at - queries.begin());
    const std::span<const ExternalOutcome> outcomes = index < runs.perQuery.size()
                                                          ? std::span<const ExternalOutcome>(runs.perQuery[index])
                                                          : std::span<const ExternalOutcome>();
    out.caption = OutcomeLines(outcomes);
    if (external != nullptr) {
        out.drawnName = external->name;
        const auto mine = std::find_if(outcomes.begin(), outcomes.end(),
                                       [&](const ExternalOutcome& o) { return o.info == external; });
        TraceExternal(scene, *focused, runs, *external, mine == outcomes.end() ? nullptr : &*mine, out);
    }
    return {};
}

} // namespace hitlab
