// Tests of app/sources/hunt_external_export (`hitlab hunt --plugin/--external --gtest FILE` and
// `--gtest-linked FILE`): the written files compile as they are (the system compiler, GoogleTest,
// nlohmann-json and include/hitlab/plugin.h, as their header says), fail against the flawed
// algorithm the hunt found them in, and pass once the user's code gives the exact answer (the
// flawless algorithm of the same program or plugin). A plugin's file names no absolute path: it
// loads the plugin that HITLAB_PLUGIN (or the compile definition HITLAB_PLUGIN_FILE) names, and
// the linked variant is built with the plugin's C source. Also: ShellQuote.
#include "app/sources/hunt_external_export.h"
#include "core/mesh.h"

#include "support/plugin_cli.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

const std::string kCpp = std::string("'") + HITLAB_RAY_AABB_CPP + "'";
const fs::path kDir = fs::temp_directory_path() / ("hitlab_hunt_external_export_test_" + std::to_string(::getpid()));

std::string Read(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string Replace(std::string text, const std::string& from, const std::string& to)
{
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

#if defined(__SANITIZE_ADDRESS__)
// the plugins of a sanitizer build are instrumented: a test that loads one is built the same way
constexpr const char* kSanitize = " -fsanitize=address,undefined";
constexpr const char* kRunEnv = "ASAN_OPTIONS=detect_leaks=0 ";
#else
constexpr const char* kSanitize = "";
constexpr const char* kRunEnv = "";
#endif

/// Compiles the test file (text) as its header says, with the C sources (a plugin linked in) and
/// the flags, and runs it with env before the command; the run's exit status (-1: the compile
/// failed) and output.
int CompileAndRun(const std::string& text, const std::string& tag, std::string& output,
                  const std::vector<std::string>& cSources = {}, const std::string& flags = "",
                  const std::string& env = "")
{
    fs::create_directories(kDir);
    const fs::path source = kDir / (tag + ".cpp"), exe = kDir / tag, log = kDir / (tag + ".log");
    std::ofstream(source) << text;
    std::string objects;
    for (std::size_t i = 0; i < cSources.size(); ++i) { // the plugin's C, built as its CMake target builds it
        const fs::path object = kDir / (tag + "_" + std::to_string(i) + ".o");
        const std::string cc = std::string(HITLAB_CC) + kSanitize +
                               " -std=c99 -ffp-contract=off -Wall -Wextra -Werror -I " + HITLAB_PLUGIN_INCLUDE +
                               " -c " + cSources[i] + " -o " + object.string() + " > " + log.string() + " 2>&1";
        if (std::system(cc.c_str()) != 0) {
            output = "compile failed: " + cc + "\n" + Read(log);
            return -1;
        }
        objects += " " + object.string();
    }
    const std::string compile = std::string(HITLAB_CXX) + kSanitize + " -std=c++20 -Wall -Wextra -Werror -I " +
                                HITLAB_PLUGIN_INCLUDE + flags + " " + source.string() + objects + " -o " +
                                exe.string() + " -lgtest_main -lgtest -pthread -ldl > " + log.string() + " 2>&1";
    if (std::system(compile.c_str()) != 0) {
        output = "compile failed: " + compile + "\n" + Read(log);
        return -1;
    }
    const int status = std::system((kRunEnv + env + exe.string() + " > " + log.string() + " 2>&1").c_str());
    output = Read(log);
    return status;
}

TEST(HuntExternalExport, AProgramsFileCompilesFailsOnTheFlawAndPassesOnTheExactAnswer)
{
    const fs::path file = kDir / "program_cases.cpp";
    fs::create_directories(kDir);
    const test::CliRun program =
        test::RunCli({"hunt", "--family", "ray_aabb", "--a", "slab_cpp_flawed", "--external", kCpp + " --flaw miss",
                      "--max", "1", "--seconds", "0", "--quiet", "--threads", "1", "--gtest", file.string()});
    ASSERT_EQ(program.status, 1) << program.out << program.err;
    EXPECT_NE(program.out.find("GoogleTest cases: " + file.string() + "\n"), std::string::npos) << program.out;
    EXPECT_EQ(program.out.find("TEST("), std::string::npos) << program.out; // the text only on standard output
    const std::string cases = Read(file);
    // one case per group: the 3 groups of the first batch (--max 1 judges it whole); the first the
    // ray along the box's z = 0 face, direction z -0 (hand-checked in hunt_bench_external_test):
    // the exact answer is a hit for t in [0, 1]
    EXPECT_NE(cases.find("TEST(HuntRayAabb, SlabCppFlawedVsExact1)"), std::string::npos) << cases;
    EXPECT_NE(cases.find("TEST(HuntRayAabb, SlabCppFlawedVsExact3)"), std::string::npos) << cases;
    EXPECT_EQ(cases.find("TEST(HuntRayAabb, SlabCppFlawedVsExact4)"), std::string::npos) << cases;
    EXPECT_NE(cases.find("\"direction\":[0,1,-0.0]"), std::string::npos) << cases;
    EXPECT_NE(cases.find("    EXPECT_NEAR(number(result.value(\"t_exit\", nlohmann::json())), 1, "), std::string::npos)
        << cases;
    EXPECT_NE(cases.find("// Build: link GTest::gtest_main and nlohmann_json::nlohmann_json."), std::string::npos);

    std::string output;
    EXPECT_NE(CompileAndRun(cases, "program_flawed", output), 0) << output;
    EXPECT_NE(output.find("[  FAILED  ] HuntRayAabb.SlabCppFlawedVsExact1 ("), std::string::npos) << output;
    EXPECT_NE(output.find("[  FAILED  ] 3 tests, listed below:\n"), std::string::npos) << output; // each group's case
    // the user fixes their code: the same cases pass on the flawless program
    const std::string fixed = Replace(Replace(cases, " --flaw miss", ""), "\"slab_cpp_flawed\"", "\"slab_cpp\"");
    EXPECT_EQ(CompileAndRun(fixed, "program_fixed", output), 0) << output << fixed;
    EXPECT_NE(output.find("[  PASSED  ] 3 tests."), std::string::npos) << output;
}

TEST(HuntExternalExport, APluginsFilesLoadItByNameOrLinkItAndNameNoAbsolutePath)
{
    const fs::path loaded = kDir / "plugin_cases.cpp", linked = kDir / "plugin_linked_cases.cpp";
    fs::create_directories(kDir);
    const test::CliRun plugin = test::RunPluginCli(
        {"hunt", "--family", "ray_aabb", "--a", "slab_c_outside", "--plugin", test::kSlabPlugin, "--max", "1",
         "--seconds", "0", "--quiet", "--threads", "1", "--gtest", loaded.string(), "--gtest-linked", linked.string()});
    ASSERT_EQ(plugin.status, 1) << plugin.out << plugin.err;
    EXPECT_NE(plugin.out.find("GoogleTest cases (the plugin linked in): " + linked.string() + "\n"), std::string::npos)
        << plugin.out;
    const std::string cases = Read(loaded), linkedCases = Read(linked);
    for (const std::string* text : {&cases, &linkedCases}) {
        // slab_c_outside counts an origin in the closed box as outside and misses; the judge says
        // hit. One case per group: the 20 groups of the first batch (--max 1 judges it whole,
        // cli_plugin_test)
        EXPECT_NE(text->find("TEST(HuntRayAabb, SlabCOutsideVsExact1)"), std::string::npos) << *text;
        EXPECT_NE(text->find("TEST(HuntRayAabb, SlabCOutsideVsExact20)"), std::string::npos) << *text;
        EXPECT_EQ(text->find("TEST(HuntRayAabb, SlabCOutsideVsExact21)"), std::string::npos) << *text;
        EXPECT_NE(text->find("    algorithm->run_d(&query, &result, 1);\n"), std::string::npos) << *text;
        EXPECT_NE(text->find("    EXPECT_NEAR(result.t_enter, 0, "), std::string::npos) << *text;
        // the plugin by name only: no folder of this machine in the file
        EXPECT_EQ(text->find(HITLAB_PLUGIN_DIR), std::string::npos) << *text;
        EXPECT_NE(text->find("--plugin \"$HITLAB_PLUGIN\" (ray_aabb_slab.so)"), std::string::npos) << *text;
    }
    EXPECT_NE(cases.find("std::getenv(\"HITLAB_PLUGIN\")"), std::string::npos) << cases;
    EXPECT_EQ(linkedCases.find("dlopen"), std::string::npos) << linkedCases;
    EXPECT_NE(linkedCases.find("return hitlab_plugin_v1();"), std::string::npos) << linkedCases;

    // loaded: the plugin the environment names, or the one the compile definition names
    std::string output;
    const std::string env = "HITLAB_PLUGIN='" + test::kSlabPlugin + "' ";
    EXPECT_NE(CompileAndRun(cases, "plugin_flawed", output, {}, "", env), 0) << output;
    EXPECT_NE(output.find("[  FAILED  ] HuntRayAabb.SlabCOutsideVsExact1 ("), std::string::npos) << output;
    EXPECT_NE(output.find("[  FAILED  ] 20 tests, listed below:\n"), std::string::npos) << output;
    EXPECT_NE(output.find("Value of: result.hit\n  Actual: false"), std::string::npos) << output; // it ran, missed
    EXPECT_NE(CompileAndRun(cases, "plugin_unset", output, {}, "", "HITLAB_PLUGIN= "), 0) << output;
    EXPECT_NE(output.find("no plugin: set HITLAB_PLUGIN to the plugin's file"), std::string::npos) << output;
    const std::string definition = " '-DHITLAB_PLUGIN_FILE=\"" + test::kSlabPlugin + "\"'";
    EXPECT_NE(CompileAndRun(cases, "plugin_defined", output, {}, definition, "HITLAB_PLUGIN= "), 0) << output;
    EXPECT_NE(output.find("Value of: result.hit\n  Actual: false"), std::string::npos) << output;
    // linked: built with the plugin's source, no HitLab library and no dlopen
    const std::string source = std::string(HITLAB_PLUGIN_SOURCES) + "/ray_aabb_slab.c";
    EXPECT_NE(CompileAndRun(linkedCases, "plugin_linked", output, {source}), 0) << output;
    EXPECT_NE(output.find("[  FAILED  ] HuntRayAabb.SlabCOutsideVsExact1 ("), std::string::npos) << output;
    EXPECT_NE(output.find("[  FAILED  ] 20 tests, listed below:\n"), std::string::npos) << output;

    // the user fixes their code: the same cases pass on the flawless algorithm of the plugin (each)
    const std::string fixed = Replace(cases, "\"slab_c_outside\"", "\"slab_c\"");
    EXPECT_EQ(CompileAndRun(fixed, "plugin_fixed", output, {}, "", env), 0) << output << fixed;
    EXPECT_NE(output.find("[  PASSED  ] 20 tests."), std::string::npos) << output;
    const std::string linkedFixed = Replace(linkedCases, "\"slab_c_outside\"", "\"slab_c\"");
    EXPECT_EQ(CompileAndRun(linkedFixed, "plugin_linked_fixed", output, {source}), 0) << output;
    EXPECT_NE(output.find("[  PASSED  ] 20 tests."), std::string::npos) << output;
}

TEST(HuntExternalExport, AWrongDepthIsAssertedAgainstTheExactDepth)
{
    // overlap_length_depth (misbehave.c) takes the overlap's length for the push-out depth: its
    // verdicts are right, its depth is wrong where one interval contains the other. The default
    // hunt compares values and exports the exact depth; the case fails on it (linked with
    // misbehave.c)
    const fs::path file = kDir / "depth_cases.cpp";
    fs::create_directories(kDir);
    const test::CliRun run = test::RunPluginCli({"hunt", "--family", "aabb_aabb", "--a", "overlap_length_depth",
                                                 "--plugin", test::kMisbehavePlugin, "--cases", "20000", "--seconds",
                                                 "0", "--quiet", "--threads", "1", "--gtest-linked", file.string()});
    ASSERT_EQ(run.status, 1) << run.out << run.err;
    const std::string cases = Read(file);
    EXPECT_NE(cases.find("// cause: overlap_length_depth values differ: depth; "), std::string::npos) << cases;
    EXPECT_NE(cases.find("    EXPECT_NEAR(result.depth, 1, "), std::string::npos) << cases;
    std::string output;
    EXPECT_NE(CompileAndRun(cases, "depth_linked", output, {std::string(HITLAB_PLUGIN_SOURCES) + "/misbehave.c"}), 0)
        << output;
    EXPECT_NE(output.find("[  FAILED  ] HuntAabbAabb.OverlapLengthDepthVsExact1 ("), std::string::npos) << output;
    EXPECT_NE(output.find("result.depth"), std::string::npos) << output;
}

TEST(HuntExternalExport, ShellQuoteWrapsInSingleQuotes)
{
    EXPECT_EQ(ShellQuote("python3 a.py"), "'python3 a.py'");
    EXPECT_EQ(ShellQuote("it's"), "'it'\\''s'");
    EXPECT_EQ(ShellQuote(""), "''");
}

TEST(HuntExternalExport, AMeshCaseHandsTheMeshToThePluginFirst)
{
    // a ray_mesh case of Embree's plugin (float): the written test gives the mesh to prepare_mesh_f
    // and queries it by its id; against a made-up exact miss it fails (Embree hits the square at
    // t = 1), against the exact hit it passes
    const fs::path embree = fs::path(HITLAB_ENGINE_PLUGIN_DIR) / "embree.so";
    if (!fs::exists(embree)) {
        GTEST_SKIP() << "embree.so was not built (libembree-dev was missing at configure time)";
    }
    const Mesh<double> square{MakeMeshData({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}, {{{0, 1, 2}}, {{0, 2, 3}}})};
    ExternalFind find;
    find.c.query = {Family::RayMesh, Ray<double>{{0.25, 0.5, 1}, {0, 0, -1}}, square};
    find.c.original = find.c.query;
    find.c.cause = "verdict";
    find.c.exact.family = Family::RayMesh;
    HuntOptions options;
    options.family = Family::RayMesh;
    options.a = "embree_intersect1";
    options.precision = Precision::Float;
    const HuntSource source{embree.string(), ""};
    const std::string miss = ExternalGoogleTestFile({find}, options, source, kFieldHit, ".", false);
    EXPECT_NE(miss.find("static const float meshVertices[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};"), std::string::npos)
        << miss;
    EXPECT_NE(miss.find("static const uint32_t meshIndices[] = {0, 1, 2, 0, 2, 3};"), std::string::npos) << miss;
    EXPECT_NE(miss.find("Plugin()->prepare_mesh_f(1, meshVertices, 4, meshIndices, 2), 0);"), std::string::npos)
        << miss;
    EXPECT_NE(miss.find("query.b.mesh = {1, 4, 2};"), std::string::npos) << miss;
    std::string output;
    const std::string env = "HITLAB_PLUGIN='" + embree.string() + "' ";
    EXPECT_GT(CompileAndRun(miss, "mesh_miss", output, {}, "", env), 0) << output;
    find.c.exact.hit = true;
    const std::string hit = ExternalGoogleTestFile({find}, options, source, kFieldHit, ".", false);
    EXPECT_EQ(CompileAndRun(hit, "mesh_hit", output, {}, "", env), 0) << output << hit;
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
