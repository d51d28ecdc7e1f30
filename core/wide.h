// The wider type the reference casts fall back to when a value leaves T's range: double for
// float, long double for double (a 15-bit exponent on x86-64 and aarch64). Every sum, difference,
// product and quotient of two finite T values (subnormals and the largest finite values included)
// is finite and normal in it, so a fallback there never over- or underflows.
#pragma once

#include "shapes.h"

#include <array>
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

} // namespace hitlab::detail
