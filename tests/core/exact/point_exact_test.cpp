// The exact judge on the point containment families: hand-checked points on faces, edges and
// corners, one ulp outside, extreme magnitudes, rotated boxes; the interval fast path agrees.
#include "core/exact/exact.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>

namespace hitlab {
namespace HITLAB_UNITY_ID {

Query InBox(glm::dvec3 p, glm::dvec3 lo, glm::dvec3 hi)
{
    return {Family::PointAabb, Point<double>{p}, Aabb<double>{lo, hi}};
}

Query InSphere(glm::dvec3 p, glm::dvec3 c, double r)
{
    return {Family::PointSphere, Point<double>{p}, Sphere<double>{c, r}};
}

Query InObb(glm::dvec3 p, const Obb<double>& box) { return {Family::PointObb, Point<double>{p}, box}; }

/// JudgeExact's verdict, checked against the fast path when it decides.
bool Inside(const Query& q)
{
    const ExactResult r = JudgeExact(q);
    EXPECT_TRUE(r.valid);
    if (const auto fast = FastVerdict(q)) {
        EXPECT_EQ(*fast, r.hit);
    }
    EXPECT_EQ(ExactHit(q), r.hit);
    return r.hit;
}

TEST(ExactPoint, BoxFacesEdgesAndCornersAreInsideAndOneUlpBeyondIsOutside)
{
    const glm::dvec3 lo(-1), hi(1);
    EXPECT_TRUE(Inside(InBox({1, 0.25, 0}, lo, hi))); // face
    EXPECT_TRUE(Inside(InBox({1, -1, 0.5}, lo, hi))); // edge
    EXPECT_TRUE(Inside(InBox({-1, 1, -1}, lo, hi)));  // corner
    EXPECT_FALSE(Inside(InBox({std::nextafter(1.0, 2.0), 0, 0}, lo, hi)));
    EXPECT_FALSE(Inside(InBox({0, std::nextafter(-1.0, -2.0), 0}, lo, hi)));
    // the float just above 1 (what a float run of the lesson's "just outside" might meet)
    EXPECT_FALSE(Inside(InBox({double(std::nextafter(1.0f, 2.0f)), 0, 0}, lo, hi)));
    const ExactResult face = JudgeExact(InBox({1, 0.25, 0}, lo, hi));
    EXPECT_TRUE(face.exactDepth);
    EXPECT_EQ(face.depth.text, "0");
    const ExactResult in = JudgeExact(InBox({0.25, 0.5, 0}, lo, hi));
    EXPECT_EQ(in.depth.text, "1/2");
    EXPECT_EQ(DescribeExact(in), "hit, depth 1/2 (exact)");
    EXPECT_EQ(DescribeExact(JudgeExact(InBox({2, 0, 0}, lo, hi))), "miss");
}

TEST(ExactPoint, BoxAtExtremeMagnitudes)
{
    const glm::dvec3 lo(-DBL_MAX), hi(DBL_MAX);
    EXPECT_TRUE(Inside(InBox({DBL_MAX, -DBL_MAX, 0}, lo, hi)));
    // the centre's depth is DBL_MAX, exactly
    EXPECT_EQ(JudgeExact(InBox({0, 0, 0}, lo, hi)).depth.value, DBL_MAX);
    const double tiny = 4.9406564584124654e-324;
    EXPECT_TRUE(Inside(InBox({tiny, 0, tiny}, glm::dvec3(0), glm::dvec3(tiny))));
    EXPECT_FALSE(Inside(InBox({2 * tiny, 0, 0}, glm::dvec3(0), glm::dvec3(tiny))));
}

TEST(ExactPoint, SphereSurfaceAndDepths)
{
    EXPECT_TRUE(Inside(InSphere({4, 6, 3}, {1, 2, 3}, 5))); // 3-4-5: on the surface
    const ExactResult on = JudgeExact(InSphere({4, 6, 3}, {1, 2, 3}, 5));
    EXPECT_EQ(on.depth.text, "0");
    EXPECT_TRUE(on.exactDepth);
    EXPECT_FALSE(Inside(InSphere({1, 2, std::nextafter(8.0, 9.0)}, {1, 2, 3}, 5)));
    // depth 1 - sqrt(1/2): irrational, flagged, and right to the double
    const ExactResult diagonal = JudgeExact(InSphere({0.5, 0.5, 0}, {0, 0, 0}, 1));
    EXPECT_TRUE(diagonal.hit);
    EXPECT_FALSE(diagonal.exactDepth);
    EXPECT_NEAR(diagonal.depth.value, 0.29289321881345248, 1e-16);
    // far beyond the square's range: exact, unlike a double square
    EXPECT_TRUE(Inside(InSphere({0x1p600, 0, 0}, {0, 0, 0}, 0x1p601)));
    EXPECT_FALSE(Inside(InSphere({0x1p-600, 0, 0}, {0, 0, 0}, 0x1p-601)));
}

TEST(ExactPoint, ObbIsTheParallelepipedOfItsAxes)
{
    const Obb<double> turned{{0, 0, 0}, {2, 1, 1}, {{{0, 1, 0}, {-1, 0, 0}, {0, 0, 1}}}};
    EXPECT_TRUE(Inside(InObb({1, 2, 0}, turned))); // local (2, -1, 0): an edge
    EXPECT_FALSE(Inside(InObb({1.5, 0, 0}, turned)));
    EXPECT_FALSE(Inside(InObb({std::nextafter(1.0, 2.0), 0, 0}, turned)));
    const ExactResult r = JudgeExact(InObb({0.5, 1.5, 0.5}, turned));
    EXPECT_TRUE(r.exactDepth);
    EXPECT_EQ(r.depth.text, "1/2");
    // rotated 45 degrees about z, axes rounded to doubles: the point (1, 0, 0) lies a hair inside
    // or outside the face through it, and only exact arithmetic tells which
    const double h = std::sqrt(0.5);
    const Obb<double> diamond{{0, 0, 0}, {h, h, 1}, {{{h, h, 0}, {-h, h, 0}, {0, 0, 1}}}};
    const ExactResult corner = JudgeExact(InObb({1, 0, 0}, diamond));
    EXPECT_TRUE(corner.valid);
    EXPECT_EQ(ExactHit(InObb({1, 0, 0}, diamond)), corner.hit);
    EXPECT_TRUE(Inside(InObb({0.5, 0, 0}, diamond)));
    EXPECT_FALSE(Inside(InObb({1.0078125, 0, 0}, diamond)));
    // coplanar axes: no solid, the judge says so
    const Obb<double> flat{{0, 0, 0}, {1, 1, 1}, {{{1, 0, 0}, {1, 0, 0}, {0, 0, 1}}}};
    const ExactResult none = JudgeExact(InObb({0, 0, 0}, flat));
    EXPECT_FALSE(none.valid);
    EXPECT_EQ(FastVerdict(InObb({0, 0, 0}, flat)), std::nullopt);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
