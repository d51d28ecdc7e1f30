// obb_obb registration (algorithms being written).
#include "algorithm.h"

namespace hitlab {

void RegisterObbObb(std::vector<AlgorithmInfo>& /*out*/) {}

} // namespace hitlab
