// The exact judge on aabb_triangle, sphere_triangle and triangle_triangle: hand-computed verdicts
// and depths (touching at faces, edges and corners, coplanar and degenerate shapes), checked
// against independent exact oracles (a box clipping of the triangle, the triangles' edges cast
// through each other) and the interval fast path on thousands of grid and random cases.
#include "core/exact/exact.h"
#include "core/exact/exact_triangle_geometry.h"
#include "support/case_count.h"

#include <glm/common.hpp>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using glm::dvec3;

Triangle<double> Tri(dvec3 a, dvec3 b, dvec3 c) { return {{a, b, c}}; }
Query BoxTri(dvec3 lo, dvec3 hi, const Triangle<double>& t) { return {Family::AabbTriangle, Aabb<double>{lo, hi}, t}; }
Query SphereTri(dvec3 c, double r, const Triangle<double>& t)
{
    return {Family::SphereTriangle, Sphere<double>{c, r}, t};
}
Query TriTri(const Triangle<double>& a, const Triangle<double>& b) { return {Family::TriangleTriangle, a, b}; }

const Triangle<double> kFloor = Tri({0, 0, 0}, {4, 0, 0}, {0, 4, 0});

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

std::string Depth(const Query& q)
{
    const ExactResult r = Judge(q);
    return !r.hit ? "miss" : r.exactDepth ? r.depth.text : "~" + std::to_string(r.depth.value);
}

TEST(ExactBoxTriangle, TouchingCrossingAndApart)
{
    const dvec3 lo(0), hi(2);
    EXPECT_EQ(Depth(BoxTri(lo, hi, Tri({0, 0, 2}, {1, 0, 2}, {0, 1, 2}))), "0"); // on the top face
    EXPECT_EQ(Depth(BoxTri(lo, hi, Tri({0, 0, 2 + 0x1p-40}, {1, 0, 2}, {0, 1, 2}))), "0");
    EXPECT_EQ(Depth(BoxTri(lo, hi, Tri({0, 0, 2 + 0x1p-40}, {1, 0, 2 + 0x1p-40}, {0, 1, 2 + 0x1p-40}))), "miss");
    EXPECT_EQ(Depth(BoxTri(lo, hi, Tri({2, 2, 2}, {3, 2, 2}, {2, 3, 3}))), "0"); // a corner on a corner
    // a small triangle inside: the least push-out is along z, 1/2
    EXPECT_EQ(Depth(BoxTri(lo, hi, Tri({0.5, 0.5, 0.5}, {1.5, 0.5, 0.5}, {0.5, 1.5, 0.5}))), "1/2");
    // a large triangle across the box at z = 1: push it down by 1
    EXPECT_EQ(Depth(BoxTri(dvec3(0), dvec3(4), Tri({-10, -10, 1}, {30, -10, 1}, {-10, 30, 1}))), "1");
    // the hypotenuse's plane x + y = 4.5 passes the box's edge x = y = 2 by 1/2: its normal
    // separates (along the triangle normal (0, 0, -1)? no: the triangle stands upright)
    EXPECT_EQ(Depth(BoxTri(lo, hi, Tri({4.5, 0, -1}, {0, 4.5, -1}, {2.25, 2.25, 3}))), "miss");
    EXPECT_NE(Depth(BoxTri(lo, hi, Tri({3.5, 0, -1}, {0, 3.5, -1}, {1.75, 1.75, 3}))), "miss");
}

TEST(ExactBoxTriangle, DegenerateBoxesAndTriangles)
{
    // a point box in the triangle's plane: inside, on the hypotenuse, beyond it
    EXPECT_EQ(Depth(BoxTri({1, 1, 0}, {1, 1, 0}, kFloor)), "0");
    EXPECT_EQ(Depth(BoxTri({2, 2, 0}, {2, 2, 0}, kFloor)), "0");
    EXPECT_EQ(Depth(BoxTri({2, 2.5, 0}, {2, 2.5, 0}, kFloor)), "miss");
    // a flat box (z = 1) and a triangle that is a segment
    const dvec3 lo{0, 0, 1}, hi{2, 2, 1};
    // a pin through the plate: their difference is a solid box; pushed out by 1 (along z, or sideways)
    EXPECT_EQ(Depth(BoxTri(lo, hi, Tri({1, 1, 0}, {1, 1, 2}, {1, 1, 2}))), "1");
    EXPECT_EQ(Depth(BoxTri(lo, hi, Tri({2.5, 1, 1}, {1, 2.5, 1}, {1, 2.5, 1}))), "0"); // cuts the corner
    EXPECT_EQ(Depth(BoxTri(lo, hi, Tri({3, 1.5, 1}, {1.5, 3, 1}, {1.5, 3, 1}))), "miss");
    // a box that is a segment on x and a segment triangle in its plane
    EXPECT_EQ(Depth(BoxTri({0, 0, 0}, {2, 0, 0}, Tri({1, 1, 0}, {3, -1, 0}, {3, -1, 0}))), "0");
    EXPECT_EQ(Depth(BoxTri({0, 0, 0}, {2, 0, 0}, Tri({1.5, 1, 0}, {3.5, -1, 0}, {3.5, -1, 0}))), "miss");
    // point against point
    EXPECT_EQ(Depth(BoxTri({1, 2, 3}, {1, 2, 3}, Tri({1, 2, 3}, {1, 2, 3}, {1, 2, 3}))), "0");
    EXPECT_EQ(Depth(BoxTri({1, 2, 3}, {1, 2, 3}, Tri({1, 2, 4}, {1, 2, 4}, {1, 2, 4}))), "miss");
}

TEST(ExactSphereTriangle, RegionsOfTheClosestPoint)
{
    EXPECT_EQ(Depth(SphereTri({1, 1, 3}, 3, kFloor)), "0"); // above the face, touching
    EXPECT_EQ(Depth(SphereTri({1, 1, 3}, 5, kFloor)), "2");
    EXPECT_EQ(Depth(SphereTri({1, 1, 3}, 2.5, kFloor)), "miss");
    EXPECT_EQ(Depth(SphereTri({2, -3, 4}, 5, kFloor)), "0"); // nearest the edge y = 0
    EXPECT_EQ(Depth(SphereTri({2, -3, 4}, 6, kFloor)), "1");
    EXPECT_EQ(Depth(SphereTri({-1, -2, -2}, 3, kFloor)), "0"); // nearest the corner (0, 0, 0)
    EXPECT_EQ(Depth(SphereTri({-1, -2, -2}, std::nextafter(3.0, 0.0), kFloor)), "miss");
    EXPECT_EQ(Depth(SphereTri({3, 3, 0}, 0.5, kFloor)), "miss"); // in the plane, beyond the hypotenuse
    EXPECT_EQ(Depth(SphereTri({2, 3, 4}, 5, Tri({0, 0, 0}, {4, 0, 0}, {2, 0, 0}))), "0"); // a segment
    const ExactResult irrational = Judge(SphereTri({2, -1, 1}, 2, kFloor));               // 2 - sqrt(2)
    ASSERT_TRUE(irrational.hit);
    EXPECT_FALSE(irrational.exactDepth);
    EXPECT_NEAR(irrational.depth.value, 2 - std::sqrt(2.0), 1e-15);
}

TEST(ExactTriangleTriangle, CoplanarCrossingTouchingAndDegenerate)
{
    EXPECT_EQ(Depth(TriTri(kFloor, Tri({1, 1, 0}, {5, 1, 0}, {1, 5, 0}))), "0"); // coplanar overlap
    EXPECT_EQ(Depth(TriTri(kFloor, Tri({3, 3, 0}, {7, 3, 0}, {3, 7, 0}))), "miss");
    EXPECT_EQ(Depth(TriTri(kFloor, Tri({2, 2, 0}, {6, 2, 0}, {2, 6, 0}))), "0"); // a corner on the edge
    EXPECT_EQ(Depth(TriTri(kFloor, Tri({1, 0, 0}, {3, 0, 0}, {2, 0, 5}))), "0"); // standing on an edge
    EXPECT_EQ(Depth(TriTri(kFloor, Tri({1, -0x1p-50, 0}, {3, -0x1p-50, 0}, {2, -0x1p-50, 5}))), "miss");
    const ExactResult crossing = Judge(TriTri(kFloor, Tri({1, 1, -1}, {3, 1, -1}, {1, 1, 3})));
    ASSERT_TRUE(crossing.hit);
    EXPECT_GT(crossing.depth.value, 0);
    EXPECT_LE(crossing.depth.value, 1); // pushing either way along z or y by 1 separates them
    // segments and points
    const Triangle<double> sx = Tri({0, 0, 0}, {2, 0, 0}, {2, 0, 0});
    EXPECT_EQ(Depth(TriTri(sx, Tri({1, -1, 1}, {1, 1, 1}, {1, 1, 1}))), "miss"); // skew, 1 apart
    EXPECT_EQ(Depth(TriTri(sx, Tri({1, -1, 0}, {1, 1, 0}, {1, 1, 0}))), "0");
    EXPECT_EQ(Depth(TriTri(sx, Tri({3, 0, 0}, {4, 0, 0}, {4, 0, 0}))), "miss");    // one line, apart
    EXPECT_EQ(Depth(TriTri(sx, Tri({2, 0, 0}, {4, 0, 0}, {4, 0, 0}))), "0");       // one line, end to end
    EXPECT_EQ(Depth(TriTri(sx, Tri({0, 1, 0}, {1, 1, 0}, {1, 1, 0}))), "miss");    // parallel lines
    EXPECT_EQ(Depth(TriTri(sx, Tri({3, 3, 3}, {3, 3, 3}, {3, 3, 3}))), "miss");    // a point
    EXPECT_EQ(Depth(TriTri(sx, Tri({0.5, 0, 0}, {0.5, 0, 0}, {0.5, 0, 0}))), "0"); // a point on it
}

// ---- independent oracles ----

using Q3 = std::array<mpq_class, 3>;
Q3 LiftQ(const dvec3& v) { return {mpq_class(v.x), mpq_class(v.y), mpq_class(v.z)}; }

/// The triangle clipped by the box's six closed half-spaces (Sutherland-Hodgman in rationals):
/// something is left exactly when they share a point.
bool ClipOracle(const Aabb<double>& box, const Triangle<double>& t)
{
    std::vector<Q3> poly{LiftQ(t.vertices[0]), LiftQ(t.vertices[1]), LiftQ(t.vertices[2])};
    for (int axis = 0; axis < 3 && !poly.empty(); ++axis) {
        for (int side = 0; side < 2 && !poly.empty(); ++side) {
            const mpq_class bound(side == 0 ? box.min[axis] : box.max[axis]);
            auto f = [&](const Q3& p) {
                return side == 0 ? mpq_class(p[size_t(axis)] - bound) : mpq_class(bound - p[size_t(axis)]);
            };
            std::vector<Q3> out;
            for (size_t i = 0; i < poly.size(); ++i) {
                const Q3& p = poly[i];
                const Q3& q = poly[(i + 1) % poly.size()];
                const mpq_class fp = f(p), fq = f(q);
                if (sgn(fp) >= 0) {
                    out.push_back(p);
                }
                if ((sgn(fp) > 0 && sgn(fq) < 0) || (sgn(fp) < 0 && sgn(fq) > 0)) {
                    const mpq_class s = fp / (fp - fq);
                    out.push_back({p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1]), p[2] + s * (q[2] - p[2])});
                }
            }
            poly = std::move(out);
        }
    }
    return !poly.empty();
}

/// Two closed triangles meet exactly when an edge of one meets the other (segment_triangle's judge).
bool EdgeOracle(const Triangle<double>& a, const Triangle<double>& b)
{
    for (int k = 0; k < 2; ++k) {
        const Triangle<double>& x = k == 0 ? a : b;
        const Triangle<double>& y = k == 0 ? b : a;
        for (int i = 0; i < 3; ++i) {
            const Query q{Family::SegmentTriangle,
                          Segment<double>{x.vertices[size_t(i)], x.vertices[size_t(i + 1) % 3]}, y};
            if (JudgeExact(q).hit) {
                return true;
            }
        }
    }
    return false;
}

/// Small-grid coordinates (so that touching, coplanar and degenerate cases are frequent) or random ones.
struct Draw {
    std::mt19937_64 rng{24};
    bool grid = true;
    double scale = 1; ///< 2^1000 and 2^-1000: products overflow or underflow in double
    double N()
    {
        if (grid) {
            return double(std::uniform_int_distribution<int>(-4, 4)(rng)) * 0.5 * scale;
        }
        return std::uniform_real_distribution<double>(-3, 3)(rng) * scale;
    }
    dvec3 V() { return {N(), N(), N()}; }
    Triangle<double> T()
    {
        const int k = std::uniform_int_distribution<int>(0, 9)(rng);
        const dvec3 a = V(), b = V();
        if (k == 0) {
            return Tri(a, a, a);
        }
        if (k == 1) {
            return Tri(a, b, a + (b - a) * 2.0); // collinear
        }
        return Tri(a, b, V());
    }
    Aabb<double> B()
    {
        const dvec3 p = V(), q = V();
        return {glm::min(p, q), glm::max(p, q)};
    }
};

TEST(ExactTriangleOracles, SatAgreesWithClippingAndEdgeCasts)
{
    Draw draw;
    int hits = 0, touching = 0;
    const int count = test::CaseCount(3000, 300);
    for (int i = 0; i < count; ++i) {
        draw.grid = i % 4 != 3;
        const Triangle<double> t = draw.T();
        const Aabb<double> box = draw.B();
        const Triangle<double> u = draw.T();
        SCOPED_TRACE(::testing::Message() << "case " << i);
        const ExactResult bt = Judge(BoxTri(box.min, box.max, t));
        ASSERT_EQ(bt.hit, ClipOracle(box, t));
        const ExactResult tt = Judge(TriTri(t, u));
        ASSERT_EQ(tt.hit, EdgeOracle(t, u));
        hits += (bt.hit ? 1 : 0) + (tt.hit ? 1 : 0);
        touching += (bt.hit && bt.depth.text == "0" ? 1 : 0) + (tt.hit && tt.depth.text == "0" ? 1 : 0);
    }
    EXPECT_GT(hits, count / 6);
    EXPECT_GT(touching, count / 20); // the grid makes touching and coplanar cases common
}

TEST(ExactTriangleOracles, FastVerdictNeverDisagreesOnAnyTriangleFamily)
{
    Draw draw;
    int decided = 0, total = 0;
    const int count = test::CaseCount(1500, 150);
    for (int i = 0; i < count; ++i) {
        draw.grid = i % 3 != 2;
        // two thirds at unit scale, a sixth near the top of the range, a sixth near the bottom
        draw.scale = 6 * i < 4 * count ? 1.0 : 6 * i < 5 * count ? 0x1p1000 : 0x1p-1000;
        const Triangle<double> t = draw.T();
        const dvec3 o = draw.V(), d = draw.V();
        std::vector<Query> queries{
            {Family::RayTriangle, Ray<double>{o, d == dvec3(0) ? dvec3(1, 0, 0) : d}, t},
            {Family::SegmentTriangle, Segment<double>{o, d}, t},
            {Family::AabbTriangle, draw.B(), t},
            {Family::SphereTriangle, Sphere<double>{o, std::fabs(draw.N())}, t},
            {Family::TriangleTriangle, draw.T(), t},
        };
        for (const Query& q : queries) {
            const bool exact = JudgeExact(q).hit;
            if (const auto fast = FastVerdict(q)) {
                ASSERT_EQ(*fast, exact) << FamilyName(q.family) << " case " << i;
                ++decided;
            }
            ++total;
        }
    }
    EXPECT_GT(decided, total / 2); // the fast path decides most of them
}

TEST(ExactTriangleOracles, IntervalMinAndMaxKeepAnOverflowUncertain)
{
    // an overflowed bound is NaN (Down(inf)); dropping it would narrow the hull and prove a sign
    const exact::Interval overflowed(NAN, NAN), one(1.0, 2.0);
    for (const exact::Interval& x : {exact::Min(overflowed, one), exact::Max(one, overflowed)}) {
        exact::g_uncertain = false;
        EXPECT_EQ(exact::Sign(x), 0);
        EXPECT_TRUE(exact::g_uncertain);
    }
    exact::g_uncertain = false;
    EXPECT_EQ(exact::Sign(exact::Min(exact::Interval(3.0, 4.0), one)), 1);
    EXPECT_FALSE(exact::g_uncertain);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
