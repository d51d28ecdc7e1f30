// The triangle hit drawing (render/triangle_hit_draw.h) and the mesh figure fallback
// (render/mesh_draw.h) into a recording sink: exact positions from hand-checked geometry.
#include "recording_sink.h"

#include "render/mesh_draw.h"
#include "render/scene_draw.h"
#include "render/triangle_hit_draw.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// v0 = (0,0,0), v1 = (4,0,0), v2 = (0,4,0): u = 0.25, v = 0.5 is the point (1, 2, 0).
Triangle<double> RightTriangle() { return {{glm::dvec3(0, 0, 0), glm::dvec3(4, 0, 0), glm::dvec3(0, 4, 0)}}; }

Result HitAt(double u, double v, bool front)
{
    Result r;
    r.hit = true;
    r.point = glm::dvec3(4 * u, 4 * v, 0);
    r.u = u;
    r.v = v;
    r.hasUv = true;
    r.hasFront = true;
    r.front = front;
    return r;
}

const RecordingSink::LabelItem* FindLabel(const RecordingSink& sink, const std::string& text)
{
    const auto it = std::find_if(sink.labels.begin(), sink.labels.end(), [&](const auto& l) { return l.text == text; });
    return it == sink.labels.end() ? nullptr : &*it;
}

TEST(TriangleHitDraw, SubTrianglesMeetAtThePointAndAreTintedByTheOppositeWeight)
{
    RecordingSink sink;
    DrawTriangleHit(RightTriangle(), HitAt(0.25, 0.5, true), HitAt(0.25, 0.5, true), sink);
    ASSERT_EQ(sink.triangles.size(), 3u);
    // sub-triangle k is the point with the edge opposite vertex k: (p, v1, v2), (p, v2, v0), (p, v0, v1)
    EXPECT_EQ(sink.triangles[0].a, glm::vec3(1, 2, 0));
    EXPECT_EQ(sink.triangles[0].b, glm::vec3(4, 0, 0));
    EXPECT_EQ(sink.triangles[0].c, glm::vec3(0, 4, 0));
    EXPECT_EQ(sink.triangles[1].b, glm::vec3(0, 4, 0));
    EXPECT_EQ(sink.triangles[1].c, glm::vec3(0, 0, 0));
    EXPECT_EQ(sink.triangles[2].b, glm::vec3(0, 0, 0));
    EXPECT_EQ(sink.triangles[2].c, glm::vec3(4, 0, 0));
    // weights w = 0.25, u = 0.25, v = 0.5: alpha 0.08 + 0.5 weight, colour of vertex k
    EXPECT_FLOAT_EQ(sink.triangles[0].color.w, 0.205f);
    EXPECT_FLOAT_EQ(sink.triangles[1].color.w, 0.205f);
    EXPECT_FLOAT_EQ(sink.triangles[2].color.w, 0.33f);
    EXPECT_EQ(glm::vec3(sink.triangles[2].color), glm::vec3(palette::Slab(2)));
    // the outline (3 lines) and one line from the point to each vertex
    ASSERT_EQ(sink.lines.size(), 6u);
    EXPECT_EQ(sink.lines[4].a, glm::vec3(1, 2, 0));
    EXPECT_EQ(sink.lines[4].b, glm::vec3(4, 0, 0));
    EXPECT_TRUE(sink.markers.empty()); // a front-face hit, no crack
}

TEST(TriangleHitDraw, BackFaceIsRingedAndLabelled)
{
    RecordingSink sink;
    DrawTriangleHit(RightTriangle(), HitAt(0.25, 0.5, false), HitAt(0.25, 0.5, false), sink);
    ASSERT_EQ(sink.markers.size(), 1u);
    EXPECT_EQ(sink.markers[0].kind, MarkerKind::Ring);
    EXPECT_EQ(sink.markers[0].position, glm::vec3(1, 2, 0));
    RecordingSink labels;
    DrawTriangleHitLabels(RightTriangle(), HitAt(0.25, 0.5, false), HitAt(0.25, 0.5, false), nullptr, labels);
    EXPECT_NE(FindLabel(labels, "back face"), nullptr);
    const auto* uv = FindLabel(labels, "u = 0.25, v = 0.5, w = 0.25");
    ASSERT_NE(uv, nullptr);
    EXPECT_EQ(uv->at, glm::vec3(1, 2, 0));
}

TEST(TriangleHitDraw, CrackMarksTheExactPointWhereTheDrawnAlgorithmMisses)
{
    RecordingSink sink;
    Result miss;
    Result exact = HitAt(0.5, 0.5, true); // on the edge v1 v2: (2, 2, 0)
    DrawTriangleHit(RightTriangle(), miss, exact, sink);
    ASSERT_EQ(sink.markers.size(), 1u);
    EXPECT_EQ(sink.markers[0].kind, MarkerKind::Diamond);
    EXPECT_EQ(sink.markers[0].position, glm::vec3(2, 2, 0));
    EXPECT_TRUE(sink.triangles.empty()); // nothing hit, nothing tinted
    RecordingSink labels;
    DrawTriangleHitLabels(RightTriangle(), miss, exact, nullptr, labels);
    const auto* crack = FindLabel(labels, "ray slips through here");
    ASSERT_NE(crack, nullptr);
    EXPECT_EQ(crack->at, glm::vec3(2, 2, 0));
}

TEST(TriangleHitDraw, MissedBackFaceAndInteriorHitsAreNotCalledCracks)
{
    Result miss;
    RecordingSink back;
    DrawTriangleHitLabels(RightTriangle(), miss, HitAt(0.25, 0.5, false), nullptr, back);
    EXPECT_NE(FindLabel(back, "missed: a back face"), nullptr);
    EXPECT_EQ(FindLabel(back, "ray slips through here"), nullptr);
    RecordingSink inside;
    DrawTriangleHitLabels(RightTriangle(), miss, HitAt(0.25, 0.5, true), nullptr, inside);
    EXPECT_NE(FindLabel(inside, "missed here"), nullptr);
}

TEST(TriangleHitDraw, EdgeSignsFromTheTraceSitByTheirEdges)
{
    Trace trace;
    trace.Add("edge functions", {{"det", -2.0}});
    trace.Add("edge functions", {{"u_det", -0.5}, {"v_det", 0.25}, {"w_det", 0.0}});
    RecordingSink labels;
    DrawTriangleHitLabels(RightTriangle(), HitAt(0.25, 0.5, true), HitAt(0.25, 0.5, true), &trace, labels);
    // u det on edge v2 v0 (middle (0, 2, 0), pushed 12 % away from the centroid (4/3, 4/3, 0))
    const auto* u = FindLabel(labels, "u det -");
    ASSERT_NE(u, nullptr);
    EXPECT_NEAR(u->at.x, -0.16f, 1e-6);
    EXPECT_NEAR(u->at.y, 2.08f, 1e-6);
    EXPECT_EQ(u->color, palette::kFaceInside); // negative with det negative: inside
    const auto* v = FindLabel(labels, "v det +");
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(v->color, palette::kFaceOutside);
    EXPECT_NE(FindLabel(labels, "w det 0"), nullptr);
}

TEST(TriangleHitDraw, MeshHitTriangleIsTheResultsIndex)
{
    auto data = MakeMeshData({glm::dvec3(0, 0, 0), glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(1, 1, 0)},
                             {{0, 1, 2}, {1, 3, 2}});
    Mesh<double> mesh{data};
    Result r;
    r.hit = true;
    r.hasTriangle = true;
    r.triangle = 1;
    const auto tri = HitTriangle(mesh, r);
    ASSERT_TRUE(tri.has_value());
    EXPECT_EQ(tri->vertices[1], glm::dvec3(1, 1, 0));
    r.triangle = 2; // out of range: none
    EXPECT_FALSE(HitTriangle(mesh, r).has_value());
}

TEST(MeshDraw, FigureShowsALargeMeshAsItsBoundingBoxAndSaysSo)
{
    std::vector<glm::dvec3> vertices;
    std::vector<std::array<std::uint32_t, 3>> triangles;
    for (std::uint32_t i = 0; i <= kMeshFigureLimit; ++i) { // one more than the limit
        vertices.push_back(glm::dvec3(i % 7, i % 5, 2.0 * (i % 3)));
        triangles.push_back({i, i, i});
    }
    Mesh<double> mesh{MakeMeshData(std::move(vertices), std::move(triangles))};
    RecordingSink sink;
    DrawMeshShape(mesh, {}, sink);
    EXPECT_TRUE(sink.triangles.empty());
    ASSERT_EQ(sink.lines.size(), 12u);
    ASSERT_EQ(sink.labels.size(), 1u);
    EXPECT_EQ(sink.labels[0].text, "mesh of 20001 triangles: its bounding box only");
    EXPECT_EQ(sink.labels[0].at, glm::vec3(6, 4, 4));
}

TEST(MeshDraw, SmallMeshInAFigureIsItsTriangles)
{
    Mesh<double> mesh{MakeMeshData({glm::dvec3(0, 0, 0), glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0)}, {{0, 1, 2}})};
    RecordingSink sink;
    DrawMeshShape(mesh, {}, sink);
    ASSERT_EQ(sink.triangles.size(), 1u);
    EXPECT_EQ(sink.lines.size(), 3u);
    RecordingSink plain; // View > Mesh edges off
    DrawMeshShape(mesh, {glm::vec4(1), false, false, false}, plain);
    EXPECT_EQ(plain.triangles.size(), 1u);
    EXPECT_TRUE(plain.lines.empty());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
