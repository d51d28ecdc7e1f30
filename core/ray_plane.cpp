// ray_plane registration (algorithms being written).
#include "algorithm.h"

namespace hitlab {

void RegisterRayPlane(std::vector<AlgorithmInfo>& /*out*/) {}

} // namespace hitlab
