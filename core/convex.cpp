// Making a convex shape's shared data (core/convex.h).
#include "convex.h"

#include <glm/common.hpp>

namespace hitlab {

std::shared_ptr<const ConvexData> MakeConvexData(std::vector<glm::dvec3> points)
{
    auto data = std::make_shared<ConvexData>();
    data->floatPoints.reserve(points.size());
    if (!points.empty()) {
        data->boundsMin = data->boundsMax = points.front();
    }
    for (const glm::dvec3& p : points) {
        data->floatPoints.emplace_back(p);
        data->boundsMin = glm::min(data->boundsMin, p);
        data->boundsMax = glm::max(data->boundsMax, p);
    }
    data->points = std::move(points);
    return data;
}

} // namespace hitlab
