// `hitlab render SCENE -o FIG.svg --plugin FILE --external COMMAND --algorithm NAME` without GL:
// the SVG figure of external algorithms (the example plugins through hitlab-plugin-host and the
// example programs), checked by its content, and the refusals of bad input (exit status 2).
#include "app/gui/gui_cli.h"
#include "app/gui/model/lessons.h"

#include "support/x13_scene.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

const std::string kPlugins = HITLAB_PLUGIN_DIR;

fs::path Dir()
{
    const fs::path dir = fs::temp_directory_path() / ("hitlab_figure_external_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir;
}

struct Rendered {
    int status = -1;
    std::string svg, err;
};

/// `hitlab render ARGS -o DIR/tag.svg`, in this process; the figure ("" when none was written).
Rendered Render(std::vector<std::string> args, const std::string& tag)
{
    const fs::path out = Dir() / (tag + ".svg");
    fs::remove(out);
    args.insert(args.begin(), "render");
    args.push_back("-o");
    args.push_back(out.string());
    std::vector<const char*> argv;
    for (const std::string& a : args) {
        argv.push_back(a.c_str());
    }
    Rendered r;
    ::testing::internal::CaptureStderr();
    r.status = RunRenderCommandLine(int(argv.size()), argv.data());
    r.err = ::testing::internal::GetCapturedStderr();
    std::ifstream in(out);
    std::stringstream text;
    text << in.rdbuf();
    r.svg = text.str();
    return r;
}

/// Two rays along +x against the box [15, 17] x [-1, 1]^2, compared with slab alone: ray13 from
/// x = 13 (where misbehave_c crashes) and ray0 from the origin (where it misses; slab hits).
std::string X13Scene() { return test::WriteX13Scene(Dir(), R"(["slab"])"); }

std::size_t Count(const std::string& text, const std::string& what)
{
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
        ++n;
    }
    return n;
}

class FigureExternalTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
        // a sanitizer build of the host: let a SIGSEGV be a SIGSEGV
        setenv("ASAN_OPTIONS", "handle_segv=0:detect_leaks=1", 1);
    }
};

TEST_F(FigureExternalTest, APluginAlgorithmDrawnWithItsTraceStepsInTheCaption)
{
    const Rendered r = Render({LessonDirectory() + "/slab-2d-hit.json", "--view", "2d", "--plugin",
                               kPlugins + "/ray_aabb_slab.so", "--algorithm", "slab_c"},
                              "slab_c");
    ASSERT_EQ(r.status, 0) << r.err;
    // the pair and the drawn algorithm, the plugin's verdict, every external outcome, the steps
    // (the caption is wrapped at spaces: "hit  t 1" reads "hit t 1")
    EXPECT_NE(r.svg.find(">ray vs box: slab_c</text>"), std::string::npos) << r.svg;
    EXPECT_NE(r.svg.find(">slab_c: Hit: the slabs&apos; t intervals meet.</text>"), std::string::npos);
    EXPECT_NE(r.svg.find(">slab_c (ext): hit t 1</text>"), std::string::npos);
    EXPECT_NE(r.svg.find(">slab_c_outside (ext): hit t 1</text>"), std::string::npos);
    // the ray from the origin with direction (2, 1) against [1, 3]^2: x slab t in [0.5, 1.5]
    EXPECT_NE(r.svg.find(">1. x slab: t_near = 0.5, t_far = 1.5, t_enter = 0.5, t_exit = 1.5</text>"),
              std::string::npos);
    EXPECT_NE(r.svg.find(">2. y slab: t_near = 1, t_far = 3, t_enter = 1, t_exit = 1.5</text>"), std::string::npos);
    // its result's t labels (entry 1, exit 1.5), as for a built-in algorithm
    EXPECT_NE(r.svg.find(">in t = 1</text>"), std::string::npos);
    EXPECT_NE(r.svg.find(">out t = 1.5</text>"), std::string::npos);

    const Rendered step = Render({LessonDirectory() + "/slab-2d-hit.json", "--view", "2d", "--plugin",
                                  kPlugins + "/ray_aabb_slab.so", "--algorithm", "slab_c", "--step", "2"},
                                 "slab_c_step2");
    ASSERT_EQ(step.status, 0) << step.err;
    EXPECT_EQ(Count(step.svg, ". x slab:"), 0u);
    EXPECT_EQ(Count(step.svg, ">2. y slab:"), 1u);
    const Rendered past = Render({LessonDirectory() + "/slab-2d-hit.json", "--plugin", kPlugins + "/ray_aabb_slab.so",
                                  "--algorithm", "slab_c", "--step", "4"},
                                 "slab_c_step4");
    EXPECT_EQ(past.status, 2);
    EXPECT_NE(past.err.find("--step: the focused trace has 3 steps, got 4"), std::string::npos) << past.err;
}

TEST_F(FigureExternalTest, FailuresAreInTheCaptionAndMarkedAsDisagreements)
{
    const Rendered plain = Render({X13Scene()}, "x13_plain");
    ASSERT_EQ(plain.status, 0) << plain.err;
    EXPECT_EQ(Count(plain.svg, "stroke=\"#ff4dd9\""), 0u); // slab alone agrees with itself

    const Rendered r = Render({X13Scene(), "--plugin", kPlugins + "/misbehave.so"}, "x13_plugin");
    ASSERT_EQ(r.status, 0) << r.err;
    // the first disagreement is focused: ray13, where the plugin crashed
    EXPECT_NE(r.svg.find(">ray13 vs box: slab</text>"), std::string::npos) << r.svg;
    EXPECT_NE(r.svg.find(">misbehave_c (ext): crashed: killed by signal 11 (Segmentation fault)"), std::string::npos);
    // both queries disagree now (a crash, and a miss where slab hits): the window's ring on each
    EXPECT_EQ(Count(r.svg, "stroke=\"#ff4dd9\""), 2u);

    const Rendered program = Render(
        {X13Scene(), "--external", "python3 " + std::string(HITLAB_EXAMPLES) + "/misbehaving/misbehave.py crash"},
        "x13_program");
    ASSERT_EQ(program.status, 0) << program.err;
    EXPECT_NE(program.svg.find(">slab_misbehaving (ext): crashed: exited with status 3"), std::string::npos)
        << program.svg;
}

TEST_F(FigureExternalTest, ABuiltInAlgorithmByNameIsDrawnAndEnabled)
{
    const Rendered r = Render({X13Scene(), "--algorithm", "slab_listing", "--select", "3"}, "x13_listing");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.svg.find(">ray0 vs box: slab_listing</text>"), std::string::npos) << r.svg;
}

TEST_F(FigureExternalTest, BadInputIsRefusedWithExitStatus2)
{
    const Rendered missing = Render({X13Scene(), "--external", "hitlab_no_such_program_xyz"}, "missing");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("hitlab render: 'hitlab_no_such_program_xyz' exited with status 127"), std::string::npos)
        << missing.err;
    EXPECT_TRUE(missing.svg.empty());

    const Rendered notPlugin = Render({X13Scene(), "--plugin", X13Scene()}, "not_plugin");
    EXPECT_EQ(notPlugin.status, 2);
    EXPECT_NE(notPlugin.err.find("hitlab render: plugin '" + X13Scene() + "': cannot load"), std::string::npos)
        << notPlugin.err;
    EXPECT_TRUE(notPlugin.svg.empty());

    const Rendered unknown =
        Render({X13Scene(), "--plugin", kPlugins + "/misbehave.so", "--algorithm", "nope"}, "unknown_algorithm");
    EXPECT_EQ(unknown.status, 2);
    EXPECT_NE(unknown.err.find("hitlab render: --algorithm: no ray_aabb algorithm is called \"nope\" (ray_aabb has: "
                               "slab, slab_branchless, slab_signs, slab_robust, face_planes, six_faces, slab_listing, "
                               "gjk_raycast, misbehave_c)"),
              std::string::npos)
        << unknown.err;
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
