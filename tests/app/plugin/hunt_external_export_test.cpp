// Tests of app/plugin/hunt_external_export (`hitlab hunt --plugin/--external --gtest`): the
// printed cases compile as given (the system compiler, GoogleTest, nlohmann-json and
// include/hitlab/plugin.h, as their comment says), fail against the flawed algorithm the hunt
// found them in, and pass once the user's code gives the exact answer (the flawless algorithm of
// the same program or plugin). Also: ShellQuote.
#include "app/plugin/hunt_external_export.h"

#include "support/run_cli.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace hitlab {
namespace {

namespace fs = std::filesystem;

const std::string kCpp = std::string("'") + HITLAB_RAY_AABB_CPP + "'";
const std::string kPlugin = std::string(HITLAB_PLUGIN_DIR) + "/ray_aabb_slab.so";

/// The GoogleTest cases of a hunt's output: each block from its "// ---- hitlab hunt" line to
/// the closing brace of its TEST.
std::string Cases(const std::string& out)
{
    std::string cases;
    std::istringstream in(out);
    bool on = false;
    for (std::string line; std::getline(in, line);) {
        on = on || line.rfind("// ---- hitlab hunt", 0) == 0;
        if (on) {
            cases += line + "\n";
        }
        on = on && line != "}";
    }
    return cases;
}

std::string Replace(std::string text, const std::string& from, const std::string& to)
{
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

/// Compiles the cases as their comments say and runs them; the run's exit status and output.
#if defined(__SANITIZE_ADDRESS__)
// the plugins of a sanitizer build are instrumented: a test that loads one is built the same way
constexpr const char* kSanitize = " -fsanitize=address,undefined";
constexpr const char* kRunEnv = "ASAN_OPTIONS=detect_leaks=0 ";
#else
constexpr const char* kSanitize = "";
constexpr const char* kRunEnv = "";
#endif

int CompileAndRun(const std::string& cases, const std::string& tag, std::string& output)
{
    const fs::path dir = fs::temp_directory_path() / "hitlab_hunt_external_export_test";
    fs::create_directories(dir);
    const fs::path source = dir / (tag + ".cpp"), exe = dir / tag, log = dir / (tag + ".log");
    std::ofstream(source) << cases;
    const std::string compile = std::string(HITLAB_CXX) + kSanitize + " -std=c++20 -Wall -Wextra -Werror -I " +
                                HITLAB_PLUGIN_INCLUDE + " " + source.string() + " -o " + exe.string() +
                                " -lgtest_main -lgtest -pthread -ldl > " + log.string() + " 2>&1";
    if (std::system(compile.c_str()) != 0) {
        std::ifstream in(log);
        output = "compile failed: " + compile + "\n" + std::string(std::istreambuf_iterator<char>(in), {});
        return -1;
    }
    const int status = std::system((kRunEnv + exe.string() + " > " + log.string() + " 2>&1").c_str());
    std::ifstream in(log);
    output = std::string(std::istreambuf_iterator<char>(in), {});
    return status;
}

TEST(HuntExternalExport, CasesCompileFailOnTheFlawAndPassOnTheExactAnswer)
{
    setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
    const test::CliRun program =
        test::RunCli({"hunt", "--family", "ray_aabb", "--a", "slab_cpp_flawed", "--external", kCpp + " --flaw miss",
                      "--max", "1", "--seconds", "0", "--quiet", "--threads", "1", "--gtest"});
    ASSERT_EQ(program.status, 1) << program.out << program.err;
    const test::CliRun plugin =
        test::RunCli({"hunt", "--family", "ray_aabb", "--a", "slab_c_outside", "--plugin", kPlugin, "--max", "1",
                      "--seconds", "0", "--quiet", "--threads", "1", "--gtest"});
    ASSERT_EQ(plugin.status, 1) << plugin.out << plugin.err;
    const std::string cases = Cases(program.out) + Cases(plugin.out);
    // the program's case: the ray along the box's z = 0 face, direction z -0 (hand-checked in
    // hunt_bench_external_test): the exact answer is a hit for t in [0, 1]
    EXPECT_NE(cases.find("TEST(HuntRayAabb, SlabCppFlawedVsExact1)"), std::string::npos) << cases;
    EXPECT_NE(cases.find("\"direction\":[0,1,-0.0]"), std::string::npos) << cases;
    EXPECT_NE(cases.find("    EXPECT_NEAR(number(result.value(\"t_exit\", nlohmann::json())), 1, "), std::string::npos)
        << cases;
    EXPECT_NE(cases.find("// Build: link GTest::gtest_main and nlohmann_json::nlohmann_json."), std::string::npos);
    // the plugin's case: slab_c_outside counts an origin inside as a miss, the judge says hit
    EXPECT_NE(cases.find("TEST(HuntRayAabb, SlabCOutsideVsExact1)"), std::string::npos) << cases;
    EXPECT_NE(cases.find("    algorithm->run_d(&query, &result, 1);\n"), std::string::npos) << cases;
    EXPECT_NE(cases.find("    EXPECT_NEAR(result.t_enter, 0, "), std::string::npos) << cases;

    std::string output;
    EXPECT_NE(CompileAndRun(cases, "flawed", output), 0) << output;
    EXPECT_NE(output.find("[  FAILED  ] HuntRayAabb.SlabCppFlawedVsExact1 ("), std::string::npos) << output;
    EXPECT_NE(output.find("[  FAILED  ] HuntRayAabb.SlabCOutsideVsExact1 ("), std::string::npos) << output;

    // the user fixes their code: the same cases pass on the flawless algorithms
    std::string fixed = Replace(cases, " --flaw miss", "");
    fixed = Replace(Replace(fixed, "\"slab_cpp_flawed\"", "\"slab_cpp\""), "\"slab_c_outside\"", "\"slab_c\"");
    EXPECT_EQ(CompileAndRun(fixed, "fixed", output), 0) << output << fixed;
    EXPECT_NE(output.find("[  PASSED  ] 2 tests."), std::string::npos) << output;
}

TEST(HuntExternalExport, ShellQuoteWrapsInSingleQuotes)
{
    EXPECT_EQ(ShellQuote("python3 a.py"), "'python3 a.py'");
    EXPECT_EQ(ShellQuote("it's"), "'it'\\''s'");
    EXPECT_EQ(ShellQuote(""), "''");
}

} // namespace
} // namespace hitlab
