// Tests of core/ray_aabb_dispatch.*: the AVX2 copy of the double reference slab (core/slab_avx2.cpp)
// gives the baseline's results bit for bit, on ordinary, boundary and extreme inputs, and the
// registry's `slab` batch runner and RayAabbSlabHits agree with RayAabbSlab query by query.
#include "core/ray_aabb.h"
#include "core/ray_aabb_dispatch.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using L = std::numeric_limits<double>;

/// Every field of two results, as bits.
void ExpectSameBits(const Result& x, const Result& y, size_t query)
{
    EXPECT_EQ(x.hit, y.hit) << query;
    EXPECT_EQ(x.hasNormal, y.hasNormal) << query;
    const double xs[] = {x.tEnter, x.tExit, x.point.x, x.point.y, x.point.z, x.normal.x, x.normal.y, x.normal.z};
    const double ys[] = {y.tEnter, y.tExit, y.point.x, y.point.y, y.point.z, y.normal.x, y.normal.y, y.normal.z};
    for (int i = 0; i < 8; ++i) {
        EXPECT_EQ(std::bit_cast<std::uint64_t>(xs[i]), std::bit_cast<std::uint64_t>(ys[i])) << query << " field " << i;
    }
}

/// A coordinate drawn from ordinary values and the extremes the reference must get right: zeros of
/// both signs, subnormals, the smallest normal, huge values, the largest finite.
double Coordinate(std::mt19937_64& rng)
{
    const double specials[] = {0.0,   -0.0,   L::denorm_min(), -L::denorm_min(), L::min(), 1e-300, -1e-300,
                               1e300, -1e300, L::max(),        -L::max(),        0.5,      -1.0,   2.0,
                               3.0};
    std::uniform_real_distribution<double> unit(-2.0, 2.0);
    switch (rng() % 4) {
    case 0:
        return specials[rng() % std::size(specials)];
    case 1:
        return unit(rng) * std::ldexp(1.0, int(rng() % 2000) - 1000);
    default:
        return unit(rng);
    }
}

/// Rays and boxes (as a batch's table) mixing ordinary and extreme coordinates, and the pairs.
struct Cases {
    std::vector<Shape> shapes;
    std::vector<ShapePair> pairs;
};

Cases MakeCases(size_t count)
{
    std::mt19937_64 rng(20261124);
    Cases c;
    for (size_t i = 0; i < count; ++i) {
        Ray<double> ray;
        Aabb<double> box;
        for (int axis = 0; axis < 3; ++axis) {
            ray.origin[axis] = Coordinate(rng);
            ray.direction[axis] = Coordinate(rng);
            const double a = Coordinate(rng), b = Coordinate(rng);
            box.min[axis] = std::min(a, b);
            box.max[axis] = std::max(a, b);
        }
        c.pairs.push_back(
            {static_cast<std::uint32_t>(c.shapes.size()), static_cast<std::uint32_t>(c.shapes.size() + 1)});
        c.shapes.push_back(ray);
        c.shapes.push_back(box);
    }
    // a NaN in the ray and in the box: misses
    c.pairs.push_back({static_cast<std::uint32_t>(c.shapes.size()), 1});
    c.shapes.push_back(Ray<double>{{L::quiet_NaN(), 0, 0}, {1, 0, 0}});
    c.pairs.push_back({0, static_cast<std::uint32_t>(c.shapes.size())});
    c.shapes.push_back(Aabb<double>{{L::quiet_NaN(), 0, 0}, {1, 1, 1}});
    return c;
}

TEST(RayAabbSlabDispatchTest, Avx2CopyGivesTheBaselineResultsBitForBit)
{
    if (!RayAabbSlabUsesAvx2()) {
        GTEST_SKIP() << "this CPU has no AVX2: only the baseline copy runs";
    }
#if defined(__x86_64__)
    const Cases c = MakeCases(200000);
    const QueryBatch batch{c.shapes, {}, c.pairs};
    std::vector<PackedResult<double>> baseline(c.pairs.size()), avx2(c.pairs.size());
    detail::RayAabbSlabBatchBaseline(batch, baseline);
    detail::RayAabbSlabBatchAvx2(c.shapes.data(), c.pairs.data(), c.pairs.size(), avx2.data());
    size_t hits = 0;
    for (size_t i = 0; i < c.pairs.size(); ++i) {
        ExpectSameBits(Widen(baseline[i]), Widen(avx2[i]), i);
        EXPECT_EQ(std::memcmp(&baseline[i], &avx2[i], sizeof(PackedResult<double>)), 0) << i; // every byte written
        hits += (baseline[i].flags & kPackedHit) != 0 ? 1 : 0;
        if (HasFailure()) {
            return;
        }
    }
    // the cases exercise both verdicts
    EXPECT_GT(hits, c.pairs.size() / 20);
    EXPECT_LT(hits, c.pairs.size() - c.pairs.size() / 20);
#endif
}

TEST(RayAabbSlabDispatchTest, RegistryBatchAgreesWithRunPerQuery)
{
    const Cases c = MakeCases(20000);
    const QueryBatch batch{c.shapes, {}, c.pairs};
    const AlgorithmInfo& slab = *FindAlgorithm(Family::RayAabb, "slab");
    std::vector<PackedResult<double>> out(c.pairs.size());
    RunBatch(slab, batch, Precision::Double, BatchResults{{}, out});
    for (size_t i = 0; i < c.pairs.size(); ++i) {
        const Query q{Family::RayAabb, c.shapes[c.pairs[i].a], c.shapes[c.pairs[i].b]};
        ExpectSameBits(hitlab::Run(slab, q, Precision::Double), Widen(out[i]), i);
        if (HasFailure()) {
            return;
        }
    }
}

TEST(RayAabbSlabDispatchTest, KnownHitThroughTheDispatchedBatch)
{
    // origin at 0 along +x into [1, 2] x [-1, 1] x [-1, 1]: enters the x = 1 face at t = 1, leaves at 2
    const std::vector<Shape> shapes{Ray<double>{{0, 0, 0}, {1, 0, 0}}, Aabb<double>{{1, -1, -1}, {2, 1, 1}}};
    const std::vector<ShapePair> pairs{{0, 1}};
    std::vector<PackedResult<double>> packed(1);
    detail::RayAabbSlabBatchDouble(QueryBatch{shapes, {}, pairs}, packed);
    const std::vector<Result> out{Widen(packed[0])};
    EXPECT_TRUE(out[0].hit);
    EXPECT_EQ(out[0].tEnter, 1.0);
    EXPECT_EQ(out[0].tExit, 2.0);
    EXPECT_EQ(out[0].point, glm::dvec3(1, 0, 0));
    EXPECT_TRUE(out[0].hasNormal);
    EXPECT_EQ(out[0].normal, glm::dvec3(-1, 0, 0));
}

TEST(RayAabbSlabDispatchTest, HitCountsMatchRayAabbSlab)
{
    // one ray from (-3, 0.25, 0) along +x against boxes every 0.5 along y: those spanning y = 0.25 hit
    std::vector<Aabb<double>> boxes;
    std::vector<Aabb<float>> floatBoxes;
    for (int i = -4; i < 4; ++i) {
        const double y = 0.5 * i;
        boxes.push_back({{-1, y, -1}, {1, y + 0.5, 1}});
        floatBoxes.push_back({{-1, float(y), -1}, {1, float(y + 0.5), 1}});
    }
    // y = 0.25 lies inside [0, 0.5] only
    EXPECT_EQ(RayAabbSlabHits(Ray<double>{{-3, 0.25, 0}, {1, 0, 0}}, boxes), 1);
    EXPECT_EQ(RayAabbSlabHits(Ray<float>{{-3, 0.25f, 0}, {1, 0, 0}}, floatBoxes), 1);
    // y = 0.5 is the shared face of [0, 0.5] and [0.5, 1]: closed boxes, both hit
    EXPECT_EQ(RayAabbSlabHits(Ray<double>{{-3, 0.5, 0}, {1, 0, 0}}, boxes), 2);
    // and against the random cases' boxes, the count RayAabbSlab gives one by one
    const Cases c = MakeCases(5000);
    std::vector<Aabb<double>> randomBoxes;
    for (const Shape& s : c.shapes) {
        if (const auto* box = std::get_if<Aabb<double>>(&s)) {
            randomBoxes.push_back(*box);
        }
    }
    for (size_t r = 0; r < 50; ++r) {
        const Ray<double>& ray = std::get<Ray<double>>(c.shapes[2 * r]);
        std::int64_t expected = 0;
        for (const Aabb<double>& box : randomBoxes) {
            expected += RayAabbSlab(ray, box).hit ? 1 : 0;
        }
        EXPECT_EQ(RayAabbSlabHits(ray, randomBoxes), expected) << r;
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
