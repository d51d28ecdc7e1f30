// Tests of `hitlab eval` (app/cli/eval.h): every public.jsonl line answered in order, error lines,
// exit status, the reference algorithms against the exact expectations in float and double,
// explanations, traces, CRLF, long lines; and one run of the built executable.
#include "app/cli/eval.h"

#include "core/io/protocol.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using nlohmann::json;

/// One public.jsonl line, ready to send.
struct PublicLine {
    json id; ///< the id the answer must echo (for raw lines: the id written in the text, if any)
    std::string send;
    json expect;
    std::string family;
    std::string kind;
    json query; ///< the protocol line without kind and expect (null for raw lines)
};

std::vector<PublicLine> LoadPublic()
{
    std::ifstream file(HITLAB_TEST_DATA "/public.jsonl");
    std::vector<PublicLine> out;
    std::string text;
    while (std::getline(file, text)) {
        const json j = json::parse(text);
        PublicLine line;
        line.expect = j.at("expect");
        line.kind = j.at("kind").get<std::string>();
        if (j.contains("raw")) {
            line.send = j.at("raw").get<std::string>();
            const std::string prefix = R"({"id": )";
            if (line.send.compare(0, prefix.size(), prefix) == 0) {
                line.id = std::stoi(line.send.substr(prefix.size(), 12));
            }
        } else {
            line.query = j;
            line.query.erase("kind");
            line.query.erase("expect");
            line.id = j.at("id");
            line.family = j.at("query").get<std::string>();
            line.send = line.query.dump();
        }
        out.push_back(std::move(line));
    }
    return out;
}

/// Runs RunEval on input; returns the answer lines, parsed, and the exit status.
std::vector<json> Eval(const std::string& input, int& status)
{
    std::istringstream in(input);
    std::ostringstream out;
    status = RunEval(in, out);
    std::vector<json> answers;
    std::istringstream lines(out.str());
    std::string line;
    while (std::getline(lines, line)) {
        answers.push_back(json::parse(line)); // every answer is valid JSON
    }
    return answers;
}

json EvalOne(const std::string& line)
{
    int status = 0;
    const std::vector<json> answers = Eval(line + "\n", status);
    EXPECT_EQ(answers.size(), 1u);
    return answers.empty() ? json() : answers[0];
}

bool FamilyRegistered(const std::string& family)
{
    const std::optional<Family> f = FamilyFromName(family);
    return f && !AlgorithmsOf(*f).empty();
}

TEST(EvalTest, EveryPublicLineAnsweredInOrder)
{
    const std::vector<PublicLine> lines = LoadPublic();
    ASSERT_EQ(lines.size(), 56u);
    std::string input;
    for (const PublicLine& line : lines) {
        input += line.send + "\n";
    }
    int status = 0;
    const std::vector<json> answers = Eval(input, status);
    ASSERT_EQ(answers.size(), lines.size());
    EXPECT_EQ(status, 1); // the file has invalid lines
    int errors = 0;
    for (size_t i = 0; i < lines.size(); ++i) {
        const PublicLine& line = lines[i];
        const json& answer = answers[i];
        SCOPED_TRACE("line " + std::to_string(i + 1) + " (" + line.kind + "): " + answer.dump().substr(0, 300));
        EXPECT_EQ(answer.at("id"), line.id);
        if (line.expect.value("error", false)) {
            ++errors;
            ASSERT_TRUE(answer.contains("error"));
            EXPECT_FALSE(answer.at("error").get<std::string>().empty());
            EXPECT_FALSE(answer.contains("results"));
            continue;
        }
        if (!FamilyRegistered(line.family)) {
            EXPECT_NE(answer.value("error", "").find("no algorithms"), std::string::npos);
            continue;
        }
        ASSERT_FALSE(answer.contains("error"));
        EXPECT_EQ(answer.at("query"), line.family);
        EXPECT_EQ(answer.at("precision"), "float");
        // every algorithm of the family, in registry order, reference first
        const std::vector<const AlgorithmInfo*> infos = AlgorithmsOf(*FamilyFromName(line.family));
        const json& results = answer.at("results");
        ASSERT_EQ(results.size(), infos.size());
        bool sameHit = true;
        const bool firstHit = results.at(std::string(infos[0]->name)).at("hit").get<bool>();
        for (const AlgorithmInfo* info : infos) {
            const json& r = results.at(std::string(info->name));
            sameHit = sameHit && r.at("hit").get<bool>() == firstHit;
            for (const char* key :
                 IsCast(info->family)
                     ? std::vector<const char*>{"hit", "t_enter", "t_exit", "point", "normal"}
                     : std::vector<const char*>{"hit", "depth", "normal", "contact", "separating_axis"}) {
                EXPECT_TRUE(r.contains(key)) << info->name << " lacks " << key;
            }
        }
        // the reference ran, so every difference (verdict or value) has an explain entry
        EXPECT_EQ(answer.at("agree").get<bool>(), sameHit && answer.at("explain").empty());
        EXPECT_EQ(answer.at("reference"), std::string(infos[0]->name));
    }
    EXPECT_EQ(errors, 11);
}

TEST(EvalTest, ExactDistanceOfSeparatedSolids)
{
    // boxes 0.5 apart on x: the distance is the rational 1/2, and the reference gives it
    const json boxes = EvalOne(
        R"({"id": 1, "query": "aabb_aabb", "a": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]},)"
        R"("b": {"type": "aabb", "min": [1.5, 0, 0], "max": [2.5, 1, 1]}, "precision": "double", "exact": true})");
    ASSERT_TRUE(boxes.contains("exact")) << boxes.dump();
    EXPECT_EQ(boxes["exact"]["hit"], false);
    EXPECT_EQ(boxes["exact"]["distance"], 0.5);
    EXPECT_EQ(boxes["exact"]["distance_exact"], true);
    EXPECT_EQ(boxes["exact"]["distance_text"], "1/2");
    EXPECT_EQ(boxes["results"]["interval"]["distance"], 0.5);
    EXPECT_EQ(boxes["exact"]["algorithms"]["interval"]["ulp"]["distance"], 0);
    // the corner (1/3, 1/3, 1/3) of one tetrahedron's far face to the corner (2, 2, 2) of the
    // other: 5/3 sqrt(3), irrational, to within 1 ulp
    const json tetrahedra = EvalOne(
        R"({"id": 2, "query": "convex_convex", "a": {"type": "convex", "points": [[0,0,0],[1,0,0],[0,1,0],[0,0,1]]},)"
        R"("b": {"type": "convex", "points": [[2,2,2],[3,2,2],[2,3,2],[2,2,3]]}, "precision": "double",)"
        R"("exact": true, "algorithms": ["sat_reference"]})");
    ASSERT_TRUE(tetrahedra.contains("exact")) << tetrahedra.dump();
    EXPECT_EQ(tetrahedra["exact"]["hit"], false);
    EXPECT_EQ(tetrahedra["exact"]["distance_exact"], false);
    EXPECT_NEAR(tetrahedra["exact"]["distance"].get<double>(), 5.0 / 3.0 * std::sqrt(3.0), 1e-15);
    EXPECT_LE(tetrahedra["exact"]["algorithms"]["sat_reference"]["ulp"]["distance"].get<double>(), 1.0);
    EXPECT_EQ(tetrahedra["results"]["sat_reference"]["closest_b"], json::parse("[2, 2, 2]"));
}

TEST(EvalTest, ErrorLinesNameTheProblem)
{
    // expected part of each invalid public line's message, by id (null: the empty line)
    const std::map<std::string, std::string> parts{
        {"9001", "b.min[0]: must be <= max[0]"},
        {"9002", "a.radius: must be >= 0, got -1"},
        {"9003", "a.direction: must be nonzero"},
        {"9004", "a.origin[0]: expected a number, got string \"NaN\""},
        {"9005", "1e400"},
        {"9006", "b: missing"},
        {"9007", "a.radius: expected a number, got string \"1\""},
        {"9008", "query: unknown family \"ray_cone\""},
        {"9009", "line is not valid JSON"},
        {"null", "empty line"},
        {"9011", "a.origin: expected an array of 3 numbers, got"},
    };
    for (const PublicLine& line : LoadPublic()) {
        if (!line.expect.value("error", false)) {
            continue;
        }
        const json answer = EvalOne(line.send);
        ASSERT_TRUE(answer.contains("error")) << line.kind;
        const auto part = parts.find(line.id.dump());
        ASSERT_NE(part, parts.end()) << "unexpected invalid case " << line.id.dump();
        EXPECT_NE(answer.at("error").get<std::string>().find(part->second), std::string::npos)
            << line.kind << ": " << answer.at("error");
    }
}

TEST(EvalTest, ExitStatusZeroWhenEveryLineIsValid)
{
    std::string input;
    int count = 0;
    for (const PublicLine& line : LoadPublic()) {
        if (!line.expect.value("error", false) && FamilyRegistered(line.family)) {
            input += line.send + "\n";
            ++count;
        }
    }
    int status = -1;
    const std::vector<json> answers = Eval(input, status);
    EXPECT_EQ(status, 0);
    ASSERT_EQ(answers.size(), size_t(count));
    for (const json& a : answers) {
        EXPECT_FALSE(a.contains("error")) << a.dump();
    }
    EXPECT_EQ(Eval("", status).size(), 0u);
    EXPECT_EQ(status, 0); // no lines, no errors
}

TEST(EvalTest, StreamGoesOnAfterAnErrorAndStatusIsOne)
{
    const std::string valid =
        R"({"id": "v", "query": "ray_aabb", "a": {"type": "ray", "origin": [-1, 0.5, 0.5], "direction": [1, 0, 0]}, "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}})";
    int status = 0;
    const std::vector<json> answers =
        Eval(valid + "\n{oops\n" + valid + "\n\n" + valid, status); // last line without newline
    ASSERT_EQ(answers.size(), 5u);
    EXPECT_EQ(status, 1);
    EXPECT_FALSE(answers[0].contains("error"));
    EXPECT_TRUE(answers[1].contains("error"));
    EXPECT_TRUE(answers[1].at("id").is_null());
    EXPECT_FALSE(answers[2].contains("error"));
    EXPECT_EQ(answers[3].at("error"), "empty line");
    EXPECT_EQ(answers[4].at("id"), "v");
}

TEST(EvalTest, CrlfAndTrailingWhitespaceAreAnswered)
{
    const std::string valid =
        R"({"id": 1, "query": "ray_aabb", "a": {"type": "ray", "origin": [-1, 0.5, 0.5], "direction": [1, 0, 0]}, "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}})";
    int status = 0;
    const std::vector<json> answers = Eval(valid + "\r\n" + valid + " \t \r\n", status);
    ASSERT_EQ(answers.size(), 2u);
    EXPECT_EQ(status, 0);
    EXPECT_TRUE(answers[0].at("results").at("slab").at("hit").get<bool>());
    EXPECT_TRUE(answers[1].at("results").at("slab").at("hit").get<bool>());
}

TEST(EvalTest, OneMegabyteLineIsAnErrorAnsweredQuickly)
{
    std::string line = R"({"id": 3, "query": "ray_aabb", "a": {"type": "ray", "origin": [0.5)";
    while (line.size() < 1000000) {
        line += ", 0.5";
    }
    line += R"(], "direction": [1, 0, 0]}, "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}})";
    const auto start = std::chrono::steady_clock::now();
    const json answer = EvalOne(line);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(answer.at("id"), 3);
    EXPECT_NE(answer.at("error").get<std::string>().find("a.origin: expected an array of 3 numbers"),
              std::string::npos);
    EXPECT_LT(seconds, 2.0); // about 30 ms in a release build
}

TEST(EvalTest, LineOverTheLimitIsAnErrorAndTheNextLineIsRead)
{
    const std::string huge(kMaxLineBytes + 10, ' ');
    const std::string valid =
        R"({"id": 2, "query": "ray_aabb", "a": {"type": "ray", "origin": [-1, 0.5, 0.5], "direction": [1, 0, 0]}, "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}})";
    int status = 0;
    const std::vector<json> answers = Eval("[" + huge + "]\n" + valid + "\n", status);
    ASSERT_EQ(answers.size(), 2u);
    EXPECT_NE(answers[0].at("error").get<std::string>().find("line is too long"), std::string::npos);
    EXPECT_EQ(answers[1].at("id"), 2);
    EXPECT_FALSE(answers[1].contains("error"));
    EXPECT_EQ(status, 1);
}

TEST(EvalTest, UnknownAlgorithmIsAnErrorListingTheValidNames)
{
    const json answer = EvalOne(
        R"({"id": 4, "query": "ray_aabb", "algorithms": ["slab", "slabb"], "a": {"type": "ray", "origin": [0, 0, 0], "direction": [1, 0, 0]}, "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}})");
    EXPECT_EQ(answer.at("id"), 4);
    const std::string error = answer.at("error").get<std::string>();
    EXPECT_NE(error.find("algorithms[1]: unknown algorithm \"slabb\""), std::string::npos) << error;
    for (const AlgorithmInfo* info : AlgorithmsOf(Family::RayAabb)) {
        EXPECT_NE(error.find(std::string(info->name)), std::string::npos) << info->name;
    }
}

TEST(EvalTest, ChosenAlgorithmsOnlyInTheGivenOrder)
{
    const std::vector<const AlgorithmInfo*> infos = AlgorithmsOf(Family::RayAabb);
    if (infos.size() < 2) {
        GTEST_SKIP() << "ray_aabb has a single algorithm";
    }
    const std::string second(infos[1]->name);
    std::istringstream in(
        R"({"id": 4, "query": "ray_aabb", "algorithms": [")" + second +
        R"(", "slab"], "precision": "double", "a": {"type": "ray", "origin": [-1, 0.5, 0.5], "direction": [1, 0, 0]}, "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}})");
    std::ostringstream out;
    EXPECT_EQ(RunEval(in, out), 0);
    const nlohmann::ordered_json answer = nlohmann::ordered_json::parse(out.str()); // keeps the key order
    ASSERT_FALSE(answer.contains("error")) << answer.dump();
    ASSERT_EQ(answer.at("results").size(), 2u);
    EXPECT_EQ(answer.at("results").begin().key(), second);
    EXPECT_EQ(answer.at("precision"), "double");
}

TEST(EvalTest, ExplainListsExactlyTheAlgorithmsThatDisagreeWithTheReference)
{
    const std::set<std::string> explanations{"convention", "known_flaw", "rounding", "unexplained"};
    int explained = 0;
    for (const PublicLine& line : LoadPublic()) {
        if (line.expect.value("error", false) || !FamilyRegistered(line.family)) {
            continue;
        }
        const json answer = EvalOne(line.send);
        SCOPED_TRACE(line.kind);
        const json& results = answer.at("results");
        const bool referenceHit = results.at(answer.at("reference").get<std::string>()).at("hit").get<bool>();
        const json& explain = answer.at("explain");
        const json& reference = results.at(answer.at("reference").get<std::string>());
        for (const auto& [name, result] : results.items()) {
            const bool hitDiffers = result.at("hit").get<bool>() != referenceHit;
            if (hitDiffers) {
                ASSERT_TRUE(explain.contains(name)) << name;
                EXPECT_EQ(explain.at(name).at("fields"), json::array({"hit"})) << name;
            }
            if (!explain.contains(name)) {
                continue;
            }
            ++explained;
            EXPECT_EQ(explanations.count(explain.at(name).at("explanation").get<std::string>()), 1u);
            EXPECT_FALSE(explain.at(name).at("reason").get<std::string>().empty());
            if (!hitDiffers) { // a value difference: in fields both report, with different values
                const json& fields = explain.at(name).at("fields");
                EXPECT_FALSE(fields.empty()) << name;
                for (const json& field : fields) {
                    const std::string key = field.get<std::string>();
                    EXPECT_NE(key, "hit");
                    EXPECT_FALSE(result.at(key).is_null()) << name << " " << key;
                    EXPECT_NE(result.at(key), reference.at(key)) << name << " " << key;
                }
            }
        }
    }
    EXPECT_GT(explained, 0); // the public cases are made to split the published variants
}

TEST(EvalTest, AValueDifferenceWithEqualVerdictsMakesAgreeFalse)
{
    // |(-2, 0, 0) + t (2, 1, 0)|^2 = 1 at t = 0.6 and 1; geometric and glm assume a unit direction
    const json answer = EvalOne(
        R"({"id": 1, "query": "ray_sphere", "precision": "double", "a": {"type": "ray", "origin": [-2, 0, 0], "direction": [2, 1, 0]}, "b": {"type": "sphere", "center": [0, 0, 0], "radius": 1}})");
    for (const auto& [name, result] : answer.at("results").items()) {
        EXPECT_TRUE(result.at("hit").get<bool>()) << name;
    }
    EXPECT_EQ(answer.at("results").at("quadratic_stable").at("t_enter"), 0.6);
    EXPECT_EQ(answer.at("agree"), false);
    const json& explain = answer.at("explain");
    // quadratic agrees with the reference; gjk_raycast stops within its tolerance (known flaw)
    EXPECT_EQ(explain.size(), 3u) << explain.dump();
    EXPECT_EQ(explain.at("gjk_raycast").at("explanation"), "known_flaw");
    EXPECT_EQ(explain.at("glm").at("explanation"), "convention");
    EXPECT_EQ(explain.at("glm").at("fields"), json::array({"t_enter", "point", "normal"}));
    EXPECT_NE(explain.at("glm").at("reason").get<std::string>().find("direction: unit"), std::string::npos);
    EXPECT_EQ(explain.at("geometric").at("fields"), json::array({"t_enter", "t_exit", "point"}));
    // the same ray with a unit direction: every value agrees
    const json unit = EvalOne(
        R"({"id": 2, "query": "ray_sphere", "precision": "double", "a": {"type": "ray", "origin": [-2, 0, 0], "direction": [1, 0, 0]}, "b": {"type": "sphere", "center": [0, 0, 0], "radius": 1}})");
    EXPECT_EQ(unit.at("agree"), true) << unit.dump();
    EXPECT_TRUE(unit.at("explain").empty());
}

TEST(EvalTest, TraceAddsEveryAlgorithmsSteps)
{
    const json answer = EvalOne(
        R"({"id": 6, "query": "ray_aabb", "trace": true, "a": {"type": "ray", "origin": [-1, 0.5, 0.5], "direction": [1, 0, 0]}, "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}})");
    ASSERT_TRUE(answer.contains("traces")) << answer.dump();
    const json& traces = answer.at("traces");
    EXPECT_EQ(traces.size(), answer.at("results").size());
    for (const auto& [name, trace] : traces.items()) {
        SCOPED_TRACE(name);
        ASSERT_TRUE(trace.at("steps").is_array());
        EXPECT_FALSE(trace.at("steps").empty());
        for (const json& step : trace.at("steps")) {
            EXPECT_TRUE(step.at("caption").is_string());
            EXPECT_TRUE(step.at("values").is_object());
        }
        const json& decided = trace.at("deciding_step");
        EXPECT_TRUE(decided.is_null() || (decided.is_number_integer() && decided.get<int>() >= 0 &&
                                          decided.get<size_t>() < trace.at("steps").size()));
        EXPECT_TRUE(trace.at("verdict").is_string());
    }
    // the reference slab method records one slab part per axis, with the running interval
    int slabs = 0;
    for (const json& step : traces.at("slab").at("steps")) {
        if (step.contains("slab")) {
            EXPECT_EQ(step.at("slab").at("axis").get<int>(), slabs++);
        }
    }
    EXPECT_EQ(slabs, 3);
    EXPECT_FALSE(traces.at("slab").at("deciding_step").is_null());
    EXPECT_FALSE(traces.at("slab").at("verdict").get<std::string>().empty());
    // without trace: no traces
    EXPECT_FALSE(
        EvalOne(
            R"({"id": 6, "query": "ray_aabb", "a": {"type": "ray", "origin": [-1, 0.5, 0.5], "direction": [1, 0, 0]}, "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}})")
            .contains("traces"));
}

// ---- the reference algorithm of each family against the exact expectations ----

class ReferenceEvalTest : public ::testing::TestWithParam<std::tuple<Family, Precision>> {};

/// |got - want| within rounding (exact expectations) or within 1e-6 relative (approximate ones).
void ExpectClose(const json& got, const json& want, bool exact, Precision precision, const char* key)
{
    ASSERT_TRUE(got.is_number()) << key << " = " << got;
    const double g = got.get<double>(), w = want.get<double>();
    const double eps = precision == Precision::Float ? 0x1p-23 : 0x1p-52;
    const double tolerance = (exact ? 4 * eps : 1e-6) * std::max(1.0, std::abs(w));
    EXPECT_NEAR(g, w, tolerance) << key << (exact ? " (exact)" : " (approximate)");
}

TEST_P(ReferenceEvalTest, MatchesEveryValidPublicCase)
{
    const auto [family, precision] = GetParam();
    const std::string familyName(FamilyName(family));
    if (AlgorithmsOf(family).empty()) {
        GTEST_SKIP() << "no algorithm of " << familyName << " is registered yet";
    }
    const std::string reference(ReferenceAlgorithm(family).name);
    int checked = 0;
    for (const PublicLine& line : LoadPublic()) {
        if (line.family != familyName || line.expect.value("error", false)) {
            continue;
        }
        json query = line.query;
        query["precision"] = PrecisionName(precision);
        query["algorithms"] = {reference};
        const json answer = EvalOne(query.dump());
        SCOPED_TRACE("case " + line.id.dump() + " (" + line.kind + "): " + answer.dump());
        ASSERT_FALSE(answer.contains("error"));
        const json& r = answer.at("results").at(reference);
        const json& e = line.expect;
        EXPECT_EQ(r.at("hit").get<bool>(), e.at("hit").get<bool>());
        if (!e.at("hit").get<bool>() || !r.at("hit").get<bool>()) {
            ++checked;
            continue;
        }
        if (IsCast(family)) {
            ExpectClose(r.at("t_enter"), e.at("t_enter"), e.value("t_exact", true), precision, "t_enter");
            ExpectClose(r.at("t_exit"), e.at("t_exit"), e.value("t_exact", true), precision, "t_exit");
        } else {
            ExpectClose(r.at("depth"), e.at("depth"), e.value("depth_exact", true), precision, "depth");
        }
        ++checked;
    }
    EXPECT_GT(checked, 0) << "no valid public case of " << familyName;
}

/// The base protocol's families: the point containment families and the triangle, mesh and convex
/// families are extensions with no public cases (tests/app/eval_point_test.cpp and the families'
/// own tests answer them).
std::vector<Family> FamiliesList()
{
    std::vector<Family> out;
    for (Family family : AllFamilies()) {
        if (FamilyShapeA(family) != "point" && FamilyShapeB(family) != "triangle" && FamilyShapeB(family) != "mesh" &&
            FamilyShapeB(family) != "convex") {
            out.push_back(family);
        }
    }
    return out;
}

INSTANTIATE_TEST_SUITE_P(Public, ReferenceEvalTest,
                         ::testing::Combine(::testing::ValuesIn(FamiliesList()),
                                            ::testing::Values(Precision::Float, Precision::Double)),
                         [](const auto& param) {
                             return std::string(FamilyName(std::get<0>(param.param))) + "_" +
                                    PrecisionName(std::get<1>(param.param));
                         });

// ---- the built executable ----

/// Runs the hitlab executable with args on input; returns its exit status, output in out.
int RunExecutable(const std::string& args, const std::string& input, std::string& out)
{
    const std::string dir = ::testing::TempDir();
    const std::string stem = dir + "hitlab_eval_" + std::to_string(getpid());
    const std::string inPath = stem + "_in.jsonl", outPath = stem + "_out.jsonl";
    std::ofstream(inPath, std::ios::binary) << input;
    const std::string command = std::string("\"") + HITLAB_EXECUTABLE + "\" " + args + " < \"" + inPath + "\" > \"" +
                                outPath + "\" 2>/dev/null";
    const int raw = std::system(command.c_str());
    std::ifstream result(outPath, std::ios::binary);
    out.assign(std::istreambuf_iterator<char>(result), std::istreambuf_iterator<char>());
    std::remove(inPath.c_str());
    std::remove(outPath.c_str());
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

TEST(ExecutableTest, EvalExitStatusCrlfAndTrailingWhitespace)
{
    const std::string valid =
        R"({"id": 1, "query": "ray_aabb", "a": {"type": "ray", "origin": [-1, 0.5, 0.5], "direction": [1, 0, 0]}, "b": {"type": "aabb", "min": [0, 0, 0], "max": [1, 1, 1]}})";
    std::string out;
    EXPECT_EQ(RunExecutable("eval", valid + "\r\n" + valid + "   \n", out), 0);
    std::istringstream lines(out);
    std::string line;
    int count = 0;
    while (std::getline(lines, line)) {
        const json answer = json::parse(line);
        EXPECT_FALSE(answer.contains("error")) << line;
        EXPECT_EQ(answer.at("id"), 1);
        ++count;
    }
    EXPECT_EQ(count, 2);
    EXPECT_EQ(RunExecutable("eval", valid + "\nnot json\n", out), 1);
    EXPECT_NE(out.find("\"error\""), std::string::npos);
    EXPECT_EQ(RunExecutable("algorithms --jsn", "", out), 2); // a bad flag (a bare unknown word may open the GUI)
}

/// The exact judge on t beyond the double range (it used to raise SIGFPE and end the stream).
TEST(EvalTest, ExactTBeyondTheDoubleRangeIsInfinity)
{
    const std::string max = "1.7976931348623157e308";
    const std::string lines[] = {
        R"({"id":1,"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[0.5,0,0]},)"
        R"("b":{"type":"aabb","min":[-)" +
            max + ",-" + max + ",-" + max + R"(],"max":[)" + max + "," + max + "," + max +
            R"(]},"precision":"double","exact":true})",
        R"({"id":2,"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[5e-324,0,0]},)"
        R"("b":{"type":"aabb","min":[1,-1,-1],"max":[2,1,1]},"precision":"double","exact":true})",
        R"({"id":3,"query":"ray_plane","a":{"type":"ray","origin":[0,0,0],"direction":[1e-10,0,0]},)"
        R"("b":{"type":"plane","normal":[1,0,0],"distance":1e300},"precision":"double","exact":true})",
    };
    for (const std::string& line : lines) {
        bool ok = false;
        const nlohmann::ordered_json answer = AnswerLine(line, ok);
        ASSERT_TRUE(ok) << answer.dump();
        ASSERT_TRUE(answer.contains("exact")) << answer.dump();
        EXPECT_EQ(answer["exact"]["hit"], true) << answer.dump();
        EXPECT_EQ(answer["exact"]["t_exit"], "inf") << answer.dump();
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
