// Tests of core/ray_aabb.h.
#include "core/ray_aabb.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace {

template <typename T>
class RayAabbSlabTest : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(RayAabbSlabTest, Scalars);

TYPED_TEST(RayAabbSlabTest, GrazingEdgeHitsWithEqualEnterAndExit)
{
    using T = TypeParam;
    const Ray<T> ray{{-1, 1, 0.5}, {1, -1, 0}};
    const Aabb<T> box{{0, 0, 0}, {1, 1, 1}};
    Trace trace;
    const CastResult<T> r = RayAabbSlab(ray, box, &trace);
    EXPECT_TRUE(r.hit);
    EXPECT_EQ(r.tEnter, T(1));
    EXPECT_EQ(r.tExit, T(1));
    EXPECT_EQ(trace.steps.size(), 5u);
}

} // namespace
} // namespace hitlab
