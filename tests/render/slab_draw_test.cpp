// The slab method's picture (render/slab_draw.h) and its labels (DrawCastLabels), recorded through
// a DrawSink: the slab palette apart from the world axes, per-axis bands in lanes beside the ray,
// a miss's deciding crossings, the running interval, what a hover lights, and labels that do not
// overwrite each other. No display, no GL.
//
// The 2D scenes are the lessons': the box x, y in [1, 3] (z in [-0.5, 0.5]) and a ray from the
// origin. Direction (4, 1): x slab t in [0.25, 0.75], y slab t in [1, 3]: a miss, decided where
// the ray leaves x at t = 0.75 (the point (3, 0.75)) before it enters y at t = 1 (at (4, 1)).
// Direction (2, 1): x in [0.5, 1.5], y in [1, 3]: a hit with t in [1, 1.5].
#include "recording_sink.h"

#include "render/cast_labels.h"
#include "render/scene_draw.h"
#include "render/slab_draw.h"

#include "core/scene_eval.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

glm::vec4 WithAlpha(glm::vec4 c, float a) { return {c.x, c.y, c.z, a}; }

struct Slab2d {
    Scene scene;
    SceneEvaluator evaluator;
    ShapeId ray = 0, box = 0;
    SceneQuery query;
    Trace trace;
    Camera camera;
    glm::dvec3 from, along;

    explicit Slab2d(glm::dvec3 direction, glm::dvec3 origin = glm::dvec3(0.0), double boxMinY = 1.0)
        : from(origin), along(direction)
    {
        box = scene.Add(SceneShape{0, "box", {0, 0, 1, 1}, true, Aabb<double>{{1.0, boxMinY, -0.5}, {3.0, 3.0, 0.5}}});
        ray = scene.Add(SceneShape{0, "ray", {1, 1, 0, 1}, true, Ray<double>{origin, direction}});
        const char* drawn = "slab";
        scene.Settings(Family::RayAabb).drawn = FindAlgorithm(Family::RayAabb, drawn);
        evaluator.Evaluate(scene);
        query = SceneQuery{Family::RayAabb, ray, box};
        trace = SceneEvaluator::TraceOf(scene, query, *scene.Settings(Family::RayAabb).drawn);
        camera.view2d = true;
        camera.yawDeg = camera.pitchDeg = 0.0;
        camera.target = {2.0, 1.5, 0.0};
        camera.distance = 7.0;
        camera.viewport = {1280.0, 720.0};
    }
    glm::dvec2 Screen(const glm::vec3& p) const
    {
        const auto s = WorldToScreen(camera, glm::dvec3(p));
        EXPECT_TRUE(s.has_value());
        return s ? glm::dvec2(s->x, s->y) : glm::dvec2(0.0);
    }
    /// Signed distance in pixels of p's screen point from the ray's line on screen.
    double FromRay(const glm::vec3& p) const
    {
        const glm::dvec2 o = Screen(glm::vec3(from)), d = glm::normalize(Screen(glm::vec3(from + along)) - o),
                         q = Screen(p) - o;
        return d.x * q.y - d.y * q.x;
    }
};

double Distance(glm::vec4 a, glm::vec4 b) { return glm::length(glm::vec3(a) - glm::vec3(b)); }

TEST(SlabDraw, SlabColoursAreFarFromEveryWorldAxisColour)
{
    for (int slab = 0; slab < 3; ++slab) {
        for (int axis = 0; axis < 3; ++axis) {
            EXPECT_GT(Distance(palette::Slab(slab), palette::GridAxis(axis)), 0.3) << slab << " vs " << axis;
            EXPECT_GT(Distance(palette::Slab(slab), palette::Axis(axis)), 0.3) << slab << " vs " << axis;
        }
        for (int other = slab + 1; other < 3; ++other) {
            EXPECT_GT(Distance(palette::Slab(slab), palette::Slab(other)), 0.3);
        }
    }
    // the grid's axes are the axis colours greyed: 45 % of the way to (0.42, 0.43, 0.45), alpha 0.85
    EXPECT_NEAR(palette::GridAxis(0).x, 0.9f * 0.55f + 0.42f * 0.45f, 1e-6f);
    EXPECT_EQ(palette::GridAxis(1).w, 0.85f);
}

TEST(SlabDraw, BandsLieInTheirOwnLanesBesideTheRay)
{
    Slab2d s({4.0, 1.0, 0.0});
    RecordingSink sink;
    DrawSlabs(s.scene, s.query, s.trace, s.camera, sink);
    int bands = 0;
    for (const auto& l : sink.lines) {
        for (int axis = 0; axis < 2; ++axis) {
            if (l.colorA == WithAlpha(palette::Slab(axis), 0.9f) && l.width == 3.0f) {
                ++bands;
                // x: t 0.25 to 0.75, y: t 1 to 3, each BandLane pixels to the same side of the ray
                const double lane = axis == 0 ? 6.0 : 12.0;
                EXPECT_NEAR(std::abs(s.FromRay(l.a)), lane, 1e-3) << axis;
                EXPECT_NEAR(std::abs(s.FromRay(l.b)), lane, 1e-3) << axis;
                EXPECT_GT(s.FromRay(l.a), 0.0);
                const glm::dvec2 from = s.Screen({axis == 0 ? 1.0f : 4.0f, axis == 0 ? 0.25f : 1.0f, 0.0f});
                EXPECT_NEAR(glm::length(s.Screen(l.a) - from), lane, 1e-3);
            }
        }
    }
    EXPECT_EQ(bands, 2);
    EXPECT_EQ(BandLane(0), 6.0);
    EXPECT_EQ(BandLane(1), 12.0);
    EXPECT_EQ(BandLane(2), 18.0);
}

TEST(SlabDraw, SweepLightsTheSlabsWhoseIntervalHoldsT)
{
    // the ray (4, 1) from the origin: x slab t in [0.25, 0.75], y slab [1, 3], z parallel inside
    Slab2d s({4.0, 1.0, 0.0});
    EXPECT_EQ(SlabsHolding(s.trace, 0.1), 0b100);
    EXPECT_EQ(SlabsHolding(s.trace, 0.25), 0b101);
    EXPECT_EQ(SlabsHolding(s.trace, 0.9), 0b100); // between the x slab's exit and the y slab's entry
    EXPECT_EQ(SlabsHolding(s.trace, 2.0), 0b110);
    EXPECT_EQ(SlabsHolding(s.trace, 3.5), 0b100);
    RecordingSink sink;
    DrawSlabSweep(s.scene, s.query, s.trace, s.camera, 0.5, sink);
    // the x band alone lit (opaque, 7 pixels), in its lane from t = 0.25 to 0.75
    int lit = 0;
    for (const auto& l : sink.lines) {
        if (l.width == 7.0f) {
            ++lit;
            EXPECT_EQ(l.colorA, palette::Slab(0));
            EXPECT_NEAR(std::abs(s.FromRay(l.a)), 6.0, 1e-3);
            EXPECT_NEAR(glm::length(s.Screen(l.a) - s.Screen({1.0f, 0.25f, 0.0f})), 6.0, 1e-3);
            EXPECT_NEAR(glm::length(s.Screen(l.b) - s.Screen({3.0f, 0.75f, 0.0f})), 6.0, 1e-3);
        }
    }
    EXPECT_EQ(lit, 1);
    // the disc at the ray's point at t = 0.5: (2, 0.5)
    const auto discs = sink.Markers(MarkerKind::Disc, palette::kHitMarker);
    ASSERT_EQ(discs.size(), 1u);
    EXPECT_EQ(discs[0].position, glm::vec3(2.0f, 0.5f, 0.0f));
}

TEST(SlabDraw, MissMarksTheExitOfOneSlabAndTheEntryOfTheOther)
{
    Slab2d s({4.0, 1.0, 0.0});
    RecordingSink sink;
    DrawSlabs(s.scene, s.query, s.trace, s.camera, sink);
    const auto exit = sink.Markers(MarkerKind::Ring, palette::kSlabX);
    const auto enter = sink.Markers(MarkerKind::Ring, palette::kSlabY);
    ASSERT_EQ(exit.size(), 1u);
    ASSERT_EQ(enter.size(), 1u);
    EXPECT_EQ(exit[0].position, glm::vec3(3.0f, 0.75f, 0.0f)); // leaves x at t = 0.75
    EXPECT_EQ(enter[0].position, glm::vec3(4.0f, 1.0f, 0.0f)); // enters y at t = 1
    EXPECT_EQ(exit[0].size, 20.0f);
    // the gap between them, where the ray is in no slab's interval together
    int gaps = 0;
    for (const auto& l : sink.lines) {
        if (l.colorA == WithAlpha(palette::kPenetration, 0.9f)) {
            ++gaps;
            EXPECT_EQ(l.a, glm::vec3(3.0f, 0.75f, 0.0f));
            EXPECT_EQ(l.b, glm::vec3(4.0f, 1.0f, 0.0f));
        }
    }
    EXPECT_EQ(gaps, 1);

    RecordingSink labels;
    DrawCastLabels(s.scene, s.evaluator, s.query, labels, &s.trace, &s.camera);
    std::vector<std::string> texts;
    for (const auto& l : labels.labels) {
        texts.push_back(l.text);
    }
    EXPECT_EQ(texts, (std::vector<std::string>{"x near t = 0.25", "exits first: x far t = 0.75",
                                               "enters last: y near t = 1", "y far t = 3"}));
    EXPECT_EQ(labels.labels[1].color, palette::kSlabX);
    EXPECT_EQ(labels.labels[2].color, palette::kSlabY);
}

TEST(SlabDraw, TheDecidingStepAloneStillNamesBothCrossings)
{
    Slab2d s({4.0, 1.0, 0.0});
    Trace deciding;
    for (const TraceStep& step : s.trace.steps) {
        if (const auto* slab = std::get_if<SlabPart>(&step.part); slab != nullptr && SlabEmpty(*slab)) {
            deciding.steps.push_back(step);
            break;
        }
    }
    ASSERT_EQ(deciding.steps.size(), 1u);
    RecordingSink labels;
    DrawCastLabels(s.scene, s.evaluator, s.query, labels, &deciding, &s.camera);
    // the y slab's own crossings, and the x slab's exit that the step compares with its entry
    std::vector<std::string> texts;
    for (const auto& l : labels.labels) {
        texts.push_back(l.text);
    }
    EXPECT_EQ(texts,
              (std::vector<std::string>{"enters last: y near t = 1", "y far t = 3", "exits first: x far t = 0.75"}));
}

TEST(SlabDraw, ABoxBehindTheRayIsDecidedByItsExitBeforeTheOrigin)
{
    // from (4, 2) along +x: the x slab holds t in [-3, -1], and a ray starts at t = 0
    Slab2d s({1.0, 0.0, 0.0}, {4.0, 2.0, 0.0});
    RecordingSink labels;
    DrawCastLabels(s.scene, s.evaluator, s.query, labels, &s.trace, &s.camera);
    std::vector<std::string> texts;
    for (const auto& l : labels.labels) {
        texts.push_back(l.text);
    }
    EXPECT_EQ(texts,
              (std::vector<std::string>{"x near t = -3", "exits first: x far t = -1", "enters last: origin t = 0"}));
    EXPECT_EQ(labels.labels[2].at, glm::vec3(4.0f, 2.0f, 0.0f));
    RecordingSink sink;
    DrawSlabs(s.scene, s.query, s.trace, s.camera, sink);
    const auto exit = sink.Markers(MarkerKind::Ring, palette::kSlabX);
    ASSERT_EQ(exit.size(), 1u);
    EXPECT_EQ(exit[0].position, glm::vec3(3.0f, 2.0f, 0.0f));
}

TEST(SlabDraw, HitShowsTheFinalIntervalAsABracketOnTheRayAndItsLabel)
{
    Slab2d s({2.0, 1.0, 0.0});
    RecordingSink sink;
    DrawSlabs(s.scene, s.query, s.trace, s.camera, sink);
    int interval = 0, ticks = 0;
    for (const auto& l : sink.lines) {
        if (l.colorA == WithAlpha(palette::kHitMarker, 0.35f)) {
            ++interval;
            EXPECT_EQ(l.a, glm::vec3(2.0f, 1.0f, 0.0f)); // t = 1
            EXPECT_EQ(l.b, glm::vec3(3.0f, 1.5f, 0.0f)); // t = 1.5
            EXPECT_EQ(l.width, 7.0f);
        }
        if (l.colorA == palette::kHitMarker && l.width == 2.0f) {
            ++ticks; // 8 pixels to each side of the ray, across it
            EXPECT_NEAR(std::abs(s.FromRay(l.a)), 8.0, 1e-3);
            EXPECT_NEAR(std::abs(s.FromRay(l.b)), 8.0, 1e-3);
        }
    }
    EXPECT_EQ(interval, 1);
    EXPECT_EQ(ticks, 2);
    EXPECT_TRUE(sink.Markers(MarkerKind::Ring, palette::kSlabX).empty()); // nothing decided a miss

    RecordingSink labels;
    DrawCastLabels(s.scene, s.evaluator, s.query, labels, &s.trace, &s.camera);
    ASSERT_FALSE(labels.labels.empty());
    EXPECT_EQ(labels.labels.back().text, "[t_enter, t_exit] = [1, 1.5]");
    EXPECT_EQ(labels.labels.back().at, glm::vec3(2.5f, 1.25f, 0.0f));
}

TEST(SlabDraw, HighlightComesFromTheBarFirstThenTheCrossing)
{
    const SlabHighlight bar = HighlightOf(2, 0, 1, 1);
    EXPECT_EQ(bar.axis, 2);
    EXPECT_EQ(bar.trace, 0);
    const SlabHighlight crossing = HighlightOf(-1, 0, 1, 1);
    EXPECT_EQ(crossing.axis, 1);
    EXPECT_EQ(crossing.trace, 1);
    const SlabHighlight none = HighlightOf(-1, 0, -1, 0);
    EXPECT_EQ(none.axis, -1);
    EXPECT_EQ(none.trace, -1);
}

TEST(SlabDraw, TheLitSlabHasLargerCrossingsAThickerBandAndBrighterPlanes)
{
    Slab2d s({2.0, 1.0, 0.0});
    RecordingSink sink;
    DrawSlabs(s.scene, s.query, s.trace, s.camera, sink, SlabHighlight{1, 0});
    for (const auto& m : sink.Markers(MarkerKind::Diamond, palette::kSlabY)) {
        EXPECT_EQ(m.size, 14.0f);
    }
    for (const auto& m : sink.Markers(MarkerKind::Diamond, palette::kSlabX)) {
        EXPECT_EQ(m.size, 9.0f);
    }
    EXPECT_EQ(sink.Markers(MarkerKind::Diamond, palette::kSlabY).size(), 2u);
    int thickY = 0, litPlaneEdges = 0;
    for (const auto& l : sink.lines) {
        thickY += l.colorA == WithAlpha(palette::kSlabY, 0.9f) && l.width == 5.0f ? 1 : 0;
        litPlaneEdges += l.colorA == WithAlpha(palette::kSlabY, 0.9f) && l.width == 4.0f ? 1 : 0; // edge-on planes
        EXPECT_FALSE(l.colorA == WithAlpha(palette::kSlabX, 0.9f) && l.width == 5.0f);
    }
    EXPECT_EQ(thickY, 1);
    EXPECT_EQ(litPlaneEdges, 2);
}

TEST(SlabDraw, CrossingUnderTheCursorIsFoundWithinItsRadius)
{
    Slab2d s({2.0, 1.0, 0.0});
    const std::vector<SlabCrossing> crossings = SlabCrossingsOf(s.scene, s.query, s.trace);
    ASSERT_EQ(crossings.size(), 4u); // x near, x far, y near, y far (z is parallel)
    EXPECT_EQ(crossings[0].axis, 0);
    EXPECT_TRUE(crossings[0].near);
    EXPECT_EQ(crossings[0].t, 0.5);
    EXPECT_EQ(crossings[0].point, glm::dvec3(1.0, 0.5, 0.0));
    EXPECT_EQ(crossings[3].axis, 1);
    EXPECT_EQ(crossings[3].t, 3.0);
    const glm::dvec2 yNear = s.Screen({2.0f, 1.0f, 0.0f});
    EXPECT_EQ(CrossingAt(crossings, s.camera, yNear + glm::dvec2(3.0, 4.0), 9.0), 2);  // 5 px away
    EXPECT_EQ(CrossingAt(crossings, s.camera, yNear + glm::dvec2(7.0, 8.0), 9.0), -1); // 10.6 px away
}

TEST(SlabDraw, TheLabelUnderTheCursorNamesItsSlab)
{
    Slab2d s({2.0, 1.0, 0.0});
    RecordingSink labels;
    DrawCastLabels(s.scene, s.evaluator, s.query, labels, &s.trace, &s.camera, 7.0f);
    ASSERT_EQ(labels.labels[0].text, "x near t = 0.5"); // above (1, 0.5): its box starts 6 px right of it
    const glm::dvec2 x = s.Screen(labels.labels[0].at) + glm::dvec2(labels.labels[0].offset);
    EXPECT_EQ(SlabLabelAt(s.scene, s.evaluator, s.query, s.trace, s.camera, 7.0f, x + glm::dvec2(20.0, 6.0)), 0);
    EXPECT_EQ(SlabLabelAt(s.scene, s.evaluator, s.query, s.trace, s.camera, 7.0f, x + glm::dvec2(20.0, -30.0)), -1);
    // "in: y near t = 1" is the y slab's
    ASSERT_EQ(labels.labels[2].text, "in: y near t = 1");
    const glm::dvec2 y = s.Screen(labels.labels[2].at) + glm::dvec2(labels.labels[2].offset);
    EXPECT_EQ(SlabLabelAt(s.scene, s.evaluator, s.query, s.trace, s.camera, 7.0f, y + glm::dvec2(5.0, 5.0)), 1);
}

TEST(SlabDraw, ComparedTraceIsDrawnAsRingsWithBandsOnTheOtherSide)
{
    Slab2d s({2.0, 1.0, 0.0});
    const Trace second = SceneEvaluator::TraceOf(s.scene, s.query, *FindAlgorithm(Family::RayAabb, "slab_branchless"));
    RecordingSink sink;
    DrawSlabs(s.scene, s.query, s.trace, s.camera, sink, {}, &second);
    const auto rings = sink.Markers(MarkerKind::Ring, palette::kSlabX);
    ASSERT_EQ(rings.size(), 2u);
    EXPECT_EQ(rings[0].position, glm::vec3(1.0f, 0.5f, 0.0f));
    EXPECT_EQ(rings[0].size, 14.0f);
    int other = 0;
    for (const auto& l : sink.lines) {
        if (l.colorA == WithAlpha(palette::kSlabX, 0.65f) && l.width == 2.0f) {
            ++other;
            EXPECT_NEAR(s.FromRay(l.a), -6.0, 1e-3); // the drawn trace's band is at +6
        }
    }
    EXPECT_EQ(other, 1);
}

/// The screen rectangles of recorded labels, as LabelPlacement measures them (7 pixels a character).
std::vector<glm::dvec4> LabelBoxes(const RecordingSink& sink, const Camera& camera)
{
    std::vector<glm::dvec4> boxes;
    for (const auto& l : sink.labels) {
        const auto p = WorldToScreen(camera, glm::dvec3(l.at));
        const glm::dvec2 lo = glm::dvec2(p->x, p->y) + glm::dvec2(l.offset) - glm::dvec2(4.0, 2.0);
        boxes.emplace_back(lo, lo + glm::dvec2(double(l.text.size()) * 7.0 + 8.0, 17.0));
    }
    return boxes;
}

bool Overlap(const glm::dvec4& a, const glm::dvec4& b) { return a.x < b.z && b.x < a.z && a.y < b.w && b.y < a.w; }

TEST(SlabDraw, LabelsOfNearbyCrossingsAreStackedInsteadOfOverwritten)
{
    // a flat ray: x near at t = 1 (1, 0.12) and y near at t = 1.05 (1.05, 0.121), 4 pixels apart
    Slab2d s({1.0, 0.02, 0.0}, {0.0, 0.1, 0.0}, 0.121);
    RecordingSink plain, stacked;
    DrawCastLabels(s.scene, s.evaluator, s.query, plain, &s.trace);
    DrawCastLabels(s.scene, s.evaluator, s.query, stacked, &s.trace, &s.camera, 7.0f);
    ASSERT_EQ(plain.labels.size(), stacked.labels.size());
    ASSERT_GE(stacked.labels.size(), 4u);
    // without the camera the two near labels sit at the same offset and overwrite each other
    const auto plainBoxes = LabelBoxes(plain, s.camera);
    EXPECT_TRUE(Overlap(plainBoxes[0], plainBoxes[2])) << plain.labels[0].text << " / " << plain.labels[2].text;
    // with it, the second moves a lane (20 pixels) up, and no two labels overlap
    EXPECT_EQ(stacked.labels[0].offset, glm::vec2(10.0f, -24.0f));
    EXPECT_EQ(stacked.labels[2].offset, glm::vec2(10.0f, -44.0f));
    const auto boxes = LabelBoxes(stacked, s.camera);
    for (size_t i = 0; i < boxes.size(); ++i) {
        for (size_t j = i + 1; j < boxes.size(); ++j) {
            EXPECT_FALSE(Overlap(boxes[i], boxes[j])) << stacked.labels[i].text << " / " << stacked.labels[j].text;
        }
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
