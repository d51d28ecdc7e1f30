// sphere_sphere registration (algorithms being written).
#include "algorithm.h"

namespace hitlab {

void RegisterSphereSphere(std::vector<AlgorithmInfo>& /*out*/) {}

} // namespace hitlab
