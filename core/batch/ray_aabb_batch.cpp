// The batched ray/box kernels: one plain loop, compiled once per instruction set with a target
// attribute (core/simd.h; no global -march) and chosen at run time. GCC vectorises each copy for
// its instruction set (AVX-512, AVX2, SSE2 on x86-64; NEON on aarch64).
#include "ray_aabb_batch.h"

#include "core/simd.h"
#include "core/simd_dispatch.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <new>
#include <type_traits>

namespace hitlab {

void AabbSoA::FreeAligned::operator()(float* p) const { ::operator delete[](p, std::align_val_t{64}); }

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
            lo[i] = i < m_size ? boxes[i].min[axis] : inf; // padding: empty boxes
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
    case BatchIsa::Scalar:
        return "scalar";
    case BatchIsa::Avx2:
        return "avx2";
    case BatchIsa::Avx512:
        return "avx512";
    }
    return "?";
}

bool BatchIsaAvailable(BatchIsa isa)
{
    switch (isa) {
    case BatchIsa::Scalar:
        return true;
    case BatchIsa::Avx2:
        return simd::CpuHasAvx2();
    case BatchIsa::Avx512:
        return simd::CpuHasAvx512();
    }
    return false;
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

/// The kernel: every box i < n, lane by lane. The planes and the output are separate arrays
/// (__restrict: a byte store may not alias a plane), and the loop has no branch, so that it
/// vectorises whole. x > y ? x : y and x < y ? x : y are exactly maxps / minps (the second operand
/// when either is NaN), the order RayAabbSlabBranchless's verdict needs.
template <Output kOut>
[[gnu::always_inline]] inline std::size_t Kernel(const PreparedRay& ray, std::size_t n, float tMax,
                                                 OutPtr<kOut> __restrict out)
{
    const float* __restrict n0 = ray.nearPlanes[0];
    const float* __restrict n1 = ray.nearPlanes[1];
    const float* __restrict n2 = ray.nearPlanes[2];
    const float* __restrict f0 = ray.farPlanes[0];
    const float* __restrict f1 = ray.farPlanes[1];
    const float* __restrict f2 = ray.farPlanes[2];
    const float o0 = ray.o[0], o1 = ray.o[1], o2 = ray.o[2];
    const float i0 = ray.inv[0], i1 = ray.inv[1], i2 = ray.inv[2];
    // hits counted in 32-bit lanes (as wide as the floats), in chunks that cannot overflow them
    constexpr std::size_t kChunk = std::size_t(1) << 30;
    std::size_t count = 0;
    for (std::size_t begin = 0; begin < n; begin += kChunk) {
        const std::size_t end = n - begin < kChunk ? n : begin + kChunk;
        std::uint32_t chunkCount = 0;
        for (std::size_t i = begin; i < end; ++i) {
            float tmin = 0.0f;
            float tmax = tMax;
            const float near0 = (n0[i] - o0) * i0, far0 = (f0[i] - o0) * i0;
            tmin = near0 > tmin ? near0 : tmin; // a NaN t is dropped
            tmax = far0 < tmax ? far0 : tmax;
            const float near1 = (n1[i] - o1) * i1, far1 = (f1[i] - o1) * i1;
            tmin = near1 > tmin ? near1 : tmin;
            tmax = far1 < tmax ? far1 : tmax;
            const float near2 = (n2[i] - o2) * i2, far2 = (f2[i] - o2) * i2;
            tmin = near2 > tmin ? near2 : tmin;
            tmax = far2 < tmax ? far2 : tmax;
            const bool hit = tmin <= tmax;
            if constexpr (kOut == Output::Hits) {
                out[i] = hit ? 1 : 0;
            } else {
                out[i] = hit ? tmin : kInf;
            }
            chunkCount += hit ? 1u : 0u;
        }
        count += chunkCount;
    }
    return count;
}

template <Output kOut>
std::size_t KernelScalar(const PreparedRay& ray, std::size_t n, float tMax, OutPtr<kOut> out)
{
    return Kernel<kOut>(ray, n, tMax, out);
}

template <Output kOut>
HITLAB_TARGET_AVX2 std::size_t KernelAvx2(const PreparedRay& ray, std::size_t n, float tMax, OutPtr<kOut> out)
{
    return Kernel<kOut>(ray, n, tMax, out);
}

template <Output kOut>
HITLAB_TARGET_AVX512 std::size_t KernelAvx512(const PreparedRay& ray, std::size_t n, float tMax, OutPtr<kOut> out)
{
    return Kernel<kOut>(ray, n, tMax, out);
}

template <Output kOut>
std::size_t Dispatch(const Ray<float>& ray, const AabbSoA& boxes, float tMax, OutPtr<kOut> out, BatchIsa isa)
{
    const PreparedRay p = Prepare(ray, boxes);
    switch (isa) {
    case BatchIsa::Avx512:
        return KernelAvx512<kOut>(p, boxes.Size(), tMax, out);
    case BatchIsa::Avx2:
        return KernelAvx2<kOut>(p, boxes.Size(), tMax, out);
    case BatchIsa::Scalar:
        break;
    }
    return KernelScalar<kOut>(p, boxes.Size(), tMax, out);
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
