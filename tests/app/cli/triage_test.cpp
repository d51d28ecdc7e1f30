// Tests of `hitlab triage` (app/cli/triage.h, core/capture/triage.h): captures written here with
// planted wrong answers of known causes; triage finds exactly them, with their counts, worst lines
// and call sites, reports bad lines, and writes scenes and GoogleTest cases that load and state
// the exact answer.
#include "app/cli/triage.h"
#include "core/exact/hunt.h"
#include "core/exact/hunt_draw.h"
#include "core/io/scene_file.h"
#include "core/timing.h"
#include "support/run_cli.h"
#include "support/temp_dir.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include <sys/stat.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using test::RunCli;
using test::TempDir;

/// A ray_aabb line against the box [-1, 1]^3 in double.
std::string RayLine(const std::string& origin, const std::string& direction, const std::string& answer,
                    const std::string& extra = "")
{
    return R"({"query":"ray_aabb","precision":"double","a":{"type":"ray","origin":)" + origin + R"(,"direction":)" +
           direction + R"(},"b":{"type":"aabb","min":[-1,-1,-1],"max":[1,1,1]},"answer":)" + answer + extra + "}\n";
}

constexpr const char* kThrough = "[0,0,-5]";
constexpr const char* kAlong = "[0.03125,0.0625,1]"; // enters z = -1 at t = 4, leaves z = 1 at t = 6
constexpr const char* kMiss = R"({"hit":false})";

/// The capture of the planted answers (line numbers in the comments).
std::string PlantedCapture(const std::string& header)
{
    std::string s = header;                                                                                  // line 1
    s += RayLine(kThrough, kAlong, R"({"hit":true,"t_enter":4,"t_exit":6})", R"(,"where":"player.cpp:88")"); // 2
    s += RayLine(kThrough, kAlong, kMiss, R"(,"frame":7,"where":"player.cpp:88")"); // 3: wrong verdict
    s += RayLine(kThrough, kAlong, kMiss, R"(,"where":"ai.cpp:12")");               // 4: wrong verdict
    s += RayLine("[1,0,0]", "[1,0.5,0.25]", kMiss, R"(,"where":"ai.cpp:12")");      // 5: on a face
    s += RayLine(kThrough, kAlong, R"({"hit":true,"t_enter":4.00000095367431640625,"t_exit":6})",
                 R"(,"where":"player.cpp:88")"); // 6: t_enter + 2^-20
    s += RayLine(kThrough, kAlong, R"({"hit":true,"t_enter":4.0009765625,"t_exit":6})",
                 R"(,"where":"ai.cpp:12")");                               // 7: t_enter + 2^-10, the worst
    s += RayLine(kThrough, kAlong, R"({"hit":1})");                        // 8: bad
    s += "not json\n";                                                     // 9: bad
    s += RayLine("[0,0,0]", kAlong, kMiss, R"(,"where":"player.cpp:90")"); // 10: inside
    s += R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,-5],"direction":[0,0,1]},)"
         R"("b":{"type":"aabb","min":[-1,-1,-1],"max":[1,1,1]},"answer":{"hit":true,"t_enter":4,"t_exit":6}})"
         "\n"; // 11: float, agrees
    return s;
}

constexpr const char* kHeader = R"({"capture": 1, "engine": "TestEngine"})"
                                "\n";

TEST(Triage, FindsExactlyThePlantedWrongAnswers)
{
    TempDir dir("hitlab_triage_");
    test::WriteText(dir / "run.capture.jsonl", PlantedCapture(kHeader));
    const TriageReport r = RunTriage(dir / "run.capture.jsonl", {});
    ASSERT_EQ(r.error.what, "");
    EXPECT_TRUE(r.header.present);
    EXPECT_EQ(r.header.engine, "TestEngine");
    EXPECT_EQ(r.lines, 10u);
    EXPECT_EQ(r.bad, 2u);
    EXPECT_EQ(r.judged, 8u);
    EXPECT_EQ(r.agreeing, 2u);
    EXPECT_EQ(r.convention, 0u);
    EXPECT_EQ(r.rounding, 0u);
    EXPECT_EQ(r.unexplained, 6u);
    ASSERT_EQ(r.badLines.size(), 2u);
    EXPECT_EQ(r.badLines[0].line, 8u);
    EXPECT_EQ(r.badLines[0].error.where, "answer.hit");
    EXPECT_EQ(r.badLines[1].line, 9u);
    ASSERT_EQ(r.groups.size(), 4u);
    const TriageGroup& verdict = r.groups[0];
    EXPECT_EQ(verdict.situation, "general position");
    EXPECT_EQ(verdict.kind, "misses where exact hits");
    EXPECT_EQ(verdict.count, 2u);
    EXPECT_EQ(verdict.worst.line, 3u); // the earliest of equally bad cases
    EXPECT_TRUE(verdict.worst.hasFrame);
    EXPECT_EQ(verdict.worst.frame, 7);
    EXPECT_TRUE(verdict.worst.judgement.wrongVerdict);
    const std::vector<std::pair<std::string, std::uint64_t>> bothSites{{"ai.cpp:12", 1}, {"player.cpp:88", 1}};
    EXPECT_EQ(verdict.sites, bothSites);
    const TriageGroup& values = r.groups[1];
    EXPECT_EQ(values.situation, "general position");
    EXPECT_EQ(values.kind, "values differ: t_enter");
    EXPECT_EQ(values.count, 2u);
    EXPECT_EQ(values.worst.line, 7u);
    EXPECT_EQ(values.worst.judgement.ulps, 0x1p40); // 2^-10 in units of 2^-50, the spacing in [4, 8)
    EXPECT_EQ(values.sites, bothSites);
    EXPECT_EQ(r.groups[2].situation, "origin inside");
    EXPECT_EQ(r.groups[2].worst.line, 10u);
    EXPECT_EQ(r.groups[3].situation, "origin on a face");
    EXPECT_EQ(r.groups[3].worst.line, 5u);
    EXPECT_EQ(r.groups[3].sites, (std::vector<std::pair<std::string, std::uint64_t>>{{"ai.cpp:12", 1}}));
}

TEST(Triage, TheSameOnOneThreadAndInBatchesOfTwoLines)
{
    TempDir dir("hitlab_triage_");
    test::WriteText(dir / "c.jsonl", PlantedCapture(kHeader));
    TriageOptions options;
    options.threads = 1;
    options.batchLines = 2;
    const TriageReport r = RunTriage(dir / "c.jsonl", options);
    EXPECT_EQ(r.lines, 10u);
    EXPECT_EQ(r.unexplained, 6u);
    ASSERT_EQ(r.groups.size(), 4u);
    EXPECT_EQ(r.groups[0].worst.line, 3u);
    EXPECT_EQ(r.groups[1].worst.line, 7u);
}

TEST(Triage, EveryLineReachesTheBrowsersCallbackInOrder)
{
    TempDir dir("hitlab_triage_");
    test::WriteText(dir / "c.jsonl", PlantedCapture(kHeader));
    TriageOptions options;
    options.batchLines = 3;
    std::string seen;
    options.onLine = [&](const CaptureLine& line, std::span<const AnswerJudgement> judged) {
        seen += std::to_string(line.number) + (line.Ok() ? "" : "!") + ":" +
                (judged.empty() ? "-" : ExplanationName(judged[0].explanation)) + " ";
    };
    RunTriage(dir / "c.jsonl", options);
    EXPECT_EQ(seen, "2:none 3:unexplained 4:unexplained 5:unexplained 6:unexplained 7:unexplained 8!:- 9!:- "
                    "10:unexplained 11:none ");
}

/// What a triage found, line by line and in total, as text to compare.
std::string Findings(const TriageReport& r, const std::string& seen)
{
    std::string s = "lines " + std::to_string(r.lines) + " bad " + std::to_string(r.bad) + " judged " +
                    std::to_string(r.judged) + " agreeing " + std::to_string(r.agreeing) + " unexplained " +
                    std::to_string(r.unexplained) + " exact " + std::to_string(r.exactJudged) + "\nbad lines";
    for (const TriageBadLine& b : r.badLines) {
        s += " " + std::to_string(b.line);
    }
    for (const TriageGroup& g : r.groups) {
        s += "\n" + g.situation + " / " + g.kind + ": " + std::to_string(g.count) + " worst " +
             std::to_string(g.worst.line);
        for (const auto& [site, count] : g.sites) {
            s += " " + site + "=" + std::to_string(count);
        }
    }
    return s + "\nseen " + seen;
}

TEST(Triage, TheSameOnAnyThreadsChunksAndReader)
{
    // 300 copies of the planted lines (3,000 lines, 600 of them bad; each padded with 5,000 spaces,
    // 15.6 MB in all, three of the reader's buffers) and a blank line every 7th: read, judged and
    // counted on one thread in chunks of one line, and on 2 and 3 threads in chunks of 1 to 64
    // lines, from a mapped file and from a pipe (the reader's buffer, refilled while chunks wait:
    // each chunk copies its text), triage finds the same, and the browser's callback sees every
    // line in order
    TempDir dir("hitlab_triage_");
    std::string capture = kHeader;
    std::string planted;
    std::istringstream lines(PlantedCapture(""));
    for (std::string line; std::getline(lines, line);) {
        planted += line + std::string(5000, ' ') + "\n";
    }
    for (int i = 0; i < 300; ++i) {
        capture += planted;
        if (i % 7 == 3) {
            capture += "\n";
        }
    }
    test::WriteText(dir / "c.jsonl", capture);
    const auto run = [&](unsigned threads, std::size_t batchLines, const std::string& path) {
        TriageOptions options;
        options.threads = threads;
        options.batchLines = batchLines;
        std::string seen;
        std::uint64_t last = 0;
        options.onLine = [&](const CaptureLine& line, std::span<const AnswerJudgement>) {
            if (line.number <= last) {
                seen += "out of order at " + std::to_string(line.number) + " ";
            }
            last = line.number;
        };
        const TriageReport r = RunTriage(path, options);
        return Findings(r, seen + "last " + std::to_string(last));
    };
    const std::string one = run(1, 1, dir / "c.jsonl");
    EXPECT_NE(one.find("lines 3000 bad 600 judged 2400"), std::string::npos) << one;
    EXPECT_NE(one.find("seen last 3044"), std::string::npos) << one; // 3,000 lines, 43 blank, the header
    EXPECT_EQ(run(2, 1024, dir / "c.jsonl"), one);
    EXPECT_EQ(run(3, 32, dir / "c.jsonl"), one);
    EXPECT_EQ(run(2, 7, dir / "c.jsonl"), one);
    const std::string fifo = dir / "pipe";
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    std::thread writer([&] { std::ofstream(fifo, std::ios::binary) << capture; });
    const std::string piped = run(2, 1024, fifo);
    writer.join();
    EXPECT_EQ(piped, one) << "read from a pipe";
}

TEST(Triage, TheCommandPrintsTheGroupsAndExitsOneWhenSomethingIsUnexplained)
{
    TempDir dir("hitlab_triage_");
    test::WriteText(dir / "c.jsonl", PlantedCapture(kHeader));
    const auto run = RunCli({"triage", dir / "c.jsonl"});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(run.err, "");
    for (const char* text :
         {"engine \"TestEngine\", 10 lines",
          "judged 8 answers: 2 agree, 0 explained by a declared convention, 0 "
          "rounding, 6 unexplained",
          "bad lines: 2 (skipped)", "line 8: answer.hit: must be true or false, got 1",
          "line 9: line is not valid JSON", "1. 2 answers: misses where exact hits (situation: general position)",
          "worst: line 3 (player.cpp:88, frame 7)", "call sites: ai.cpp:12 (1), player.cpp:88 (1)",
          "values differ: t_enter (situation: general position), worst",
          "4. 1 answer: misses where exact hits (situation: origin on a face)"}) {
        EXPECT_NE(run.out.find(text), std::string::npos) << text << "\n" << run.out;
    }
}

TEST(Triage, ACleanCaptureExitsZero)
{
    TempDir dir("hitlab_triage_");
    test::WriteText(dir / "clean.jsonl", RayLine(kThrough, kAlong, R"({"hit":true,"t_enter":4,"t_exit":6})") +
                                             RayLine(kThrough, "[0,1,0]", kMiss) + "\n");
    const auto run = RunCli({"triage", dir / "clean.jsonl"});
    EXPECT_EQ(run.status, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("2 lines"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("judged 2 answers: 2 agree"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("unexplained, by cause"), std::string::npos) << run.out;
}

TEST(Triage, AFileItCannotReadExitsTwo)
{
    TempDir dir("hitlab_triage_");
    const auto missing = RunCli({"triage", dir / "missing.jsonl"});
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("missing.jsonl: cannot open"), std::string::npos) << missing.err;
    const auto folder = RunCli({"triage", dir.Path()});
    EXPECT_EQ(folder.status, 2);
    EXPECT_NE(folder.err.find("is a folder"), std::string::npos) << folder.err;
    test::WriteText(dir / "c.jsonl", PlantedCapture(kHeader));
    test::WriteText(dir / "bad.json", R"({"origin_inside": "sometimes"})");
    const auto conventions = RunCli({"triage", dir / "c.jsonl", "--conventions", dir / "bad.json"});
    EXPECT_EQ(conventions.status, 2);
    EXPECT_NE(conventions.err.find("conventions.origin_inside: expected one of"), std::string::npos) << conventions.err;
}

TEST(Triage, ConventionsComeFromTheHeaderTheFileAndTheLineInThatOrder)
{
    TempDir dir("hitlab_triage_");
    const std::string inside = RayLine("[0,0,0]", kAlong, kMiss);
    // the header declares that an origin inside misses: explained
    test::WriteText(dir / "header.jsonl", R"({"capture": 1, "conventions": {"origin_inside": "miss"}})"
                                          "\n" +
                                              inside);
    TriageReport r = RunTriage(dir / "header.jsonl", {});
    EXPECT_EQ(r.convention, 1u);
    EXPECT_EQ(r.unexplained, 0u);
    // --conventions over the header: unexplained again
    TriageOptions options;
    options.conventions = {{"origin_inside", "hit"}};
    r = RunTriage(dir / "header.jsonl", options);
    EXPECT_EQ(r.unexplained, 1u);
    // the line's own over both
    test::WriteText(dir / "line.jsonl",
                    RayLine("[0,0,0]", kAlong, kMiss, R"(,"conventions":{"origin_inside":"miss"})"));
    r = RunTriage(dir / "line.jsonl", options);
    EXPECT_EQ(r.convention, 1u);
    // a conventions file: a plain object (origin_inside: miss also explains the miss from the origin on a face)
    test::WriteText(dir / "conv.json", R"({"origin_inside": "miss"})");
    test::WriteText(dir / "c.jsonl", PlantedCapture(""));
    const auto planted = RunCli({"triage", dir / "c.jsonl", "--conventions", dir / "conv.json"});
    EXPECT_EQ(planted.status, 1);
    EXPECT_NE(planted.out.find("2 explained by a declared convention, 0 rounding, 4 unexplained"), std::string::npos)
        << planted.out;
}

TEST(Triage, JsonHasTheTotalsTheBadLinesAndTheGroups)
{
    TempDir dir("hitlab_triage_");
    test::WriteText(dir / "c.jsonl", PlantedCapture(kHeader));
    const auto run = RunCli({"triage", dir / "c.jsonl", "--json"});
    EXPECT_EQ(run.status, 1);
    const nlohmann::json j = nlohmann::json::parse(run.out);
    EXPECT_EQ(j["engine"], "TestEngine");
    EXPECT_EQ(j["lines"], 10);
    EXPECT_EQ(j["judged"], 8);
    EXPECT_EQ(j["agreeing"], 2);
    EXPECT_EQ(j["unexplained"], 6);
    EXPECT_EQ(j["bad"], 2);
    EXPECT_EQ(j["bad_lines"][0]["line"], 8);
    EXPECT_EQ(j["bad_lines"][0]["key"], "answer.hit");
    ASSERT_EQ(j["groups"].size(), 4u);
    const nlohmann::json& g = j["groups"][1];
    EXPECT_EQ(g["kind"], "values differ: t_enter");
    EXPECT_EQ(g["count"], 2);
    EXPECT_EQ(g["worst"]["line"], 7);
    EXPECT_EQ(g["worst"]["where"], "ai.cpp:12");
    EXPECT_EQ(g["worst"]["ulps"], 0x1p40);
    EXPECT_EQ(g["worst"]["answer"]["t_enter"], 4.0009765625);
    EXPECT_EQ(g["worst"]["exact"]["t_enter"], 4);
    EXPECT_EQ(g["sites"][0]["where"], "ai.cpp:12");
    EXPECT_EQ(g["sites"][0]["count"], 1);
    EXPECT_TRUE(j["groups"][0]["worst"]["wrong_verdict"]);
}

TEST(Triage, OutWritesScenesThatLoadAndTestsThatStateTheExactAnswer)
{
    TempDir dir("hitlab_triage_");
    test::WriteText(dir / "c.jsonl", PlantedCapture(kHeader));
    const auto run = RunCli({"triage", dir / "c.jsonl", "-o", dir / "out"});
    EXPECT_EQ(run.status, 1);
    EXPECT_EQ(dir.Names(), "c.jsonl out");
    // the verdict group's scene: the query's two shapes, the exact judge hits where the engine missed
    const SceneLoad load = LoadSceneFile(dir / "out/group-1.json");
    ASSERT_TRUE(load.Ok()) << ErrorText(load.error);
    const std::vector<Query> queries = SceneQueries(*load.scene);
    ASSERT_EQ(queries.size(), 1u);
    EXPECT_EQ(DescribeQuery(queries[0]), "origin [0, 0, -5], direction [0.03125, 0.0625, 1], box [-1, 1]^3");
    EXPECT_TRUE(JudgeExact(queries[0]).hit);
    EXPECT_NE(load.scene->description.find("line 3 (player.cpp:88, frame 7)"), std::string::npos);
    EXPECT_NE(load.scene->description.find("recorded on line 3"), std::string::npos);
    EXPECT_NE(load.scene->description.find(": miss (double). The exact answer: hit, t in [4, 6] (exact)"),
              std::string::npos)
        << load.scene->description;
    // hitlab report loads it too
    EXPECT_EQ(RunCli({"report", dir / "out/group-1.json"}).status, 0);
    const std::string tests = test::ReadText(dir / "out/triage_test.cpp");
    EXPECT_NE(tests.find("TEST(TriageRayAabb, Line3)"), std::string::npos);
    EXPECT_NE(tests.find("    result.hit = false;\n    EXPECT_TRUE(result.hit); // exact: hit\n"), std::string::npos)
        << tests;
    EXPECT_NE(tests.find("TEST(TriageRayAabb, Line7)"), std::string::npos);
    EXPECT_NE(tests.find("result.tEnter = 4.0009765625;"), std::string::npos) << tests;
    EXPECT_NE(tests.find("EXPECT_NEAR(result.tEnter, 4, "), std::string::npos) << tests;
    EXPECT_NE(tests.find("EXPECT_EQ(exact.tEnter.text, \"4\");"), std::string::npos) << tests;
    EXPECT_NE(run.out.find("scene: " + (dir / "out/group-1.json")), std::string::npos) << run.out;
}

/// Lines of hunt-drawn queries of a family, each algorithm's answer (nudged on every third query).
std::string DrawnLines(Family family, Query (*draw)(hunt::Rng&, const char**), int cases)
{
    hunt::Rng rng(9);
    std::string text;
    for (int i = 0; i < cases; ++i) {
        const char* what = "";
        const Query q = draw(rng, &what);
        const Precision precision = i % 2 == 0 ? Precision::Float : Precision::Double;
        for (const AlgorithmInfo* info : AlgorithmsOf(family)) {
            Result r = hitlab::Run(*info, q, precision);
            if (i % 3 == 1 && r.hit) {
                r.tEnter = std::nextafter(std::nextafter(r.tEnter, INFINITY), INFINITY);
            }
            nlohmann::ordered_json line;
            line["query"] = FamilyName(family);
            line["precision"] = PrecisionName(precision);
            line["a"] = ShapeToJson(q.a);
            line["b"] = ShapeToJson(q.b);
            line["answer"] = ResultToJson(r, info->returns | kFieldHit, family);
            text += line.dump() + "\n";
        }
    }
    return text;
}

Query DrawRay(hunt::Rng& rng, const char** what) { return hunt::draw::DrawRayAabb(rng, false, what); }

TEST(Triage, EachLineIsJudgedAsEvalJudgesIt)
{
    TempDir dir("hitlab_triage_");
    const std::string text =
        DrawnLines(Family::RayAabb, DrawRay, 60) + DrawnLines(Family::RaySphere, hunt::draw::DrawRaySphere, 40);
    test::WriteText(dir / "drawn.jsonl", text);
    std::vector<std::string> triaged;
    TriageOptions options;
    options.onLine = [&](const CaptureLine& line, std::span<const AnswerJudgement> judged) {
        ASSERT_TRUE(line.Ok()) << ErrorText(line.error);
        triaged.push_back(ExplanationName(judged[0].explanation));
    };
    const TriageReport report = RunTriage(dir / "drawn.jsonl", options);
    const auto eval = RunCli({"eval", dir / "drawn.jsonl"});
    std::istringstream lines(eval.out);
    std::string line;
    std::size_t i = 0, differing = 0;
    for (; std::getline(lines, line); ++i) {
        const nlohmann::json j = nlohmann::json::parse(line);
        const std::string explanation =
            j["explain"].contains("answer") ? j["explain"]["answer"]["explanation"] : "none";
        ASSERT_LT(i, triaged.size());
        EXPECT_EQ(triaged[i], explanation) << "line " << (i + 1) << ": " << line;
        differing += explanation != "none" ? 1 : 0;
    }
    EXPECT_EQ(i, triaged.size());
    EXPECT_GT(differing, 0u); // the draws reach disagreements
    EXPECT_EQ(report.judged, triaged.size());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
