// AlgorithmSource's defaults (app/sources/interface/algorithm_source.h) and a backend that is
// neither a program nor a plugin: a source that answers from a table, as captured answers will,
// overriding only what the interface requires. It runs through Run's default and joins a
// comparison through app/sources/external_runs.h without any caller knowing its type. Expected
// values by hand: a ray from (-5, 0, 0) along +x enters the box [-1, 1]^3 at t = 4, leaves at 6.
#include "app/sources/external_runs.h"

#include "core/scene_eval.h"

#include <gtest/gtest.h>

#include <memory>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// Answers the k-th query of each Evaluate with answers[k % answers.size()].
class TableSource final : public AlgorithmSource {
public:
    explicit TableSource(std::vector<ExternalAnswer> answers) : m_answers(std::move(answers))
    {
        ExternalAlgorithm a;
        a.name = "table_slab";
        a.family = Family::RayAabb;
        a.title = "answers from a table";
        a.returns = kFieldHit | kFieldTEnter | kFieldTExit;
        m_algorithms.push_back(a);
    }
    std::string Start() override { return ""; }
    const std::vector<ExternalAlgorithm>& Algorithms() const override { return m_algorithms; }
    const std::string& Command() const override { return m_command; }
    const char* Kind() const override { return "table"; }
    std::vector<ExternalAnswer> Evaluate(std::span<const ExternalQuery> queries) override
    {
        std::vector<ExternalAnswer> out;
        for (std::size_t k = 0; k < queries.size(); ++k) {
            ExternalAnswer a = m_answers[k % m_answers.size()];
            if (a.Ok()) {
                a.results.assign(queries[k].algorithms.size(), ExternalResult{"table_slab", m_hit, {}, ""});
            }
            out.push_back(std::move(a));
        }
        return out;
    }

private:
    std::vector<ExternalAnswer> m_answers;
    std::vector<ExternalAlgorithm> m_algorithms;
    std::string m_command = "answers.jsonl";
    Result m_hit{true, 4.0, 6.0};
};

const ExternalAnswer kAnswered{ExternalStatus::Answered, "", {}};
const ExternalAnswer kBad{ExternalStatus::BadAnswer, "no answer recorded", {}};

Query RayQuery()
{
    Query q;
    q.family = Family::RayAabb;
    q.a = Ray<double>{{-5.0, 0.0, 0.0}, {1.0, 0.0, 0.0}};
    q.b = Aabb<double>{{-1.0, -1.0, -1.0}, {1.0, 1.0, 1.0}};
    return q;
}

TEST(AlgorithmSource, ABackendThatOnlyEvaluatesGetsRunHasAndTraceByDefault)
{
    TableSource source({kAnswered, kBad});
    EXPECT_TRUE(source.Has(0, Precision::Float));
    EXPECT_TRUE(source.Has(0, Precision::Double));
    EXPECT_FALSE(source.HasTrace(0, Precision::Double));
    const ExternalAnswer traced = source.Trace(0, Precision::Double, RayQuery());
    EXPECT_EQ(traced.status, ExternalStatus::Error);
    EXPECT_EQ(traced.message, "answers.jsonl has no traced function");

    const std::vector<Query> queries(4, RayQuery());
    std::vector<Result> out(queries.size(), Result{true, 9.0, 9.0});
    const std::vector<SourceFailure> failures = source.Run(0, Precision::Double, queries, out);
    ASSERT_EQ(failures.size(), 2u);
    EXPECT_EQ(failures[0].index, 1u);
    EXPECT_EQ(failures[1].index, 3u);
    EXPECT_EQ(failures[1].status, ExternalStatus::BadAnswer);
    EXPECT_EQ(failures[1].message, "no answer recorded");
    EXPECT_TRUE(out[0].hit);
    EXPECT_EQ(out[0].tEnter, 4.0);
    EXPECT_EQ(out[2].tExit, 6.0);
    EXPECT_FALSE(out[1].hit); // a failed query is a miss
    EXPECT_EQ(out[1].tEnter, 0.0);
}

Scene RayAndBox()
{
    Scene scene;
    SceneShape ray;
    ray.shape = Ray<double>{{-5.0, 0.0, 0.0}, {1.0, 0.0, 0.0}};
    scene.Add(ray);
    SceneShape box;
    box.shape = Aabb<double>{{-1.0, -1.0, -1.0}, {1.0, 1.0, 1.0}};
    scene.Add(box);
    return scene;
}

/// runs with source in it, as StartExternalPrograms makes them.
void Join(ExternalRuns& runs, std::unique_ptr<AlgorithmSource> source)
{
    std::vector<const AlgorithmInfo*>& views = runs.viewsOf.emplace_back();
    for (const ExternalAlgorithm& a : source->Algorithms()) {
        views.push_back(&runs.views.emplace_back(InfoView(a)));
    }
    runs.programs.push_back(std::move(source));
}

TEST(AlgorithmSource, AThirdBackendJoinsTheComparisonThroughTheInterfaceAlone)
{
    const Scene scene = RayAndBox();
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    ASSERT_EQ(evaluation.Queries().size(), 1u);
    const QueryEvaluation& qe = evaluation.Queries()[0];
    const Precision precision = scene.Settings(Family::RayAabb).precision;

    for (const bool fails : {false, true}) {
        ExternalRuns runs;
        Join(runs, std::make_unique<TableSource>(std::vector<ExternalAnswer>{fails ? kBad : kAnswered}));
        const std::vector<SceneQuery> queries{qe.query};
        AskExternalPrograms(scene, queries, runs);
        ASSERT_EQ(runs.perQuery.size(), 1u);
        ASSERT_EQ(runs.perQuery[0].size(), 1u);
        const ExternalOutcome& outcome = runs.perQuery[0][0];
        EXPECT_STREQ(outcome.kind, "table");
        EXPECT_EQ(*outcome.command, "answers.jsonl");

        Comparison c = evaluation.ComparisonOf(qe);
        const std::size_t builtIn = c.outcomes.size();
        std::vector<std::string> failed;
        AddExternalOutcomes(scene.MakeQuery(qe.query), precision, runs.perQuery[0], nullptr, c, failed);
        ASSERT_EQ(c.outcomes.size(), builtIn + 1);
        EXPECT_EQ(c.outcomes.back().info->name, "table_slab");
        if (fails) {
            EXPECT_FALSE(c.agree);
            EXPECT_EQ(c.outcomes.back().differs, kFieldHit);
            EXPECT_EQ(c.outcomes.back().explanation, Explanation::Unexplained);
            EXPECT_EQ(failed.back(), ExternalStatusName(ExternalStatus::BadAnswer));
            EXPECT_EQ(c.outcomes.back().reason, std::string(ExternalStatusName(ExternalStatus::BadAnswer)) +
                                                    ": no answer recorded (answers.jsonl)");
        } else {
            EXPECT_EQ(c.outcomes.back().differs, 0u); // t in [4, 6], as the reference
            EXPECT_EQ(c.outcomes.back().result.tEnter, 4.0);
            EXPECT_EQ(c.outcomes.back().result.tExit, 6.0);
            EXPECT_EQ(failed.back(), "");
        }
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
