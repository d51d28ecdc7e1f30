// Batched ray/box test: one ray against many boxes stored as structure of arrays, vectorised with
// AVX-512 or AVX2 when the CPU has them (chosen at run time; the binary runs on any x86-64), and
// for the baseline instruction set otherwise (SSE2 on x86-64, NEON on aarch64).
// For the disagreement search and dense ray views, where one ray meets thousands of boxes.
#pragma once

#include "core/shapes.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

namespace hitlab {

/// Boxes in structure-of-arrays layout: Min(axis)[i], Max(axis)[i] for i < Size(), each array
/// 64-byte aligned and padded to a multiple of kBatchWidth with empty boxes (min = +inf,
/// max = -inf), which no ray hits.
class AabbSoA {
public:
    static constexpr std::size_t kBatchWidth = 16;

    AabbSoA() = default;
    explicit AabbSoA(std::span<const Aabb<float>> boxes) { Assign(boxes); }
    AabbSoA(const AabbSoA& other) { *this = other; }
    AabbSoA& operator=(const AabbSoA& other);
    AabbSoA(AabbSoA&&) noexcept = default;
    AabbSoA& operator=(AabbSoA&&) noexcept = default;

    void Assign(std::span<const Aabb<float>> boxes);
    std::size_t Size() const { return m_size; }
    /// Size rounded up to a multiple of kBatchWidth: every array has this many floats.
    std::size_t PaddedSize() const { return m_padded; }
    const float* Min(int axis) const { return m_data.get() + static_cast<std::size_t>(axis) * m_padded; }
    const float* Max(int axis) const { return m_data.get() + static_cast<std::size_t>(3 + axis) * m_padded; }
    Aabb<float> Get(std::size_t i) const;

private:
    struct FreeAligned {
        void operator()(float* p) const;
    };
    std::unique_ptr<float[], FreeAligned> m_data;
    std::size_t m_size = 0;
    std::size_t m_padded = 0;
};

/// Instruction sets of the batched kernels. Scalar: the architecture's baseline (the same loop,
/// which the compiler may vectorise with SSE2 or NEON); Avx2 and Avx512: x86-64 only.
enum class BatchIsa { Scalar, Avx2, Avx512 };

/// "scalar", "avx2", "avx512".
std::string_view BatchIsaName(BatchIsa isa);
/// Whether this CPU (and OS) runs the kernel: Scalar always; Avx2 needs AVX2; Avx512 needs AVX-512 F, VL, BW.
bool BatchIsaAvailable(BatchIsa isa);
/// The fastest available kernel.
BatchIsa BestBatchIsa();

/// One ray against every box: hits[i] = 1 when the ray meets boxes[i] with some t in [0, tMax],
/// else 0; returns the number of hits. hits must hold boxes.Size() bytes.
///
/// The verdict is exactly RayAabbSlabBranchless's (Tavian Barnes, "Fast, Branchless Ray/Bounding
/// Box Intersections, Part 3: Boundaries", 2022): inv = 1 / direction (correctly rounded), each
/// slab's t = (plane - origin) * inv, near and far planes chosen by the sign of inv, and
/// tmin = max(t, tmin), tmax = min(t, tmax) with max(x, y) = x > y ? x : y, so that a NaN t
/// (0 * inf: the origin on a slab plane, the direction component +-0) is dropped and the ray hits
/// that closed slab. Closed boxes: tmin <= tmax. Direction need not be unit. Every variant
/// (scalar, AVX2, AVX-512) gives the same bits.
std::size_t RayAabbBatch(const Ray<float>& ray, const AabbSoA& boxes, float tMax, std::uint8_t* hits);

/// The same with a chosen kernel. Precondition: BatchIsaAvailable(isa).
std::size_t RayAabbBatch(const Ray<float>& ray, const AabbSoA& boxes, float tMax, std::uint8_t* hits, BatchIsa isa);

/// One ray against every box: tEnter[i] = the entry t of boxes[i] (0 when the origin is inside;
/// RayAabbSlabBranchless's tEnter) when the ray meets it within [0, tMax], +inf otherwise; returns
/// the number of hits. tEnter must hold boxes.Size() floats. Same verdicts as RayAabbBatch.
std::size_t RayAabbBatchEnter(const Ray<float>& ray, const AabbSoA& boxes, float tMax, float* tEnter);

/// The same with a chosen kernel. Precondition: BatchIsaAvailable(isa).
std::size_t RayAabbBatchEnter(const Ray<float>& ray, const AabbSoA& boxes, float tMax, float* tEnter, BatchIsa isa);

} // namespace hitlab
