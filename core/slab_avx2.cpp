// The ray_aabb reference `slab` in double, compiled for AVX2: on x86-64 this file alone builds
// with -mavx2 (core/CMakeLists.txt), and RayAabbSlabHits and the registry's batch runner of `slab`
// call it when the CPU has AVX2 (simd::CpuHasAvx2, checked once). A double V4 is then one 32-byte
// register, and the six slab quotients two vdivpd instead of three divpd: the same IEEE
// operations on the same values (no FMA: -mavx2 does not enable it, and the core builds with
// -ffp-contract=off), so the same results bit for bit as the baseline copy.
//
// One definition rule: code instantiated here must not share a mangled name with the baseline's,
// or the linker may keep this copy for a baseline caller (an illegal instruction on a CPU without
// AVX). simd.h's names live in the inline namespace `avx2` here; ClipSlabs and RayAabbSlab are
// always inlined; the test isa_symbols checks that this object defines no weak symbol outside
// that namespace.
#include "ray_aabb_dispatch.h"

#include "ray_aabb.h"

namespace hitlab::detail {

#if defined(__AVX2__)

std::int64_t RayAabbSlabHitsAvx2(const Ray<double>& ray, const Aabb<double>* boxes, std::size_t count)
{
    std::int64_t hits = 0;
    for (std::size_t i = 0; i < count; ++i) {
        hits += RayAabbSlab(ray, boxes[i]).hit ? 1 : 0;
    }
    return hits;
}

void RayAabbSlabBatchAvx2(const Shape* table, const ShapePair* pairs, std::size_t count, PackedResult<double>* out)
{
    for (std::size_t i = 0; i < count; ++i) {
        const Ray<double>* ray = std::get_if<Ray<double>>(&table[pairs[i].a]);
        const Aabb<double>* box = std::get_if<Aabb<double>>(&table[pairs[i].b]);
        if (ray == nullptr || box == nullptr) [[unlikely]] {
            ThrowWrongShapes(); // out of line, in the baseline code
        }
        const CastResult<double> r = RayAabbSlab(*ray, *box);
        // Pack's fields, written here so that no inline function of result.h is instantiated
        PackedResult<double>& o = out[i];
        o.values[0] = r.tEnter;
        o.values[1] = r.tExit;
        o.values[2] = r.point.x;
        o.values[3] = r.point.y;
        o.values[4] = r.point.z;
        o.values[5] = r.normal.x;
        o.values[6] = r.normal.y;
        o.values[7] = r.normal.z;
        for (int k = 8; k < 17; ++k) {
            o.values[k] = 0.0;
        }
        o.flags = (r.hit ? kPackedHit : 0u) | (r.hasNormal ? kPackedNormal : 0u);
    }
}

#endif

} // namespace hitlab::detail
