// Tests of the engine plugins (plugins/: Bullet, FCL, ODE, Box2D, Embree) through the commands, as a user
// runs them: each loads by name (`--plugin bullet`), answers hand-checked queries exactly, declares
// its conventions, runs on every lesson of its families without a failed query, and the lessons that
// name a plugin ("plugins"), reported with that plugin given (--plugin), show the outcome their
// "expect" claims for it.
#include "app/cli/cli.h"
#include "core/io/scene_file.h"
#include "support/run_cli.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <tuple>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using nlohmann::json;
namespace fs = std::filesystem;

const fs::path kLessons = fs::path(HITLAB_SOURCE_DIR) / "assets" / "scenes";

using Outcome = test::CliRun;

Outcome Hitlab(std::vector<std::string> args, const std::string& input = "")
{
    setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
    setenv("HITLAB_PLUGINS", HITLAB_ENGINE_PLUGIN_DIR, 1);
    return test::RunCli(args, input);
}

/// Whether the engine's plugin was built (its package found at configure time); CI builds all four.
bool Built(const std::string& engine) { return fs::exists(fs::path(HITLAB_ENGINE_PLUGIN_DIR) / (engine + ".so")); }

#define REQUIRE_ENGINE(engine)                                                                                         \
    if (!Built(engine)) {                                                                                              \
        GTEST_SKIP() << engine << ".so was not built (its package was missing at configure time)";                     \
    }

/// A result without its null fields (those the algorithm does not return).
json Set(json result)
{
    for (auto it = result.begin(); it != result.end();) {
        it = it->is_null() ? result.erase(it) : std::next(it);
    }
    return result;
}

/// The answers of `hitlab eval --plugin ENGINE` to one query line, by algorithm name.
json Eval(const std::string& engine, const std::string& line)
{
    const Outcome run = Hitlab({"eval", "--plugin", engine}, line + "\n");
    EXPECT_EQ(run.status, 0) << run.err;
    const json answer = json::parse(run.out);
    return answer;
}

std::string Query(const std::string& family, const std::string& precision, const std::string& a, const std::string& b)
{
    return R"({"id":1,"query":")" + family + R"(","precision":")" + precision + R"(","a":)" + a + R"(,"b":)" + b + "}";
}

const std::string kUnitBox = R"({"type":"aabb","min":[0,0,0],"max":[1,1,1]})";
/// From x = -2 along +x at y = z = 0.5: enters the unit box at t = 2 through the x = 0 face.
const std::string kRayThroughBox = R"({"type":"ray","origin":[-2,0.5,0.5],"direction":[1,0,0]})";

TEST(EnginePlugins, EachLoadsByNameAndListsItsAlgorithms)
{
    const std::map<std::string, std::set<std::pair<std::string, std::string>>> expected = {
        {"bullet",
         {{"ray_aabb", "bullet_ray_aabb2"},
          {"ray_aabb", "bullet_ray_test"},
          {"segment_aabb", "bullet_ray_aabb"},
          {"ray_obb", "bullet_ray_test"},
          {"aabb_aabb", "bullet_box_box"},
          {"obb_obb", "bullet_box_box"},
          {"sphere_aabb", "bullet_sphere_box"},
          {"ray_triangle", "bullet_triangle_raycast"},
          {"segment_triangle", "bullet_triangle_raycast"},
          {"aabb_aabb", "bullet_gjk_epa"},
          {"aabb_aabb", "bullet_gjk_pair"},
          {"obb_obb", "bullet_gjk_epa"},
          {"obb_obb", "bullet_gjk_pair"},
          {"sphere_aabb", "bullet_gjk_epa"},
          {"sphere_aabb", "bullet_gjk_pair"},
          {"sphere_sphere", "bullet_gjk_epa"},
          {"sphere_sphere", "bullet_gjk_pair"},
          {"convex_convex", "bullet_gjk_epa"},
          {"convex_convex", "bullet_gjk_pair"}}},
        {"fcl",
         {{"obb_obb", "fcl_box_box"},
          {"aabb_aabb", "fcl_box_box"},
          {"sphere_aabb", "fcl_sphere_box"},
          {"aabb_aabb", "fcl_gjk_epa"},
          {"aabb_aabb", "fcl_libccd_mpr"},
          {"obb_obb", "fcl_gjk_epa"},
          {"obb_obb", "fcl_libccd_mpr"},
          {"sphere_aabb", "fcl_gjk_epa"},
          {"sphere_aabb", "fcl_libccd_mpr"},
          {"convex_convex", "fcl_gjk_epa"},
          {"convex_convex", "fcl_libccd_mpr"}}},
        {"ode",
         {{"obb_obb", "ode_box_box"},
          {"aabb_aabb", "ode_box_box"},
          {"ray_aabb", "ode_ray_box"},
          {"ray_obb", "ode_ray_box"}}},
        {"box2d", {{"ray_aabb", "box2d_raycast"}}},
        {"ccd",
         {{"aabb_aabb", "ccd_gjk_epa"},
          {"aabb_aabb", "ccd_mpr"},
          {"obb_obb", "ccd_gjk_epa"},
          {"obb_obb", "ccd_mpr"},
          {"sphere_aabb", "ccd_gjk_epa"},
          {"sphere_aabb", "ccd_mpr"},
          {"sphere_sphere", "ccd_gjk_epa"},
          {"sphere_sphere", "ccd_mpr"},
          {"aabb_triangle", "ccd_gjk_epa"},
          {"aabb_triangle", "ccd_mpr"},
          {"sphere_triangle", "ccd_gjk_epa"},
          {"sphere_triangle", "ccd_mpr"},
          {"triangle_triangle", "ccd_gjk_epa"},
          {"triangle_triangle", "ccd_mpr"},
          {"convex_convex", "ccd_gjk_epa"},
          {"convex_convex", "ccd_mpr"}}},
        {"embree",
         {{"ray_triangle", "embree_intersect1"},
          {"ray_triangle", "embree_intersect1_robust"},
          {"ray_mesh", "embree_intersect1"},
          {"ray_mesh", "embree_intersect1_robust"}}},
    };
    for (const auto& [engine, algorithms] : expected) {
        SCOPED_TRACE(engine);
        if (!Built(engine)) {
            continue;
        }
        const Outcome run = Hitlab({"algorithms", "--plugin", engine, "--json"});
        ASSERT_EQ(run.status, 0) << run.err;
        std::set<std::pair<std::string, std::string>> listed;
        for (const json& a : json::parse(run.out)) {
            if (a["name"].get<std::string>().rfind(engine + "_", 0) == 0) {
                listed.insert({a["family"].get<std::string>(), a["name"].get<std::string>()});
                EXPECT_FALSE(a["conventions"]["precision"].get<std::string>().empty()) << a["name"];
            }
        }
        EXPECT_EQ(listed, algorithms);
    }
}

TEST(EnginePlugins, BulletDeclaresTheDoublePrecisionItRunsIn)
{
    REQUIRE_ENGINE("bullet");
    const Outcome run = Hitlab({"algorithms", "--plugin", "bullet", "--json", "--family", "ray_aabb"});
    ASSERT_EQ(run.status, 0) << run.err;
    for (const json& a : json::parse(run.out)) {
        if (a["name"] == "bullet_ray_aabb2") {
            EXPECT_EQ(a["conventions"]["precision"], "double (BT_USE_DOUBLE_PRECISION)");
            EXPECT_EQ(a["conventions"]["t_range"], "t > 0");
            return;
        }
    }
    ADD_FAILURE() << "bullet_ray_aabb2 not listed: " << run.out;
}

TEST(EnginePlugins, ARayThroughTheUnitBoxEntersAtTTwo)
{
    // t = (0 - -2) / 1 = 2 for every engine; in float and double alike (2 is exact)
    for (const char* precision : {"double", "float"}) {
        SCOPED_TRACE(precision);
        const std::string line = Query("ray_aabb", precision, kRayThroughBox, kUnitBox);
        if (Built("bullet")) {
            const json r = Eval("bullet", line)["results"];
            EXPECT_EQ(Set(r["bullet_ray_aabb2"]), json::parse(R"({"hit":true,"t_enter":2})"));
            // rayTestSingle's fraction is of the segment origin .. origin + 1000 direction: t = 1000 fraction
            EXPECT_EQ(r["bullet_ray_test"]["hit"], true);
            EXPECT_NEAR(r["bullet_ray_test"]["t_enter"].get<double>(), 2.0, 1e-9);
            EXPECT_NEAR(r["bullet_ray_test"]["point"][0].get<double>(), 0.0, 1e-9);
            EXPECT_EQ(r["bullet_ray_test"]["normal"], json::array({-1, 0, 0}));
        }
        if (Built("ode")) {
            const json r = Eval("ode", line)["results"]["ode_ray_box"];
            EXPECT_EQ(r["hit"], true);
            EXPECT_NEAR(r["t_enter"].get<double>(), 2.0, 1e-12);
            EXPECT_EQ(r["normal"], json::array({-1, 0, 0}));
        }
        if (Built("box2d")) {
            EXPECT_EQ(Set(Eval("box2d", line)["results"]["box2d_raycast"]),
                      json::parse(R"({"hit":true,"t_enter":2,"point":[0,0.5,0.5],"normal":[-1,0,0]})"));
        }
    }
}

TEST(EnginePlugins, BulletsRayAabb2TakesAZeroComponentsInverseAsBtLargeFloatAsBulletDoes)
{
    REQUIRE_ENGINE("bullet");
    // rays along +y in the plane x = c against the unit box: the x slab is [(0 - c) 1e30, (1 - c) 1e30]
    // (BT_LARGE_FLOAT = 1e30 for the zero x component, as btDbvt::rayTest sets it), the y slab [1, 2].
    // c = 0 (min face): [0, 1e30], hit at t = 1; c = 1 (max face): [-1e30, 0], tmax = 0 is not > 0, miss;
    // c = -1e-31 (below the min face): [0.1, ~1e30], still a hit at t = 1; c = -1e-29: [10, ...] starts
    // after the y slab ends (10 > 2), miss. With 1/0 = inf instead, c = 0 gave 0 * inf = NaN and a miss.
    const auto ray = [](const std::string& x, const std::string& dx) {
        return R"({"type":"ray","origin":[)" + x + R"(,-1,0.5],"direction":[)" + dx + ",1,0]}";
    };
    const std::vector<std::tuple<std::string, std::string, json>> cases = {
        {"0", "0", json::parse(R"({"hit":true,"t_enter":1})")},
        {"0", "-0.0", json::parse(R"({"hit":true,"t_enter":1})")}, // -0 == 0: the same +1e30
        {"1", "0", json::parse(R"({"hit":false})")},
        {"1", "-0.0", json::parse(R"({"hit":false})")},
        {"-1e-31", "0", json::parse(R"({"hit":true,"t_enter":1})")},
        {"-1e-29", "0", json::parse(R"({"hit":false})")},
    };
    for (const auto& [x, dx, expected] : cases) {
        SCOPED_TRACE("x = " + x + ", direction x = " + dx);
        const json r = Eval("bullet", Query("ray_aabb", "double", ray(x, dx), kUnitBox))["results"]["bullet_ray_aabb2"];
        EXPECT_EQ(r["hit"], expected["hit"]);
        if (expected["hit"] == true) {
            EXPECT_EQ(r["t_enter"], expected["t_enter"]);
        }
    }
    // and it declares that, not "parallel: handled"
    const Outcome run = Hitlab({"algorithms", "--plugin", "bullet", "--json", "--family", "ray_aabb"});
    ASSERT_EQ(run.status, 0) << run.err;
    for (const json& a : json::parse(run.out)) {
        if (a["name"] == "bullet_ray_aabb2") {
            const std::string parallel = a["conventions"]["parallel"];
            EXPECT_NE(parallel.find("BT_LARGE_FLOAT (1e30)"), std::string::npos) << parallel;
            EXPECT_NE(parallel.find("max face plane misses"), std::string::npos) << parallel;
        }
    }
}

TEST(EnginePlugins, TIsInUnitsOfTheDirection)
{
    // direction (4, 0, 0): the x = 0 face is 2 away, so t = 0.5 (ODE normalises the direction and
    // the plugin divides its distance by |direction|)
    const std::string line =
        Query("ray_aabb", "double", R"({"type":"ray","origin":[-2,0.5,0.5],"direction":[4,0,0]})", kUnitBox);
    if (Built("ode")) {
        EXPECT_NEAR(Eval("ode", line)["results"]["ode_ray_box"]["t_enter"].get<double>(), 0.5, 1e-12);
    }
    if (Built("bullet")) {
        EXPECT_NEAR(Eval("bullet", line)["results"]["bullet_ray_test"]["t_enter"].get<double>(), 0.5, 1e-9);
    }
}

TEST(EnginePlugins, TheDeclaredConventionsExplainARayFromInside)
{
    // from the centre of the unit box along +x: the reference says t_enter = 0; btRayAabb2 gives the
    // unclamped entry -0.5 (t_range: t > 0), rayTestSingle misses (origin_inside: miss), ODE reports
    // the exit at t = 0.5
    const std::string line =
        Query("ray_aabb", "double", R"({"type":"ray","origin":[0.5,0.5,0.5],"direction":[1,0,0]})", kUnitBox);
    if (Built("bullet")) {
        const json answer = Eval("bullet", line);
        EXPECT_EQ(Set(answer["results"]["bullet_ray_aabb2"]), json::parse(R"({"hit":true,"t_enter":-0.5})"));
        EXPECT_EQ(answer["results"]["bullet_ray_test"]["hit"], false);
        EXPECT_EQ(answer["external"]["bullet_ray_test"]["explain"]["explanation"], "convention");
        EXPECT_EQ(answer["external"]["bullet_ray_aabb2"]["explain"]["explanation"], "convention");
    }
    if (Built("ode")) {
        const json answer = Eval("ode", line);
        EXPECT_NEAR(answer["results"]["ode_ray_box"]["t_enter"].get<double>(), 0.5, 1e-12);
        EXPECT_EQ(answer["external"]["ode_ray_box"]["explain"]["explanation"], "convention");
    }
}

TEST(EnginePlugins, BulletsSegmentTestGivesTheEntryAndAnInwardNormal)
{
    REQUIRE_ENGINE("bullet");
    // from (-2, .5, .5) to (2, .5, .5): enters x = 0 at a quarter of the way... (0 - -2) / 4 = 0.5;
    // btRayAabb's normal points into the box: (+1, 0, 0), its declared convention normal: into the box
    const json answer = Eval("bullet", Query("segment_aabb", "double",
                                             R"({"type":"segment","start":[-2,0.5,0.5],"end":[2,0.5,0.5]})", kUnitBox));
    EXPECT_EQ(Set(answer["results"]["bullet_ray_aabb"]), json::parse(R"({"hit":true,"t_enter":0.5,"normal":[1,0,0]})"));
    const json& explain = answer["external"]["bullet_ray_aabb"]["explain"];
    EXPECT_EQ(explain["explanation"], "convention");
    EXPECT_EQ(explain["fields"], json::parse(R"(["normal"])"));
    EXPECT_NE(explain["reason"].get<std::string>().find("the normal pointing into the solid, the protocol's outward "
                                                        "normal negated (normal: into the box"),
              std::string::npos)
        << explain;
}

TEST(EnginePlugins, BoxesOverlappingByAHalfHaveDepthAHalf)
{
    // [0, 1]^3 and [0.5, 1.5] x [0, 1]^2: the shortest push-out is 0.5 along +x
    const std::string aabbs =
        Query("aabb_aabb", "double", kUnitBox, R"({"type":"aabb","min":[0.5,0,0],"max":[1.5,1,1]})");
    // two unit-half-extent OBBs 1.5 apart on x, the second turned 90 degrees about z: overlap 0.5 on x
    const std::string obbs =
        Query("obb_obb", "double",
              R"({"type":"obb","center":[0,0,0],"half_extents":[1,1,1],"axes":[[1,0,0],[0,1,0],[0,0,1]]})",
              R"({"type":"obb","center":[1.5,0,0],"half_extents":[1,1,1],"axes":[[0,1,0],[-1,0,0],[0,0,1]]})");
    for (const auto& [engine, name] : std::vector<std::pair<std::string, std::string>>{
             {"bullet", "bullet_box_box"}, {"fcl", "fcl_box_box"}, {"ode", "ode_box_box"}}) {
        if (!Built(engine)) {
            continue;
        }
        SCOPED_TRACE(engine);
        for (const std::string& line : {aabbs, obbs}) {
            const json r = Eval(engine, line)["results"][name];
            EXPECT_EQ(r["hit"], true);
            EXPECT_NEAR(r["depth"].get<double>(), 0.5, 1e-9);
            const std::vector<double> normal = r["normal"];
            EXPECT_NEAR(normal[0], 1.0, 1e-9);
            EXPECT_NEAR(normal[1], 0.0, 1e-9);
            EXPECT_NEAR(normal[2], 0.0, 1e-9);
        }
    }
}

/// The unit cube moved by x along x, as the protocol's convex shape of its 8 corners.
std::string CubeHullAt(double x)
{
    std::string points;
    for (int i = 0; i < 8; ++i) {
        points += (i ? "," : "") + ("[" + std::to_string(x + (i & 1)) + "," + std::to_string((i >> 1) & 1) + "," +
                                    std::to_string((i >> 2) & 1) + "]");
    }
    return R"({"type":"convex","points":[)" + points + "]}";
}

TEST(EnginePlugins, ConvexHullsOverlappingByAQuarterAreJudgedEndToEnd)
{
    // the unit cube and the cube at x = 0.75 as 8-point hulls: depth 0.25 along +x (sat_reference);
    // libccd's GJK + EPA and MPR agree; Bullet's hull margin adds 0.08 (unexplained: no flaw word
    // holds away from the boundary); FCL's EPA stops on a wrong face (-0.25/sqrt 3)
    const std::string line = Query("convex_convex", "double", CubeHullAt(0), CubeHullAt(0.75));
    if (Built("ccd")) {
        const json out = Eval("ccd", line);
        EXPECT_EQ(out["agree"], true);
        for (const char* name : {"ccd_gjk_epa", "ccd_mpr"}) {
            EXPECT_EQ(out["external"][name]["status"], "answered");
            EXPECT_NEAR(out["results"][name]["depth"].get<double>(), 0.25, 1e-9);
        }
    }
    if (Built("bullet")) {
        const json out = Eval("bullet", line);
        EXPECT_EQ(out["agree"], false);
        EXPECT_NEAR(out["results"]["bullet_gjk_epa"]["depth"].get<double>(), 0.33, 1e-9);
        EXPECT_EQ(out["external"]["bullet_gjk_epa"]["explain"]["explanation"], "unexplained");
        // touching hulls: the depth 0.08 is the declared flaw (flaw_when: boundary)
        const json touching = Eval("bullet", Query("convex_convex", "double", CubeHullAt(0), CubeHullAt(1)));
        EXPECT_EQ(touching["external"]["bullet_gjk_pair"]["explain"]["explanation"], "known_flaw");
    }
    if (Built("fcl")) {
        const json out = Eval("fcl", line);
        EXPECT_NEAR(out["results"]["fcl_gjk_epa"]["depth"].get<double>(), -0.25 / std::sqrt(3.0), 1e-9);
        EXPECT_NEAR(out["results"]["fcl_libccd_mpr"]["depth"].get<double>(), 0.25, 1e-9);
    }
}

TEST(EnginePlugins, ASphereTouchingOrSinkingIntoABox)
{
    // centre (1.5, .5, .5), radius .5: touches the x = 1 face (depth 0); centre x = 1.25: depth 0.25,
    // and the box moves out of the sphere along -x
    const std::string touching =
        Query("sphere_aabb", "double", R"({"type":"sphere","center":[1.5,0.5,0.5],"radius":0.5})", kUnitBox);
    const std::string sinking =
        Query("sphere_aabb", "double", R"({"type":"sphere","center":[1.25,0.5,0.5],"radius":0.5})", kUnitBox);
    for (const auto& [engine, name] :
         std::vector<std::pair<std::string, std::string>>{{"bullet", "bullet_sphere_box"}, {"fcl", "fcl_sphere_box"}}) {
        if (!Built(engine)) {
            continue;
        }
        SCOPED_TRACE(engine);
        const json t = Eval(engine, touching)["results"][name];
        EXPECT_EQ(t["hit"], true);
        EXPECT_NEAR(t["depth"].get<double>(), 0.0, 1e-12);
        const json s = Eval(engine, sinking)["results"][name];
        EXPECT_EQ(s["hit"], true);
        EXPECT_NEAR(s["depth"].get<double>(), 0.25, 1e-9);
        EXPECT_NEAR(s["normal"][0].get<double>(), -1.0, 1e-9);
    }
}

TEST(EnginePlugins, Box2DIsTwoDimensional)
{
    REQUIRE_ENGINE("box2d");
    // a ray with a z component is the plugin's error (code 2), not a guess
    const json answer = Eval(
        "box2d", Query("ray_aabb", "float", R"({"type":"ray","origin":[-2,0.5,0.5],"direction":[1,0,0.5]})", kUnitBox));
    EXPECT_EQ(answer["external"]["box2d_raycast"]["status"], "error");
    EXPECT_EQ(answer["external"]["box2d_raycast"]["message"], "the plugin set error code 2");
}

/// The lessons whose queries a plugin has algorithms for; Box2D only the 2D ones.
std::vector<fs::path> LessonsFor(const std::string& engine)
{
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(kLessons)) {
        if (entry.path().extension() != ".json" || entry.path().filename() == "stress.json") {
            continue;
        }
        const SceneLoad load = LoadSceneFile(entry.path().string());
        if (load.Ok() && (engine != "box2d" || load.scene->camera.view2d)) {
            out.push_back(entry.path());
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

TEST(EnginePlugins, EveryLessonOfItsFamiliesRunsWithoutAFailedQuery)
{
    for (const std::string& engine : std::vector<std::string>{"bullet", "fcl", "ode", "box2d", "ccd"}) {
        if (!Built(engine)) {
            continue;
        }
        size_t answered = 0;
        for (const fs::path& lesson : LessonsFor(engine)) {
            SCOPED_TRACE(engine + " on " + lesson.filename().string());
            const Outcome run = Hitlab({"report", lesson.string(), "--plugin", engine, "--json", "--exact"});
            ASSERT_EQ(run.status, 0) << run.err;
            const json report = json::parse(run.out);
            for (const json& q : report["queries"]) {
                if (!q.contains("external")) {
                    continue;
                }
                for (const auto& [name, e] : q["external"].items()) {
                    EXPECT_EQ(e["status"], "answered") << name << ": " << e.dump();
                    ++answered;
                }
            }
        }
        EXPECT_GT(answered, 0u) << engine << " answered no query of the lessons";
    }
}

TEST(EnginePlugins, ALessonNamingAPluginShowsWhatItClaimsWithThePluginGiven)
{
    size_t checked = 0;
    for (const auto& entry : fs::directory_iterator(kLessons)) {
        if (entry.path().extension() != ".json") {
            continue;
        }
        const SceneLoad load = LoadSceneFile(entry.path().string());
        ASSERT_TRUE(load.Ok()) << load.error.what;
        const Scene& scene = *load.scene;
        if (scene.plugins.empty()) {
            continue;
        }
        SCOPED_TRACE(entry.path().filename().string());
        for (const std::string& plugin : scene.plugins) {
            ASSERT_TRUE(Built(plugin)) << "the lesson needs the " << plugin << " plugin";
        }
        // the scene's "plugins" key only names them: the lesson's text says to add them with --plugin
        std::vector<std::string> args{"report", entry.path().string(), "--json", "--exact"};
        for (const std::string& plugin : scene.plugins) {
            args.insert(args.end(), {"--plugin", plugin});
        }
        const Outcome run = Hitlab(args);
        ASSERT_EQ(run.status, 0) << run.err;
        EXPECT_EQ(run.err, "") << "every plugin the lesson names is given";
        const json report = json::parse(run.out);
        for (const LessonExpectation& e : scene.expect) {
            const json* query = nullptr;
            for (const json& q : report["queries"]) {
                const std::string a = q["a"]["name"], b = q["b"]["name"];
                if ((a == e.a && b == e.b) || (a == e.b && b == e.a)) {
                    query = &q;
                }
            }
            ASSERT_NE(query, nullptr) << e.a << " / " << e.b << " is not in the report";
            for (const PluginExpectation& p : e.plugins) {
                SCOPED_TRACE(e.a + " / " + e.b + ": " + p.algorithm);
                ASSERT_TRUE((*query)["results"].contains(p.algorithm)) << query->dump();
                EXPECT_EQ((*query)["external"][p.algorithm]["status"], "answered");
                EXPECT_EQ((*query)["results"][p.algorithm]["hit"], p.hit);
                const json& explain = (*query)["explain"];
                const std::string said =
                    explain.contains(p.algorithm) ? explain[p.algorithm]["explanation"].get<std::string>() : "";
                EXPECT_EQ(said, p.explain);
                ++checked;
            }
        }
    }
    EXPECT_GE(checked, 3u) << "the engine lesson's three claims";
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
