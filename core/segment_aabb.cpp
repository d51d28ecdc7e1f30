// segment_aabb registration (algorithms being written).
#include "algorithm.h"

namespace hitlab {

void RegisterSegmentAabb(std::vector<AlgorithmInfo>& /*out*/) {}

} // namespace hitlab
