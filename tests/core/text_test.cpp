// Numbers as text for reading (core/text.h ShortNumber): the shortest digits that read back, and
// whole numbers written out rather than in %g's exponent form ("10", not "1e+01").
#include "core/text.h"

#include <gtest/gtest.h>

#include <cmath>

namespace hitlab {
namespace HITLAB_UNITY_ID {

TEST(ShortNumber, WholeNumbersBelowAMillionAreWrittenOut)
{
    EXPECT_EQ(ShortNumber(10.0), "10");
    EXPECT_EQ(ShortNumber(-20.0), "-20");
    EXPECT_EQ(ShortNumber(100.0), "100");
    EXPECT_EQ(ShortNumber(120000.0), "120000");
    EXPECT_EQ(ShortNumber(150000.0), "150000");
    EXPECT_EQ(ShortNumber(999999.0), "999999");
    EXPECT_EQ(ShortNumber(1e6), "1e+06"); // 7 digits: beyond the 6 a reader is given
    EXPECT_EQ(ShortNumber(1200.0, 3), "1.2e+03");
    EXPECT_EQ(ShortNumber(120.0, 3), "120");
}

TEST(ShortNumber, FractionsKeepTheShortestDigitsThatReadBack)
{
    EXPECT_EQ(ShortNumber(0.25), "0.25");
    EXPECT_EQ(ShortNumber(-12.5), "-12.5");
    EXPECT_EQ(ShortNumber(1.0 / 3.0), "0.333333");
    EXPECT_EQ(ShortNumber(-0.0001), "-0.0001");
    EXPECT_EQ(ShortNumber(1e-5), "1e-05");
    EXPECT_EQ(ShortNumber(0.0), "0");
    EXPECT_EQ(ShortNumber(7.0), "7");
    EXPECT_EQ(ShortNumber(-INFINITY), "-inf");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
