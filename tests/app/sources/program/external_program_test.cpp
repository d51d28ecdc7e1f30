// Tests of app/sources/program/external_program: the example programs answer like the built-in slab
// reference; a crash, a hang and garbage fail only their query, and the program is restarted.
#include "app/sources/program/external_program.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <random>
#include <string>
#include <sys/wait.h>
#include <thread>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using namespace std::chrono_literals;

const std::string kPython = std::string("python3 '") + HITLAB_EXAMPLES + "/ray_aabb_python.py'";
const std::string kCpp = std::string("'") + HITLAB_RAY_AABB_CPP + "'";

std::string Misbehaving(const std::string& mode)
{
    return std::string("python3 '") + HITLAB_EXAMPLES + "/misbehaving/misbehave.py' " + mode;
}

/// A ray against the unit box [0, 1]^3.
ExternalQuery RayBox(glm::dvec3 origin, glm::dvec3 direction, Precision precision, const std::string& name)
{
    ExternalQuery q;
    q.query.family = Family::RayAabb;
    q.query.a = Ray<double>{origin, direction};
    q.query.b = Aabb<double>{glm::dvec3(0), glm::dvec3(1)};
    q.precision = precision;
    q.algorithms = {name};
    return q;
}

/// The built-in reference's result for q, field by field, equal to the external one.
void ExpectSameAsSlab(const ExternalQuery& q, const ExternalAnswer& answer)
{
    ASSERT_EQ(answer.status, ExternalStatus::Answered) << answer.message;
    ASSERT_EQ(answer.results.size(), 1u);
    const Result expected = Run(ReferenceAlgorithm(Family::RayAabb), q.query, q.precision);
    const Result& got = answer.results[0].result;
    EXPECT_EQ(answer.results[0].name, q.algorithms[0]);
    EXPECT_EQ(got.hit, expected.hit);
    if (expected.hit) {
        EXPECT_EQ(got.tEnter, expected.tEnter);
        EXPECT_EQ(got.tExit, expected.tExit);
        EXPECT_EQ(got.point, expected.point);
        EXPECT_EQ(got.hasNormal, expected.hasNormal);
        EXPECT_EQ(got.normal, expected.normal);
    }
}

/// No child of this process is left, running or zombie.
void ExpectNoChildren()
{
    errno = 0;
    EXPECT_EQ(waitpid(-1, nullptr, WNOHANG), -1);
    EXPECT_EQ(errno, ECHILD);
}

class ExamplePrograms : public testing::TestWithParam<std::pair<std::string, std::string>> {};

TEST_P(ExamplePrograms, AnswerAHandCheckedQueryExactlyAsTheSlabReference)
{
    const auto& [command, name] = GetParam();
    ExternalProgram program(command);
    ASSERT_EQ(program.Start(), "");
    ASSERT_EQ(program.Algorithms().size(), 1u);
    EXPECT_EQ(program.Algorithms()[0].name, name);
    EXPECT_EQ(program.Algorithms()[0].family, Family::RayAabb);
    // enters the x slab at 1/3 and leaves it at 2/3; y from 0.25 rises by 0.5 per t
    const ExternalQuery doubleQuery = RayBox({-1, 0.25, 0.5}, {3, 0.5, 0}, Precision::Double, name);
    const ExternalQuery floatQuery = RayBox({-1, 0.25, 0.5}, {3, 0.5, 0}, Precision::Float, name);
    const ExternalQuery miss = RayBox({-1, 2, 0.5}, {1, 0, 0}, Precision::Double, name);
    const ExternalQuery inside = RayBox({0.5, 0.5, 0.5}, {0, 0, -1}, Precision::Float, name);
    const std::vector<ExternalQuery> queries = {doubleQuery, floatQuery, miss, inside};
    const std::vector<ExternalAnswer> answers = program.Evaluate(queries);
    ASSERT_EQ(answers.size(), 4u);
    ASSERT_TRUE(answers[0].Ok()) << answers[0].message;
    EXPECT_EQ(answers[0].results[0].result.tEnter, 1.0 / 3.0);
    EXPECT_EQ(answers[0].results[0].result.tExit, 2.0 / 3.0);
    EXPECT_EQ(answers[0].results[0].result.point, glm::dvec3(0, 0.25 + (1.0 / 3.0) * 0.5, 0.5));
    EXPECT_EQ(answers[0].results[0].result.normal, glm::dvec3(-1, 0, 0));
    ASSERT_TRUE(answers[1].Ok()) << answers[1].message;
    EXPECT_EQ(answers[1].results[0].result.tEnter, double(1.0f / 3.0f));
    EXPECT_EQ(answers[1].results[0].result.tExit, double(2.0f / 3.0f));
    ASSERT_TRUE(answers[2].Ok()) << answers[2].message;
    EXPECT_FALSE(answers[2].results[0].result.hit);
    ASSERT_TRUE(answers[3].Ok()) << answers[3].message;
    EXPECT_EQ(answers[3].results[0].result.tEnter, 0.0);
    EXPECT_EQ(answers[3].results[0].result.tExit, 0.5);
    EXPECT_FALSE(answers[3].results[0].result.hasNormal);
    for (size_t i = 0; i < queries.size(); ++i) {
        ExpectSameAsSlab(queries[i], answers[i]);
    }
    EXPECT_EQ(program.Restarts(), 0);
    program.Stop();
    ExpectNoChildren();
}

INSTANTIATE_TEST_SUITE_P(Examples, ExamplePrograms,
                         testing::Values(std::pair{kPython, std::string("slab_python")},
                                         std::pair{kCpp, std::string("slab_cpp")}),
                         [](const auto& c) { return c.param.second; });

/// Seeded rays on a grid of quarters (so that many start on a face, run along one, or are
/// parallel to a slab) and fine random ones, aimed near the unit box, in float and double.
std::vector<ExternalQuery> SeededQueries(const std::string& name, int count)
{
    std::mt19937 rng(20261124);
    std::uniform_int_distribution<int> quarter(-8, 12), near(-1, 5);
    std::uniform_real_distribution<double> fine(-3, 3), target(-0.25, 1.25);
    std::vector<ExternalQuery> out;
    for (int i = 0; i < count; ++i) {
        glm::dvec3 origin, direction;
        for (int axis = 0; axis < 3; ++axis) {
            origin[axis] = i % 2 == 0 ? quarter(rng) / 4.0 : fine(rng);
            direction[axis] = (i % 2 == 0 ? near(rng) / 4.0 : target(rng)) - origin[axis];
        }
        if (direction == glm::dvec3(0)) {
            direction.x = 1;
        }
        out.push_back(RayBox(origin, direction, i % 3 == 0 ? Precision::Float : Precision::Double, name));
    }
    return out;
}

TEST_P(ExamplePrograms, EqualTheSlabReferenceOnSeededRays)
{
    const auto& [command, name] = GetParam();
    ExternalProgram program(command);
    ASSERT_EQ(program.Start(), "");
    const std::vector<ExternalQuery> queries = SeededQueries(name, 600);
    const std::vector<ExternalAnswer> answers = program.Evaluate(queries);
    int hits = 0;
    for (size_t i = 0; i < queries.size(); ++i) {
        SCOPED_TRACE("query " + std::to_string(i));
        ExpectSameAsSlab(queries[i], answers[i]);
        hits += answers[i].Ok() && answers[i].results[0].result.hit ? 1 : 0;
    }
    EXPECT_GT(hits, 100); // both verdicts are exercised
    EXPECT_LT(hits, 500);
}

TEST(ExternalProgram, ThousandQueriesPipelinedComeBackInOrder)
{
    ExternalProgram program(kCpp);
    ASSERT_EQ(program.Start(), "");
    std::vector<ExternalQuery> queries;
    for (int i = 0; i < 1000; ++i) {
        // a different entry on each: t_enter = (i + 1) / 1000 in units of the direction
        queries.push_back(RayBox({-double(i + 1) / 1000.0, 0.5, 0.5}, {1, 0, 0}, Precision::Double, "slab_cpp"));
    }
    const std::vector<ExternalAnswer> answers = program.Evaluate(queries);
    ASSERT_EQ(answers.size(), 1000u);
    for (size_t i = 0; i < answers.size(); ++i) {
        ASSERT_TRUE(answers[i].Ok()) << i << ": " << answers[i].message;
        EXPECT_EQ(answers[i].results[0].result.tEnter, double(i + 1) / 1000.0) << i;
        ExpectSameAsSlab(queries[i], answers[i]);
    }
    EXPECT_EQ(program.Restarts(), 0);
}

/// Queries 0 and 2 are ordinary; query 1 has origin x == 13, where the misbehaving program fails.
std::vector<ExternalQuery> OkBadOk()
{
    return {RayBox({-1, 0.5, 0.5}, {2, 0, 0}, Precision::Double, "slab_misbehaving"),
            RayBox({13, 0.5, 0.5}, {-1, 0, 0}, Precision::Double, "slab_misbehaving"),
            RayBox({-3, 0.5, 0.5}, {4, 0, 0}, Precision::Double, "slab_misbehaving")};
}

struct FailureCase {
    std::string mode;
    ExternalStatus status;
    std::string message;
};

class MisbehavingProgram : public testing::TestWithParam<FailureCase> {};

TEST_P(MisbehavingProgram, FailsOnlyThatQueryAndIsRestartedForTheNext)
{
    ExternalProgram program(Misbehaving(GetParam().mode), 1000ms); // generous: the machine may be loaded
    ASSERT_EQ(program.Start(), "");
    const std::vector<ExternalQuery> queries = OkBadOk();
    const std::vector<ExternalAnswer> answers = program.Evaluate(queries);
    ASSERT_EQ(answers.size(), 3u);
    ExpectSameAsSlab(queries[0], answers[0]);
    EXPECT_EQ(answers[0].results[0].result.tEnter, 0.5);
    EXPECT_EQ(answers[1].status, GetParam().status);
    EXPECT_EQ(answers[1].message, GetParam().message);
    EXPECT_TRUE(answers[1].results.empty());
    ExpectSameAsSlab(queries[2], answers[2]);
    EXPECT_EQ(answers[2].results[0].result.tEnter, 0.75);
    EXPECT_EQ(program.Restarts(), 1);
    EXPECT_TRUE(program.Running());
    program.Stop();
    ExpectNoChildren();
}

INSTANTIATE_TEST_SUITE_P(
    Modes, MisbehavingProgram,
    testing::Values(
        FailureCase{"crash", ExternalStatus::Crashed, "exited with status 3"},
        FailureCase{"abort", ExternalStatus::Crashed,
                    "exited with status 134 (signal 6, Aborted, as the shell reports it)"},
        FailureCase{"hang", ExternalStatus::TimedOut, "no answer within 1 s"},
        FailureCase{"garbage", ExternalStatus::BadAnswer, "answer to query 2 is not a JSON object: \"{\"id\": oops\""},
        FailureCase{"wrong_id", ExternalStatus::BadAnswer,
                    "answer has id 1002, expected 2 (answers come in the order of the queries)"},
        FailureCase{"missing", ExternalStatus::BadAnswer, "results.slab_misbehaving: missing (the query asked for it)"},
        FailureCase{"long", ExternalStatus::BadAnswer, "line longer than 1048576 bytes"}),
    [](const testing::TestParamInfo<FailureCase>& c) { return c.param.mode; });

TEST(ExternalProgram, HangDoesNotHoldHitLabLongerThanTheTimeout)
{
    ExternalProgram program(Misbehaving("hang"), 500ms);
    ASSERT_EQ(program.Start(), "");
    const auto start = std::chrono::steady_clock::now();
    const std::vector<ExternalAnswer> answers = program.Evaluate(OkBadOk());
    const auto elapsed = std::chrono::steady_clock::now() - start;
    EXPECT_EQ(answers[1].status, ExternalStatus::TimedOut);
    EXPECT_GE(elapsed, 500ms);
    EXPECT_LT(elapsed, 5s); // the timeout plus a restart of Python, not the hour it sleeps
}

TEST(ExternalProgram, TheStopTimeCutsAHangAndWhatComesAfterItIsNotRun)
{
    // a 10 s timeout, but a stop time 0.5 s away: the hang on the second query is cut there, it and
    // the third are NotRun (not TimedOut: no fault of the program), and no restart follows
    ExternalProgram program(Misbehaving("hang"), 10s);
    ASSERT_EQ(program.Start(), "");
    const auto start = std::chrono::steady_clock::now();
    program.SetStopTime(start + 500ms);
    const std::vector<ExternalAnswer> answers = program.Evaluate(OkBadOk());
    const auto elapsed = std::chrono::steady_clock::now() - start;
    EXPECT_GE(elapsed, 500ms);
    EXPECT_LT(elapsed, 2s);
    ASSERT_EQ(answers.size(), 3u);
    EXPECT_EQ(answers[0].status, ExternalStatus::Answered);
    for (int i : {1, 2}) {
        EXPECT_EQ(answers[i].status, ExternalStatus::NotRun) << i;
        EXPECT_EQ(answers[i].message,
                  "not answered before the stop time (the time limit plus one answer timeout) or a cancel");
    }
    EXPECT_EQ(program.Restarts(), 0);
    EXPECT_FALSE(program.Running());
    EXPECT_STREQ(ExternalStatusName(ExternalStatus::NotRun), "not run");
    // after the stop time nothing is begun: every query NotRun at once
    const auto again = std::chrono::steady_clock::now();
    for (const ExternalAnswer& a : program.Evaluate(OkBadOk())) {
        EXPECT_EQ(a.status, ExternalStatus::NotRun);
    }
    EXPECT_LT(std::chrono::steady_clock::now() - again, 100ms);
    EXPECT_EQ(program.Restarts(), 0);
}

TEST(ExternalProgram, ACancelFromAnotherThreadCutsAHangAsTheStopTimeDoes)
{
    ExternalProgram program(Misbehaving("hang"), 10s);
    ASSERT_EQ(program.Start(), "");
    std::atomic<bool> cancel{false};
    program.SetCancel(&cancel);
    const auto start = std::chrono::steady_clock::now();
    std::thread canceller([&] {
        std::this_thread::sleep_for(300ms);
        cancel = true;
    });
    const std::vector<ExternalAnswer> answers = program.Evaluate(OkBadOk());
    const auto elapsed = std::chrono::steady_clock::now() - start;
    canceller.join();
    EXPECT_GE(elapsed, 300ms);
    EXPECT_LT(elapsed, 1500ms); // not the 10 s timeout
    EXPECT_EQ(answers[0].status, ExternalStatus::Answered);
    EXPECT_EQ(answers[1].status, ExternalStatus::NotRun);
    EXPECT_EQ(answers[2].status, ExternalStatus::NotRun);
    EXPECT_EQ(program.Restarts(), 0);
}

struct StartCase {
    std::string command;
    std::string error;
};

class RefusedAtStart : public testing::TestWithParam<StartCase> {};

TEST_P(RefusedAtStart, WithItsMessageAndNoChildLeft)
{
    ExternalProgram program(GetParam().command, 300ms);
    program.SetStartTimeout(GetParam().command == "sleep 10" ? 300ms : kExternalTimeout);
    EXPECT_EQ(program.Start(), GetParam().error);
    EXPECT_FALSE(program.Running());
    EXPECT_TRUE(program.Algorithms().empty());
    ExpectNoChildren();
}

INSTANTIATE_TEST_SUITE_P(
    Commands, RefusedAtStart,
    testing::Values(StartCase{"exit 7", "'exit 7' exited with status 7 before its metadata line"},
                    StartCase{"sleep 10", "'sleep 10' wrote no metadata line: no line within 0.3 s"},
                    StartCase{Misbehaving("meta_reference"),
                              "metadata line of '" + Misbehaving("meta_reference") +
                                  "': [0].reference: must be false (the family's reference is HitLab's own; "
                                  "\"slab_misbehaving\" is compared with it)"},
                    StartCase{Misbehaving("meta_clash"),
                              "metadata line of '" + Misbehaving("meta_clash") + "': [0].name: ray_aabb/slab of '" +
                                  Misbehaving("meta_clash") + "' clashes with the built-in algorithm ray_aabb/slab"},
                    StartCase{Misbehaving("meta_garbage"), "metadata line of '" + Misbehaving("meta_garbage") +
                                                               "': not valid JSON: \"this is not JSON\""}),
    [](const testing::TestParamInfo<StartCase>& c) { return "Case" + std::to_string(c.index); });

TEST(ExternalProgram, RefusesANameAnotherExternalProgramTook)
{
    ExternalProgram program(kCpp, kExternalTimeout, {{Family::RayAabb, "slab_cpp", "./other"}});
    EXPECT_EQ(program.Start(), "metadata line of '" + kCpp + "': [0].name: ray_aabb/slab_cpp of '" + kCpp +
                                   "' clashes with the external algorithm ray_aabb/slab_cpp of './other'");
}

TEST(ExternalProgram, ProgramErrorLineFailsNothingElse)
{
    ExternalProgram program(kPython);
    ASSERT_EQ(program.Start(), "");
    ExternalQuery sphere = RayBox({0, 0, 0}, {1, 0, 0}, Precision::Double, "slab_python");
    sphere.query.family = Family::RaySphere; // the example answers ray_aabb only
    sphere.query.b = Sphere<double>{glm::dvec3(0), 1};
    const std::vector<ExternalQuery> queries = {sphere,
                                                RayBox({-1, 0.5, 0.5}, {2, 0, 0}, Precision::Double, "slab_python")};
    const std::vector<ExternalAnswer> answers = program.Evaluate(queries);
    EXPECT_EQ(answers[0].status, ExternalStatus::Error);
    EXPECT_EQ(answers[0].message, "only ray_aabb is implemented");
    ExpectSameAsSlab(queries[1], answers[1]);
    EXPECT_EQ(program.Restarts(), 0);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(ExternalProgram, ASignalIsNamedWhenTheShellExecsTheProgram)
{
    ExternalProgram program("exec " + Misbehaving("abort"));
    ASSERT_EQ(program.Start(), "");
    const std::vector<ExternalAnswer> answers = program.Evaluate(OkBadOk());
    EXPECT_EQ(answers[1].status, ExternalStatus::Crashed);
    EXPECT_EQ(answers[1].message, "killed by signal 6 (Aborted)");
    EXPECT_TRUE(answers[2].Ok()) << answers[2].message;
}

TEST(ExternalProgram, DestructorKillsAHangingProgramAndReapsIt)
{
    {
        ExternalProgram program(Misbehaving("hang"), 100ms);
        ASSERT_EQ(program.Start(), "");
        EXPECT_TRUE(program.Running());
    }
    ExpectNoChildren();
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
