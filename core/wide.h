// The wider type the reference casts fall back to when a value leaves T's range: double for
// float, long double for double (a 15-bit exponent on x86-64 and aarch64). Every sum, difference,
// product and quotient of two finite T values (subnormals and the largest finite values included)
// is finite and normal in it, so a fallback there never over- or underflows.
#pragma once

#include "shapes.h"

#include <array>
#include <cmath>
#include <limits>
#include <type_traits>

namespace hitlab::detail {

template <typename T>
using Wide = std::conditional_t<sizeof(T) == 4, double, long double>;
static_assert(std::numeric_limits<long double>::max_exponent >= 4096 &&
                  std::numeric_limits<long double>::min_exponent <= -4096,
              "the double fallbacks need a long double with at least a 15-bit exponent (x86-64, aarch64)");

template <typename T>
using WideVec3 = std::array<Wide<T>, 3>;

/// v in Wide<T> (exact).
template <typename T>
inline WideVec3<T> Widened(const Vec3<T>& v)
{
    return {Wide<T>(v.x), Wide<T>(v.y), Wide<T>(v.z)};
}

/// origin + t * dir computed in Wide<T>, rounded to T (+-inf beyond its range).
template <typename T>
inline Vec3<T> PointAtWide(const Vec3<T>& origin, const Vec3<T>& dir, Wide<T> t)
{
    return Vec3<T>(T(Wide<T>(origin.x) + t * Wide<T>(dir.x)), T(Wide<T>(origin.y) + t * Wide<T>(dir.y)),
                   T(Wide<T>(origin.z) + t * Wide<T>(dir.z)));
}

/// c + a.b in W, almost exactly: each product is split into its rounded value and its exact error
/// (fma), and the seven terms are summed with TwoSum, keeping every rounding error (Ogita, Rump and
/// Oishi, "Accurate sum and dot product", 2005). The result is as accurate as if computed in twice
/// W's precision and then rounded, so cancellation between the terms (a plane through a far origin)
/// costs nothing; W's exponent range keeps the products of T values away from over- and underflow.
template <typename W>
inline W AccurateDotPlus(W c, const std::array<W, 3>& a, const std::array<W, 3>& b)
{
    W sum = c, error = 0;
    const auto add = [&](W x) {
        const W s = sum + x;
        const W bb = s - sum;
        error += (sum - (s - bb)) + (x - bb);
        sum = s;
    };
    for (int i = 0; i < 3; ++i) {
        const W p = a[i] * b[i];
        add(p);
        error += std::fma(a[i], b[i], -p);
    }
    return sum + error;
}

} // namespace hitlab::detail
