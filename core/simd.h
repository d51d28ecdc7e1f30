// Tiny 4-lane vectors over GCC's vector extensions, templated on the scalar, so that the
// slab methods can work on x, y, z (and the allowed t range as a fourth lane) at once in
// float and double. Plain C++ semantics lane by lane; no intrinsics, no alignment demands.
#pragma once

#include <limits>

namespace hitlab::simd {

template <typename T>
struct V4Of;
template <>
struct V4Of<float> {
    typedef float type __attribute__((vector_size(16)));
};
template <>
struct V4Of<double> {
    typedef double type __attribute__((vector_size(32)));
};

/// Four lanes of T (x, y, z and a fourth lane the caller gives a meaning to).
template <typename T>
using V4 = typename V4Of<T>::type;

/// Lane mask type of V4<T> comparisons (all bits set for true).
template <typename T>
using M4 = decltype(V4<T>{} < V4<T>{});

template <typename T>
inline V4<T> Select(M4<T> mask, V4<T> a, V4<T> b)
{
    return mask ? a : b;
}

/// Lane-wise minimum; when a lane of a is NaN the lane of b is returned.
template <typename T>
inline V4<T> Min(V4<T> a, V4<T> b)
{
    return a < b ? a : b;
}

/// Lane-wise maximum; when a lane of a is NaN the lane of b is returned.
template <typename T>
inline V4<T> Max(V4<T> a, V4<T> b)
{
    return a > b ? a : b;
}

template <typename T>
inline T HorizontalMax(V4<T> v)
{
    const T a = v[0] > v[1] ? v[0] : v[1];
    const T b = v[2] > v[3] ? v[2] : v[3];
    return a > b ? a : b;
}

template <typename T>
inline T HorizontalMin(V4<T> v)
{
    const T a = v[0] < v[1] ? v[0] : v[1];
    const T b = v[2] < v[3] ? v[2] : v[3];
    return a < b ? a : b;
}

template <typename T>
inline V4<T> Splat(T x)
{
    return V4<T>{x, x, x, x};
}

template <typename T>
constexpr T kInf = std::numeric_limits<T>::infinity();

} // namespace hitlab::simd
