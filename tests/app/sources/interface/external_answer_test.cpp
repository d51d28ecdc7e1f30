// Tests of app/sources/interface/external_answer: query lines as written (exact text), and answer lines
// read into Result or refused as bad answers with messages naming what is wrong.
#include "app/sources/interface/external_answer.h"

#include <gtest/gtest.h>

#include <cmath>

namespace hitlab {
namespace HITLAB_UNITY_ID {

ExternalQuery RayBox(Precision precision)
{
    ExternalQuery q;
    q.query.family = Family::RayAabb;
    q.query.a = Ray<double>{{-0.0, 0.1, 1e300}, {1, 0, 0}};
    q.query.b = Aabb<double>{glm::dvec3(0), glm::dvec3(1.5, 1, 1)};
    q.precision = precision;
    q.algorithms = {"mine", "yours"};
    return q;
}

TEST(QueryLine, DoubleKeepsMinusZeroAndShortestRoundTripNumbers)
{
    EXPECT_EQ(QueryLine(RayBox(Precision::Double), 5),
              R"({"id":5,"query":"ray_aabb","precision":"double",)"
              R"("a":{"type":"ray","origin":[-0.0,0.1,1e+300],"direction":[1,0,0]},)"
              R"("b":{"type":"aabb","min":[0,0,0],"max":[1.5,1,1]},"algorithms":["mine","yours"]})");
}

TEST(QueryLine, AskingForTheTraceAddsTraceTrue)
{
    ExternalQuery q = RayBox(Precision::Double);
    q.trace = true;
    const std::string line = QueryLine(q, 5);
    EXPECT_TRUE(line.ends_with(R"("algorithms":["mine","yours"],"trace":true})")) << line;
}

TEST(QueryLine, FloatWritesTheFloatRoundedValues)
{
    ExternalQuery q = RayBox(Precision::Float);
    std::get<Ray<double>>(q.query.a).origin.z = 3;
    EXPECT_EQ(QueryLine(q, 6), R"({"id":6,"query":"ray_aabb","precision":"float",)"
                               R"("a":{"type":"ray","origin":[-0.0,0.10000000149011612,3],"direction":[1,0,0]},)"
                               R"("b":{"type":"aabb","min":[0,0,0],"max":[1.5,1,1]},"algorithms":["mine","yours"]})");
}

TEST(QueryLine, ObbComesWithAxes)
{
    ExternalQuery q;
    q.query.family = Family::RayObb;
    q.query.a = Ray<double>{{0, 0, 0}, {0, 0, 1}};
    q.query.b = Obb<double>{{0, 0, 5}, {1, 2, 3}, {glm::dvec3(0, 1, 0), glm::dvec3(-1, 0, 0), glm::dvec3(0, 0, 1)}};
    q.algorithms = {"mine"};
    EXPECT_EQ(QueryLine(q, 1), R"({"id":1,"query":"ray_obb","precision":"double",)"
                               R"("a":{"type":"ray","origin":[0,0,0],"direction":[0,0,1]},)"
                               R"("b":{"type":"obb","center":[0,0,5],"half_extents":[1,2,3],)"
                               R"("axes":[[0,1,0],[-1,0,0],[0,0,1]]},"algorithms":["mine"]})");
}

const std::vector<ExternalAlgorithm> kDeclared = {
    {"mine", Family::RayAabb, "", "", "", false, {}, kCastFields, "", {}},
    {"yours", Family::RayAabb, "", "", "", false, {}, kFieldHit | kFieldTEnter, "", {}},
};

TEST(ParseAnswerLine, ReadsResultsTraceAndVerdict)
{
    const ExternalAnswer a = ParseAnswerLine(
        R"({"id": 5, "results": {"yours": {"hit": true, "t_enter": "inf", "t_exit": null},)"
        R"( "mine": {"hit": true, "t_enter": 0.5, "t_exit": 2, "point": [1, 2, 3], "normal": null,)"
        R"( "trace": [{"caption": "x slab", "values": {"t_near": 0.5, "t_far": null}}], "verdict": "hit at 0.5"}}})",
        5, RayBox(Precision::Double), kDeclared);
    ASSERT_TRUE(a.Ok()) << a.message;
    ASSERT_EQ(a.results.size(), 2u);
    EXPECT_EQ(a.results[0].name, "mine"); // in the order asked, not written
    const Result& mine = a.results[0].result;
    EXPECT_TRUE(mine.hit);
    EXPECT_EQ(mine.tEnter, 0.5);
    EXPECT_EQ(mine.tExit, 2.0);
    EXPECT_EQ(mine.point, glm::dvec3(1, 2, 3));
    EXPECT_FALSE(mine.hasNormal);
    ASSERT_EQ(a.results[0].trace.size(), 1u);
    EXPECT_EQ(a.results[0].trace[0].caption, "x slab");
    ASSERT_EQ(a.results[0].trace[0].values.size(), 2u);
    EXPECT_EQ(a.results[0].trace[0].values[0].first, "t_near"); // in the order written
    EXPECT_EQ(a.results[0].trace[0].values[0].second, 0.5);
    EXPECT_EQ(a.results[0].trace[0].values[1].first, "t_far");
    EXPECT_EQ(a.results[0].trace[0].values[1].second, std::nullopt); // null: no value at this step
    EXPECT_EQ(a.results[0].verdict, "hit at 0.5");
    EXPECT_EQ(a.results[1].name, "yours");
    EXPECT_EQ(a.results[1].result.tEnter, INFINITY);
}

TEST(ParseAnswerLine, AnAlgorithmTheProgramDidNotDeclareIsNamed)
{
    ExternalQuery q = RayBox(Precision::Double);
    q.algorithms = {"slab"};
    const ExternalAnswer a = ParseAnswerLine(R"({"id": 5, "results": {"slab": {"hit": false}}})", 5, q, kDeclared);
    EXPECT_EQ(a.status, ExternalStatus::BadAnswer);
    EXPECT_EQ(a.message, "results.slab: not an algorithm of this program's ray_aabb algorithms");
}

TEST(ParseAnswerLine, ErrorLineIsTheProgramsError)
{
    const ExternalAnswer a =
        ParseAnswerLine(R"({"id": 5, "error": "no sphere"})", 5, RayBox(Precision::Double), kDeclared);
    EXPECT_EQ(a.status, ExternalStatus::Error);
    EXPECT_EQ(a.message, "no sphere");
}

struct BadCase {
    const char* what;
    const char* line;
    const char* message;
};

class BadAnswers : public testing::TestWithParam<BadCase> {};

TEST_P(BadAnswers, SayWhatIsWrong)
{
    const ExternalAnswer a = ParseAnswerLine(GetParam().line, 5, RayBox(Precision::Double), kDeclared);
    EXPECT_EQ(a.status, ExternalStatus::BadAnswer);
    EXPECT_EQ(a.message, GetParam().message);
    EXPECT_TRUE(a.results.empty());
}

INSTANTIATE_TEST_SUITE_P(
    Cases, BadAnswers,
    testing::Values(
        BadCase{"NotJson", "hello", "answer to query 5 is not a JSON object: \"hello\""},
        BadCase{"NoId", R"({"results": {}})",
                "answer has id nothing, expected 5 (answers come in the order of the queries)"},
        BadCase{"StringId", R"({"id": "5"})",
                "answer has id string \"5\", expected 5 (answers come in the order of the queries)"},
        BadCase{"NoResults", R"({"id": 5})", "results: expected an object {name: result}, got nothing"},
        BadCase{"MissingAlgorithm", R"({"id": 5, "results": {"mine": {"hit": false}}})",
                "results.yours: missing (the query asked for it)"},
        BadCase{"ExtraAlgorithm",
                R"({"id": 5, "results": {"mine": {"hit": false}, "yours": {"hit": false}, "theirs": {"hit": false}}})",
                "results.theirs: not asked for"},
        BadCase{"HitNotBool", R"({"id": 5, "results": {"mine": {"hit": 1}, "yours": {"hit": false}}})",
                "results.mine.hit: expected true or false, got 1"},
        BadCase{"HitWithoutT", R"({"id": 5, "results": {"mine": {"hit": false}, "yours": {"hit": true}}})",
                "results.yours.t_enter: missing (the algorithm returns it and hit is true)"},
        BadCase{"TNotNumber",
                R"({"id": 5, "results": {"mine": {"hit": false}, "yours": {"hit": true, "t_enter": "0.5"}}})",
                "results.yours.t_enter: expected a number (or \"inf\", \"-inf\", \"nan\"), got string \"0.5\""},
        BadCase{
            "ShortPoint",
            R"({"id": 5, "results": {"yours": {"hit": false}, "mine": {"hit": true, "t_enter": 0, "t_exit": 1, "point": [1, 2]}}})",
            "results.mine.point: expected an array of 3 numbers, got an array of 2 elements"},
        BadCase{"TraceStepWithoutCaption",
                R"({"id": 5, "results": {"yours": {"hit": false}, "mine": {"hit": false, "trace": [{"values": {}}]}}})",
                "results.mine.trace[0].caption: expected a string, got nothing"},
        BadCase{"TraceNotArray",
                R"({"id": 5, "results": {"yours": {"hit": false, "trace": {}}, "mine": {"hit": false}}})",
                "results.yours.trace: expected an array of steps, got an object"},
        BadCase{
            "TraceStepNotObject",
            R"({"id": 5, "results": {"yours": {"hit": false}, "mine": {"hit": false, "trace": [{"caption": "x"}, 3]}}})",
            "results.mine.trace[1]: expected a step {\"caption\": text, \"values\": {name: number}}, got 3"},
        BadCase{"TraceCaptionNotText",
                R"({"id": 5, "results": {"yours": {"hit": false}, "mine": {"hit": false, "trace": [{"caption": 7}]}}})",
                "results.mine.trace[0].caption: expected a string, got 7"},
        BadCase{
            "TraceValuesNotObject",
            R"({"id": 5, "results": {"yours": {"hit": false}, "mine": {"hit": false, "trace": [{"caption": "x", "values": [1]}]}}})",
            "results.mine.trace[0].values: expected an object {name: number or null}, got an array of 1 element"},
        BadCase{
            "TraceValueInfinite",
            R"({"id": 5, "results": {"yours": {"hit": false}, "mine": {"hit": false, "trace": [{"caption": "x", "values": {"t_near": "-inf"}}]}}})",
            "results.mine.trace[0].values.t_near: expected a finite number or null, got string \"-inf\""},
        BadCase{"VerdictNotText",
                R"({"id": 5, "results": {"yours": {"hit": false}, "mine": {"hit": false, "verdict": false}}})",
                "results.mine.verdict: expected a string, got false"}),
    [](const testing::TestParamInfo<BadCase>& c) { return std::string(c.param.what); });

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
