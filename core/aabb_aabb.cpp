// aabb_aabb registration (algorithms being written).
#include "algorithm.h"

namespace hitlab {

void RegisterAabbAabb(std::vector<AlgorithmInfo>& /*out*/) {}

} // namespace hitlab
