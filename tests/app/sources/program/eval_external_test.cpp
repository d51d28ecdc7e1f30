// Tests of app/cli/eval_external: `hitlab eval --external` adds the programs' answers, contains a
// crash to its line, and refuses a program whose metadata is refused.
#include "app/cli/eval.h"
#include "app/cli/eval_external.h"

#include <gtest/gtest.h>

#include <sstream>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using nlohmann::json;
using namespace std::chrono_literals;

const std::string kPython = std::string("python3 '") + HITLAB_EXAMPLES + "/ray_aabb_python.py'";
const std::string kCpp = std::string("'") + HITLAB_RAY_AABB_CPP + "'";
const std::string kCrash = std::string("python3 '") + HITLAB_EXAMPLES + "/misbehaving/misbehave.py' crash";

std::string Line(int id, double originX, double directionX)
{
    return R"({"id": )" + std::to_string(id) +
           R"(, "query": "ray_aabb", "precision": "double", "a": {"type": "ray", )" + R"("origin": [)" +
           std::to_string(originX) + R"(, 0.5, 0.5], "direction": [)" + std::to_string(directionX) +
           R"(, 0, 0]}, "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}})";
}

std::vector<json> Lines(const std::string& text)
{
    std::vector<json> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        out.push_back(json::parse(line));
    }
    return out;
}

TEST(EvalExternal, AddsTheProgramsAnswersAndContainsACrashToItsLine)
{
    std::istringstream in(Line(1, -1, 2) + "\n" + Line(2, 13, -1) + "\n" + Line(3, -3, 4) + "\n");
    std::ostringstream out, err;
    EXPECT_EQ(RunEvalExternal(in, out, err, {kPython, kCrash}, 2000ms), 0);
    EXPECT_EQ(err.str(), "");
    const std::vector<json> answers = Lines(out.str());
    ASSERT_EQ(answers.size(), 3u);

    const json& first = answers[0];
    EXPECT_EQ(first["results"]["slab_python"], first["results"]["slab"]);
    EXPECT_EQ(first["results"]["slab_python"]["t_enter"], 0.5);
    EXPECT_EQ(first["results"]["slab_misbehaving"], first["results"]["slab"]);
    EXPECT_EQ(first["external"]["slab_python"],
              json({{"command", kPython}, {"status", "answered"}, {"differs", json::array()}}));
    bool builtInOk = false;
    const json plain = AnswerLine(Line(1, -1, 2), builtInOk);
    EXPECT_EQ(first["agree"], plain["agree"]);

    const json& second = answers[1];
    EXPECT_EQ(second["results"]["slab_python"], second["results"]["slab"]);
    EXPECT_FALSE(second["results"].contains("slab_misbehaving"));
    EXPECT_EQ(
        second["external"]["slab_misbehaving"],
        json({{"command", kCrash}, {"status", "crashed"}, {"message", "exited with status 3"}, {"differs", nullptr}}));
    EXPECT_EQ(second["agree"], false);

    const json& third = answers[2];
    EXPECT_EQ(third["results"]["slab_misbehaving"]["t_enter"], 0.75);
    EXPECT_EQ(third["external"]["slab_misbehaving"]["status"], "answered");
}

// A program whose one algorithm declares origin_inside: miss and answers every query with a miss.
const std::string kInsideMiss =
    std::string("python3 -c '") +
    "import json,sys\n"
    "print(json.dumps([{\"name\":\"inside_miss\",\"family\":\"ray_aabb\",\"title\":\"t\","
    "\"summary\":\"s\",\"source\":\"test\",\"reference\":False,\"published\":False,"
    "\"conventions\":{\"origin_inside\":\"miss\"},\"returns\":[\"hit\"]}]),flush=True)\n"
    "for line in sys.stdin:\n"
    "    q=json.loads(line)\n"
    "    print(json.dumps({\"id\":q[\"id\"],\"results\":{\"inside_miss\":{\"hit\":False}}}),"
    "flush=True)\n'";

TEST(EvalExternal, ADifferingAnswerIsExplainedByItsDeclaredConventions)
{
    // the origin (0.5, 0.5, 0.5) is inside the unit box: the reference hits at t_enter = 0
    std::istringstream in(Line(1, 0.5, 1) + "\n");
    std::ostringstream out, err;
    EXPECT_EQ(RunEvalExternal(in, out, err, {kInsideMiss}, 2000ms), 0);
    EXPECT_EQ(err.str(), "");
    const std::vector<json> answers = Lines(out.str());
    ASSERT_EQ(answers.size(), 1u);
    EXPECT_EQ(answers[0]["results"]["slab"]["hit"], true);
    EXPECT_EQ(answers[0]["results"]["inside_miss"]["hit"], false);
    EXPECT_EQ(answers[0]["agree"], false);
    EXPECT_EQ(answers[0]["external"]["inside_miss"]["differs"], json::array({"hit"}));
    EXPECT_EQ(answers[0]["external"]["inside_miss"]["explain"],
              json({{"explanation", "convention"},
                    {"reason", "the origin is inside the solid, and inside_miss counts an origin inside as a miss "
                               "(origin_inside: miss)"},
                    {"fields", json::array({"hit"})}}));
}

TEST(EvalExternal, AGivenAnswerIsJudgedBesideThemAndMayNotTakeTheirNames)
{
    // the line's own answer beside the program's: both are in results, each judged
    const std::string line = Line(1, 0.5, 1);
    const std::string mine = line.substr(0, line.size() - 1) + R"(, "answers": {"mine": {"hit": false}}})";
    const std::string second = Line(2, 0.5, 1);
    const std::string clash = second.substr(0, second.size() - 1) + R"(, "answers": {"inside_miss": {"hit": false}}})";
    std::istringstream in(mine + "\n" + clash + "\n");
    std::ostringstream out, err;
    EXPECT_EQ(RunEvalExternal(in, out, err, {kInsideMiss}, 2000ms), 1); // the clash is an error line
    const std::vector<json> answers = Lines(out.str());
    ASSERT_EQ(answers.size(), 2u);
    EXPECT_EQ(answers[0]["results"]["mine"]["hit"], false);
    EXPECT_EQ(answers[0]["results"]["inside_miss"]["hit"], false);
    EXPECT_EQ(answers[0]["explain"]["mine"]["explanation"], "unexplained"); // it declares no convention
    EXPECT_EQ(answers[0]["external"]["inside_miss"]["explain"]["explanation"], "convention");
    EXPECT_EQ(answers[0]["agree"], false);
    EXPECT_EQ(answers[1], json({{"id", 2},
                                {"error", "answers.inside_miss: clashes with the external algorithm "
                                          "ray_aabb/inside_miss of '" +
                                              kInsideMiss + "' (give the answer another name)"}}));
}

TEST(EvalExternal, ErrorLinesStayErrorLines)
{
    std::istringstream in("{\"id\": 4, \"query\": \"ray_cone\"}\n");
    std::ostringstream out, err;
    EXPECT_EQ(RunEvalExternal(in, out, err, {kPython}, 2000ms), 1);
    const std::vector<json> answers = Lines(out.str());
    ASSERT_EQ(answers.size(), 1u);
    EXPECT_TRUE(answers[0].contains("error"));
    EXPECT_FALSE(answers[0].contains("external"));
}

TEST(EvalExternal, RefusedProgramIsExitStatusTwo)
{
    const std::string clash = std::string("python3 '") + HITLAB_EXAMPLES + "/misbehaving/misbehave.py' meta_clash";
    std::istringstream in(Line(1, -1, 2) + "\n");
    std::ostringstream out, err;
    EXPECT_EQ(RunEvalExternal(in, out, err, {clash}, 2000ms), 2);
    EXPECT_EQ(out.str(), "");
    EXPECT_EQ(err.str(), "hitlab eval: metadata line of '" + clash + "': [0].name: ray_aabb/slab of '" + clash +
                             "' clashes with the built-in algorithm ray_aabb/slab\n");
}

TEST(EvalExternal, TwoCopiesOfAProgramClash)
{
    std::istringstream in("");
    std::ostringstream out, err;
    EXPECT_EQ(RunEvalExternal(in, out, err, {kPython, kPython}, 2000ms), 2);
    EXPECT_EQ(err.str(), "hitlab eval: metadata line of '" + kPython + "': [0].name: ray_aabb/slab_python of '" +
                             kPython + "' clashes with the external algorithm ray_aabb/slab_python of '" + kPython +
                             "'\n");
}

// The lesson "slab-2d-hit": the ray from the origin with direction (2, 1, 0) against the box
// [1, 3] x [1, 3] x [-0.5, 0.5], with "trace": true. By hand: the x slab is crossed for t in
// [0.5, 1.5], the y slab for t in [1, 3], the z slab is parallel and contains the origin (no t:
// null); the running interval is [0.5, 1.5], then [1, 1.5], then [1, 1.5].
const char* kTracedHit =
    R"({"id": 7, "query": "ray_aabb", "precision": "PRECISION", "a": {"type": "ray", "origin": [0, 0, 0],)"
    R"( "direction": [2, 1, 0]}, "b": {"type": "aabb", "min": [1, 1, -0.5], "max": [3, 3, 0.5]}, "trace": true})";

/// kTracedHit in precision, with the replacements (from, to) made, through `eval --external`
/// with the programs: its one answer line (null when there is not exactly one).
json EvalTraced(const char* precision, const std::vector<std::string>& programs,
                const std::vector<std::pair<std::string, std::string>>& replace = {})
{
    std::string line = kTracedHit;
    line.replace(line.find("PRECISION"), 9, precision);
    for (const auto& [from, to] : replace) {
        line.replace(line.find(from), from.size(), to);
    }
    std::istringstream in(line + "\n");
    std::ostringstream out, err;
    EXPECT_EQ(RunEvalExternal(in, out, err, programs, 5000ms), 0) << err.str();
    const std::vector<json> answers = Lines(out.str());
    EXPECT_EQ(answers.size(), 1u) << out.str();
    return answers.size() == 1 ? answers[0] : json();
}

json SlabStep(const char* caption, json near, json far, double enter, double exit)
{
    return {{"caption", caption}, {"values", {{"t_near", near}, {"t_far", far}, {"t_enter", enter}, {"t_exit", exit}}}};
}

TEST(EvalExternal, TraceTrueGivesTheExamplesSlabTracesAndVerdicts)
{
    const json expected = {{"steps",
                            {SlabStep("x slab", 0.5, 1.5, 0.5, 1.5), SlabStep("y slab", 1, 3, 1, 1.5),
                             SlabStep("z slab", nullptr, nullptr, 1, 1.5)}},
                           {"deciding_step", nullptr},
                           {"verdict", "Hit: the slabs' t intervals meet."}};
    for (const char* precision : {"double", "float"}) {
        const json answer = EvalTraced(precision, {kPython, kCpp});
        EXPECT_EQ(answer["traces"]["slab_python"], expected) << precision;
        EXPECT_EQ(answer["traces"]["slab_cpp"], expected) << precision;
        EXPECT_EQ(answer["results"]["slab_cpp"]["t_enter"], 1);
    }
    // the values keep the order the program wrote them in
    const std::string line = std::string(kTracedHit).replace(std::string(kTracedHit).find("PRECISION"), 9, "double");
    std::istringstream in(line + "\n");
    std::ostringstream out, err;
    EXPECT_EQ(RunEvalExternal(in, out, err, {kCpp}, 5000ms), 0) << err.str();
    const nlohmann::ordered_json ordered = nlohmann::ordered_json::parse(out.str());
    EXPECT_EQ(ordered["traces"]["slab_cpp"]["steps"][0]["values"].dump(),
              R"({"t_near":0.5,"t_far":1.5,"t_enter":0.5,"t_exit":1.5})");
}

TEST(EvalExternal, WithoutTraceTrueTheExamplesSendNoTrace)
{
    const json answer = EvalTraced("double", {kPython, kCpp}, {{R"(, "trace": true)", ""}});
    EXPECT_FALSE(answer.contains("traces"));
    EXPECT_EQ(answer["external"]["slab_python"]["status"], "answered");
}

TEST(EvalExternal, TheCppExamplesMissTraceEndsInTheMissVerdict)
{
    // the box moved to y in [8, 10]: the x slab gives [0.5, 1.5], the y slab [8, 10]: they do not meet
    const json answer =
        EvalTraced("double", {kCpp}, {{"[1, 1, -0.5]", "[1, 8, -0.5]"}, {"[3, 3, 0.5]", "[3, 10, 0.5]"}});
    const json& trace = answer["traces"]["slab_cpp"];
    EXPECT_EQ(trace["verdict"], "Miss: the slabs' t intervals do not meet.");
    ASSERT_EQ(trace["steps"].size(), 3u);
    EXPECT_EQ(trace["steps"][1], SlabStep("y slab", 8, 10, 8, 1.5));
    EXPECT_EQ(answer["results"]["slab_cpp"]["hit"], false);
}

// A program that answers every query with a miss and a trace whose second step has an infinite value.
const std::string kBadTrace =
    std::string("python3 -c '") +
    "import json,sys\n"
    "print(json.dumps([{\"name\":\"bad_trace\",\"family\":\"ray_aabb\",\"title\":\"t\","
    "\"summary\":\"s\",\"source\":\"test\",\"reference\":False,\"published\":False,"
    "\"conventions\":{},\"returns\":[\"hit\"]}]),flush=True)\n"
    "for line in sys.stdin:\n"
    "    q=json.loads(line)\n"
    "    t=[{\"caption\":\"one\",\"values\":{\"t\":1}},{\"caption\":\"two\",\"values\":{\"t\":\"inf\"}}]\n"
    "    print(json.dumps({\"id\":q[\"id\"],\"results\":{\"bad_trace\":{\"hit\":False,\"trace\":t}}}),"
    "flush=True)\n'";

TEST(EvalExternal, AnInvalidTraceIsABadAnswerSayingWhere)
{
    const json answer = EvalTraced("double", {kBadTrace});
    EXPECT_EQ(answer["external"]["bad_trace"],
              json({{"command", kBadTrace},
                    {"status", "bad answer"},
                    {"message", "results.bad_trace.trace[1].values.t: expected a finite number or null, got string "
                                "\"inf\""},
                    {"differs", nullptr}}));
    EXPECT_EQ(answer["agree"], false);
    EXPECT_TRUE(answer["traces"].contains("slab")); // the built-in algorithms' traces stay
    EXPECT_FALSE(answer["traces"].contains("bad_trace"));
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
