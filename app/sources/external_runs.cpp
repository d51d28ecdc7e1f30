// External algorithms in a comparison: `hitlab report --external` and the window.
#include "external_runs.h"

namespace hitlab {

std::string StartExternalPrograms(std::span<const SourceSpec> specs, std::chrono::milliseconds timeout,
                                  ExternalRuns& runs)
{
    std::string error;
    runs.programs = StartSources(specs, timeout, error);
    if (!error.empty()) {
        return error;
    }
    for (const std::unique_ptr<AlgorithmSource>& program : runs.programs) {
        std::vector<const AlgorithmInfo*>& views = runs.viewsOf.emplace_back();
        for (const ExternalAlgorithm& a : program->Algorithms()) {
            views.push_back(&runs.views.emplace_back(InfoView(a)));
        }
    }
    return {};
}

void AskExternalPrograms(const Scene& scene, std::span<const SceneQuery> all, ExternalRuns& runs)
{
    runs.perQuery.assign(all.size(), {});
    for (size_t p = 0; p < runs.programs.size(); ++p) {
        AlgorithmSource& program = *runs.programs[p];
        std::vector<ExternalQuery> queries;
        std::vector<size_t> asked;                     // index into all of each query
        std::vector<std::vector<size_t>> algorithmsOf; // per query asked, its algorithms' indices
        for (size_t i = 0; i < all.size(); ++i) {
            const Family family = all[i].family;
            if (scene.Settings(family).enabled.empty()) {
                continue; // not in the report
            }
            ExternalQuery q{scene.MakeQuery(all[i]), scene.Settings(family).precision, {}};
            std::vector<size_t> indices;
            for (size_t a = 0; a < program.Algorithms().size(); ++a) {
                if (program.Algorithms()[a].family == family && program.Has(a, q.precision)) {
                    q.algorithms.push_back(program.Algorithms()[a].name);
                    indices.push_back(a);
                }
            }
            if (!q.algorithms.empty()) {
                queries.push_back(std::move(q));
                asked.push_back(i);
                algorithmsOf.push_back(std::move(indices));
            }
        }
        const std::vector<ExternalAnswer> answers = program.Evaluate(queries);
        for (size_t k = 0; k < answers.size(); ++k) {
            for (size_t nth = 0; nth < algorithmsOf[k].size(); ++nth) { // the results come in the order asked
                ExternalOutcome out{runs.viewsOf[p][algorithmsOf[k][nth]],
                                    &program.Command(),
                                    program.Kind(),
                                    answers[k].status,
                                    answers[k].message,
                                    Result{}};
                if (answers[k].Ok()) {
                    out.result = answers[k].results[nth].result;
                }
                runs.perQuery[asked[k]].push_back(std::move(out));
            }
        }
    }
}

void AddExternalOutcomes(const Query& query, Precision precision, std::span<const ExternalOutcome> external,
                         const ExactValues* exact, Comparison& c, std::vector<std::string>& failed)
{
    for (const ExternalOutcome& e : external) {
        if (e.status == ExternalStatus::Answered) {
            AlgorithmOutcome out;
            out.info = e.info;
            out.result = e.result;
            c.outcomes.push_back(std::move(out));
        }
    }
    Explain(query, precision, c, exact);
    failed.assign(c.outcomes.size(), std::string());
    for (const ExternalOutcome& e : external) {
        if (e.status == ExternalStatus::Answered) {
            continue;
        }
        AlgorithmOutcome out;
        out.info = e.info;
        out.group = -1; // no verdict
        out.differs = kFieldHit;
        out.explanation = Explanation::Unexplained;
        out.reason = std::string(ExternalStatusName(e.status)) + ": " + e.message + " (" + *e.command + ")";
        c.outcomes.push_back(std::move(out));
        failed.emplace_back(ExternalStatusName(e.status));
        c.agree = false;
        c.allExplained = false;
    }
}

} // namespace hitlab
