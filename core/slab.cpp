// Verdict sentences of the slab method.
#include "slab.h"

#include <limits>

namespace hitlab {

std::string SlabMissVerdict(const double nearLanes[4], const double farLanes[4], const bool parallel[3])
{
    const bool isSegment = farLanes[3] != std::numeric_limits<double>::infinity();
    const char* noun = isSegment ? "segment" : "ray";
    // a parallel axis with the origin outside decides alone
    for (int axis = 0; axis < 3; ++axis) {
        if (parallel[axis] && nearLanes[axis] > farLanes[axis]) {
            return Format("miss: the %s is parallel to the %s slab and its origin lies outside it", noun,
                          AxisName(axis));
        }
    }
    int last = 3; // lane that starts last
    int first = 3; // lane that ends first
    for (int lane = 0; lane < 3; ++lane) {
        if (nearLanes[lane] > nearLanes[last]) {
            last = lane;
        }
        if (farLanes[lane] < farLanes[first]) {
            first = lane;
        }
    }
    if (first == 3) {
        return Format("miss: the %s ends at t = %g before it enters the %s slab at t = %g", noun, farLanes[3],
                      AxisName(last), nearLanes[last]);
    }
    if (last == 3) {
        return Format("miss: the box is behind the %s: it leaves the %s slab at t = %g, before t = %g", noun,
                      AxisName(first), farLanes[first], nearLanes[3]);
    }
    return Format("miss: the %s leaves the %s slab at t = %g before it enters the %s slab at t = %g", noun,
                  AxisName(first), farLanes[first], AxisName(last), nearLanes[last]);
}

} // namespace hitlab
