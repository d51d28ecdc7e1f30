// Tests of the lesson library (assets/scenes/*.json): the course (course.txt) lists every lesson,
// every example loads without warnings, round-trips (load -> save -> load gives the same scene),
// says what to look at and asks a question, and the instructive ones show the disagreement their
// description promises: which algorithm, which verdicts, which explanation.
#include "core/exact/exact.h"
#include "core/io/scene_file.h"
#include "core/scene_eval.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

const fs::path kScenes = fs::path(HITLAB_TEST_DATA) / ".." / ".." / "assets" / "scenes";

std::vector<fs::path> Examples()
{
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(kScenes)) {
        if (entry.path().extension() == ".json") {
            out.push_back(entry.path());
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

Scene Load(const std::string& name)
{
    const SceneLoad load = LoadSceneFile((kScenes / name).string());
    EXPECT_TRUE(load.Ok()) << load.error;
    return load.Ok() ? *load.scene : Scene{};
}

ShapeId IdOf(const Scene& scene, const std::string& name)
{
    for (const SceneShape& s : scene.Shapes()) {
        if (s.name == name) {
            return s.id;
        }
    }
    ADD_FAILURE() << "no shape named " << name;
    return 0;
}

const AlgorithmOutcome* OutcomeOf(const Comparison& c, std::string_view algorithm)
{
    for (const AlgorithmOutcome& o : c.outcomes) {
        if (o.info->name == algorithm) {
            return &o;
        }
    }
    return nullptr;
}

/// The lesson files of the course, in order, read from assets/scenes/course.txt here (the app's
/// LoadCourse is tested against it in panels_model_test): one file name a line, '#' comments.
std::vector<std::string> CourseFiles()
{
    std::ifstream in(kScenes / "course.txt");
    EXPECT_TRUE(in.good()) << "assets/scenes/course.txt";
    std::vector<std::string> out;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line[0] != '#') {
            out.push_back(line);
        }
    }
    return out;
}

TEST(Lessons, TheCourseListsEveryLessonFileOnceAndTheLibraryHasEveryPlannedLesson)
{
    const std::vector<std::string> course = CourseFiles();
    ASSERT_GE(course.size(), 24u); // point containment, the slab method, ray/sphere, boxes, an engine
    std::set<std::string> listed(course.begin(), course.end());
    EXPECT_EQ(listed.size(), course.size()) << "a lesson is listed twice";
    std::set<std::string> files;
    for (const fs::path& path : Examples()) {
        if (path.filename() != "stress.json") {
            files.insert(path.filename().string());
        }
    }
    EXPECT_EQ(listed, files) << "every lesson file (all but stress.json) is in the course";
    const std::vector<std::string> planned = {
        "slab-2d-miss.json",           "slab-2d-hit.json",          "ray-along-face.json",
        "ray-through-edge.json",       "ray-through-corner.json",   "ray-from-inside.json",
        "box-behind-ray.json",         "segment-ends-on-face.json", "ray-sphere-precision.json",
        "aabb-overlap.json",           "aabb-touching.json",        "aabb-containment.json",
        "sphere-near-box-corner.json", "obb-plus-sign.json",        "obb-edge-edge.json",
        "ray-fan-box-edge.json",       "slab-parallel-ray.json",    "segment-short-recast.json",
        "ray-obb-near-parallel.json",  "ray-sphere-basics.json",    "sphere-sphere-overlap.json",
        "obb-crossed-edges.json"};
    for (const std::string& name : planned) {
        EXPECT_EQ(listed.count(name), 1u) << name;
    }
    EXPECT_TRUE(fs::exists(kScenes / "stress.json"));
}

TEST(Lessons, EveryExampleLoadsWithoutWarningsAndHasATitleAndADescription)
{
    const auto examples = Examples();
    ASSERT_EQ(examples.size(), CourseFiles().size() + 1) << "the course's lessons and stress.json";
    for (const fs::path& path : examples) {
        SCOPED_TRACE(path.filename().string());
        const SceneLoad load = LoadSceneFile(path.string());
        ASSERT_TRUE(load.Ok()) << load.error;
        EXPECT_TRUE(load.warnings.empty()) << load.warnings.front();
        EXPECT_FALSE(load.scene->title.empty());
        EXPECT_GT(load.scene->description.size(), 100u);
        EXPECT_FALSE(load.scene->Queries().empty());
    }
}

TEST(Lessons, EveryLessonSaysWhatToLookAtAndAsksTheStudentAQuestion)
{
    for (const std::string& name : CourseFiles()) {
        SCOPED_TRACE(name);
        const Scene scene = Load(name);
        EXPECT_GT(scene.look.size(), 40u);
        EXPECT_EQ(scene.look.find("What to look at"), std::string::npos) << "the box gives the heading";
        EXPECT_EQ(scene.description.find("What to look at"), std::string::npos) << "in `look`, not the description";
        EXPECT_GT(scene.question.size(), 40u);
        EXPECT_TRUE(scene.question.ends_with("?")) << scene.question;
    }
}

TEST(Lessons, EveryExampleRoundTripsThroughTextAndThroughAFile)
{
    const fs::path dir = fs::temp_directory_path() / ("hitlab_lessons_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    for (const fs::path& path : Examples()) {
        SCOPED_TRACE(path.filename().string());
        const SceneLoad first = LoadSceneFile(path.string());
        ASSERT_TRUE(first.Ok()) << first.error;
        // through text
        const SceneLoad text = ParseScene(SceneToJson(*first.scene).dump(2), "<text>");
        ASSERT_TRUE(text.Ok()) << text.error;
        EXPECT_TRUE(SameScene(*first.scene, *text.scene));
        EXPECT_TRUE(text.warnings.empty());
        // through a file, saved atomically, and saved again: the same bytes
        const std::string saved = (dir / path.filename()).string();
        ASSERT_EQ(ErrorText(SaveSceneFile(*first.scene, saved)), "");
        const SceneLoad second = LoadSceneFile(saved);
        ASSERT_TRUE(second.Ok()) << second.error;
        EXPECT_TRUE(SameScene(*first.scene, *second.scene));
        std::ifstream a(saved);
        std::stringstream bytes;
        bytes << a.rdbuf();
        EXPECT_EQ(SceneToJson(*second.scene).dump(2) + "\n", bytes.str());
    }
    fs::remove_all(dir);
}

TEST(Lessons, NegativeZeroDirectionSurvivesTheRoundTrip)
{
    const Scene scene = Load("ray-along-face.json");
    const SceneLoad again = ParseScene(SceneToJson(scene).dump(), "<text>");
    ASSERT_TRUE(again.Ok());
    const auto& ray = std::get<Ray<double>>(again.scene->Find(IdOf(scene, "ray along the face, -0"))->shape);
    EXPECT_TRUE(std::signbit(ray.direction.y));
    const auto& plus = std::get<Ray<double>>(again.scene->Find(IdOf(scene, "ray along the face"))->shape);
    EXPECT_FALSE(std::signbit(plus.direction.y));
}

/// One disagreement (or agreement) a lesson promises.
struct Expectation {
    const char* file;
    const char* a; ///< shape names of the pair (either order)
    const char* b;
    const char* algorithm;
    bool referenceHit;
    bool algorithmHit;
    Explanation explanation;
};

class LessonShows : public testing::TestWithParam<Expectation> {};

TEST_P(LessonShows, TheVerdictsAndTheExplanationItDescribes)
{
    const Expectation& e = GetParam();
    const Scene scene = Load(e.file);
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    const QueryEvaluation* qe = evaluation.Find(IdOf(scene, e.a), IdOf(scene, e.b));
    ASSERT_NE(qe, nullptr) << "the pair is not a query of the scene";
    EXPECT_EQ(qe->Reference().hit, e.referenceHit);
    const Comparison comparison = evaluation.ComparisonOf(*qe);
    const AlgorithmOutcome* outcome = OutcomeOf(comparison, e.algorithm);
    ASSERT_NE(outcome, nullptr) << e.algorithm << " does not run in this scene";
    EXPECT_EQ(outcome->result.hit, e.algorithmHit);
    EXPECT_EQ(outcome->explanation, e.explanation) << ExplanationName(outcome->explanation) << ": " << outcome->reason;
    // a difference makes the query disagree (other algorithms of the query may differ as well)
    if (e.referenceHit != e.algorithmHit || e.explanation != Explanation::None) {
        EXPECT_FALSE(qe->comparison.agree);
    }
}

TEST(LessonValues, RayFromInsideNamesTheValuesThatDiffer)
{
    const Scene scene = Load("ray-from-inside.json");
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    const QueryEvaluation* box = evaluation.Find(IdOf(scene, "ray from the centre"), IdOf(scene, "box"));
    ASSERT_NE(box, nullptr);
    EXPECT_EQ(box->Reference().tEnter, 0.0);
    EXPECT_EQ(box->Reference().tExit, 0.78125);
    const Comparison boxComparison = evaluation.ComparisonOf(*box);
    const AlgorithmOutcome* signs = OutcomeOf(boxComparison, "slab_signs");
    ASSERT_NE(signs, nullptr);
    EXPECT_EQ(signs->result.tEnter, -0.78125);
    EXPECT_EQ(signs->differs, kFieldTEnter | kFieldPoint);
    EXPECT_NE(signs->reason.find("t_range: t > 0"), std::string::npos) << signs->reason;
    EXPECT_EQ(OutcomeOf(boxComparison, "slab_branchless")->differs, 0u); // clamps t_enter to 0 like the reference
    const QueryEvaluation* sphere = evaluation.Find(IdOf(scene, "ray from the centre"), IdOf(scene, "sphere"));
    ASSERT_NE(sphere, nullptr);
    const Comparison sphereComparison = evaluation.ComparisonOf(*sphere);
    const AlgorithmOutcome* glm = OutcomeOf(sphereComparison, "glm");
    ASSERT_NE(glm, nullptr);
    EXPECT_EQ(glm->result.tEnter, 0.75); // the exit, the first surface point ahead of the origin
    EXPECT_EQ(glm->differs, kFieldTEnter | kFieldPoint | kFieldNormal);
}

const Expectation kExpectations[] = {
    {"slab-2d-miss.json", "ray", "box", "slab", false, false, Explanation::None},
    {"slab-2d-hit.json", "ray", "box", "slab_listing", true, false, Explanation::KnownFlaw},
    {"ray-along-face.json", "ray along the face", "box", "face_planes", true, false, Explanation::Convention},
    {"ray-along-face.json", "ray along the face", "box", "slab_listing", true, false, Explanation::KnownFlaw},
    {"ray-along-face.json", "ray along the face, -0", "box", "slab_robust", true, false, Explanation::KnownFlaw},
    {"ray-through-edge.json", "ray entering through the edge", "box", "face_planes", true, false,
     Explanation::KnownFlaw},
    {"ray-through-edge.json", "ray grazing the edge", "box", "face_planes", true, false, Explanation::Convention},
    {"ray-through-corner.json", "ray entering through the corner", "box", "face_planes", true, false,
     Explanation::KnownFlaw},
    {"ray-through-corner.json", "ray grazing the corner", "box", "face_planes", true, false, Explanation::Convention},
    {"ray-from-inside.json", "ray from the centre", "box", "six_faces", true, false, Explanation::Convention},
    {"ray-from-inside.json", "ray from the centre", "sphere", "geometric", true, false, Explanation::Convention},
    // same verdict, other values: the entry behind the origin (slab_signs), the exit ahead of it (glm)
    {"ray-from-inside.json", "ray from the centre", "box", "slab_signs", true, true, Explanation::Convention},
    {"ray-from-inside.json", "ray from the centre", "sphere", "glm", true, true, Explanation::Convention},
    {"box-behind-ray.json", "ray pointing away", "box", "slab_listing", false, true, Explanation::Convention},
    {"segment-ends-on-face.json", "segment ending on the face", "box", "segment_sat", true, true, Explanation::None},
    {"segment-ends-on-face.json", "segment stopping short", "box", "segment_sat", false, false, Explanation::None},
    {"segment-ends-on-face.json", "segment passing near the edge", "box", "segment_sat", false, true,
     Explanation::Convention},
    {"ray-sphere-precision.json", "tangent ray", "unit sphere", "quadratic", true, true, Explanation::None},
    {"ray-sphere-precision.json", "far ray", "far-away small sphere", "quadratic", false, true, Explanation::Rounding},
    {"aabb-touching.json", "a", "b (face contact)", "center_extent", true, false, Explanation::Convention},
    {"aabb-touching.json", "a", "c (corner contact)", "center_extent", true, false, Explanation::Convention},
    {"sphere-near-box-corner.json", "sphere near the corner", "box", "expanded_box", false, true,
     Explanation::KnownFlaw},
    {"sphere-near-box-corner.json", "sphere near the edge", "box", "expanded_box", false, true, Explanation::KnownFlaw},
    {"obb-plus-sign.json", "a (thin bar)", "b (flat bar)", "vertex_edge", true, false, Explanation::KnownFlaw},
    {"obb-edge-edge.json", "a", "b", "vertex_edge", false, false, Explanation::None},
    {"obb-edge-edge.json", "a", "b", "sat_faces", false, true, Explanation::KnownFlaw},
    {"obb-crossed-edges.json", "a (turned about z)", "b (turned about y)", "sat_faces", false, true,
     Explanation::KnownFlaw},
    {"obb-plus-sign.json", "a (thin bar)", "b (flat bar)", "sat_faces", true, true, Explanation::None},
    {"segment-short-recast.json", "short segment through the top face", "box", "segment_recast", true, false,
     Explanation::KnownFlaw},
    {"segment-short-recast.json", "segment dipping into the top face", "box", "segment_recast", true, false,
     Explanation::KnownFlaw},
    {"segment-short-recast.json", "segment rising above the top face", "box", "segment_recast", false, true,
     Explanation::KnownFlaw},
    {"segment-ends-on-face.json", "segment ending on the face", "box", "segment_recast", true, true, Explanation::None},
    {"slab-parallel-ray.json", "ray through the box", "box", "slab_listing", true, false, Explanation::KnownFlaw},
    {"ray-obb-near-parallel.json", "ray skimming into the long face", "box", "obb_slab", true, false,
     Explanation::KnownFlaw},
    {"point-in-box.json", "on the face", "box", "open_box", true, false, Explanation::Convention},
    {"point-in-box.json", "just outside", "box", "open_box", false, false, Explanation::None},
};

INSTANTIATE_TEST_SUITE_P(Library, LessonShows, testing::ValuesIn(kExpectations),
                         [](const testing::TestParamInfo<Expectation>& param) {
                             std::string name = std::string(param.param.file) + "_" + param.param.algorithm + "_" +
                                                std::to_string(param.index);
                             for (char& c : name) {
                                 c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                             }
                             return name;
                         });

/// Whether a lesson's number (short, as the text gives it) is the computed value.
bool SameNumber(double claimed, double computed)
{
    return std::abs(claimed - computed) <= 1e-6 * std::max(1.0, std::abs(computed));
}

TEST(LessonClaims, EveryLessonStatesItsOutcomesAndTheReportGivesThem)
{
    // every lesson but the performance scene states, per query, who hits and misses, the
    // reference's t or depth, and why each differing algorithm differs; evaluated as `hitlab
    // report --exact` evaluates (the scene's evaluation, then the exact judge and the explanation)
    for (const fs::path& path : Examples()) {
        if (path.filename() == "stress.json") {
            continue;
        }
        SCOPED_TRACE(path.filename().string());
        const Scene scene = Load(path.filename().string());
        ASSERT_FALSE(scene.expect.empty()) << "the lesson states no expected outcomes (\"expect\")";
        SceneEvaluator evaluation;
        evaluation.Evaluate(scene);
        size_t reported = 0;
        for (const QueryEvaluation& qe : evaluation.Queries()) {
            reported += evaluation.ComparisonOf(qe).outcomes.empty() ? 0 : 1;
        }
        EXPECT_EQ(scene.expect.size(), reported) << "every query the report shows has an expectation";
        for (const LessonExpectation& e : scene.expect) {
            SCOPED_TRACE(e.a + " / " + e.b);
            const QueryEvaluation* qe = evaluation.Find(IdOf(scene, e.a), IdOf(scene, e.b));
            ASSERT_NE(qe, nullptr) << "the pair is not a query of the scene";
            const Query query = scene.MakeQuery(qe->query);
            Comparison c = evaluation.ComparisonOf(*qe);
            const std::optional<ExactValues> exact = JudgeForComparison(query, scene.Settings(query.family).precision);
            Explain(query, scene.Settings(query.family).precision, c, exact ? &*exact : nullptr);
            std::vector<std::string> hit, miss;
            for (const AlgorithmOutcome& o : c.outcomes) {
                (o.result.hit ? hit : miss).push_back(std::string(o.info->name));
                const auto claimed = std::find_if(e.explain.begin(), e.explain.end(),
                                                  [&](const auto& x) { return x.first == o.info->name; });
                const std::string said = claimed != e.explain.end() ? claimed->second : "none";
                EXPECT_EQ(said, ExplanationName(o.explanation)) << o.info->name << ": " << o.reason;
            }
            EXPECT_EQ(e.hit, hit);
            EXPECT_EQ(e.miss, miss);
            const Result& ref = c.reference;
            if (e.tEnter) {
                EXPECT_TRUE(ref.hit && SameNumber(*e.tEnter, ref.tEnter)) << "t_enter " << ref.tEnter;
            }
            if (e.tExit) {
                EXPECT_TRUE(ref.hit && SameNumber(*e.tExit, ref.tExit)) << "t_exit " << ref.tExit;
            }
            if (e.depth) {
                EXPECT_TRUE(ref.hit && SameNumber(*e.depth, ref.depth)) << "depth " << ref.depth;
            }
        }
    }
}

/// A cause of an algorithm's verdict: the word by which a lesson's text gives it, and the words by
/// which the algorithm's trace verdict says it decided so.
struct Cause {
    const char* text;
    std::vector<const char*> trace;
};
/// Strict comparisons (a boundary convention: "not strictly inside", and for a box overlap
/// "touching counts as separate"), a parallel (zero) direction component, a solid behind the ray.
const Cause kCauses[] = {
    {"strict", {"strict", "touching counts as separate"}}, {"parallel", {"parallel"}}, {"behind", {"behind"}}};

/// The algorithm names a sentence writes in backticks (`slab_listing`).
std::set<std::string> NamedAlgorithms(const std::string& sentence)
{
    std::set<std::string> out;
    for (size_t open = sentence.find('`'); open != std::string::npos;) {
        const size_t close = sentence.find('`', open + 1);
        if (close == std::string::npos) {
            break;
        }
        const std::string name = sentence.substr(open + 1, close - open - 1);
        for (const AlgorithmInfo& info : Algorithms()) {
            if (info.name == name) {
                out.insert(name);
            }
        }
        open = sentence.find('`', close + 1);
    }
    return out;
}

/// Per algorithm, the sentences of a lesson's description about it alone: those that name it and
/// no other algorithm, and the sentences after one in its paragraph that name none ("Its face test
/// is strict"). Sentences end at ". " or "; ".
std::map<std::string, std::vector<std::string>> SentencesAbout(const std::string& description)
{
    std::map<std::string, std::vector<std::string>> out;
    std::istringstream paragraphs(description);
    std::string paragraph;
    while (std::getline(paragraphs, paragraph)) {
        std::set<std::string> subject; // the algorithms the last sentence naming some named
        size_t start = 0;
        while (start < paragraph.size()) {
            size_t end = std::min(paragraph.find(". ", start), paragraph.find("; ", start));
            end = end == std::string::npos ? paragraph.size() : end + 1;
            const std::string sentence = paragraph.substr(start, end - start);
            start = end + 1;
            if (std::set<std::string> named = NamedAlgorithms(sentence); !named.empty()) {
                subject = std::move(named);
            }
            if (subject.size() == 1) {
                out[*subject.begin()].push_back(sentence);
            }
        }
    }
    return out;
}

std::string Lower(std::string text)
{
    for (char& c : text) {
        c = char(std::tolower(static_cast<unsigned char>(c)));
    }
    return text;
}

TEST(LessonClaims, WhatTheTextGivesAsAnAlgorithmsCauseIsWhatItsTraceSaysDecided)
{
    // Where a lesson's text says why an algorithm that differs decides as it does (its comparisons
    // are strict, a direction component is parallel, the solid is behind), the algorithm's own
    // account of its verdict on the lesson's queries (its trace's verdict, the sentence the Query
    // inspector shows) must name that cause too: the text may not give a cause that did not
    // decide (ray-along-face said slab_listing's strict comparisons alone made it miss, where its
    // t0 = 1 < t1 = 2 passes and its swapped parallel test alone rejects the ray).
    size_t total = 0;
    for (const std::string& file : CourseFiles()) {
        SCOPED_TRACE(file);
        const Scene scene = Load(file);
        SceneEvaluator evaluation;
        evaluation.Evaluate(scene);
        std::map<std::string, std::string> verdicts; // algorithm -> its trace verdicts where it differs
        for (const LessonExpectation& e : scene.expect) {
            const QueryEvaluation* qe = evaluation.Find(IdOf(scene, e.a), IdOf(scene, e.b));
            ASSERT_NE(qe, nullptr) << e.a << " / " << e.b;
            for (const auto& [algorithm, kind] : e.explain) {
                for (const AlgorithmInfo* info : AlgorithmsOf(qe->query.family)) {
                    if (info->name == algorithm) {
                        verdicts[algorithm] += SceneEvaluator::TraceOf(scene, qe->query, *info).verdict + "\n";
                    }
                }
            }
        }
        size_t checked = 0;
        for (const auto& [algorithm, sentences] : SentencesAbout(scene.description)) {
            const auto verdict = verdicts.find(algorithm);
            if (verdict == verdicts.end()) {
                continue; // it agrees with the reference everywhere: nothing to explain
            }
            for (const std::string& sentence : sentences) {
                for (const Cause& cause : kCauses) {
                    if (Lower(sentence).find(cause.text) == std::string::npos) {
                        continue;
                    }
                    ++checked;
                    EXPECT_TRUE(std::any_of(
                        cause.trace.begin(), cause.trace.end(),
                        [&](const char* word) { return Lower(verdict->second).find(word) != std::string::npos; }))
                        << "the text gives \"" << cause.text << "\" as " << algorithm << "'s cause: \"" << sentence
                        << "\"; its trace says: " << verdict->second;
                }
            }
        }
        total += checked;
    }
    std::printf("cause claims checked: %zu\n", total);
    EXPECT_GE(total, 15u) << "the lessons' sentences that give a cause";
}

/// What the report gives each algorithm over a lesson's queries (judged as `hitlab report --exact`
/// judges): its explanations and its verdicts.
struct ReportedOf {
    std::set<Explanation> explanations;
    std::set<bool> verdicts;
};

std::map<std::string, ReportedOf> ReportedByAlgorithm(const Scene& scene)
{
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    std::map<std::string, ReportedOf> out;
    for (const QueryEvaluation& qe : evaluation.Queries()) {
        const Query query = scene.MakeQuery(qe.query);
        Comparison c = evaluation.ComparisonOf(qe);
        const std::optional<ExactValues> exact = JudgeForComparison(query, scene.Settings(query.family).precision);
        Explain(query, scene.Settings(query.family).precision, c, exact ? &*exact : nullptr);
        for (const AlgorithmOutcome& o : c.outcomes) {
            out[std::string(o.info->name)].explanations.insert(o.explanation);
            out[std::string(o.info->name)].verdicts.insert(o.result.hit);
        }
    }
    return out;
}

TEST(LessonClaims, TheExplanationAndVerdictTheTextGivesAnAlgorithmAreTheReports)
{
    // Where a lesson's text, in a sentence about one algorithm (SentencesAbout), files a difference
    // as a known flaw, a convention or rounding, the report gives that algorithm that explanation on
    // some query of the lesson; where it names the algorithm and then a verdict in bold (**hit**,
    // **miss**, **overlap**, **separate**), the report gives it that verdict on some query.
    const std::pair<const char*, Explanation> phrases[] = {{"known flaw", Explanation::KnownFlaw},
                                                           {"convention", Explanation::Convention},
                                                           {"*rounding*", Explanation::Rounding},
                                                           {"not explained", Explanation::Unexplained}};
    const std::pair<const char*, bool> verdicts[] = {
        {"**hit**", true}, {"**overlap**", true}, {"**miss**", false}, {"**separate**", false}};
    size_t explanations = 0, verdictsChecked = 0;
    for (const std::string& file : CourseFiles()) {
        SCOPED_TRACE(file);
        const Scene scene = Load(file);
        std::map<std::string, ReportedOf> reported = ReportedByAlgorithm(scene);
        for (const auto& [algorithm, sentences] : SentencesAbout(scene.description)) {
            for (const std::string& sentence : sentences) {
                const std::string text = Lower(sentence);
                for (const auto& [phrase, explanation] : phrases) {
                    if (text.find(phrase) != std::string::npos) {
                        ++explanations;
                        EXPECT_EQ(reported[algorithm].explanations.count(explanation), 1u)
                            << "the text files " << algorithm << " under \"" << phrase << "\": \"" << sentence
                            << "\"; the report does not";
                    }
                }
                const size_t named = text.find("`" + algorithm + "`"); // the verdict follows its subject
                for (const auto& [word, hit] : verdicts) {
                    if (named != std::string::npos && text.find(word, named) != std::string::npos) {
                        ++verdictsChecked;
                        EXPECT_EQ(reported[algorithm].verdicts.count(hit), 1u)
                            << "the text says " << algorithm << (hit ? " hits" : " misses") << ": \"" << sentence
                            << "\"; the report never gives it that verdict in this lesson";
                    }
                }
            }
        }
    }
    std::printf("explanation claims checked: %zu, verdict claims checked: %zu\n", explanations, verdictsChecked);
    EXPECT_GE(explanations, 15u) << "the lessons' sentences that give an explanation";
    EXPECT_GE(verdictsChecked, 10u) << "the lessons' sentences that give a verdict";
}

TEST(LessonClaims, TheLessonTableOfTheSceneFormatDocIsTrue)
{
    // docs/scene-format.md, "The lesson library": `file.json` | teaches | the disagreement it shows
    std::ifstream doc(kScenes / ".." / ".." / "docs" / "scene-format.md");
    ASSERT_TRUE(doc.good());
    std::map<std::string, std::string> rows; // file -> the disagreement column
    std::string line;
    while (std::getline(doc, line)) {
        if (line.rfind("| `", 0) == 0 && line.find(".json` |") != std::string::npos) {
            const size_t end = line.find('`', 3);
            const size_t last = line.rfind(" |", line.size() - 3);
            rows[line.substr(3, end - 3)] = line.substr(last + 2);
        }
    }
    std::set<std::string> files;
    for (const fs::path& path : Examples()) {
        files.insert(path.filename().string());
    }
    std::set<std::string> listed;
    for (const auto& [file, column] : rows) {
        listed.insert(file);
    }
    EXPECT_EQ(listed, files) << "one row per lesson file";
    for (const auto& [file, column] : rows) {
        if (files.count(file) == 0) {
            continue;
        }
        SCOPED_TRACE(file);
        const Scene scene = Load(file);
        for (const LessonExpectation& e : scene.expect) {
            for (const auto& [algorithm, kind] : e.explain) {
                EXPECT_NE(column.find("`" + algorithm + "`"), std::string::npos)
                    << algorithm << " differs (" << kind << ") but the row does not name it: " << column;
            }
        }
    }
}

const QueryEvaluation& OnlyQuery(const SceneEvaluator& evaluation)
{
    EXPECT_EQ(evaluation.Queries().size(), 1u);
    return evaluation.Queries().front();
}

TEST(Lessons, SlabIn2DIntervalsAreTheOnesTheDescriptionGives)
{
    for (const char* file : {"slab-2d-miss.json", "slab-2d-hit.json"}) {
        const Scene scene = Load(file);
        EXPECT_TRUE(scene.camera.view2d) << file;
        SceneEvaluator evaluation;
        evaluation.Evaluate(scene);
        const QueryEvaluation& qe = OnlyQuery(evaluation);
        const Trace trace = SceneEvaluator::TraceOf(scene, qe.query, ReferenceAlgorithm(Family::RayAabb));
        std::vector<const SlabPart*> slabs;
        for (const TraceStep& step : trace.steps) {
            if (const auto* slab = std::get_if<SlabPart>(&step.part)) {
                slabs.push_back(slab);
            }
        }
        ASSERT_GE(slabs.size(), 2u) << file;
        const bool hit = std::string(file) == "slab-2d-hit.json";
        // x slab: [0.25, 0.75] for direction (4, 1), [0.5, 1.5] for (2, 1); y slab: [1, 3] for both
        EXPECT_EQ(slabs[0]->tNear, hit ? 0.5 : 0.25) << file;
        EXPECT_EQ(slabs[0]->tFar, hit ? 1.5 : 0.75) << file;
        EXPECT_EQ(slabs[1]->tNear, 1.0) << file;
        EXPECT_EQ(slabs[1]->tFar, 3.0) << file;
        EXPECT_EQ(qe.Reference().hit, hit);
        if (hit) {
            EXPECT_EQ(qe.Reference().tEnter, 1.0);
            EXPECT_EQ(qe.Reference().tExit, 1.5);
            EXPECT_EQ(qe.Reference().normal, glm::dvec3(0, -1, 0));
        }
    }
}

TEST(Lessons, SegmentEndingOnTheFaceEntersAndLeavesAtItsEnd)
{
    const Scene scene = Load("segment-ends-on-face.json");
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    const QueryEvaluation* qe = evaluation.Find(IdOf(scene, "segment ending on the face"), IdOf(scene, "box"));
    ASSERT_NE(qe, nullptr);
    EXPECT_EQ(qe->Reference().tEnter, 1.0);
    EXPECT_EQ(qe->Reference().tExit, 1.0);
}

TEST(Lessons, OverlappingBoxesDepthNormalAndTheCentreExtentContactOutsideTheOverlap)
{
    const Scene scene = Load("aabb-overlap.json");
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    const Comparison c = evaluation.ComparisonOf(OnlyQuery(evaluation));
    EXPECT_EQ(c.reference.depth, 0.5);
    EXPECT_EQ(c.reference.normal, glm::dvec3(1, 0, 0));
    const AlgorithmOutcome* centre = OutcomeOf(c, "center_extent");
    ASSERT_NE(centre, nullptr);
    EXPECT_EQ(centre->result.contact.x, 2.125); // outside the overlap's x range [1.5, 2]
    EXPECT_GE(c.reference.contact.x, 1.5);
    EXPECT_LE(c.reference.contact.x, 2.0);
}

TEST(Lessons, ContainmentDepthIsThePushOutNotTheIntervalOverlap)
{
    const Scene scene = Load("aabb-containment.json");
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    EXPECT_EQ(OnlyQuery(evaluation).Reference().depth, 2.0);
}

TEST(Lessons, EdgeEdgeLessonIsSeparatedOnlyByACrossProductAxis)
{
    const Scene scene = Load("obb-edge-edge.json");
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    const QueryEvaluation& qe = OnlyQuery(evaluation);
    EXPECT_FALSE(qe.Reference().hit);
    const Trace trace = SceneEvaluator::TraceOf(scene, qe.query, ReferenceAlgorithm(Family::ObbObb));
    ASSERT_GE(trace.decidingStep, 0);
    const auto* deciding = std::get_if<AxisPart>(&trace.steps[static_cast<size_t>(trace.decidingStep)].part);
    ASSERT_NE(deciding, nullptr);
    EXPECT_TRUE(deciding->separating);
    EXPECT_NE(deciding->label.find(" x "), std::string::npos) << deciding->label; // "A0 x B1"
    int faceAxes = 0;
    for (const TraceStep& step : trace.steps) {
        if (const auto* axis = std::get_if<AxisPart>(&step.part);
            axis != nullptr && axis->label.find(" x ") == std::string::npos) {
            ++faceAxes;
            EXPECT_FALSE(axis->separating) << axis->label;
        }
    }
    EXPECT_EQ(faceAxes, 6);
}

TEST(Lessons, StressSceneHasAThousandSolidsAHundredRaysAndOnlyRayCasts)
{
    const Scene scene = Load("stress.json");
    ASSERT_EQ(scene.Shapes().size(), 1100u);
    EXPECT_FALSE(scene.SolidPairsEnabled());
    const auto queries = scene.Queries();
    EXPECT_EQ(queries.size(), 100000u);
    EXPECT_TRUE(std::all_of(queries.begin(), queries.end(), [](const SceneQuery& q) { return IsCast(q.family); }));
}

TEST(Lessons, StressSceneIsWhatTheScriptGenerates)
{
    if (std::system("python3 --version > /dev/null 2>&1") != 0) {
        GTEST_SKIP() << "python3 is not available";
    }
    const fs::path out = fs::temp_directory_path() / ("hitlab_stress_" + std::to_string(::getpid()) + ".json");
    const fs::path script = kScenes / ".." / ".." / "scripts" / "make-stress-scene.py";
    ASSERT_EQ(std::system(("python3 \"" + script.string() + "\" \"" + out.string() + "\"").c_str()), 0);
    auto read = [](const fs::path& p) {
        std::ifstream in(p, std::ios::binary);
        std::stringstream s;
        s << in.rdbuf();
        return s.str();
    };
    EXPECT_TRUE(read(out) == read(kScenes / "stress.json")) << "rerun scripts/make-stress-scene.py";
    fs::remove(out);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
