// The window's external programs and plugins without a window (app/gui/model/external_session.h):
// the remembered list, the reload decision, and a session running the example plugins through
// hitlab-plugin-host: their columns and answers in the Results table, removal, hot reload.
#include "app/gui/model/external_session.h"
#include "app/gui/model/hunt_model.h"
#include "app/gui/model/results_model.h"

#include "core/io/scene_file.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

fs::path Dir()
{
    const fs::path dir = fs::temp_directory_path() / ("hitlab_external_session_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir;
}

Scene SlabHit()
{
    SceneLoad load =
        LoadSceneFile((fs::path(HITLAB_TEST_DATA) / ".." / ".." / "assets" / "scenes" / "slab-2d-hit.json").string());
    EXPECT_TRUE(load.Ok()) << load.error.what;
    return load.Ok() ? std::move(*load.scene) : Scene{};
}

SceneEvaluator Evaluated(const Scene& scene)
{
    SceneEvaluator eval;
    eval.Evaluate(scene);
    return eval;
}

std::vector<std::string> Names(const std::vector<const AlgorithmInfo*>& infos)
{
    std::vector<std::string> out;
    for (const AlgorithmInfo* info : infos) {
        out.emplace_back(info->name);
    }
    return out;
}

class ExternalSessionTest : public ::testing::Test {
protected:
    void SetUp() override { setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1); }
};

TEST(ExternalList, RoundTripsAndSkipsWhatItDoesNotKnow)
{
    const std::string file = (Dir() / "external.txt").string();
    const std::vector<ExternalSpec> list{{true, "/a/b/ray.so"}, {false, "python3 x.py --mode 'a b'"}};
    ASSERT_TRUE(SaveExternalList(file, list));
    EXPECT_EQ(LoadExternalList(file), list);
    std::ofstream(file, std::ios::app) << "\nbogus thing\nplugin\nplugin /c.so\n";
    const std::vector<ExternalSpec> read = LoadExternalList(file);
    ASSERT_EQ(read.size(), 3u);
    EXPECT_EQ(read[2], (ExternalSpec{true, "/c.so"}));
    EXPECT_TRUE(LoadExternalList((Dir() / "missing.txt").string()).empty());
}

TEST(ExternalList, SourcesAreNamedByCommandOrFileName)
{
    EXPECT_EQ(ExternalSourceName({true, "/x/y/ray_aabb_slab.so"}), "ray_aabb_slab.so");
    EXPECT_EQ(ExternalSourceName({false, "python3 /x/prog.py"}), "python3 /x/prog.py");
}

TEST(ScenePluginsNotice, ListsTheScenesPluginsTheSessionHasNotLoadedWithoutLoadingThem)
{
    Scene scene = SlabHit();
    scene.plugins = {"plugins/mine.so", "/opt/other.so"};
    ExternalSession session;
    std::vector<ScenePlugin> missing = UnloadedScenePlugins(session, scene, "/lessons/a/scene.json");
    ASSERT_EQ(missing.size(), 2u);
    EXPECT_EQ(missing[0].file, "/lessons/a/plugins/mine.so");
    EXPECT_EQ(missing[1].file, "/opt/other.so");
    EXPECT_TRUE(session.Empty()); // nothing was added, nothing started
    // the Load button adds the file shown: that one is no longer missing; a program is no plugin
    session.Add({true, "/lessons/a/plugins/mine.so"});
    session.Add({false, "/opt/other.so"});
    missing = UnloadedScenePlugins(session, scene, "/lessons/a/scene.json");
    ASSERT_EQ(missing.size(), 1u);
    EXPECT_EQ(missing[0].name, "/opt/other.so");
    scene.plugins.clear();
    EXPECT_TRUE(UnloadedScenePlugins(session, scene, "/lessons/a/scene.json").empty());
}

TEST(ExternalReload, OnlyAChangedFileThatExistsIsReloaded)
{
    FileStamp a;
    a.exists = true;
    a.size = 100;
    FileStamp b = a;
    EXPECT_FALSE(ShouldReload(a, b));
    b.size = 101;
    EXPECT_TRUE(ShouldReload(a, b));
    b = a;
    b.time += std::chrono::seconds(1);
    EXPECT_TRUE(ShouldReload(a, b));
    EXPECT_FALSE(ShouldReload(a, FileStamp{})); // being rewritten: wait until it is back
}

TEST_F(ExternalSessionTest, PluginColumnsAnswersRemovalAndHotReload)
{
    const fs::path plugin = Dir() / "hot.so";
    fs::copy_file(fs::path(HITLAB_PLUGIN_DIR) / "ray_aabb_slab.so", plugin, fs::copy_options::overwrite_existing);
    const Scene scene = SlabHit();
    SceneEvaluator eval;
    eval.Evaluate(scene);
    ASSERT_EQ(eval.Queries().size(), 1u);
    const SceneQuery query = eval.Queries()[0].query;

    ExternalSession session;
    ASSERT_TRUE(session.Add({true, plugin.string()}));
    EXPECT_FALSE(session.Add({true, plugin.string()})); // listed once
    session.Update(scene, eval, 0.0, true);
    ASSERT_EQ(session.Sources().size(), 1u);
    EXPECT_EQ(session.Sources()[0].name, "hot.so");
    EXPECT_EQ(session.Sources()[0].status, "running") << session.Sources()[0].error;
    EXPECT_EQ(Names(session.Columns(Family::RayAabb)), (std::vector<std::string>{"slab_c", "slab_c_outside"}));
    ASSERT_EQ(session.Outcomes(query).size(), 2u);
    EXPECT_EQ(session.Outcomes(query)[0].status, ExternalStatus::Answered);
    EXPECT_TRUE(session.Outcomes(query)[0].result.hit);
    EXPECT_EQ(session.Outcomes(query)[0].result.tEnter, 1.0); // the ray (2, 1) t enters [1, 3]^2 at t = 1

    // the Results table: the built-in columns, then the plugin's, its cells like theirs
    const std::vector<ResultsTable> tables = BuildResultsTables(scene, eval, false, false, &session);
    ASSERT_EQ(tables.size(), 1u);
    EXPECT_EQ(tables[0].builtinColumns, 8u);
    ASSERT_EQ(tables[0].columns.size(), 10u);
    EXPECT_EQ(tables[0].columns[8]->name, "slab_c");
    ASSERT_EQ(tables[0].rows.size(), 1u);
    EXPECT_EQ(tables[0].rows[0].cells[8].text, "hit  t 1");
    EXPECT_TRUE(tables[0].rows[0].cells[8].external);
    EXPECT_FALSE(tables[0].rows[0].cells[0].external);
    EXPECT_EQ(tables[0].rows[0].symbol, "!"); // slab_listing's known flaw only (gjk_raycast, the 8th built-in, agrees)
    EXPECT_EQ(tables[0].disagreements, 1);

    // rebuilt (a new file renamed over it, as a linker does): reloaded at the next poll only
    const fs::path next = Dir() / "hot.so.new";
    fs::copy_file(fs::path(HITLAB_PLUGIN_DIR) / "misbehave.so", next, fs::copy_options::overwrite_existing);
    fs::rename(next, plugin);
    session.Update(scene, eval, 0.2, true);
    EXPECT_EQ(session.HotReloads(), 0);
    EXPECT_EQ(Names(session.Columns(Family::RayAabb)), (std::vector<std::string>{"slab_c", "slab_c_outside"}));
    session.Update(scene, eval, 0.6, true);
    EXPECT_EQ(session.HotReloads(), 1);
    EXPECT_EQ(Names(session.Columns(Family::RayAabb)), (std::vector<std::string>{"misbehave_c"}));
    ASSERT_EQ(session.Outcomes(query).size(), 1u);
    EXPECT_FALSE(session.Outcomes(query)[0].result.hit); // misbehave_c: "miss" away from x = 13
    session.Update(scene, eval, 1.2, true);
    EXPECT_EQ(session.HotReloads(), 1); // unchanged since: not reloaded again

    session.Remove({true, plugin.string()});
    session.Update(scene, eval, 1.3, true);
    EXPECT_TRUE(session.Sources().empty());
    EXPECT_TRUE(session.Columns(Family::RayAabb).empty());
    EXPECT_TRUE(session.Outcomes(query).empty());
}

TEST_F(ExternalSessionTest, RememberedListIsReadByTheNextSession)
{
    const std::string file = (Dir() / "remembered.txt").string();
    fs::remove(file);
    const ExternalSpec plugin{true, std::string(HITLAB_PLUGIN_DIR) + "/ray_aabb_slab.so"};
    {
        ExternalSession session;
        session.SetListFile(file);
        session.Add(plugin, true);
        session.Add({false, "true"}); // not remembered
    }
    EXPECT_EQ(LoadExternalList(file), std::vector<ExternalSpec>{plugin});
    ExternalSession next;
    next.SetListFile(file);
    EXPECT_EQ(next.Specs(), std::vector<ExternalSpec>{plugin});
    next.Remove(plugin);
    EXPECT_TRUE(LoadExternalList(file).empty());
}

TEST_F(ExternalSessionTest, ANameDeclaredTwiceFailsTheSecondSource)
{
    const fs::path copy = Dir() / "twice.so";
    fs::copy_file(fs::path(HITLAB_PLUGIN_DIR) / "ray_aabb_slab.so", copy, fs::copy_options::overwrite_existing);
    const Scene scene = SlabHit();
    SceneEvaluator eval;
    eval.Evaluate(scene);
    ExternalSession session;
    session.Add({true, std::string(HITLAB_PLUGIN_DIR) + "/ray_aabb_slab.so"});
    session.Add({true, copy.string()});
    session.Update(scene, eval, 0.0, true);
    ASSERT_EQ(session.Sources().size(), 2u);
    EXPECT_EQ(session.Sources()[0].status, "running");
    EXPECT_EQ(session.Sources()[1].status, "failed");
    EXPECT_EQ(session.Sources()[1].error, "declares slab_c, which ray_aabb_slab.so declares already");
    EXPECT_EQ(session.Columns(Family::RayAabb).size(), 2u);
}

TEST_F(ExternalSessionTest, TracesTheFocusedQueryWithThePluginsTracedFunctions)
{
    const Scene scene = SlabHit();
    const SceneEvaluator eval = Evaluated(scene);
    const SceneQuery query = eval.Queries()[0].query;
    ExternalSession session;
    ASSERT_TRUE(session.Add({true, std::string(HITLAB_PLUGIN_DIR) + "/ray_aabb_slab.so"}));
    session.Update(scene, eval, 0.0, true);
    EXPECT_TRUE(session.Traces(query).empty()); // none asked yet
    const std::uint64_t generation = session.Generation();
    session.TraceQuery(query, Precision::Double);
    session.Update(scene, eval, 0.0, true);
    EXPECT_EQ(session.Generation(), generation); // only the traces were asked: the answers stand
    ASSERT_EQ(session.Outcomes(query).size(), 2u);
    // slab_c has a traced function, slab_c_outside none: the ray (2, 1) t from the origin into
    // [1, 3]^2: the x slab gives t in [0.5, 1.5], the y slab t in [1, 3]
    const std::span<const ExternalTraceView> traces = session.Traces(query);
    ASSERT_EQ(traces.size(), 1u);
    EXPECT_EQ(traces[0].info->name, "slab_c");
    ASSERT_TRUE(traces[0].answer.Ok()) << traces[0].answer.message;
    const ExternalResult& r = traces[0].answer.results[0];
    ASSERT_EQ(r.trace.size(), 3u);
    EXPECT_EQ(r.trace[0].caption, "x slab");
    ASSERT_GE(r.trace[0].values.size(), 2u);
    EXPECT_EQ(r.trace[0].values[0], (std::pair<std::string, std::optional<double>>{"t_near", 0.5}));
    EXPECT_EQ(r.trace[0].values[1], (std::pair<std::string, std::optional<double>>{"t_far", 1.5}));
    EXPECT_EQ(r.trace[1].caption, "y slab");
    EXPECT_EQ(r.trace[1].values[0], (std::pair<std::string, std::optional<double>>{"t_near", 1}));
    EXPECT_EQ(r.verdict, "Hit: the slabs' t intervals meet.");
    // another query is not this one's traces
    EXPECT_TRUE(session.Traces(SceneQuery{query.family, query.a, query.b + 100}).empty());
    session.TraceQuery(std::nullopt, Precision::Double);
    session.Update(scene, eval, 0.0, true);
    EXPECT_TRUE(session.Traces(query).empty());
}

TEST_F(ExternalSessionTest, TracesTheFocusedQueryWithTheStepsAProgramSends)
{
    const Scene scene = SlabHit();
    const SceneEvaluator eval = Evaluated(scene);
    const SceneQuery query = eval.Queries()[0].query;
    ExternalSession session;
    const std::string python = std::string("python3 '") + HITLAB_EXAMPLES + "/ray_aabb_python.py'";
    ASSERT_TRUE(session.Add({false, python}));
    session.TraceQuery(query, Precision::Float);
    session.Update(scene, eval, 0.0, true);
    // the lesson's ray (2, 1, 0) from the origin into [1, 3]^2 x [-0.5, 0.5]: by hand the x slab
    // gives t in [0.5, 1.5], the y slab [1, 3], the z slab is parallel with the origin inside (null)
    const std::span<const ExternalTraceView> traces = session.Traces(query);
    ASSERT_EQ(traces.size(), 1u);
    EXPECT_EQ(traces[0].info->name, "slab_python");
    ASSERT_TRUE(traces[0].answer.Ok()) << traces[0].answer.message;
    const ExternalResult& r = traces[0].answer.results[0];
    using Value = std::pair<std::string, std::optional<double>>;
    ASSERT_EQ(r.trace.size(), 3u);
    EXPECT_EQ(r.trace[0].caption, "x slab");
    EXPECT_EQ(r.trace[0].values,
              (std::vector<Value>{{"t_near", 0.5}, {"t_far", 1.5}, {"t_enter", 0.5}, {"t_exit", 1.5}}));
    EXPECT_EQ(r.trace[1].caption, "y slab");
    EXPECT_EQ(r.trace[1].values, (std::vector<Value>{{"t_near", 1}, {"t_far", 3}, {"t_enter", 1}, {"t_exit", 1.5}}));
    EXPECT_EQ(r.trace[2].caption, "z slab");
    EXPECT_EQ(r.trace[2].values,
              (std::vector<Value>{{"t_near", std::nullopt}, {"t_far", std::nullopt}, {"t_enter", 1}, {"t_exit", 1.5}}));
    EXPECT_EQ(r.verdict, "Hit: the slabs' t intervals meet.");
    EXPECT_EQ(r.result.tEnter, 1.0);
}

// The Hunt panel's session with a plugin's algorithm: the hunt runs it through ExternalHunt on a
// worker thread, counterexamples and failures as the command's.
TEST(HuntPanelExternal, HuntsThePluginsAlgorithmAgainstTheExactJudge)
{
    setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
    HuntOptions o;
    o.family = Family::RayAabb;
    o.a = "slab_c_outside";
    o.precision = Precision::Double;
    o.maxCases = 2000;
    o.maxSeconds = 0;
    o.maxCounterexamples = 1;
    o.threads = 1;
    HuntSession session;
    ASSERT_EQ(session.Start(o, HuntSource{std::string(HITLAB_PLUGIN_DIR) + "/ray_aabb_slab.so", ""}), IoError{});
    EXPECT_TRUE(session.External());
    ASSERT_TRUE(session.Poll(true));
    ASSERT_TRUE(session.Report());
    const HuntReport& report = *session.Report();
    EXPECT_EQ(report.error, IoError{});
    EXPECT_EQ(report.method, "plugin");
    // the groups of `hitlab hunt --plugin --max 3` (cli_plugin_test): slab_c_outside's declared
    // convention. The first batch of 64 is judged whole (no other begins after the first group):
    // its 47 origins in the closed box in 20 groups, the most cases first
    EXPECT_EQ(report.progress.cases, 64u);
    EXPECT_EQ(report.progress.notJudged, 0u);
    EXPECT_EQ(report.progress.disagreements, 47u);
    ASSERT_EQ(report.counterexamples.size(), 20u);
    std::uint64_t sum = 0;
    for (const Counterexample& c : report.counterexamples) {
        EXPECT_EQ(c.cause, "misses where exact hits");
        EXPECT_FALSE(c.a.hit) << c.text;
        EXPECT_TRUE(c.exact.hit) << c.text;
        sum += c.count;
    }
    EXPECT_EQ(sum, 47u);
    // the origin on the box's corner (y's extent is 0), leaving at once along -x: t = 0
    EXPECT_EQ(report.counterexamples[0].count, 4u);
    EXPECT_EQ(report.counterexamples[0].distribution, "origin inside, axis-parallel (+-0)");
    EXPECT_EQ(report.counterexamples[0].text, "origin [0, 0, 0], direction [-1, 0, 0], box [0, 1] x [0, 0] x [-1, 0]");
    EXPECT_EQ(session.Failures(), std::vector<std::string>(20, ""));
}

TEST(HuntPanelExternal, UlpsCountValueDisagreementsOfAPluginsAlgorithm)
{
    // the panel's choices as it offers them for an external a: ulps included
    setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
    HuntChoices c;
    c.a = "slab_c";
    c.precision = Precision::Float;
    c.valueUlps = 0.25;
    c.maxCases = 2000;
    c.maxSeconds = 0;
    c.maxCounterexamples = 1;
    c.threads = 1;
    c.source.plugin = std::string(HITLAB_PLUGIN_DIR) + "/ray_aabb_slab.so";
    const Scene scene = SlabHit();
    ASSERT_EQ(ValidateHuntChoices(c, scene, std::nullopt), IoError{});
    const HuntOptions o = MakeHuntOptions(c, scene, std::nullopt);
    EXPECT_EQ(o.valueUlps, 0.25);
    HuntSession session;
    ASSERT_EQ(session.Start(o, c.source), IoError{});
    ASSERT_TRUE(session.Poll(true));
    ASSERT_TRUE(session.Report());
    // slab_c is the slab reference bit for bit: both hit, but t_exit rounds to float beyond 0.25
    // ulps. The first batch (64) has none, the second (128, judged whole) has 3, one per group;
    // `hitlab hunt --a slab --ulps 0.25` finds the same on these draws (cli_plugin_test's peer):
    // 0.75 / 1.25 = 3/5 is the float 0.6000000238418579; 0.4375 / 1.5 = 7/24 and 2.5 / 0.59375 =
    // 80/19 round likewise
    const HuntReport& report = *session.Report();
    EXPECT_EQ(report.progress.cases, 192u);
    EXPECT_EQ(report.progress.disagreements, 3u);
    ASSERT_EQ(report.counterexamples.size(), 3u);
    EXPECT_EQ(report.counterexamples[0].text,
              "origin [0, 0, 0], direction [1.25, 0, 0], box [0, 0.75] x [0, 1] x [0, 1]");
    EXPECT_TRUE(report.counterexamples[0].a.hit);
    EXPECT_EQ(report.counterexamples[0].a.tExit, double(0.6f));
    EXPECT_TRUE(report.counterexamples[0].exact.hit);
    EXPECT_EQ(report.counterexamples[1].text,
              "origin [0, 0.0625, 0], direction [0, -1.5, 0], box [0, 0] x [-0.375, 0] x [-0.5, 0]");
    EXPECT_EQ(report.counterexamples[1].a.tExit, double(7.0f / 24.0f));
    EXPECT_EQ(report.counterexamples[2].text,
              "origin [0, 0, 1.5], direction [0, 0, -0.59375], box [-1, 0] x [-1, 0] x [-1, -0.5]");
    EXPECT_EQ(report.counterexamples[2].a.tExit, double(2.5f / 0.59375f));
    for (const Counterexample& group : report.counterexamples) {
        EXPECT_EQ(group.cause, "values differ: t_exit") << group.text;
        EXPECT_EQ(group.count, 1u) << group.text;
    }
}

TEST(HuntPanelExternal, APluginCrashIsACounterexampleWithItsFailure)
{
    setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
    // a sanitizer build of the host: let a SIGSEGV be a SIGSEGV (not AddressSanitizer's abort)
    setenv("ASAN_OPTIONS", "handle_segv=0:detect_leaks=1", 1);
    HuntOptions o;
    o.family = Family::RayAabb;
    o.a = "misbehave_c";
    o.precision = Precision::Double;
    o.maxCases = 300;
    o.maxSeconds = 0;
    o.maxCounterexamples = 0;
    o.threads = 1;
    // around a ray from x = 13 (misbehave.so's SIGSEGV)
    o.around = Query{Family::RayAabb, Ray<double>{{13, 0.5, 0.5}, {-1, 0, 0}}, Aabb<double>{{10, 0, 0}, {12, 1, 1}}};
    HuntSession session;
    ASSERT_EQ(session.Start(o, HuntSource{std::string(HITLAB_PLUGIN_DIR) + "/misbehave.so", ""}), IoError{});
    ASSERT_TRUE(session.Poll(true));
    const HuntReport& report = *session.Report();
    ASSERT_EQ(session.Failures().size(), report.counterexamples.size());
    bool crash = false;
    for (std::size_t i = 0; i < report.counterexamples.size(); ++i) {
        // the crashes' group (its simplest case: the plugin crashes on every ray from x = 13)
        if (report.counterexamples[i].cause == "failed: crashed") {
            EXPECT_EQ(report.counterexamples[i].text, "origin [13, 0, 0], direction [0, 0, 1], box [0, 1]^3");
            crash = true;
            EXPECT_EQ(session.Failures()[i], "crashed: killed by signal 11 (Segmentation fault)");
        }
    }
    EXPECT_TRUE(crash);
    EXPECT_EQ(report.progress.cases, 300u);
}

TEST(HuntPanelExternal, CasesNotAnsweredByTheTimeLimitAreNotJudgedAndTheReportSaysSo)
{
    setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
    setenv("ASAN_OPTIONS", "handle_segv=0:detect_leaks=1", 1);
    HuntOptions o;
    o.family = Family::RayAabb;
    o.a = "misbehave_c";
    o.precision = Precision::Double;
    o.maxCases = 0;
    o.maxSeconds = 2;
    o.maxCounterexamples = 0;
    o.threads = 1;
    // around a ray from x = 15, on which misbehave.so loops forever: each hang costs two 1 s
    // timeouts, so the first batch of 64 is cut at 2 + 1 s with most of its cases unanswered
    o.around = Query{Family::RayAabb, Ray<double>{{15, 0.5, 0.5}, {-1, 0, 0}}, Aabb<double>{{10, 0, 0}, {12, 1, 1}}};
    HuntSession session;
    const auto start = std::chrono::steady_clock::now();
    ASSERT_EQ(session.Start(o, HuntSource{std::string(HITLAB_PLUGIN_DIR) + "/misbehave.so", ""},
                            std::chrono::milliseconds(1000)),
              IoError{});
    ASSERT_TRUE(session.Poll(true));
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2 + 1 + 3));
    const HuntReport& report = *session.Report();
    EXPECT_EQ(report.progress.cases, 64u);
    EXPECT_GT(report.progress.notJudged, 0u);
    EXPECT_LT(report.progress.notJudged, 64u);
    const std::string why = "the plugin had not answered them by the time limit plus one answer timeout";
    EXPECT_EQ(report.notJudgedWhy, why);
    EXPECT_NE(std::find(session.Failures().begin(), session.Failures().end(), "timed out: no answer within 1 s"),
              session.Failures().end());
    EXPECT_EQ(HuntOutcomeText(report),
              std::to_string(report.progress.notJudged) + " of 64 cases not judged (" + why + ").");
    const nlohmann::json json = HuntReportJson(report);
    EXPECT_EQ(json["status"], "found");
    EXPECT_EQ(json["not_judged"], report.progress.notJudged);
    EXPECT_EQ(json["judged"], 64 - report.progress.notJudged);
}

TEST(HuntPanelExternal, CancelCutsTheBatchInFlightAndItsCasesAreNotJudged)
{
    setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
    setenv("ASAN_OPTIONS", "handle_segv=0:detect_leaks=1", 1);
    HuntOptions o;
    o.family = Family::RayAabb;
    o.a = "misbehave_c";
    o.precision = Precision::Double;
    o.maxCases = 0;
    o.maxSeconds = 0; // no limit: only Cancel ends it
    o.maxCounterexamples = 0;
    o.threads = 1;
    // around a ray from x = 15: the first batch hangs, with a 10 s timeout
    o.around = Query{Family::RayAabb, Ray<double>{{15, 0.5, 0.5}, {-1, 0, 0}}, Aabb<double>{{10, 0, 0}, {12, 1, 1}}};
    HuntSession session;
    ASSERT_EQ(session.Start(o, HuntSource{std::string(HITLAB_PLUGIN_DIR) + "/misbehave.so", ""},
                            std::chrono::milliseconds(10000)),
              IoError{});
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    const auto cancelled = std::chrono::steady_clock::now();
    session.Cancel();
    ASSERT_TRUE(session.Poll(true));
    EXPECT_LT(std::chrono::steady_clock::now() - cancelled, std::chrono::seconds(2)); // not the 10 s timeout
    const HuntReport& report = *session.Report();
    EXPECT_TRUE(report.cancelled);
    EXPECT_EQ(report.progress.cases, 64u);
    EXPECT_GT(report.progress.notJudged, 0u);
    EXPECT_EQ(report.notJudgedWhy, "the hunt was cancelled before the plugin answered them");
    EXPECT_NE(HuntOutcomeText(report).find(" of 64 cases not judged (the hunt was cancelled before the plugin "
                                           "answered them)."),
              std::string::npos)
        << HuntOutcomeText(report);
}

TEST(HuntPanelExternal, ARefusedSourceIsTheReportsError)
{
    setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
    HuntOptions o;
    o.a = "nope";
    HuntSession session;
    ASSERT_EQ(session.Start(o, HuntSource{std::string(HITLAB_PLUGIN_DIR) + "/ray_aabb_slab.so", ""}), IoError{});
    ASSERT_TRUE(session.Poll(true));
    EXPECT_EQ(session.Report()->error.where, "a");
    EXPECT_EQ(session.Report()->error.what, "plugin '" + std::string(HITLAB_PLUGIN_DIR) +
                                                "/ray_aabb_slab.so' has no ray_aabb algorithm \"nope\" (it has: "
                                                "slab_c, slab_c_outside)");
    EXPECT_TRUE(session.Report()->counterexamples.empty());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
