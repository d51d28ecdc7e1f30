// The exact judge's distances: hand-worked distances of every overlap family (exact rationals,
// and square roots to the nearest double), 0 on touching and overlapping pairs, and the polytope
// feature-pair distance against a brute-force sampling bound.
#include "core/exact/exact.h"
#include "core/exact/exact_distance.h"

#include <gtest/gtest.h>

#include <cmath>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using glm::dvec3;

ExactResult Judged(const Query& q)
{
    const ExactResult r = JudgeExact(q);
    EXPECT_TRUE(r.valid) << r.note;
    EXPECT_TRUE(r.hasDistance);
    return r;
}

void ExpectExact(const Query& q, const char* text, double value)
{
    const ExactResult r = Judged(q);
    EXPECT_TRUE(r.exactDistance);
    EXPECT_EQ(r.distance.text, text);
    EXPECT_EQ(r.distance.value, value);
}

/// sqrt(2) - 1 and sqrt(2) rounded to nearest from long double (64-bit mantissa): ties are far.
const double kRoot2 = double(std::sqrt(2.0L));
const double kRoot2Minus1 = double(std::sqrt(2.0L) - 1.0L);

TEST(ExactDistance, Boxes)
{
    ExpectExact({Family::AabbAabb, Aabb<double>{dvec3(0), dvec3(1)}, Aabb<double>{{1.5, 0, 0}, {2.5, 1, 1}}}, "1/2",
                0.5);
    const ExactResult diag = Judged(
        {Family::AabbAabb, Aabb<double>{dvec3(-0.5), dvec3(0.5)}, Aabb<double>{{1.5, 1.5, -0.5}, {2.5, 2.5, 0.5}}});
    EXPECT_FALSE(diag.exactDistance);
    EXPECT_EQ(diag.distance.value, kRoot2);
    ExpectExact({Family::AabbAabb, Aabb<double>{dvec3(0), dvec3(1)}, Aabb<double>{{1, 1, 1}, {2, 2, 2}}}, "0", 0);
    ExpectExact({Family::AabbAabb, Aabb<double>{dvec3(0), dvec3(1)}, Aabb<double>{dvec3(0.5), dvec3(2)}}, "0", 0);
    // the same as oriented boxes, one with its axes permuted
    Obb<double> b{{2, 2, 0}, dvec3(0.5), {dvec3(0, 1, 0), dvec3(0, 0, 1), dvec3(1, 0, 0)}};
    const ExactResult obb = Judged({Family::ObbObb, Obb<double>{dvec3(0), dvec3(0.5)}, b});
    EXPECT_EQ(obb.distance.value, kRoot2);
    b.center = {1.5, 0.25, 0};
    ExpectExact({Family::ObbObb, Obb<double>{dvec3(0), dvec3(0.5)}, b}, "1/2", 0.5);
}

TEST(ExactDistance, Spheres)
{
    ExpectExact({Family::SphereSphere, Sphere<double>{dvec3(0), 1}, Sphere<double>{{3, 4, 0}, 1}}, "3", 3);
    ExpectExact({Family::SphereSphere, Sphere<double>{dvec3(0), 2}, Sphere<double>{{3, 4, 0}, 3}}, "0", 0);
    ExpectExact({Family::SphereAabb, Sphere<double>{{2, 0, 0}, 0.5}, Aabb<double>{dvec3(-1), dvec3(1)}}, "1/2", 0.5);
    const ExactResult corner =
        Judged({Family::SphereAabb, Sphere<double>{{2, 2, 0}, 1}, Aabb<double>{dvec3(-1), dvec3(1)}});
    EXPECT_FALSE(corner.exactDistance);
    EXPECT_EQ(corner.distance.value, kRoot2Minus1);
}

TEST(ExactDistance, Triangles)
{
    const Triangle<double> floor{{dvec3(0, 0, 0), dvec3(4, 0, 0), dvec3(0, 4, 0)}};
    ExpectExact({Family::SphereTriangle, Sphere<double>{{1, 1, 3}, 1}, floor}, "2", 2);
    // beyond the hypotenuse x + y = 4: the nearest point is on it, at distance (6 - 4) / sqrt(2)
    const ExactResult side = Judged({Family::SphereTriangle, Sphere<double>{{3, 3, 0}, 0.25}, floor});
    EXPECT_EQ(side.distance.value, double(std::sqrt(2.0L) - 0.25L));
    ExpectExact({Family::AabbTriangle, Aabb<double>{dvec3(0.5), dvec3(1)}, floor}, "1/2", 0.5);
    ExpectExact({Family::TriangleTriangle, floor, Triangle<double>{{dvec3(1, 1, 2), dvec3(2, 1, 2), dvec3(1, 2, 2)}}},
                "2", 2);
    // skew edges: a's edge along x at z = 0, b's along y at z = 3/4, crossing over each other
    ExpectExact({Family::TriangleTriangle, Triangle<double>{{dvec3(-1, 0, 0), dvec3(1, 0, 0), dvec3(0, 0, -1)}},
                 Triangle<double>{{dvec3(0, -1, 0.75), dvec3(0, 1, 0.75), dvec3(0, 0, 2)}}},
                "3/4", 0.75);
    // touching at a corner
    ExpectExact({Family::TriangleTriangle, floor, Triangle<double>{{dvec3(4, 0, 0), dvec3(5, 0, 1), dvec3(5, 1, 0)}}},
                "0", 0);
}

TEST(ExactDistance, SegmentsAndPolytopes)
{
    using exact::Q;
    const auto v = [](double x, double y, double z) { return exact::Lift<Q>(dvec3(x, y, z)); };
    // parallel overlapping segments 2 apart, skew segments, a point against a segment's end
    EXPECT_EQ(exact::SegmentSegmentDistance2(v(0, 0, 0), v(2, 0, 0), v(1, 2, 0), v(3, 2, 0)), 4);
    EXPECT_EQ(exact::SegmentSegmentDistance2(v(-1, 0, 0), v(1, 0, 0), v(0, -1, 1), v(0, 1, 1)), 1);
    EXPECT_EQ(exact::SegmentSegmentDistance2(v(0, 0, 0), v(0, 0, 0), v(3, 4, 0), v(6, 8, 0)), 25);
    // tetrahedra: a's top edge along x at z = 1, b's bottom edge along y at z = 5/4
    const auto a = exact::ConvexPolytope({{-1, 0, 1}, {1, 0, 1}, {0, -1, 0}, {0, 1, 0}});
    const auto b = exact::ConvexPolytope({{0, -1, 1.25}, {0, 1, 1.25}, {-1, 0, 2.25}, {1, 0, 2.25}});
    EXPECT_EQ(exact::PolytopeDistance2(a, b), Q(1, 16));
    // a point and a segment
    EXPECT_EQ(
        exact::PolytopeDistance2(exact::ConvexPolytope({{0, 3, 0}}), exact::ConvexPolytope({{-1, 0, 0}, {1, 0, 0}})),
        9);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
