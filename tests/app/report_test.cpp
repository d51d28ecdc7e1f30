// Tests of `hitlab report` (app/cli/report.h) through the command line in-process: the table and
// the JSON of a lesson, --algorithms, the exit status and the one-line messages for bad files and
// bad options, warnings on stderr; and one run of the built executable (no display needed).
#include "app/cli/cli.h"
#include "app/cli/report.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace hitlab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kScenes =
    (fs::path(HITLAB_TEST_DATA) / ".." / ".." / "assets" / "scenes").lexically_normal().string();

struct Outcome {
    int status = -1;
    std::string out, err;
    int guiCalls = 0;
};

Outcome Report(std::vector<std::string> words)
{
    words.insert(words.begin(), {"hitlab", "report"});
    std::vector<const char*> args;
    for (const std::string& w : words) {
        args.push_back(w.c_str());
    }
    std::istringstream in;
    std::ostringstream out, err;
    Outcome run;
    run.status = RunCommandLine(static_cast<int>(args.size()), args.data(), in, out, err, [&run] {
        ++run.guiCalls;
        return 0;
    });
    run.out = out.str();
    run.err = err.str();
    return run;
}

std::string Lesson(const std::string& name) { return kScenes + "/" + name; }

size_t Lines(const std::string& text) { return static_cast<size_t>(std::count(text.begin(), text.end(), '\n')); }

TEST(Report, TableMarksTheDisagreementAndItsExplanation)
{
    const Outcome run = Report({Lesson("obb-plus-sign.json")});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "");
    EXPECT_EQ(run.guiCalls, 0);
    EXPECT_NE(run.out.find("Two oriented boxes crossed like a plus sign"), std::string::npos);
    EXPECT_NE(run.out.find("\"a (thin bar)\" (obb 1) vs \"b (flat bar)\" (obb 2): disagree, explained"),
              std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("sat (ref)"), std::string::npos);
    EXPECT_NE(run.out.find("DIFFERS: known_flaw"), std::string::npos);
    EXPECT_NE(run.out.find("vertex_edge differs from the reference (known_flaw)"), std::string::npos);
    EXPECT_NE(run.out.find("1 query: 0 agree, 1 disagree."), std::string::npos) << run.out;
}

TEST(Report, TableShowsTheNumbersInTheComparedPrecision)
{
    const Outcome run = Report({Lesson("slab-2d-hit.json")});
    ASSERT_EQ(run.status, 0) << run.err;
    // slab: t_enter 1, t_exit 1.5, normal of the bottom face; float numbers printed as floats
    EXPECT_NE(run.out.find("slab (ref)          hit      1        1.5        [0, -1, 0]"), std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("1.5000005"), std::string::npos) << "slab_robust's conservative exit, as a float";
}

TEST(Report, JsonCarriesTheProtocolResultsAndTheExplanations)
{
    const Outcome run = Report({Lesson("ray-from-inside.json"), "--json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json report = json::parse(run.out);
    EXPECT_EQ(report["title"], "A ray starting inside a box");
    ASSERT_EQ(report["queries"].size(), 3u);
    const json* rayBox = nullptr;
    for (const json& q : report["queries"]) {
        if (q["query"] == "ray_aabb") {
            rayBox = &q;
        }
    }
    ASSERT_NE(rayBox, nullptr);
    EXPECT_EQ((*rayBox)["precision"], "float");
    EXPECT_EQ((*rayBox)["a"]["name"], "ray from the centre");
    EXPECT_EQ((*rayBox)["b"]["type"], "aabb");
    EXPECT_EQ((*rayBox)["reference"], "slab");
    EXPECT_EQ((*rayBox)["agree"], false);
    EXPECT_EQ((*rayBox)["results"].size(), 7u);
    const json& slab = (*rayBox)["results"]["slab"];
    EXPECT_EQ(slab["hit"], true);
    EXPECT_EQ(slab["t_enter"], 0);
    EXPECT_EQ(slab["t_exit"], 0.78125);
    EXPECT_TRUE(slab["normal"].is_null()); // origin inside: no entry face
    EXPECT_EQ((*rayBox)["explain"]["six_faces"]["explanation"], "convention");
    EXPECT_NE((*rayBox)["explain"]["six_faces"]["reason"].get<std::string>().find("origin_inside: miss"),
              std::string::npos);
    EXPECT_FALSE((*rayBox)["explain"].contains("slab"));
    EXPECT_EQ(report["summary"]["queries"], 3);
    EXPECT_EQ(report["summary"]["disagree"], 2);
    // slab_signs and slab_listing report the unclamped entry behind the origin, a value difference
    const json& signs = (*rayBox)["explain"]["slab_signs"];
    EXPECT_EQ(signs["explanation"], "convention");
    EXPECT_EQ(signs["fields"], json::array({"t_enter", "point"}));
    EXPECT_NE(signs["reason"].get<std::string>().find("t_range: t > 0"), std::string::npos) << signs["reason"];
    EXPECT_EQ((*rayBox)["results"]["slab_signs"]["t_enter"], -0.78125);
    EXPECT_EQ((*rayBox)["explain"]["six_faces"]["fields"], json::array({"hit"}));
    // six_faces, face_planes, geometric (origin_inside: miss); slab_signs, slab_listing, glm (t_enter)
    EXPECT_EQ(report["summary"]["explanations"]["convention"], 6);
}

TEST(Report, AValueOnlyDisagreementIsADisagreementInTextSummaryAndJson)
{
    // slab and slab_signs both hit the box from its centre; slab_signs reports t_enter -0.78125
    const std::vector<std::string> args{Lesson("ray-from-inside.json"), "--algorithms", "slab,slab_signs"};
    const Outcome text = Report(args);
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_NE(
        text.out.find("ray_aabb, float: \"ray from the centre\" (ray 3) vs \"box\" (aabb 1): disagree, explained"),
        std::string::npos)
        << text.out;
    EXPECT_NE(text.out.find("DIFFERS: convention (t_enter, point)"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("1 query: 0 agree, 1 disagree. Algorithms differing from the reference: 1 by convention"),
              std::string::npos)
        << text.out;
    std::vector<std::string> jsonArgs = args;
    jsonArgs.push_back("--json");
    const Outcome run = Report(jsonArgs);
    ASSERT_EQ(run.status, 0) << run.err;
    const json report = json::parse(run.out);
    ASSERT_EQ(report["queries"].size(), 1u);
    const json& q = report["queries"][0];
    EXPECT_EQ(q["results"]["slab"]["hit"], q["results"]["slab_signs"]["hit"]);
    EXPECT_EQ(q["agree"], false);
    EXPECT_EQ(q["all_explained"], true);
    EXPECT_EQ(q["explain"]["slab_signs"]["fields"], json::array({"t_enter", "point"}));
    EXPECT_EQ(report["summary"]["agree"], 0);
    EXPECT_EQ(report["summary"]["disagree"], 1);
    EXPECT_EQ(report["summary"]["explanations"]["convention"], 1);
}

TEST(Report, AlgorithmsNarrowsTheSetAcrossFamilies)
{
    const Outcome run = Report({Lesson("ray-from-inside.json"), "--json", "--algorithms", "six_faces,geometric"});
    ASSERT_EQ(run.status, 0) << run.err;
    const json report = json::parse(run.out);
    ASSERT_EQ(report["queries"].size(), 2u); // sphere_aabb runs nothing and is left out
    EXPECT_EQ(report["summary"]["skipped"], 1);
    for (const json& q : report["queries"]) {
        ASSERT_EQ(q["results"].size(), 1u);
        const std::string only = q["results"].begin().key();
        EXPECT_TRUE(only == "six_faces" || only == "geometric") << only;
        // the reference did not run, but the comparison still judges against it
        ASSERT_TRUE(q.contains("reference_result"));
        EXPECT_EQ(q["reference_result"]["hit"], true);
        EXPECT_EQ(q["explain"][only]["explanation"], "convention");
    }
    // the same, repeated as separate options
    const Outcome twice =
        Report({Lesson("ray-from-inside.json"), "--algorithms", "six_faces", "--algorithms", "geometric"});
    ASSERT_EQ(twice.status, 0) << twice.err;
    EXPECT_NE(twice.out.find("(the reference, slab, is not run in this scene; it says hit)"), std::string::npos)
        << twice.out;
}

TEST(Report, UnknownAlgorithmIsOneMessageListingTheValidNamesAndExitTwo)
{
    const Outcome run = Report({Lesson("ray-from-inside.json"), "--algorithms", "slab,bogus"});
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(Lines(run.err), 1u) << run.err;
    EXPECT_NE(run.err.find("unknown algorithm \"bogus\""), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("slab, slab_branchless"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("vertex_edge"), std::string::npos) << run.err;
}

TEST(Report, BadFilesGiveOneMessageAndExitTwo)
{
    const fs::path dir = fs::temp_directory_path() / ("hitlab_report_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    auto write = [&](const std::string& name, const std::string& text) {
        std::ofstream((dir / name).string(), std::ios::binary) << text;
        return (dir / name).string();
    };
    struct Bad {
        std::string path;
        std::string message; ///< expected within the message
    };
    const std::vector<Bad> cases = {
        {write("broken.json", "{\n  \"format\": \"hitlab-scene\",\n  \"version\": 1,\n  \"shapes\": [}\n"),
         "broken.json: line 4, column 14: broken JSON"},
        {write(
             "types.json",
             R"({"format": "hitlab-scene", "version": 1, "shapes": [{"type": "sphere", "center": [0, 0, 0], "radius": "big"}]})"),
         "types.json: shapes[0].radius: expected a number, got string \"big\""},
        {write(
             "value.json",
             R"({"format": "hitlab-scene", "version": 1, "shapes": [{"type": "sphere", "center": [0, 0, 0], "radius": -1}]})"),
         "value.json: shapes[0].radius: must be >= 0, got -1"},
        {write("newer.json", R"({"format": "hitlab-scene", "version": 7})"),
         "newer.json: version 7 is newer than this build of HitLab reads (version 1)"},
        {write("empty.json", ""), "empty.json: the file is empty"},
        {dir.string(), ": is a directory, not a scene file"},
        {(dir / "missing.json").string(), "missing.json: cannot open: No such file or directory"},
    };
    for (const Bad& bad : cases) {
        const Outcome run = Report({bad.path});
        EXPECT_EQ(run.status, 2) << bad.path;
        EXPECT_EQ(run.out, "") << bad.path;
        EXPECT_EQ(Lines(run.err), 1u) << run.err;
        EXPECT_EQ(run.err.rfind("hitlab report: ", 0), 0u) << run.err;
        EXPECT_NE(run.err.find(bad.message), std::string::npos) << run.err;
    }
    fs::remove_all(dir);
}

TEST(Report, MissingSceneArgumentIsABadOption)
{
    const Outcome run = Report({});
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("scene is required"), std::string::npos) << run.err;
    EXPECT_EQ(run.guiCalls, 0);
}

TEST(Report, UnknownKeysAreWarningsOnStderrAndTheReportStillRuns)
{
    const fs::path path = fs::temp_directory_path() / ("hitlab_report_warn_" + std::to_string(::getpid()) + ".json");
    std::ofstream(path.string()) << R"({"format": "hitlab-scene", "version": 1, "zoom": 2,
        "shapes": [{"type": "sphere", "center": [0, 0, 0], "radius": 1, "mass": 3},
                   {"type": "ray", "origin": [-2, 0, 0], "direction": [1, 0, 0]}]})";
    const Outcome run = Report({path.string()});
    EXPECT_EQ(run.status, 0);
    EXPECT_EQ(Lines(run.err), 2u) << run.err;
    EXPECT_NE(run.err.find("warning: " + path.string() + ": zoom: unknown key ignored"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("shapes[0].mass: unknown key ignored"), std::string::npos) << run.err;
    EXPECT_NE(run.out.find("1 query: 1 agree"), std::string::npos) << run.out;
    fs::remove(path);
}

TEST(Report, EveryLessonReportsWithExitZero)
{
    for (const auto& entry : fs::directory_iterator(kScenes)) {
        if (entry.path().extension() != ".json" || entry.path().filename() == "stress.json") {
            continue;
        }
        const Outcome run = Report({entry.path().string()});
        EXPECT_EQ(run.status, 0) << entry.path() << run.err;
        EXPECT_EQ(run.err, "") << entry.path();
        EXPECT_NE(run.out.find("ALGORITHM"), std::string::npos) << entry.path();
        const Outcome asJson = Report({entry.path().string(), "--json"});
        EXPECT_TRUE(json::accept(asJson.out)) << entry.path();
    }
}

TEST(ExecutableTest, ReportRunsHeadlessAndExitsTwoOnABadFile)
{
    const std::string out = (fs::temp_directory_path() / ("hitlab_report_exe_" + std::to_string(::getpid()))).string();
    const std::string command = std::string("env -u DISPLAY -u WAYLAND_DISPLAY \"") + HITLAB_EXECUTABLE +
                                "\" report \"" + Lesson("sphere-near-box-corner.json") + "\" > \"" + out + "\" 2>&1";
    int raw = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(raw));
    EXPECT_EQ(WEXITSTATUS(raw), 0);
    std::ifstream in(out);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_NE(text.str().find("expanded_box (pub)   hit"), std::string::npos) << text.str();

    raw = std::system((std::string("\"") + HITLAB_EXECUTABLE + "\" report /nonexistent.json > /dev/null 2>&1").c_str());
    ASSERT_TRUE(WIFEXITED(raw));
    EXPECT_EQ(WEXITSTATUS(raw), 2);
    std::remove(out.c_str());
}

} // namespace
} // namespace hitlab
