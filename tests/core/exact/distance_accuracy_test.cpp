// The references' distances (core/overlap_distance.h, core/convex_convex.h) against the exact
// judge's on random separated pairs of every overlap family: the largest error in ulps, bounded.
#include "core/convex_convex.h"
#include "core/exact/exact.h"
#include "core/exact/exact_distance.h"
#include "core/exact/exact_values.h"
#include "core/overlap_distance.h"
#include "support/case_count.h"

#include <glm/common.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using glm::dvec3;

struct Draw {
    std::mt19937_64 rng{2500};
    std::uniform_real_distribution<double> u{-2, 2};
    dvec3 V() { return {u(rng), u(rng), u(rng)}; }
    double R() { return std::abs(u(rng)) * 0.5; }
    Aabb<double> Box()
    {
        const dvec3 c = V(), h = glm::abs(V()) * 0.25;
        return {c - h, c + h};
    }
    Triangle<double> Tri() { return {{V(), V(), V()}}; }
    Obb<double> Box45()
    {
        // rotated by 45 degrees about z: axes (s, s, 0), (-s, s, 0), (0, 0, 1), s = sqrt(1/2)
        const double s = std::sqrt(0.5);
        return {V(), glm::abs(V()) * 0.25, {dvec3(s, s, 0), dvec3(-s, s, 0), dvec3(0, 0, 1)}};
    }
};

/// The largest ulp error of `gap` over misses of the family's draws (and how many there were).
template <typename DrawFn, typename GapFn>
double WorstUlps(DrawFn draw, GapFn gap, int& misses)
{
    double worst = 0;
    misses = 0;
    const int count = test::CaseCount(300, 100);
    for (int k = 0; k < count; ++k) {
        const Query q = draw();
        const ExactResult e = JudgeExact(q);
        if (e.hit || !e.hasDistance) {
            continue;
        }
        ++misses;
        const double d = gap(q);
        worst = std::max(worst, UlpError(e.distance.value, d, Precision::Double));
    }
    return worst;
}

TEST(DistanceAccuracy, EveryOverlapFamilyAgainstTheJudge)
{
    Draw g;
    int n = 0;
    struct Row {
        const char* family;
        double worst;
        double bound;
    };
    std::vector<Row> rows;
    rows.push_back({"aabb_aabb",
                    WorstUlps(
                        [&] {
                            return Query{Family::AabbAabb, g.Box(), g.Box()};
                        },
                        [](const Query& q) {
                            return AabbAabbGap(std::get<Aabb<double>>(q.a), std::get<Aabb<double>>(q.b)).distance;
                        },
                        n),
                    1});
    rows.push_back(
        {"sphere_sphere",
         WorstUlps(
             [&] {
                 return Query{Family::SphereSphere, Sphere<double>{g.V(), g.R()}, Sphere<double>{g.V(), g.R()}};
             },
             [](const Query& q) {
                 return SphereSphereGap(std::get<Sphere<double>>(q.a), std::get<Sphere<double>>(q.b)).distance;
             },
             n),
         1});
    rows.push_back({"sphere_aabb",
                    WorstUlps(
                        [&] {
                            return Query{Family::SphereAabb, Sphere<double>{g.V(), g.R()}, g.Box()};
                        },
                        [](const Query& q) {
                            return SphereAabbGap(std::get<Sphere<double>>(q.a), std::get<Aabb<double>>(q.b)).distance;
                        },
                        n),
                    1});
    rows.push_back(
        {"sphere_triangle",
         WorstUlps(
             [&] {
                 return Query{Family::SphereTriangle, Sphere<double>{g.V(), g.R()}, g.Tri()};
             },
             [](const Query& q) {
                 return SphereTriangleGap(std::get<Sphere<double>>(q.a), std::get<Triangle<double>>(q.b)).distance;
             },
             n),
         1});
    rows.push_back(
        {"aabb_triangle",
         WorstUlps(
             [&] {
                 return Query{Family::AabbTriangle, g.Box(), g.Tri()};
             },
             [](const Query& q) {
                 return AabbTriangleGap(std::get<Aabb<double>>(q.a), std::get<Triangle<double>>(q.b)).distance;
             },
             n),
         1});
    rows.push_back(
        {"triangle_triangle",
         WorstUlps(
             [&] {
                 return Query{Family::TriangleTriangle, g.Tri(), g.Tri()};
             },
             [](const Query& q) {
                 return TriangleTriangleGap(std::get<Triangle<double>>(q.a), std::get<Triangle<double>>(q.b)).distance;
             },
             n),
         1});
    rows.push_back(
        {"obb_obb (45 degrees about z)",
         WorstUlps(
             [&] {
                 return Query{Family::ObbObb, g.Box45(), g.Box45()};
             },
             [](const Query& q) { return ObbObbGap(std::get<Obb<double>>(q.a), std::get<Obb<double>>(q.b)).distance; },
             n),
         64}); // the corners center +- h axes are rounded: the box itself is not
    for (const Row& r : rows) {
        std::printf("distance accuracy: %-30s worst %g ulp\n", r.family, r.worst);
        EXPECT_LE(r.worst, r.bound) << r.family;
    }
}

TEST(DistanceAccuracy, ConvexHullsAgainstExactFeaturePairs)
{
    Draw g;
    double worst = 0;
    int misses = 0;
    for (int k = 0; k < 200; ++k) {
        std::vector<dvec3> pa, pb;
        const dvec3 offset = g.V() * 1.5;
        for (int i = 0; i < 3 + k % 6; ++i) {
            pa.push_back(g.V() * 0.5);
            pb.push_back(g.V() * 0.5 + offset);
        }
        const auto o = detail::ConvexConvexSatHulls(BuildConvexHull(pa), BuildConvexHull(pb), nullptr);
        if (o.r.hit) {
            continue;
        }
        ++misses;
        const exact::Q d2 = exact::PolytopeDistance2(exact::ConvexPolytope(pa), exact::ConvexPolytope(pb));
        const ExactValue e = exact::SqrtExpression(exact::Q(0), 1, d2, exact::Q(1));
        worst = std::max(worst, UlpError(e.value, o.closest.distance, Precision::Double));
    }
    std::printf("distance accuracy: convex_convex (%d apart) worst %g ulp\n", misses, worst);
    EXPECT_GT(misses, 50);
    EXPECT_LE(worst, 1);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
