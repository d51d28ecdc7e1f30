// Batched kernels: one ray against the 4096 boxes of the ray_aabb workload per iteration, in
// structure-of-arrays layout. items_per_second = box tests per second.
//
// Comparison points (not in core), for "within 1.3x of a hand-tuned AVX-512 kernel":
// - batch/ray_aabb/avx512_handtuned: the same arithmetic as the core kernel ((b - o) * inv, the
//   same verdicts), four independent 16-box groups in flight, hits written as bits, not bytes.
// - batch/ray_aabb/avx512_handtuned_fma: the same with t = b * inv - o * inv in one FMA, a different
//   rounding (its verdicts may differ from slab_branchless at a boundary): a lower bound on time.
#include "harness.h"

#include "core/batch/ray_aabb_batch.h"

#include <cmath>
#include <cstdint>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace hitlab::bench {
namespace {

const AabbSoA& Boxes()
{
    static const AabbSoA boxes(GetWorkload<float>().boxes);
    return boxes;
}

void RunBatch(benchmark::State& state, const std::vector<Ray<float>>& rays, const AabbSoA& boxes,
              std::size_t (*kernel)(const Ray<float>&, const AabbSoA&, std::uint8_t*))
{
    std::vector<float> out(boxes.PaddedSize()); // room for bytes, bits or floats per box
    auto* hits = reinterpret_cast<std::uint8_t*>(out.data());
    std::size_t index = 0;
    std::int64_t total = 0;
    for (auto _ : state) {
        total += static_cast<std::int64_t>(kernel(rays[index], boxes, hits));
        index = index + 1 == rays.size() ? 0 : index + 1;
        benchmark::DoNotOptimize(total);
        benchmark::ClobberMemory();
    }
    const auto tests = static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(boxes.Size());
    state.SetItemsProcessed(tests);
    state.counters["hit_rate"] = tests > 0 ? double(total) / double(tests) : 0.0;
}

template <BatchIsa isa>
std::size_t Kernel(const Ray<float>& ray, const AabbSoA& boxes, std::uint8_t* hits)
{
    return RayAabbBatch(ray, boxes, std::numeric_limits<float>::infinity(), hits, isa);
}

std::size_t KernelEnter(const Ray<float>& ray, const AabbSoA& boxes, std::uint8_t* out)
{
    return RayAabbBatchEnter(ray, boxes, std::numeric_limits<float>::infinity(), reinterpret_cast<float*>(out));
}

std::size_t KernelAuto(const Ray<float>& ray, const AabbSoA& boxes, std::uint8_t* hits)
{
    return RayAabbBatch(ray, boxes, std::numeric_limits<float>::infinity(), hits);
}

#if defined(__x86_64__)
// GCC 12's _mm512_max_ps / _mm512_min_ps pass _mm512_undefined_ps() as the unused merge source,
// which -Wmaybe-uninitialized reports once inlined (a known false positive in its header).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
/// Hand-tuned AVX-512 comparison kernels: four independent 16-box groups in flight, hits written
/// as bits. kFma: t = b * inv - o * inv in one FMA (a different rounding: not exact-consistent
/// with slab_branchless, a lower bound on the time only).
template <bool kFma>
__attribute__((target("avx512f,avx512vl,avx512bw,fma,popcnt"))) std::size_t
HandTunedAvx512(const Ray<float>& ray, const AabbSoA& boxes, std::uint8_t* hitBits)
{
    __m512 o[3], oi[3], inv[3];
    const float* nearPlanes[3];
    const float* farPlanes[3];
    for (int a = 0; a < 3; ++a) {
        const float i = 1.0f / ray.direction[a];
        inv[a] = _mm512_set1_ps(i);
        o[a] = _mm512_set1_ps(ray.origin[a]);
        oi[a] = _mm512_set1_ps(ray.origin[a] * i);
        nearPlanes[a] = std::signbit(i) ? boxes.Max(a) : boxes.Min(a);
        farPlanes[a] = std::signbit(i) ? boxes.Min(a) : boxes.Max(a);
    }
    const __m512 zero = _mm512_setzero_ps();
    const __m512 far = _mm512_set1_ps(std::numeric_limits<float>::infinity());
    auto* bits = reinterpret_cast<std::uint16_t*>(hitBits);
    std::size_t count = 0;
    const std::size_t n = boxes.PaddedSize();
    for (std::size_t i = 0; i < n; i += 64) {
        __m512 tmin[4], tmax[4];
#pragma GCC unroll 4
        for (int k = 0; k < 4; ++k) {
            const std::size_t j = i + 16 * static_cast<std::size_t>(k);
            tmin[k] = zero;
            tmax[k] = far;
#pragma GCC unroll 3
            for (int a = 0; a < 3; ++a) {
                const __m512 bn = _mm512_load_ps(nearPlanes[a] + j);
                const __m512 bf = _mm512_load_ps(farPlanes[a] + j);
                const __m512 tn =
                    kFma ? _mm512_fmsub_ps(bn, inv[a], oi[a]) : _mm512_mul_ps(_mm512_sub_ps(bn, o[a]), inv[a]);
                const __m512 tf =
                    kFma ? _mm512_fmsub_ps(bf, inv[a], oi[a]) : _mm512_mul_ps(_mm512_sub_ps(bf, o[a]), inv[a]);
                tmin[k] = _mm512_max_ps(tn, tmin[k]);
                tmax[k] = _mm512_min_ps(tf, tmax[k]);
            }
            const __mmask16 m = _mm512_cmp_ps_mask(tmin[k], tmax[k], _CMP_LE_OQ);
            bits[j / 16] = m;
            count += static_cast<std::size_t>(__builtin_popcount(m));
        }
    }
    return count;
}

#pragma GCC diagnostic pop
#endif

void Batch(benchmark::State& state, BatchIsa isa)
{
    if (!BatchIsaAvailable(isa)) {
        state.SkipWithError("instruction set not available on this CPU");
        return;
    }
    switch (isa) {
    case BatchIsa::Avx512:
        RunBatch(state, GetWorkload<float>().rays, Boxes(), Kernel<BatchIsa::Avx512>);
        break;
    case BatchIsa::Avx2:
        RunBatch(state, GetWorkload<float>().rays, Boxes(), Kernel<BatchIsa::Avx2>);
        break;
    case BatchIsa::Scalar:
        RunBatch(state, GetWorkload<float>().rays, Boxes(), Kernel<BatchIsa::Scalar>);
        break;
    }
}

const int kRegistered = [] {
    benchmark::RegisterBenchmark("batch/ray_aabb/avx512", Batch, BatchIsa::Avx512);
    benchmark::RegisterBenchmark("batch/ray_aabb/avx2", Batch, BatchIsa::Avx2);
    benchmark::RegisterBenchmark("batch/ray_aabb/scalar", Batch, BatchIsa::Scalar);
    benchmark::RegisterBenchmark("batch/ray_aabb/auto", [](benchmark::State& state) {
        RunBatch(state, GetWorkload<float>().rays, Boxes(), KernelAuto);
    });
    benchmark::RegisterBenchmark("batch/ray_aabb/enter_auto", [](benchmark::State& state) {
        RunBatch(state, GetWorkload<float>().rays, Boxes(), KernelEnter);
    });
#if defined(__x86_64__)
    for (const bool fma : {false, true}) {
        const char* name = fma ? "batch/ray_aabb/avx512_handtuned_fma" : "batch/ray_aabb/avx512_handtuned";
        benchmark::RegisterBenchmark(name, [fma](benchmark::State& state) {
            if (!BatchIsaAvailable(BatchIsa::Avx512) || __builtin_cpu_supports("fma") == 0) {
                state.SkipWithError("AVX-512 not available on this CPU");
                return;
            }
            RunBatch(state, GetWorkload<float>().rays, Boxes(), fma ? HandTunedAvx512<true> : HandTunedAvx512<false>);
        });
    }
#endif
    return 0;
}();

} // namespace
} // namespace hitlab::bench
