// The dispatch of ray_aabb_dispatch.h: the baseline loops, and the choice of the AVX2 copy.
#include "ray_aabb_dispatch.h"

#include "ray_aabb.h"
#include "simd_dispatch.h"

#include <variant>

namespace hitlab {

namespace {

/// The CPU check, once.
bool HasAvx2Copy()
{
#if defined(__x86_64__)
    static const bool avx2 = simd::CpuHasAvx2();
    return avx2;
#else
    return false;
#endif
}

template <typename T>
std::int64_t CountHits(const Ray<T>& ray, std::span<const Aabb<T>> boxes)
{
    std::int64_t hits = 0;
    for (const Aabb<T>& box : boxes) {
        hits += RayAabbSlab(ray, box).hit ? 1 : 0;
    }
    return hits;
}

} // namespace

std::int64_t RayAabbSlabHits(const Ray<float>& ray, std::span<const Aabb<float>> boxes)
{
    return CountHits(ray, boxes);
}

std::int64_t RayAabbSlabHits(const Ray<double>& ray, std::span<const Aabb<double>> boxes)
{
#if defined(__x86_64__)
    if (HasAvx2Copy()) {
        return detail::RayAabbSlabHitsAvx2(ray, boxes.data(), boxes.size());
    }
#endif
    return CountHits(ray, boxes);
}

bool RayAabbSlabUsesAvx2() { return HasAvx2Copy(); }

namespace detail {

void RayAabbSlabBatchBaseline(const QueryBatch& batch, std::span<PackedResult<double>> out)
{
    for (size_t i = 0; i < batch.pairs.size(); ++i) {
        out[i] = Pack(RayAabbSlab(std::get<Ray<double>>(batch.shapes[batch.pairs[i].a]),
                                  std::get<Aabb<double>>(batch.shapes[batch.pairs[i].b])));
    }
}

void RayAabbSlabBatchDouble(const QueryBatch& batch, std::span<PackedResult<double>> out)
{
#if defined(__x86_64__)
    if (HasAvx2Copy()) {
        RayAabbSlabBatchAvx2(batch.shapes.data(), batch.pairs.data(), batch.pairs.size(), out.data());
        return;
    }
#endif
    RayAabbSlabBatchBaseline(batch, out);
}

void ThrowWrongShapes() { throw std::bad_variant_access(); }

} // namespace detail

} // namespace hitlab
