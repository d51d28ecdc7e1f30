// The one header that knows instruction sets. Four lanes of float or double (x, y, z and a fourth
// lane the caller gives a meaning to) for the slab methods, as native registers: a float V4 is one
// 16-byte register (SSE, NEON); a double V4 is one 32-byte register when AVX is on, otherwise two
// 16-byte halves (as Jolt's DVec3 does), so that it is never split through the stack. Lane
// arithmetic is plain IEEE arithmetic (GCC / clang vector extensions, lowered to the target's
// registers); the few operations whose NaN behaviour or speed depends on the instruction set
// (comparisons, Min, Max, LaneBits, the loads, Sqrt) pick it here, with a portable fallback for
// any other target.
#pragma once

#include "shapes.h"

#include <cmath>
#include <cstdint>
#include <limits>

#if defined(__AVX__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>
#endif

// Names live in an inline namespace named after the translation unit's instruction set, so that
// code built with -mavx2 (core/slab_avx2.cpp) never shares a mangled name with the baseline's.
#if defined(__AVX2__)
#define HITLAB_SIMD_ISA avx2
#elif defined(__AVX__)
#define HITLAB_SIMD_ISA avx
#elif defined(__SSE2__)
#define HITLAB_SIMD_ISA sse2
#elif defined(__aarch64__) && defined(__ARM_NEON)
#define HITLAB_SIMD_ISA neon
#else
#define HITLAB_SIMD_ISA portable
#endif

namespace hitlab::simd {
inline namespace HITLAB_SIMD_ISA {

/// The native register of a V4<T>: kParts registers of kPartLanes lanes each.
template <typename T>
struct Native;
template <>
struct Native<float> {
    typedef float Part __attribute__((vector_size(16)));
    static constexpr int kParts = 1;
};
#if defined(__AVX__)
template <>
struct Native<double> {
    typedef double Part __attribute__((vector_size(32)));
    static constexpr int kParts = 1;
};
#else
template <>
struct Native<double> {
    typedef double Part __attribute__((vector_size(16)));
    static constexpr int kParts = 2;
};
#endif

template <typename T>
using Part = typename Native<T>::Part;
/// A comparison's result per part: all bits set in a true lane (GCC's vector comparison type).
template <typename T>
using MaskPart = decltype(Part<T>{} < Part<T>{});
template <typename T>
inline constexpr int kParts = Native<T>::kParts;
template <typename T>
inline constexpr int kPartLanes = 4 / kParts<T>;

template <typename T>
struct M4;

// Runs the statement for each part p of a V4<T> or M4<T> (one or two), written out rather than
// looped so that the inliner sees straight-line code and inlines the slab methods into box loops.
#define HITLAB_SIMD_EACH_PART(...)                                                                                     \
    {                                                                                                                  \
        constexpr int p = 0;                                                                                           \
        __VA_ARGS__;                                                                                                   \
    }                                                                                                                  \
    if constexpr (kParts<T> == 2) {                                                                                    \
        constexpr int p = 1;                                                                                           \
        __VA_ARGS__;                                                                                                   \
    }

/// Four lanes of T. Arithmetic and comparisons are lane-wise IEEE operations (no FMA: the core
/// builds with -ffp-contract=off).
template <typename T>
struct V4 {
    Part<T> part[kParts<T>];

    V4() = default;
    V4(T x, T y, T z, T w)
    {
        if constexpr (kParts<T> == 1) {
            part[0] = Part<T>{x, y, z, w};
        } else {
            part[0] = Part<T>{x, y};
            part[1] = Part<T>{z, w};
        }
    }
    /// The bits of a mask as lanes of T (all ones is a NaN, zero is +0).
    explicit V4(const M4<T>& m);

    T operator[](int lane) const { return part[lane / kPartLanes<T>][lane % kPartLanes<T>]; }
};

/// A lane mask of V4<T>: all bits of a lane set where true, kept in T's registers (as SSE keeps
/// masks), so that comparisons, and, or and selects stay one instruction per part.
template <typename T>
struct M4 {
    Part<T> part[kParts<T>];

    M4() = default;
    /// The bits of V4 lanes as a mask (for or-ing a mask into a value: all ones is a NaN).
    explicit M4(const V4<T>& v) { HITLAB_SIMD_EACH_PART(part[p] = v.part[p]); }
};

template <typename T>
inline V4<T>::V4(const M4<T>& m)
{
    HITLAB_SIMD_EACH_PART(part[p] = m.part[p]);
}

/// The comparisons of one part: all bits set where true, false where a lane is NaN (Unord: true
/// where a lane of either is NaN).
enum class Cmp { Gt, Le, Eq, Unord };

template <Cmp kCmp, typename T>
inline Part<T> ComparePart(Part<T> a, Part<T> b)
{
#if defined(__SSE2__)
    if constexpr (sizeof(T) == 4) {
        return kCmp == Cmp::Gt   ? _mm_cmpgt_ps(a, b)
               : kCmp == Cmp::Le ? _mm_cmple_ps(a, b)
               : kCmp == Cmp::Eq ? _mm_cmpeq_ps(a, b)
                                 : _mm_cmpunord_ps(a, b);
    } else if constexpr (kParts<T> == 2) {
        return kCmp == Cmp::Gt   ? _mm_cmpgt_pd(a, b)
               : kCmp == Cmp::Le ? _mm_cmple_pd(a, b)
               : kCmp == Cmp::Eq ? _mm_cmpeq_pd(a, b)
                                 : _mm_cmpunord_pd(a, b);
    }
#endif
#if defined(__AVX__)
    if constexpr (sizeof(T) == 8) {
        return _mm256_cmp_pd(a, b,
                             kCmp == Cmp::Gt   ? _CMP_GT_OQ
                             : kCmp == Cmp::Le ? _CMP_LE_OQ
                             : kCmp == Cmp::Eq ? _CMP_EQ_OQ
                                               : _CMP_UNORD_Q);
    }
#endif
    return reinterpret_cast<Part<T>>(kCmp == Cmp::Gt   ? a > b
                                     : kCmp == Cmp::Le ? a <= b
                                     : kCmp == Cmp::Eq ? a == b
                                                       : (a != a) | (b != b));
}

/// The bits of one part as integers (bitwise operations on masks: pand, por, and on NEON vand, vorr).
template <typename T>
inline MaskPart<T> Bits(Part<T> x)
{
    return reinterpret_cast<MaskPart<T>>(x);
}

// Each operator applies an operation part by part.
#define HITLAB_SIMD_LANEWISE(Result, a, b, ...)                                                                        \
    Result r;                                                                                                          \
    HITLAB_SIMD_EACH_PART(r.part[p] = __VA_ARGS__);                                                                    \
    return r

template <typename T>
inline V4<T> operator-(const V4<T>& a, const V4<T>& b)
{
    HITLAB_SIMD_LANEWISE(V4<T>, a, b, a.part[p] - b.part[p]);
}
template <typename T>
inline V4<T> operator*(const V4<T>& a, const V4<T>& b)
{
    HITLAB_SIMD_LANEWISE(V4<T>, a, b, a.part[p] * b.part[p]);
}
template <typename T>
inline V4<T> operator/(const V4<T>& a, const V4<T>& b)
{
    HITLAB_SIMD_LANEWISE(V4<T>, a, b, a.part[p] / b.part[p]);
}
template <typename T>
inline M4<T> operator>(const V4<T>& a, const V4<T>& b)
{
    HITLAB_SIMD_LANEWISE(M4<T>, a, b, ComparePart<Cmp::Gt, T>(a.part[p], b.part[p]));
}
template <typename T>
inline M4<T> operator<=(const V4<T>& a, const V4<T>& b)
{
    HITLAB_SIMD_LANEWISE(M4<T>, a, b, ComparePart<Cmp::Le, T>(a.part[p], b.part[p]));
}
template <typename T>
inline M4<T> operator==(const V4<T>& a, const V4<T>& b)
{
    HITLAB_SIMD_LANEWISE(M4<T>, a, b, ComparePart<Cmp::Eq, T>(a.part[p], b.part[p]));
}
/// Lane-wise "x or y is NaN".
template <typename T>
inline M4<T> Unordered(const V4<T>& a, const V4<T>& b)
{
    HITLAB_SIMD_LANEWISE(M4<T>, a, b, ComparePart<Cmp::Unord, T>(a.part[p], b.part[p]));
}
template <typename T>
inline M4<T> operator&(const M4<T>& a, const M4<T>& b)
{
    HITLAB_SIMD_LANEWISE(M4<T>, a, b, reinterpret_cast<Part<T>>(Bits<T>(a.part[p]) & Bits<T>(b.part[p])));
}
template <typename T>
inline M4<T> operator|(const M4<T>& a, const M4<T>& b)
{
    HITLAB_SIMD_LANEWISE(M4<T>, a, b, reinterpret_cast<Part<T>>(Bits<T>(a.part[p]) | Bits<T>(b.part[p])));
}
template <typename T>
inline M4<T> operator~(const M4<T>& a)
{
    HITLAB_SIMD_LANEWISE(M4<T>, a, a, reinterpret_cast<Part<T>>(~Bits<T>(a.part[p])));
}
/// Lane-wise mask ? a : b, as bitwise and, andnot and or.
template <typename T>
inline V4<T> Select(const M4<T>& mask, const V4<T>& a, const V4<T>& b)
{
    HITLAB_SIMD_LANEWISE(V4<T>, a, b,
                         reinterpret_cast<Part<T>>((Bits<T>(mask.part[p]) & Bits<T>(a.part[p])) |
                                                   (~Bits<T>(mask.part[p]) & Bits<T>(b.part[p]))));
}

/// v + s in every lane.
template <typename T>
inline V4<T> operator+(const V4<T>& v, T s)
{
    HITLAB_SIMD_LANEWISE(V4<T>, v, v, v.part[p] + s);
}

template <typename T>
inline V4<T> Splat(T x)
{
    return V4<T>{x, x, x, x};
}

/// The mask whose lane i is set when bit i of bits is.
template <typename T>
inline M4<T> MaskFromBits(int bits)
{
    return V4<T>{static_cast<T>(bits & 1), static_cast<T>(bits & 2), static_cast<T>(bits & 4),
                 static_cast<T>(bits & 8)} > Splat<T>(0);
}

/// One part of Min: minps / minpd where there are, x < y ? x : y elsewhere.
template <typename T>
inline Part<T> MinPart(Part<T> x, Part<T> y)
{
#if defined(__SSE2__)
    if constexpr (sizeof(T) == 4) {
        return _mm_min_ps(x, y);
    } else if constexpr (kParts<T> == 2) {
        return _mm_min_pd(x, y);
    }
#endif
#if defined(__AVX__)
    if constexpr (sizeof(T) == 8) {
        return _mm256_min_pd(x, y);
    }
#endif
    return x < y ? x : y;
}

/// One part of Max: maxps / maxpd where there are, x > y ? x : y elsewhere.
template <typename T>
inline Part<T> MaxPart(Part<T> x, Part<T> y)
{
#if defined(__SSE2__)
    if constexpr (sizeof(T) == 4) {
        return _mm_max_ps(x, y);
    } else if constexpr (kParts<T> == 2) {
        return _mm_max_pd(x, y);
    }
#endif
#if defined(__AVX__)
    if constexpr (sizeof(T) == 8) {
        return _mm256_max_pd(x, y);
    }
#endif
    return x > y ? x : y;
}

/// Lane-wise x < y ? x : y: y when either is NaN, and y for +0 against -0 (minps / minpd).
template <typename T>
inline V4<T> Min(const V4<T>& x, const V4<T>& y)
{
    HITLAB_SIMD_LANEWISE(V4<T>, x, y, MinPart<T>(x.part[p], y.part[p]));
}

/// Lane-wise x > y ? x : y: y when either is NaN, and y for +0 against -0 (maxps / maxpd).
template <typename T>
inline V4<T> Max(const V4<T>& x, const V4<T>& y)
{
    HITLAB_SIMD_LANEWISE(V4<T>, x, y, MaxPart<T>(x.part[p], y.part[p]));
}

#undef HITLAB_SIMD_LANEWISE

/// Bit i set when lane i of the mask is set (movmskps / movmskpd).
template <typename T>
inline int LaneBits(const M4<T>& m)
{
#if defined(__AVX__)
    if constexpr (sizeof(T) == 8) {
        return _mm256_movemask_pd(m.part[0]);
    } else {
        return _mm_movemask_ps(m.part[0]);
    }
#elif defined(__SSE2__)
    if constexpr (sizeof(T) == 8) {
        return _mm_movemask_pd(m.part[0]) | (_mm_movemask_pd(m.part[1]) << 2);
    } else {
        return _mm_movemask_ps(m.part[0]);
    }
#else
    int bits = 0;
    for (int lane = 0; lane < 4; ++lane) {
        bits |= Bits<T>(m.part[lane / kPartLanes<T>])[lane % kPartLanes<T>] != 0 ? 1 << lane : 0;
    }
    return bits;
#endif
}

/// Whether every lane of v is normal (smallest normal <= |v| <= largest finite) or set in skip. On
/// the bits of |v| (double: the upper 32) plus the smallest normal's, zero and subnormals stay
/// below twice those bits and inf / NaN wrap negative: one pcmpgtd, one or and one movmsk.
template <typename T>
inline bool AllLanesNormalOr(const V4<T>& v, const M4<T>& skip)
{
#if defined(__SSE2__)
    typedef std::uint32_t U __attribute__((vector_size(sizeof(Part<T>))));
    typedef std::int32_t I __attribute__((vector_size(sizeof(Part<T>))));
    constexpr std::uint32_t kMinNormal = sizeof(T) == 4 ? 0x00800000u : 0x00100000u;
    M4<T> m;
    HITLAB_SIMD_EACH_PART({
        const U shifted = (reinterpret_cast<U>(v.part[p]) & 0x7FFFFFFFu) + kMinNormal;
        m.part[p] = reinterpret_cast<Part<T>>(reinterpret_cast<I>(shifted) > std::int32_t(2 * kMinNormal - 1));
    });
    return LaneBits<T>(m | skip) == 15;
#else
    return (LaneBits<T>(skip) | (std::isnormal(v[0]) ? 1 : 0) | (std::isnormal(v[1]) ? 2 : 0) |
            (std::isnormal(v[2]) ? 4 : 0) | (std::isnormal(v[3]) ? 8 : 0)) == 15;
#endif
}

// Two lanes of a part, or of the concatenation a:b of two parts, picked by constant indices.
#if defined(__clang__)
#define HITLAB_SIMD_SHUFFLE(a, b, Mask, ...) __builtin_shufflevector((a), (b), __VA_ARGS__)
#else
#define HITLAB_SIMD_SHUFFLE(a, b, Mask, ...) __builtin_shuffle((a), (b), Mask{__VA_ARGS__})
#endif

/// The lanes {v[i0], v[i1], v[i2], v[i3]} (shufps; unpcklpd / shufpd on two double halves).
template <int i0, int i1, int i2, int i3, typename T>
inline V4<T> Shuffle(const V4<T>& v)
{
    V4<T> r;
    if constexpr (kParts<T> == 1) {
        r.part[0] = HITLAB_SIMD_SHUFFLE(v.part[0], v.part[0], MaskPart<T>, i0, i1, i2, i3);
    } else {
        // each half from the halves that hold its two lanes (lane i is lane i % 2 of half i / 2)
        r.part[0] = HITLAB_SIMD_SHUFFLE(v.part[i0 / 2], v.part[i1 / 2], MaskPart<T>, i0 % 2, 2 + i1 % 2);
        r.part[1] = HITLAB_SIMD_SHUFFLE(v.part[i2 / 2], v.part[i3 / 2], MaskPart<T>, i2 % 2, 2 + i3 % 2);
    }
    return r;
}

/// qa = a / d and qb = b / d in lanes 0-2, each correctly rounded, for a d whose lane 3 is a NaN
/// (or a, b and d whose lane 3 is 0: the slab methods' dummy lane); lane 3 of qa and qb is then a
/// NaN. On two double halves the z quotients share one division (three instead of four: the
/// divider is the slab methods' bottleneck there), and lane 3 is a NaN constant.
template <typename T>
inline void DivideXyz(const V4<T>& a, const V4<T>& b, const V4<T>& d, V4<T>& qa, V4<T>& qb)
{
    if constexpr (kParts<T> == 1) {
        qa = a / d;
        qb = b / d;
    } else {
        const Part<T> z = HITLAB_SIMD_SHUFFLE(a.part[1], b.part[1], MaskPart<T>, 0, 2) /
                          HITLAB_SIMD_SHUFFLE(d.part[1], d.part[1], MaskPart<T>, 0, 0);
        const Part<T> nan = Part<T>{} + std::numeric_limits<T>::quiet_NaN();
        qa.part[0] = a.part[0] / d.part[0];
        qb.part[0] = b.part[0] / d.part[0];
        qa.part[1] = HITLAB_SIMD_SHUFFLE(z, nan, MaskPart<T>, 0, 2);
        qb.part[1] = HITLAB_SIMD_SHUFFLE(z, nan, MaskPart<T>, 1, 2);
    }
}

#undef HITLAB_SIMD_SHUFFLE

/// The largest lane, reduced as (v0 > v1 ? v0 : v1) > (v2 > v3 ? v2 : v3) ? ... : ... (NaN lanes
/// give the second operand at each step).
template <typename T>
inline T HorizontalMax(const V4<T>& v)
{
    const T a = v[0] > v[1] ? v[0] : v[1];
    const T b = v[2] > v[3] ? v[2] : v[3];
    return a > b ? a : b;
}

/// The smallest lane, reduced in the same order as HorizontalMax.
template <typename T>
inline T HorizontalMin(const V4<T>& v)
{
    const T a = v[0] < v[1] ? v[0] : v[1];
    const T b = v[2] < v[3] ? v[2] : v[3];
    return a < b ? a : b;
}

/// {v.x, v.y, v.z, 0}: for float one 8-byte load, one 4-byte load and one shuffle; for double two
/// loads, never reading past v.
template <typename T>
inline V4<T> Load3(const Vec3<T>& v)
{
    static_assert(sizeof(Vec3<T>) == 3 * sizeof(T), "Vec3 is three packed scalars");
#if defined(__SSE2__)
    if constexpr (sizeof(T) == 4) {
        const __m128 xy = _mm_loadl_pi(_mm_setzero_ps(), reinterpret_cast<const __m64*>(&v.x));
        V4<T> r;
        r.part[0] = _mm_movelh_ps(xy, _mm_load_ss(&v.z));
        return r;
    } else if constexpr (kParts<T> == 2) {
        V4<T> r;
        r.part[0] = _mm_loadu_pd(&v.x);
        r.part[1] = _mm_load_sd(&v.z);
        return r;
    }
#endif
    return V4<T>{v.x, v.y, v.z, T(0)};
}

/// {box.min.x, y, z, *} and {box.max.x, y, z, *}: lane 3 another coordinate of the box or 0, for
/// callers that make lane 3 irrelevant. Loads within the box: for float two of 16 bytes and one
/// shuffle, for double with AVX2 two of 32 bytes and one vpermpd (else Load3's).
template <typename T>
inline void LoadBox(const Aabb<T>& box, V4<T>& lo, V4<T>& hi)
{
    static_assert(sizeof(Aabb<T>) == 6 * sizeof(T), "Aabb is six packed scalars");
#if defined(__SSE2__)
    if constexpr (sizeof(T) == 4) {
        const char* p = reinterpret_cast<const char*>(&box);
        lo.part[0] = _mm_loadu_ps(reinterpret_cast<const float*>(p));         // min.x min.y min.z max.x
        const __m128 m = _mm_loadu_ps(reinterpret_cast<const float*>(p + 8)); // min.z max.x max.y max.z
        hi.part[0] = _mm_shuffle_ps(m, m, _MM_SHUFFLE(3, 3, 2, 1));
        return;
    }
#endif
#if defined(__AVX2__)
    if constexpr (sizeof(T) == 8) {
        lo.part[0] = _mm256_loadu_pd(&box.min.x);                                                 // min.xyz max.x
        hi.part[0] = _mm256_permute4x64_pd(_mm256_loadu_pd(&box.min.z), _MM_SHUFFLE(3, 3, 2, 1)); // max.xyz max.z
        return;
    }
#endif
    lo = Load3<T>(box.min);
    hi = Load3<T>(box.max);
}

/// IEEE square root (sqrtss / sqrtsd, fsqrt): NaN for x < 0, without the errno call GCC adds to
/// std::sqrt.
template <typename T>
inline T Sqrt(T x)
{
#if defined(__SSE2__)
    if constexpr (sizeof(T) == 4) {
        return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set1_ps(x)));
    } else {
        return _mm_cvtsd_f64(_mm_sqrt_pd(_mm_set1_pd(x)));
    }
#elif defined(__aarch64__) && defined(__ARM_NEON)
    if constexpr (sizeof(T) == 4) {
        return vget_lane_f32(vsqrt_f32(vdup_n_f32(x)), 0);
    } else {
        return vget_lane_f64(vsqrt_f64(vdup_n_f64(x)), 0);
    }
#else
    return std::sqrt(x);
#endif
}

template <typename T>
constexpr T kInf = std::numeric_limits<T>::infinity();

#undef HITLAB_SIMD_EACH_PART

} // namespace HITLAB_SIMD_ISA
} // namespace hitlab::simd
