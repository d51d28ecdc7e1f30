// ray_obb registration (algorithms being written).
#include "algorithm.h"

namespace hitlab {

void RegisterRayObb(std::vector<AlgorithmInfo>& /*out*/) {}

} // namespace hitlab
