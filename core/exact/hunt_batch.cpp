// The hunt's second vectorised ray/box kernel: the reference slab method (ClipSlabs in float),
// one ray against a structure-of-arrays pool of boxes, as a plain loop that GCC vectorises for
// AVX-512, AVX2 or SSE2 (HITLAB_TARGET_CLONES picks at load time), or NEON on aarch64.
#include "hunt_detail.h"

#include "core/simd.h"
#include "core/simd_dispatch.h"

#include <limits>

namespace hitlab::hunt {

namespace {

// ClipSlabs per box, lane by lane: t = (plane - o) / d correctly rounded with d = dir + 0 (so -0
// divides like +0); tNear = t1 < t0 ? t1 : t0 and tFar = t0 > t1 ? t0 : t1 (a NaN from 0/0 kept);
// the clamps tNear > tEnter ? tNear : tEnter and tFar < tExit ? tFar : tExit drop the NaN (the
// origin on a parallel slab's plane: that slab is every t) and cap overflow at the largest float.
HITLAB_TARGET_CLONES void SlabKernel(const float* __restrict lo0, const float* __restrict lo1,
                                     const float* __restrict lo2, const float* __restrict hi0,
                                     const float* __restrict hi1, const float* __restrict hi2, float o0, float o1,
                                     float o2, float d0, float d1, float d2, std::size_t n,
                                     std::uint8_t* __restrict hits)
{
    constexpr float kMax = std::numeric_limits<float>::max();
    for (std::size_t i = 0; i < n; ++i) {
        float tEnter = 0.0f, tExit = kMax;
        const float a0 = (lo0[i] - o0) / d0, b0 = (hi0[i] - o0) / d0;
        const float n0 = b0 < a0 ? b0 : a0, f0 = a0 > b0 ? a0 : b0;
        tEnter = n0 > tEnter ? n0 : tEnter;
        tExit = f0 < tExit ? f0 : tExit;
        const float a1 = (lo1[i] - o1) / d1, b1 = (hi1[i] - o1) / d1;
        const float n1 = b1 < a1 ? b1 : a1, f1 = a1 > b1 ? a1 : b1;
        tEnter = n1 > tEnter ? n1 : tEnter;
        tExit = f1 < tExit ? f1 : tExit;
        const float a2 = (lo2[i] - o2) / d2, b2 = (hi2[i] - o2) / d2;
        const float n2 = b2 < a2 ? b2 : a2, f2 = a2 > b2 ? a2 : b2;
        tEnter = n2 > tEnter ? n2 : tEnter;
        tExit = f2 < tExit ? f2 : tExit;
        hits[i] = tEnter <= tExit ? 1 : 0;
    }
}

} // namespace

void RayAabbSlabBatch(const Ray<float>& ray, const AabbSoA& boxes, std::uint8_t* hits)
{
    const glm::vec3 d = ray.direction + glm::vec3(0.0f); // -0 -> +0
    SlabKernel(boxes.Min(0), boxes.Min(1), boxes.Min(2), boxes.Max(0), boxes.Max(1), boxes.Max(2), ray.origin.x,
               ray.origin.y, ray.origin.z, d.x, d.y, d.z, boxes.Size(), hits);
}

} // namespace hitlab::hunt
