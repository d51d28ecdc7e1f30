// Tests of core/batch/ray_aabb_batch.h: every kernel available on this machine gives exactly the
// scalar kernel's hits and RayAabbSlabBranchless's verdicts, boundaries and tails included.
#include "core/batch/ray_aabb_batch.h"
#include "core/ray_aabb.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

constexpr float kInf = std::numeric_limits<float>::infinity();

std::vector<BatchIsa> AvailableIsas()
{
    std::vector<BatchIsa> out;
    for (BatchIsa isa : {BatchIsa::Scalar, BatchIsa::Avx2, BatchIsa::Avx512}) {
        if (BatchIsaAvailable(isa)) {
            out.push_back(isa);
        }
    }
    return out;
}

/// Small grid values, so that rays along faces, through edges and corners, and flat boxes are common.
float GridValue(std::mt19937& rng)
{
    static const float kValues[] = {-2.0f, -1.0f, -0.5f, -0.0f, 0.0f, 0.25f, 0.5f, 1.0f, 1.5f, 2.0f};
    return kValues[rng() % 10];
}

std::vector<Aabb<float>> RandomBoxes(std::mt19937& rng, std::size_t n, bool grid)
{
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<Aabb<float>> boxes;
    for (std::size_t i = 0; i < n; ++i) {
        Aabb<float> b;
        for (int a = 0; a < 3; ++a) {
            const float lo = grid ? GridValue(rng) : u(rng);
            const float size = rng() % 5 == 0 ? 0.0f : (grid ? std::abs(GridValue(rng)) : std::abs(u(rng)));
            b.min[a] = lo;
            b.max[a] = lo + size;
        }
        boxes.push_back(b);
    }
    return boxes;
}

Ray<float> RandomRay(std::mt19937& rng, bool grid)
{
    std::uniform_real_distribution<float> u(-2.0f, 2.0f);
    Ray<float> r;
    do {
        for (int a = 0; a < 3; ++a) {
            r.origin[a] = grid ? GridValue(rng) : u(rng);
            // zero components (+0 and -0) on a third of the axes
            r.direction[a] = rng() % 3 == 0 ? (rng() % 2 ? 0.0f : -0.0f) : (grid ? GridValue(rng) : u(rng));
        }
    } while (r.direction.x == 0 && r.direction.y == 0 && r.direction.z == 0);
    return r;
}

/// Runs every kernel and checks they agree with the scalar kernel and with RayAabbSlabBranchless.
void ExpectAllKernelsAgree(const Ray<float>& ray, const std::vector<Aabb<float>>& boxes, float tMax)
{
    const AabbSoA soa(boxes);
    std::vector<std::uint8_t> scalar(boxes.size() + 1, 0xAB);
    const std::size_t scalarCount = RayAabbBatch(ray, soa, tMax, scalar.data(), BatchIsa::Scalar);
    EXPECT_EQ(scalar.back(), 0xAB) << "wrote past the end";
    std::size_t expectedCount = 0;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        ASSERT_LE(scalar[i], 1);
        expectedCount += scalar[i];
        if (tMax == kInf) {
            ASSERT_EQ(scalar[i] == 1, RayAabbSlabBranchless(ray, boxes[i]).hit)
                << "box " << i << " of " << boxes.size() << ": origin (" << ray.origin.x << ", " << ray.origin.y << ", "
                << ray.origin.z << ") direction (" << ray.direction.x << ", " << ray.direction.y << ", "
                << ray.direction.z << ")";
        }
    }
    EXPECT_EQ(scalarCount, expectedCount);
    for (BatchIsa isa : AvailableIsas()) {
        SCOPED_TRACE(BatchIsaName(isa));
        std::vector<std::uint8_t> hits(boxes.size() + 1, 0xAB);
        const std::size_t count = RayAabbBatch(ray, soa, tMax, hits.data(), isa);
        EXPECT_EQ(hits.back(), 0xAB) << "wrote past the end";
        hits.pop_back();
        std::vector<std::uint8_t> want(scalar.begin(), scalar.end() - 1);
        ASSERT_EQ(hits, want);
        EXPECT_EQ(count, scalarCount);

        // the entry t: the same verdicts, +inf on a miss, RayAabbSlabBranchless's tEnter on a hit
        std::vector<float> enter(boxes.size() + 1, -7.0f);
        EXPECT_EQ(RayAabbBatchEnter(ray, soa, tMax, enter.data(), isa), scalarCount);
        EXPECT_EQ(enter.back(), -7.0f) << "wrote past the end";
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            if (want[i] == 0) {
                ASSERT_EQ(enter[i], kInf) << "box " << i;
                continue;
            }
            ASSERT_GE(enter[i], 0.0f) << "box " << i;
            ASSERT_LE(enter[i], tMax) << "box " << i;
            if (tMax == kInf) {
                const float reference = RayAabbSlabBranchless(ray, boxes[i]).tEnter;
                ASSERT_EQ(enter[i], reference) << "box " << i;
                ASSERT_EQ(std::signbit(enter[i]), std::signbit(reference)) << "box " << i;
            }
        }
    }
}

TEST(AabbSoATest, StoresBoxesAndPadsToTheBatchWidth)
{
    const std::vector<Aabb<float>> boxes{{{0, 1, 2}, {3, 4, 5}}, {{-1, -2, -3}, {-0.5f, 0, 7}}};
    const AabbSoA soa(boxes);
    EXPECT_EQ(soa.Size(), 2u);
    EXPECT_EQ(soa.PaddedSize(), AabbSoA::kBatchWidth);
    EXPECT_EQ(soa.Get(1).min, boxes[1].min);
    EXPECT_EQ(soa.Get(1).max, boxes[1].max);
    EXPECT_EQ(soa.Min(2)[0], 2.0f);
    EXPECT_EQ(soa.Max(0)[1], -0.5f);
    EXPECT_EQ(soa.Min(0)[5], kInf); // padding: empty boxes
    EXPECT_EQ(soa.Max(0)[5], -kInf);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(soa.Min(1)) % 64, 0u);
    const AabbSoA copy = soa;
    EXPECT_EQ(copy.Get(0).max, boxes[0].max);
    EXPECT_NE(copy.Min(0), soa.Min(0));
}

TEST(RayAabbBatchTest, HandCheckedVerdicts)
{
    // unit box and rays whose verdicts are known exactly
    const std::vector<Aabb<float>> boxes{
        {{0, 0, 0}, {1, 1, 1}},             // 0: hit through the -x face
        {{0, 1, 0}, {1, 2, 1}},             // 1: the ray runs along its -y face (origin y = 1, dy = 0): closed, hit
        {{0, 1.0009765625f, 0}, {1, 2, 1}}, // 2: just above the ray: miss
        {{-3, 0, 0}, {-2, 1, 1}},           // 3: behind the origin: miss
        {{0, 0, 0}, {0, 1, 1}},             // 4: flat box in the plane x = 0: hit
        {{-1.5f, 0, 0}, {-0.5f, 1, 1}},     // 5: contains the origin: hit
    };
    const Ray<float> ray{{-1, 1, 0.5f}, {1, 0, -0.0f}};
    const AabbSoA soa(boxes);
    for (BatchIsa isa : AvailableIsas()) {
        SCOPED_TRACE(BatchIsaName(isa));
        std::vector<std::uint8_t> hits(boxes.size());
        EXPECT_EQ(RayAabbBatch(ray, soa, kInf, hits.data(), isa), 4u);
        EXPECT_EQ(hits, (std::vector<std::uint8_t>{1, 1, 0, 0, 1, 1}));
        // tMax = 0.5 stops the ray before x = 0 (box 5 still contains the origin)
        EXPECT_EQ(RayAabbBatch(ray, soa, 0.5f, hits.data(), isa), 1u);
        EXPECT_EQ(hits, (std::vector<std::uint8_t>{0, 0, 0, 0, 0, 1}));
        // tMax = 1 reaches x = 0 exactly: closed, boxes 0, 1 and 4 touch there
        EXPECT_EQ(RayAabbBatch(ray, soa, 1.0f, hits.data(), isa), 4u);
        std::vector<float> enter(boxes.size());
        EXPECT_EQ(RayAabbBatchEnter(ray, soa, kInf, enter.data(), isa), 4u);
        EXPECT_EQ(enter, (std::vector<float>{1, 1, kInf, kInf, 1, 0}));
    }
}

TEST(RayAabbBatchTest, EmptyBatchWritesNothing)
{
    const AabbSoA soa;
    std::uint8_t guard = 0xAB;
    for (BatchIsa isa : AvailableIsas()) {
        EXPECT_EQ(RayAabbBatch(Ray<float>{}, soa, kInf, &guard, isa), 0u);
        EXPECT_EQ(guard, 0xAB);
    }
}

TEST(RayAabbBatchTest, KernelsAgreeOnGridInputsWithBoundariesAndTails)
{
    std::mt19937 rng(12345);
    // sizes around the vector widths exercise the partial last vector
    for (std::size_t n : {1u, 7u, 8u, 9u, 15u, 16u, 17u, 31u, 33u, 100u}) {
        for (int trial = 0; trial < 200; ++trial) {
            const auto boxes = RandomBoxes(rng, n, true);
            const Ray<float> ray = RandomRay(rng, true);
            ExpectAllKernelsAgree(ray, boxes, kInf);
            ExpectAllKernelsAgree(ray, boxes, trial % 2 ? 1.0f : 0.0f);
            if (HasFatalFailure()) {
                return;
            }
        }
    }
}

TEST(RayAabbBatchTest, KernelsAgreeOnRandomInputs)
{
    std::mt19937 rng(777);
    for (int trial = 0; trial < 300; ++trial) {
        const auto boxes = RandomBoxes(rng, 61, false);
        const Ray<float> ray = RandomRay(rng, false);
        ExpectAllKernelsAgree(ray, boxes, kInf);
        ExpectAllKernelsAgree(ray, boxes, 0.75f);
        if (HasFatalFailure()) {
            return;
        }
    }
}

TEST(RayAabbBatchTest, OriginOnAPlaneWithZeroComponentCountsAsInsideThatSlab)
{
    // Tavian Barnes 2022: 0 * inf = NaN is dropped by the min/max order, for +0 and -0 alike
    const std::vector<Aabb<float>> boxes{{{0, 0, 0}, {1, 1, 1}}};
    const AabbSoA soa(boxes);
    for (float zero : {0.0f, -0.0f}) {
        for (float y : {0.0f, 1.0f}) {
            const Ray<float> ray{{-1, y, 0.5f}, {1, zero, zero}};
            for (BatchIsa isa : AvailableIsas()) {
                std::uint8_t hit = 0;
                EXPECT_EQ(RayAabbBatch(ray, soa, kInf, &hit, isa), 1u) << BatchIsaName(isa) << " y " << y;
                EXPECT_EQ(hit, 1);
            }
        }
    }
}

TEST(RayAabbBatchTest, BestIsaIsAvailable)
{
    EXPECT_TRUE(BatchIsaAvailable(BestBatchIsa()));
    EXPECT_TRUE(BatchIsaAvailable(BatchIsa::Scalar));
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
