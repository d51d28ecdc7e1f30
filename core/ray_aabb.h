// ray_aabb: a ray against an axis-aligned box. The reference slab method and the variants
// that are widely used or copied, published flaws reproduced and labelled.
#pragma once

#include "slab.h"

namespace hitlab {

/// Reference. Kay-Kajiya slabs as in Ericson, RTCD 5.3.3 (without the printed typo), closed box,
/// t >= 0, origin inside hits with tEnter = 0 and no normal. Exact on exactly representable
/// quotients; see ClipSlabs for parallel axes, ties and NaN.
template <typename T>
CastResult<T> RayAabbSlab(const Ray<T>& ray, const Aabb<T>& box, Trace* trace = nullptr)
{
    return ClipSlabs(ray.origin, ray.direction, box.min, box.max, T(0), std::numeric_limits<T>::infinity(), trace);
}

} // namespace hitlab
