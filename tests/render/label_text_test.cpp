// Nothing false in the labels (issue 27): near-equal values read apart (DistinctNumbers, the cast's t
// labels), every label inside the free area, the hovered shape's name placed with the others
// (DrawViewLabels), a miss decided by a parallel test named as such, and a sphere method's
// comparison printed as what the method computed. Recorded through a DrawSink, no GL.
#include "render/cast_labels.h"
#include "render/grid_labels.h"
#include "render/label_layout.h"
#include "render/scene_draw.h"
#include "render/trace_draw.h"

#include "core/io/scene_file.h"
#include "core/text.h"

#include "recording_sink.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace hitlab {
namespace HITLAB_UNITY_ID {

bool Overlaps(const glm::vec4& a, const glm::vec4& b) { return a.x < b.z && b.x < a.z && a.y < b.w && b.y < a.w; }

TEST(DistinctNumbers, NearEqualValuesGetTheDigitsThatTellThemApart)
{
    // six digits print both as 0.5: seven keep the inequality and the order
    EXPECT_EQ(ShortNumber(0.5000004, 6), "0.5");
    EXPECT_EQ(ShortNumber(0.4999996, 6), "0.5");
    EXPECT_EQ(DistinctNumbers({0.5000004, 0.4999996}), (std::vector<std::string>{"0.5000004", "0.4999996"}));
    // a value apart from the others keeps six digits; equal values read alike
    EXPECT_EQ(DistinctNumbers({0.25, 3.0, 0.5, 0.5}), (std::vector<std::string>{"0.25", "3", "0.5", "0.5"}));
    // 0.5 and 0.5000005: the exact one stays short, the other gets its seventh digit
    EXPECT_EQ(DistinctNumbers({0.5, 0.5000005, 2.0}), (std::vector<std::string>{"0.5", "0.5000005", "2"}));
    // two doubles one ulp apart: all 17 digits
    const double next = std::nextafter(1.0, 2.0);
    const std::vector<std::string> apart = DistinctNumbers({1.0, next});
    EXPECT_EQ(apart[0], "1");
    EXPECT_NE(apart[1], "1");
    EXPECT_EQ(std::strtod(apart[1].c_str(), nullptr), next);
    // infinities and NaN take part in nothing
    EXPECT_EQ(DistinctNumbers({INFINITY, 1.0}).size(), 2u);
}

TEST(LabelPlacement, ALabelByAPointNearTheEdgeIsShiftedIntoTheArea)
{
    // the free area x in [0, 1000], y in [100, 700]: a point 20 pixels from its right edge asks for
    // a box 10 right of it, 78 wide: it is moved left to end at the edge, and a point under the
    // top edge's panel keeps its box below y = 100
    LabelPlacement placement(7.0f, {0.0f, 100.0f, 1000.0f, 600.0f});
    const glm::vec2 right = placement.Place({980.0f, 400.0f}, {10.0f, 8.0f}, 10);
    EXPECT_EQ(right, glm::vec2(1000.0f - 74.0f - 980.0f, 8.0f));
    EXPECT_EQ(placement.Boxes().back().z, 1000.0f);
    const glm::vec2 top = placement.Place({300.0f, 110.0f}, {10.0f, -24.0f}, 10);
    EXPECT_EQ(placement.Boxes().back().y, 100.0f);
    EXPECT_EQ(top, glm::vec2(10.0f, -8.0f));
    // a point outside the area: its label stays where it asks (a figure zooms out to hold it)
    EXPECT_EQ(placement.Place({1200.0f, 400.0f}, {10.0f, 8.0f}, 10), glm::vec2(10.0f, 8.0f));
}

struct Lesson {
    Scene scene;
    SceneEvaluator evaluator;
    Camera camera;

    explicit Lesson(const std::string& name)
    {
        const SceneLoad load = LoadSceneFile(std::string(HITLAB_SCENES) + "/" + name);
        EXPECT_TRUE(load.Ok()) << load.error.what;
        if (load.Ok()) {
            scene = *load.scene;
        }
        evaluator.Evaluate(scene);
        camera = CameraFromState(scene.camera, {1280.0, 720.0});
    }
    Trace TraceOf(const SceneQuery& query) const
    {
        const AlgorithmInfo* drawn = scene.Settings(query.family).drawn;
        return drawn != nullptr ? SceneEvaluator::TraceOf(scene, query, *drawn) : Trace{};
    }
    glm::vec4 BoxOf(const RecordingSink::LabelItem& l) const
    {
        const auto p = WorldToScreen(camera, glm::dvec3(l.at));
        EXPECT_TRUE(p.has_value()) << l.text;
        return LabelBox(glm::vec2(float(p->x), float(p->y)) + l.offset, l.text.size(), 7.0f);
    }
};

const RecordingSink::LabelItem* Find(const RecordingSink& sink, const std::string& text)
{
    for (const auto& l : sink.labels) {
        if (l.text == text) {
            return &l;
        }
    }
    return nullptr;
}

TEST(ViewLabels, TheHoveredShapesNameGivesWayToTheDepthLabel)
{
    // aabb-touching: the touching pair's "depth 0 (touching)"; the cursor put where the name's
    // box (14, 8 from it) would cover that label exactly
    Lesson lesson("aabb-touching.json");
    const glm::vec4 area(0.0f, 0.0f, 1280.0f, 720.0f);
    for (const QueryEvaluation& qe : lesson.evaluator.Queries()) {
        const Trace trace = lesson.TraceOf(qe.query);
        RecordingSink alone;
        DrawViewLabels(lesson.scene, lesson.evaluator, &qe.query, trace, lesson.camera, 7.0f, area, nullptr, {}, alone);
        const auto* depth = Find(alone, "depth 0 (touching)");
        if (depth == nullptr) {
            continue;
        }
        const glm::vec4 depthBox = lesson.BoxOf(*depth);
        const glm::dvec2 cursor(depthBox.x + 4.0 - 14.0, depthBox.y + 2.0 - 8.0);
        RecordingSink with;
        DrawViewLabels(lesson.scene, lesson.evaluator, &qe.query, trace, lesson.camera, 7.0f, area, nullptr,
                       {{cursor, {14.0f, 8.0f}, "box", glm::vec4(1.0f)}}, with);
        ASSERT_EQ(with.labels.size(), alone.labels.size() + 1);
        const auto* name = Find(with, "box");
        ASSERT_NE(name, nullptr);
        // the depth keeps its place; the name's anchor is the cursor, its box apart from every label
        EXPECT_EQ(Find(with, "depth 0 (touching)")->offset, depth->offset);
        const auto p = WorldToScreen(lesson.camera, glm::dvec3(name->at));
        ASSERT_TRUE(p.has_value());
        EXPECT_NEAR(p->x, cursor.x, 1e-3);
        EXPECT_NEAR(p->y, cursor.y, 1e-3);
        const glm::vec4 nameBox = lesson.BoxOf(*name);
        for (const auto& l : with.labels) {
            if (&l != name) {
                EXPECT_FALSE(Overlaps(nameBox, lesson.BoxOf(l))) << l.text;
            }
        }
        return;
    }
    FAIL() << "no touching depth label in aabb-touching";
}

TEST(ViewLabels, TheHoveredShapesNameGivesWayToAnAxisNumber)
{
    Lesson lesson("slab-2d-miss.json");
    const std::vector<GridLabel> grid = GridLabels(lesson.camera);
    ASSERT_FALSE(grid.empty());
    const auto g = WorldToScreen(lesson.camera, grid[0].at);
    ASSERT_TRUE(g.has_value());
    const glm::vec4 gridBox = LabelBox(glm::vec2(float(g->x), float(g->y)) + grid[0].offset, grid[0].text.size(), 7.0f);
    const glm::dvec2 cursor(gridBox.x + 4.0 - 14.0, gridBox.y + 2.0 - 8.0);
    RecordingSink sink;
    DrawViewLabels(lesson.scene, lesson.evaluator, nullptr, Trace{}, lesson.camera, 7.0f, {0.0f, 0.0f, 1280.0f, 720.0f},
                   nullptr, {{cursor, {14.0f, 8.0f}, "box", glm::vec4(1.0f)}}, sink);
    ASSERT_EQ(sink.labels.size(), 1u); // the grid's numbers are the caller's; only the name here
    EXPECT_FALSE(Overlaps(lesson.BoxOf(sink.labels[0]), gridBox));
}

TEST(ViewLabels, EveryLessonLabelStaysInsideTheFreeArea)
{
    // a free area with panels on the left (300 pixels) and at the top (60): every label of a point
    // inside it lies inside it
    const glm::vec4 area(300.0f, 60.0f, 980.0f, 660.0f);
    int checked = 0;
    for (const auto& entry : std::filesystem::directory_iterator(HITLAB_SCENES)) {
        const std::string name = entry.path().filename().string();
        if (entry.path().extension() != ".json" || name == "stress.json") {
            continue;
        }
        Lesson lesson(name);
        for (const QueryEvaluation& qe : lesson.evaluator.Queries()) {
            const Trace trace = lesson.TraceOf(qe.query);
            RecordingSink sink;
            DrawViewLabels(lesson.scene, lesson.evaluator, &qe.query, trace, lesson.camera, 7.0f, area, nullptr, {},
                           sink);
            for (const auto& l : sink.labels) {
                const auto p = WorldToScreen(lesson.camera, glm::dvec3(l.at));
                if (!p || p->x < area.x || p->y < area.y || p->x > area.x + area.z || p->y > area.y + area.w) {
                    continue;
                }
                const glm::vec4 b = lesson.BoxOf(l);
                EXPECT_TRUE(b.x >= area.x && b.y >= area.y && b.z <= area.x + area.z && b.w <= area.y + area.w)
                    << name << ": " << l.text;
                ++checked;
            }
        }
    }
    EXPECT_GE(checked, 100);
}

std::vector<std::string> CastTexts(const Lesson& lesson, const SceneQuery& query, const Trace& trace)
{
    RecordingSink sink;
    DrawCastLabels(lesson.scene, lesson.evaluator, query, sink, &trace);
    std::vector<std::string> texts;
    for (const auto& l : sink.labels) {
        texts.push_back(l.text);
    }
    return texts;
}

TEST(TraceLabels, TheFloatQuadraticsTangentIsTheMethodsNotTheGeometrys)
{
    // ray-sphere-precision's far ray: quadratic's float discriminant comes out 0, so it takes the
    // ray as tangent; the drawn perpendicular is 0.5 long, twice the radius 0.25
    Lesson lesson("ray-sphere-precision.json");
    const QueryEvaluation* far = nullptr;
    for (const QueryEvaluation& qe : lesson.evaluator.Queries()) {
        const SceneShape* a = lesson.scene.Find(qe.query.a);
        far = a != nullptr && a->name == "far ray" ? &qe : far;
    }
    ASSERT_NE(far, nullptr);
    const Trace trace = lesson.TraceOf(far->query);
    RecordingSink sink;
    DrawTraceLabels(lesson.scene, lesson.evaluator, far->query, trace, lesson.camera, sink);
    EXPECT_NE(Find(sink, "computed disc = 0 >= 0: d <= r; drawn d = 0.5 > r = 0.25"), nullptr);
    for (const auto& l : sink.labels) {
        EXPECT_EQ(l.text.find("d = 0.5 <= r"), std::string::npos) << l.text;
    }
    EXPECT_EQ(trace.verdict.find("the ray is tangent"), std::string::npos) << trace.verdict;
    EXPECT_NE(trace.verdict.find("the method takes the ray as tangent"), std::string::npos) << trace.verdict;
}

TEST(CastLabels, AMissByRecastsParallelTestSaysSoNotEntersLastExitsFirst)
{
    // the short segment through the top face: segment_recast takes y as parallel and the start, above
    // the box, outside the y slab: the parallel test decides, no crossing does
    Lesson lesson("segment-short-recast.json");
    const SceneQuery query = lesson.evaluator.Queries().front().query;
    const std::vector<std::string> texts = CastTexts(lesson, query, lesson.TraceOf(query));
    EXPECT_NE(std::find(texts.begin(), texts.end(), "miss by the y parallel test: start outside the slab"),
              texts.end());
    for (const std::string& t : texts) {
        EXPECT_EQ(t.find("enters last"), std::string::npos) << t;
        EXPECT_EQ(t.find("exits first"), std::string::npos) << t;
    }
}

TEST(CastLabels, NearEqualEntryAndExitOfAMissReadApart)
{
    // the box x in [1, 3], y in [1.000001, 3] and a ray from the origin along (6, 2): it leaves x at
    // t = 0.5 and enters y at t = 0.5000005 (in double): a miss that six digits
    // would label "exits first t = 0.5 / enters last t = 0.5"
    Scene scene;
    const ShapeId box =
        scene.Add(SceneShape{0, "box", {0, 0, 1, 1}, true, Aabb<double>{{1.0, 1.000001, -0.5}, {3.0, 3.0, 0.5}}});
    const ShapeId ray = scene.Add(SceneShape{0, "ray", {1, 1, 0, 1}, true, Ray<double>{{0, 0, 0}, {6, 2, 0}}});
    scene.Settings(Family::RayAabb).drawn = FindAlgorithm(Family::RayAabb, "slab");
    scene.Settings(Family::RayAabb).precision = Precision::Double;
    SceneEvaluator evaluator;
    evaluator.Evaluate(scene);
    const SceneQuery query{Family::RayAabb, ray, box};
    const Trace trace = SceneEvaluator::TraceOf(scene, query, *scene.Settings(Family::RayAabb).drawn);
    RecordingSink sink;
    DrawCastLabels(scene, evaluator, query, sink, &trace);
    std::vector<std::string> texts;
    for (const auto& l : sink.labels) {
        texts.push_back(l.text);
    }
    EXPECT_EQ(texts, (std::vector<std::string>{"x near t = 0.166667", "exits first: x far t = 0.5",
                                               "enters last: y near t = 0.5000005", "y far t = 1.5"}));
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
