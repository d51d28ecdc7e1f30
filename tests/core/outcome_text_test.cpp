// Degenerate outcomes named in the verdicts (core/outcome_text.h), on hand-checked inputs whose
// every quotient is exact: a ray through a box corner or along an edge, a ray in a face's plane, an
// origin on the boundary, touching boxes, a tangent ray and an origin on a sphere.
#include "core/aabb_aabb.h"
#include "core/obb_obb.h"
#include "core/outcome_text.h"
#include "core/ray_aabb.h"
#include "core/ray_sphere.h"
#include "core/sphere_sphere.h"
#include "core/text.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

const Aabb<double> kUnitBox{{0, 0, 0}, {1, 1, 1}};

std::string SlabVerdict(glm::dvec3 origin, glm::dvec3 direction)
{
    Trace trace;
    RayAabbSlab(Ray<double>{origin, direction}, kUnitBox, &trace);
    return trace.verdict;
}

TEST(OutcomeText, RayThroughACornerExactlyGrazesTheCorner)
{
    // from (-1, 0, 0) along (1, 1, 1): x slab [1, 2], y and z slabs [0, 1]; only (0, 1, 1) at t = 1
    EXPECT_EQ(SlabVerdict({-1, 0, 0}, {1, 1, 1}), "hit: the ray grazes the corner: enters and leaves at t = 1");
}

TEST(OutcomeText, RayAcrossAnEdgeGrazesTheEdge)
{
    // from (-1, 0, 0.5) along (1, 1, 0): x [1, 2], y [0, 1], z parallel inside; only (0, 1, 0.5)
    EXPECT_EQ(SlabVerdict({-1, 0, 0.5}, {1, 1, 0}), "hit: the ray grazes an edge: enters and leaves at t = 1");
}

TEST(OutcomeText, RayInAFacePlaneTouchesTheFace)
{
    // y = 1 is the top face's plane and the ray is parallel to it
    EXPECT_EQ(SlabVerdict({-1, 1, 0.5}, {1, 0, 0}),
              "hit: the ray runs along a y face, in its plane (touches the face): enters at t = 1, exits at t = 2");
}

TEST(OutcomeText, OriginOnTheBoundaryIsSaid)
{
    EXPECT_EQ(SlabVerdict({0, 0.5, 0.5}, {1, 0, 0}),
              "hit: the origin is on the boundary: enters at t = 0, exits at t = 1");
    // on the +x face pointing out: the x slab is [-1, 0]
    EXPECT_EQ(SlabVerdict({1, 0.5, 0.5}, {1, 0, 0}),
              "hit: the origin is on the boundary and the ray leaves at once: enters and leaves at t = 0");
}

TEST(OutcomeText, OrdinaryHitKeepsItsSentence)
{
    EXPECT_EQ(SlabVerdict({-1, 0.5, 0.5}, {1, 0, 0}), "hit: enter at t = 1, exit at t = 2");
}

TEST(OutcomeText, TouchingBoxesNameTheAxis)
{
    Trace trace;
    const OverlapResult<double> r = AabbAabbInterval(kUnitBox, Aabb<double>{{1, 0.25, 0.25}, {2, 0.75, 0.75}}, &trace);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.depth, 0.0);
    EXPECT_EQ(trace.verdict, "hit: the boxes touch on x (depth 0): they share a face plane, no volume");
}

TEST(OutcomeText, OverlapVerdictSaysTheNormalConvention)
{
    Trace trace;
    AabbAabbInterval(Aabb<double>{{0, 0, 0}, {2, 2, 2}}, Aabb<double>{{1.5, 0, 0}, {3, 2, 2}}, &trace);
    EXPECT_EQ(trace.verdict, "hit: the boxes overlap; b moves out by 0.5 along +x (normal [1, 0, 0] points from a "
                             "to b: move b by +0.5 along it to separate them)");
    Trace spheres;
    SphereSphereDistance(Sphere<double>{{0, 0, 0}, 1}, Sphere<double>{{0, 1.5, 0}, 1}, &spheres);
    EXPECT_EQ(spheres.verdict, "hit: the spheres overlap by 0.5 (normal [0, 1, 0] points from a to b: move b by "
                               "+0.5 along it to separate them)");
}

TEST(OutcomeText, SatOverlapVerdictSaysTheNormalConvention)
{
    const std::array<glm::dvec3, 3> axes{glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 1)};
    Trace trace;
    const OverlapResult<double> r =
        ObbObbSat(Obb<double>{{0, 0, 0}, {1, 1, 1}, axes}, Obb<double>{{0, -1.75, 0}, {1, 1, 1}, axes}, &trace);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.depth, 0.25);
    EXPECT_EQ(trace.verdict, "hit: no axis separates the boxes; b moves out by 0.25 along A1 (normal [0, -1, 0] "
                             "points from a to b: move b by +0.25 along it to separate them)");
}

TEST(OutcomeText, TangentRayAndOriginOnTheSphere)
{
    const Sphere<double> unit{{0, 0, 0}, 1};
    Trace tangent;
    // f = (-2, 1, 0): b = -2, c = 4, the perpendicular l = (0, 1, 0) of length r: disc = 0, t = 4 / 2 = 2
    RaySphereQuadraticStable(Ray<double>{{-2, 1, 0}, {1, 0, 0}}, unit, &tangent);
    EXPECT_EQ(tangent.verdict,
              "hit: the computed roots are equal (discriminant 0): the method takes the ray as tangent, "
              "touching at t = 2 (enters and leaves at once)");
    Trace on;
    // c = 0: t0 = 0 / 2 = 0, t1 = 2 / 1 = 2
    RaySphereQuadraticStable(Ray<double>{{-1, 0, 0}, {1, 0, 0}}, unit, &on);
    EXPECT_EQ(on.verdict, "hit: the origin is on the sphere's surface: enters at t = 0, leaves at t = 2");
    Trace out;
    RaySphereQuadraticStable(Ray<double>{{1, 0, 0}, {1, 0, 0}}, unit, &out);
    EXPECT_EQ(
        out.verdict,
        "hit: the origin is on the sphere's surface and the ray points out: it leaves at once (t0 = -2 < 0, t1 = 0)");
}

TEST(OutcomeText, DegenerateHitSentenceIsEmptyForAnOrdinaryHit)
{
    CastContact c;
    c.tEnter = 1;
    c.tExit = 2;
    c.enterPlanes = 1;
    EXPECT_EQ(DegenerateHitSentence(c, "segment"), "");
    c.tExit = 1;
    EXPECT_EQ(DegenerateHitSentence(c, "segment"),
              "hit: the segment touches the box at one point: enters and leaves at t = 1");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(ShortNumber, WholeNumbersUpToMaxDigitsArePositional)
{
    EXPECT_EQ(ShortNumber(10.0), "10");         // was "1e+01": one digit reads back, with an exponent
    EXPECT_EQ(ShortNumber(150000.0), "150000"); // 6 digits
    EXPECT_EQ(ShortNumber(-20.0), "-20");
    EXPECT_EQ(ShortNumber(1e6), "1e+06"); // 7 digits: the exponent stays
    EXPECT_EQ(ShortNumber(1e-5), "1e-05");
    EXPECT_EQ(ShortNumber(0.25), "0.25");
    EXPECT_EQ(ShortNumber(123.0, 3), "123");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
