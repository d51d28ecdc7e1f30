// What the scene drawing emits (render/scene_draw.h, render/overlay_draw.h) for a hand-checked
// ray and box, recorded through a DrawSink: no display, no GL.
//
// The ray starts at (-1, 0.5, 0.25) with direction (1, 0.25, 0.5); the box is [0, 2]^3. Its slabs:
// x: t in [1, 3], y: t in [-2, 6], z: t in [-0.5, 3.5]; so it enters at t = 1 through the -x face
// at (0, 0.75, 0.75) and leaves at t = 3 through +x at (2, 1.25, 1.75). Every value is exact in float.
#include "recording_sink.h"

#include "render/scene_draw.h"

#include "core/scene_eval.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

glm::vec4 WithAlpha(glm::vec4 c, float a) { return {c.x, c.y, c.z, a}; }

struct RayBoxScene {
    Scene scene;
    SceneEvaluator evaluator;
    ShapeId ray = 0, box = 0;
    SceneDrawOptions options;
    SceneQuery query;
    Trace trace;

    explicit RayBoxScene(glm::dvec3 direction = {1.0, 0.25, 0.5}, const char* drawn = "slab")
    {
        ray = scene.Add(SceneShape{0, "ray", {1, 1, 0, 1}, true, Ray<double>{{-1.0, 0.5, 0.25}, direction}});
        box = scene.Add(SceneShape{0, "box", {0, 0, 1, 1}, true, Aabb<double>{{0.0, 0.0, 0.0}, {2.0, 2.0, 2.0}}});
        FamilySettings& settings = scene.Settings(Family::RayAabb);
        settings.drawn = FindAlgorithm(Family::RayAabb, drawn);
        evaluator.Evaluate(scene);
        options.grid = false;
        options.camera.target = {1.0, 1.0, 1.0};
        options.camera.distance = 10.0;
    }
    /// Draws with the pair focused and its trace by the drawn algorithm.
    RecordingSink DrawFocused()
    {
        query = SceneQuery{Family::RayAabb, ray, box};
        trace = SceneEvaluator::TraceOf(scene, query, *scene.Settings(Family::RayAabb).drawn);
        options.focused = &query;
        options.focusedTrace = &trace;
        RecordingSink sink;
        DrawScene(scene, evaluator, options, sink);
        return sink;
    }
};

TEST(SceneDraw, ShapesAreOneTranslucentBoxAndOneRayWithArrowheadAndOriginDisc)
{
    RayBoxScene s;
    RecordingSink sink;
    DrawScene(s.scene, s.evaluator, s.options, sink);
    ASSERT_EQ(sink.boxes.size(), 1u);
    EXPECT_EQ(sink.boxes[0].center, glm::vec3(1.0f, 1.0f, 1.0f));
    EXPECT_EQ(sink.boxes[0].halfExtents, glm::vec3(1.0f, 1.0f, 1.0f));
    EXPECT_EQ(sink.boxes[0].color, glm::vec4(0.0f, 0.0f, 1.0f, 0.26f));
    const auto tips = sink.Markers(MarkerKind::Arrowhead, {1, 1, 0, 1});
    ASSERT_EQ(tips.size(), 1u);
    EXPECT_EQ(tips[0].position, glm::vec3(0.0f, 0.75f, 0.75f)); // origin + direction
    EXPECT_EQ(tips[0].toward, glm::vec3(-1.0f, 0.5f, 0.25f));
    EXPECT_EQ(sink.Markers(MarkerKind::Disc, {1, 1, 0, 1}).size(), 1u);
}

// With a still layer (render/still_layer.h), the grid and every shape but the selected one go
// there in their plain looks; the selected shape, the hovered one's highlight and the results go
// to the frame's sink.
TEST(SceneDraw, TheStillLayerGetsTheGridAndTheUnselectedShapesInTheirPlainLooks)
{
    RayBoxScene s;
    s.options.grid = true;
    RecordingSink still, frame;
    s.options.still = &still;
    s.options.hovered = s.box;
    DrawScene(s.scene, s.evaluator, s.options, frame);
    EXPECT_FALSE(still.lines.empty()); // the grid's axes
    ASSERT_EQ(still.boxes.size(), 1u);
    EXPECT_EQ(still.boxes[0].color, glm::vec4(0.0f, 0.0f, 1.0f, 0.26f)); // not hovered there
    ASSERT_EQ(frame.boxes.size(), 1u);
    EXPECT_EQ(frame.boxes[0].color, glm::vec4(0.0f, 0.0f, 1.0f, 0.34f));      // the hover's highlight
    EXPECT_EQ(still.Markers(MarkerKind::Arrowhead, {1, 1, 0, 1}).size(), 1u); // the ray
    EXPECT_TRUE(frame.Markers(MarkerKind::Arrowhead, {1, 1, 0, 1}).empty());
    EXPECT_FALSE(frame.Markers(MarkerKind::Disc, palette::kHitMarker).empty()); // the hit: not still

    // selected: the ray leaves the still layer (it moves while dragged), the box stays
    RecordingSink still2, frame2;
    s.options.still = &still2;
    s.options.hovered = 0;
    s.options.selected = s.ray;
    DrawScene(s.scene, s.evaluator, s.options, frame2);
    EXPECT_TRUE(still2.Markers(MarkerKind::Arrowhead, palette::kSelected).empty());
    EXPECT_EQ(frame2.Markers(MarkerKind::Arrowhead, palette::kSelected).size(), 1u);
    EXPECT_EQ(still2.boxes.size(), 1u);
    EXPECT_TRUE(frame2.boxes.empty());
}

TEST(SceneDraw, HitEmitsEntryDiscExitRingAndTheInsideSegment)
{
    RayBoxScene s;
    RecordingSink sink;
    DrawScene(s.scene, s.evaluator, s.options, sink);
    const auto entry = sink.Markers(MarkerKind::Disc, palette::kHitMarker);
    ASSERT_EQ(entry.size(), 1u);
    EXPECT_EQ(entry[0].position, glm::vec3(0.0f, 0.75f, 0.75f));
    EXPECT_EQ(entry[0].size, 11.0f);
    const auto exit = sink.Markers(MarkerKind::Ring, palette::kHitMarker);
    ASSERT_EQ(exit.size(), 1u);
    EXPECT_EQ(exit[0].position, glm::vec3(2.0f, 1.25f, 1.75f));
    int inside = 0;
    for (const auto& l : sink.lines) {
        if (l.colorA == palette::kInside) {
            ++inside;
            EXPECT_EQ(l.layer, DrawLayer::Overlay);
            EXPECT_EQ(l.a, glm::vec3(0.0f, 0.75f, 0.75f));
            EXPECT_EQ(l.b, glm::vec3(2.0f, 1.25f, 1.75f));
            EXPECT_EQ(l.width, 4.0f);
        }
    }
    EXPECT_EQ(inside, 1);
    // the entry normal: an arrow along -x from the entry point, in the normal colour
    const auto normal = sink.Markers(MarkerKind::Arrowhead, palette::kNormal);
    ASSERT_EQ(normal.size(), 1u);
    EXPECT_EQ(normal[0].toward, glm::vec3(0.0f, 0.75f, 0.75f));
    EXPECT_LT(normal[0].position.x, 0.0f);
    EXPECT_EQ(normal[0].position.y, 0.75f);
    EXPECT_EQ(normal[0].position.z, 0.75f);
}

TEST(SceneDraw, MissEmitsNoResult)
{
    RayBoxScene s({-1.0, 0.25, 0.5}); // pointing away from the box
    RecordingSink sink;
    DrawScene(s.scene, s.evaluator, s.options, sink);
    EXPECT_TRUE(sink.Markers(MarkerKind::Disc, palette::kHitMarker).empty());
    EXPECT_TRUE(sink.Markers(MarkerKind::Ring, palette::kHitMarker).empty());
    EXPECT_TRUE(sink.Markers(MarkerKind::Arrowhead, palette::kNormal).empty());
}

TEST(SceneDraw, SlabTraceEmitsEachSlabsCrossingsAndPlanesInTheSlabColour)
{
    RayBoxScene s;
    const RecordingSink sink = s.DrawFocused();
    // the crossings of each slab's two planes, at t_near and t_far, as diamonds in the slab colour
    const auto x = sink.Markers(MarkerKind::Diamond, palette::kSlabX);
    ASSERT_EQ(x.size(), 2u);
    EXPECT_EQ(x[0].position, glm::vec3(0.0f, 0.75f, 0.75f)); // t = 1
    EXPECT_EQ(x[1].position, glm::vec3(2.0f, 1.25f, 1.75f)); // t = 3
    const auto y = sink.Markers(MarkerKind::Diamond, palette::kSlabY);
    ASSERT_EQ(y.size(), 2u);
    EXPECT_EQ(y[0].position, glm::vec3(-3.0f, 0.0f, -0.75f)); // t = -2
    EXPECT_EQ(y[1].position, glm::vec3(5.0f, 2.0f, 3.25f));   // t = 6
    const auto z = sink.Markers(MarkerKind::Diamond, palette::kSlabZ);
    ASSERT_EQ(z.size(), 2u);
    EXPECT_EQ(z[0].position, glm::vec3(-1.5f, 0.375f, 0.0f)); // t = -0.5
    EXPECT_EQ(z[1].position, glm::vec3(2.5f, 1.375f, 2.0f));  // t = 3.5
    // the slab's interval as a band in its lane beside the ray, on top (tests/render/slab_draw_test.cpp
    // measures the lanes)
    int xInterval = 0;
    for (const auto& l : sink.lines) {
        if (l.colorA == WithAlpha(palette::kSlabX, 0.9f) && l.width == 3.0f) {
            ++xInterval;
            EXPECT_EQ(l.layer, DrawLayer::Overlay);
            EXPECT_NEAR(glm::length(l.b - l.a), glm::length(glm::vec3(2.0f, 0.5f, 1.0f)), 1e-5f);
        }
    }
    EXPECT_EQ(xInterval, 1);
    // the x slab's two planes: two translucent quads (four triangles) at x = 0 and x = 2
    int atMin = 0, atMax = 0;
    for (const auto& t : sink.triangles) {
        if (t.color == WithAlpha(palette::kSlabX, 0.10f)) {
            EXPECT_EQ(t.layer, DrawLayer::Overlay);
            atMin += t.a.x == 0.0f && t.b.x == 0.0f && t.c.x == 0.0f ? 1 : 0;
            atMax += t.a.x == 2.0f && t.b.x == 2.0f && t.c.x == 2.0f ? 1 : 0;
        }
    }
    EXPECT_EQ(atMin, 2);
    EXPECT_EQ(atMax, 2);
}

TEST(SceneDraw, FacePlaneTraceMarksTheAcceptedFaceHitInsideInGreen)
{
    RayBoxScene s({1.0, 0.25, 0.5}, "face_planes");
    const RecordingSink sink = s.DrawFocused();
    // the -x face's plane is met at (0, 0.75, 0.75), inside the face: a disc in the inside colour
    bool found = false;
    for (const auto& m : sink.Markers(MarkerKind::Disc, palette::kFaceInside)) {
        found = found || m.position == glm::vec3(0.0f, 0.75f, 0.75f);
        EXPECT_EQ(m.size, 12.0f);
    }
    EXPECT_TRUE(found);
    // and the accepted face's outline is the thick one (3.5 pixels), on the x = 0 plane
    int thick = 0;
    for (const auto& l : sink.lines) {
        if (l.width == 3.5f) {
            ++thick;
            EXPECT_EQ(l.colorA, WithAlpha(palette::kFaceInside, 0.95f));
            EXPECT_EQ(l.a.x, 0.0f);
            EXPECT_EQ(l.b.x, 0.0f);
        }
    }
    EXPECT_EQ(thick, 4);
}

TEST(SceneDraw, CastLabelsGiveEntryAndExitTAtTheirPoints)
{
    RayBoxScene s;
    RecordingSink sink;
    DrawCastLabels(s.scene, s.evaluator, SceneQuery{Family::RayAabb, s.ray, s.box}, sink);
    ASSERT_EQ(sink.labels.size(), 2u);
    EXPECT_EQ(sink.labels[0].text, "in t = 1");
    EXPECT_EQ(sink.labels[0].at, glm::vec3(0.0f, 0.75f, 0.75f));
    EXPECT_EQ(sink.labels[0].offset, glm::vec2(10.0f, -24.0f)); // above the point
    EXPECT_EQ(sink.labels[1].text, "out t = 3");
    EXPECT_EQ(sink.labels[1].at, glm::vec3(2.0f, 1.25f, 1.75f));
    EXPECT_EQ(sink.labels[1].offset, glm::vec2(10.0f, 8.0f)); // below it
    EXPECT_EQ(sink.labels[0].color, sink.labels[1].color);
}

TEST(SceneDraw, CastLabelsOnlyTheEntryWhenTheDrawnAlgorithmGivesNoExit)
{
    RayBoxScene s({1.0, 0.25, 0.5}, "face_planes"); // returns t_enter only
    RecordingSink sink;
    DrawCastLabels(s.scene, s.evaluator, SceneQuery{Family::RayAabb, s.ray, s.box}, sink);
    ASSERT_EQ(sink.labels.size(), 1u);
    EXPECT_EQ(sink.labels[0].text, "in t = 1");
}

TEST(SceneDraw, CastLabelsWithTheTraceGiveEverySlabCrossing)
{
    RayBoxScene s;
    s.DrawFocused(); // fills s.trace: slab's steps
    RecordingSink sink;
    DrawCastLabels(s.scene, s.evaluator, s.query, sink, &s.trace);
    // x: [1, 3] (the entry and the exit), y: [-2, 6], z: [-0.5, 3.5]; near above, far below; each
    // in its slab's colour; last the final interval
    ASSERT_EQ(sink.labels.size(), 7u);
    EXPECT_EQ(sink.labels[0].color, palette::kSlabX);
    EXPECT_EQ(sink.labels[2].color, palette::kSlabY);
    EXPECT_EQ(sink.labels[6].text, "[t_enter, t_exit] = [1, 3]");
    EXPECT_EQ(sink.labels[6].at, glm::vec3(1.0f, 1.0f, 1.25f)); // t = 2
    EXPECT_EQ(sink.labels[0].text, "in: x near t = 1");
    EXPECT_EQ(sink.labels[0].at, glm::vec3(0.0f, 0.75f, 0.75f));
    EXPECT_EQ(sink.labels[0].offset, glm::vec2(10.0f, -24.0f));
    EXPECT_EQ(sink.labels[1].text, "out: x far t = 3");
    EXPECT_EQ(sink.labels[1].at, glm::vec3(2.0f, 1.25f, 1.75f));
    EXPECT_EQ(sink.labels[1].offset, glm::vec2(10.0f, 8.0f));
    EXPECT_EQ(sink.labels[2].text, "y near t = -2");
    EXPECT_EQ(sink.labels[2].at, glm::vec3(-3.0f, 0.0f, -0.75f));
    EXPECT_EQ(sink.labels[3].text, "y far t = 6");
    EXPECT_EQ(sink.labels[3].at, glm::vec3(5.0f, 2.0f, 3.25f));
    EXPECT_EQ(sink.labels[3].offset, glm::vec2(10.0f, 8.0f));
    EXPECT_EQ(sink.labels[4].text, "z near t = -0.5");
    EXPECT_EQ(sink.labels[5].text, "z far t = 3.5");
}

TEST(SceneDraw, CastLabelsOfOneStepKeepTheEntryAndExitOfTheResult)
{
    RayBoxScene s;
    s.DrawFocused();
    Trace step; // the Query inspector on the y slab's step: its crossings, and in / out apart
    for (const TraceStep& t : s.trace.steps) {
        if (const auto* slab = std::get_if<SlabPart>(&t.part); slab != nullptr && slab->axis == 1) {
            step.steps.push_back(t);
        }
    }
    ASSERT_EQ(step.steps.size(), 1u);
    RecordingSink sink;
    DrawCastLabels(s.scene, s.evaluator, s.query, sink, &step);
    ASSERT_EQ(sink.labels.size(), 5u);
    EXPECT_EQ(sink.labels[0].text, "y near t = -2");
    EXPECT_EQ(sink.labels[1].text, "y far t = 6");
    EXPECT_EQ(sink.labels[2].text, "in t = 1");
    EXPECT_EQ(sink.labels[3].text, "out t = 3");
    EXPECT_EQ(sink.labels[4].text, "[t_enter, t_exit] = [1, 3]"); // the running interval after x and y
}

TEST(SceneDraw, CastLabelsNothingForAMiss)
{
    RayBoxScene s({-1.0, 0.25, 0.5});
    RecordingSink sink;
    DrawCastLabels(s.scene, s.evaluator, SceneQuery{Family::RayAabb, s.ray, s.box}, sink);
    EXPECT_TRUE(sink.labels.empty());
}

TEST(SceneDraw, GridEmitsTheAxesInTheirGreyedColoursAndFadesFromTheTarget)
{
    Camera camera;
    camera.target = {0.0, 0.0, 0.0};
    camera.distance = 10.0; // grid step 10^floor(log10(3)) = 1, 40 steps each way
    RecordingSink sink;
    DrawGrid(camera, sink);
    EXPECT_EQ(sink.gridFade, glm::vec4(0.0f, 0.0f, 0.0f, 40.0f));
    int axes = 0;
    for (const auto& l : sink.lines) {
        EXPECT_EQ(l.layer, DrawLayer::Grid);
        if (l.colorA == palette::GridAxis(0)) {
            ++axes;
            EXPECT_EQ(l.a, glm::vec3(-40.0f, 0.0f, 0.0f));
            EXPECT_EQ(l.b, glm::vec3(40.0f, 0.0f, 0.0f));
        }
        if (l.colorA == palette::GridAxis(1)) { // across the y = 0 grid: half as long
            ++axes;
            EXPECT_EQ(l.a, glm::vec3(0.0f, -20.0f, 0.0f));
            EXPECT_EQ(l.b, glm::vec3(0.0f, 20.0f, 0.0f));
        }
    }
    EXPECT_EQ(axes, 2);
    // 81 lines each way, less the two through the origin (the axes draw those), plus 3 axes
    EXPECT_EQ(sink.lines.size(), 2u * 80u + 3u);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
