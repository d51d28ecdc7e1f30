// One placement for every label of a frame (render/label_layout.h): hand-made boxes with exact
// offsets, and the focused query's labels of the lesson scenes (DrawFocusLabels), none overlapping.
#include "render/cast_labels.h"
#include "render/grid_labels.h"
#include "render/label_layout.h"
#include "render/scene_draw.h"
#include "render/trace_draw.h"

#include "core/io/scene_file.h"

#include "recording_sink.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace hitlab {
namespace HITLAB_UNITY_ID {

bool Overlap(const glm::vec4& a, const glm::vec4& b) { return a.x < b.z && b.x < a.z && a.y < b.w && b.y < a.w; }

TEST(LabelLayout, BoxIsTheTextPaddedBy4And2)
{
    // 5 characters of 7 pixels: 35 wide, 13 high, plus the padding
    EXPECT_EQ(LabelBox({100.0f, 50.0f}, 5, 7.0f), glm::vec4(96.0f, 48.0f, 139.0f, 65.0f));
}

TEST(LabelPlacement, FreeLabelKeepsItsOffsetExactly)
{
    LabelPlacement placement(7.0f);
    EXPECT_EQ(placement.Place({100.0f, 100.0f}, {10.0f, -24.0f}, 8), glm::vec2(10.0f, -24.0f));
    // far from the first: its own offset too
    EXPECT_EQ(placement.Place({400.0f, 300.0f}, {-4.0f, 8.0f}, 20), glm::vec2(-4.0f, 8.0f));
    ASSERT_EQ(placement.Boxes().size(), 2u);
    EXPECT_FALSE(Overlap(placement.Boxes()[0], placement.Boxes()[1]));
}

TEST(LabelPlacement, TwoLabelsAtOneAnchorEndUpApart)
{
    LabelPlacement placement(7.0f);
    EXPECT_EQ(placement.LaneStep(), 20.0f); // 13 + 4 high, 3 apart
    // above the point: the second goes a lane further up, the third two lanes
    EXPECT_EQ(placement.Place({200.0f, 200.0f}, {10.0f, -24.0f}, 10), glm::vec2(10.0f, -24.0f));
    EXPECT_EQ(placement.Place({200.0f, 200.0f}, {10.0f, -24.0f}, 10), glm::vec2(10.0f, -44.0f));
    EXPECT_EQ(placement.Place({200.0f, 200.0f}, {10.0f, -24.0f}, 10), glm::vec2(10.0f, -64.0f));
    // below the point: down
    EXPECT_EQ(placement.Place({200.0f, 200.0f}, {10.0f, 8.0f}, 10), glm::vec2(10.0f, 8.0f));
    EXPECT_EQ(placement.Place({200.0f, 200.0f}, {10.0f, 8.0f}, 10), glm::vec2(10.0f, 28.0f));
}

TEST(LabelPlacement, StaysInsideTheFreeAreaWhenItCan)
{
    // the area's top edge at y = 150: above (200, 200) the first box spans y 174-191, the second a
    // lane up 154-171; the third cannot go another lane up (134: outside), nor 28 pixels right
    // or left (over the first, 78 wide), so it goes a lane down, across the point (194-211)
    LabelPlacement placement(7.0f, {0.0f, 150.0f, 1280.0f, 570.0f});
    EXPECT_EQ(placement.Place({200.0f, 200.0f}, {10.0f, -24.0f}, 10), glm::vec2(10.0f, -24.0f));
    EXPECT_EQ(placement.Place({200.0f, 200.0f}, {10.0f, -24.0f}, 10), glm::vec2(10.0f, -44.0f));
    EXPECT_EQ(placement.Place({200.0f, 200.0f}, {10.0f, -24.0f}, 10), glm::vec2(10.0f, -4.0f));
}

TEST(LabelPlacement, OrderDecidesWhoMoves)
{
    // two labels 10 pixels right and 5 down of each other, in both orders: the one placed first
    // keeps its offset (boxes 50 by 17)
    LabelPlacement ab(7.0f), ba(7.0f);
    const glm::vec2 a(300.0f, 300.0f), b(310.0f, 305.0f);
    EXPECT_EQ(ab.Place(a, {10.0f, 8.0f}, 6), glm::vec2(10.0f, 8.0f));
    EXPECT_EQ(ab.Place(b, {10.0f, 8.0f}, 6), glm::vec2(10.0f, 28.0f));
    EXPECT_EQ(ba.Place(b, {10.0f, 8.0f}, 6), glm::vec2(10.0f, 8.0f));
    // a's box a lane down (y 326-343) still meets b's (311-328), 28 pixels right or left too; two
    // lanes down (cost 2) comes before a lane up, across its point (cost 2.5)
    EXPECT_EQ(ba.Place(a, {10.0f, 8.0f}, 6), glm::vec2(10.0f, 48.0f));
    // and again: the same answer
    LabelPlacement again(7.0f);
    again.Place(a, {10.0f, 8.0f}, 6);
    EXPECT_EQ(again.Place(b, {10.0f, 8.0f}, 6), glm::vec2(10.0f, 28.0f));
}

TEST(LabelLayout, MovedLabelGetsALeaderDrawnUnderTheLabels)
{
    Camera camera;
    camera.view2d = true;
    camera.yawDeg = camera.pitchDeg = 0.0;
    camera.viewport = {1280.0, 720.0};
    RecordingSink sink;
    {
        LabelLayout layout(sink, camera, 7.0f);
        layout.Label({1.0f, 1.0f, 0.0f}, {10.0f, 8.0f}, "first", glm::vec4(1.0f));
        layout.Label({1.0f, 1.0f, 0.0f}, {10.0f, 8.0f}, "second", glm::vec4(0.5f, 1.0f, 1.0f, 1.0f));
        EXPECT_TRUE(sink.labels.empty()); // passed on when the layout ends
    }
    ASSERT_EQ(sink.labels.size(), 2u);
    EXPECT_EQ(sink.labels[0].offset, glm::vec2(10.0f, 8.0f));
    EXPECT_EQ(sink.labels[1].offset, glm::vec2(10.0f, 28.0f)); // a lane down
    EXPECT_EQ(sink.labels[1].text, "second");
    // the second's box starts 6 right and 26 below the point (the padding): the leader ends at
    // that corner, in its colour at 0.6 of its alpha, before any label
    ASSERT_EQ(sink.leaders.size(), 1u);
    EXPECT_EQ(sink.leaders[0].at, glm::vec3(1.0f, 1.0f, 0.0f));
    EXPECT_EQ(sink.leaders[0].to, glm::vec2(6.0f, 26.0f));
    EXPECT_EQ(sink.leaders[0].color, glm::vec4(0.5f, 1.0f, 1.0f, 0.6f));
    EXPECT_EQ(sink.leaders[0].labelsBefore, 0u);
}

/// The screen boxes of recorded labels (7 pixels a character).
std::vector<glm::vec4> Boxes(const RecordingSink& sink, const Camera& camera)
{
    std::vector<glm::vec4> boxes;
    for (const auto& l : sink.labels) {
        const auto p = WorldToScreen(camera, glm::dvec3(l.at));
        EXPECT_TRUE(p.has_value()) << l.text;
        if (p) {
            boxes.push_back(LabelBox(glm::vec2(float(p->x), float(p->y)) + l.offset, l.text.size(), 7.0f));
        }
    }
    return boxes;
}

/// The pairs of labels whose boxes overlap, as "a / b" lines.
std::string Overlaps(const RecordingSink& sink, const Camera& camera)
{
    const std::vector<glm::vec4> boxes = Boxes(sink, camera);
    std::string out;
    for (size_t i = 0; i < boxes.size(); ++i) {
        for (size_t j = i + 1; j < boxes.size(); ++j) {
            if (Overlap(boxes[i], boxes[j])) {
                out += sink.labels[i].text + " / " + sink.labels[j].text + "\n";
            }
        }
    }
    return out;
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
};

TEST(FocusLabels, RaySphereLessonLabelsDoNotOverlap)
{
    Lesson lesson("ray-sphere-basics.json");
    ASSERT_FALSE(lesson.evaluator.Queries().empty());
    const SceneQuery query = lesson.evaluator.Queries().front().query; // the ray through the sphere
    const Trace trace = lesson.TraceOf(query);
    // each producer on its own (as the window drew them before): they overwrite each other
    RecordingSink apart;
    DrawCastLabels(lesson.scene, lesson.evaluator, query, apart, &trace, &lesson.camera, 7.0f);
    DrawTraceLabels(lesson.scene, lesson.evaluator, query, trace, lesson.camera, apart);
    EXPECT_NE(Overlaps(apart, lesson.camera), "");
    // placed together: the same labels, saying the same, none on another
    RecordingSink together;
    DrawFocusLabels(lesson.scene, lesson.evaluator, query, trace, lesson.camera, 7.0f, {0.0f, 0.0f, 1280.0f, 720.0f},
                    nullptr, together);
    ASSERT_EQ(together.labels.size(), apart.labels.size());
    ASSERT_GE(together.labels.size(), 6u);
    for (size_t i = 0; i < apart.labels.size(); ++i) {
        EXPECT_EQ(together.labels[i].text, apart.labels[i].text);
        EXPECT_EQ(together.labels[i].at, apart.labels[i].at);
    }
    EXPECT_EQ(Overlaps(together, lesson.camera), "");
    // the first label keeps the offset it asked for; a moved one gets a leader line (not recorded
    // here: RecordingSink keeps labels, and DrawSink's default ignores leaders)
    EXPECT_EQ(together.labels[0].offset, apart.labels[0].offset);
}

/// The focused labels that overlap one of the 2D view's coordinate labels, as "label / number".
std::string OverGrid(const RecordingSink& sink, const Camera& camera)
{
    const std::vector<glm::vec4> boxes = Boxes(sink, camera);
    std::string out;
    for (const GridLabel& g : GridLabels(camera)) {
        const auto p = WorldToScreen(camera, g.at);
        const glm::vec4 grid = LabelBox(glm::vec2(float(p->x), float(p->y)) + g.offset, g.text.size(), 7.0f);
        for (size_t i = 0; i < boxes.size(); ++i) {
            if (Overlap(boxes[i], grid)) {
                out += sink.labels[i].text + " / " + g.text + "\n";
            }
        }
    }
    return out;
}

/// The slab (0-2) whose colour a label has, -1: none.
int SlabOf(const glm::vec4& color)
{
    for (int axis = 0; axis < 3; ++axis) {
        if (color == palette::Slab(axis)) {
            return axis;
        }
    }
    return -1;
}

TEST(FocusLabels, SlabLabelUnderTheCursorIsTheOneDrawnThere)
{
    // every slab-coloured label of the lesson scenes' slab traces: the hover finds its slab at the
    // middle of its box where it is drawn, moved or not (and some are moved)
    int moved = 0, checked = 0;
    for (const char* name : {"slab-2d-hit.json", "slab-2d-miss.json", "ray-obb-near-parallel.json",
                             "ray-from-inside.json", "box-behind-ray.json", "ray-through-corner.json"}) {
        Lesson lesson(name);
        const glm::vec4 area(0.0f, 0.0f, 1280.0f, 720.0f);
        for (const QueryEvaluation& qe : lesson.evaluator.Queries()) {
            const Trace trace = lesson.TraceOf(qe.query);
            RecordingSink sink;
            DrawFocusLabels(lesson.scene, lesson.evaluator, qe.query, trace, lesson.camera, 7.0f, area, nullptr, sink);
            for (const auto& l : sink.labels) {
                if (SlabOf(l.color) < 0) {
                    continue;
                }
                const auto p = WorldToScreen(lesson.camera, glm::dvec3(l.at));
                const glm::vec4 box = LabelBox(glm::vec2(float(p->x), float(p->y)) + l.offset, l.text.size(), 7.0f);
                const glm::dvec2 middle((box.x + box.z) * 0.5, (box.y + box.w) * 0.5);
                EXPECT_EQ(
                    SlabLabelAt(lesson.scene, lesson.evaluator, qe.query, trace, lesson.camera, 7.0f, middle, area),
                    SlabOf(l.color))
                    << name << ": " << l.text;
                ++checked;
                moved += l.offset != glm::vec2(10.0f, -24.0f) && l.offset != glm::vec2(10.0f, 8.0f) ? 1 : 0;
            }
        }
    }
    EXPECT_GE(checked, 20);
    EXPECT_GE(moved, 5);
}

TEST(FocusLabels, NoLessonSceneHasOverlappingLabels)
{
    for (const auto& entry : std::filesystem::directory_iterator(HITLAB_SCENES)) {
        const std::string name = entry.path().filename().string();
        if (entry.path().extension() != ".json" || name == "stress.json") {
            continue;
        }
        Lesson lesson(name);
        for (const QueryEvaluation& qe : lesson.evaluator.Queries()) {
            const Trace trace = lesson.TraceOf(qe.query);
            RecordingSink sink;
            DrawFocusLabels(lesson.scene, lesson.evaluator, qe.query, trace, lesson.camera, 7.0f,
                            {0.0f, 0.0f, 1280.0f, 720.0f}, nullptr, sink);
            EXPECT_EQ(Overlaps(sink, lesson.camera), "") << name;
            EXPECT_EQ(OverGrid(sink, lesson.camera), "") << name;
        }
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
