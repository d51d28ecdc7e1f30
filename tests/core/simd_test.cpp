// Tests of core/simd.h: each lane operation against the scalar expression it stands for, bit for
// bit, NaN, signed zeros and infinities included, in float and double (on x86-64 the SSE2 / AVX
// path, on aarch64 under scripts/test-arm64 the portable one).
#include "core/simd.h"
#include "core/simd_dispatch.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

template <typename T>
class SimdTest : public ::testing::Test {
};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(SimdTest, Scalars);

template <typename T>
using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

template <typename T>
Bits<T> BitsOf(T x)
{
    return std::bit_cast<Bits<T>>(x);
}

/// Values where the operations differ in their NaN, zero and infinity rules.
template <typename T>
std::vector<T> SpecialValues()
{
    constexpr T inf = std::numeric_limits<T>::infinity();
    return {T(0),
            -T(0),
            T(1),
            T(-1),
            T(0.5),
            T(3),
            inf,
            -inf,
            std::numeric_limits<T>::quiet_NaN(),
            std::numeric_limits<T>::max(),
            std::numeric_limits<T>::denorm_min(),
            T(-2.5)};
}

/// Four values drawn from SpecialValues.
template <typename T>
simd::V4<T> Draw(std::mt19937& rng, T (&lanes)[4])
{
    const std::vector<T> values = SpecialValues<T>();
    for (T& lane : lanes) {
        lane = values[rng() % values.size()];
    }
    return simd::V4<T>{lanes[0], lanes[1], lanes[2], lanes[3]};
}

TYPED_TEST(SimdTest, LanesKeepTheirValues)
{
    using T = TypeParam;
    const simd::V4<T> v{T(1), T(-2), T(0.25), T(8)};
    EXPECT_EQ(v[0], T(1));
    EXPECT_EQ(v[1], T(-2));
    EXPECT_EQ(v[2], T(0.25));
    EXPECT_EQ(v[3], T(8));
    const simd::V4<T> s = simd::Splat<T>(T(3));
    for (int lane = 0; lane < 4; ++lane) {
        EXPECT_EQ(s[lane], T(3));
    }
}

TYPED_TEST(SimdTest, MinAndMaxReturnTheSecondOperandOnNaNAndEqualZeros)
{
    using T = TypeParam;
    std::mt19937 rng(7);
    for (int i = 0; i < 2000; ++i) {
        T x[4], y[4];
        const simd::V4<T> a = Draw(rng, x), b = Draw(rng, y);
        const simd::V4<T> mn = simd::Min<T>(a, b), mx = simd::Max<T>(a, b);
        for (int lane = 0; lane < 4; ++lane) {
            EXPECT_EQ(BitsOf(mn[lane]), BitsOf(x[lane] < y[lane] ? x[lane] : y[lane])) << x[lane] << " " << y[lane];
            EXPECT_EQ(BitsOf(mx[lane]), BitsOf(x[lane] > y[lane] ? x[lane] : y[lane])) << x[lane] << " " << y[lane];
        }
    }
}

TYPED_TEST(SimdTest, ComparisonsAndMasksAgreeWithScalarComparisons)
{
    using T = TypeParam;
    std::mt19937 rng(11);
    for (int i = 0; i < 2000; ++i) {
        T x[4], y[4];
        const simd::V4<T> a = Draw(rng, x), b = Draw(rng, y);
        int gt = 0, le = 0, eq = 0, unord = 0, mixed = 0;
        for (int lane = 0; lane < 4; ++lane) {
            gt |= x[lane] > y[lane] ? 1 << lane : 0;
            le |= x[lane] <= y[lane] ? 1 << lane : 0;
            eq |= x[lane] == y[lane] ? 1 << lane : 0;
            unord |= x[lane] != x[lane] || y[lane] != y[lane] ? 1 << lane : 0;
            mixed |= (x[lane] > y[lane] || x[lane] == y[lane]) && !(x[lane] <= y[lane]) ? 1 << lane : 0;
        }
        EXPECT_EQ(simd::LaneBits<T>(a > b), gt);
        EXPECT_EQ(simd::LaneBits<T>(a <= b), le);
        EXPECT_EQ(simd::LaneBits<T>(a == b), eq);
        EXPECT_EQ(simd::LaneBits<T>(simd::Unordered<T>(a, b)), unord);
        EXPECT_EQ(simd::LaneBits<T>(((a > b) | (a == b)) & ~(a <= b)), mixed);
    }
}

TYPED_TEST(SimdTest, MaskFromBitsSelectAndBitCastsRoundTrip)
{
    using T = TypeParam;
    const simd::V4<T> a{T(1), T(2), T(3), T(4)};
    const simd::V4<T> b{T(-1), T(-2), T(-3), T(-4)};
    for (int bits = 0; bits < 16; ++bits) {
        const simd::M4<T> m = simd::MaskFromBits<T>(bits);
        EXPECT_EQ(simd::LaneBits<T>(m), bits);
        const simd::V4<T> s = simd::Select<T>(m, a, b);
        const simd::V4<T> asValue(m);
        for (int lane = 0; lane < 4; ++lane) {
            EXPECT_EQ(s[lane], ((bits >> lane) & 1) != 0 ? a[lane] : b[lane]);
            // a set lane is all ones (a NaN), a clear one +0
            EXPECT_EQ(BitsOf(asValue[lane]), ((bits >> lane) & 1) != 0 ? ~Bits<T>(0) : Bits<T>(0));
        }
        EXPECT_EQ(simd::LaneBits<T>(simd::M4<T>(asValue)), bits);
    }
}

TYPED_TEST(SimdTest, ShuffleMovesWholeLanes)
{
    using T = TypeParam;
    const simd::V4<T> v{T(10), T(11), T(12), T(13)};
    const simd::V4<T> swapHalves = simd::Shuffle<2, 3, 0, 1>(v);
    const simd::V4<T> swapPairs = simd::Shuffle<1, 0, 3, 2>(v);
    const T expectedHalves[4] = {T(12), T(13), T(10), T(11)};
    const T expectedPairs[4] = {T(11), T(10), T(13), T(12)};
    for (int lane = 0; lane < 4; ++lane) {
        EXPECT_EQ(swapHalves[lane], expectedHalves[lane]);
        EXPECT_EQ(swapPairs[lane], expectedPairs[lane]);
    }
    EXPECT_EQ(simd::HorizontalMax<T>(v), T(13));
    EXPECT_EQ(simd::HorizontalMin<T>(v), T(10));
}

TYPED_TEST(SimdTest, DivideXyzIsCorrectlyRoundedDivisionWithANaNFourthLane)
{
    using T = TypeParam;
    std::mt19937 rng(3);
    for (int i = 0; i < 2000; ++i) {
        T x[4], y[4], z[4];
        Draw(rng, x);
        Draw(rng, y);
        Draw(rng, z);
        const simd::V4<T> a{x[0], x[1], x[2], T(0)}, b{y[0], y[1], y[2], T(0)}, d{z[0], z[1], z[2], T(0)};
        simd::V4<T> qa, qb;
        simd::DivideXyz<T>(a, b, d, qa, qb);
        for (int lane = 0; lane < 3; ++lane) {
            const T ea = x[lane] / z[lane], eb = y[lane] / z[lane];
            // NaN compared as NaN (its sign and payload are the platform's)
            EXPECT_TRUE(ea != ea ? qa[lane] != qa[lane] : BitsOf(qa[lane]) == BitsOf(ea)) << x[lane] << "/" << z[lane];
            EXPECT_TRUE(eb != eb ? qb[lane] != qb[lane] : BitsOf(qb[lane]) == BitsOf(eb)) << y[lane] << "/" << z[lane];
        }
        EXPECT_TRUE(qa[3] != qa[3]);
        EXPECT_TRUE(qb[3] != qb[3]);
    }
}

TYPED_TEST(SimdTest, LoadsTakeXyzAndTheSumWithAScalarIsLaneWise)
{
    using T = TypeParam;
    const Aabb<T> box{{T(1), T(2), T(3)}, {T(4), T(5), T(6)}};
    simd::V4<T> lo, hi;
    simd::LoadBox<T>(box, lo, hi);
    const simd::V4<T> o = simd::Load3<T>(box.max) + T(-0.5);
    for (int lane = 0; lane < 3; ++lane) {
        EXPECT_EQ(lo[lane], box.min[lane]);
        EXPECT_EQ(hi[lane], box.max[lane]);
        EXPECT_EQ(o[lane], box.max[lane] - T(0.5));
    }
    EXPECT_EQ(o[3], T(-0.5));
    // -0 + 0 = +0 in every lane (the slab methods' way to treat -0 as +0)
    const simd::V4<T> z = simd::Splat<T>(-T(0)) + T(0);
    for (int lane = 0; lane < 4; ++lane) {
        EXPECT_FALSE(std::signbit(z[lane]));
    }
}

TYPED_TEST(SimdTest, SqrtIsIeeeSqrt)
{
    using T = TypeParam;
    for (T x : SpecialValues<T>()) {
        const T e = std::sqrt(x);
        const T r = simd::Sqrt(x);
        EXPECT_TRUE(e != e ? r != r : BitsOf(r) == BitsOf(e)) << x;
    }
    EXPECT_EQ(simd::Sqrt(T(2.25)), T(1.5));
}

/// The lanes of v that AllLanesNormalOr counts as normal (lane i: all lanes but i skipped), after
/// checking it against those bits for every skip mask.
template <typename T>
int NormalBitsOf(const simd::V4<T>& v)
{
    int bits = 0;
    for (int lane = 0; lane < 4; ++lane) {
        bits |= simd::AllLanesNormalOr<T>(v, simd::MaskFromBits<T>(15 & ~(1 << lane))) ? 1 << lane : 0;
    }
    for (int skip = 0; skip < 16; ++skip) {
        EXPECT_EQ(simd::AllLanesNormalOr<T>(v, simd::MaskFromBits<T>(skip)), (bits | skip) == 15) << skip;
    }
    return bits;
}

TYPED_TEST(SimdTest, AllLanesNormalOrSeesExactlyTheNormalFiniteValues)
{
    using T = TypeParam;
    using L = std::numeric_limits<T>;
    const T tiny = L::min(), big = L::max();
    // the edges of the normal range, both signs, and what lies just outside
    EXPECT_EQ(NormalBitsOf(simd::V4<T>(tiny, -tiny, big, -big)), 15);
    EXPECT_EQ(NormalBitsOf(simd::V4<T>(T(1), T(-2.5), T(0), -T(0))), 3);
    EXPECT_EQ(NormalBitsOf(simd::V4<T>(L::denorm_min(), std::nextafter(tiny, T(0)), L::infinity(), T(3))), 8);
    EXPECT_EQ(NormalBitsOf(simd::V4<T>(-L::infinity(), L::quiet_NaN(), -L::quiet_NaN(), -L::denorm_min())), 0);
    // against the scalar definition on every draw of the special values
    std::mt19937 rng(7);
    for (int i = 0; i < 1000; ++i) {
        T lanes[4];
        const simd::V4<T> v = Draw<T>(rng, lanes);
        int expected = 0;
        for (int lane = 0; lane < 4; ++lane) {
            expected |= std::isnormal(lanes[lane]) ? 1 << lane : 0;
        }
        ASSERT_EQ(NormalBitsOf(v), expected);
    }
}

TEST(SimdCpu, Avx512ImpliesAvx2)
{
    // the batched kernels pick AVX-512, else AVX2, else the baseline
    EXPECT_TRUE(!simd::CpuHasAvx512() || simd::CpuHasAvx2());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
