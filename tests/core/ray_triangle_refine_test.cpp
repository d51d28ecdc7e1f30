// Tests of the watertight test's double refinement (core/ray_triangle_fma.cpp and
// core/ray_triangle_exact.cpp): the fused multiply-add path and the long double / double-double path
// against the exact solver on hits that need them; the traces of fast-path misses, which show the
// numerators that decided them, and Moller-Trumbore's deciding step.
#include "core/ray_triangle.h"
#include "core/segment_triangle.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using detail::TriangleFastValues;

/// |value - exact| in units of 2^-52 max(|exact|, floor).
double Units(double value, double exact, double floor)
{
    return std::fabs(value - exact) / (0x1p-52 * std::max(std::fabs(exact), floor));
}

struct Worst {
    double t = 0, uv = 0;
    void Add(const TriangleFastValues& f, const detail::ExactTriangleAnswer& e)
    {
        t = std::max(t, Units(f.t, e.tEnter, 0));
        uv = std::max({uv, Units(f.u, e.u, 1), Units(f.v, e.v, 1)});
    }
};

// Rays aimed at a point inside a random triangle (at least 1/16 from its edges), a third of them
// grazing its plane (the direction 2^-4 to 2^-20 off it), the triangle moved up to 2^20 sizes from
// the origin: where the fast path's values lose digits and are refined.
TEST(RayTriangleRefinement, BothRefinementsAgreeWithTheExactSolver)
{
    std::mt19937_64 rng(20261207);
    std::uniform_real_distribution<double> unit(-1.0, 1.0), weight(1.0 / 16, 1.0);
    Worst fma, extended, unrefined;
    int compared = 0;
    for (int i = 0; i < 20000; ++i) {
        const double scale = std::ldexp(1.0, int(rng() % 21));
        const glm::dvec3 offset{unit(rng) * scale, unit(rng) * scale, unit(rng) * scale};
        glm::dvec3 v[3];
        for (glm::dvec3& x : v) {
            x.x = offset.x + unit(rng);
            x.y = offset.y + unit(rng);
            x.z = offset.z + unit(rng);
        }
        const double a = weight(rng), b = weight(rng), c = weight(rng), sum = a + b + c;
        const glm::dvec3 aim = (a / sum) * v[0] + (b / sum) * v[1] + (c / sum) * v[2];
        glm::dvec3 d{unit(rng), unit(rng), unit(rng)};
        if (i % 3 == 0) {
            const glm::dvec3 n = glm::normalize(glm::cross(v[1] - v[0], v[2] - v[0]));
            const double off = std::ldexp(1.0, -4 - int(rng() % 17));
            d = (d - glm::dot(d, n) * n) + off * n;
        }
        const glm::dvec3 o = aim - 3.0 * d, zero(0);
        TriangleFastValues f;
        if (detail::WatertightFast(o, d, v[0], v[1], v[2], false, f) != detail::TriangleFast::Hit) {
            continue;
        }
        f.t = f.tN / f.det;
        f.u = f.uN / f.det;
        f.v = f.vN / f.det;
        const detail::ExactTriangleQuery q = detail::ExactQueryOf(o, d, zero, v[0], v[1], v[2], false);
        const detail::ExactTriangleAnswer e = detail::SolveTriangleExactly(q);
        ASSERT_TRUE(e.hit) << "case " << i;
        TriangleFastValues viaFma = f, viaExtended = f;
        const bool fmaRan =
            detail::CpuRefinesWithFma() && detail::RefineTriangleWithFma(o, d, zero, v[0], v[1], v[2], viaFma);
        if (!detail::RefineTriangleValues(q, viaExtended)) {
            continue; // cancels beyond 2^-40: the exact solver's case
        }
        ++compared;
        unrefined.Add(f, e);
        extended.Add(viaExtended, e);
        if (fmaRan) {
            fma.Add(viaFma, e);
        }
    }
    EXPECT_GT(compared, 9000);
    // the bound docs/protocol.md states for the reference: 4 units of t, and of u and v
    EXPECT_LE(fma.t, 4.0);
    EXPECT_LE(fma.uv, 4.0);
    EXPECT_LE(extended.t, 4.0);
    EXPECT_LE(extended.uv, 4.0);
    // and the cases need the refinement: the fast path's own values are far outside it
    EXPECT_GT(unrefined.t, 1000.0);
    std::printf("refined hits %d: worst t / uv units: fma %.2f / %.2f, long double or double-double %.2f / %.2f, "
                "unrefined %.3g / %.3g\n",
                compared, fma.t, fma.uv, extended.t, extended.uv, unrefined.t, unrefined.uv);
}

// o = (0, 0, -1), d = (0, 0, 1), v = (1, 1, 0), (2, 1, 0), (1, 2, 0): e1 = (1, 0, 0), e2 = (0, 1, 0),
// s = (-1, -1, -1), d x e2 = (-1, 0, 0), s x e1 = (0, -1, 1): det = -1, u det = 1, v det = 1,
// w det = -3, t det = -1. A fast-path miss; its trace showed zeros ("parallel") before.
TEST(RayTriangleTrace, AFastPathMissShowsItsNumerators)
{
    const Triangle<double> tri{{glm::dvec3(1, 1, 0), glm::dvec3(2, 1, 0), glm::dvec3(1, 2, 0)}};
    Trace trace;
    const CastResult<double> r = RayTriangleWatertight(Ray<double>{{0, 0, -1}, {0, 0, 1}}, tri, &trace);
    EXPECT_FALSE(r.hit);
    ASSERT_GE(trace.steps.size(), 3u);
    ASSERT_EQ(trace.steps[0].values.size(), 1u);
    EXPECT_EQ(trace.steps[0].values[0].value, -1.0);
    ASSERT_EQ(trace.steps[1].values.size(), 3u);
    EXPECT_EQ(trace.steps[1].values[0].value, 1.0);
    EXPECT_EQ(trace.steps[1].values[1].value, 1.0);
    EXPECT_EQ(trace.steps[1].values[2].value, -3.0);
    ASSERT_EQ(trace.steps[2].values.size(), 1u);
    EXPECT_EQ(trace.steps[2].values[0].value, -1.0);
    EXPECT_EQ(trace.verdict.rfind("miss: the line passes outside the edge", 0), 0u) << trace.verdict;

    // the segment from (0, 0, -1) to (0, 0, 1): d = (0, 0, 2), so det, u det and v det double
    Trace segmentTrace;
    const CastResult<double> s = SegmentTriangleWatertight(Segment<double>{{0, 0, -1}, {0, 0, 1}}, tri, &segmentTrace);
    EXPECT_FALSE(s.hit);
    ASSERT_GE(segmentTrace.steps.size(), 3u);
    EXPECT_EQ(segmentTrace.steps[0].values[0].value, -2.0);
    EXPECT_EQ(segmentTrace.steps[1].values[0].value, 2.0);
    EXPECT_EQ(segmentTrace.steps[1].values[1].value, 2.0);
    EXPECT_EQ(segmentTrace.steps[2].values[0].value, -1.0);
}

// Moller-Trumbore exits at u < 0 before it looks at t: its trace's deciding step is the
// barycentrics' (it marked the last step, t's, whatever decided). (0,0,0), (4,0,0), (0,4,0), the
// ray from (-1, 1, 2) down: u = -1/4, v = 1/4, t = 2.
TEST(RayTriangleTrace, MollerTrumboreDecidesAtTheBarycentricsItExitsOn)
{
    const Triangle<double> tri{{glm::dvec3(0, 0, 0), glm::dvec3(4, 0, 0), glm::dvec3(0, 4, 0)}};
    const Ray<double> ray{{-1, 1, 2}, {0, 0, -1}};
    for (const bool cull : {false, true}) {
        Trace trace;
        const CastResult<double> r =
            cull ? RayTriangleMollerTrumboreCull(ray, tri, &trace) : RayTriangleMollerTrumbore(ray, tri, &trace);
        EXPECT_FALSE(r.hit);
        ASSERT_EQ(trace.steps.size(), 3u);
        EXPECT_EQ(trace.decidingStep, 1) << (cull ? "cull" : "two-sided");
        EXPECT_EQ(trace.verdict.rfind("miss: u or v is outside the triangle", 0), 0u) << trace.verdict;
    }
    // a hit is decided at t
    Trace hit;
    EXPECT_TRUE(RayTriangleMollerTrumbore(Ray<double>{{1, 1, 2}, {0, 0, -1}}, tri, &hit).hit);
    EXPECT_EQ(hit.decidingStep, 2);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
