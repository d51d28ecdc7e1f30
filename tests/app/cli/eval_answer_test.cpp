// Tests of judging a given answer (`"answer"` / `"answers"` on an eval line, core/capture/given_answer.h):
// the answer compared with the reference and the exact judge, explained by the line's conventions,
// counted in agree, at the line's precision; malformed answers as error lines naming the key path;
// a line with only an answer runs no algorithm; JudgeAnswers called directly, as a triage would.
#include "app/cli/eval.h"
#include "core/capture/given_answer.h"

#include "core/io/protocol.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

// ordered: the answer's key order is part of the protocol (results: algorithms run, then answers)
using json = nlohmann::ordered_json;

/// The ray [-1, 0, 0.5] + t (1, 0, 0) against the unit box: it enters at t = 1 (x = 0) and leaves
/// at t = 2 (x = 1), along the box's y = 0 face (exact in float and double).
const std::string kThrough =
    R"("query": "ray_aabb", "a": {"type": "ray", "origin": [-1, 0, 0.5], "direction": [1, 0, 0]},
    "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]})";
/// The ray from the box's centre along +x: the origin is inside, t in [0, 0.5].
const std::string kInside =
    R"("query": "ray_aabb", "a": {"type": "ray", "origin": [0.5, 0.5, 0.5], "direction": [1, 0, 0]},
    "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]})";

std::vector<json> Eval(const std::string& input, int& status)
{
    std::istringstream in(input);
    std::ostringstream out;
    status = RunEval(in, out);
    std::vector<json> answers;
    std::istringstream lines(out.str());
    std::string line;
    while (std::getline(lines, line)) {
        answers.push_back(json::parse(line));
    }
    return answers;
}

/// {query..., extra} on one line (the texts are wrapped here for reading).
std::string Line(const std::string& query, const std::string& extra)
{
    return nlohmann::json::parse("{" + query + ", " + extra + "}").dump();
}

/// One line {query..., extra} answered; status is eval's exit status.
json EvalOne(const std::string& query, const std::string& extra, int& status)
{
    const std::vector<json> answers = Eval(Line(query, extra) + "\n", status);
    EXPECT_EQ(answers.size(), 1u);
    return answers.empty() ? json() : answers[0];
}

json EvalOne(const std::string& query, const std::string& extra)
{
    int status = 0;
    return EvalOne(query, extra, status);
}

std::vector<std::string> Keys(const json& object)
{
    std::vector<std::string> out;
    for (const auto& [key, value] : object.items()) {
        out.push_back(key);
    }
    return out;
}

TEST(EvalAnswer, TheExactAnswerAgreesAndRunsNoAlgorithm)
{
    int status = -1;
    const json a = EvalOne(kThrough, R"("id": 1, "answer": {"hit": true, "t_enter": 1, "t_exit": 2})", status);
    EXPECT_EQ(status, 0);
    EXPECT_EQ(Keys(a.at("results")), std::vector<std::string>{"answer"}); // no algorithm ran
    EXPECT_EQ(a.at("results").at("answer"),
              json::parse(R"({"hit": true, "t_enter": 1, "t_exit": 2, "point": null, "normal": null})"));
    EXPECT_TRUE(a.at("agree").get<bool>());
    EXPECT_EQ(a.at("explain"), json::object());
    EXPECT_EQ(a.at("answers"), json::parse(R"(["answer"])"));
    EXPECT_EQ(a.at("precision"), "float");
    // the exact part is there without "exact": true, with the answer's ulps
    const json& exact = a.at("exact");
    EXPECT_EQ(exact.at("t_enter_text"), "1");
    EXPECT_EQ(exact.at("t_exit_text"), "2");
    EXPECT_EQ(exact.at("algorithms"),
              json::parse(R"({"answer": {"agrees_with_exact": true, "ulp": {"t_enter": 0, "t_exit": 0}}})"));
    EXPECT_FALSE(a.contains("warnings"));
}

TEST(EvalAnswer, AMissWithoutConventionsIsUnexplainedAndAgreeIsFalse)
{
    const json a = EvalOne(kThrough, R"("answer": {"hit": false}, "conventions": {})");
    EXPECT_FALSE(a.at("agree").get<bool>());
    EXPECT_EQ(a.at("explain").at("answer"), json::parse(R"({"explanation": "unexplained",
                              "reason": "not explained by answer's declared conventions or by rounding",
                              "fields": ["hit"]})"));
    EXPECT_EQ(a.at("exact").at("algorithms").at("answer"),
              json::parse(R"({"agrees_with_exact": false, "ulp": {"t_enter": null, "t_exit": null}})"));
}

TEST(EvalAnswer, AMissWithTheOriginInsideIsExplainedByItsDeclaredConvention)
{
    const json a = EvalOne(kInside, R"("answer": {"hit": false}, "conventions": {"origin_inside": "miss"})");
    EXPECT_FALSE(a.at("agree").get<bool>());
    const json& e = a.at("explain").at("answer");
    EXPECT_EQ(e.at("explanation"), "convention");
    EXPECT_EQ(e.at("reason"),
              "the origin is inside the solid, and answer counts an origin inside as a miss (origin_inside: miss)");
    EXPECT_EQ(e.at("fields"), json::parse(R"(["hit"])"));
    // the same miss declared "hit" for an origin inside explains nothing
    const json b = EvalOne(kInside, R"("answer": {"hit": false}, "conventions": {"origin_inside": "hit"})");
    EXPECT_EQ(b.at("explain").at("answer").at("explanation"), "unexplained");
}

TEST(EvalAnswer, AHitBeyondTheMaximumDistanceIsExplainedByMaxDistance)
{
    const json a = EvalOne(
        kThrough, R"("answer": {"hit": false}, "conventions": {"t_range": "t <= max distance", "max_distance": 0.5})");
    EXPECT_EQ(a.at("explain").at("answer").at("explanation"), "convention");
    EXPECT_EQ(a.at("explain").at("answer").at("reason"),
              "the hit lies beyond answer's maximum distance (t_range: t <= max distance)");
    // a limit beyond the entry explains nothing
    const json b = EvalOne(
        kThrough, R"("answer": {"hit": false}, "conventions": {"t_range": "t <= max distance", "max_distance": 3})");
    EXPECT_EQ(b.at("explain").at("answer").at("explanation"), "unexplained");
}

TEST(EvalAnswer, ATEnterOffByAThousandFloatUlpsIsUnexplainedInTEnter)
{
    // 1 + 1000 * 2^-23: 1000 float ulps above the exact entry; the exit is right
    const json a = EvalOne(kThrough, R"("answer": {"hit": true, "t_enter": 1.00011920928955078125, "t_exit": 2})");
    EXPECT_FALSE(a.at("agree").get<bool>());
    const json& e = a.at("explain").at("answer");
    EXPECT_EQ(e.at("explanation"), "unexplained");
    EXPECT_EQ(e.at("fields"), json::parse(R"(["t_enter"])"));
    EXPECT_EQ(e.at("reason"),
              "t_enter 1.00011921 (reference 1): not explained by answer's declared conventions or by rounding");
    EXPECT_EQ(a.at("exact").at("algorithms").at("answer").at("ulp"), json::parse(R"({"t_enter": 1000, "t_exit": 0})"));
}

TEST(EvalAnswer, TheAnswerIsJudgedAtTheLinesPrecision)
{
    // 4 float ulps (1 + 2^-21): within float's tolerance of 8 ulps, 2^31 ulps off in double
    const std::string answer = R"("answer": {"hit": true, "t_enter": 1.000000476837158203125, "t_exit": 2})";
    const json f = EvalOne(kThrough, answer);
    EXPECT_TRUE(f.at("agree").get<bool>());
    EXPECT_EQ(f.at("explain"), json::object());
    EXPECT_EQ(f.at("exact").at("algorithms").at("answer").at("ulp").at("t_enter"), 4);
    const json d = EvalOne(kThrough, answer + R"(, "precision": "double")");
    EXPECT_FALSE(d.at("agree").get<bool>());
    EXPECT_EQ(d.at("explain").at("answer").at("explanation"), "unexplained");
    EXPECT_EQ(d.at("exact").at("algorithms").at("answer").at("ulp").at("t_enter"), 2147483648.0);
}

TEST(EvalAnswer, AnAnswerTheExactJudgeShowsRightWhereTheReferenceIsOffIsNotBlamed)
{
    // the ray at z = 0.1000000002 passes above the box's top at 0.1000000001 (an exact miss), but
    // both round to the same float: the float reference grazes the top face and hits
    const std::string graze = R"("query": "ray_aabb",
        "a": {"type": "ray", "origin": [-1, 0.5, 0.1000000002], "direction": [1, 0, 0]},
        "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 0.1000000001]})";
    const json a = EvalOne(graze, R"("answer": {"hit": false})");
    EXPECT_FALSE(a.at("agree").get<bool>()); // it does differ from the reference
    EXPECT_EQ(a.at("explain"), json::object());
    EXPECT_EQ(a.at("reference_note"), "the reference says hit where the exact judge says miss; the algorithms that "
                                      "agree with the judge are not blamed");
    EXPECT_FALSE(a.at("exact").at("hit").get<bool>());
    EXPECT_TRUE(a.at("exact").at("algorithms").at("answer").at("agrees_with_exact").get<bool>());
}

TEST(EvalAnswer, SeveralNamedAnswersBesideChosenAlgorithms)
{
    const json a = EvalOne(kThrough, R"("algorithms": ["slab_signs"], "precision": "double", "answers": {
        "engine_b": {"hit": true, "t_enter": 1, "t_exit": 2.5},
        "engine_a": {"hit": true, "t_enter": 1, "t_exit": 2, "point": [0, 0, 0.5], "normal": [-1, 0, 0]}})");
    // the algorithms run first, then the answers in name order
    EXPECT_EQ(Keys(a.at("results")), (std::vector<std::string>{"slab_signs", "engine_a", "engine_b"}));
    EXPECT_EQ(a.at("answers"), json::parse(R"(["engine_a", "engine_b"])"));
    EXPECT_FALSE(a.at("agree").get<bool>());
    EXPECT_EQ(Keys(a.at("explain")), std::vector<std::string>{"engine_b"});
    EXPECT_EQ(a.at("explain").at("engine_b").at("fields"), json::parse(R"(["t_exit"])"));
    EXPECT_EQ(a.at("explain").at("engine_b").at("explanation"), "unexplained");
    EXPECT_EQ(a.at("results").at("engine_a").at("normal"), json::parse("[-1, 0, 0]"));
    EXPECT_EQ(a.at("exact").at("algorithms").at("engine_b").at("ulp").at("t_exit"), 0.5 / 0x1p-51);
    EXPECT_EQ(Keys(a.at("exact").at("algorithms")), (std::vector<std::string>{"slab_signs", "engine_a", "engine_b"}));
}

TEST(EvalAnswer, AnOverlapAnswerIsComparedOnItsDepth)
{
    // boxes [0, 2]^3 and [1, 3]^3: depth min(2 - 1, 3 - 0) = 1 on every axis
    const std::string boxes = R"("query": "aabb_aabb", "a": {"type": "aabb", "min": [0, 0, 0], "max": [2, 2, 2]},
        "b": {"type": "aabb", "min": [1, 1, 1], "max": [3, 3, 3]})";
    const json right = EvalOne(boxes, R"("answer": {"hit": true, "depth": 1, "normal": [0, 1, 0], "contact": null})");
    EXPECT_TRUE(right.at("agree").get<bool>()) << right.dump();
    EXPECT_EQ(right.at("exact").at("algorithms").at("answer").at("ulp"),
              json::parse(R"({"depth": 0, "distance": null})"));
    const json wrong = EvalOne(boxes, R"("answer": {"hit": true, "depth": 1.5})");
    EXPECT_FALSE(wrong.at("agree").get<bool>());
    EXPECT_EQ(wrong.at("explain").at("answer").at("fields"), json::parse(R"(["depth"])"));
    EXPECT_EQ(wrong.at("explain").at("answer").at("explanation"), "unexplained");
    EXPECT_EQ(wrong.at("exact").at("algorithms").at("answer").at("ulp").at("depth"), 0.5 / 0x1p-23);
}

TEST(EvalAnswer, OnlyAnAnswerRunsNoAlgorithmAndAnEmptyListNeedsAnAnswer)
{
    const json a = EvalOne(kThrough, R"("algorithms": [], "answer": {"hit": true})");
    EXPECT_EQ(Keys(a.at("results")), std::vector<std::string>{"answer"});
    EXPECT_TRUE(a.at("agree").get<bool>()); // the verdict is all it gives
    const json all = EvalOne(kThrough, R"("algorithms": "all", "answer": {"hit": true})");
    EXPECT_GT(all.at("results").size(), 2u);
    EXPECT_EQ(Keys(all.at("results")).back(), "answer");
    const json none = EvalOne(kThrough, R"("algorithms": [])");
    EXPECT_EQ(none.at("error"), "algorithms: expected \"all\" or an array of at least one name, got an empty array "
                                "(an empty array is for a line that only gives an \"answer\" to judge)");
    const json plain = EvalOne(kThrough, R"("id": 2)"); // no answer: every algorithm, no exact part
    EXPECT_GT(plain.at("results").size(), 2u);
    EXPECT_FALSE(plain.contains("exact"));
    EXPECT_FALSE(plain.contains("answers"));
}

struct MalformedCase {
    const char* extra;   ///< added to the ray_aabb line
    const char* message; ///< the whole error
};

TEST(EvalAnswer, MalformedAnswersAreErrorLinesNamingTheKeyPath)
{
    const std::vector<MalformedCase> cases{
        {R"("answer": true)", "answer: expected a result object {\"hit\": true or false, ...}, got true"},
        {R"("answer": {"t_enter": 1})", "answer.hit: missing (a result needs \"hit\": true or false)"},
        {R"("answer": {"hit": 1})", "answer.hit: must be true or false, got 1"},
        {R"("answer": {"hit": true, "t_enter": "1"})",
         "answer.t_enter: must be a number (or \"inf\", \"-inf\"), got string \"1\""},
        {R"("answer": {"hit": true, "t_exit": "nan"})",
         "answer.t_exit: must be a number (or \"inf\", \"-inf\"), got string \"nan\" (a field the answer does not "
         "compute is left out or null)"},
        {R"("answer": {"hit": true, "point": [0, 0]})",
         "answer.point: must be an array of 3 numbers, got an array of 2 "
         "elements"},
        {R"("answer": {"hit": true, "normal": [0, "NaN", 0]})",
         "answer.normal[1]: must be a number (or \"inf\", \"-inf\"), got string \"NaN\" (a field the answer does not "
         "compute is left out or null)"},
        {R"("answer": {"hit": true, "depth": 1})",
         "answer.depth: not a result field of ray_aabb (its fields are hit, t_enter, t_exit, point, normal)"},
        {R"("answers": {"slab": {"hit": true}})",
         "answers.slab: clashes with the built-in algorithm ray_aabb/slab (give the answer another name)"},
        {R"("answers": {"mine": {"hit": true, "t_enter": null, "t_exit": false}})",
         "answers.mine.t_exit: must be a number (or \"inf\", \"-inf\"), got false"},
        {R"("answers": {})", "answers: expected an object {\"NAME\": result, ...} of at least one answer, got an "
                             "object"},
        {R"("answers": {"": {"hit": true}})", "answers: an answer's name must not be empty"},
        {R"("answer": {"hit": true}, "answers": {"x": {"hit": true}})",
         "answers: give either \"answer\" or \"answers\", not both"},
        {R"("answer": {"hit": true}, "conventions": ["origin_inside"])",
         "conventions: expected an object {\"origin_inside\": \"miss\", ...}, got an array of 1 element"},
        {R"("answer": {"hit": true}, "conventions": {"origin_inside": "sometimes"})",
         "conventions.origin_inside: expected one of \"hit\", \"miss\", got string \"sometimes\""},
        {R"("answer": {"hit": true}, "conventions": {"max_distance": -1})", "conventions.max_distance: must be >= 0, "
                                                                            "got -1"},
        {R"("answer": {"hit": true}, "conventions": {"max_distance": "far"})",
         "conventions.max_distance: expected a number, got string \"far\""},
        {R"("answer": {"hit": true}, "frame": "x")", "frame: expected an integer, got string \"x\""},
        {R"("answer": {"hit": true}, "where": 3)", "where: expected a string (the call site), got 3"},
    };
    std::string input;
    for (const MalformedCase& c : cases) {
        input += Line(kThrough, std::string(R"("id": 9, )") + c.extra) + "\n";
    }
    int status = 0;
    const std::vector<json> answers = Eval(input, status);
    EXPECT_EQ(status, 1);
    ASSERT_EQ(answers.size(), cases.size());
    for (size_t i = 0; i < cases.size(); ++i) {
        EXPECT_EQ(answers[i], json({{"id", 9}, {"error", cases[i].message}})) << cases[i].extra;
    }
    // an unknown convention lists the vocabulary
    const json unknown = EvalOne(kThrough, R"("answer": {"hit": true}, "conventions": {"orgin_inside": "miss"})");
    const std::string message = unknown.at("error").get<std::string>();
    EXPECT_EQ(message.rfind("conventions.orgin_inside: unknown convention (expected one of ", 0), 0u) << message;
    EXPECT_NE(message.find("origin_inside"), std::string::npos);
    EXPECT_NE(message.find("max_distance"), std::string::npos);
}

TEST(EvalAnswer, InfinitiesAndCaptureKeysAreAcceptedConventionsAloneWarn)
{
    const json a = EvalOne(kThrough, R"("answer": {"hit": true, "t_enter": 1, "t_exit": "inf"},
        "frame": 1234, "time": 0.5, "where": "player.cpp:88")");
    EXPECT_FALSE(a.contains("warnings")) << a.dump();
    EXPECT_EQ(a.at("results").at("answer").at("t_exit"), "inf");
    EXPECT_EQ(a.at("explain").at("answer").at("fields"), json::parse(R"(["t_exit"])"));
    EXPECT_EQ(a.at("exact").at("algorithms").at("answer").at("ulp").at("t_exit"), "inf");
    const json b = EvalOne(kThrough, R"("algorithms": ["slab"], "conventions": {"origin_inside": "miss"})");
    EXPECT_EQ(b.at("warnings"),
              json::array({"conventions: ignored (they apply to a given \"answer\" or \"answers\")"}));
}

TEST(JudgeAnswers, JudgesOneAnswerAloneAsATriageWould)
{
    const ParsedQuery q = ParseQuery("{" + kInside + R"(, "answer": {"hit": false},
        "conventions": {"origin_inside": "miss", "boundary": "inclusive"}})");
    ASSERT_TRUE(q.Ok()) << q.error;
    EXPECT_TRUE(q.algorithms.empty());
    const GivenAlgorithms given(q.query.family, q.answers, q.conventions);
    ASSERT_EQ(given.Infos().size(), 1u);
    const AlgorithmInfo& info = given.Infos()[0];
    EXPECT_EQ(info.name, "answer");
    EXPECT_EQ(info.run.one, nullptr); // HitLab cannot re-run it
    EXPECT_EQ(info.returns, std::uint32_t(kFieldHit));
    EXPECT_EQ(info.ConventionValue("origin_inside"), "miss");
    EXPECT_TRUE(info.flaw.empty());

    const JudgedAnswers judged = JudgeAnswers(q.query, q.precision, {}, given, q.answers);
    EXPECT_EQ(judged.shown, 1u);
    ASSERT_EQ(judged.comparison.outcomes.size(), 2u); // the answer, then the reference
    EXPECT_EQ(judged.comparison.outcomes[1].info, &ReferenceAlgorithm(Family::RayAabb));
    const AlgorithmOutcome& answer = judged.comparison.outcomes[0];
    EXPECT_EQ(answer.info, &info);
    EXPECT_EQ(answer.differs, std::uint32_t(kFieldHit));
    EXPECT_EQ(answer.explanation, Explanation::Convention);
    EXPECT_FALSE(judged.comparison.agree);
    EXPECT_TRUE(judged.exact.hit);
    EXPECT_EQ(judged.exact.tExit.text, "1/2");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
