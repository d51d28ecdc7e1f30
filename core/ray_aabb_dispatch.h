// The ray_aabb reference `slab` over many boxes, in the best instruction set of the CPU: in double
// an AVX2 copy (core/slab_avx2.cpp) when the CPU has AVX2, else the baseline code; the same results
// bit for bit either way. What the benchmark `ray_aabb/slab` and the registry's batch runner of
// `slab` call.
#pragma once

#include "algorithm.h"
#include "shapes.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace hitlab {

/// How many of the boxes the ray hits, each tested by RayAabbSlab (the reference slab, t >= 0).
std::int64_t RayAabbSlabHits(const Ray<float>& ray, std::span<const Aabb<float>> boxes);
/// The same in double: the AVX2 copy when the CPU has AVX2 (two vdivpd per box instead of three
/// divpd), else the baseline; equal counts either way.
std::int64_t RayAabbSlabHits(const Ray<double>& ray, std::span<const Aabb<double>> boxes);

/// Whether the double slab runs the AVX2 copy on this CPU (x86-64 with AVX2).
bool RayAabbSlabUsesAvx2();

namespace detail {

/// The ray_aabb `slab` batch runner's double loop (RunBatchFn's contract in Precision::Double):
/// the AVX2 copy when RayAabbSlabUsesAvx2(), else the baseline one.
void RayAabbSlabBatchDouble(const QueryBatch& batch, std::span<PackedResult<double>> out);
/// The baseline loop of RayAabbSlabBatchDouble (for the tests: the two copies compared).
void RayAabbSlabBatchBaseline(const QueryBatch& batch, std::span<PackedResult<double>> out);

#if defined(__x86_64__)
/// The AVX2 copies (core/slab_avx2.cpp; call only when the CPU has AVX2).
std::int64_t RayAabbSlabHitsAvx2(const Ray<double>& ray, const Aabb<double>* boxes, std::size_t count);
void RayAabbSlabBatchAvx2(const Shape* table, const ShapePair* pairs, std::size_t count, PackedResult<double>* out);
#endif

/// Throws std::bad_variant_access (a batch's shapes of the wrong types, as RunFn does).
[[noreturn]] void ThrowWrongShapes();

} // namespace detail

} // namespace hitlab
