// Every bad command line of the built `hitlab` (no display needed): each command's and the
// window's options with a bad number (sign, range, overflow, trailing characters, NaN), a missing
// file, a directory where a file belongs; each must exit 2 with exactly one line on standard error
// naming the problem, and nothing on standard output. Plus the values at the edges that must be
// accepted, and --help listing every command and the window's options.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

struct Outcome {
    int status = -1;
    std::string out, err;
};

std::string Quote(const std::string& word)
{
    std::string q = "'";
    for (char c : word) {
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return q + "'";
}

std::string Slurp(const fs::path& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// Runs the executable without a display (a case that wrongly opened the window fails fast).
Outcome Hitlab(const std::vector<std::string>& words)
{
    const fs::path dir = fs::temp_directory_path();
    const std::string tag = std::to_string(::getpid());
    const fs::path out = dir / ("hitlab_cli_errors_out_" + tag);
    const fs::path err = dir / ("hitlab_cli_errors_err_" + tag);
    std::string command = std::string("cd ") + Quote(dir.string()) +
                          " && env -u DISPLAY -u WAYLAND_DISPLAY timeout 60 " + Quote(HITLAB_EXECUTABLE);
    for (const std::string& w : words) {
        command += " " + Quote(w);
    }
    command += " > " + Quote(out.string()) + " 2> " + Quote(err.string()) + " < /dev/null";
    const int raw = std::system(command.c_str());
    Outcome run;
    run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    run.out = Slurp(out);
    run.err = Slurp(err);
    fs::remove(out);
    fs::remove(err);
    return run;
}

std::string Joined(const std::vector<std::string>& words)
{
    std::string text;
    for (const std::string& w : words) {
        text += (text.empty() ? "" : " ") + w;
    }
    return text;
}

const std::string kScene =
    (fs::path(HITLAB_TEST_DATA) / ".." / ".." / "assets" / "scenes" / "obb-plus-sign.json").lexically_normal().string();
const std::string kDir = fs::temp_directory_path().string();
const std::string kMissing = "/nonexistent-hitlab-dir/missing.json";

struct Bad {
    std::vector<std::string> words;
    std::string message; ///< the whole line on standard error, without its line break
};

TEST(CommandLineErrors, EveryBadCommandLineIsExitTwoAndOneLineNamingIt)
{
    const std::string dir = kDir;
    const std::vector<Bad> cases = {
        // the first word
        {{"frobnicate"},
         "hitlab: no command or scene file 'frobnicate' (commands: algorithms, eval, report, hunt, triage, bench, "
         "conventions, plot-offset, render; "
         "hitlab --help lists them)"},
        {{"frobnicate", "--json"},
         "hitlab: no command or scene file 'frobnicate' (commands: algorithms, eval, report, hunt, triage, bench, "
         "conventions, plot-offset, render; "
         "hitlab --help lists them)"},
        {{dir}, "hitlab: '" + dir + "' is a directory, not a command or a scene file"},
        {{"--bogus"}, "hitlab: The following argument was not expected: --bogus"},
        // the window
        {{"--frames", "abc"}, "hitlab: --frames: expected a whole number from 1 to 1000000000, got \"abc\""},
        {{"--frames", "0"}, "hitlab: --frames: expected a whole number from 1 to 1000000000, got \"0\""},
        {{"--frames", "5x"}, "hitlab: --frames: expected a whole number from 1 to 1000000000, got \"5x\""},
        {{"--frames", "99999999999"},
         "hitlab: --frames: expected a whole number from 1 to 1000000000, got \"99999999999\""},
        {{"--font-scale", "nan"}, "hitlab: --font-scale: expected a number from 0.8 to 4, got \"nan\""},
        {{"--font-scale", "4.5"}, "hitlab: --font-scale: expected a number from 0.8 to 4, got \"4.5\""},
        {{"--orbit", "2000"}, "hitlab: --orbit: expected a number from -1000 to 1000, got \"2000\""},
        {{"--orbit", "nan"}, "hitlab: --orbit: expected a number from -1000 to 1000, got \"nan\""},
        {{"--select", "-1"}, "hitlab: --select: expected a whole number from 1 to 4294967295, got \"-1\""},
        {{"--step", "1.5"}, "hitlab: --step: expected a whole number from 1 to 1000000, got \"1.5\""},
        {{"--screenshot", "/nonexistent-hitlab-dir/a.png"},
         "hitlab: --screenshot: cannot write \"/nonexistent-hitlab-dir/a.png\": the directory "
         "\"/nonexistent-hitlab-dir\" does not exist"},
        {{"--save-on-exit", dir}, "hitlab: --save-on-exit: \"" + dir + "\" is a directory, not a file"},
        {{"--dump-on-exit", dir}, "hitlab: --dump-on-exit: \"" + dir + "\" is a directory, not a file"},
        {{"--panel-report", dir}, "hitlab: --panel-report: \"" + dir + "\" is a directory, not a file"},
        {{"--open-panel", "nope"}, "hitlab: --open-panel: nope not in {hunt,timing,minkowski,capture,lessons}"},
        {{"--compare", "nope"}, "hitlab: --compare: no algorithm is called \"nope\" (hitlab algorithms lists them)"},
        {{"--size", "1280x0"}, "hitlab: --size: expected WxH, each 1..8192, got \"1280x0\""},
        {{"--present", "--size", "big"}, "hitlab: --size: expected WxH, each 1..8192, got \"big\""},
        {{"--frames", "2", kMissing},
         "hitlab: no command or scene file '" + kMissing +
             "' (commands: algorithms, eval, report, hunt, triage, bench, conventions, plot-offset, render; hitlab "
             "--help lists them)"},
        // render
        {{"render"}, "hitlab render: scene is required"},
        {{"render", "demo", "-o", dir}, "hitlab render: --output: \"" + dir + "\" is a directory, not a file"},
        {{"render", "demo", "-o", "x.png", "--size", "0x5"},
         "hitlab render: --size: expected WxH, each 1..8192, got \"0x5\""},
        {{"render", "demo", "-o", "x.png", "--frames", "-1"},
         "hitlab render: --frames: expected a whole number from 1 to 1000000000, got \"-1\""},
        {{"render", "demo", "-o", "x.png", "--view", "side"},
         "hitlab render: --view: side not in {persp,front,right,top,2d}"},
        {{"render", "demo", "-o", "x.svg", "--step", "0"},
         "hitlab render: --step: expected a whole number from 1 to 1000000, got \"0\""},
        {{"render", "demo", "-o", "x.svg", "--select", "99"}, "hitlab render: --select: no shape has id 99"},
        {{"render", "demo", "-o", "x.png", "--light"},
         "hitlab render: --light: only for an SVG figure (-o FILE.svg) or a deck (--deck)"},
        {{"render", kMissing, "-o", "x.png"},
         "hitlab render: " + kMissing + ": cannot open: No such file or directory"},
        // algorithms
        {{"algorithms", "--family", "nope"},
         "hitlab algorithms: --family: nope not in "
         "{ray_aabb,segment_aabb,ray_plane,ray_sphere,ray_obb,aabb_aabb,sphere_aabb,sphere_sphere,obb_obb,point_aabb,"
         "point_sphere,point_obb,ray_triangle,segment_triangle,ray_mesh,aabb_triangle,sphere_triangle,"
         "triangle_triangle,convex_convex}"},
        {{"algorithms", "--jsn"}, "hitlab algorithms: The following argument was not expected: --jsn"},
        {{"algorithms", "--external-timeout", "-1"},
         "hitlab algorithms: --external-timeout: expected a number above 0 up to 3600, got \"-1\""},
        // eval
        {{"eval", dir}, "hitlab eval: \"" + dir + "\" is a directory, not a file of query lines"},
        {{"eval", kMissing}, "hitlab eval: cannot open \"" + kMissing + "\": No such file or directory"},
        {{"eval", "--external-timeout", "0"},
         "hitlab eval: --external-timeout: expected a number above 0 up to 3600, got \"0\""},
        {{"eval", "--external-timeout", "1e999"},
         "hitlab eval: --external-timeout: expected a number above 0 up to 3600, got \"1e999\""},
        // report
        {{"report"}, "hitlab report: scene is required"},
        {{"report", dir}, "hitlab report: " + dir + ": is a directory, not a scene file"},
        {{"report", kMissing}, "hitlab report: " + kMissing + ": cannot open: No such file or directory"},
        {{"report", kScene, "--fail-on", "sometimes"},
         "hitlab report: --fail-on: sometimes not in {unexplained,disagreement}"},
        {{"report", kScene, "--solid-pairs", "few"}, "hitlab report: --solid-pairs: few not in {auto,all,overlapping}"},
        {{"report", kScene, "--max-queries", "0"},
         "hitlab report: --max-queries: expected a whole number from 1 to 1099511627776, got \"0\""},
        {{"report", kScene, "--max-queries", "-3"},
         "hitlab report: --max-queries: expected a whole number from 1 to 1099511627776, got \"-3\""},
        {{"report", kScene, "--external-timeout", "nan"},
         "hitlab report: --external-timeout: expected a number above 0 up to 3600, got \"nan\""},
        // hunt
        {{"hunt", "--a", "slab"}, "hitlab hunt: --family is required"},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--cases", "-1"},
         "hitlab hunt: --cases: expected a whole number from 0 to 18446744073709551615, got \"-1\""},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--cases", "1x"},
         "hitlab hunt: --cases: expected a whole number from 0 to 18446744073709551615, got \"1x\""},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--seconds", "-1"},
         "hitlab hunt: --seconds: expected a number from 0 to 1e+06, got \"-1\""},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--seconds", "inf"},
         "hitlab hunt: --seconds: expected a number from 0 to 1e+06, got \"inf\""},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--seed", "-1"},
         "hitlab hunt: --seed: expected a whole number from 0 to 18446744073709551615, got \"-1\""},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--seed", "18446744073709551616"},
         "hitlab hunt: --seed: expected a whole number from 0 to 18446744073709551615, got \"18446744073709551616\""},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--seed", "0x10"},
         "hitlab hunt: --seed: expected a whole number from 0 to 18446744073709551615, got \"0x10\""},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--max", "-2"},
         "hitlab hunt: --max: expected a whole number from 0 to 1000000, got \"-2\""},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--tolerance", "-1e-9"},
         "hitlab hunt: --tolerance: expected a number from 0 to 1, got \"-1e-9\""},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--ulps", "-1"},
         "hitlab hunt: --ulps: expected a number above 0 up to 4503599627370496, got \"-1\""},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--ulps", "0"},
         "hitlab hunt: --ulps: expected a number above 0 up to 4503599627370496, got \"0\""},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--ulps", "4", "--verdict-only"},
         "hitlab hunt: give either --ulps or --verdict-only, not both (--verdict-only compares verdicts only, --ulps "
         "N also values within N ulps)"},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--gtest", dir},
         "hitlab hunt: --gtest: \"" + dir + "\" is a directory, not a file"},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--gtest", "/nonexistent/cases.cpp"},
         "hitlab hunt: --gtest: cannot write \"/nonexistent/cases.cpp\": the directory \"/nonexistent\" does not "
         "exist"},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--gtest-linked", "cases.cpp"},
         "hitlab hunt: --gtest-linked: only for a plugin's algorithm (--plugin FILE); use --gtest FILE"},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "--precision", "half"},
         "hitlab hunt: --precision: half not in {float,double}"},
        {{"hunt", "--family", "ray_aabb", "--a", "bogus"},
         "hitlab hunt: --a: unknown algorithm \"bogus\" for ray_aabb (valid: slab, slab_branchless, slab_signs, "
         "slab_robust, face_planes, six_faces, slab_listing, gjk_raycast)"},
        {{"hunt", "--family", "ray_aabb", "--a", "slab", "-o", kScene},
         "hitlab hunt: -o: \"" + kScene + "\" is a file, not a directory"},
        // bench
        {{"bench"}, "hitlab bench: scene is required"},
        {{"bench", dir}, "hitlab bench: " + dir + ": is a directory, not a scene file"},
        {{"bench", kScene, "--queries", "-5"},
         "hitlab bench: --queries: expected a whole number from 1 to 1000000, got \"-5\""},
        {{"bench", kScene, "--queries", "1e3"},
         "hitlab bench: --queries: expected a whole number from 1 to 1000000, got \"1e3\""},
        {{"bench", kScene, "--rounds", "0"},
         "hitlab bench: --rounds: expected a whole number from 1 to 100000, got \"0\""},
        {{"bench", kScene, "--rounds", "99999999999"},
         "hitlab bench: --rounds: expected a whole number from 1 to 100000, got \"99999999999\""},
        {{"bench", kScene, "--precision", "half"}, "hitlab bench: --precision: half not in {float,double}"},
    };
    for (const Bad& bad : cases) {
        const Outcome run = Hitlab(bad.words);
        EXPECT_EQ(run.status, 2) << Joined(bad.words) << "\n" << run.err;
        EXPECT_EQ(run.out, "") << Joined(bad.words);
        EXPECT_EQ(run.err, bad.message + "\n") << Joined(bad.words);
    }
}

TEST(CommandLineErrors, NumbersAtTheEdgesAreAcceptedInDecimal)
{
    // the largest seed is accepted and printed back, not wrapped
    const Outcome hunt = Hitlab({"hunt", "--family", "ray_aabb", "--a", "slab", "--b", "slab_robust", "--seed",
                                 "18446744073709551615", "--cases", "1", "--quiet"});
    EXPECT_TRUE(hunt.status == 0 || hunt.status == 1) << hunt.status << hunt.err; // none found, or some
    EXPECT_NE(hunt.out.find("seed 18446744073709551615"), std::string::npos) << hunt.out;
    // a leading zero is decimal (CLI11 alone reads "010" as octal 8)
    const Outcome bench = Hitlab({"bench", kScene, "--queries", "010", "--rounds", "1"});
    EXPECT_EQ(bench.status, 0) << bench.err;
    EXPECT_NE(bench.out.find("1 rounds of 10 queries"), std::string::npos) << bench.out;
}

TEST(CommandLineErrors, HelpListsEveryCommandTheWindowsOptionsAndTheExitStatuses)
{
    const Outcome help = Hitlab({"--help"});
    EXPECT_EQ(help.status, 0);
    EXPECT_EQ(help.err, "");
    for (const char* word : {"algorithms", "eval", "report", "hunt", "triage", "bench", "conventions", "plot-offset",
                             "render", "--frames", "--screenshot", "--open-panel", "--font-scale", "--size", "--view",
                             "Exit status:", "no display or no OpenGL 3.3"}) {
        EXPECT_NE(help.out.find(word), std::string::npos) << word;
    }
}

TEST(CommandLineErrors, BenchRefusesAScenesMillionPairsUpFront)
{
    // 1,500 solids with pairs on: 1,124,250 pairs, more than the million scene queries bench copies
    const fs::path path = fs::temp_directory_path() / ("hitlab_cli_errors_big_" + std::to_string(::getpid()) + ".json");
    {
        std::ofstream file(path.string());
        file << R"({"format": "hitlab-scene", "version": 1, "shapes": [)";
        for (int i = 0; i < 1500; ++i) {
            file << (i == 0 ? "" : ", ") << R"({"type": "sphere", "center": [)" << i << ", 0, 0], \"radius\": 1}";
        }
        file << "]}";
    }
    const Outcome run = Hitlab({"bench", path.string()});
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err, "hitlab bench: " + path.string() +
                           ": 0 casts and 1124250 pairs of solids make more than the 1000000 scene queries bench "
                           "times; turn the pairs of solids off with \"solid_pairs\": false in the file's \"queries\" "
                           "object\n");
    fs::remove(path);
}

} // namespace HITLAB_UNITY_ID
