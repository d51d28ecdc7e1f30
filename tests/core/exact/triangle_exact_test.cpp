// The exact judge on the triangle and mesh casts (ray_triangle, segment_triangle, ray_mesh): t, u
// and v as hand-computed rationals, front and back, edges and corners, rays in the plane,
// degenerate triangles, shared edges of meshes, far coordinates; the interval fast path agrees.
#include "core/exact/exact.h"

#include "core/mesh.h"

#include <gtest/gtest.h>

#include <cmath>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using glm::dvec3;

const Triangle<double> kRight{{dvec3{0, 0, 0}, dvec3{4, 0, 0}, dvec3{0, 4, 0}}}; // n = (0, 0, 16)

Query RayTri(dvec3 o, dvec3 d, const Triangle<double>& t = kRight)
{
    return {Family::RayTriangle, Ray<double>{o, d}, t};
}
Query SegTri(dvec3 a, dvec3 b, const Triangle<double>& t = kRight)
{
    return {Family::SegmentTriangle, Segment<double>{a, b}, t};
}
Query RayMeshQuery(dvec3 o, dvec3 d, std::vector<dvec3> v, std::vector<std::array<std::uint32_t, 3>> t)
{
    return {Family::RayMesh, Ray<double>{o, d}, Mesh<double>{MakeMeshData(std::move(v), std::move(t))}};
}

/// JudgeExact, checked against the fast path when it decides.
ExactResult Judge(const Query& q)
{
    const ExactResult r = JudgeExact(q);
    EXPECT_TRUE(r.valid) << r.note;
    if (const auto fast = FastVerdict(q)) {
        EXPECT_EQ(*fast, r.hit);
    }
    EXPECT_EQ(ExactHit(q), r.hit);
    return r;
}

TEST(ExactTriangle, RayThroughTheInteriorHasExactTUvAndSide)
{
    const ExactResult r = Judge(RayTri({0.5, 1.25, 3}, {0, 0, -2}));
    ASSERT_TRUE(r.hit);
    EXPECT_TRUE(r.exactT);
    EXPECT_EQ(r.tEnter.text, "3/2");
    EXPECT_EQ(r.tExit.text, "3/2");
    ASSERT_TRUE(r.hasUv);
    EXPECT_EQ(r.u.text, "1/8");  // x / 4
    EXPECT_EQ(r.v.text, "5/16"); // y / 4
    ASSERT_TRUE(r.hasFront);
    EXPECT_TRUE(r.front); // against the winding normal (0, 0, 16)
    EXPECT_FALSE(r.boundaryHit);
    const ExactResult back = Judge(RayTri({1, 1, -2}, {0, 0, 1}));
    ASSERT_TRUE(back.hit);
    EXPECT_EQ(back.tEnter.text, "2");
    EXPECT_TRUE(back.hasFront);
    EXPECT_FALSE(back.front);
    EXPECT_FALSE(Judge(RayTri({1, 1, 2}, {0, 0, 1})).hit);           // pointing away
    EXPECT_FALSE(Judge(RayTri({3, 3, 2}, {0, 0, -1})).hit);          // beyond the hypotenuse
    EXPECT_EQ(Judge(RayTri({1, 1, 0}, {0, 1, 5})).tEnter.text, "0"); // origin on the triangle
    EXPECT_TRUE(Judge(RayTri({1, 1, 0}, {0, 1, 5})).boundaryHit);
}

TEST(ExactTriangle, EdgesAndCornersHitAndOneUlpBeyondMisses)
{
    const ExactResult edge = Judge(RayTri({2, 0, 1}, {0, 0, -1}));
    ASSERT_TRUE(edge.hit);
    EXPECT_EQ(edge.u.text, "1/2");
    EXPECT_EQ(edge.v.text, "0");
    EXPECT_TRUE(edge.boundaryHit);
    const ExactResult hyp = Judge(RayTri({1.5, 2.5, 1}, {0, 0, -1})); // x + y == 4
    ASSERT_TRUE(hyp.hit);
    EXPECT_EQ(hyp.u.text, "3/8");
    EXPECT_EQ(hyp.v.text, "5/8");
    EXPECT_TRUE(hyp.boundaryHit);
    const ExactResult corner = Judge(RayTri({5, 1, 1}, {-1, -1, -1})); // aimed at (4, 0, 0)
    ASSERT_TRUE(corner.hit);
    EXPECT_EQ(corner.tEnter.text, "1");
    EXPECT_EQ(corner.u.text, "1");
    EXPECT_EQ(corner.v.text, "0");
    EXPECT_FALSE(Judge(RayTri({2, -0x1p-40, 1}, {0, 0, -1})).hit);
    EXPECT_FALSE(Judge(RayTri({std::nextafter(1.5, 2.0), 2.5, 1}, {0, 0, -1})).hit);
    EXPECT_TRUE(Judge(RayTri({std::nextafter(1.5, 1.0), 2.5, 1}, {0, 0, -1})).hit);
}

TEST(ExactTriangle, RayInThePlaneHitsAlongTheChordItCrosses)
{
    const ExactResult r = Judge(RayTri({-1, 1, 0}, {1, 0, 0}));
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter.text, "1"); // x = 0
    EXPECT_EQ(r.tExit.text, "4");  // x + y = 4 at x = 3
    EXPECT_FALSE(r.hasFront);
    EXPECT_EQ(r.u.text, "0");
    EXPECT_EQ(r.v.text, "1/4");
    EXPECT_TRUE(r.boundaryHit);
    const ExactResult inside = Judge(RayTri({1, 1, 0}, {2, 0, 0}));
    EXPECT_EQ(inside.tEnter.text, "0");
    EXPECT_EQ(inside.tExit.text, "1");
    const ExactResult along = Judge(RayTri({-1, 0, 0}, {1, 0, 0})); // along the edge v0 v1
    EXPECT_EQ(along.tEnter.text, "1");
    EXPECT_EQ(along.tExit.text, "5");
    EXPECT_FALSE(Judge(RayTri({-1, 5, 0}, {1, 0, 0})).hit);
    EXPECT_FALSE(Judge(RayTri({5, 1, 0}, {1, 0, 0})).hit);        // past it
    EXPECT_FALSE(Judge(RayTri({-1, 1, 0x1p-60}, {1, 0, 0})).hit); // parallel, off the plane
    const ExactResult segment = Judge(SegTri({-1, 1, 0}, {1, 1, 0}));
    EXPECT_EQ(segment.tEnter.text, "1/2");
    EXPECT_EQ(segment.tExit.text, "1");
}

TEST(ExactTriangle, SegmentsEndOnTheTriangleOrShortOfIt)
{
    EXPECT_EQ(Judge(SegTri({1, 1, 2}, {1, 1, -2})).tEnter.text, "1/2");
    const ExactResult ends = Judge(SegTri({1, 1, 2}, {1, 1, 0}));
    ASSERT_TRUE(ends.hit);
    EXPECT_EQ(ends.tEnter.text, "1");
    EXPECT_TRUE(ends.boundaryHit);
    EXPECT_FALSE(Judge(SegTri({1, 1, 2}, {1, 1, 0x1p-50})).hit);
    EXPECT_FALSE(Judge(SegTri({1, 1, -1}, {1, 1, -2})).hit);
}

TEST(ExactTriangle, DegenerateTrianglesAreTheSegmentOrPointTheySpan)
{
    const Triangle<double> line{{dvec3{2, 0, 0}, dvec3{0, 0, 0}, dvec3{4, 0, 0}}}; // spans [0, 4] on x
    const ExactResult cross = Judge(RayTri({3.5, -1, 0}, {0, 2, 0}, line));
    ASSERT_TRUE(cross.hit);
    EXPECT_EQ(cross.tEnter.text, "1/2");
    EXPECT_FALSE(cross.hasUv);
    EXPECT_FALSE(cross.hasFront);
    EXPECT_TRUE(cross.boundaryHit);
    EXPECT_FALSE(Judge(RayTri({3.5, -1, 0x1p-30}, {0, 2, 0}, line)).hit); // skew
    EXPECT_FALSE(Judge(RayTri({4.5, -1, 0}, {0, 2, 0}, line)).hit);
    const ExactResult along = Judge(RayTri({-2, 0, 0}, {2, 0, 0}, line));
    EXPECT_EQ(along.tEnter.text, "1");
    EXPECT_EQ(along.tExit.text, "3");
    EXPECT_FALSE(Judge(RayTri({-2, 1, 0}, {2, 0, 0}, line)).hit); // parallel, apart
    const Triangle<double> point{{dvec3{1, 1, 1}, dvec3{1, 1, 1}, dvec3{1, 1, 1}}};
    EXPECT_EQ(Judge(RayTri({0, 0, 0}, {2, 2, 2}, point)).tEnter.text, "1/2");
    EXPECT_FALSE(Judge(RayTri({0, 0, 0}, {2, 2, 2.5}, point)).hit);
    EXPECT_FALSE(Judge(SegTri({0, 0, 0}, {0.5, 0.5, 0.5}, point)).hit);
}

TEST(ExactTriangle, FarFromTheOriginAndSliversStayExact)
{
    const double k = 0x1p40;
    const Triangle<double> far{{dvec3{k, k, 0}, dvec3{k + 4, k, 0}, dvec3{k, k + 4, 0}}};
    const ExactResult r = Judge(RayTri({k + 1, k + 1, 2}, {0, 0, -1}, far));
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter.text, "2");
    EXPECT_EQ(r.u.text, "1/4");
    EXPECT_TRUE(Judge(RayTri({k + 4, k, 2}, {0, 0, -1}, far)).hit); // its corner
    EXPECT_FALSE(Judge(RayTri({k + 4, k + 1, 2}, {0, 0, -1}, far)).hit);
    const Triangle<double> sliver{{dvec3{0, 0, 0}, dvec3{1, 0, 0}, dvec3{0, 0x1p-30, 0}}};
    const ExactResult s = Judge(RayTri({0.5, 0x1p-32, 1}, {0, 0, -1}, sliver));
    ASSERT_TRUE(s.hit);
    EXPECT_EQ(s.u.text, "1/2");
    EXPECT_EQ(s.v.text, "1/4");
    EXPECT_TRUE(Judge(RayTri({0.5, 0x1p-31, 1}, {0, 0, -1}, sliver)).hit); // on the long edge
    EXPECT_FALSE(Judge(RayTri({0.5, 0x1p-31 + 0x1p-80, 1}, {0, 0, -1}, sliver)).hit);
}

TEST(ExactMesh, ARayThroughASharedEdgeHitsTheLowestIndex)
{
    const std::vector<dvec3> quad{{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}};
    const ExactResult r = Judge(RayMeshQuery({1, 1, 1}, {0, 0, -1}, quad, {{{0, 2, 3}}, {{0, 1, 2}}}));
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter.text, "1");
    ASSERT_TRUE(r.hasTriangle);
    EXPECT_EQ(r.triangle, 0u);
    EXPECT_EQ(r.u.text, "1/2"); // of triangle 0 (v0, v2, v3): (1, 1) = 1/2 (2, 2)
    EXPECT_EQ(r.v.text, "0");
    EXPECT_TRUE(r.boundaryHit);
    const ExactResult swapped = Judge(RayMeshQuery({1, 1, 1}, {0, 0, -1}, quad, {{{0, 1, 2}}, {{0, 2, 3}}}));
    EXPECT_EQ(swapped.triangle, 0u);
    EXPECT_EQ(swapped.u.text, "0"); // of (v0, v1, v2): (1, 1) = 1/2 (2, 2)
    EXPECT_EQ(swapped.v.text, "1/2");
    // the quad's centre through a fan of four around it: every triangle meets the ray there
    const std::vector<dvec3> fan{{1, 1, 0}, {0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}};
    const ExactResult centre =
        Judge(RayMeshQuery({1, 1, 3}, {0, 0, -1}, fan, {{{0, 3, 4}}, {{0, 2, 3}}, {{0, 1, 2}}, {{0, 4, 1}}}));
    ASSERT_TRUE(centre.hit);
    EXPECT_EQ(centre.triangle, 0u);
    EXPECT_EQ(centre.tEnter.text, "3");
    EXPECT_FALSE(Judge(RayMeshQuery({3, 1, 1}, {0, 0, -1}, quad, {{{0, 1, 2}}, {{0, 2, 3}}})).hit);
}

TEST(ExactMesh, TEnterIsTheNearestTriangleAndTExitTheFarthest)
{
    // a tetrahedron: the ray enters the bottom (z = 0) at t = 1 and leaves the slanted face
    // x + y + z = 4 at z = 2
    const std::vector<dvec3> v{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {0, 0, 4}};
    const std::vector<std::array<std::uint32_t, 3>> faces{{{1, 2, 3}}, {{0, 1, 3}}, {{0, 3, 2}}, {{0, 2, 1}}};
    const ExactResult r = Judge(RayMeshQuery({1, 1, -1}, {0, 0, 1}, v, faces));
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter.text, "1");
    EXPECT_EQ(r.tExit.text, "3");
    EXPECT_EQ(r.triangle, 3u);
    EXPECT_TRUE(r.hasFront);
    EXPECT_TRUE(r.front); // (0, 2, 1) winds downwards: the ray from below meets its front
    EXPECT_FALSE(r.boundaryHit);
    // from inside: only the slanted face ahead
    const ExactResult in = Judge(RayMeshQuery({1, 1, 1}, {0, 0, 1}, v, faces));
    EXPECT_EQ(in.tEnter.text, "1");
    EXPECT_EQ(in.triangle, 0u);
    EXPECT_FALSE(in.front);
    EXPECT_FALSE(Judge(RayMeshQuery({1, 1, 5}, {0, 0, 1}, v, faces)).hit);
}

TEST(ExactMesh, OneTriangleMeshAgreesWithRayTriangle)
{
    for (const dvec3& o : {dvec3{1, 1, 2}, dvec3{2, 0, 1}, dvec3{-1, 1, 0}, dvec3{5, 5, 1}}) {
        for (const dvec3& d : {dvec3{0, 0, -1}, dvec3{1, 0, 0}, dvec3{0.5, -0.25, -1}}) {
            const ExactResult a = Judge(RayTri(o, d));
            const ExactResult b =
                Judge(RayMeshQuery(o, d, {kRight.vertices.begin(), kRight.vertices.end()}, {{{0, 1, 2}}}));
            ASSERT_EQ(a.hit, b.hit);
            if (a.hit) {
                EXPECT_EQ(a.tEnter.text, b.tEnter.text);
                EXPECT_EQ(a.tExit.text, b.tExit.text);
                EXPECT_EQ(a.u.text, b.u.text);
                EXPECT_EQ(a.front, b.front);
                EXPECT_EQ(a.boundaryHit, b.boundaryHit);
            }
        }
    }
}

TEST(ExactTriangle, ComparisonValuesCarryUvAndTheBoundary)
{
    const Query edge = RayTri({2, 0, 1}, {0, 0, -1});
    const auto v = JudgeForComparison(edge, Precision::Double);
    ASSERT_TRUE(v);
    EXPECT_TRUE(v->onBoundary);
    EXPECT_TRUE(v->hasUv);
    EXPECT_EQ(v->u, 0.5);
    const auto inside = JudgeForComparison(RayTri({1, 1, 1}, {0, 0, -1}), Precision::Double);
    ASSERT_TRUE(inside);
    EXPECT_FALSE(inside->onBoundary); // t_enter == t_exit, but the ray crosses the interior
    EXPECT_EQ(DescribeExact(JudgeExact(RayTri({1, 1, 1}, {0, 0, -1}))), "hit, t in [1, 1] (exact)");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
