// sphere_aabb registration (algorithms being written).
#include "algorithm.h"

namespace hitlab {

void RegisterSphereAabb(std::vector<AlgorithmInfo>& /*out*/) {}

} // namespace hitlab
