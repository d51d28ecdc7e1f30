// Power-of-two rescaling for the references' slow paths: when a square, a product or a
// difference of the inputs would overflow or underflow, the inputs are scaled by one power of two
// (exact) so that the largest length lies in [1, 2), and the results scaled back (std::ldexp).
#pragma once

#include "shapes.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace hitlab::detail {

/// b - a, or (b / 2 - a / 2) with exp = 1 when the plain difference overflows on some axis, so
/// that the true difference is result * 2^exp. Halving loses only bits below the subnormal
/// spacing, which are negligible beside a difference that overflowed.
template <typename T>
Vec3<T> SafeDifference(const Vec3<T>& b, const Vec3<T>& a, int& exp)
{
    const Vec3<T> d = b - a;
    exp = 0;
    if (std::isfinite(d.x) && std::isfinite(d.y) && std::isfinite(d.z)) {
        return d;
    }
    exp = 1;
    return T(0.5) * b - T(0.5) * a;
}

/// The exponent e of the largest of |x| * 2^xExp, |v[i]| * 2^vExp (finite, not all zero):
/// that value lies in [2^e, 2^(e+1)). Zeros do not count.
template <typename T>
int LargestExponent(T x, int xExp, const Vec3<T>& v, int vExp)
{
    int e = std::numeric_limits<int>::min();
    if (x != T(0)) {
        e = std::ilogb(x) + xExp;
    }
    for (int i = 0; i < 3; ++i) {
        if (v[i] != T(0)) {
            const int ei = std::ilogb(v[i]) + vExp;
            e = ei > e ? ei : e;
        }
    }
    return e;
}

/// Every component of v times 2^exp (exact unless the result leaves the normal range).
template <typename T>
Vec3<T> Ldexp(const Vec3<T>& v, int exp)
{
    return {std::ldexp(v.x, exp), std::ldexp(v.y, exp), std::ldexp(v.z, exp)};
}

/// Whether x lies in [lo, hi] for 0 < lo <= hi finite and x >= +0 or NaN (a square, a sum of
/// squares, a magnitude): one integer comparison, as the bit patterns of non-negative floats are
/// ordered; NaN is out of range.
template <typename T>
inline bool NonNegativeInRange(T x, T lo, T hi)
{
    using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    return std::bit_cast<U>(x) - std::bit_cast<U>(lo) <= std::bit_cast<U>(hi) - std::bit_cast<U>(lo);
}

/// Whether every component of v is finite.
template <typename T>
bool AllFinite(const Vec3<T>& v)
{
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

} // namespace hitlab::detail
