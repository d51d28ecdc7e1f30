// The Minkowski difference view (render/minkowski_draw.h): A - B of hand-checked pairs, its
// projection, the answer's vector and GJK / EPA / MPR steps, recorded without a display. GJK's
// and EPA's own traces (core/gjk.h, core/epa.h) are the independent peer: every support point of
// two boxes is a corner of one minus a corner of the other, inside the drawn difference's box.
#include "recording_sink.h"

#include "render/minkowski_draw.h"

#include "core/epa.h"
#include "core/gjk.h"
#include "core/gjk_trace.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace hitlab {
namespace HITLAB_UNITY_ID {

// [0,1]^3 and the same box moved 1.5 along x: A - B = [-2.5, -0.5] x [-1, 1] x [-1, 1]
const Aabb<double> kA{{0, 0, 0}, {1, 1, 1}};
const Aabb<double> kB{{1.5, 0, 0}, {2.5, 1, 1}};

bool IsVertex(const ConvexHull& hull, const glm::dvec3& p)
{
    return std::find(hull.vertices.begin(), hull.vertices.end(), p) != hull.vertices.end();
}

TEST(MinkowskiDraw, TwoBoxesGiveTheBoxOfTheirDifference)
{
    const auto d = MinkowskiDifferenceOf(kA, kB);
    ASSERT_TRUE(d.has_value());
    EXPECT_FALSE(d->sampled);
    EXPECT_EQ(d->points, 64u);
    EXPECT_EQ(d->hull.kind, HullKind::Polyhedron);
    ASSERT_EQ(d->hull.vertices.size(), 8u);
    for (double x : {-2.5, -0.5}) {
        for (double y : {-1.0, 1.0}) {
            for (double z : {-1.0, 1.0}) {
                EXPECT_TRUE(IsVertex(d->hull, {x, y, z})) << x << " " << y << " " << z;
            }
        }
    }
    RecordingSink sink;
    DrawMinkowskiView(*d, glm::vec4(1), MinkowskiPlane::None, {}, sink);
    EXPECT_EQ(sink.triangles.size(), 12u);
    EXPECT_EQ(sink.lines.size(), 12u + 3u); // the box's edges and the origin's three axes
    ASSERT_FALSE(sink.labels.empty());
    EXPECT_EQ(sink.labels[0].text, "origin");
    EXPECT_EQ(sink.labels[0].at, glm::vec3(0.0f));
}

TEST(MinkowskiDraw, ProjectionOntoXyIsTheRectangle)
{
    const auto d = MinkowskiDifferenceOf(kA, kB, MinkowskiPlane::XY);
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(d->hull.kind, HullKind::Polygon);
    ASSERT_EQ(d->hull.vertices.size(), 4u);
    for (const glm::dvec3& p : d->hull.vertices) {
        EXPECT_EQ(p.z, 0.0);
        EXPECT_TRUE(p.x == -2.5 || p.x == -0.5);
        EXPECT_TRUE(p.y == -1.0 || p.y == 1.0);
    }
    RecordingSink sink;
    DrawMinkowskiView(*d, glm::vec4(1), MinkowskiPlane::XY, {}, sink);
    EXPECT_EQ(sink.triangles.size(), 2u);
    EXPECT_EQ(sink.lines.size(), 4u + 2u); // the rectangle and the x and y axes (z projects to a point)
}

TEST(MinkowskiDraw, SpheresGiveASampledBallOfTheSummedRadius)
{
    const auto d = MinkowskiDifferenceOf(Sphere<double>{{3, 0, 0}, 1}, Sphere<double>{{0, 1, 0}, 0.5});
    ASSERT_TRUE(d.has_value());
    EXPECT_TRUE(d->sampled);
    EXPECT_EQ(d->hull.vertices.size(), std::size_t(kSphereSamples));
    for (const glm::dvec3& p : d->hull.vertices) {
        EXPECT_NEAR(glm::length(p - glm::dvec3(3, -1, 0)), 1.5, 1e-12);
    }
}

TEST(MinkowskiDraw, RaysAndMeshesHaveNone)
{
    EXPECT_FALSE(MinkowskiDifferenceOf(Ray<double>{{0, 0, 0}, {1, 0, 0}}, kB).has_value());
    EXPECT_FALSE(MinkowskiDifferenceOf(kA, Plane<double>{{0, 1, 0}, 0}).has_value());
}

TEST(MinkowskiDraw, AnswerVectorsStartAtTheOrigin)
{
    const auto d = MinkowskiDifferenceOf(kA, kB);
    ASSERT_TRUE(d.has_value());
    Result miss; // closest points (1, .5, .5) on a and (1.5, .5, .5) on b: A - B's point nearest 0 is (-0.5, 0, 0)
    miss.hasDistance = true;
    miss.distance = 0.5;
    miss.closestA = {1, 0.5, 0.5};
    miss.closestB = {1.5, 0.5, 0.5};
    MinkowskiOverlay overlay;
    overlay.answer = miss;
    overlay.answerName = "exact";
    RecordingSink sink;
    DrawMinkowskiView(*d, glm::vec4(1), MinkowskiPlane::None, overlay, sink);
    const auto it = std::find_if(sink.lines.begin(), sink.lines.end(),
                                 [](const auto& l) { return l.b == glm::vec3(-0.5f, 0.0f, 0.0f); });
    ASSERT_NE(it, sink.lines.end());
    EXPECT_EQ(it->a, glm::vec3(0.0f));
    EXPECT_TRUE(std::any_of(sink.labels.begin(), sink.labels.end(),
                            [](const auto& l) { return l.text == "exact: distance 0.5"; }));

    Result hit; // depth 0.25 along +x
    hit.hit = true;
    hit.hasNormal = true;
    hit.normal = {1, 0, 0};
    hit.depth = 0.25;
    overlay.answer = hit;
    RecordingSink hitSink;
    DrawMinkowskiView(*d, glm::vec4(1), MinkowskiPlane::None, overlay, hitSink);
    EXPECT_TRUE(std::any_of(hitSink.lines.begin(), hitSink.lines.end(), [](const auto& l) {
        return l.a == glm::vec3(0.0f) && l.b == glm::vec3(0.25f, 0.0f, 0.0f);
    }));
}

/// a's corner minus b's corner, for one of the 64 pairs.
bool IsCornerDifference(const Aabb<double>& a, const Aabb<double>& b, const glm::dvec3& p)
{
    for (int i = 0; i < 8; ++i) {
        for (int j = 0; j < 8; ++j) {
            const glm::dvec3 ca(i & 1 ? a.max.x : a.min.x, i & 2 ? a.max.y : a.min.y, i & 4 ? a.max.z : a.min.z);
            const glm::dvec3 cb(j & 1 ? b.max.x : b.min.x, j & 2 ? b.max.y : b.min.y, j & 4 ? b.max.z : b.min.z);
            if (ca - cb == p) {
                return true;
            }
        }
    }
    return false;
}

TEST(MinkowskiDraw, GjkSimplexPointsLieInTheDifference)
{
    const auto d = MinkowskiDifferenceOf(kA, kB);
    ASSERT_TRUE(d.has_value());
    Trace trace;
    const GjkResult<double> r = Gjk<double>(kA, kB, &trace);
    EXPECT_FALSE(r.hit);
    ASSERT_FALSE(trace.steps.empty());
    for (const TraceStep& step : trace.steps) {
        for (GjkTraceVec w : {GjkTraceVec::Simplex0, GjkTraceVec::Simplex1, GjkTraceVec::Simplex2,
                              GjkTraceVec::Simplex3, GjkTraceVec::Support}) {
            glm::dvec3 p(0.0);
            if (ReadTraceVec(step, w, p)) {
                EXPECT_TRUE(IsCornerDifference(kA, kB, p)) << step.caption;
                EXPECT_TRUE(p.x >= -2.5 && p.x <= -0.5 && std::abs(p.y) <= 1 && std::abs(p.z) <= 1) << step.caption;
            }
        }
        RecordingSink sink;
        EXPECT_TRUE(DrawMinkowskiStep(step, MinkowskiPlane::None, sink));
        EXPECT_FALSE(sink.markers.empty());
    }
}

TEST(MinkowskiDraw, EpaFaceAndItsFootAreDrawn)
{
    const Aabb<double> b{{0.75, 0, 0}, {1.75, 1, 1}}; // overlapping kA by 0.25 along x
    Trace gjkTrace, epaTrace;
    const GjkResult<double> g = Gjk<double>(kA, b, &gjkTrace);
    ASSERT_TRUE(g.hit);
    Epa<double>(kA, b, g, &epaTrace);
    ASSERT_FALSE(epaTrace.steps.empty());
    const TraceStep& last = epaTrace.steps.back();
    RecordingSink sink;
    ASSERT_TRUE(DrawMinkowskiStep(last, MinkowskiPlane::None, sink));
    EXPECT_EQ(sink.triangles.size(), 1u); // the nearest face
    // the foot: face_normal * face_distance = (0.25, 0, 0), EPA's exact answer on these boxes
    EXPECT_TRUE(std::any_of(sink.lines.begin(), sink.lines.end(), [](const auto& l) {
        return l.a == glm::vec3(0.0f) && l.b == glm::vec3(0.25f, 0.0f, 0.0f);
    }));
}

TEST(MinkowskiDraw, SeparationOfBoxesAndSpheres)
{
    const auto boxes = SolidsSeparation(kA, kB); // 0.5 apart along x, faces x = 1 and x = 1.5
    ASSERT_TRUE(boxes.has_value());
    EXPECT_EQ(boxes->distance, 0.5);
    EXPECT_EQ(boxes->a.x, 1.0);
    EXPECT_EQ(boxes->b.x, 1.5);
    const auto balls = SolidsSeparation(Sphere<double>{{0, 0, 0}, 1}, Sphere<double>{{3, 0, 0}, 0.5});
    ASSERT_TRUE(balls.has_value());
    EXPECT_EQ(balls->distance, 1.5);
    EXPECT_EQ(balls->a, glm::dvec3(1, 0, 0));
    EXPECT_EQ(balls->b, glm::dvec3(2.5, 0, 0));
    const auto ballBox = SolidsSeparation(Sphere<double>{{-2, 0.5, 0.5}, 0.5}, kA); // centre 2 from face x = 0
    ASSERT_TRUE(ballBox.has_value());
    EXPECT_EQ(ballBox->distance, 1.5);
    EXPECT_EQ(ballBox->a, glm::dvec3(-1.5, 0.5, 0.5));
    EXPECT_EQ(ballBox->b, glm::dvec3(0, 0.5, 0.5));
    EXPECT_FALSE(SolidsSeparation(Ray<double>{{0, 0, 0}, {1, 0, 0}}, kA).has_value());
}

TEST(MinkowskiDraw, MissWithoutDistanceDrawsTheSeparationAndTheDrawnAnswerBeside)
{
    const auto d = MinkowskiDifferenceOf(kA, kB);
    ASSERT_TRUE(d.has_value());
    MinkowskiOverlay overlay;
    overlay.answer = Result{}; // a miss without a distance (sat's)
    overlay.separation = SolidsSeparation(kA, kB);
    Result wrong; // a drawn algorithm that says they overlap by 0.1 along y
    wrong.hit = true;
    wrong.hasNormal = true;
    wrong.normal = {0, 1, 0};
    wrong.depth = 0.1;
    overlay.drawn = wrong;
    overlay.drawnName = "gjk_epa";
    RecordingSink sink;
    DrawMinkowskiView(*d, glm::vec4(1), MinkowskiPlane::None, overlay, sink);
    auto from0To = [&](glm::vec3 tip) {
        return std::any_of(sink.lines.begin(), sink.lines.end(),
                           [&](const auto& l) { return l.a == glm::vec3(0.0f) && l.b == tip; });
    };
    EXPECT_TRUE(from0To({-0.5f, 0.0f, 0.0f}));
    EXPECT_TRUE(from0To({0.0f, 0.1f, 0.0f}));
    EXPECT_TRUE(std::any_of(sink.labels.begin(), sink.labels.end(),
                            [](const auto& l) { return l.text == "closest points: distance 0.5"; }));
    EXPECT_TRUE(std::any_of(sink.labels.begin(), sink.labels.end(),
                            [](const auto& l) { return l.text == "gjk_epa: depth 0.1"; }));
}

TEST(MinkowskiDraw, StepWithoutVectorsDrawsNothing)
{
    TraceStep step;
    step.caption = "a slab";
    step.values = {{"t_near", 1.0}};
    RecordingSink sink;
    EXPECT_FALSE(DrawMinkowskiStep(step, MinkowskiPlane::None, sink));
    EXPECT_TRUE(sink.lines.empty() && sink.markers.empty() && sink.triangles.empty());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
