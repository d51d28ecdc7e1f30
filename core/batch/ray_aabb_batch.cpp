// The batched ray/box kernels: scalar, AVX2 and AVX-512, each compiled for its instruction set
// with a target attribute (no global -march), chosen at run time.
#include "ray_aabb_batch.h"

#include <immintrin.h>

// GCC 12's _mm512_max_ps / _mm512_min_ps pass _mm512_undefined_ps() as the unused merge source,
// which -Wmaybe-uninitialized reports once inlined (a known false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

#include <cmath>
#include <cstring>
#include <limits>
#include <new>
#include <type_traits>

namespace hitlab {

void AabbSoA::FreeAligned::operator()(float* p) const
{
    ::operator delete[](p, std::align_val_t{64});
}

AabbSoA& AabbSoA::operator=(const AabbSoA& other)
{
    if (this != &other) {
        m_size = other.m_size;
        m_padded = other.m_padded;
        m_data.reset();
        if (m_padded > 0) {
            m_data.reset(static_cast<float*>(::operator new[](6 * m_padded * sizeof(float), std::align_val_t{64})));
            std::memcpy(m_data.get(), other.m_data.get(), 6 * m_padded * sizeof(float));
        }
    }
    return *this;
}

void AabbSoA::Assign(std::span<const Aabb<float>> boxes)
{
    m_size = boxes.size();
    m_padded = (m_size + kBatchWidth - 1) / kBatchWidth * kBatchWidth;
    m_data.reset();
    if (m_padded == 0) {
        return;
    }
    m_data.reset(static_cast<float*>(::operator new[](6 * m_padded * sizeof(float), std::align_val_t{64})));
    constexpr float inf = std::numeric_limits<float>::infinity();
    for (int axis = 0; axis < 3; ++axis) {
        float* lo = m_data.get() + static_cast<std::size_t>(axis) * m_padded;
        float* hi = m_data.get() + static_cast<std::size_t>(3 + axis) * m_padded;
        for (std::size_t i = 0; i < m_padded; ++i) {
            lo[i] = i < m_size ? boxes[i].min[axis] : inf;  // padding: empty boxes
            hi[i] = i < m_size ? boxes[i].max[axis] : -inf;
        }
    }
}

Aabb<float> AabbSoA::Get(std::size_t i) const
{
    return {{Min(0)[i], Min(1)[i], Min(2)[i]}, {Max(0)[i], Max(1)[i], Max(2)[i]}};
}

std::string_view BatchIsaName(BatchIsa isa)
{
    switch (isa) {
    case BatchIsa::Scalar: return "scalar";
    case BatchIsa::Avx2: return "avx2";
    case BatchIsa::Avx512: return "avx512";
    }
    return "?";
}

bool BatchIsaAvailable(BatchIsa isa)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    switch (isa) {
    case BatchIsa::Scalar: return true;
    case BatchIsa::Avx2: return __builtin_cpu_supports("avx2") != 0;
    case BatchIsa::Avx512:
        return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx512vl") != 0 &&
               __builtin_cpu_supports("avx512bw") != 0;
    }
    return false;
#else
    return isa == BatchIsa::Scalar;
#endif
}

BatchIsa BestBatchIsa()
{
    static const BatchIsa best = BatchIsaAvailable(BatchIsa::Avx512) ? BatchIsa::Avx512
                                 : BatchIsaAvailable(BatchIsa::Avx2) ? BatchIsa::Avx2
                                                                     : BatchIsa::Scalar;
    return best;
}

namespace {

/// Per-ray setup shared by the kernels: origin, inverse direction, and for each axis the array of
/// the near planes and of the far planes (swapped when inv is negative, -inf included).
struct PreparedRay {
    float o[3];
    float inv[3];
    const float* nearPlanes[3];
    const float* farPlanes[3];
};

PreparedRay Prepare(const Ray<float>& ray, const AabbSoA& boxes)
{
    PreparedRay p;
    for (int axis = 0; axis < 3; ++axis) {
        p.o[axis] = ray.origin[axis];
        p.inv[axis] = 1.0f / ray.direction[axis];
        const bool negative = std::signbit(p.inv[axis]);
        p.nearPlanes[axis] = negative ? boxes.Max(axis) : boxes.Min(axis);
        p.farPlanes[axis] = negative ? boxes.Min(axis) : boxes.Max(axis);
    }
    return p;
}

/// What a kernel writes per box: a hit byte, or the entry t (+inf on a miss).
enum class Output { Hits, Enter };

template <Output kOut>
using OutPtr = std::conditional_t<kOut == Output::Hits, std::uint8_t*, float*>;

constexpr float kInf = std::numeric_limits<float>::infinity();

template <Output kOut>
std::size_t KernelScalar(const PreparedRay& ray, std::size_t n, float tMax, OutPtr<kOut> out)
{
    const PreparedRay p = ray; // a local copy: the stores to out (maybe bytes) may not alias it
    std::size_t count = 0;
    for (std::size_t i = 0; i < n; ++i) {
        float tmin = 0.0f;
        float tmax = tMax;
        for (int axis = 0; axis < 3; ++axis) {
            const float tNear = (p.nearPlanes[axis][i] - p.o[axis]) * p.inv[axis];
            const float tFar = (p.farPlanes[axis][i] - p.o[axis]) * p.inv[axis];
            tmin = tNear > tmin ? tNear : tmin; // a NaN t is dropped
            tmax = tFar < tmax ? tFar : tmax;
        }
        const bool hit = tmin <= tmax;
        if constexpr (kOut == Output::Hits) {
            out[i] = hit ? 1 : 0;
        } else {
            out[i] = hit ? tmin : kInf;
        }
        count += hit ? 1 : 0;
    }
    return count;
}

#if defined(__x86_64__)

#define HITLAB_AVX2 __attribute__((target("avx2,popcnt")))
#define HITLAB_AVX512 __attribute__((target("avx512f,avx512vl,avx512bw,popcnt")))

// _mm256_max_ps(a, b) / _mm512_max_ps(a, b) are a > b ? a : b (b when either is NaN), the scalar
// kernel's ordering exactly; likewise min.

/// The 8 boxes at i: tmin in *enter, lane k of the result all ones when box i + k is hit.
HITLAB_AVX2 inline __m256 Test8(const PreparedRay& p, const __m256 (&o)[3], const __m256 (&inv)[3], __m256 zero,
                                __m256 far, std::size_t i, __m256* enter)
{
    __m256 tmin = zero, tmax = far;
    for (int a = 0; a < 3; ++a) {
        const __m256 tNear = _mm256_mul_ps(_mm256_sub_ps(_mm256_load_ps(p.nearPlanes[a] + i), o[a]), inv[a]);
        const __m256 tFar = _mm256_mul_ps(_mm256_sub_ps(_mm256_load_ps(p.farPlanes[a] + i), o[a]), inv[a]);
        tmin = _mm256_max_ps(tNear, tmin);
        tmax = _mm256_min_ps(tFar, tmax);
    }
    *enter = tmin;
    return _mm256_cmp_ps(tmin, tmax, _CMP_LE_OQ);
}

template <Output kOut>
HITLAB_AVX2 std::size_t KernelAvx2(const PreparedRay& ray, std::size_t n, float tMax, OutPtr<kOut> out)
{
    // byte expansion of an 8-bit mask: bit k -> byte k = 1
    static const auto kExpand = [] {
        struct Table {
            std::uint64_t v[256];
        } t{};
        for (int m = 0; m < 256; ++m) {
            for (int k = 0; k < 8; ++k) {
                t.v[m] |= std::uint64_t((m >> k) & 1) << (8 * k);
            }
        }
        return t;
    }();
    const PreparedRay p = ray; // a local copy: the stores to out (maybe bytes) may not alias it
    __m256 o[3], inv[3];
    for (int a = 0; a < 3; ++a) {
        o[a] = _mm256_set1_ps(p.o[a]);
        inv[a] = _mm256_set1_ps(p.inv[a]);
    }
    const __m256 zero = _mm256_setzero_ps(), far = _mm256_set1_ps(tMax), inf = _mm256_set1_ps(kInf);
    std::size_t count = 0;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 tmin;
        const __m256 hit = Test8(p, o, inv, zero, far, i, &tmin);
        const unsigned mask = static_cast<unsigned>(_mm256_movemask_ps(hit));
        if constexpr (kOut == Output::Hits) {
            std::memcpy(out + i, &kExpand.v[mask], 8);
        } else {
            _mm256_storeu_ps(out + i, _mm256_blendv_ps(inf, tmin, hit));
        }
        count += static_cast<std::size_t>(__builtin_popcount(mask));
    }
    if (i < n) {
        // the last, partial group: padding boxes are never written or counted
        const std::size_t left = n - i;
        __m256 tmin;
        const __m256 hit = Test8(p, o, inv, zero, far, i, &tmin);
        const unsigned mask = static_cast<unsigned>(_mm256_movemask_ps(hit)) & ((1u << left) - 1);
        if constexpr (kOut == Output::Hits) {
            std::memcpy(out + i, &kExpand.v[mask], left);
        } else {
            const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
            const __m256i valid = _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(left)), lanes);
            _mm256_maskstore_ps(out + i, valid, _mm256_blendv_ps(inf, tmin, hit));
        }
        count += static_cast<std::size_t>(__builtin_popcount(mask));
    }
    return count;
}

/// The ray, broadcast to 16 lanes.
struct Ray16 {
    __m512 o[3], inv[3], zero, far;
};

/// The 16 boxes at i: tmin in *enter; bit k of the mask set when box i + k is hit.
HITLAB_AVX512 inline __mmask16 Test16(const PreparedRay& p, const Ray16& r, std::size_t i, __m512* enter)
{
    __m512 tmin = r.zero, tmax = r.far;
    for (int a = 0; a < 3; ++a) {
        const __m512 tNear = _mm512_mul_ps(_mm512_sub_ps(_mm512_load_ps(p.nearPlanes[a] + i), r.o[a]), r.inv[a]);
        const __m512 tFar = _mm512_mul_ps(_mm512_sub_ps(_mm512_load_ps(p.farPlanes[a] + i), r.o[a]), r.inv[a]);
        tmin = _mm512_max_ps(tNear, tmin);
        tmax = _mm512_min_ps(tFar, tmax);
    }
    *enter = tmin;
    return _mm512_cmp_ps_mask(tmin, tmax, _CMP_LE_OQ);
}

template <Output kOut>
HITLAB_AVX512 std::size_t KernelAvx512(const PreparedRay& ray, std::size_t n, float tMax, OutPtr<kOut> out)
{
    const PreparedRay p = ray; // a local copy: the stores to out (maybe bytes) may not alias it
    Ray16 r;
    for (int a = 0; a < 3; ++a) {
        r.o[a] = _mm512_set1_ps(p.o[a]);
        r.inv[a] = _mm512_set1_ps(p.inv[a]);
    }
    r.zero = _mm512_setzero_ps();
    r.far = _mm512_set1_ps(tMax);
    const __m128i one = _mm_set1_epi8(1);
    const __m512 inf = _mm512_set1_ps(kInf);
    std::size_t count = 0;
    std::size_t i = 0;
#pragma GCC unroll 2
    for (; i + 16 <= n; i += 16) {
        __m512 tmin;
        const __mmask16 mask = Test16(p, r, i, &tmin);
        if constexpr (kOut == Output::Hits) {
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), _mm_maskz_mov_epi8(mask, one));
        } else {
            _mm512_storeu_ps(out + i, _mm512_mask_blend_ps(mask, inf, tmin));
        }
        count += static_cast<std::size_t>(__builtin_popcount(mask));
    }
    if (i < n) {
        // the last, partial group: padding boxes are never written or counted
        const __mmask16 valid = static_cast<__mmask16>((1u << (n - i)) - 1);
        __m512 tmin;
        const __mmask16 mask = Test16(p, r, i, &tmin) & valid;
        if constexpr (kOut == Output::Hits) {
            _mm_mask_storeu_epi8(out + i, valid, _mm_maskz_mov_epi8(mask, one));
        } else {
            _mm512_mask_storeu_ps(out + i, valid, _mm512_mask_blend_ps(mask, inf, tmin));
        }
        count += static_cast<std::size_t>(__builtin_popcount(mask));
    }
    return count;
}

#endif

template <Output kOut>
std::size_t Dispatch(const Ray<float>& ray, const AabbSoA& boxes, float tMax, OutPtr<kOut> out, BatchIsa isa)
{
    const PreparedRay p = Prepare(ray, boxes);
    switch (isa) {
#if defined(__x86_64__)
    case BatchIsa::Avx512: return KernelAvx512<kOut>(p, boxes.Size(), tMax, out);
    case BatchIsa::Avx2: return KernelAvx2<kOut>(p, boxes.Size(), tMax, out);
#endif
    default: return KernelScalar<kOut>(p, boxes.Size(), tMax, out);
    }
}

} // namespace

std::size_t RayAabbBatch(const Ray<float>& ray, const AabbSoA& boxes, float tMax, std::uint8_t* hits, BatchIsa isa)
{
    return Dispatch<Output::Hits>(ray, boxes, tMax, hits, isa);
}

std::size_t RayAabbBatch(const Ray<float>& ray, const AabbSoA& boxes, float tMax, std::uint8_t* hits)
{
    return Dispatch<Output::Hits>(ray, boxes, tMax, hits, BestBatchIsa());
}

std::size_t RayAabbBatchEnter(const Ray<float>& ray, const AabbSoA& boxes, float tMax, float* tEnter, BatchIsa isa)
{
    return Dispatch<Output::Enter>(ray, boxes, tMax, tEnter, isa);
}

std::size_t RayAabbBatchEnter(const Ray<float>& ray, const AabbSoA& boxes, float tMax, float* tEnter)
{
    return Dispatch<Output::Enter>(ray, boxes, tMax, tEnter, BestBatchIsa());
}

} // namespace hitlab
