// The hunt's tolerance near the hit/miss boundary: whether a small move of the solid flips the
// exact verdict (core/near_boundary.h's moves, judged exactly).
#include "hunt.h"

#include "core/near_boundary.h"

namespace hitlab {

bool NearBoundary(const Query& query, double relative)
{
    return VerdictFlipsNear(query, relative, [](const Query& q) { return ExactHit(q); });
}

} // namespace hitlab
