// ray_sphere registration (algorithms being written).
#include "algorithm.h"

namespace hitlab {

void RegisterRaySphere(std::vector<AlgorithmInfo>& /*out*/) {}

} // namespace hitlab
