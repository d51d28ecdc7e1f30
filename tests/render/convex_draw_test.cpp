// Convex shapes drawn as their hulls (render/convex_draw.h) into a recording sink: the counts of
// triangles, lines and markers for a cube, a square, a segment and a point, checked by hand.
#include "recording_sink.h"

#include "render/convex_draw.h"

#include "core/convex.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace hitlab {
namespace HITLAB_UNITY_ID {

Convex<double> ConvexOf(std::vector<glm::dvec3> points) { return {MakeConvexData(std::move(points))}; }

RecordingSink Drawn(const Convex<double>& c)
{
    RecordingSink sink;
    DrawConvexShape(c, SurfaceLooks{glm::vec4(0.2f, 0.6f, 0.9f, 1.0f)}, sink);
    return sink;
}

std::size_t FaintMarkers(const RecordingSink& sink)
{
    return std::size_t(
        std::count_if(sink.markers.begin(), sink.markers.end(), [](const auto& m) { return m.size < 5; }));
}

std::vector<glm::dvec3> CubeCorners()
{
    std::vector<glm::dvec3> p;
    for (int i = 0; i < 8; ++i) {
        p.emplace_back(i & 1, (i >> 1) & 1, (i >> 2) & 1);
    }
    return p;
}

TEST(ConvexDraw, CubeIsTwelveTrianglesTwelveEdgesEightCorners)
{
    const RecordingSink sink = Drawn(ConvexOf(CubeCorners()));
    EXPECT_EQ(sink.triangles.size(), 12u); // 6 square faces, each split in 2
    EXPECT_EQ(sink.lines.size(), 12u);     // the cube's edges, not the 6 face diagonals
    EXPECT_EQ(sink.markers.size(), 8u);
    EXPECT_EQ(FaintMarkers(sink), 0u);
}

TEST(ConvexDraw, PointsInsideTheCubeAreFaintMarkers)
{
    std::vector<glm::dvec3> p = CubeCorners();
    p.emplace_back(0.5, 0.5, 0.5); // the centre
    p.emplace_back(0.5, 0.5, 0.0); // on the bottom face
    p.emplace_back(1.0, 1.0, 1.0); // a corner again
    const RecordingSink sink = Drawn(ConvexOf(p));
    EXPECT_EQ(sink.triangles.size(), 12u);
    EXPECT_EQ(sink.lines.size(), 12u);
    EXPECT_EQ(sink.markers.size(), 10u);
    EXPECT_EQ(FaintMarkers(sink), 2u);
}

TEST(ConvexDraw, SquareIsTwoTrianglesAndFourEdges)
{
    const RecordingSink sink = Drawn(ConvexOf({{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}, {1, 1, 0}}));
    EXPECT_EQ(sink.triangles.size(), 2u);
    EXPECT_EQ(sink.lines.size(), 4u);
    EXPECT_EQ(sink.markers.size(), 5u); // 4 corners and the centre, faint
    EXPECT_EQ(FaintMarkers(sink), 1u);
    for (const auto& l : sink.lines) { // every boundary edge is a side of length 2
        EXPECT_FLOAT_EQ(glm::length(l.b - l.a), 2.0f);
    }
}

TEST(ConvexDraw, SegmentIsOneLineBetweenItsEnds)
{
    const RecordingSink sink = Drawn(ConvexOf({{0, 0, 0}, {1, 2, 3}, {0.5, 1, 1.5}}));
    EXPECT_TRUE(sink.triangles.empty());
    ASSERT_EQ(sink.lines.size(), 1u);
    const glm::vec3 lo = glm::min(sink.lines[0].a, sink.lines[0].b), hi = glm::max(sink.lines[0].a, sink.lines[0].b);
    EXPECT_EQ(lo, glm::vec3(0, 0, 0));
    EXPECT_EQ(hi, glm::vec3(1, 2, 3));
    EXPECT_EQ(sink.markers.size(), 3u);
    EXPECT_EQ(FaintMarkers(sink), 1u); // the midpoint
}

TEST(ConvexDraw, PointIsOneMarker)
{
    const RecordingSink sink = Drawn(ConvexOf({{1, 2, 3}, {1, 2, 3}}));
    EXPECT_TRUE(sink.triangles.empty());
    EXPECT_TRUE(sink.lines.empty());
    ASSERT_EQ(sink.markers.size(), 1u);
    EXPECT_EQ(sink.markers[0].position, glm::vec3(1, 2, 3));
}

TEST(ConvexDraw, OctahedronHasNoCoplanarFacesSoEveryEdgeIsDrawn)
{
    const ConvexHull hull = BuildConvexHull({{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}});
    EXPECT_EQ(hull.triangles.size(), 8u);
    EXPECT_EQ(DrawnEdgeCount(hull), 12u);
}

TEST(ConvexDraw, HullIsCachedPerData)
{
    const Convex<double> c = ConvexOf(CubeCorners());
    EXPECT_EQ(CachedHull(c.data), CachedHull(c.data));
    EXPECT_EQ(CachedHull(c.data)->vertices.size(), 8u);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
