// Run-time instruction-set dispatch for the batched kernels: target attributes and CPU checks.
// The lane operations themselves are in simd.h; this is the one other place that names an
// instruction set.
#pragma once

namespace hitlab::simd {

// Batched kernels: one plain loop compiled for several instruction sets with target attributes,
// chosen at run time (no global -march, so the binary runs on any CPU of its architecture). On
// x86-64: AVX-512 (F, VL, BW), AVX2, and the SSE2 baseline. Elsewhere the attributes are empty and
// CpuHasAvx2 / CpuHasAvx512 are false: only the baseline copy runs (NEON on aarch64).
#if defined(__x86_64__)
#define HITLAB_TARGET_AVX2 [[gnu::target("avx2")]]
#define HITLAB_TARGET_AVX512 [[gnu::target("avx512f,avx512vl,avx512bw")]]
/// The same loop as three clones (AVX-512, AVX2, baseline), picked when the program loads.
#define HITLAB_TARGET_CLONES [[gnu::target_clones("avx512f", "avx2", "default")]]
#else
#define HITLAB_TARGET_AVX2
#define HITLAB_TARGET_AVX512
#define HITLAB_TARGET_CLONES
#endif

/// Whether this CPU (and OS) runs AVX2 code.
inline bool CpuHasAvx2()
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
#else
    return false;
#endif
}

/// Functions using fused multiply-add (__builtin_fma) as one instruction: on x86-64 the attribute
/// (the baseline has none), on aarch64 nothing (it is in the base instruction set).
#if defined(__x86_64__)
#define HITLAB_TARGET_FMA [[gnu::target("fma")]]
#else
#define HITLAB_TARGET_FMA
#endif

/// Whether __builtin_fma in a HITLAB_TARGET_FMA function is one instruction on this CPU (x86-64: FMA3;
/// aarch64: always; elsewhere false, where it may be a slow library call).
inline bool CpuHasFma()
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("fma") != 0;
#elif defined(__aarch64__) || defined(__ARM_FEATURE_FMA)
    return true;
#else
    return false;
#endif
}

/// Whether this CPU (and OS) runs AVX-512 F, VL and BW code.
inline bool CpuHasAvx512()
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx512vl") != 0 &&
           __builtin_cpu_supports("avx512bw") != 0;
#else
    return false;
#endif
}

} // namespace hitlab::simd
