// What render/trace_draw.h emits for hand-checked pairs, through a recording sink (no GL):
// - ray/sphere: the ray from (-10, 3, 0) along +x against the sphere of radius 5 at the origin
//   (a 3-4-5 triangle): the centre projects to (0, 3, 0) at t = 10, d = 3, half-chord 4, entry
//   (-4, 3, 0) at t = 6 and exit (4, 3, 0) at t = 14; quadratic_stable computes all exactly.
// - SAT: unit boxes (half extents 1) at the origin and at (3, 0, 0): the first axis A0 (x)
//   separates, intervals [-1, 1] and [2, 4], gap 1.
// - per-axis intervals: a = [0, 2]^3, b = [1.5, 3] x [0, 2] x [0, 2]: x overlaps by 0.5, the least
//   push-out: depth 0.5 along +x from the contact (1.75, 1, 1), the arrow's tip at (2.25, 1, 1).
#include "recording_sink.h"

#include "render/scene_draw.h"
#include "render/trace_draw.h"

#include "core/scene_eval.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace hitlab {
namespace HITLAB_UNITY_ID {

struct PairScene {
    Scene scene;
    SceneEvaluator evaluator;
    SceneQuery query;
    Trace trace;
    Camera camera;

    PairScene(Family family, Shape a, Shape b, const char* drawn)
    {
        const ShapeId ia = scene.Add(SceneShape{0, "first", {1, 0, 0, 1}, true, a});
        const ShapeId ib = scene.Add(SceneShape{0, "second", {1, 0.2f, 0, 1}, true, b});
        scene.Settings(family).drawn = FindAlgorithm(family, drawn);
        evaluator.Evaluate(scene);
        query = SceneQuery{family, ia, ib};
        trace = SceneEvaluator::TraceOf(scene, query, *scene.Settings(family).drawn);
        camera.target = {0.0, 0.0, 0.0};
        camera.distance = 20.0;
    }
    /// Only step i of the trace, as the Query inspector hands it to the viewport.
    Trace Step(size_t i) const
    {
        Trace one;
        one.steps.push_back(trace.steps.at(i));
        return one;
    }
    RecordingSink Geometry(const Trace& t) const
    {
        RecordingSink sink;
        DrawTraceSteps(scene, query, t, camera, 0, sink);
        return sink;
    }
    RecordingSink Labels(const Trace& t) const
    {
        RecordingSink sink;
        DrawTraceLabels(scene, evaluator, query, t, camera, sink);
        return sink;
    }
};

glm::vec4 WithAlphaForTest(glm::vec4 c, float a) { return {c.x, c.y, c.z, a}; }

std::vector<std::string> Texts(const RecordingSink& sink)
{
    std::vector<std::string> out;
    for (const auto& l : sink.labels) {
        out.push_back(l.text);
    }
    return out;
}

const RecordingSink::LabelItem* FindLabel(const RecordingSink& sink, const std::string& text)
{
    for (const auto& l : sink.labels) {
        if (l.text == text) {
            return &l;
        }
    }
    return nullptr;
}

std::vector<RecordingSink::LineItem> LinesOf(const RecordingSink& sink, glm::vec4 color, float width)
{
    std::vector<RecordingSink::LineItem> out;
    for (const auto& l : sink.lines) {
        if (l.colorA == color && l.width == width) {
            out.push_back(l);
        }
    }
    return out;
}

PairScene RaySphere()
{
    return PairScene(Family::RaySphere, Ray<double>{{-10, 3, 0}, {1, 0, 0}}, Sphere<double>{{0, 0, 0}, 5},
                     "quadratic_stable");
}

TEST(TraceDraw, RaySphereStepsLabelProjectionDistanceHalfChordAndRoots)
{
    const PairScene s = RaySphere();
    const RecordingSink labels = s.Labels(s.trace);
    const auto* projection = FindLabel(labels, "projection t = 10");
    ASSERT_NE(projection, nullptr);
    EXPECT_EQ(projection->at, glm::vec3(0, 3, 0));
    const auto* d = FindLabel(labels, "computed d = 3 <= r = 5");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->at, glm::vec3(0, 1, 0)); // a third of the way up the perpendicular
    const auto* halfChord = FindLabel(labels, "half-chord = 4");
    ASSERT_NE(halfChord, nullptr);
    EXPECT_EQ(halfChord->at, glm::vec3(2, 3, 0));
    const auto* t0 = FindLabel(labels, "t0 = 6");
    ASSERT_NE(t0, nullptr);
    EXPECT_EQ(t0->at, glm::vec3(-4, 3, 0));
    const auto* t1 = FindLabel(labels, "t1 = 14");
    ASSERT_NE(t1, nullptr);
    EXPECT_EQ(t1->at, glm::vec3(4, 3, 0));
    EXPECT_NE(FindLabel(labels, "r"), nullptr);
    EXPECT_TRUE(labels.lines.empty()); // the label pass draws labels only
}

TEST(TraceDraw, RaySphereStepsDrawThePerpendicularAndTheHalfChordAtTheirSteps)
{
    const PairScene s = RaySphere();
    // the perpendicular's step alone: the centre to its projection, cyan (d <= r)
    size_t perpendicular = 0, roots = 0;
    for (size_t i = 0; i < s.trace.steps.size(); ++i) {
        const TracePart& part = s.trace.steps[i].part;
        perpendicular = std::holds_alternative<SegmentPart>(part) ? i : perpendicular;
        roots = s.trace.steps[i].caption.starts_with("roots") ? i : roots;
    }
    const RecordingSink one = s.Geometry(s.Step(perpendicular));
    const auto d = LinesOf(one, palette::kGap, 2.5f);
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].a, glm::vec3(0, 0, 0));
    EXPECT_EQ(d[0].b, glm::vec3(0, 3, 0));
    EXPECT_TRUE(one.labels.empty()); // the geometry pass draws no labels
    // the roots' step: the half-chord from (0, 3, 0) to the exit, the entry disc and the exit ring
    const RecordingSink rootsStep = s.Geometry(s.Step(roots));
    bool halfChord = false;
    for (const auto& l : rootsStep.lines) {
        halfChord = halfChord || (l.a == glm::vec3(0, 3, 0) && l.b == glm::vec3(4, 3, 0) && l.width == 3.0f);
    }
    EXPECT_TRUE(halfChord);
    const auto entry = rootsStep.Markers(MarkerKind::Disc, palette::kHitMarker);
    ASSERT_EQ(entry.size(), 1u);
    EXPECT_EQ(entry[0].position, glm::vec3(-4, 3, 0));
    const auto exit = rootsStep.Markers(MarkerKind::Ring, palette::kHitMarker);
    ASSERT_EQ(exit.size(), 1u);
    EXPECT_EQ(exit[0].position, glm::vec3(4, 3, 0));
    EXPECT_TRUE(LinesOf(rootsStep, palette::kGap, 2.5f).empty()); // not the perpendicular's step
}

TEST(TraceDraw, TangentRayHasDEqualToRAndAZeroHalfChord)
{
    const PairScene s(Family::RaySphere, Ray<double>{{-10, 5, 0}, {1, 0, 0}}, Sphere<double>{{0, 0, 0}, 5},
                      "quadratic_stable");
    const std::vector<std::string> texts = Texts(s.Labels(s.trace));
    EXPECT_NE(std::find(texts.begin(), texts.end(), "computed d = 5 <= r = 5"), texts.end());
    EXPECT_NE(std::find(texts.begin(), texts.end(), "half-chord = 0"), texts.end());
    EXPECT_NE(std::find(texts.begin(), texts.end(), "t0 = t1 = 10"), texts.end()); // one point, one label
    EXPECT_EQ(std::find(texts.begin(), texts.end(), "t1 = 10"), texts.end());
}

PairScene SeparatedObbs()
{
    return PairScene(Family::ObbObb, Obb<double>{{0, 0, 0}, {1, 1, 1}}, Obb<double>{{3, 0, 0}, {1, 1, 1}}, "sat");
}

TEST(TraceDraw, SatAxisStepDrawsBothIntervalsAndTheGapInTheRoleColours)
{
    const PairScene s = SeparatedObbs();
    ASSERT_EQ(s.trace.steps.size(), 1u); // A0 separates at once
    const RecordingSink g = s.Geometry(s.trace);
    const auto a = LinesOf(g, WithAlphaForTest(palette::kShapeA, 0.95f), 5.0f);
    const auto b = LinesOf(g, WithAlphaForTest(palette::kShapeB, 0.95f), 5.0f);
    ASSERT_EQ(a.size(), 1u);
    ASSERT_EQ(b.size(), 1u);
    EXPECT_FLOAT_EQ(a[0].a.x, -1.0f);
    EXPECT_FLOAT_EQ(a[0].b.x, 1.0f);
    EXPECT_FLOAT_EQ(b[0].a.x, 2.0f);
    EXPECT_FLOAT_EQ(b[0].b.x, 4.0f);
    const auto gap = LinesOf(g, palette::kGap, 4.0f);
    ASSERT_EQ(gap.size(), 1u);
    EXPECT_FLOAT_EQ(gap[0].a.x, 1.0f);
    EXPECT_FLOAT_EQ(gap[0].b.x, 2.0f);
    EXPECT_TRUE(LinesOf(g, palette::kOverlap, 4.0f).empty());
    // the two boxes' edges in their role colours, 12 each
    EXPECT_EQ(LinesOf(g, WithAlphaForTest(palette::kShapeA, 0.9f), 2.0f).size(), 12u);
    EXPECT_EQ(LinesOf(g, WithAlphaForTest(palette::kShapeB, 0.9f), 2.0f).size(), 12u);
    const std::vector<std::string> texts = Texts(s.Labels(s.trace));
    for (const char* want : {"a", "b", "axis A0", "a [-1, 1]", "b [2, 4]", "gap 1"}) {
        EXPECT_NE(std::find(texts.begin(), texts.end(), want), texts.end()) << want;
    }
}

TEST(TraceDraw, ShownAxisIsTheStepsOwnThenTheSeparatingThenTheChosen)
{
    const PairScene sep = SeparatedObbs();
    ASSERT_NE(ShownAxis(sep.trace), nullptr);
    EXPECT_EQ(ShownAxis(sep.trace)->label, "A0");
    const PairScene overlap(Family::ObbObb, Obb<double>{{0, 0, 0}, {1, 1, 1}}, Obb<double>{{0, -1.75, 0}, {1, 1, 1}},
                            "sat");
    ASSERT_NE(ShownAxis(overlap.trace), nullptr);
    EXPECT_EQ(ShownAxis(overlap.trace)->label, "A1"); // least overlap 0.25
    EXPECT_TRUE(ShownAxis(overlap.trace)->chosen);
    const Trace third = overlap.Step(2);
    ASSERT_NE(ShownAxis(third), nullptr);
    EXPECT_EQ(ShownAxis(third)->label, "A2");
    EXPECT_EQ(ShownAxis(overlap.Step(overlap.trace.steps.size() - 1)), nullptr); // the push-out step
}

TEST(TraceDraw, SatPushOutStepIsAnArrowInBsColourWithItsDepth)
{
    const PairScene s(Family::ObbObb, Obb<double>{{0, 0, 0}, {1, 1, 1}}, Obb<double>{{0, -1.75, 0}, {1, 1, 1}}, "sat");
    const Trace last = s.Step(s.trace.steps.size() - 1);
    const RecordingSink g = s.Geometry(last);
    const auto push = LinesOf(g, palette::kShapeB, 2.5f);
    ASSERT_EQ(push.size(), 1u);
    EXPECT_EQ(push[0].a, glm::vec3(0, -1.75f, 0));
    EXPECT_EQ(push[0].b, glm::vec3(0, -2.0f, 0)); // b moved by 0.25 along -y
    const std::vector<std::string> texts = Texts(s.Labels(last));
    EXPECT_NE(std::find(texts.begin(), texts.end(), "b moves by 0.25"), texts.end());
}

TEST(TraceDraw, IntervalOverlapMarksTheOverlapAndLabelsTheDepthAtTheArrowTip)
{
    const PairScene s(Family::AabbAabb, Aabb<double>{{0, 0, 0}, {2, 2, 2}}, Aabb<double>{{1.5, 0, 0}, {3, 2, 2}},
                      "interval");
    ASSERT_NE(ShownAxis(s.trace), nullptr);
    EXPECT_EQ(ShownAxis(s.trace)->label, "x");
    const RecordingSink g = s.Geometry(s.trace);
    const auto overlap = LinesOf(g, palette::kOverlap, 4.0f);
    ASSERT_EQ(overlap.size(), 1u);
    EXPECT_FLOAT_EQ(overlap[0].a.x, 1.5f);
    EXPECT_FLOAT_EQ(overlap[0].b.x, 2.0f);
    const RecordingSink labels = s.Labels(s.trace);
    EXPECT_NE(FindLabel(labels, "overlap 0.5"), nullptr);
    EXPECT_NE(FindLabel(labels, "a [0, 2]"), nullptr);
    EXPECT_NE(FindLabel(labels, "b [1.5, 3]"), nullptr);
    const auto* depth = FindLabel(labels, "depth 0.5");
    ASSERT_NE(depth, nullptr);
    EXPECT_EQ(depth->at, glm::vec3(2.25f, 1.0f, 1.0f));
    EXPECT_EQ(depth->color, palette::kPenetration);
}

TEST(TraceDraw, ContainedIntervalSaysItsOverlapAndThePushOut)
{
    // obb-plus-sign's third axis A2 (z): a's [-0.5, 0.5] lies inside b's [-1, 1]: they share 1, and
    // b must move 1.5 to leave them touching
    const PairScene s(Family::ObbObb, Obb<double>{{0, 0, 0}, {4, 0.5, 0.5}}, Obb<double>{{0, 0, 0}, {0.25, 4, 1}},
                      "sat");
    const RecordingSink labels = s.Labels(s.Step(2));
    EXPECT_NE(FindLabel(labels, "axis A2"), nullptr);
    EXPECT_NE(FindLabel(labels, "overlap 1, push-out 1.5"), nullptr);
}

TEST(TraceDraw, NoDepthLabelForAMethodThatReturnsNone)
{
    // the expanded-box shortcut hits (its grown box holds the centre) but reports no depth
    const PairScene s(Family::SphereAabb, Sphere<double>{{1.5, 1.5, 1.5}, 0.75}, Aabb<double>{{0, 0, 0}, {1, 1, 1}},
                      "expanded_box");
    const RecordingSink labels = s.Labels(s.trace);
    for (const auto& l : labels.labels) {
        EXPECT_FALSE(l.text.starts_with("depth")) << l.text;
    }
    EXPECT_NE(FindLabel(labels, "a"), nullptr);
}

TEST(TraceDraw, SphereTestsLabelTheDistanceTheyCompare)
{
    // centres 1.5 apart, radii 1: depth 0.5 along +y from the contact (0, 0.75, 0)
    const PairScene s(Family::SphereSphere, Sphere<double>{{0, 0, 0}, 1}, Sphere<double>{{0, 1.5, 0}, 1}, "distance");
    const RecordingSink labels = s.Labels(s.trace);
    const auto* centres = FindLabel(labels, "centre to centre: 1.5");
    ASSERT_NE(centres, nullptr);
    EXPECT_EQ(centres->at, glm::vec3(0, 0.75f, 0));
    const auto* depth = FindLabel(labels, "depth 0.5");
    ASSERT_NE(depth, nullptr);
    EXPECT_EQ(depth->at, glm::vec3(0, 1.25f, 0));
}

TEST(TraceDraw, SphereBoxClampStepShowsTheBallsAndTheBoxsIntervals)
{
    // the ball at (1.5, 1.5, 1.5), r = 0.75, near the corner of [0, 1]^3: on x [0.75, 2.25] and
    // [0, 1] share [0.75, 1]
    const PairScene s(Family::SphereAabb, Sphere<double>{{1.5, 1.5, 1.5}, 0.75}, Aabb<double>{{0, 0, 0}, {1, 1, 1}},
                      "closest_point");
    const RecordingSink labels = s.Labels(s.Step(0));
    EXPECT_NE(FindLabel(labels, "axis x"), nullptr);
    EXPECT_NE(FindLabel(labels, "a [0.75, 2.25]"), nullptr);
    EXPECT_NE(FindLabel(labels, "b [0, 1]"), nullptr);
    EXPECT_NE(FindLabel(labels, "overlap 0.25"), nullptr);
    const auto overlap = LinesOf(s.Geometry(s.Step(0)), palette::kOverlap, 4.0f);
    ASSERT_EQ(overlap.size(), 1u);
    EXPECT_FLOAT_EQ(overlap[0].a.x, 0.75f);
    EXPECT_FLOAT_EQ(overlap[0].b.x, 1.0f);
}

TEST(TraceDraw, TouchingBoxesSayDepthZero)
{
    const PairScene s(Family::AabbAabb, Aabb<double>{{0, 0, 0}, {1, 1, 1}}, Aabb<double>{{1, 0, 0}, {2, 1, 1}},
                      "interval");
    EXPECT_NE(FindLabel(s.Labels(s.trace), "depth 0 (touching)"), nullptr);
    EXPECT_NE(FindLabel(s.Labels(s.trace), "overlap 0"), nullptr);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(TraceDraw, RoleColoursAreTheShapesOwnUnlessTheyLookAlike)
{
    // aabb-overlap's blue a and orange b: told apart, kept (opaque)
    const PairColors own = RoleColors({0.35f, 0.55f, 0.95f, 0.5f}, {0.95f, 0.65f, 0.35f, 1.0f});
    EXPECT_EQ(own.a, glm::vec4(0.35f, 0.55f, 0.95f, 1.0f));
    EXPECT_EQ(own.b, glm::vec4(0.95f, 0.65f, 0.35f, 1.0f));
    // magenta and pink (distance 0.2): the two role colours instead
    const PairColors alike = RoleColors({0.85f, 0.45f, 0.85f, 1.0f}, {0.95f, 0.55f, 0.7f, 1.0f});
    EXPECT_EQ(alike.a, palette::kShapeA);
    EXPECT_EQ(alike.b, palette::kShapeB);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(TraceDraw, NearEqualRootsReadApart)
{
    // a ray 1e-12 inside the tangent of the sphere of radius 5, from 1000 away, in double: the
    // half-chord is sqrt(5^2 - (5 - 1e-12)^2), about 3.16e-6, so t0 = 999.99999684 and t1 =
    // 1000.00000316, both "1000" at six digits: they get the digits that keep them apart
    Scene scene;
    const ShapeId ray =
        scene.Add(SceneShape{0, "ray", {1, 0, 0, 1}, true, Ray<double>{{-1000, 5 - 1e-12, 0}, {1, 0, 0}}});
    const ShapeId sphere = scene.Add(SceneShape{0, "sphere", {1, 0.2f, 0, 1}, true, Sphere<double>{{0, 0, 0}, 5}});
    scene.Settings(Family::RaySphere).drawn = FindAlgorithm(Family::RaySphere, "quadratic_stable");
    scene.Settings(Family::RaySphere).precision = Precision::Double;
    SceneEvaluator evaluator;
    evaluator.Evaluate(scene);
    const SceneQuery query{Family::RaySphere, ray, sphere};
    const Trace trace = SceneEvaluator::TraceOf(scene, query, *scene.Settings(Family::RaySphere).drawn);
    Camera camera;
    camera.distance = 20.0;
    RecordingSink sink;
    DrawTraceLabels(scene, evaluator, query, trace, camera, sink);
    const std::vector<std::string> texts = Texts(sink);
    EXPECT_NE(std::find(texts.begin(), texts.end(), "t0 = 999.999997"), texts.end());
    EXPECT_NE(std::find(texts.begin(), texts.end(), "t1 = 1000"), texts.end());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(TraceDraw, SatIntervalEndsThatNearlyMeetReadApart)
{
    // unit boxes 0.0002 apart along x: a's interval ends at 1 and b's starts at 1.0002, both "1"
    // at the labels' four digits; the ends that meet get a fifth
    const PairScene s(Family::ObbObb, Obb<double>{{0, 0, 0}, {1, 1, 1}}, Obb<double>{{2.0002, 0, 0}, {1, 1, 1}}, "sat");
    const std::vector<std::string> texts = Texts(s.Labels(s.trace));
    for (const char* want : {"a [-1, 1]", "b [1.0002, 3]"}) {
        EXPECT_NE(std::find(texts.begin(), texts.end(), want), texts.end()) << want;
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
